/**
 * ERRANT's commands as plugin commands of the built-in plugin (`gecscore errant_parallel`,
 * `gecscore errant_m2`): their names, usage and help. The annotator itself
 * ({@link ./commands.ts}) is loaded when one of them runs, so that registering them costs
 * nothing to commands that never annotate.
 *
 * @module
 */

import type { PluginCommand } from "../plugins/types.ts";
import { ERRANT_M2_HELP, ERRANT_PARALLEL_HELP } from "./command_help.ts";

/** `gecscore errant_parallel`, as a plugin command of the built-in plugin. */
export const errantParallelDropIn: PluginCommand = {
  name: "errant_parallel",
  summary: "drop-in for ERRANT's errant_parallel: annotate corrected texts into an M2 file",
  help: ERRANT_PARALLEL_HELP,
  run: async (args, io, context) =>
    (await import("./commands.ts")).errantParallelCommand(args, io, context),
};

/** `gecscore errant_m2`, as a plugin command of the built-in plugin. */
export const errantM2DropIn: PluginCommand = {
  name: "errant_m2",
  summary: "drop-in for ERRANT's errant_m2: re-annotate an M2 file (-gold or -auto)",
  help: ERRANT_M2_HELP,
  run: async (args, io, context) =>
    (await import("./commands.ts")).errantM2Command(args, io, context),
};
