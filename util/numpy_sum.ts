/**
 * Sums as numpy computes them, for reproducing Python tools that average with `np.average`
 * or `np.mean` (pairwise summation over a contiguous float64 array) or with the built-in `sum`
 * (left to right, from the integer 0).
 *
 * @module
 */

/**
 * numpy's `add.reduce` on a contiguous float64 array: blocks of 8 partial sums below 128
 * items, halves above.
 *
 * @example Usage
 * ```ts
 * import { numpySum } from "./numpy_sum.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(numpySum([0.1, 0.2, 0.3]), 0.1 + 0.2 + 0.3);
 * assert.equal(numpySum(new Array(10).fill(0.1)), 1);
 * ```
 *
 * @param values The values.
 * @param start First index (default 0).
 * @param n How many (default: to the end).
 * @returns The sum.
 */
export function numpySum(values: ArrayLike<number>, start = 0, n = values.length - start): number {
  if (n < 8) {
    let sum = -0;
    for (let i = start; i < start + n; i++) sum += values[i];
    return sum;
  }
  if (n <= 128) {
    const r = [0, 1, 2, 3, 4, 5, 6, 7].map((j) => values[start + j]);
    let i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (let j = 0; j < 8; j++) r[j] += values[start + i + j];
    }
    let sum = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; i++) sum += values[start + i];
    return sum;
  }
  let half = Math.floor(n / 2);
  half -= half % 8;
  return numpySum(values, start, half) + numpySum(values, start + half, n - half);
}

/**
 * `np.average(values)`: the pairwise sum divided by the count (NaN for no values).
 *
 * @example Usage
 * ```ts
 * import { numpyMean } from "./numpy_sum.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(numpyMean([1, 2, 4]), 7 / 3);
 * ```
 *
 * @param values The values.
 * @returns The mean.
 */
export function numpyMean(values: ArrayLike<number>): number {
  return numpySum(values) / values.length;
}

/**
 * Python's `sum(values) / len(values)`: left to right from 0.
 *
 * @example Usage
 * ```ts
 * import { pythonMean } from "./numpy_sum.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pythonMean([0.1, 0.2, 0.3]), (0.1 + 0.2 + 0.3) / 3);
 * ```
 *
 * @param values The values.
 * @returns The mean.
 */
export function pythonMean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return sum / values.length;
}
