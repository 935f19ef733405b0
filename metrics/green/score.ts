/**
 * GREEN's scoring stage, as gec-metrics 0.1.1 computes it: per order n, P_n and R_n from the
 * counts (1 whenever FP, resp. FN, is 0); P and R are the geometric means over the orders (0 if
 * any order is 0); F-beta of P and R. The reference of a sentence is the first one unless a
 * later one has a strictly higher sentence F; the corpus adds the chosen references' counts per
 * order and aggregates once.
 *
 * @module
 */

import { fFromRates, prf } from "../../edits/prf.ts";

/** P, R and F of per-order counts `[tp_1..tp_n, fp_1..fp_n, fn_1..fn_n]`. */
export interface GreenRates {
  /** Geometric mean of the per-order precisions. */
  p: number;
  /** Geometric mean of the per-order recalls. */
  r: number;
  /** F-beta of `p` and `r`. */
  f: number;
}

function geometricMean(values: readonly number[]): number {
  if (values.includes(0)) return 0;
  let sum = 0;
  for (const v of values) sum += Math.log(v);
  return Math.exp(sum / values.length);
}

/**
 * Aggregate per-order counts into P, R and F as gec-metrics' `GREEN.aggregate_score` does.
 *
 * @example Usage
 * ```ts
 * import { greenRates } from "./score.ts";
 * import assert from "node:assert/strict";
 *
 * // One order: 3 TP, 1 FP, 0 FN -> P 0.75, R 1.
 * const { p, r, f } = greenRates([3, 1, 0], 2);
 * assert.deepEqual([p, r], [0.75, 1]);
 * assert.equal(f, (5 * 0.75) / (4 * 0.75 + 1));
 * ```
 *
 * @param counts `[tp_1..tp_n, fp_1..fp_n, fn_1..fn_n]`.
 * @param beta Beta.
 * @returns The rates.
 */
export function greenRates(counts: readonly number[], beta: number): GreenRates {
  const n = counts.length / 3;
  const ps: number[] = [], rs: number[] = [];
  for (let k = 0; k < n; k++) {
    const s = prf({ tp: counts[k], fp: counts[n + k], fn: counts[2 * n + k] }, {
      beta,
      convention: "gec-metrics",
    });
    ps.push(s.precision);
    rs.push(s.recall);
  }
  const p = geometricMean(ps), r = geometricMean(rs);
  return { p, r, f: fFromRates(p, r, beta, "gec-metrics") };
}

/**
 * The chosen reference of a sentence: the first, unless a later one has a strictly higher F.
 *
 * @param refs Per-reference counts.
 * @param beta Beta.
 * @returns Its index (-1 without references).
 */
export function chooseReference(refs: readonly (readonly number[])[], beta: number): number {
  let best = -1, bestF = -Infinity;
  for (let i = 0; i < refs.length; i++) {
    const f = greenRates(refs[i], beta).f;
    if (best < 0 || f > bestF) [best, bestF] = [i, f];
  }
  return best;
}
