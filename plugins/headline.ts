/**
 * Reading a value in a score by its dotted path (a metric's `headline`, a table column).
 *
 * @module
 */

/**
 * Read a dotted path (`"correction.i"`) in a score object.
 *
 * @example Usage
 * ```ts
 * import { headlineValue } from "./headline.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(headlineValue({ correction: { i: 0.25 } }, "correction.i"), 0.25);
 * assert.equal(headlineValue({ f: 1 }, "toString"), undefined);
 * ```
 *
 * @param score A score object.
 * @param path The dotted path.
 * @returns The value there (undefined when absent).
 */
export function headlineValue(score: unknown, path: string): unknown {
  let value: unknown = score;
  for (const key of path.split(".")) {
    // Own fields only: "toString" or "constructor" are not score fields.
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) {
      return undefined;
    }
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
