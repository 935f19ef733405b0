/**
 * Williams' test for two dependent correlations that share one variable.
 *
 * @module
 */

import { studentTUpperTail } from "./student_t.ts";

/** The three correlations of Williams' test and the sample size. */
export interface WilliamsInput {
  /** Number of observations (systems); at least 4. */
  n: number;
  /** Correlation of the shared variable (the human scores) with the first metric. */
  r12: number;
  /** Correlation of the shared variable with the second metric. */
  r13: number;
  /** Correlation between the two metrics. */
  r23: number;
}

/** The outcome of {@linkcode williamsTest}. */
export interface WilliamsResult {
  /** The t statistic (positive when r12 > r13). */
  t: number;
  /** Degrees of freedom: n - 3. */
  df: number;
  /** One-tailed p-value P(T > |t|). */
  p: number;
}

/**
 * Williams' test (Williams 1959; Steiger 1980 eq. 7) of whether r12 and r13 differ, as
 * `psych::r.test(n, r12, r13, r23, twotailed = FALSE)` computes it since psych 1.8.12 and as
 * Graham & Baldwin (2014) use it for metric meta-evaluation:
 *
 * ```
 * detR = 1 - r12² - r13² - r23² + 2 r12 r13 r23
 * av   = (r12 + r13) / 2
 * t    = (r12 - r13) sqrt((n - 1)(1 + r23) / (2 (n - 1)/(n - 3) detR + av² (1 - r23)³))
 * p    = P(T_{n-3} > |t|)
 * ```
 *
 * @example psych 2.2.9: r.test(n=13, r12=.6907, r13=-.2504, r23=-.2456, twotailed=FALSE)
 * ```ts
 * import { williamsTest } from "./williams.ts";
 * import assert from "node:assert/strict";
 *
 * const result = williamsTest({
 *   n: 13,
 *   r12: 0.690697033685368,
 *   r13: -0.2504481740908068,
 *   r23: -0.24555940993082884,
 * });
 * assert.equal(result.df, 10);
 * assert.ok(Math.abs(result.t - 2.5254389263308403) < 1e-12);
 * assert.ok(Math.abs(result.p - 0.015052682515907417) < 1e-14);
 * ```
 *
 * @param input n and the three correlations.
 * @returns t, df and the one-tailed p-value.
 */
export function williamsTest(input: WilliamsInput): WilliamsResult {
  const { n, r12, r13, r23 } = input;
  if (!Number.isInteger(n) || n < 4) {
    throw new RangeError(`Williams' test needs at least 4 observations, got ${n}`);
  }
  for (const [name, r] of [["r12", r12], ["r13", r13], ["r23", r23]] as const) {
    if (!(r >= -1 && r <= 1)) throw new RangeError(`${name} must be in [-1, 1], got ${r}`);
  }
  const detR = 1 - r12 * r12 - r13 * r13 - r23 * r23 + 2 * r12 * r13 * r23;
  const av = (r12 + r13) / 2;
  const cube = (1 - r23) ** 3;
  const t = (r12 - r13) *
    Math.sqrt((n - 1) * (1 + r23) / ((2 * (n - 1) / (n - 3)) * detR + av * av * cube));
  const df = n - 3;
  return { t, df, p: studentTUpperTail(Math.abs(t), df) };
}
