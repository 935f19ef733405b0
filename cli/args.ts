/**
 * Command-line argument parsing shared by every command: `parseArgs` from `node:util` in
 * strict mode, with its errors turned into one-line usage errors naming the command.
 *
 * @module
 */

import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "../plugins/errors.ts";

/**
 * Parse a command's arguments strictly. An unknown option or a missing value is a
 * {@linkcode UsageError}: `COMMAND: what is wrong; see gecscore help COMMAND`.
 *
 * @example Usage
 * ```ts
 * import { parseCommandArgs } from "./args.ts";
 * import assert from "node:assert/strict";
 *
 * const { values } = parseCommandArgs("score", {
 *   args: ["--gold", "g.m2"],
 *   options: { gold: { type: "string" } },
 * });
 * assert.equal(values.gold, "g.m2");
 * assert.throws(
 *   () => parseCommandArgs("score", { args: ["--nope"], options: {} }),
 *   /^UsageError: score: Unknown option '--nope'; see gecscore help score$/,
 * );
 * ```
 *
 * @param command The command's name, for messages.
 * @param config The `parseArgs` configuration (`strict` is forced on).
 * @returns What `parseArgs` returns.
 */
export function parseCommandArgs<T extends ParseArgsConfig>(
  command: string,
  config: T,
): ReturnType<typeof parseArgs<T & { strict: true }>> {
  try {
    return parseArgs({ ...config, strict: true });
  } catch (error) {
    throw new UsageError(`${command}: ${argsErrorMessage(error)}; see gecscore help ${command}`);
  }
}

/**
 * One line saying what `parseArgs` found wrong, without its multi-line advice; an option
 * followed by a value that starts with a dash says how to write such a value.
 *
 * @example Usage
 * ```ts
 * import { argsErrorMessage } from "./args.ts";
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

/** The `--plugin` line of every command's help. */
export const PLUGIN_HELP: string =
  "  --plugin SPEC    load a metric/format plugin (path, file:/https: URL, npm:); it runs\n" +
  "                   boxed: no file, network, environment or subprocess access\n" +
  "  --plugin-timeout SECONDS  time limit of one plugin call (default 30)";

/**
 * The ids in repeated, comma-separated list options (`-m m2,gleu -m imeasure`), without
 * blanks and repeats; undefined when none is given.
 *
 * @example Usage
 * ```ts
 * import { splitList } from "./args.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(splitList(["m2, gleu", "m2"]), ["m2", "gleu"]);
 * assert.equal(splitList(undefined), undefined);
 * ```
 *
 * @param values The option's values.
 * @returns The ids.
 */
export function splitList(values: string[] | undefined): string[] | undefined {
  if (!values) return undefined;
  const ids = values.flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean);
  return ids.length ? [...new Set(ids)] : undefined;
}
