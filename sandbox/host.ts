/**
 * Plugins boxed in a worker. A {@linkcode PluginHost} runs plugin modules in a Web Worker —
 * for third-party plugins one with no permissions but reading its own module files (no
 * network, environment, subprocess or write access), beside a worker that bounds its memory
 * (`box.ts`), in a process of its own when this program may run deno (`process_box.ts`) — and
 * hands back proxies that
 * look like ordinary {@linkcode Plugin}s: metric and format functions stay synchronous (the
 * caller waits on a shared buffer), the worker's code and module instances are its own (it
 * cannot patch the built-in metrics), and every call has a time limit: a plugin that runs
 * over it is stopped and reported by name instead of hanging the program.
 *
 * The same host, with the parent's permissions, runs built-in metrics for the parallel
 * scorer (`pipeline/parallel.ts`).
 *
 * @module
 */

import { notifyRunaway, notifyRunsOn } from "./stop_notices.ts";
import { deserialize } from "node:v8";
import { InputError, PluginError, UsageError } from "../plugins/errors.ts";
import type { CallSite, JobExtras, MetricJobResult } from "../checked/guard.ts";
import { holdPrompts } from "./no_prompt.ts";
import { goldProblem } from "./output_shape.ts";
import { hostOf as hosted, setHost } from "./hosted.ts";
import { PluginBox } from "./box.ts";
import { boxProcessCommand, ProcessBox } from "./process_box.ts";
import { deepFreeze, metricProxy } from "./metric_proxy.ts";
export { statsAhead } from "./metric_proxy.ts";
import type {
  FormatDescriptor,
  MetricDescriptor,
  PluginDescriptor,
  PluginModule,
} from "./host_worker.ts";
import type {
  AnyMetric,
  Format,
  GoldCorpus,
  Options,
  Plugin,
  SentenceEdits,
  SentenceView,
  SentenceViewInput,
  Tokens,
} from "../plugins/types.ts";

export type { PluginModule } from "./host_worker.ts";
export { DEFAULT_PLUGIN_MEMORY_MB, maxPluginMemoryMb } from "./box_limits.ts";
export { pluginModule, setPluginModule } from "./plugin_module.ts";
import { boxGrants, memoryLimitMb, publishHeap } from "./box_limits.ts";

/** The default time limit of one plugin call (or one batch: a metric on a whole system). */
export const DEFAULT_PLUGIN_TIMEOUT_MS = 30_000;

/** How a host runs. */
export interface HostOptions {
  /**
   * `"none"` (default): the worker gets no permissions, which needs Deno's
   * `--unstable-worker-options` (set in this package's `deno.json`); `"inherit"`: the
   * parent's permissions (for trusted code only).
   */
  permissions?: "none" | "inherit";
  /** The time limit of one call, or of one job, in milliseconds (default 30 s). */
  timeoutMs?: number;
  /**
   * The memory limit of a boxed plugin, in MB (default {@linkcode DEFAULT_PLUGIN_MEMORY_MB}):
   * how far the program's resident memory may grow while the plugin lives, beyond what the
   * main thread's own heap grew. Past it the plugin is stopped with a `PluginError` naming it.
   * Ignored with `permissions: "inherit"`.
   */
  memoryMb?: number;
}

export { onPluginRunsOn, onRunawayPlugin } from "./stop_notices.ts";

/**
 * The host and plugin index behind a proxied plugin, metric or format, or undefined for an
 * ordinary object.
 *
 * @example Usage
 * ```ts
 * import { hostOf } from "./host.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(hostOf({}), undefined);
 * ```
 *
 * @param metric A metric (or format).
 * @returns Its host, when it runs in one.
 */
export function hostOf(metric: object): { host: PluginHost; plugin: number } | undefined {
  return hosted<PluginHost>(metric);
}

let nextGold = 1;
const goldIds = new WeakMap<object, number>();

/**
 * Plugin modules running in a worker. Start one with {@linkcode PluginHost.start}.
 *
 * @example Usage
 * ```ts
 * import { PluginHost } from "./host.ts";
 * import assert from "node:assert/strict";
 *
 * const url = new URL("../examples/exact_match.ts", import.meta.url).href;
 * const host = await PluginHost.start([{ url, exportName: "default", spec: url }]);
 * const [plugin] = host.plugins;
 * const metric = plugin.metrics![0];
 * assert.equal(metric.id, "exact_match");
 * const stats = metric.stats({ source: ["a"], references: [["b"]] }, ["b"], metric.defaults);
 * assert.equal(metric.corpus([stats], metric.defaults).matches, 1);
 * host.terminate();
 * ```
 */
export class PluginHost {
  #worker: Worker | PluginBox | ProcessBox;
  #buffer: SharedArrayBuffer;
  #control: Int32Array;
  #timeoutMs: number;
  #stopped?: string;
  #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #seq = 0;
  #kept = 0;
  #goldSent = 0;
  #names: string[] = [];
  #release: () => void = () => {};
  #watch?: SharedArrayBuffer;
  #specs = "";
  #memoryMb = 0;
  #heapTimer?: ReturnType<typeof setInterval>;
  /** The whole message when the plugin was stopped for memory. */
  #memoryStop?: string;
  /** The proxied plugins, in the order of the modules. */
  plugins: Plugin[] = [];

  private constructor(
    worker: Worker | PluginBox | ProcessBox,
    buffer: SharedArrayBuffer,
    timeoutMs: number,
  ) {
    this.#worker = worker;
    this.#buffer = buffer;
    this.#control = new Int32Array(buffer, 0, 2);
    this.#timeoutMs = timeoutMs;
  }

  /**
   * Start a worker, load the modules in it and make the proxies. A module that cannot be
   * loaded, has no such export or does not export a plugin is an {@linkcode InputError}.
   *
   * @param modules The modules and the export of each that holds a plugin.
   * @param options Permissions and time limit.
   * @returns The host, ready.
   */
  static async start(modules: PluginModule[], options: HostOptions = {}): Promise<PluginHost> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_PLUGIN_TIMEOUT_MS;
    const hostUrl = new URL("./host_worker.ts", import.meta.url).href;
    const sandboxed = (options.permissions ?? "none") === "none";
    const memoryMb = memoryLimitMb(options.memoryMb);
    const names = modules.map((m) => m.spec).join(", ");
    // On a terminal, Deno would ask the user to grant what the plugin reaches for.
    const release = sandboxed ? holdPrompts() : () => {};
    const buffer = new SharedArrayBuffer(1 << 16, { maxByteLength: 1 << 30 });
    let worker: Worker | PluginBox | ProcessBox;
    let watch: SharedArrayBuffer | undefined;
    const grants = sandboxed ? boxGrants(modules) : undefined;
    // Deno's permission flags list paths separated by commas: a path with one stays in a worker.
    const command = grants && ![...grants.reads, ...grants.folders].some((p) => p.includes(","))
      ? boxProcessCommand()
      : undefined;
    if (grants && command) {
      // The plugin's own process, killed at a limit (process_box.ts).
      watch = new SharedArrayBuffer(24);
      worker = new ProcessBox(modules, buffer, watch, grants, memoryMb * 2 ** 20, command);
    } else if (sandboxed) {
      // The plugin's worker, with a keeper that stops it when memory runs over (box.ts).
      watch = new SharedArrayBuffer(24);
      publishHeap(watch);
      worker = new PluginBox(
        hostUrl,
        modules,
        buffer,
        watch,
        boxGrants(modules),
        memoryMb * 2 ** 20,
      );
    } else {
      worker = new Worker(hostUrl, { type: "module" });
      worker.postMessage({ kind: "init", modules, buffer });
    }
    const host = new PluginHost(worker, buffer, timeoutMs);
    host.#release = release;
    host.#watch = watch;
    host.#specs = names;
    host.#memoryMb = memoryMb;
    if (watch && !(worker instanceof ProcessBox)) {
      const heapTimer = setInterval(() => publishHeap(watch), 50);
      Deno.unrefTimer(heapTimer);
      host.#heapTimer = heapTimer;
    }
    // Loading (compiling, a first import) may take longer than one call is allowed.
    const loadMs = Math.max(timeoutMs, 10_000);
    try {
      const described = await new Promise<PluginDescriptor[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(
            new PluginError(
              `Plugin ${names} did not finish loading within ${loadMs / 1000} s; it was stopped`,
            ),
          );
        }, loadMs);
        worker.onerror = (event) => {
          event.preventDefault();
          clearTimeout(timer);
          const reason = String(event.message ?? "unknown error").split("\n")[0]
            .replace(/^Uncaught \(in promise\) /, "").replace(/^Uncaught /, "");
          reject(new InputError(`Cannot load plugin ${names}: ${reason}`));
        };
        worker.onmessage = (event) => {
          clearTimeout(timer);
          if (event.data.kind === "ready") resolve(event.data.plugins);
          else if (event.data.kind === "memory") {
            reject(new PluginError(host.#memoryMessage("while it loaded")));
          } else if (!event.data.uncaught) reject(new InputError(event.data.message));
          else reject(new InputError(`Cannot load plugin ${names}: ${event.data.message}`));
        };
      });
      host.#names = described.map((d) => `${d.name} ${d.version}`);
      host.plugins = described.map((d, i) => host.#proxy(d, i));
    } catch (error) {
      // Stopped at a limit while loading (a PluginError), its code may still be running.
      host.#fail("it failed to load", false, error instanceof PluginError);
      throw error;
    }
    worker.onerror = (event) => {
      event.preventDefault();
      host.#fail(`it crashed: ${String(event.message).split("\n")[0]}`);
    };
    const answers = (event: MessageEvent) => {
      const pending = host.#pending.get(event.data.seq);
      if (!pending) return;
      host.#pending.delete(event.data.seq);
      if (event.data.error !== undefined) {
        // The worker's error, as the class the caller would have met in this thread.
        const { error, errorName } = event.data;
        pending.reject(
          errorName === "InputError"
            ? new InputError(error)
            : errorName === "UsageError"
            ? new UsageError(error)
            : new PluginError(error),
        );
      } else pending.resolve(event.data.result ?? event.data.corpus);
    };
    worker.onmessage = (event) => {
      if (event.data.kind === "crash") {
        host.#fail(`it crashed: ${event.data.message}`);
        return;
      }
      if (event.data.kind === "memory") {
        host.#fail(host.#memoryMessage(), true);
        return;
      }
      answers(event);
    };
    return host;
  }

  /**
   * Deno cannot interrupt a worker busy in JavaScript: after a stop in the middle of the
   * plugin's code, its thread may run on and keep allocating. Watch the program's memory (from
   * this thread, between its own work) and tell the runaway handler once it has grown by the
   * plugin's memory limit again.
   */
  #watchRunaway(why: string): void {
    const limit = this.#memoryMb * 2 ** 20;
    const start = Deno.memoryUsage();
    const main = (u: Deno.MemoryUsage) => u.heapTotal + u.external;
    const timer = setInterval(() => {
      const now = Deno.memoryUsage();
      const growth = now.rss - start.rss - Math.max(0, main(now) - main(start));
      if (growth <= limit) return;
      clearInterval(timer);
      notifyRunaway(
        `Plugin ${this.#specs}${
          this.#names.length > 0 ? ` (${this.#names.join(", ")})` : ""
        } was stopped (${why.replace(/^Plugin .*? was stopped: /, "")}) but its thread runs on ` +
          `(Deno cannot interrupt it) and went over the plugin memory limit of ${this.#memoryMb} ` +
          `MB again`,
      );
    }, 50);
    Deno.unrefTimer(timer);
  }

  /** One line naming the plugin and the limit it went over. */
  #memoryMessage(when = ""): string {
    const grew = this.#watch ? new Int32Array(this.#watch, 0, 2)[1] : 0;
    return `Plugin ${this.#specs}${
      this.#names.length > 0 ? ` (${this.#names.join(", ")})` : ""
    } was stopped${
      when ? ` ${when}` : ""
    }: it went over the plugin memory limit of ${this.#memoryMb} MB (${grew} MB)`;
  }

  /** Whether the keeper stopped the plugin for memory (seen from any thread state). */
  #overMemory(): boolean {
    return this.#watch !== undefined && Atomics.load(new Int32Array(this.#watch, 0, 1), 0) === 1;
  }

  /** The time limit of one call, in milliseconds. */
  get timeoutMs(): number {
    return this.#timeoutMs;
  }

  /**
   * Stop the worker; later calls fail with a {@linkcode PluginError}.
   *
   * @param why Why it was stopped, for later calls' messages.
   */
  terminate(why = "it was stopped"): void {
    this.#fail(why);
  }

  /**
   * Stop the plugin for good.
   *
   * @param why Why, for later calls' messages.
   * @param memory Stopped for memory.
   * @param busy Stopped in the middle of its code (for memory or time): its thread may run on
   *   (see {@linkcode onRunawayPlugin}).
   */
  #fail(why: string, memory = false, busy = memory): void {
    if (this.#stopped) return;
    this.#stopped = why;
    if (memory) this.#memoryStop = why;
    // A process box is killed: nothing of the plugin runs on.
    if (busy && this.#watch && !(this.#worker instanceof ProcessBox)) {
      this.#watchRunaway(why);
      notifyRunsOn(
        `Plugin ${this.#specs}${
          this.#names.length > 0 ? ` (${this.#names.join(", ")})` : ""
        } was stopped in the middle of its code (${
          why.replace(/^Plugin .*? was stopped: /, "")
        }); Deno cannot interrupt its thread, which may keep a CPU core busy until the ` +
          `program ends`,
      );
    }
    if (this.#watch) {
      // A waiting plugin worker wakes up, sees the stop and closes.
      const gate = new Int32Array(this.#watch, 0, 4);
      Atomics.store(gate, 3, 1);
      Atomics.notify(gate, 2);
    }
    this.#worker.terminate();
    if (this.#heapTimer !== undefined) clearInterval(this.#heapTimer);
    this.#release();
    for (const pending of this.#pending.values()) {
      pending.reject(
        new PluginError(memory ? why : `Plugin ${this.#names.join(", ")} stopped: ${why}`),
      );
    }
    this.#pending.clear();
  }

  #label(plugin: number): string {
    return `Plugin ${this.#names[plugin] ?? "?"}`;
  }

  /** Send a message to the plugin's worker. */
  #post(message: unknown): void {
    this.#worker.postMessage(message);
    if (this.#watch) {
      // A boxed plugin's worker waits (blocked) for this count to grow: see box.ts.
      const gate = new Int32Array(this.#watch, 0, 4);
      Atomics.add(gate, 2, 1);
      Atomics.notify(gate, 2);
    }
  }

  /** Put rows in the call buffer after its header, when it can hold them. */
  #share(rows: Int32Array): boolean {
    try {
      if (this.#buffer.byteLength < 8 + rows.byteLength) this.#buffer.grow(8 + rows.byteLength);
    } catch {
      return false;
    }
    new Int32Array(this.#buffer, 8, rows.length).set(rows);
    return true;
  }

  /**
   * A synchronous call into the worker.
   *
   * @param extraMs Time allowed beyond the limit (a batch of `stats` calls: `stats.batch`, named
   *   `stats` in messages).
   */
  #call(
    plugin: number,
    target: string,
    id: string,
    call: string,
    args: unknown[],
    extraMs = 0,
  ): unknown {
    const fn = call === "stats.batch" ? "stats" : call;
    const what = `${target} "${id}"`;
    if (this.#overMemory()) this.#fail(this.#memoryMessage(), true);
    if (this.#memoryStop) throw new PluginError(this.#memoryStop);
    if (this.#stopped) {
      throw new PluginError(
        `${this.#label(plugin)}, ${what}: the plugin was stopped earlier (${this.#stopped})`,
      );
    }
    Atomics.store(this.#control, 0, 0);
    try {
      this.#post({ kind: "call", plugin, target, id, fn: call, args });
    } catch (error) {
      throw new PluginError(
        `${this.#label(plugin)}, ${what}: cannot pass the arguments of ${fn}() (${
          (error as Error).message
        })`,
      );
    }
    const waited = Atomics.wait(this.#control, 0, 0, this.#timeoutMs + extraMs);
    if (waited === "timed-out") {
      const detail = `${fn}() did not finish within ${
        this.#timeoutMs / 1000
      } s (the plugin time limit); the plugin was stopped`;
      this.#fail(`${fn}() ran over the time limit`, false, true);
      throw new PluginError(`${this.#label(plugin)}, ${what}: ${detail}`, detail);
    }
    const status = Atomics.load(this.#control, 0);
    if (status === 3 || this.#overMemory()) {
      this.#fail(this.#memoryMessage(), true);
      throw new PluginError(this.#memoryStop!);
    }
    const length = this.#control[1];
    const value = deserialize(new Uint8Array(this.#buffer, 8, length).slice());
    if (status === 2) {
      if (value !== null && typeof value === "object") {
        const { name, message } = value as { name: string; message: string };
        throw name === "UsageError" ? new UsageError(message) : new InputError(message);
      }
      throw new PluginError(`${this.#label(plugin)}, ${what}: ${value}`, String(value));
    }
    return value;
  }

  /** An asynchronous request answered by a message, with the time limit. */
  #request(message: Record<string, unknown>, label: string): Promise<unknown> {
    if (this.#overMemory()) this.#fail(this.#memoryMessage(), true);
    if (this.#memoryStop) return Promise.reject(new PluginError(this.#memoryStop));
    if (this.#stopped) {
      return Promise.reject(
        new PluginError(`${label}: the plugin was stopped earlier (${this.#stopped})`),
      );
    }
    const seq = ++this.#seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(seq);
        reject(
          new PluginError(
            `${label}: did not finish within ${
              this.#timeoutMs / 1000
            } s (the plugin time limit); the plugin was stopped`,
          ),
        );
        this.#fail("it ran over the time limit", false, true);
      }, this.#timeoutMs);
      this.#pending.set(seq, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      try {
        this.#post({ ...message, seq });
      } catch (error) {
        clearTimeout(timer);
        this.#pending.delete(seq);
        reject(new PluginError(`${label}: cannot send the data (${(error as Error).message})`));
      }
    });
  }

  /**
   * Run one metric on one system in the worker: statistics, corpus score and (when asked)
   * sentence scores, checked as `runMetricJob` checks them. The time limit covers the whole
   * job.
   *
   * @param plugin The plugin's index in this host.
   * @param metric The metric id.
   * @param gold The gold corpus (sent once per corpus).
   * @param hypotheses One hypothesis per gold sentence.
   * @param options The resolved options.
   * @param extras Sentence scores, per-type breakdown, the system's own edits.
   * @param site Who and where, for messages.
   * @returns The job's result.
   */
  runJob(
    plugin: number,
    metric: string,
    gold: GoldCorpus,
    hypotheses: readonly Tokens[],
    options: Options,
    extras: JobExtras,
    site: CallSite,
  ): Promise<MetricJobResult> {
    let goldId = goldIds.get(gold);
    if (goldId === undefined) goldIds.set(gold, goldId = nextGold++);
    if (this.#goldSent !== goldId && !this.#stopped) {
      this.#post({ kind: "gold", goldId, sentences: gold.sentences });
      this.#goldSent = goldId;
    }
    const label = `${site.plugin ? `Plugin ${site.plugin}, ` : ""}metric "${metric}"${
      site.system ? `, system ${site.system}` : ""
    }`;
    return this.#request(
      { kind: "job", plugin, metric, goldId, hypotheses, options, extras, site },
      label[0].toUpperCase() + label.slice(1),
    ) as Promise<MetricJobResult>;
  }

  #proxy(d: PluginDescriptor, index: number): Plugin {
    const metrics = d.metrics.map((m) => this.#metricProxy(m, index));
    const formats = d.formats.map((f) => this.#formatProxy(f, index));
    const views = d.views.map((v): SentenceView =>
      Object.freeze({
        metric: v.metric,
        description: v.description,
        sentenceEdits: (input: SentenceViewInput) =>
          this.#call(index, "view", v.metric, "sentenceEdits", [input]) as SentenceEdits,
      })
    );
    const plugin = Object.freeze({ name: d.name, version: d.version, metrics, formats, views });
    setHost(plugin, this, index);
    return plugin;
  }

  #metricProxy(d: MetricDescriptor, plugin: number): AnyMetric {
    const metric = metricProxy(d, {
      call: (fn, args, extraMs) => this.#call(plugin, "metric", d.id, fn, args, extraMs),
      stopped: () => this.#stopped !== undefined,
      label: `${this.#label(plugin)}, metric "${d.id}"`,
      key: () => ++this.#kept,
      share: (rows) => this.#share(rows),
    });
    setHost(metric, this, plugin);
    return metric;
  }

  #formatProxy(d: FormatDescriptor, plugin: number): Format {
    const format: Format = {
      id: d.id,
      description: d.description,
      extensions: deepFreeze(d.extensions),
      parse: async (chunks, file) => {
        const text: string[] = [];
        for await (const chunk of chunks) text.push(chunk);
        const label = `${this.#label(plugin)}, format "${d.id}"`;
        const corpus = await this.#request(
          { kind: "parse", plugin, id: d.id, chunks: text, file },
          label,
        );
        const problem = goldProblem(corpus);
        if (problem) {
          throw new PluginError(
            `${label}: parse() returned a malformed corpus (${file}): ${problem}`,
          );
        }
        return corpus as GoldCorpus;
      },
    };
    if (d.sniff) {
      format.sniff = (head) => this.#call(plugin, "format", d.id, "sniff", [head]) === true;
    }
    if (d.write) {
      format.write = (corpus) => {
        const text = this.#call(plugin, "format", d.id, "write", [corpus]);
        if (typeof text !== "string") {
          throw new PluginError(
            `${this.#label(plugin)}, format "${d.id}": write() returned ${typeof text}, not text`,
          );
        }
        return text;
      };
    }
    Object.freeze(format);
    setHost(format, this, plugin);
    return format;
  }
}
