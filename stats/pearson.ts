/**
 * Pearson's product-moment correlation.
 *
 * @module
 */

/**
 * Pearson's r of two paired samples: the cosine of the centred vectors, clipped to [-1, 1]
 * (as `scipy.stats.pearsonr` computes it). NaN when either sample is constant.
 *
 * @example Hand-computed: x = 1..4, y = 2, 4, 5, 9
 * ```ts
 * import { pearson } from "./pearson.ts";
 * import assert from "node:assert/strict";
 *
 * // Centred: x = -1.5 -0.5 0.5 1.5, y = -3 -1 0 4; sum xy = 11, sum x² = 5, sum y² = 26.
 * assert.ok(Math.abs(pearson([1, 2, 3, 4], [2, 4, 5, 9]) - 11 / Math.sqrt(5 * 26)) < 1e-15);
 * ```
 *
 * @param x The first sample.
 * @param y The second sample, as long as `x`.
 * @returns r in [-1, 1], or NaN for a constant sample.
 */
export function pearson(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) {
    throw new RangeError(`Samples must have the same length, got ${x.length} and ${y.length}`);
  }
  if (x.length < 2) throw new RangeError(`Correlation needs at least 2 pairs, got ${x.length}`);
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return NaN;
  const r = sxy / (Math.sqrt(sxx) * Math.sqrt(syy));
  return Math.max(-1, Math.min(1, r));
}
