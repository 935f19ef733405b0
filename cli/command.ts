/**
 * What every `gecscore` command is: its output ({@linkcode Io}), its context (the
 * registry) and its shape ({@linkcode Command}).
 *
 * @module
 */

import type { Registry } from "../plugins/registry.ts";
import { terminalSafe } from "../util/terminal_text.ts";

/** Where a command writes: injectable for tests. */
export interface Io {
  /** Write to standard output. */
  out(text: string): void;
  /** Write to standard error. */
  err(text: string): void;
}

const encoder = new TextEncoder();

/** Whether each stream is a terminal, asked once. */
let terminal: { out: boolean; err: boolean } | undefined;
function onTerminal(): { out: boolean; err: boolean } {
  if (terminal) return terminal;
  const is = (stream: { isTerminal(): boolean }) => {
    try {
      return stream.isTerminal();
    } catch {
      return false;
    }
  };
  return terminal = { out: is(Deno.stdout), err: is(Deno.stderr) };
}

/**
 * The process' standard output and error. On a terminal, control characters that came from
 * files (ESC, BEL, right-to-left overrides) are shown as escapes, never sent raw.
 */
export const processIo: Io = {
  out: (text) => writeAll(Deno.stdout, onTerminal().out ? terminalSafe(text) : text),
  err: (text) => {
    try {
      writeAll(Deno.stderr, onTerminal().err ? terminalSafe(text, true) : text);
    } catch (error) {
      // Nobody reads the errors any more (`2>&1 | head`): nothing else to do.
      if (!(error instanceof Deno.errors.BrokenPipe)) throw error;
    }
  },
};

function writeAll(stream: { writeSync(p: Uint8Array): number }, text: string): void {
  let bytes = encoder.encode(text);
  while (bytes.length) bytes = bytes.subarray(stream.writeSync(bytes));
}

/** A subcommand. */
export interface Command {
  /** One line for the command list. */
  summary: string;
  /** The full help text. */
  help: string;
  /** Run it with the arguments after its name; returns the exit status. */
  run(args: string[], context: CommandContext): Promise<number>;
}

/** What every command gets: the registry (built-ins plus `--plugin`s) and its output. */
export interface CommandContext {
  /** The registry, with plugins loaded. */
  registry: Registry;
  /** Output. */
  io: Io;
}
