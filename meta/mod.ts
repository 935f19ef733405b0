/**
 * Meta-evaluation against human judgments: {@linkcode systemLevel} correlates metric scores
 * with human scores of the same systems (Pearson, Spearman, Williams' test between metrics),
 * {@linkcode sentenceLevel} counts the pairwise agreement of sentence scores with human
 * sentence judgments (Kendall's tau variants).
 *
 * @example Three systems, hand-checkable
 * ```ts
 * import { systemLevel } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const set = (name: string, values: Record<string, number>) =>
 *   ({ name, metric: name, lp: "src-trg", testset: "t", path: name, scores: new Map(Object.entries(values)) });
 * const result = systemLevel(
 *   [set("human", { A: 3, B: 2, C: 1 })],
 *   [set("m", { A: 0.9, B: 0.5, C: 0.4 }), set("anti", { A: 1, B: 2, C: 3 })],
 * );
 * assert.ok(Math.abs(result.correlations[0].spearman - 1) < 1e-12);
 * assert.ok(Math.abs(result.correlations[1].pearson + 1) < 1e-12);
 * ```
 *
 * @module
 */

export type { TauVariant } from "../stats/pairwise_tau.ts";
export type { PairwiseJudgment } from "./judgments.ts";
export { type AttackRanks, attackRanks } from "./attack_ranks.ts";
export {
  sentenceLevel,
  type SentenceLevelOptions,
  type SentenceLevelResult,
  type SentenceMetricResult,
  type SentenceTau,
} from "./sentence_level.ts";
export {
  type CorrelationMethod,
  type SystemCorrelation,
  systemLevel,
  type SystemLevelOptions,
  type SystemLevelResult,
  type SystemPoint,
  type WilliamsComparison,
} from "./system_level.ts";
export type { SentenceScores, SystemScores } from "./wmt_scores.ts";
