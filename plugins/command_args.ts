/**
 * Helpers for the commands plugins add (`PluginCommand`): the one-line message
 * of a `parseArgs` error, and the command-line flags of the read limits. The built-in
 * commands use the same ones, so every command reads these flags and words these errors alike.
 *
 * @module
 */

import { UsageError } from "./errors.ts";
import type { ReadLimits } from "./types.ts";

/**
 * One line saying what `parseArgs` found wrong, without its multi-line advice; an option
 * followed by a value that starts with a dash says how to write such a value.
 *
 * @example Usage
 * ```ts
 * import { argsErrorMessage } from "./command_args.ts";
 * import { parseArgs } from "node:util";
 * import assert from "node:assert/strict";
 *
 * const options = { beta: { type: "string" as const } };
 * try {
 *   parseArgs({ args: ["--beta", "-1"], options, strict: true });
 *   assert.fail("parseArgs accepted it");
 * } catch (error) {
 *   assert.equal(
 *     argsErrorMessage(error),
 *     "Option '--beta' needs a value; write one that starts with a dash as --beta=-1",
 *   );
 * }
 * ```
 *
 * @param error What `parseArgs` threw.
 * @returns The message, in one line, without a final period.
 */
export function argsErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split("\n")[0];
  const ambiguous = /^Option '(-(-?)[^']+)' argument is ambiguous/.exec(first);
  if (ambiguous) {
    const [, option, long] = ambiguous;
    return `Option '${option}' needs a value; write one that starts with a dash as ${option}${
      long ? "=" : ""
    }-1`;
  }
  return first.replace(/\. To specify.*$/, "").replace(/\.$/, "");
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
 * import { readLimitsFromFlags } from "./command_args.ts";
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
