/**
 * Average ranks, the ranking behind Spearman's rho.
 *
 * @module
 */

/**
 * 1-based ranks of the values, tied values sharing the mean of the ranks they span (as
 * `scipy.stats.rankdata(x, method="average")` does).
 *
 * @example Ties share the mean rank
 * ```ts
 * import { averageRanks } from "./ranks.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(averageRanks([10, 30, 20, 30]), [1, 3.5, 2, 3.5]);
 * ```
 *
 * @param values The values (NaN is not allowed).
 * @returns One rank per value, in input order.
 */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i);
  for (const value of values) {
    if (Number.isNaN(value)) throw new RangeError("Cannot rank NaN");
  }
  order.sort((a, b) => values[a] - values[b]);
  const ranks = new Array<number>(values.length);
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && values[order[j + 1]] === values[order[i]]) j++;
    // Positions i..j (0-based) hold ranks i+1..j+1; their mean is (i + j) / 2 + 1.
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]] = rank;
    i = j + 1;
  }
  return ranks;
}
