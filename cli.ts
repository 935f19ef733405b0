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
import { initPluginCommand } from "./cli/init_plugin.ts";
import { InputError, UsageError } from "./plugins/errors.ts";
import { loadPlugin, pluginUrl } from "./plugins/loader.ts";
import { VERSION } from "./util/version.ts";
import { REPL_HELP, replMain } from "./repl.ts";
import { REPORT_HELP, reportCommand } from "./cli/report.ts";
import { errantCompareCommand } from "./cli/errant_compare.ts";

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
  --very_verbose                the same trace (the reference adds dumps of its edit
                                lattice, which gecscore does not build the same way)
  --max_unchanged_words N       most unchanged tokens in a merged edit (default 2)
  --beta B                      F-score beta (default 0.5)
  --ignore_whitespace_casing    drop edits that only change whitespace or casing
  --timeout SECONDS             accepted as in the Python 3 m2scorer, which skips a
                                sentence scored slower than this; gecscore scores every
                                sentence and warns about those that took longer
The Python 3 m2scorer's spellings --max-unchanged-words and --ignore-whitespace-casing work too.
`,
    run: (args, { io }) => m2scorerCommand(args, io),
  },
  report: {
    summary: "write one self-contained HTML page comparing systems (tables, charts, sentences)",
    help: REPORT_HELP,
    run: (args, { registry, io }) => reportCommand(args, { registry, io }),
  },
  errant_compare: errantCompareCommand,
  meta: metaCommand,
  repl: {
    summary: "explore a corpus interactively: sentences, alignments, scores, options",
    help: REPL_HELP,
    run: (args, { registry }) => replMain(args, { registry }),
  },
  "init-plugin": initPluginCommand,
};

function mainHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  return `gecscore: score grammatical error correction systems (M2, I-measure, GLEU and plugins)

Usage: gecscore [--plugin SPEC]... [--debug] COMMAND [ARGS]
       gecscore --version

Commands:
${Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`).join("\n")}
  ${"help".padEnd(width)}  help on a command: gecscore help COMMAND

Options before or after the command:
  --plugin SPEC  load a metric/format plugin (path, file:/https: URL, npm:), repeatable
  --debug        print the stack of a crash (a plugin's or gecscore's)
  --version      print the version

Exit status: 0 done, 1 bad input, 2 bad usage.
`;
}

/** Pull every `--plugin SPEC` / `--plugin=SPEC` and `--debug` out of the arguments. */
function extractPlugins(args: string[]): { specs: string[]; rest: string[]; debug: boolean } {
  const specs: string[] = [];
  const rest: string[] = [];
  let debug = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      rest.push(...args.slice(i));
      break;
    }
    if (arg === "--debug") debug = true;
    else if (arg === "--plugin") {
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
  return { specs, rest, debug };
}

/**
 * The plugin a crash happened in: the first stack frame in a loaded plugin's folder, else in a
 * file outside gecscore's own folder; undefined when the crash is gecscore's own.
 */
function crashSite(error: unknown, specs: string[]): string | undefined {
  const stack = error instanceof Error ? error.stack ?? "" : "";
  const frames = [...stack.matchAll(/((?:file|https?|npm):[^\s)]+?):\d+:\d+/g)].map((m) => m[1]);
  for (const frame of frames) {
    for (const spec of specs) {
      let url: string;
      try {
        url = pluginUrl(spec);
      } catch {
        continue;
      }
      if (frame === url || frame.startsWith(url.slice(0, url.lastIndexOf("/") + 1))) return spec;
    }
  }
  const home = new URL(".", import.meta.url).href;
  const outside = frames.find((f) => !f.startsWith(home) && !f.startsWith("ext:"));
  return specs.length && outside ? outside : undefined;
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
  let specs: string[] = [], debug = false;
  try {
    const extracted = extractPlugins(args);
    ({ specs, debug } = extracted);
    const { rest } = extracted;
    const [name, ...commandArgs] = rest;
    if (name === "--version" || name === "-V") {
      io.out(`gecscore ${VERSION}\n`);
      return 0;
    }
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
      if (commandArgs.length > 1) {
        throw new UsageError(`Usage: gecscore help [COMMAND], got ${commandArgs.length} topics`);
      }
      if (topic === undefined) io.out(mainHelp());
      else if (Object.hasOwn(COMMANDS, topic)) io.out(COMMANDS[topic].help);
      else {
        throw new UsageError(
          `Unknown command "${topic}"; commands: ${Object.keys(COMMANDS).join(", ")}`,
        );
      }
      return 0;
    }
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!command) {
      throw new UsageError(
        `Unknown command "${name}"; commands: ${Object.keys(COMMANDS).join(", ")}`,
      );
    }
    const registry = createRegistry();
    for (const spec of specs) registry.use(await loadPlugin(spec));
    return await command.run(commandArgs, { registry, io });
  } catch (error) {
    // The reader of standard output went away (`| head`): it has what it wanted.
    if (error instanceof Deno.errors.BrokenPipe) return 0;
    if (error instanceof UsageError) {
      io.err(`gecscore: ${oneLine(error.message)}\n`);
      return 2;
    }
    if (error instanceof InputError) {
      io.err(`gecscore: ${oneLine(error.message)}\n`);
      return 1;
    }
    if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
      io.err(`gecscore: permission needed: ${(error as Error).message.split("\n")[0]}\n`);
      return 1;
    }
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    const site = crashSite(error, specs);
    const hint = debug ? "" : " (--debug shows the stack)";
    io.err(
      site
        ? `gecscore: plugin ${site} crashed: ${message}${hint}\n`
        : `gecscore: internal error (please report it): ${message}${hint}\n`,
    );
    if (debug) io.err(`${error instanceof Error ? error.stack : String(error)}\n`);
    return 1;
  }
}

/** A message on one line, whatever the file names in it contain. */
function oneLine(message: string): string {
  return message.replace(/\r?\n|\r/g, "\\n");
}

if (import.meta.main) Deno.exit(await main(Deno.args));
