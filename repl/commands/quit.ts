/**
 * REPL command `quit`.
 *
 * @module
 */

import type { ReplCommand } from "../command.ts";

/** `quit`. */
export const quitCommand: ReplCommand = {
  aliases: ["q", "exit"],
  usage: "",
  summary: "leave",
  run: (s) => {
    s.done = true;
    return "";
  },
};
