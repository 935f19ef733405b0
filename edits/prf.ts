/**
 * Precision, recall and F-beta from true positive, false positive and false negative counts:
 * the one definition every metric uses, with each reference tool's conventions named.
 *
 * The reference tools agree on `P = tp / (tp + fp)`, `R = tp / (tp + fn)` and
 * `F = (1 + β²)·P·R / (β²·P + R)` and differ on the edges and on the arithmetic:
 *
 * | convention        | P if `tp+fp = 0` | R if `tp+fn = 0` | F is 0 when    | F computed as                            | rounding             |
 * | ----------------- | ---------------- | ---------------- | -------------- | ---------------------------------------- | -------------------- |
 * | `m2scorer`        | 1                | 1                | `β²·P + R = 0` | `(1+β²)·P·R / (β²·P+R)`                  | none                 |
 * | `m2scorer-counts` | (not used)       | (not used)       | see formula    | `(1+β²)·tp / (β²·(tp+fn) + (tp+fp))`, 1 if both sums are 0 | none |
 * | `gec-metrics`     | 1 (`fp = 0`)     | 1 (`fn = 0`)     | `P + R = 0`    | `(1+β²)·P·R / (β²·P+R)`                  | none                 |
 * | `errant`          | 1 (`fp = 0`)     | 1 (`fn = 0`)     | `P + R = 0`    | `(1+β²)·P·R / (β²·P+R)`                  | P, R, F to 4 places  |
 * | `cleme`           | 1 (`fp = 0`)     | 1 (`fn = 0`)     | `P + R = 0`    | `(1+β²)·P·R / (β²·P+R)`                  | P, R, F to 4 places  |
 * | `imeasure`        | 1                | 1                | `β²·P + R = 0` | `(1+β²)·((P·R) / (β²·P+R))`              | none                 |
 *
 * `m2scorer-counts` is how the m2scorer compares annotators while choosing one per sentence;
 * its final P/R/F line uses `m2scorer`. ERRANT's `compare_m2` rounds with Python's `round()`
 * (ties to even on the exact binary value); gec-metrics' `Score` never rounds; CLEME rounds
 * P, R and F to 4 places before comparing references.
 *
 * With counts that are not negative, "P = 1 whenever fp = 0" and "P = 1 when nothing was
 * proposed" give the same P (tp / tp is 1), so the conventions differ only where the table
 * says; the names say which tool a number must match.
 *
 * @module
 */

import { pyRound } from "../util/python_round.ts";

/** True positive, false positive and false negative counts (weighted counts may be fractional). */
export interface PrfCounts {
  /** True positives: proposed and correct. */
  tp: number;
  /** False positives: proposed and wrong. */
  fp: number;
  /** False negatives: missed. */
  fn: number;
}

/** Precision, recall and F-beta. */
export interface Prf {
  /** Precision. */
  precision: number;
  /** Recall. */
  recall: number;
  /** F-beta. */
  f: number;
}

/** The reference tools whose edge cases and arithmetic {@linkcode prf} reproduces. */
export type PrfConventionName =
  | "m2scorer"
  | "m2scorer-counts"
  | "gec-metrics"
  | "errant"
  | "cleme"
  | "imeasure";

/** How one reference tool computes P, R and F (see the module table). */
export interface PrfConvention {
  /** Precision when nothing was proposed (`tp + fp = 0`). */
  readonly emptyPrecision: number;
  /** Recall when there was nothing to find (`tp + fn = 0`). */
  readonly emptyRecall: number;
  /**
   * How F is computed: `"rates"` = `(1+β²)·P·R / (β²·P+R)`, `"rates-grouped"` =
   * `(1+β²)·((P·R) / (β²·P+R))`, `"counts"` = `(1+β²)·tp / (β²·(tp+fn) + (tp+fp))` straight
   * from the counts (the m2scorer's annotator choice; a zero denominator gives 1 when
   * `tp = 0`). The forms are equal in exact arithmetic and may differ in the last bit.
   */
  readonly form: "rates" | "rates-grouped" | "counts";
  /**
   * When F is 0 instead of computed: `"denominator"` when `β²·P + R = 0` (m2scorer, I-measure),
   * `"sum"` when `P + R = 0` (the Python tools; with β = 0 and R = 0 the division is then 0/0).
   */
  readonly zeroWhen: "denominator" | "sum";
  /** Decimal places P, R and F are rounded to, as Python's `round()` does; none when absent. */
  readonly round?: number;
}

/** Each named convention, spelled out. */
export const PRF_CONVENTIONS: Readonly<Record<PrfConventionName, PrfConvention>> = Object.freeze(
  {
    "m2scorer": Object.freeze({
      emptyPrecision: 1,
      emptyRecall: 1,
      form: "rates",
      zeroWhen: "denominator",
    }),
    "m2scorer-counts": Object.freeze({
      emptyPrecision: 1,
      emptyRecall: 1,
      form: "counts",
      zeroWhen: "denominator",
    }),
    "gec-metrics": Object.freeze({
      emptyPrecision: 1,
      emptyRecall: 1,
      form: "rates",
      zeroWhen: "sum",
    }),
    "errant": Object.freeze({
      emptyPrecision: 1,
      emptyRecall: 1,
      form: "rates",
      zeroWhen: "sum",
      round: 4,
    }),
    "cleme": Object.freeze({
      emptyPrecision: 1,
      emptyRecall: 1,
      form: "rates",
      zeroWhen: "sum",
      round: 4,
    }),
    "imeasure": Object.freeze({
      emptyPrecision: 1,
      emptyRecall: 1,
      form: "rates-grouped",
      zeroWhen: "denominator",
    }),
  } as const,
);

/** Options of {@linkcode prf}. */
export interface PrfOptions {
  /** Weight of recall against precision (0.5 for M2 and ERRANT, 1 for the I-measure tool). */
  beta: number;
  /** Whose conventions: a name of {@linkcode PRF_CONVENTIONS} or a convention (default `"m2scorer"`). */
  convention?: PrfConventionName | PrfConvention;
}

/**
 * Precision, recall and F-beta from counts, by a named reference tool's conventions.
 *
 * @example The m2scorer's conventions: 2 of 4 proposed edits right, 3 gold edits
 * ```ts
 * import { prf } from "./prf.ts";
 * import assert from "node:assert/strict";
 *
 * const score = prf({ tp: 2, fp: 2, fn: 1 }, { beta: 0.5 });
 * assert.equal(score.precision, 0.5);
 * assert.equal(score.recall, 2 / 3);
 * assert.equal(score.f.toFixed(4), "0.5263");
 * // Nothing proposed and nothing to find: P = R = 1, so F = 1.
 * assert.deepEqual(prf({ tp: 0, fp: 0, fn: 0 }, { beta: 0.5 }), { precision: 1, recall: 1, f: 1 });
 * ```
 *
 * @example ERRANT rounds to 4 places (compare_m2 on a CoNLL-2014 system)
 * ```ts
 * import { prf } from "./prf.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(prf({ tp: 483, fp: 795, fn: 1934 }, { beta: 0.5, convention: "errant" }), {
 *   precision: 0.3779,
 *   recall: 0.1998,
 *   f: 0.3208,
 * });
 * assert.deepEqual(prf({ tp: 0, fp: 2, fn: 0 }, { beta: 0.5, convention: "errant" }), {
 *   precision: 0,
 *   recall: 1,
 *   f: 0,
 * });
 * ```
 *
 * @param counts The counts.
 * @param options Beta and the convention.
 * @returns Precision, recall and F-beta.
 */
export function prf(counts: PrfCounts, options: PrfOptions): Prf {
  const c = conventionOf(options.convention);
  const precision = ratio(counts.tp, counts.tp + counts.fp, c.emptyPrecision);
  const recall = ratio(counts.tp, counts.tp + counts.fn, c.emptyRecall);
  const f = fOf(counts, precision, recall, options.beta, c);
  if (c.round === undefined) return { precision, recall, f };
  return {
    precision: pyRound(precision, c.round),
    recall: pyRound(recall, c.round),
    f: pyRound(f, c.round),
  };
}

/**
 * F-beta alone, from counts given as numbers (for loops that compare many candidates, such as
 * an annotator choice): the same value as `prf({ tp, fp, fn }, { beta, convention }).f`.
 *
 * @example The m2scorer's annotator choice compares F computed from the counts
 * ```ts
 * import { fBeta, prf } from "./prf.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(fBeta(2, 2, 1, 0.5, "m2scorer-counts"), 1.25 * 2 / (0.25 * 3 + 4));
 * assert.equal(fBeta(0, 0, 0, 0.5, "m2scorer-counts"), 1);
 * assert.equal(fBeta(3, 1, 2, 1, "gec-metrics"), prf({ tp: 3, fp: 1, fn: 2 }, { beta: 1 }).f);
 * ```
 *
 * @param tp True positives.
 * @param fp False positives.
 * @param fn False negatives.
 * @param beta Beta.
 * @param convention Whose conventions (default `"m2scorer"`).
 * @returns F-beta.
 */
export function fBeta(
  tp: number,
  fp: number,
  fn: number,
  beta: number,
  convention?: PrfConventionName | PrfConvention,
): number {
  const c = conventionOf(convention);
  let f: number;
  if (c.form === "counts") f = countsF(tp, tp + fp, tp + fn, beta);
  else {
    // As prf(): F from the unrounded rates, then F alone rounded.
    const precision = ratio(tp, tp + fp, c.emptyPrecision);
    const recall = ratio(tp, tp + fn, c.emptyRecall);
    f = fOf({ tp, fp, fn }, precision, recall, beta, c);
  }
  return c.round === undefined ? f : pyRound(f, c.round);
}

function conventionOf(convention: PrfConventionName | PrfConvention | undefined): PrfConvention {
  if (convention === undefined) return PRF_CONVENTIONS.m2scorer;
  if (typeof convention !== "string") return convention;
  const named = PRF_CONVENTIONS[convention];
  if (!named) {
    throw new RangeError(
      `Unknown F-beta convention "${convention}": expected one of ${
        Object.keys(PRF_CONVENTIONS).join(", ")
      }`,
    );
  }
  return named;
}

function ratio(numerator: number, denominator: number, empty: number): number {
  return denominator === 0 ? empty : numerator / denominator;
}

/** `(1+β²)·tp / (β²·gold + proposed)`; 1 when both are 0 and nothing is correct. */
function countsF(tp: number, proposed: number, gold: number, beta: number): number {
  const denominator = beta * beta * gold + proposed;
  if (denominator === 0) return tp === 0 ? 1 : 0;
  return (1 + beta * beta) * tp / denominator;
}

function fOf(
  counts: PrfCounts,
  p: number,
  r: number,
  beta: number,
  c: PrfConvention,
): number {
  if (c.form === "counts") {
    return countsF(counts.tp, counts.tp + counts.fp, counts.tp + counts.fn, beta);
  }
  const b2 = beta * beta;
  const denominator = b2 * p + r;
  if (c.zeroWhen === "sum" ? p + r === 0 : denominator === 0) return 0;
  return c.form === "rates" ? (1 + b2) * p * r / denominator : (1 + b2) * ((p * r) / denominator);
}

/**
 * F-beta from a precision and a recall that are not ratios of the same counts (GREEN's
 * geometric means over n-gram orders), by a named convention's formula and zero rule.
 *
 * @example GREEN combines the geometric-mean precision and recall
 * ```ts
 * import { fFromRates } from "./prf.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(fFromRates(0.5, 0.25, 2, "gec-metrics"), (5 * 0.5 * 0.25) / (4 * 0.5 + 0.25));
 * assert.equal(fFromRates(0, 0, 2, "gec-metrics"), 0);
 * ```
 *
 * @param precision Precision.
 * @param recall Recall.
 * @param beta Beta.
 * @param convention Whose conventions (default `"m2scorer"`).
 * @returns F-beta.
 */
export function fFromRates(
  precision: number,
  recall: number,
  beta: number,
  convention?: PrfConventionName | PrfConvention,
): number {
  const c = conventionOf(convention);
  const f = fOf({ tp: 0, fp: 0, fn: 0 }, precision, recall, beta, {
    ...c,
    form: c.form === "counts" ? "rates" : c.form,
  });
  return c.round === undefined ? f : pyRound(f, c.round);
}
