/**
 * REPL command `help`: the command list, or one command's details.
 *
 * @module
 */

import { UsageError } from "../../plugins/errors.ts";
import { canonical, type CommandTable, findCommand, type ReplCommand } from "../command.ts";

/** `help [COMMAND]`. */
export const helpCommand: ReplCommand = {
  aliases: ["?"],
  usage: "[COMMAND]",
  summary: "list the commands, or describe one",
  run: (_s, args, _rest, table) => helpText(table, args[0]),
};

/**
 * The `help` text: every command with its synopsis, or one command's details.
 *
 * @example Usage
 * ```ts
 * import { helpText } from "./help.ts";
 * import assert from "node:assert/strict";
 *
 * const quit = { aliases: ["q"], usage: "", summary: "leave", run: () => "" };
 * assert.match(helpText({ quit }), /quit +leave/);
 * assert.equal(helpText({ quit }, "q"), "quit\n  leave\n  Aliases: q");
 * ```
 *
 * @param table The command table.
 * @param topic A command name or alias (default: list them all).
 * @returns The text.
 */
export function helpText(table: CommandTable, topic?: string): string {
  if (topic === undefined) {
    const rows = Object.entries(table).map(([name, c]) => [
      `${name} ${c.usage}`.trim(),
      c.summary,
    ]);
    const width = 30;
    return [
      "Commands (help CMD for more; a bare number N is goto N):",
      ...rows.map(([u, s]) =>
        u.length <= width ? `  ${u.padEnd(width)}  ${s}` : `  ${u}\n  ${"".padEnd(width)}  ${s}`
      ),
    ].join("\n");
  }
  const command = findCommand(table, topic.toLowerCase());
  if (!command) {
    throw new UsageError(
      `Unknown command "${topic}"; commands: ${Object.keys(table).join(", ")}`,
    );
  }
  const name = canonical(table, command);
  return [
    `${name} ${command.usage}`.trim(),
    `  ${command.summary}`,
    ...(command.aliases?.length ? [`  Aliases: ${command.aliases.join(", ")}`] : []),
    ...(command.details ? ["", ...command.details.split("\n").map((l) => `  ${l}`)] : []),
  ].join("\n");
}
