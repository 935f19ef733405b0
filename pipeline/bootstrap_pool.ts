/**
 * Bootstrap scores on several cores: each task is one metric's scores of one system on every
 * bootstrap resample (`bootstrapValues()`), the part of significance testing that costs
 * (GLEU scores 500 reference draws per resample). Tasks of metrics whose plugin module is
 * declared (the built-ins) are shared between this thread and workers; the others run here.
 * The resamples depend only on the seed, the number of sentences and of resamples, so each
 * worker draws them itself, and every task gives the numbers the serial path gives, however
 * the tasks are split. Intervals and p-values are then computed from them here
 * (`assessWithResamples()` in `significance.ts`).
 *
 * @module
 */

import { InputError, PluginError, UsageError } from "../plugins/errors.ts";
import type { Registry } from "../plugins/registry.ts";
import type { AnyMetric, Options } from "../plugins/types.ts";
import { hostOf, type PluginModule, pluginModule } from "../sandbox/host.ts";
import { bootstrapIndices, bootstrapValues } from "./resample.ts";
import type { BootstrapWorkerStart, BootstrapWorkerTask } from "./bootstrap_worker.ts";

/** One metric's bootstrap scores of one system. */
export interface BootstrapTask {
  /** The metric. */
  metric: AnyMetric;
  /** Its resolved options. */
  options: Options;
  /** The system's statistics, one per sentence. */
  stats: readonly unknown[];
  /** The dotted path of the number kept (the tested headline). */
  path: string;
}

/** The resamples every task is scored on. */
export interface BootstrapDraw {
  /** Resamples. */
  samples: number;
  /** The seed. */
  seed: number;
}

/** How to spread the tasks. */
export interface BootstrapPoolOptions {
  /**
   * Threads: a number (1: this thread only), or `"auto"` (default): one per core, but this
   * thread alone for work too small to repay starting a worker.
   */
  jobs?: number | "auto";
  /**
   * Work for this thread while the workers start on their first tasks (it joins the tasks
   * afterwards).
   */
  meanwhile?: () => void;
}

/** Below this many sentence scores (resamples × sentences × tasks), `"auto"` uses no worker. */
const AUTO_MIN = 4_000_000;

/**
 * Above this many indices (resamples × sentences) per thread, the resamples are not held at
 * once, and the serial path (which draws them a batch at a time) is left to do the work.
 */
const MAX_INDICES = 8_000_000;

/**
 * How many threads a pool of bootstrap tasks gets (1: this thread alone).
 *
 * @example Usage
 * ```ts
 * import { bootstrapThreads } from "./bootstrap_pool.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(bootstrapThreads(1, 39, 1000, 1312), 1);
 * assert.equal(bootstrapThreads(4, 2, 1000, 1312), 2);
 * assert.equal(bootstrapThreads("auto", 3, 100, 3), 1);
 * assert.equal(bootstrapThreads(2, 39, 1000, 100_000), 1);
 * ```
 *
 * @param jobs The `jobs` option.
 * @param tasks The number of tasks that may run on a worker.
 * @param samples Resamples.
 * @param n Sentences.
 * @returns The number of threads, this one included.
 */
export function bootstrapThreads(
  jobs: number | "auto",
  tasks: number,
  samples: number,
  n: number,
): number {
  if (samples * n > MAX_INDICES) return 1;
  if (jobs === "auto") {
    if (samples * n * tasks < AUTO_MIN) return 1;
    jobs = Math.max(1, navigator.hardwareConcurrency || 1);
  }
  return Math.max(1, Math.min(Math.floor(jobs), tasks));
}

function rebuilt(message: string, name: string): Error {
  const make = {
    UsageError: () => new UsageError(message),
    InputError: () => new InputError(message),
    PluginError: () => new PluginError(message),
    RangeError: () => new RangeError(message),
    TypeError: () => new TypeError(message),
  }[name];
  return make ? make() : new Error(message);
}

/**
 * The bootstrap scores of every task, `out[t]` for `tasks[t]`, each equal to
 * `bootstrapValues(metric, stats, options, bootstrapIndices(n, samples, seed), path)`. A task
 * that fails stops the run (no task is started after it) with the error of the first failed
 * task in the given order.
 *
 * @example Two threads give the numbers of one
 * ```ts
 * import { bootstrapOnWorkers } from "./bootstrap_pool.ts";
 * import { createRegistry } from "../mod.ts";
 * import assert from "node:assert/strict";
 *
 * const registry = createRegistry();
 * const metric = registry.metric("m2");
 * const gold = { source: ["a", "cat"], annotations: [{ annotator: "0", edits: [] }] };
 * const stats = [metric.stats(gold, ["a", "cat"], metric.defaults), metric.stats(gold, ["the", "cat"], metric.defaults)];
 * const tasks = [{ metric, options: metric.defaults, stats, path: "f" }];
 * const draw = { samples: 50, seed: 1 };
 * const one = await bootstrapOnWorkers(registry, [...tasks, ...tasks], draw, { jobs: 1 });
 * const two = await bootstrapOnWorkers(registry, [...tasks, ...tasks], draw, { jobs: 2 });
 * assert.deepEqual(two, one);
 * assert.equal(one[0].length, 50);
 * ```
 *
 * @param registry The registry the metrics come from.
 * @param tasks The tasks (all on the same number of sentences).
 * @param draw The resamples.
 * @param how Threads, and this thread's other work.
 * @returns One array of scores per task.
 */
export async function bootstrapOnWorkers(
  registry: Registry,
  tasks: readonly BootstrapTask[],
  draw: BootstrapDraw,
  how: BootstrapPoolOptions = {},
): Promise<Float64Array[]> {
  const n = tasks[0]?.stats.length ?? 0;
  const modules = tasks.map((t): PluginModule | undefined => {
    const plugin = registry.pluginOf(t.metric.id);
    return plugin && !hostOf(t.metric) ? pluginModule(plugin) : undefined;
  });
  const movable = tasks.flatMap((_, k) => modules[k] ? [k] : []);
  const threads = bootstrapThreads(how.jobs ?? "auto", movable.length, draw.samples, n);
  const out: (Float64Array | undefined)[] = new Array(tasks.length);
  const errors = new Map<number, Error>();
  let indices: Int32Array | undefined;
  const runHere = (k: number) => {
    if (errors.size) return;
    try {
      indices ??= bootstrapIndices(n, draw.samples, draw.seed);
      const t = tasks[k];
      out[k] = bootstrapValues(t.metric, t.stats, t.options, indices, t.path);
    } catch (error) {
      errors.set(k, error as Error);
    }
  };
  if (threads <= 1) {
    how.meanwhile?.();
    for (let k = 0; k < tasks.length; k++) runHere(k);
  } else {
    // Every thread claims the next movable task from one shared counter, so none waits for
    // another to hand out work; this thread runs the tasks that cannot move first.
    const local = tasks.flatMap((_, k) => modules[k] ? [] : [k]);
    const claim = new Int32Array(new SharedArrayBuffer(4));
    const start: BootstrapWorkerStart = {
      tasks: movable.map((k): BootstrapWorkerTask => ({
        module: modules[k]!,
        metric: tasks[k].metric.id,
        options: tasks[k].options,
        stats: tasks[k].stats as unknown[],
        path: tasks[k].path,
      })),
      claim,
      samples: draw.samples,
      seed: draw.seed,
    };
    const workers = Array.from(
      { length: threads - 1 },
      () => new Worker(new URL("./bootstrap_worker.ts", import.meta.url).href, { type: "module" }),
    );
    const stop = () => Atomics.store(claim, 0, movable.length);
    try {
      const lanes = workers.map((worker) =>
        new Promise<void>((resolve) => {
          worker.onmessage = (event) => {
            const { task, values, error, errorName, done } = event.data;
            if (done) resolve();
            else if (error !== undefined) errors.set(movable[task], rebuilt(error, errorName));
            else out[movable[task]] = values;
          };
          worker.onerror = (event) => {
            event.preventDefault();
            errors.set(-1, new Error(`A bootstrap worker failed: ${event.message}`));
            stop();
            resolve();
          };
          worker.postMessage(start);
        })
      );
      how.meanwhile?.();
      for (const k of local) runHere(k);
      if (errors.size) stop();
      for (let c = Atomics.add(claim, 0, 1); c < movable.length; c = Atomics.add(claim, 0, 1)) {
        runHere(movable[c]);
        if (errors.size) stop();
      }
      await Promise.all(lanes);
    } finally {
      for (const worker of workers) worker.terminate();
    }
  }
  if (errors.size) throw errors.get(Math.min(...errors.keys()))!;
  return out as Float64Array[];
}
