/**
 * Sentence-level meta-evaluation: Kendall's tau between pairwise human judgments and the
 * metric's sentence scores, with bootstrap confidence intervals (Chollampatt & Ng 2018,
 * Table 3, as gecmetrics' `sentence_correlation.py` computes it).
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import { bootstrapResamples, percentileBounds } from "../stats/bootstrap.ts";
import {
  type OutcomeCounts,
  type PairRelation,
  pairwiseTau,
  scoreRelation,
  tallyOutcomes,
  TAU_VARIANTS,
  type TauVariant,
} from "../stats/pairwise_tau.ts";
import type { PairwiseJudgment } from "./judgments.ts";
import type { SentenceScores } from "./wmt_scores.ts";

/** Options of {@linkcode sentenceLevel}. */
export interface SentenceLevelOptions {
  /** The variants to compute (default both: `hties`, `noties`). */
  variants?: readonly TauVariant[];
  /** Systems whose pairs are dropped. */
  exclude?: readonly string[];
  /**
   * Bootstrap: the number of resamples of the comparisons and the seed of the Python-style
   * MT19937 (default 1000 and 1); `false` for none.
   */
  bootstrap?: { resamples?: number; seed?: number } | false;
}

/** tau of one metric in one variant. */
export interface SentenceTau {
  /** The variant. */
  variant: TauVariant;
  /** Kendall's tau (1 when no pair counts). */
  tau: number;
  /** Sum of the pair coefficients. */
  numerator: number;
  /** Number of pairs counted (all pairs for hties; human non-ties for noties). */
  denominator: number;
  /** Bootstrap percentile bounds (values[floor(B·0.025)] and values[floor(B·0.975)]). */
  lower?: number;
  /** Upper bound. */
  upper?: number;
  /** `|upper - lower| / 2`: what gecmetrics prints after ±. */
  halfWidth?: number;
  /**
   * With the bootstrap and several metrics: true for the metric with the highest tau when its
   * interval lies above every other metric's (the paper's "∗": its 95% CI does not overlap
   * with those of the other metrics).
   */
  aboveOthers?: boolean;
}

/** One metric's sentence-level results. */
export interface SentenceMetricResult {
  /** The metric's name. */
  metric: string;
  /**
   * Pair outcome counts keyed by human relation then metric relation, `<` = system1 better,
   * `=` = tie, `>` = system2 better (e.g. `"<="`: human prefers system1, metric ties).
   */
  counts: Record<string, number>;
  /** One entry per variant asked for. */
  variants: SentenceTau[];
}

/** The outcome of {@linkcode sentenceLevel}. */
export interface SentenceLevelResult {
  /** Number of comparisons used. */
  pairs: number;
  /** Comparisons where the human did not tie. */
  humanNonTies: number;
  /** Comparisons dropped because they involve an excluded system. */
  dropped: number;
  /** The bootstrap settings, or null. */
  bootstrap: { resamples: number; seed: number } | null;
  /** One entry per metric, in input order. */
  metrics: SentenceMetricResult[];
}

const SYMBOL = ["<", "=", ">"];

function countsRecord(counts: OutcomeCounts): Record<string, number> {
  const record: Record<string, number> = {};
  for (let h = 0; h < 3; h++) {
    for (let m = 0; m < 3; m++) record[SYMBOL[h] + SYMBOL[m]] = counts[h * 3 + m];
  }
  return record;
}

/**
 * Kendall's tau of every metric against pairwise human judgments. Each comparison (CSV row)
 * counts once, duplicates included; the metric relation compares the two systems' scores of
 * the judged sentence exactly. A system that is judged but has no scores of a metric, or a
 * judged sentence without a score, is an `InputError` naming them.
 *
 * The bootstrap resamples the comparisons with replacement (not sentences), the same
 * resamples for every metric and variant, like the reference script with a fixed `--rseed`.
 *
 * @example Two comparisons, hand-computed
 * ```ts
 * import { sentenceLevel } from "./sentence_level.ts";
 * import assert from "node:assert/strict";
 *
 * const pair = (system1: string, rank1: number, system2: string, rank2: number) =>
 *   ({ segment: "0", judge: "j", rankingId: "1", system1, rank1, system2, rank2 });
 * const metric = { name: "m", lp: "src-trg", testset: "t", path: "m.txt", scores: new Map([
 *   ["A", new Map([["0", 0.9]])], ["B", new Map([["0", 0.5]])], ["C", new Map([["0", 0.5]])],
 * ]) };
 * // A > B (concordant with the metric); B = C for the human and the metric.
 * const result = sentenceLevel([pair("A", 1, "B", 2), pair("B", 3, "C", 3)], [metric], {
 *   bootstrap: false,
 * });
 * assert.deepEqual(result.metrics[0].variants.map((v) => v.tau), [1, 1]);
 * assert.equal(result.metrics[0].variants[1].denominator, 1);
 * ```
 *
 * @param judgments The comparisons.
 * @param metrics Sentence scores of each metric.
 * @param options Variants, exclusions and bootstrap.
 * @returns tau per metric and variant.
 */
export function sentenceLevel(
  judgments: readonly PairwiseJudgment[],
  metrics: readonly SentenceScores[],
  options: SentenceLevelOptions = {},
): SentenceLevelResult {
  if (!metrics.length) throw new InputError("No sentence-level metric scores given");
  const variants = options.variants ?? TAU_VARIANTS;
  const exclude = new Set(options.exclude ?? []);
  if (exclude.size) {
    const known = new Set(judgments.flatMap((p) => [p.system1, p.system2]));
    for (const metric of metrics) for (const system of metric.scores.keys()) known.add(system);
    const unknown = [...exclude].filter((s) => !known.has(s));
    if (unknown.length) {
      throw new InputError(
        `Cannot exclude ${unknown.join(", ")}: no such system in the judgments or the scores`,
      );
    }
  }
  const pairs = judgments.filter((p) => !exclude.has(p.system1) && !exclude.has(p.system2));
  if (!pairs.length) throw new InputError("No pairwise judgments to compare with");
  const human = new Uint8Array(pairs.length);
  pairs.forEach((p, i) => {
    human[i] = (p.rank1 < p.rank2 ? 0 : p.rank1 > p.rank2 ? 2 : 1) as PairRelation;
  });
  const judged = new Set(pairs.flatMap((p) => [p.system1, p.system2]));
  const relations = metrics.map((metric) => {
    const missing = [...judged].filter((s) => !metric.scores.has(s)).sort();
    if (missing.length) {
      throw new InputError(
        `Systems judged by humans but without ${metric.name} sentence scores in ${metric.path}: ${
          missing.join(", ")
        }`,
      );
    }
    const relation = new Uint8Array(pairs.length);
    pairs.forEach((p, i) => {
      const a = metric.scores.get(p.system1)!.get(p.segment);
      const b = metric.scores.get(p.system2)!.get(p.segment);
      if (a === undefined || b === undefined) {
        throw new InputError(
          `${metric.path}: no ${metric.name} score of ${
            a === undefined ? p.system1 : p.system2
          } for the judged sentence ${p.segment}`,
        );
      }
      relation[i] = scoreRelation(a, b);
    });
    return relation;
  });
  const results: SentenceMetricResult[] = relations.map((relation, k) => {
    const counts = tallyOutcomes(human, relation);
    return {
      metric: metrics[k].name,
      counts: countsRecord(counts),
      variants: variants.map((variant) => ({ variant, ...pairwiseTau(counts, variant) })),
    };
  });
  let bootstrap: SentenceLevelResult["bootstrap"] = null;
  if (options.bootstrap !== false) {
    const resamples = options.bootstrap?.resamples ?? 1000;
    const seed = options.bootstrap?.seed ?? 1;
    bootstrap = { resamples, seed };
    const taus = relations.map(() => variants.map(() => [] as number[]));
    bootstrapResamples(pairs.length, (indices) => {
      relations.forEach((relation, k) => {
        const counts = tallyOutcomes(human, relation, indices);
        variants.forEach((variant, v) => taus[k][v].push(pairwiseTau(counts, variant).tau));
      });
    }, { resamples, seed });
    results.forEach((result, k) => {
      result.variants.forEach((entry, v) => {
        const { lower, upper } = percentileBounds(taus[k][v]);
        entry.lower = lower;
        entry.upper = upper;
        entry.halfWidth = Math.abs(upper - lower) / 2;
      });
    });
    variants.forEach((_, v) => {
      const entries = results.map((r) => r.variants[v]);
      const best = entries.reduce((a, b) => b.tau > a.tau ? b : a);
      best.aboveOthers = entries.length > 1 &&
        entries.every((e) => e === best || best.lower! > e.upper!);
    });
  }
  return {
    pairs: pairs.length,
    humanNonTies: human.filter((h) => h !== 1).length,
    dropped: judgments.length - pairs.length,
    bootstrap,
    metrics: results,
  };
}
