/**
 * Command-line argument parsing shared by every command: `parseArgs` from `node:util` in
 * strict mode, with its errors turned into one-line usage errors naming the command.
 *
 * @module
 */

import { parseArgs, type ParseArgsConfig } from "node:util";
import { argsErrorMessage } from "../plugins/command_args.ts";
import { UsageError } from "../plugins/errors.ts";

export { argsErrorMessage };

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
    throw new UsageError(
      `${command}: ${argsErrorMessage(error, config.options)}; see gecscore help ${command}`,
    );
  }
}

/** The `--plugin` line of every command's help. */
export const PLUGIN_HELP: string =
  "  --plugin SPEC    load a metric/format plugin (path, file:/https: URL, npm:); it runs\n" +
  "                   boxed: no file, network, environment or subprocess access\n" +
  "  --plugin-timeout SECONDS  time limit of one plugin call (default 30)\n" +
  "  --plugin-memory MB        memory limit of a boxed plugin (default 1024)";

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
