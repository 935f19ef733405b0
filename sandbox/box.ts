/**
 * The box of one third-party plugin (see `host.ts`): the plugin's worker, started from the
 * calling thread with no permissions but reading the plugin's module files, and a memory
 * keeper beside it (`memory_keeper.ts`). The host talks to a {@linkcode PluginBox} as to a
 * worker.
 *
 * - **Reading.** The plugin's worker starts with read access to gecscore's own module folders
 *   and to the plugin's entry file. When the plugin imports a further file, Deno refuses it and
 *   the worker says which; a module or JSON file in the plugin's own folder (or below) is
 *   granted and the plugin is loaded again in a new worker, anything else is refused with a
 *   message naming the file. No plugin code has run before its whole module graph loaded, so a
 *   retry repeats nothing.
 * - **Memory.** The keeper starts first and takes the program's resident memory as its
 *   baseline; the plugin's worker starts once it has. Past the limit the keeper wakes whoever
 *   waits and says so; the box passes that on as a `memory` message, and the host terminates
 *   both workers.
 * - **Running only when waited for.** Deno's `Worker.terminate()` does not interrupt a worker
 *   busy in JavaScript, so the plugin's worker must not run while nobody waits for it: after
 *   each answer it blocks on the shared buffer until the host sends the next message (its
 *   timers and promise jobs wait too). The host waits for every call, so a plugin that runs over
 *   a limit finds it waiting, and the stop reaches it.
 *
 * Both workers are started by the calling thread: Deno 2.9.6 starts a worker created by another
 * worker about 0.5 s late and hands it its first message about 0.5 s late.
 *
 * @module
 */

import type { KeeperStart } from "./memory_keeper.ts";
import type { PluginModule } from "./host_worker.ts";

/** What a boxed plugin may load (see `boxGrants()` in `box_limits.ts`). */
export interface BoxGrants {
  /** Paths the plugin may read from the start (gecscore's module folders, its entry files). */
  reads: string[];
  /** Folders whose module and JSON files the plugin may import (its own). */
  folders: string[];
  /** Hosts the plugin may import remote modules from. */
  imports: string[];
}

/** What a refusal of a file the plugin needs was made of (see {@linkcode refusal}). */
export interface RefusedNeed {
  data: Record<string, unknown>;
  spec: string;
  mine: boolean;
  outside: string | undefined;
}

/** Files a plugin's imports may name in its own folder. */
const MODULE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|json|d\.ts)$/i;
/** How many extra files a plugin may import before the search gives up. */
const MAX_FILES = 200;

/** Deno's ANSI colours, which its error messages may carry. */
// deno-lint-ignore no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** Whether this program may read a path (never more than it has goes to a plugin). */
function readable(path: string): boolean {
  try {
    return Deno.permissions.querySync({ name: "read", path }).state === "granted";
  } catch {
    return false;
  }
}

/** A path's parts, split at `/` (and `\\` on Windows). */
function parts(path: string): string[] {
  return path.split(Deno.build.os === "windows" ? /[\\/]/ : "/");
}

/** Whether `path` is `folder` or below it (both absolute, `folder` ending with a separator). */
function within(path: string, folder: string): boolean {
  return path.startsWith(folder) || `${path}/` === folder;
}

/** The real path of a folder (its links resolved), ending with a separator; else undefined. */
function realFolder(folder: string): string | undefined {
  try {
    return Deno.realPathSync(folder).replace(/[\\/]?$/, "/");
  } catch {
    return undefined;
  }
}

/**
 * Why the box may not grant a file a plugin asked for (by an import its module graph needs, or
 * by a message of its own: the worker runs plugin code, so a path from it is never trusted),
 * or undefined when the file is in one of the plugin's folders. The path must be absolute and
 * plain (no `.` or `..` part, which Deno's permissions would resolve elsewhere), lie in a
 * folder, stay in it once its symbolic links are resolved (a link to a file outside, or a
 * linked folder, is refused; a link to a file inside is followed), and be a file (a folder
 * granted would open every link below it).
 *
 * @param path The path the plugin's worker named.
 * @param folders The plugin's folders, absolute, each ending with a separator.
 * @returns Why not, in words that follow the path; undefined when it may be granted.
 */
export function outsideFolders(path: string, folders: readonly string[]): string | undefined {
  const absolute = Deno.build.os === "windows" ? /^([a-z]:)?[\\/]/i : /^\//;
  if (!absolute.test(path)) return "which is not an absolute path in the plugin's folder";
  if (parts(path).some((part) => part === "." || part === "..")) {
    return "which goes up with .. and is outside the plugin's folder";
  }
  const folder = folders.find((f) => within(path, f));
  if (folder === undefined) return undefined;
  // What this program may not read is refused later, in words saying so (refusal()).
  if (!readable(path)) return undefined;
  let real: string;
  try {
    real = Deno.realPathSync(path);
  } catch {
    return "which does not exist (or is a symbolic link that leads nowhere)";
  }
  const realOwn = realFolder(folder);
  if (realOwn === undefined || !within(real, realOwn)) {
    return `which is a symbolic link to ${real}, outside the plugin's folder`;
  }
  // A folder granted would open every link below it, wherever it leads: files only.
  try {
    if (!Deno.statSync(real).isFile) return "which is not a file (a folder is never granted)";
  } catch {
    return "which cannot be read";
  }
  return undefined;
}

/**
 * Whether a path this program may read names nothing (not even a link): a missing module is
 * said to be missing, not refused. What the program may not read is never looked at.
 */
function missing(path: string): boolean {
  if (!readable(path)) return false;
  try {
    Deno.lstatSync(path);
    return false;
  } catch (error) {
    return error instanceof Deno.errors.NotFound;
  }
}

/**
 * The message refusing a file a plugin imports (or asks for). Whether the file exists and
 * whether the program may read it are asked with this process's permissions: a box in a process
 * of its own sends the facts (`RefusedNeed`) and the program words them (`process_box.ts`).
 *
 * @param data The plugin's worker's `need` message (`permission`, `path`, `importer`).
 * @param spec The plugin, as the user named it.
 * @param mine Whether the path is in one of the plugin's folders.
 * @param outside Why the path may not be granted, when it may not (see {@linkcode outsideFolders}).
 * @returns The message.
 */
export function refusal(
  data: Record<string, unknown>,
  spec: string,
  mine: boolean,
  outside: string | undefined,
): string {
  const path = String(data.path);
  const importer = String(data.importer ?? "").replace(ANSI, "");
  const by = importer
    ? ` (imported by ${
      importer.startsWith("file://") ? decodeURIComponent(new URL(importer).pathname) : importer
    })`
    : "";
  if (data.permission === "read" && path.startsWith("/") && missing(path)) {
    return `Cannot load plugin ${spec}: it imports ${path}${by}, which does not exist`;
  }
  if (outside !== undefined) {
    return `Cannot load plugin ${spec}: it asks for ${path}${by}, ${outside}; a boxed plugin ` +
      "reads only its own folder";
  }
  return mine && MODULE_FILE.test(path) && !readable(path) && data.permission === "read"
    ? `Cannot load plugin ${spec}: ${
      importer ? `it imports ${path}${by}, which` : `${path}:`
    } this program may not read (give it read access to the plugin's folder)`
    : `Cannot load plugin ${spec}: it imports ${path}${by}, which a boxed plugin ` +
      "may not load: it may import modules and JSON files in its own folder, " +
      "gecscore's modules, npm: and jsr: packages. Run it with --debug only if you trust it";
}

/**
 * A boxed plugin's worker and its memory keeper, seen as one worker: messages from either
 * come to `onmessage` (`ready`, `init-error`, `crash`, `memory`, answers), `postMessage` goes
 * to the plugin's worker, `terminate` ends both.
 */
export class PluginBox {
  /** Messages from the plugin's worker and the keeper. */
  onmessage: ((event: MessageEvent) => void) | null = null;
  /** Unused: a failing worker is reported through `onmessage` (`init-error`, `crash`). */
  onerror: ((event: ErrorEvent) => void) | null = null;
  #keeper: Worker;
  #plugin?: Worker;
  #loaded = false;
  #stopped = false;
  #reads: string[];
  #added = 0;

  /**
   * Start the keeper, then (once it watches) the plugin's worker.
   *
   * @param hostWorker The URL of `host_worker.ts`.
   * @param modules The plugin modules.
   * @param buffer The call buffer.
   * @param watch The buffer shared with the keeper (see {@linkcode KeeperStart}).
   * @param grants What the plugin may read and import.
   * @param limitBytes The memory limit, in bytes.
   * @param ownProcess The box is a process of its own (`box_child.ts`): the plugin's printed
   *   lines go to its standard output, where the host labels them (see `lockdown.ts`).
   */
  constructor(
    hostWorker: string,
    modules: PluginModule[],
    buffer: SharedArrayBuffer,
    watch: SharedArrayBuffer,
    readonly grants: BoxGrants,
    limitBytes: number,
    readonly ownProcess = false,
  ) {
    this.#reads = [...grants.reads];
    this.#keeper = new Worker(new URL("./memory_keeper.ts", import.meta.url).href, {
      type: "module",
      name: "plugin memory keeper",
    });
    this.#keeper.onerror = (event) => {
      event.preventDefault();
      this.#emit({ kind: this.#loaded ? "crash" : "init-error", message: event.message });
    };
    this.#keeper.onmessage = (event) => {
      if (event.data.kind === "watching") {
        if (!this.#stopped) this.#launch(hostWorker, modules, buffer, watch);
      } else this.#emit(event.data);
    };
    const start: KeeperStart = { kind: "watch", buffer, watch, limitBytes };
    this.#keeper.postMessage(start);
  }

  /**
   * Send a message to the plugin's worker (once it is ready).
   *
   * @param message The message.
   */
  postMessage(message: unknown): void {
    if (!this.#plugin) throw new Error("the plugin's worker is not running");
    this.#plugin.postMessage(message);
  }

  /** End the plugin's worker and the keeper. */
  terminate(): void {
    this.#stopped = true;
    this.#plugin?.terminate();
    this.#plugin = undefined;
    this.#keeper.terminate();
  }

  #emit(data: unknown): void {
    if (!this.#stopped) this.onmessage?.(new MessageEvent("message", { data }));
  }

  #launch(
    hostWorker: string,
    modules: PluginModule[],
    buffer: SharedArrayBuffer,
    watch: SharedArrayBuffer,
  ): void {
    const { folders, imports } = this.grants;
    const reads = this.#reads;
    const worker = new Worker(hostWorker, {
      type: "module",
      name: "plugin",
      deno: {
        permissions: {
          read: reads.length > 0 ? reads : false,
          import: imports.length > 0 ? imports : false,
          env: false,
          net: false,
          run: false,
          write: false,
          ffi: false,
          sys: false,
        },
      },
    } as WorkerOptions);
    this.#plugin = worker;
    worker.onerror = (error) => {
      error.preventDefault();
      if (this.#plugin !== worker) return;
      const reason = String(error.message ?? "unknown error").replace(ANSI, "").split("\n")[0]
        .replace(/^Uncaught \(in promise\) /, "").replace(/^Uncaught /, "");
      this.#emit({ kind: this.#loaded ? "crash" : "init-error", message: reason, uncaught: true });
    };
    worker.onmessage = (message: MessageEvent) => {
      if (this.#plugin !== worker) return;
      const data = message.data;
      if (data?.kind !== "need") {
        if (data?.kind === "ready") this.#loaded = true;
        this.#emit(data);
        return;
      }
      worker.terminate();
      this.#plugin = undefined;
      // The worker runs plugin code, so this message may be the plugin's own: the spec is the
      // box's, the path is checked against the plugin's folders (outsideFolders()), and once
      // loaded nothing more is granted.
      const spec = modules.find((m) => m.spec === data.spec)?.spec ??
        modules.map((m) => m.spec).join(", ");
      if (this.#loaded) {
        this.#emit({
          kind: "crash",
          message: `it asked for ${
            String(data.path)
          } after it loaded, which a boxed plugin may not`,
        });
        return;
      }
      const path = String(data.path);
      const outside = outsideFolders(path, folders);
      const mine = outside === undefined && folders.some((folder) => within(path, folder));
      if (
        data.permission === "read" && mine && MODULE_FILE.test(path) && !reads.includes(path) &&
        readable(path) && this.#added < MAX_FILES
      ) {
        reads.push(path);
        this.#added++;
        this.#launch(hostWorker, modules, buffer, watch);
      } else {
        const need: RefusedNeed = {
          data: { permission: data.permission, path, importer: data.importer },
          spec,
          mine,
          outside,
        };
        this.#emit({ kind: "init-error", message: refusal(data, spec, mine, outside), need });
      }
    };
    worker.postMessage({
      kind: "init",
      modules,
      buffer,
      gate: watch,
      boxed: true,
      printToStdout: this.ownProcess,
    });
  }
}
