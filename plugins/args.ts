/**
 * Command-line argument parsing shared by every command: `parseArgs` from `node:util` in
 * strict mode, with its errors turned into one-line usage errors naming the command.
 *
 * @module
 */

import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./errors.ts";

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
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new UsageError(
      `${command}: ${message.replace(/\. To specify.*$/, "")}; see gecscore help ${command}`,
    );
  }
}
