/**
 * Bootstrap confidence intervals per error type: the same resamples of the sentences as the
 * corpus intervals (`resample.ts`), each scored by the metric's own `byType()`, for the
 * breakdown's headline field (ERRANT's F, M2's recall per gold type).
 *
 * @module
 */

import type { AnyMetric, Edit, GoldSentence, Options, Tokens } from "../plugins/types.ts";
import {
  checkCount,
  type ConfidenceInterval,
  confidenceInterval,
  DEFAULT_BOOTSTRAP_SAMPLES,
  DEFAULT_SEED,
  resampleRows,
} from "./resample.ts";

/** What {@linkcode typeIntervals} needs: one system's inputs and statistics under a metric. */
export interface TypeIntervalInput {
  /** The metric (it must have `byType`). */
  metric: AnyMetric;
  /** Its options. */
  options: Options;
  /** The per-sentence statistics. */
  stats: readonly unknown[];
  /** The gold sentences. */
  gold: readonly GoldSentence[];
  /** The system's sentences. */
  hypotheses: readonly Tokens[];
  /** The system's own edits, when it came as a hypothesis M2. */
  hypothesisEdits?: readonly (readonly Edit[])[];
  /** Bootstrap resamples (default 1000). */
  samples?: number;
  /** The seed (default 12345). */
  seed?: number;
}

/**
 * The 95% bootstrap interval of each type's headline field. A type whose field is undefined
 * in some resample (it has no edit there) gets no interval: its entry is the number of
 * resamples where it was defined instead.
 *
 * @example Usage
 * ```ts
 * import { typeIntervals } from "./type_intervals.ts";
 * import assert from "node:assert/strict";
 *
 * // A toy metric: per type, the share of its sentences the system got right.
 * const metric = {
 *   id: "toy", description: "", version: "1", defaults: {}, needs: [], headline: "share",
 *   stats: () => 0, corpus: () => ({ share: 0 }), sentence: () => ({ share: 0 }),
 *   explain: () => ({ summary: "", blocks: [] }), signature: () => "toy",
 *   byType: (stats: readonly unknown[]) => ({
 *     label: "type", columns: ["share"], headline: "share",
 *     types: [{ type: "X", score: { share: (stats as number[]).reduce((a, b) => a + b, 0) / stats.length } }],
 *   }),
 * };
 * const stats = [1, 0, 1, 1, 0, 1, 1, 1];
 * const ci = typeIntervals({ metric, options: {}, stats, gold: [], hypotheses: [], samples: 200 });
 * const x = ci.get("X");
 * assert.ok(typeof x === "object" && x.lower <= 0.75 && 0.75 <= x.upper);
 * ```
 *
 * @param input The metric, its statistics and inputs, and the resampling settings.
 * @returns Per type: the interval, or the number of resamples where the field was defined.
 */
export function typeIntervals(input: TypeIntervalInput): Map<string, ConfidenceInterval | number> {
  const { metric, options, stats, gold, hypotheses, hypothesisEdits } = input;
  const samples = input.samples ?? DEFAULT_BOOTSTRAP_SAMPLES;
  checkCount("The number of resamples", samples);
  if (!metric.byType) throw new RangeError(`Metric ${metric.id} has no per-type breakdown`);
  const values = new Map<string, number[]>();
  let headline: string | undefined;
  for (const row of resampleRows(stats.length, samples, input.seed ?? DEFAULT_SEED)) {
    const pick = <T>(list: readonly T[]) => Array.from(row, (i) => list[i]);
    const breakdown = metric.byType(
      pick(stats),
      options,
      pick(gold),
      pick(hypotheses),
      hypothesisEdits && pick(hypothesisEdits),
    );
    headline ??= breakdown.headline ?? breakdown.columns.at(-1);
    for (const { type, score } of breakdown.types) {
      const value = score[headline!];
      if (typeof value !== "number" || !Number.isFinite(value)) continue;
      let list = values.get(type);
      if (!list) values.set(type, list = []);
      list.push(value);
    }
  }
  const out = new Map<string, ConfidenceInterval | number>();
  for (const [type, list] of values) {
    out.set(type, list.length === samples ? confidenceInterval(list) : list.length);
  }
  return out;
}
