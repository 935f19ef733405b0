/**
 * The REPL's command table. A new command: write it in a file of this folder (or add it to
 * the file of its family) and give it an entry here; the order is the order `help` lists.
 *
 * @module
 */

import type { CommandTable } from "../command.ts";
import { helpCommand } from "./help.ts";
import { loadCommand, metricsCommand, systemsCommand } from "./load.ts";
import {
  findSentenceCommand,
  gotoCommand,
  nextCommand,
  prevCommand,
  showCommand,
} from "./navigate.ts";
import { alignCommand, corpusCommand, scoreCommand, tryCommand } from "./inspect.ts";
import { resetCommand, setCommand } from "./options.ts";
import { quitCommand } from "./quit.ts";
import { ciCommand, compareCommand } from "./significance.ts";
import { editsCommand } from "./views.ts";

/** Every REPL command by name. */
export const COMMANDS: CommandTable = {
  help: helpCommand,
  load: loadCommand,
  systems: systemsCommand,
  metrics: metricsCommand,
  show: showCommand,
  next: nextCommand,
  prev: prevCommand,
  goto: gotoCommand,
  find: findSentenceCommand,
  align: alignCommand,
  edits: editsCommand,
  score: scoreCommand,
  try: tryCommand,
  set: setCommand,
  reset: resetCommand,
  corpus: corpusCommand,
  ci: ciCommand,
  compare: compareCommand,
  quit: quitCommand,
};
