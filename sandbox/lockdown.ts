/**
 * What a boxed plugin's worker takes away before the plugin's code runs (see `host_worker.ts`):
 * the program's standard streams and its process. A worker with no permissions still shares
 * the process's standard input, output and error, may signal the process, and may ask where
 * the program runs from; the box gives it none of these:
 *
 * - **Output.** The worker's standard input and output are closed (in the worker only), and
 *   `Deno.stdout`, `Deno.stderr`, node's `process.stdout`/`process.stderr` and every `console`
 *   method write the plugin's own lines to standard error, each labelled with the plugin and
 *   with control characters shown as `\xHH` (no terminal escapes: window titles, clearing the
 *   screen, hidden text). Standard output carries only the program's results.
 * - **Input.** `Deno.stdin` and `process.stdin` are refused: the program's standard input is
 *   the user's (the REPL's commands, piped data).
 * - **The process.** Signals (`Deno.kill`, `process.kill`), exiting, the working folder and the
 *   executable path (`Deno.cwd`, `Deno.execPath`, `process.cwd`), the command line
 *   (`Deno.args` and `process.argv` are empty), signal
 *   listeners and the exit code are refused, with an error naming what was refused.
 * - **Running on.** `Worker` is gone (a plugin's own worker would run while nobody waits for
 *   it), and `Atomics`, which the box waits with between calls, cannot be patched or replaced.
 *   Deno's internals (`Deno[Deno.internal]`, where its raw operations live) are removed.
 *
 * Out of reach here: node's `fs` functions on raw file descriptors (`writeSync(1, ...)`,
 * `readSync(0, ...)`) bypass Deno's streams and permissions, and `process.execPath` cannot be
 * redefined. In the box's own process (`process_box.ts`) the raw descriptors are the box's, not
 * the program's; in the worker box they are the program's (docs/plugins.md says so).
 *
 * @module
 */

import process from "node:process";

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A plugin's text as lines it may print: control characters (and bidirectional overrides)
 * shown as escapes, each line labelled.
 *
 * @example Usage
 * ```ts
 * import { labelledLines } from "./lockdown.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   labelledLines("p.ts", "a\u001b[2J\nb\n"),
 *   "[plugin p.ts] a\\x1b[2J\n[plugin p.ts] b\n",
 * );
 * ```
 *
 * @param label The plugin, as the user named it.
 * @param text What it printed.
 * @returns The lines, each ending with a newline.
 */
export function labelledLines(label: string, text: string): string {
  const clean = text.replace(/\r\n/g, "\n").replace(/\n$/, "").replace(
    CONTROL,
    (c) => {
      const code = c.charCodeAt(0);
      return code > 0xff
        ? `\\u${code.toString(16).padStart(4, "0")}`
        : `\\x${code.toString(16).padStart(2, "0")}`;
    },
  );
  return clean.split("\n").map((line) => `[plugin ${label}] ${line}\n`).join("");
}

/** Define a property for good (not writable, not configurable). */
function fix(target: object, key: PropertyKey, descriptor: PropertyDescriptor): void {
  try {
    Object.defineProperty(target, key, { ...descriptor, configurable: false });
  } catch {
    // Already fixed by the runtime: left as it is (see the module doc).
  }
}

/**
 * Take the program's streams and process away from the plugin code this worker will run.
 * Call once, before importing the plugin.
 *
 * @param label The plugin, as the user named it (the label of its printed lines).
 * @param printToStdout The box is a process of its own (`box_child.ts`): the plugin's lines go
 *   to the process's standard output, between the shim's frames, in the order they were printed;
 *   the host labels again whatever it finds there that is not a frame (`process_relay.ts`).
 */
export function lockDown(label: string, printToStdout = false): void {
  const deno = Deno as unknown as Record<PropertyKey, unknown> & { internal: symbol };
  const internal = deno[deno.internal] as {
    core?: { tryClose(rid: number): void };
    inspectArgs?: (args: unknown[], options?: Record<string, unknown>) => string;
  };
  const stream = printToStdout ? Deno.stdout : Deno.stderr;
  const writeErr = stream.writeSync.bind(stream);
  const inspectArgs = internal?.inspectArgs;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const print = (text: string) => {
    const bytes = encoder.encode(labelledLines(label, text));
    let done = 0;
    try {
      while (done < bytes.length) done += writeErr(bytes.subarray(done));
    } catch {
      // Standard error is gone: the plugin's lines are dropped.
    }
  };
  const format = (args: unknown[]) =>
    inspectArgs
      ? inspectArgs(args, { colors: false })
      : args.map((a) => typeof a === "string" ? a : Deno.inspect(a)).join(" ");
  const refuse = (what: string) => () => {
    throw new Error(`${what}: a boxed plugin may not use it`);
  };

  // Standard input and output: closed in this worker (the process's own stay open).
  for (const rid of printToStdout ? [0] : [0, 1]) {
    try {
      internal?.core?.tryClose(rid);
    } catch {
      // Not open here.
    }
  }
  const writer = {
    writeSync: (p: Uint8Array) => (print(decoder.decode(p)), p.length),
    write: (p: Uint8Array) => Promise.resolve((print(decoder.decode(p)), p.length)),
    get writable() {
      return new WritableStream<Uint8Array>({ write: (p) => print(decoder.decode(p)) });
    },
    isTerminal: () => false,
    close: () => {},
  };
  fix(Deno, "stdout", { value: Object.freeze({ ...writer, rid: -1 }) });
  fix(Deno, "stderr", { value: Object.freeze({ ...writer, rid: -1 }) });
  fix(Deno, "stdin", {
    value: Object.freeze({
      read: refuse("Deno.stdin"),
      readSync: refuse("Deno.stdin"),
      get readable(): never {
        return refuse("Deno.stdin")();
      },
      setRaw: refuse("Deno.stdin"),
      isTerminal: () => false,
      close: () => {},
    }),
  });
  for (const name of ["kill", "exit", "cwd", "chdir", "execPath", "addSignalListener"]) {
    fix(Deno, name, { value: refuse(`Deno.${name}`) });
  }
  fix(Deno, "exitCode", { get: refuse("Deno.exitCode"), set: refuse("Deno.exitCode") });
  // The program's command line names its files and folders.
  fix(Deno, "args", { value: Object.freeze([]) });

  const nodeStream = Object.freeze({
    write: (chunk: unknown) => (print(
      typeof chunk === "string" ? chunk : decoder.decode(
        chunk as Uint8Array,
      ),
    ),
      true),
    isTTY: false,
    on() {
      return this;
    },
    once() {
      return this;
    },
    end: () => {},
  });
  fix(process, "stdout", { value: nodeStream });
  fix(process, "stderr", { value: nodeStream });
  fix(process, "stdin", { get: refuse("process.stdin") });
  for (
    const name of [
      "kill",
      "exit",
      "abort",
      "reallyExit",
      "cwd",
      "chdir",
      "binding",
      "_rawDebug",
      "dlopen",
    ]
  ) {
    fix(process, name, { value: refuse(`process.${name}`) });
  }
  fix(process, "argv", { value: Object.freeze([]) });
  fix(process, "argv0", { value: "" });
  fix(process, "exitCode", { get: () => undefined, set: refuse("process.exitCode") });

  const console = globalThis.console as unknown as Record<string, unknown>;
  for (const name of Object.keys(console)) {
    if (typeof console[name] === "function") {
      console[name] = (...args: unknown[]) => print(format(args));
    }
  }

  // Nothing that runs on while nobody waits: no worker of its own, no patched Atomics.
  fix(globalThis, "Worker", { value: undefined });
  Object.freeze(Atomics);
  fix(globalThis, "Atomics", { value: Atomics, writable: false });
  fix(deno, deno.internal, { value: undefined });
}
