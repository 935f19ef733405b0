/**
 * `m2scorerCommand()` with the runner `gecscore m2scorer` has (`builtin.ts`): the tests call the
 * command as the command line does, through the run model.
 */
import type { CommandIo } from "../plugins/types.ts";
import { m2scorerCommand as command } from "../metrics/m2/m2scorer.ts";
import { dropInRunner } from "../pipeline/drop_in.ts";
import { createRegistry } from "../mod.ts";

const run = dropInRunner(() => createRegistry());

/**
 * Run `m2scorer` with these arguments.
 *
 * @param args The arguments after `m2scorer`.
 * @param io Where to write.
 * @returns The exit status.
 */
export function m2scorerCommand(args: string[], io: Partial<CommandIo>): Promise<number> {
  return command(args, io, run);
}
