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

import { createRegistry } from "./builtin.ts";
import { type Command, type Io, processIo } from "./cli/command.ts";
import { CONVERT_HELP, convertCommand } from "./cli/convert.ts";
import { listCommand } from "./cli/list.ts";
import { metaCommand } from "./cli/meta.ts";
import { M2SCORER_USAGE, m2scorerCommand } from "./cli/m2scorer.ts";
import { scoreCommand } from "./cli/score.ts";
import { showCommand } from "./cli/show.ts";
import { InputError, PluginError, UsageError } from "./plugins/errors.ts";
import { loadPlugin } from "./plugins/loader.ts";
import { REPL_HELP, replMain } from "./repl.ts";

export { type Command, type CommandContext, type Io, processIo } from "./cli/command.ts";

/**
 * The commands, by name. Metrics and formats that bring their own command add it here.
 */
export const COMMANDS: Record<string, Command> = {
  score: scoreCommand,
  show: showCommand,
  list: listCommand,
  convert: {
    summary: "convert a gold file between formats (M2 <-> I-measure XML)",
    help: CONVERT_HELP,
    run: (args, { registry, io }) => convertCommand(args, { registry, io }),
  },
  m2scorer: {
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
  },
  meta: metaCommand,
  repl: {
    summary: "explore a corpus interactively: sentences, alignments, scores, options",
    help: REPL_HELP,
    run: (args, { registry }) => replMain(args, { registry }),
  },
};

function mainHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  return `gecscore: score grammatical error correction systems (M2, I-measure, GLEU and plugins)

Usage: gecscore [--plugin SPEC]... [--plugin-timeout SECONDS] COMMAND [ARGS]

Commands:
${Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`).join("\n")}
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
      io.out(mainHelp());
      return 0;
    }
    if (name === "help") {
      const topic = commandArgs[0];
      if (topic === undefined) io.out(mainHelp());
      else if (COMMANDS[topic]) io.out(COMMANDS[topic].help);
      else {throw new UsageError(
          `Unknown command "${topic}"; commands: ${Object.keys(COMMANDS).join(", ")}`,
        );}
      return 0;
    }
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!command) {
      throw new UsageError(
        `Unknown command "${name}"; commands: ${Object.keys(COMMANDS).join(", ")}`,
      );
    }
    const registry = createRegistry();
    for (const spec of specs) registry.use(await loadPlugin(spec, undefined, { timeoutMs }));
    return await command.run(commandArgs, { registry, io });
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
