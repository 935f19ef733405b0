/**
 * Student's t distribution: tail probabilities for t tests (Williams' test).
 *
 * The CDF comes from the stdlib.js package `@stdlib/stats-base-dists-t-cdf` (a port of the
 * Boost/Cephes regularized incomplete beta function; it agrees with R's `pt` to about 1e-16),
 * not from a hand-written special function.
 *
 * @module
 */

// npm: written here so the library works when imported from outside this repository.
// deno-lint-ignore no-import-prefix
import cdf from "npm:@stdlib/stats-base-dists-t-cdf@0.2.3";

/**
 * The upper tail P(T > t) of Student's t with `df` degrees of freedom. For t > 0 it is
 * computed as the lower tail at -t, which keeps small p-values precise.
 *
 * @example R's `pt(2.5254389263308403, 10, lower.tail = FALSE)`
 * ```ts
 * import { studentTUpperTail } from "./student_t.ts";
 * import assert from "node:assert/strict";
 *
 * // 0.015052682515907 in R 4.2.2 (Williams' test, GLEU vs I-measure, Chollampatt & Ng 2018).
 * assert.ok(Math.abs(studentTUpperTail(2.5254389263308403, 10) - 0.015052682515907) < 1e-15);
 * assert.equal(studentTUpperTail(0, 5), 0.5);
 * ```
 *
 * @param t The statistic.
 * @param df Degrees of freedom (positive).
 * @returns The probability that T exceeds t.
 */
export function studentTUpperTail(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`Degrees of freedom must be positive, got ${df}`);
  if (Number.isNaN(t)) return NaN;
  return t > 0 ? cdf(-t, df) : 1 - cdf(t, df);
}
