/**
 * Pure statistics of meta-evaluation: Pearson's r and Spearman's rho (Williams' test between
 * two metrics' correlations and the pairwise Kendall's tau of sentence-level meta-evaluation
 * come with `systemLevel()` and `sentenceLevel()` in `/meta`).
 *
 * @example Correlations
 * ```ts
 * import { pearson, spearman } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(Math.abs(pearson([1, 2, 3, 4], [2, 4, 5, 9]) - 11 / Math.sqrt(5 * 26)) < 1e-15);
 * assert.ok(Math.abs(spearman([1, 2, 3, 4], [2, 4, 5, 9]) - 1) < 1e-15);
 * ```
 *
 * @module
 */

export { pearson } from "./pearson.ts";
export { spearman } from "./spearman.ts";
