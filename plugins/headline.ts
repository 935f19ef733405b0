/**
 * Reading a value in a score by its dotted path (a metric's `headline`, a table column), and
 * listing the paths that hold numbers.
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

/**
 * The dotted paths of every number in a score object (nested objects flattened; arrays and
 * other values skipped).
 *
 * @example Usage
 * ```ts
 * import { numericPaths } from "./headline.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(numericPaths({ a: 1, b: { c: 2, d: "x" }, e: [1] }), ["a", "b.c"]);
 * ```
 *
 * @param score A score object.
 * @returns The paths, in key order.
 */
export function numericPaths(score: unknown): string[] {
  const out: string[] = [];
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === "number") out.push(prefix);
    else if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
    }
  };
  walk(score, "");
  return out;
}
