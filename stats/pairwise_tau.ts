/**
 * Kendall's tau for pairwise human judgments, in the WMT style used by Chollampatt & Ng
 * (2018): every judged pair of outputs counts as concordant, discordant or tied between the
 * human relation and the metric's relation.
 *
 * @module
 */

/** Which of two outputs is better: 0 the first, 1 neither (tie), 2 the second. */
export type PairRelation = 0 | 1 | 2;

/**
 * The two variants of the paper: `hties` keeps human ties and rewards a metric tie on them
 * (+1); `noties` drops human-tied pairs.
 */
export type TauVariant = "hties" | "noties";

/** Both variants, in the order tables show them. */
export const TAU_VARIANTS: readonly TauVariant[] = ["hties", "noties"];

/**
 * Pair outcome counts: `counts[human * 3 + metric]` pairs had that human relation and that
 * metric relation ({@linkcode PairRelation} codes).
 */
export type OutcomeCounts = Float64Array;

/** A tau and the sums it is made of. */
export interface PairwiseTau {
  /** numerator / denominator, or 1 when no pair counts. */
  tau: number;
  /** Sum of the coefficients of the counted pairs. */
  numerator: number;
  /** Number of counted pairs. */
  denominator: number;
}

/**
 * The relation of two scores where a higher score is better: 0 when `a > b`, 2 when `a < b`,
 * 1 when they are exactly equal (no tolerance, as the reference scripts compare floats).
 *
 * @example Usage
 * ```ts
 * import { scoreRelation } from "./pairwise_tau.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual([scoreRelation(0.5, 0.2), scoreRelation(1, 1), scoreRelation(0, 1)], [0, 1, 2]);
 * ```
 *
 * @param a The first output's score.
 * @param b The second output's score.
 * @returns The relation.
 */
export function scoreRelation(a: number, b: number): PairRelation {
  return a > b ? 0 : a < b ? 2 : 1;
}

/**
 * Count pair outcomes: for every pair (or every pair index in `indices`, repeats counted),
 * add one to the cell of its human and metric relation.
 *
 * @example Usage
 * ```ts
 * import { tallyOutcomes } from "./pairwise_tau.ts";
 * import assert from "node:assert/strict";
 *
 * const counts = tallyOutcomes(new Uint8Array([0, 0, 1]), new Uint8Array([0, 2, 1]));
 * assert.deepEqual([...counts], [1, 0, 1, 0, 1, 0, 0, 0, 0]);
 * ```
 *
 * @param human Human relations, one per pair.
 * @param metric Metric relations, one per pair.
 * @param indices Pairs to count (a bootstrap resample); default every pair once.
 * @returns The 3 × 3 counts.
 */
export function tallyOutcomes(
  human: Uint8Array,
  metric: Uint8Array,
  indices?: Uint32Array,
): OutcomeCounts {
  if (human.length !== metric.length) {
    throw new RangeError(`Need one metric relation per pair: ${human.length} vs ${metric.length}`);
  }
  const counts = new Float64Array(9);
  if (indices) {
    for (let k = 0; k < indices.length; k++) {
      const i = indices[k];
      counts[human[i] * 3 + metric[i]]++;
    }
  } else {
    for (let i = 0; i < human.length; i++) counts[human[i] * 3 + metric[i]]++;
  }
  return counts;
}

/**
 * Kendall's tau from pair outcome counts, with the coefficients of gecmetrics'
 * `sentence_correlation.py` (`variants_definitions`):
 *
 * - concordant (both say the same output is better): +1; discordant: -1;
 * - human prefers one output, the metric ties them: 0, but the pair counts;
 * - `hties`: a human tie counts; +1 when the metric ties too, else 0;
 * - `noties`: human ties are skipped.
 *
 * tau = sum of coefficients / number of counted pairs, and 1 when no pair counts.
 *
 * @example Hand-computed: 5 concordant, 2 discordant, 1 metric tie, 2 human ties (1 tied by both)
 * ```ts
 * import { pairwiseTau } from "./pairwise_tau.ts";
 * import assert from "node:assert/strict";
 *
 * // rows: human 0 (first better), 1 (tie), 2 (second better); columns: metric likewise
 * // noties: (5 - 2) / 8; hties: (5 - 2 + 1) / 10
 * const counts = new Float64Array([3, 1, 1, 0, 1, 1, 1, 0, 2]);
 * assert.deepEqual(pairwiseTau(counts, "noties"), { tau: 3 / 8, numerator: 3, denominator: 8 });
 * assert.deepEqual(pairwiseTau(counts, "hties"), { tau: 4 / 10, numerator: 4, denominator: 10 });
 * ```
 *
 * @param counts Pair outcome counts from {@linkcode tallyOutcomes}.
 * @param variant `hties` or `noties`.
 * @returns tau with its numerator and denominator.
 */
export function pairwiseTau(counts: OutcomeCounts, variant: TauVariant): PairwiseTau {
  const [ff, ft, fs, tf, tt, ts, sf, st, ss] = counts;
  let numerator = ff + ss - fs - sf;
  let denominator = ff + ft + fs + sf + st + ss;
  if (variant === "hties") {
    numerator += tt;
    denominator += tf + tt + ts;
  } else if (variant !== "noties") {
    throw new RangeError(`Unknown tau variant: ${variant} (expected hties or noties)`);
  }
  return { tau: denominator === 0 ? 1 : numerator / denominator, numerator, denominator };
}
