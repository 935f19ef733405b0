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
import type { Registry } from "./plugins/registry.ts";
import { escapeControls } from "./util/terminal_text.ts";
import { closest } from "./plugins/command_args.ts";

export { type Command, type CommandContext, type Io, processIo } from "./cli/command.ts";

/**
 * gecscore's own commands, by name: each loads its module when run, so a command does not
 * pay for the others (nor the REPL, nor their dependencies). Metrics and formats that bring
 * their own command (`m2scorer`, `errant_compare`) add it through the plugin contract
 * (`Plugin.commands`), and {@linkcode main} finds it in the registry.
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
  report: async () => {
    const { REPORT_HELP, reportCommand } = await import("./cli/report.ts");
    return {
      summary: "write one self-contained HTML page comparing systems (tables, charts, sentences)",
      help: REPORT_HELP,
      run: (args, { registry, io }) => reportCommand(args, { registry, io }),
    };
  },
  meta: async () => (await import("./cli/meta.ts")).metaCommand,
  tokenize: async () => (await import("./cli/tokenize.ts")).tokenizeCommand,
  "init-plugin": async () => (await import("./cli/init_plugin.ts")).initPluginCommand,
  repl: async () => {
    const { REPL_HELP, replMain } = await import("./repl.ts");
    return {
      summary: "explore a corpus interactively: sentences, alignments, scores, options",
      help: REPL_HELP,
      run: (args, { registry }) => replMain(args, { registry }),
    };
  },
};

/** The names of every command: gecscore's own, then those the plugins add. */
function commandNames(registry: Registry): string[] {
  return [...Object.keys(COMMANDS), ...registry.commands.map((c) => c.name)];
}

/**
 * Load a command by name: one of gecscore's own, else one a plugin added; an unknown name is
 * a usage error listing the commands.
 */
async function command(name: string, registry: Registry): Promise<Command> {
  if (Object.hasOwn(COMMANDS, name)) return await COMMANDS[name]();
  const added = registry.command(name);
  if (!added) {
    const guess = closest(name, commandNames(registry));
    throw new UsageError(
      `Unknown command "${name}"${guess ? ` (did you mean ${guess}?)` : ""}; commands: ${
        commandNames(registry).join(", ")
      }`,
    );
  }
  return {
    summary: added.summary,
    help: added.help,
    run: async (args, { io, registry }) => await added.run(args, io, { plugins: registry.plugins }),
  };
}

/** The built-in registry with the `--plugin`s loaded; a plugin may not take a command's name. */
async function loadRegistry(
  specs: string[],
  debug: boolean,
  timeoutMs: number | undefined,
  memoryMb?: number,
): Promise<Registry> {
  const { createRegistry } = await import("./builtin.ts");
  const { LANGUAGE_PACKS } = await import("./langs/mod.ts");
  const registry = createRegistry();
  for (const pack of LANGUAGE_PACKS) registry.use(pack);
  if (specs.length) {
    const { importPlugin, loadPlugin } = await import("./sandbox/loader.ts");
    for (const spec of specs) {
      // --debug: in this process, so that a crash has the plugin's own stack.
      registry.use(
        debug
          ? await importPlugin(spec)
          : await loadPlugin(spec, undefined, { timeoutMs, memoryMb }),
      );
    }
  }
  for (const added of registry.commands) {
    if (Object.hasOwn(COMMANDS, added.name) || added.name === "help") {
      const plugin = registry.pluginOf(added.name, "command")!;
      throw new UsageError(
        `Plugin ${plugin.name} ${plugin.version} adds command "${added.name}", which is one ` +
          `of gecscore's own; a plugin command needs another name`,
      );
    }
  }
  return registry;
}

async function mainHelp(registry: Registry): Promise<string> {
  const names = commandNames(registry);
  const width = Math.max(...names.map((k) => k.length));
  const lines = [];
  for (const name of names) {
    lines.push(`  ${name.padEnd(width)}  ${(await command(name, registry)).summary}`);
  }
  return `gecscore: score grammatical error correction systems (M2, I-measure, GLEU and plugins)

Usage: gecscore [--plugin SPEC]... [--plugin-timeout SECONDS] [--plugin-memory MB] [--debug]
                COMMAND [ARGS]
       gecscore --version

Commands:
${lines.join("\n")}
  ${"help".padEnd(width)}  help on a command: gecscore help COMMAND

Options before or after the command:
  --plugin SPEC             load a metric/format plugin (path, file:/https: URL, npm:); it
                            runs boxed in a worker without permissions
  --plugin-timeout SECONDS  time limit of one plugin call (default 30)
  --plugin-memory MB        memory limit of a boxed plugin (default 1024)
  --debug                   print the stack of a crash; plugins then run in this process
                            (unboxed, with its permissions) so that their stacks can be shown
  --version                 print the version

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

/** The MB of `--plugin-memory`, checked for form (the box checks the range). */
function memoryMegabytes(value: string | undefined): number {
  if (value === undefined || !/^\s*\d+\s*$/.test(value) || Number(value) < 16) {
    throw new UsageError(
      `--plugin-memory needs a whole number of MB, at least 16, found ${
        value === undefined ? "nothing" : JSON.stringify(value)
      }`,
    );
  }
  return Number(value);
}

/**
 * Pull every `--plugin SPEC` / `--plugin=SPEC`, `--plugin-timeout SECONDS` and
 * `--plugin-memory MB` out of the arguments.
 */
function extractPlugins(
  args: string[],
): { specs: string[]; rest: string[]; timeoutMs?: number; memoryMb?: number; debug: boolean } {
  const specs: string[] = [];
  const rest: string[] = [];
  let timeoutMs: number | undefined;
  let memoryMb: number | undefined;
  let debug = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      rest.push(...args.slice(i));
      break;
    }
    if (arg === "--debug") debug = true;
    else if (arg === "--plugin-timeout") {
      timeoutMs = timeoutSeconds(args[++i]) * 1000;
    } else if (arg.startsWith("--plugin-timeout=")) {
      timeoutMs = timeoutSeconds(arg.slice("--plugin-timeout=".length)) * 1000;
    } else if (arg === "--plugin-memory") {
      memoryMb = memoryMegabytes(args[++i]);
    } else if (arg.startsWith("--plugin-memory=")) {
      memoryMb = memoryMegabytes(arg.slice("--plugin-memory=".length));
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
  return { specs, rest, timeoutMs, memoryMb, debug };
}

/**
 * The plugin a crash happened in: the first stack frame in a loaded plugin's folder, else in a
 * file outside gecscore's own folder; undefined when the crash is gecscore's own.
 */
function crashSite(error: unknown, specs: string[], pluginUrl: (spec: string) => string) {
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
    const { rest, timeoutMs, memoryMb } = extracted;
    const [name, ...commandArgs] = rest;
    if (name === "--version" || name === "-V") {
      const { VERSION } = await import("./util/version.ts");
      io.out(`gecscore ${VERSION}\n`);
      return 0;
    }
    if (name === "help" && commandArgs.length > 1) {
      throw new UsageError(`Usage: gecscore help [COMMAND], got ${commandArgs.length} topics`);
    }
    // gecscore's own commands load their module before the plugins; the plugins' commands
    // are known once the registry is.
    const own = name !== undefined && Object.hasOwn(COMMANDS, name)
      ? await COMMANDS[name]()
      : undefined;
    const replLoadsPlugins = name === "repl" && !debug && specs.length > 0;
    const registry = await loadRegistry(
      replLoadsPlugins ? [] : specs,
      debug,
      timeoutMs,
      memoryMb,
    );
    if (name === undefined) {
      throw new UsageError(
        `Give a command: ${commandNames(registry).join(", ")}; see gecscore help`,
      );
    }
    if (name === "-h" || name === "--help") {
      io.out(await mainHelp(registry));
      return 0;
    }
    if (name === "help") {
      const topic = commandArgs[0];
      io.out(
        topic === undefined ? await mainHelp(registry) : (await command(topic, registry)).help,
      );
      return 0;
    }
    const run = own ?? await command(name, registry);
    if (replLoadsPlugins) {
      // The REPL loads its plugins itself, saying "Loaded plugin ..." for each.
      const given = specs.flatMap((spec) => ["--plugin", spec]);
      const timeout = timeoutMs === undefined ? [] : ["--plugin-timeout", `${timeoutMs / 1000}`];
      const memory = memoryMb === undefined ? [] : ["--plugin-memory", `${memoryMb}`];
      return await run.run([...given, ...timeout, ...memory, ...commandArgs], { registry, io });
    }
    return await run.run(commandArgs, { registry, io });
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
    if (error instanceof PluginError) {
      const hint = !debug && / threw /.test(error.message) ? " (--debug shows the stack)" : "";
      io.err(`gecscore: ${oneLine(error.message)}${hint}\n`);
      if (debug) {
        const cause = (error as { cause?: unknown }).cause;
        io.err(`${cause instanceof Error ? cause.stack : error.stack}\n`);
      }
      return 1;
    }
    if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
      io.err(
        `gecscore: permission needed: ${escapeControls((error as Error).message.split("\n")[0])}\n`,
      );
      return 1;
    }
    const message = oneLine(
      error instanceof Error ? error.message.split("\n")[0] : String(error),
    );
    const { pluginUrl } = await import("./sandbox/loader.ts");
    const site = crashSite(error, specs, pluginUrl);
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

/**
 * A message on one line, whatever the file names and lines quoted in it contain: newlines as
 * `\n`, other control and bidirectional characters as escapes.
 */
function oneLine(message: string): string {
  return escapeControls(message.replace(/\r?\n|\r/g, "\\n"));
}

if (import.meta.main) Deno.exit(await main(Deno.args));
