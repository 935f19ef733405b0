/**
 * The `gecscore` command line: `score`, `show`, `list`, and the commands that the metrics and
 * formats add (`m2scorer`, `convert`, `repl`). Exit status: 0 done, 1 bad input, 2 bad usage;
 * errors are one line on stderr.
 *
 * ```sh
 * deno run --allow-read cli.ts score --gold gold.m2 CAMB AMU --format json
 * ```
 *
 * @module
 */

import type { Command, Io } from "./cli/command.ts";
import { processIo } from "./cli/command.ts";
import { InputError, PluginError, UsageError } from "./plugins/errors.ts";

export { type Command, type CommandContext, type Io, processIo } from "./cli/command.ts";

/**
 * The commands, by name: each loads its module when run, so a command does not pay for the
 * others (nor the REPL, nor their dependencies). Metrics and formats that bring their own
 * command add it here.
 */
export const COMMANDS: Record<string, () => Promise<Command>> = {
  score: async () => (await import("./cli/score.ts")).scoreCommand,
  show: async () => (await import("./cli/show.ts")).showCommand,
  list: async () => (await import("./cli/list.ts")).listCommand,
  convert: async () => {
    const { CONVERT_HELP, convertCommand } = await import("./cli/convert.ts");
    return {
      summary: "convert a gold file between formats (M2 <-> I-measure XML)",
      help: CONVERT_HELP,
      run: (args, { registry, io }) => convertCommand(args, { registry, io }),
    };
  },
  m2scorer: async () => {
    const { M2SCORER_USAGE, m2scorerCommand } = await import("./cli/m2scorer.ts");
    return {
      summary: "drop-in for the NUS m2scorer: same arguments, same output",
      help: `${M2SCORER_USAGE}

Score SYSTEM (one sentence per line) against SOURCE_GOLD (M2) exactly as the NUS m2scorer 3.2
does, and print its three lines (Precision, Recall, F_beta).
  -v, --verbose                 the per-sentence trace the reference prints with -v
  --max_unchanged_words N       most unchanged tokens in a merged edit (default 2)
  --beta B                      F-score beta (default 0.5)
  --ignore_whitespace_casing    drop edits that only change whitespace or casing
`,
      run: (args, { io }) => m2scorerCommand(args, io),
    };
  },
  report: async () => {
    const { REPORT_HELP, reportCommand } = await import("./cli/report.ts");
    return {
      summary: "write one self-contained HTML page comparing systems (tables, charts, sentences)",
      help: REPORT_HELP,
      run: (args, { registry, io }) => reportCommand(args, { registry, io }),
    };
  },
  errant_compare: async () => (await import("./cli/errant_compare.ts")).errantCompareCommand,
  meta: async () => (await import("./cli/meta.ts")).metaCommand,
  repl: async () => {
    const { REPL_HELP, replMain } = await import("./repl.ts");
    return {
      summary: "explore a corpus interactively: sentences, alignments, scores, options",
      help: REPL_HELP,
      run: (args, { registry }) => replMain(args, { registry }),
    };
  },
};

/** Load a command by name; an unknown name is a usage error listing the commands. */
async function command(name: string): Promise<Command> {
  if (!Object.hasOwn(COMMANDS, name)) {
    throw new UsageError(
      `Unknown command "${name}"; commands: ${Object.keys(COMMANDS).join(", ")}`,
    );
  }
  return await COMMANDS[name]();
}

async function mainHelp(): Promise<string> {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  const lines = [];
  for (const name of Object.keys(COMMANDS)) {
    lines.push(`  ${name.padEnd(width)}  ${(await command(name)).summary}`);
  }
  return `gecscore: score grammatical error correction systems (M2, I-measure, GLEU and plugins)

Usage: gecscore [--plugin SPEC]... [--plugin-timeout SECONDS] COMMAND [ARGS]

Commands:
${lines.join("\n")}
  ${"help".padEnd(width)}  help on a command: gecscore help COMMAND

Exit status: 0 done, 1 bad input, 2 bad usage.
`;
}

/** The seconds of `--plugin-timeout`, checked. */
function timeoutSeconds(value: string | undefined): number {
  const seconds = value !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!(seconds > 0)) {
    throw new UsageError(
      `--plugin-timeout needs a number of seconds greater than 0, found ${
        value === undefined ? "nothing" : JSON.stringify(value)
      }`,
    );
  }
  return seconds;
}

/**
 * Pull every `--plugin SPEC` / `--plugin=SPEC` and `--plugin-timeout SECONDS` out of the
 * arguments.
 */
function extractPlugins(
  args: string[],
): { specs: string[]; rest: string[]; timeoutMs?: number } {
  const specs: string[] = [];
  const rest: string[] = [];
  let timeoutMs: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      rest.push(...args.slice(i));
      break;
    }
    if (arg === "--plugin-timeout") {
      timeoutMs = timeoutSeconds(args[++i]) * 1000;
    } else if (arg.startsWith("--plugin-timeout=")) {
      timeoutMs = timeoutSeconds(arg.slice("--plugin-timeout=".length)) * 1000;
    } else if (arg === "--plugin") {
      if (i + 1 >= args.length || args[i + 1].startsWith("-")) {
        throw new UsageError("--plugin needs a specifier (a path, file:/https: URL or npm:)");
      }
      specs.push(args[++i]);
    } else if (arg.startsWith("--plugin=")) {
      const spec = arg.slice("--plugin=".length);
      if (!spec) {
        throw new UsageError("--plugin needs a specifier (a path, file:/https: URL or npm:)");
      }
      specs.push(spec);
    } else rest.push(arg);
  }
  return { specs, rest, timeoutMs };
}

/**
 * Run the command line: returns the exit status. User errors (bad input, bad usage) are one
 * line on `io.err`; nothing is written to `io.out` unless the command succeeds.
 *
 * @example Usage
 * ```ts
 * import { main } from "./cli.ts";
 * import assert from "node:assert/strict";
 *
 * let out = "", err = "";
 * const io = { out: (t: string) => out += t, err: (t: string) => err += t };
 * assert.equal(await main(["list"], io), 0);
 * assert.match(out, /Formats:/);
 * assert.equal(await main(["nonsense"], io), 2);
 * assert.match(err, /^gecscore: Unknown command "nonsense"/);
 * ```
 *
 * @param args The arguments (without the program name).
 * @param io Where to write.
 * @returns The exit status.
 */
export async function main(args: string[], io: Io = processIo): Promise<number> {
  try {
    const { specs, rest, timeoutMs } = extractPlugins(args);
    const [name, ...commandArgs] = rest;
    if (name === undefined) {
      throw new UsageError(
        `Give a command: ${Object.keys(COMMANDS).join(", ")}; see gecscore help`,
      );
    }
    if (name === "-h" || name === "--help") {
      io.out(await mainHelp());
      return 0;
    }
    if (name === "help") {
      const topic = commandArgs[0];
      if (commandArgs.length > 1) {
        throw new UsageError(`Usage: gecscore help [COMMAND], got ${commandArgs.length} topics`);
      }
      io.out(topic === undefined ? await mainHelp() : (await command(topic)).help);
      return 0;
    }
    const run = await command(name);
    const { createRegistry } = await import("./builtin.ts");
    const registry = createRegistry();
    if (specs.length) {
      const { loadPlugin } = await import("./plugins/loader.ts");
      for (const spec of specs) registry.use(await loadPlugin(spec, undefined, { timeoutMs }));
    }
    return await run.run(commandArgs, { registry, io });
  } catch (error) {
    // The reader of standard output went away (`| head`): it has what it wanted.
    if (error instanceof Deno.errors.BrokenPipe) return 0;
    if (error instanceof UsageError) {
      io.err(`gecscore: ${oneLine(error.message)}\n`);
      return 2;
    }
    if (error instanceof InputError || error instanceof PluginError) {
      io.err(`gecscore: ${oneLine(error.message)}\n`);
      return 1;
    }
    if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
      io.err(`gecscore: permission needed: ${(error as Error).message.split("\n")[0]}\n`);
      return 1;
    }
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    io.err(`gecscore: internal error (please report it): ${message}\n`);
    return 1;
  }
}

/** A message on one line, whatever the file names in it contain. */
function oneLine(message: string): string {
  return message.replace(/\r?\n|\r/g, "\\n");
}

if (import.meta.main) Deno.exit(await main(Deno.args));
