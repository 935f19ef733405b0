/**
 * Score fields as the report's tables show them: which fields, and how numbers print (the
 * same conventions as `gecscore score`'s tables: whole numbers as they are, rates to four
 * decimals).
 *
 * @module
 */

import { numericPaths } from "../plugins/headline.ts";
import type { AnyMetric, Score } from "../plugins/types.ts";

/**
 * The fields a table shows for a metric: its `columns`, else every number in the score
 * (nested objects as dotted paths).
 *
 * @example Usage
 * ```ts
 * import { tableFields } from "./fields.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(tableFields({ columns: ["f"] }, { f: 1, p: 1 }), ["f"]);
 * assert.deepEqual(tableFields({}, { a: 1, b: { c: 2, d: "x" }, e: [1] }), ["a", "b.c"]);
 * ```
 *
 * @param metric The metric.
 * @param score One of its scores.
 * @returns Dotted paths.
 */
export function tableFields(metric: Pick<AnyMetric, "columns">, score: Score): string[] {
  return metric.columns ? [...metric.columns] : numericPaths(score);
}

/**
 * A score field as text: whole numbers as they are (unless `rate`), other numbers to four
 * decimals, arrays in brackets, a missing value as `-`.
 *
 * @example Usage
 * ```ts
 * import { fieldText } from "./fields.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(fieldText(12), "12");
 * assert.equal(fieldText(1, true), "1.0000");
 * assert.equal(fieldText([0.5, 0.25]), "[0.5000, 0.2500]");
 * assert.equal(fieldText(undefined), "-");
 * ```
 *
 * @param value The value.
 * @param rate Print whole numbers with four decimals too (a column of rates).
 * @returns Its text.
 */
export function fieldText(value: unknown, rate = false): string {
  if (typeof value === "number") {
    if (Number.isInteger(value) && !rate) return String(value);
    return Number.isFinite(value) ? value.toFixed(4) : String(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => fieldText(v, rate)).join(", ")}]`;
  if (value === undefined || value === null) return "-";
  return String(value);
}
