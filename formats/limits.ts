/**
 * Default bounds for readers (see {@linkcode ReadLimits}): far above what real GEC data needs
 * (CoNLL-2014 and BEA-2019 lines stay under a few thousand characters, with at most a
 * handful of annotators and alternatives), far below what would exhaust memory.
 *
 * @module
 */

import { UsageError } from "../plugins/errors.ts";
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

/** The command-line flags of the limits, for `parseArgs`. */
export const READ_LIMIT_FLAGS = {
  "max-line-length": { type: "string" },
  "max-annotators": { type: "string" },
  "max-alternatives": { type: "string" },
} as const;

/** Help lines for {@linkcode READ_LIMIT_FLAGS}. */
export const READ_LIMIT_HELP =
  `  --max-line-length N      most characters per input line (default 100000)
  --max-annotators N       most annotators in a gold file (default 100)
  --max-alternatives N     most alternative corrections per edit (default 100)`;

/**
 * The limits given by {@linkcode READ_LIMIT_FLAGS}: each a whole number >= 1, else a
 * {@linkcode UsageError}.
 *
 * @example Usage
 * ```ts
 * import { readLimitsFromFlags } from "./limits.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(readLimitsFromFlags({ "max-annotators": "5000" }), { maxAnnotators: 5000 });
 * assert.throws(() => readLimitsFromFlags({ "max-line-length": "0x10" }), /--max-line-length/);
 * ```
 *
 * @param values The parsed flags.
 * @returns The limits given.
 */
export function readLimitsFromFlags(values: Record<string, unknown>): Partial<ReadLimits> {
  const out: Partial<ReadLimits> = {};
  const names: [keyof typeof READ_LIMIT_FLAGS, keyof ReadLimits][] = [
    ["max-line-length", "maxLineLength"],
    ["max-annotators", "maxAnnotators"],
    ["max-alternatives", "maxAlternatives"],
  ];
  for (const [flag, key] of names) {
    const value = values[flag];
    if (value === undefined) continue;
    if (typeof value !== "string" || !/^[1-9]\d{0,14}$/.test(value)) {
      throw new UsageError(`--${flag} must be a whole number >= 1, got ${JSON.stringify(value)}`);
    }
    out[key] = Number(value);
  }
  return out;
}
