/**
 * What every `gecscore` command is: its output ({@linkcode Io}), its context (the
 * registry) and its shape ({@linkcode Command}).
 *
 * @module
 */

import type { Registry } from "../plugins/registry.ts";

/** Where a command writes: injectable for tests. */
export interface Io {
  /** Write to standard output. */
  out(text: string): void;
  /** Write to standard error. */
  err(text: string): void;
}

const encoder = new TextEncoder();

/** The process' standard output and error. */
export const processIo: Io = {
  out: (text) => writeAll(Deno.stdout, text),
  err: (text) => {
    try {
      writeAll(Deno.stderr, text);
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
