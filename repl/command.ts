/**
 * The shape of a REPL command and of the command table, and lookups in it. Adding a command:
 * write it in a file of `repl/commands/` and add it to the table in `repl/commands/mod.ts`.
 *
 * @module
 */

import type { SessionState } from "./state.ts";

/** One REPL command: an entry of the command table. */
export interface ReplCommand {
  /** Other names. */
  aliases?: string[];
  /** Argument synopsis. */
  usage: string;
  /** One line. */
  summary: string;
  /** More lines for `help CMD`. */
  details?: string;
  /**
   * Run with the words after the name and the raw rest of the line; `table` is the
   * command table the line was looked up in (for `help`).
   */
  run(
    session: SessionState,
    args: string[],
    rest: string,
    table: CommandTable,
  ): string | Promise<string>;
}

/** The commands by name, in the order `help` lists them. */
export type CommandTable = Record<string, ReplCommand>;

/**
 * The command a name or alias stands for.
 *
 * @example Usage
 * ```ts
 * import { findCommand } from "./command.ts";
 * import assert from "node:assert/strict";
 *
 * const quit = { aliases: ["q"], usage: "", summary: "leave", run: () => "" };
 * assert.equal(findCommand({ quit }, "q"), quit);
 * assert.equal(findCommand({ quit }, "x"), undefined);
 * ```
 *
 * @param table The command table.
 * @param name A name or alias (lower case).
 * @returns The command, or undefined.
 */
export function findCommand(table: CommandTable, name: string): ReplCommand | undefined {
  if (Object.hasOwn(table, name)) return table[name];
  return Object.values(table).find((c) => c.aliases?.includes(name));
}

/**
 * A command's name in the table (not an alias).
 *
 * @example Usage
 * ```ts
 * import { canonical } from "./command.ts";
 * import assert from "node:assert/strict";
 *
 * const quit = { aliases: ["q"], usage: "", summary: "leave", run: () => "" };
 * assert.equal(canonical({ quit }, quit), "quit");
 * ```
 *
 * @param table The command table.
 * @param command The command.
 * @returns Its name.
 */
export function canonical(table: CommandTable, command: ReplCommand): string {
  return Object.entries(table).find(([, c]) => c === command)![0];
}
