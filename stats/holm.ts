/**
 * Holm's step-down correction for multiple comparisons.
 *
 * @module
 */

/**
 * Which of a family of hypotheses Holm's step-down procedure rejects at level `alpha`: sort
 * the p-values ascending, reject the `k`-th smallest (k = 1, 2, ...) while
 * `p_(k) <= alpha / (m - k + 1)`, and stop at the first that is not. It controls the
 * family-wise error rate at `alpha` under any dependence between the tests (Holm 1979), and
 * rejects everything Bonferroni rejects.
 *
 * @example Three comparisons at 0.05
 * ```ts
 * import { holmRejections } from "./holm.ts";
 * import assert from "node:assert/strict";
 *
 * // 0.01 <= 0.05/3 is rejected; 0.04 > 0.05/2 stops the procedure, so 0.03 is kept too.
 * assert.deepEqual(holmRejections([0.04, 0.01, 0.03], 0.05), [false, true, false]);
 * assert.deepEqual(holmRejections([0.02, 0.01, 0.04], 0.05), [true, true, true]);
 * ```
 *
 * @param pValues The p-values of the family.
 * @param alpha The family-wise level.
 * @returns One flag per p-value: true when its hypothesis is rejected.
 */
export function holmRejections(pValues: readonly number[], alpha: number): boolean[] {
  const m = pValues.length;
  const order = pValues.map((_, i) => i).sort((a, b) => pValues[a] - pValues[b] || a - b);
  const rejected = new Array<boolean>(m).fill(false);
  for (let k = 0; k < m; k++) {
    if (!(pValues[order[k]] <= alpha / (m - k))) break;
    rejected[order[k]] = true;
  }
  return rejected;
}
