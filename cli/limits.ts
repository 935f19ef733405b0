/**
 * The command-line flags of the read limits (see {@linkcode ReadLimits}), shared by the
 * commands that read gold and system files.
 *
 * @module
 */

import { UsageError } from "../plugins/errors.ts";
import type { ReadLimits } from "../plugins/types.ts";

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
