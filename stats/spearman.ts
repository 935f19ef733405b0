/**
 * Spearman's rank correlation.
 *
 * @module
 */

import { pearson } from "./pearson.ts";
import { averageRanks } from "./ranks.ts";

/**
 * Spearman's rho: Pearson's r of the average ranks, so ties get the mean of the ranks they
 * span (as `scipy.stats.spearmanr` computes it). NaN when either sample is constant.
 *
 * @example Hand-computed, with a tie
 * ```ts
 * import { spearman } from "./spearman.ts";
 * import assert from "node:assert/strict";
 *
 * // Ranks: x = 1 2 3 4, y = 1 2.5 2.5 4; centred y = -1.5 0 0 1.5:
 * // sum xy = 4.5, sum x² = 5, sum y² = 4.5, rho = 4.5 / sqrt(22.5) = 0.9487.
 * assert.ok(Math.abs(spearman([1, 2, 3, 4], [10, 20, 20, 40]) - 4.5 / Math.sqrt(22.5)) < 1e-15);
 * ```
 *
 * @param x The first sample.
 * @param y The second sample, as long as `x`.
 * @returns rho in [-1, 1], or NaN for a constant sample.
 */
export function spearman(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) {
    throw new RangeError(`Samples must have the same length, got ${x.length} and ${y.length}`);
  }
  return pearson(averageRanks(x), averageRanks(y));
}
