/**
 * The gecscore REPL: step through a corpus, see each metric's alignment, compare metrics on
 * one sentence, score hypotheses typed at the prompt, change metric options on the fly.
 *
 * ```sh
 * deno run --allow-read repl.ts --gold gold.m2 CAMB AMU       # or: gecscore repl ...
 * echo "goto 3
 * score" | deno run --allow-read repl.ts --gold gold.m2 CAMB  # scripted: no prompts
 * ```
 *
 * On a terminal it has line editing, tab completion (commands, metric ids, option names,
 * system names, paths) and a history kept in `~/.gecscore_history` when `--allow-env` and
 * `--allow-write` permit it (otherwise the history lasts the session). Colour only on a
 * terminal and never with `NO_COLOR`. With commands piped on stdin it prints only their
 * output; the exit status is 1 when any command failed.
 *
 * @module
 */

import { terminalSafe } from "./util/terminal_text.ts";
import { parseArgs } from "node:util";
import { argsErrorMessage } from "./cli/args.ts";
import { stderrProgress } from "./cli/progress.ts";
import { createInterface } from "node:readline/promises";
import process from "node:process";
import { InputError, PluginError, UsageError } from "./plugins/errors.ts";
import type { Registry } from "./plugins/registry.ts";
import { Session } from "./repl/session.ts";
import { presetAssignments } from "./pipeline/benchmarks.ts";
import { onPluginRunsOn, onRunawayPlugin } from "./sandbox/host.ts";

export { Session, type SessionOptions } from "./repl/session.ts";

/** `gecscore repl --help`. */
export const REPL_HELP = `Usage:
  gecscore repl [--gold GOLD | --src SRC --ref REF...] [HYP...] [--plugin SPEC]...
  deno run --allow-read repl.ts [--gold GOLD] [HYP...] [--plugin SPEC]...

An interactive explorer: move through the gold's sentences, see the references and each
system's changes, each metric's alignment and sentence scores side by side, score a sentence
you type, change metric options live. Type "help" at the prompt for the commands.

Commands piped on stdin run without prompts; the exit status is 1 if any failed. On a
terminal, Ctrl-C cancels a long command (corpus, find disagree, ci, compare) and the session
goes on. History is kept in ~/.gecscore_history when permissions allow (--allow-env=HOME and
--allow-write for that file).

Options:
  --gold FILE      load this gold file first
  --gold-format ID the gold's format (default: by name and content)
  --system-format ID
                   the format of the HYP files (default: by name and content, else plain
                   text)
  --src FILE, --ref FILE
                   or plain-text source and reference files (--ref repeated)
  -q, --quiet      no warnings on stderr
  --preset NAME    start with the options of a benchmark's published numbers: conll2014
                   (gleu.refs=conll2014, imeasure.mix=false); "set" changes them
  --plugin SPEC    load a metric/format plugin (path, file:/https: URL, npm:), repeatable;
                   it runs boxed: no file, network, environment or subprocess access
  --plugin-timeout SECONDS  time limit of one plugin call (default 30)
  --plugin-memory MB        memory limit of a boxed plugin (default 1024)
  --no-history     keep no history file
  -h, --help       this help
`;

const HISTORY_SIZE = 1000;
const encoder = new TextEncoder();

/**
 * Write all of `text`; on a terminal, control characters from files are shown as escapes
 * (but a progress bar's own carriage returns, with `allowCarriageReturn`).
 */
function write(
  stream: { writeSync(p: Uint8Array): number; isTerminal(): boolean },
  text: string,
  allowCarriageReturn = false,
): void {
  let bytes = encoder.encode(
    stream.isTerminal() ? terminalSafe(text, allowCarriageReturn) : text,
  );
  try {
    while (bytes.length) bytes = bytes.subarray(stream.writeSync(bytes));
  } catch (error) {
    // The reader went away (`| head`): stop quietly, as a pipe-killed program would.
    if (error instanceof Deno.errors.BrokenPipe) Deno.exit(0);
    throw error;
  }
}

function oneLine(error: unknown): string {
  if (error instanceof Error && error.name === "AbortError") return "cancelled (Ctrl-C)";
  // A plugin's fault (stopped at a limit, a bad result) names the plugin: not an internal error.
  if (error instanceof UsageError || error instanceof InputError || error instanceof PluginError) {
    return error.message;
  }
  if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
    return `permission needed: ${error.message.split("\n")[0]}`;
  }
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  return error instanceof Deno.errors.NotFound ? message : `internal error: ${message}`;
}

function granted(descriptor: Deno.PermissionDescriptor): boolean {
  try {
    return Deno.permissions.querySync(descriptor).state === "granted";
  } catch {
    return false;
  }
}

/**
 * Where the history lives: `~/.gecscore_history`, or undefined when permissions do not let
 * us read the home directory's name and write the file (never a permission prompt).
 */
function historyPath(): string | undefined {
  for (const variable of ["HOME", "USERPROFILE"]) {
    if (!granted({ name: "env", variable })) continue;
    const home = Deno.env.get(variable);
    if (!home) continue;
    const path = `${home.replace(/[\\/]$/, "")}/.gecscore_history`;
    return granted({ name: "write", path }) ? path : undefined;
  }
  return undefined;
}

/** The history, newest first; a file grown past twice the size is cut back. */
function readHistory(path: string): string[] {
  if (!granted({ name: "read", path })) return [];
  try {
    const lines = Deno.readTextFileSync(path).split("\n").filter((l) => l.trim() !== "");
    const kept = lines.slice(-HISTORY_SIZE);
    if (lines.length > 2 * HISTORY_SIZE) {
      Deno.writeTextFileSync(path, kept.join("\n") + "\n", { mode: 0o600 });
    }
    return kept.reverse();
  } catch {
    return [];
  }
}

function appendHistory(path: string, line: string): void {
  try {
    Deno.writeTextFileSync(path, line.replace(/\n/g, " ") + "\n", { append: true, mode: 0o600 });
  } catch {
    // No history is not an error.
  }
}

async function* stdinLines(): AsyncGenerator<string> {
  let buffer = "";
  for await (const chunk of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      yield buffer.slice(0, newline).replace(/\r$/, "");
      buffer = buffer.slice(newline + 1);
    }
  }
  if (buffer !== "") yield buffer;
}

/** Run one line; write its output or its one-line error. Returns false on error. */
async function runLine(
  session: Session,
  line: string,
  where: string,
  color: boolean,
  signal?: AbortSignal,
): Promise<boolean> {
  const fail = (what: string) => {
    const text = `error: ${where}${what}`;
    write(Deno.stderr, (color ? `\x1b[31m${text}\x1b[0m` : text) + "\n");
  };
  try {
    const out = await session.execute(line, { signal });
    if (out !== "") write(Deno.stdout, out + "\n");
    // Failures that did not stop the command (a metric that failed on one system).
    for (const failure of session.failures) fail(failure);
    return session.failures.length === 0;
  } catch (error) {
    fail(oneLine(error));
    return false;
  }
}

async function interactive(session: Session, useHistory: boolean): Promise<void> {
  const file = useHistory ? historyPath() : undefined;
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
    completer: (line: string) => session.complete(line),
    history: file ? readHistory(file) : [],
    historySize: HISTORY_SIZE,
    removeHistoryDuplicates: true,
  });
  let running: AbortController | undefined;
  rl.on("SIGINT", () => {
    // Ctrl-C cancels the command running, or drops the line being typed; Ctrl-D (end of
    // input) or quit leaves.
    write(Deno.stdout, "^C\n");
    if (running) {
      running.abort();
      return;
    }
    rl.write("", { ctrl: true, name: "e" });
    rl.write("", { ctrl: true, name: "u" });
    rl.prompt();
  });
  rl.setPrompt(session.prompt);
  rl.prompt();
  for await (const line of rl) {
    if (file && line.trim() !== "") appendHistory(file, line);
    running = new AbortController();
    await runLine(session, line, "", session.color, running.signal);
    running = undefined;
    if (session.done) break;
    rl.setPrompt(session.prompt);
    rl.prompt();
  }
  rl.close();
}

/**
 * Run the REPL with command-line arguments; returns the exit status (0 done; 1 a command or
 * a start-up load failed; 2 bad usage).
 *
 * @example Scripted use (stdin is not a terminal in tests)
 * ```ts ignore
 * // echo "goto 2\nscore" | deno run --allow-read repl.ts --gold gold.m2 SYSTEM
 * import { replMain } from "./repl.ts";
 * Deno.exit(await replMain(["--gold", "tests/testdata/m2scorer_example.m2"]));
 * ```
 *
 * @param args `[--gold GOLD] [HYP...] [--plugin SPEC]... [--no-history]`.
 * @param options A registry to use (default: a new one with the built-ins).
 * @returns The exit status.
 */
export async function replMain(
  args: string[],
  options: { registry?: Registry } = {},
): Promise<number> {
  let values, positionals;
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        gold: { type: "string" },
        "gold-format": { type: "string" },
        "system-format": { type: "string" },
        src: { type: "string" },
        ref: { type: "string", multiple: true },
        quiet: { type: "boolean", short: "q", default: false },
        preset: { type: "string" },
        plugin: { type: "string", multiple: true },
        "plugin-timeout": { type: "string" },
        "plugin-memory": { type: "string" },
        "no-history": { type: "boolean", default: false },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    write(Deno.stderr, `gecscore repl: ${argsErrorMessage(error)}; see gecscore repl --help\n`);
    return 2;
  }
  if (values.help) {
    write(Deno.stdout, REPL_HELP);
    return 0;
  }
  if (values.gold && (values.src || values.ref)) {
    write(Deno.stderr, "gecscore repl: give either --gold or --src with --ref, not both\n");
    return 2;
  }
  if (!values.src !== !values.ref?.length) {
    write(Deno.stderr, "gecscore repl: give --src SRC with at least one --ref REF\n");
    return 2;
  }
  if (positionals.length && !values.gold && !values.src) {
    write(
      Deno.stderr,
      "gecscore repl: system outputs need a gold: give --gold GOLD or --src SRC --ref REF\n",
    );
    return 2;
  }
  const timeout = values["plugin-timeout"];
  if (timeout !== undefined && !(/^\s*\d+(\.\d+)?\s*$/.test(timeout) && Number(timeout) > 0)) {
    write(
      Deno.stderr,
      `gecscore repl: --plugin-timeout needs a number of seconds greater than 0, found ${
        JSON.stringify(timeout)
      }\n`,
    );
    return 2;
  }
  const memory = values["plugin-memory"];
  if (memory !== undefined && !(/^\s*\d+\s*$/.test(memory) && Number(memory) >= 16)) {
    write(
      Deno.stderr,
      `gecscore repl: --plugin-memory needs a whole number of MB, at least 16, found ${
        JSON.stringify(memory)
      }\n`,
    );
    return 2;
  }
  // A plugin stopped mid-call whose thread runs on and grows past its limit again ends the
  // REPL here, with one line naming it (else V8's heap limit would end it with a native error).
  onRunawayPlugin((message) => {
    write(Deno.stderr, `gecscore repl: ${message}; ending the REPL\n`);
    Deno.exit(1);
  });
  // A plugin stopped mid-call may run on, out of reach (Deno cannot interrupt a busy worker):
  // say so once, with the way to get the CPU back.
  onPluginRunsOn((message) => {
    write(Deno.stderr, `warning: ${message}: leave the REPL (quit) to stop it\n`);
  });
  const tty = Deno.stdin.isTerminal();
  const color = tty && Deno.stdout.isTerminal() && !Deno.noColor;
  const session = new Session({
    registry: options.registry ?? await withLanguagePacks(),
    color,
    onWarning: (text) => write(Deno.stderr, text),
    quiet: values.quiet,
    progress: stderrProgress("computing", (text) => write(Deno.stderr, text, true)),
    pluginTimeoutMs: timeout === undefined ? undefined : Number(timeout) * 1000,
    pluginMemoryMb: memory === undefined ? undefined : Number(memory),
  });
  let preset: string[];
  try {
    preset = presetAssignments(values.preset);
  } catch (error) {
    write(Deno.stderr, `gecscore repl: ${oneLine(error)}\n`);
    return 2;
  }
  for (const assignment of preset) {
    const [, metric, name, value] = /^([^.]+)\.([^=]+)=(.*)$/.exec(assignment)!;
    session.setOption(metric, name, value);
  }
  const startup = [
    ...(values.plugin ?? []).map((spec) => () => session.loadPlugin(spec)),
    ...(values.gold ? [() => session.loadGold(values.gold!, values["gold-format"])] : []),
    ...(values.src ? [() => session.loadReferences(values.src!, values.ref ?? [])] : []),
    ...(positionals.length
      ? [() => session.loadHypotheses(positionals, values["system-format"])]
      : []),
  ];
  for (const load of startup) {
    try {
      write(Deno.stdout, (await load()) + "\n");
    } catch (error) {
      write(Deno.stderr, `gecscore repl: ${oneLine(error)}\n`);
      return error instanceof UsageError ? 2 : 1;
    }
  }
  if (tty) {
    write(Deno.stdout, 'Type "help" for the commands, Tab to complete, Ctrl-D to leave.\n');
    await interactive(session, !values["no-history"]);
    return 0;
  }
  let failed = false;
  let number = 0;
  for await (const line of stdinLines()) {
    number++;
    if (!(await runLine(session, line, `line ${number}: `, false))) failed = true;
    if (session.done) break;
  }
  return failed ? 1 : 0;
}

if (import.meta.main) Deno.exit(await replMain(Deno.args));

/** The built-in registry with gecscore's language packs. */
async function withLanguagePacks(): Promise<Registry> {
  const { createRegistry } = await import("./builtin.ts");
  const { LANGUAGE_PACKS } = await import("./langs/mod.ts");
  const registry = createRegistry();
  for (const pack of LANGUAGE_PACKS) registry.use(pack);
  return registry;
}
