/**
 * The box of a third-party plugin as a process of its own: the program starts `deno run` (the
 * same executable) on `box_child.ts`, a trusted shim that runs the plugin as the worker box does
 * (`box.ts`). Deno cannot interrupt a worker busy in JavaScript, and a worker shares the
 * process's standard streams with the program (node's `fs.writeSync(1, ...)` reaches standard
 * output whatever the box patches); a process can be ended, and its streams are its own.
 *
 * - **Permissions.** The process may read gecscore's module folders and the plugin's own
 *   folders, nothing else: no write, environment, network, subprocess, FFI or system access;
 *   it loads only modules already in Deno's cache (`--cached-only`).
 *   It runs in an empty private folder (or the root folder when the program may not make one),
 *   with V8's heap limit set from the plugin memory limit.
 * - **The channel.** Standard input carries a random secret first (read by the shim before the
 *   plugin loads), then the host's messages; the shim's frames on standard output open and close
 *   with the secret, so the plugin, which can write there, cannot forge one. Anything else it
 *   writes reaches the user as its labelled, sanitised lines on standard error
 *   (`process_relay.ts`).
 * - **Stops.** At the time limit, on a cancel, past the memory limit, or on a malformed frame,
 *   the process is killed (`SIGKILL`): a busy plugin stops and its core is free. Between calls
 *   an idle process is stopped (`SIGSTOP`) and continued before the next message.
 *
 * The host talks to a {@linkcode ProcessBox} as to a worker. It needs the right to run deno
 * (`--allow-run=deno`, see {@linkcode boxProcessCommand}); without it the host uses the worker
 * box.
 *
 * @module
 */

import { type BoxGrants, refusal, type RefusedNeed } from "./box.ts";
import type { ChildPost, ChildStart } from "./box_child.ts";
import { KEPT_ROWS, SECRET_BYTES } from "./box_child.ts";
import type { PluginModule } from "./host_worker.ts";
import type { RelayStart } from "./process_relay.ts";

/** How much more than the memory limit V8's heap may hold before V8 itself ends the box. */
const HEAP_MARGIN_MB = 256;

/** `deno` found on the search path is this program's version (asked once). */
let namedDenoMatches: boolean | undefined;

/** Whether `deno`, as the search path finds it, runs and is this program's version. */
function namedDenoIsThisOne(): boolean {
  if (namedDenoMatches === undefined) {
    try {
      const output = new Deno.Command("deno", {
        args: ["--version"],
        stdin: "null",
        stdout: "piped",
        stderr: "null",
      }).outputSync();
      namedDenoMatches = output.success &&
        new TextDecoder().decode(output.stdout).startsWith(`deno ${Deno.version.deno} `);
    } catch {
      namedDenoMatches = false;
    }
  }
  return namedDenoMatches;
}

/**
 * The deno this program may run a box process with: its own executable, else `deno` as the
 * program's search path finds it (`--allow-run=deno`) when that is the same version; undefined
 * when it may run neither, on Windows (no signals to stop a process with), or when gecscore's
 * modules are not files.
 *
 * @returns The command, or undefined.
 */
export function boxProcessCommand(): string | undefined {
  if (Deno.build.os === "windows" || new URL(import.meta.url).protocol !== "file:") {
    return undefined;
  }
  const may = (command: string) => {
    try {
      return Deno.permissions.querySync({ name: "run", command }).state === "granted";
    } catch {
      return false;
    }
  };
  if (may(Deno.execPath())) return Deno.execPath();
  return may("deno") && namedDenoIsThisOne() ? "deno" : undefined;
}

/** An empty folder of the box's own, when this program may make one; else the root folder. */
function boxFolder(): { path: string; own: boolean } {
  try {
    return { path: Deno.makeTempDirSync({ prefix: "gecscore_box_" }), own: true };
  } catch {
    return { path: "/", own: false };
  }
}

/**
 * The refusal of a file the plugin needs, worded with this program's permissions (the box's
 * process may read only the plugin's folders: it cannot tell a missing file outside them from a
 * refused one); undefined when the box's facts are not a refusal's.
 */
function reword(need: RefusedNeed): string | undefined {
  if (
    need === null || typeof need !== "object" || typeof need.data?.path !== "string" ||
    typeof need.spec !== "string" || typeof need.mine !== "boolean" ||
    (need.outside !== undefined && typeof need.outside !== "string")
  ) return undefined;
  return refusal(need.data, need.spec, need.mine, need.outside);
}

/** Whether two batches of resample rows are the same numbers. */
function sameRows(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A copy of resample rows, as 16-bit numbers when every index fits (half the bytes to send). */
function packRows(rows: Int32Array): Int32Array | Uint16Array {
  let wide = false;
  for (let i = 0; i < rows.length; i++) {
    if (rows[i] >>> 16 !== 0) {
      wide = true;
      break;
    }
  }
  const packed = wide ? new Int32Array(rows.length) : new Uint16Array(rows.length);
  packed.set(rows);
  return packed;
}

/** How long `terminate()` waits for the relay to have killed the process, in milliseconds. */
const KILL_WAIT_MS = 500;

/** The boxes alive, killed when the program ends (an `unload` event, `Deno.exit()` too). */
const live = new Set<ProcessBox>();
let unloadSet = false;

/**
 * A boxed plugin's process, seen as one worker: messages come to `onmessage` (`ready`,
 * `init-error`, `crash`, `memory`, answers), `postMessage` sends to the plugin's worker,
 * `terminate` kills the process.
 */
export class ProcessBox {
  /** Messages from the plugin's box. */
  onmessage: ((event: MessageEvent) => void) | null = null;
  /** Unused: a failing box is reported through `onmessage` (`init-error`, `crash`). */
  onerror: ((event: ErrorEvent) => void) | null = null;
  #relay: Worker;
  #buffer: SharedArrayBuffer;
  #loaded = false;
  #stopped = false;
  #folder: { path: string; own: boolean };
  /** The last resample batches sent, by number, in the order sent (see `encodeInput()`). */
  #keptRows: { id: number; rows: Int32Array }[] = [];
  #rowsSent = 0;
  /** Set to 1 by the relay once the process was sent SIGKILL. */
  #killed = new Int32Array(new SharedArrayBuffer(4));

  /**
   * Start the process and load the plugin in it.
   *
   * @param modules The plugin modules.
   * @param buffer The host's call buffer.
   * @param watch The host's watch buffer ([0] stopped for memory, [1] its growth in MB).
   * @param grants What the plugin may read and import.
   * @param limitBytes The memory limit, in bytes.
   * @param command The deno executable (see {@linkcode boxProcessCommand}).
   */
  constructor(
    modules: PluginModule[],
    buffer: SharedArrayBuffer,
    watch: SharedArrayBuffer,
    grants: BoxGrants,
    limitBytes: number,
    command: string,
  ) {
    this.#buffer = buffer;
    this.#folder = boxFolder();
    const memoryMb = Math.round(limitBytes / 2 ** 20);
    const reads = [...new Set([...grants.reads, ...grants.folders])];
    const args = [
      "run",
      "--no-config",
      "--no-lock",
      "--no-prompt",
      // Nothing is downloaded for the plugin (a URL could carry data out), whatever the
      // program's own flags: it loads what is in Deno's cache.
      "--cached-only",
      "--unstable-worker-options",
      `--v8-flags=--max-old-space-size=${memoryMb + HEAP_MARGIN_MB}`,
      `--allow-read=${reads.join(",")}`,
      ...(grants.imports.length > 0 ? [`--allow-import=${grants.imports.join(",")}`] : []),
      decodeURIComponent(new URL("./box_child.ts", import.meta.url).pathname),
    ];
    this.#relay = new Worker(new URL("./process_relay.ts", import.meta.url).href, {
      type: "module",
      name: "plugin process relay",
    });
    this.#relay.onerror = (event) => {
      event.preventDefault();
      // The relay is gone; so is the process's input, which ends it.
      Atomics.store(this.#killed, 0, 1);
      live.delete(this);
      this.#emit({ kind: this.#loaded ? "crash" : "init-error", message: event.message });
    };
    this.#relay.onmessage = (event) => {
      const data = event.data;
      if (data.kind === "msg") {
        const message = data.data;
        if (message?.kind === "ready") this.#loaded = true;
        if (message?.kind === "init-error" && message.need && !this.#loaded) {
          // Worded here, where the program's own permissions say whether the file exists.
          this.#emit({ kind: "init-error", message: reword(message.need) ?? message.message });
          return;
        }
        this.#emit(message);
      } else if (data.kind === "ended") {
        // The relay killed the process already (and ends): nothing to wait for.
        Atomics.store(this.#killed, 0, 1);
        live.delete(this);
        this.#emit(
          data.memory
            ? { kind: "memory" }
            : { kind: this.#loaded ? "crash" : "init-error", message: data.message },
        );
      }
    };
    const label = modules.map((m) => m.spec).join(", ");
    const start: RelayStart = {
      kind: "start",
      exec: command,
      args,
      cwd: this.#folder.path,
      secret: crypto.getRandomValues(new Uint8Array(SECRET_BYTES)),
      buffer,
      watch,
      label,
      memoryMb,
      heapLimitMb: memoryMb + HEAP_MARGIN_MB,
    };
    this.#relay.postMessage(start);
    live.add(this);
    if (!unloadSet) {
      unloadSet = true;
      globalThis.addEventListener("unload", () => {
        for (const box of live) box.terminate();
      });
    }
    const childStart: ChildStart = { kind: "start", modules, grants, limitBytes };
    this.#relay.postMessage({ kind: "send", payload: childStart });
  }

  /**
   * Send a message to the plugin's worker. Resample rows put in the call buffer
   * (`metric_proxy.ts`) travel with it.
   *
   * @param message The message.
   */
  postMessage(message: unknown): void {
    if (this.#stopped) throw new Error("the plugin's process was stopped");
    const m = message as { kind: string; fn?: string; args?: unknown[] };
    const post: ChildPost = { kind: "post", message: m };
    if (m.kind === "call" && m.fn === "resample.values" && typeof m.args?.[1] === "number") {
      const rows = new Int32Array(this.#buffer, 8, m.args[1] as number);
      const kept = this.#keptRows.find((k) => sameRows(k.rows, rows));
      if (kept) {
        this.#relay.postMessage({ kind: "send", payload: post, rows: { id: kept.id } });
        return;
      }
      const id = ++this.#rowsSent;
      this.#keptRows.push({ id, rows: rows.slice() });
      if (this.#keptRows.length > KEPT_ROWS) this.#keptRows.shift();
      const numbers = packRows(rows);
      this.#relay.postMessage({ kind: "send", payload: post, rows: { id, numbers } }, [
        numbers.buffer as ArrayBuffer,
      ]);
    } else this.#relay.postMessage({ kind: "send", payload: post });
  }

  /**
   * Kill the process. This thread waits (briefly) until the relay has: a program that ends right
   * after leaves no box behind.
   */
  terminate(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    live.delete(this);
    if (Atomics.load(this.#killed, 0) === 0) {
      this.#relay.postMessage({ kind: "kill", killed: this.#killed.buffer });
      Atomics.wait(this.#killed, 0, 0, KILL_WAIT_MS);
    }
    if (this.#folder.own) {
      try {
        Deno.removeSync(this.#folder.path);
      } catch {
        // Left for the system's cleaning of temporary files.
      }
    }
  }

  #emit(data: unknown): void {
    if (!this.#stopped) this.onmessage?.(new MessageEvent("message", { data }));
  }
}
