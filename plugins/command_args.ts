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
 * @param options The options given to `parseArgs`: an unknown long option close to one of
 *   them is answered with "did you mean".
 * @returns The message, in one line, without a final period.
 */
export function argsErrorMessage(
  error: unknown,
  options?: Readonly<Record<string, { short?: string }>>,
): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split("\n")[0];
  const unknown = /^Unknown option '--([^'=]+)'/.exec(first);
  if (unknown && options) {
    const guess = closest(unknown[1], Object.keys(options));
    if (guess) return `Unknown option '--${unknown[1]}' (did you mean --${guess}?)`;
  }
  const ambiguous = /^Option '(-(-?)[^']+)' argument is ambiguous/.exec(first);
  if (ambiguous) {
    const [, option, long] = ambiguous;
    return `Option '${option}' needs a value; write one that starts with a dash as ${option}${
      long ? "=" : ""
    }-1`;
  }
  return first.replace(/\. To specify.*$/, "").replace(/\.$/, "");
}

/**
 * The candidate closest to a mistyped word, when it is close enough to be what was meant (at
 * most one edit for words of up to four characters, two for longer ones; a swap of two
 * neighbours is one edit); `undefined` otherwise or when two candidates are equally close.
 *
 * @example Usage
 * ```ts
 * import { closest } from "./command_args.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(closest("socre", ["score", "show", "meta"]), "score");
 * assert.equal(closest("glod", ["gold", "gold-format"]), "gold");
 * assert.equal(closest("xyz", ["score", "show"]), undefined);
 * ```
 *
 * @param word The word as typed.
 * @param candidates What it may have meant.
 * @returns The candidate meant, or `undefined`.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const limit = word.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tie = false;
  for (const candidate of candidates) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance, tie] = [candidate, d, false];
    else if (d === bestDistance && candidate !== best) tie = true;
  }
  return tie ? undefined : best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => {
    const row = new Array<number>(b.length + 1).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
      }
    }
  }
  return rows[a.length][b.length];
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
