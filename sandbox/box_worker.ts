/**
 * The keeper of one boxed plugin (see `host.ts`). This trusted worker starts the plugin's own
 * worker (`host_worker.ts`) with no permissions but reading the plugin's module files, finds
 * those files as the plugin loads, and watches the program's memory while the plugin lives:
 *
 * - **Reading.** The plugin's worker starts with read access to gecscore's own module folders
 *   and to the plugin's entry file. When the plugin imports a further file, Deno refuses it
 *   and the worker says which; a module or JSON file in the plugin's own folder (or below) is
 *   granted and the plugin is loaded again in a new worker, anything else is refused with a
 *   message naming the file. No plugin code has run before its whole module graph loaded, so
 *   a retry repeats nothing.
 * - **Memory.** Every few milliseconds it compares the program's resident memory with what it
 *   was when the plugin started, less what the main thread's heap grew meanwhile. Past the
 *   limit it terminates the plugin's worker (from this thread, whatever the main thread is
 *   doing), wakes a caller blocked on the shared buffer, and tells the main thread. The
 *   limit is kept well below V8's heap limit, whose breach would end the whole process.
 *
 * - **Running only when waited for.** Deno's `Worker.terminate()` does not interrupt a worker
 *   busy in JavaScript, so a plugin's worker must not run while nobody waits for it: after each
 *   answer it blocks on the shared buffer until the main thread sends the next message (its
 *   timers and promise jobs wait too). The main thread waits for every call, so a plugin that
 *   runs over the limit finds it waiting, and the stop reaches it.
 *
 * It prints nothing; everything travels back as messages.
 *
 * @module
 */

/** What the main thread sends to start a box. */
export interface BoxStart {
  kind: "start";
  /** The URL of `host_worker.ts`. */
  hostWorker: string;
  /** The plugin modules, as the `init` message of `host_worker.ts` takes them. */
  modules: { url: string; exportName: string; spec: string }[];
  /** The call buffer (status, length, bytes), passed on to the plugin's worker. */
  buffer: SharedArrayBuffer;
  /**
   * Shared with the main thread and the plugin's worker: i32 [0] stopped for memory, [1] the
   * growth in MB, [2] messages sent to the plugin's worker since it loaded, [3] stop; f64 at
   * byte 16: the main thread's heap.
   */
  watch: SharedArrayBuffer;
  /** The port the main thread talks to the plugin's worker through. */
  port: MessagePort;
  /** Paths the plugin may read from the start (gecscore's module folders, its entry files). */
  reads: string[];
  /** Folders whose module and JSON files the plugin may import (its own). */
  folders: string[];
  /** Hosts the plugin may import remote modules from. */
  imports: string[];
  /** The memory limit, in bytes. */
  limitBytes: number;
}

/** Files a plugin's imports may name in its own folder. */
const MODULE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|json|d\.ts)$/i;
/** How many extra files a plugin may import before the search gives up. */
const MAX_FILES = 200;
/** How often memory is looked at, in milliseconds. */
const POLL_MS = 5;

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

/** Deno's ANSI colours, which its error messages may carry. */
// deno-lint-ignore no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

scope.onmessage = (event: MessageEvent) => {
  const start = event.data as BoxStart;
  if (start.kind !== "start") return;
  const reads = [...start.reads];
  const flag = new Int32Array(start.watch, 0, 4);
  const mainHeap = new Float64Array(start.watch, 16, 1);
  const control = new Int32Array(start.buffer, 0, 2);
  const baseRss = Deno.memoryUsage().rss;
  const baseMain = mainHeap[0];
  let plugin: Worker | undefined;
  let loaded = false;
  let added = 0;

  const poll = setInterval(() => {
    const growth = Deno.memoryUsage().rss - baseRss - Math.max(0, mainHeap[0] - baseMain);
    if (growth <= start.limitBytes) return;
    plugin?.terminate();
    plugin = undefined;
    clearInterval(poll);
    Atomics.store(flag, 1, Math.round(growth / 2 ** 20));
    Atomics.store(flag, 0, 1);
    Atomics.store(flag, 3, 1);
    // A caller blocked on the call buffer wakes up and sees status 3.
    Atomics.compareExchange(control, 0, 0, 3);
    Atomics.notify(control, 0);
    scope.postMessage({ kind: "memory", growthMb: Math.round(growth / 2 ** 20), loaded });
  }, POLL_MS);

  const refuse = (message: string) => {
    plugin?.terminate();
    plugin = undefined;
    scope.postMessage({ kind: "init-error", message });
  };

  const launch = () => {
    const worker = new Worker(start.hostWorker, {
      type: "module",
      name: "plugin",
      deno: {
        permissions: {
          read: reads.length > 0 ? reads : false,
          import: start.imports.length > 0 ? start.imports : false,
          env: false,
          net: false,
          run: false,
          write: false,
          ffi: false,
          sys: false,
        },
      },
    } as WorkerOptions);
    plugin = worker;
    worker.onerror = (error) => {
      error.preventDefault();
      if (plugin !== worker) return;
      const reason = String(error.message ?? "unknown error").replace(ANSI, "").split("\n")[0]
        .replace(/^Uncaught \(in promise\) /, "").replace(/^Uncaught /, "");
      scope.postMessage({ kind: loaded ? "crash" : "init-error", message: reason, uncaught: true });
    };
    worker.onmessage = (message: MessageEvent) => {
      if (plugin !== worker) return;
      const data = message.data;
      if (data.kind === "need") {
        const path = String(data.path);
        const mine = start.folders.some((folder) => path.startsWith(folder));
        const readable = (() => {
          try {
            return Deno.permissions.querySync({ name: "read", path }).state === "granted";
          } catch {
            return false;
          }
        })();
        if (
          data.permission === "read" && mine && MODULE_FILE.test(path) && !reads.includes(path) &&
          readable && added < MAX_FILES
        ) {
          worker.terminate();
          reads.push(path);
          added++;
          launch();
          return;
        }
        const importer = String(data.importer ?? "").replace(ANSI, "");
        const by = importer
          ? ` (imported by ${
            importer.startsWith("file://")
              ? decodeURIComponent(new URL(importer).pathname)
              : importer
          })`
          : "";
        refuse(
          mine && MODULE_FILE.test(path) && !readable && data.permission === "read"
            ? `Cannot load plugin ${data.spec}: ${
              importer ? `it imports ${path}${by}, which` : `${path}:`
            } this program may not read (give it read access to the plugin's folder)`
            : `Cannot load plugin ${data.spec}: it imports ${path}${by}, which a boxed plugin ` +
              "may not load: it may import modules and JSON files in its own folder, " +
              "gecscore's modules, npm: and jsr: packages. Run it with --debug only if you " +
              "trust it",
        );
        return;
      }
      if (data.kind === "loaded") {
        // Loaded: it gets the port, says "ready" and waits for the main thread's messages.
        loaded = true;
        worker.postMessage({ kind: "port", port: start.port }, [start.port]);
        Atomics.add(flag, 2, 1);
        Atomics.notify(flag, 2);
        return;
      }
      scope.postMessage(data);
    };
    worker.postMessage({
      kind: "init",
      modules: start.modules,
      buffer: start.buffer,
      gate: start.watch,
      boxed: true,
    });
  };
  launch();
};
