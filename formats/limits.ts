/**
 * Default bounds for readers (see {@linkcode ReadLimits}): far above what real GEC data needs
 * (CoNLL-2014 and BEA-2019 lines stay under a few thousand characters, with at most a
 * handful of annotators and alternatives), far below what would exhaust memory.
 *
 * @module
 */

import type { ReadLimits } from "../plugins/types.ts";

/**
 * The default limits: 100,000 characters per line, 100 annotators, 100 alternatives per edit.
 *
 * @example Usage
 * ```ts
 * import { DEFAULT_READ_LIMITS } from "./limits.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(DEFAULT_READ_LIMITS.maxAnnotators, 100);
 * ```
 */
export const DEFAULT_READ_LIMITS: Readonly<ReadLimits> = Object.freeze({
  maxLineLength: 100_000,
  maxAnnotators: 100,
  maxAlternatives: 100,
});

/**
 * Complete limits: the given ones over the defaults.
 *
 * @example Usage
 * ```ts
 * import { readLimits } from "./limits.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(readLimits({ maxAnnotators: 5000 }).maxAnnotators, 5000);
 * assert.equal(readLimits().maxLineLength, 100_000);
 * ```
 *
 * @param limits Limits to override.
 * @returns All limits.
 */
export function readLimits(limits: Partial<ReadLimits> = {}): ReadLimits {
  const out = { ...DEFAULT_READ_LIMITS };
  for (const key of Object.keys(out) as (keyof ReadLimits)[]) {
    const value = limits[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}
