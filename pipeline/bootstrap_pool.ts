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
import { hostOf } from "../sandbox/hosted.ts";
import { type PluginModule, pluginModule } from "../sandbox/plugin_module.ts";
import { bootstrapIndices, bootstrapValues, claimNext } from "./resample.ts";
import type {
  BootstrapWorkerBatch,
  BootstrapWorkerStart,
  BootstrapWorkerTask,
} from "./bootstrap_worker.ts";

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

/** What decides a run's threads before its tasks are known (see {@linkcode startBootstrap}). */
export interface BootstrapPlan {
  /** Threads (see {@linkcode BootstrapPoolOptions.jobs}). */
  jobs?: number | "auto";
  /** Sentences of every task. */
  n: number;
  /** The metric of every task to come, in any order. */
  metrics: readonly AnyMetric[];
}

/**
 * A bootstrap run whose tasks arrive while this thread does other work: workers start on each
 * task as soon as it is added, and this thread joins when it calls `finish()`.
 */
export interface BootstrapRun {
  /** The number of threads, this one included. */
  readonly threads: number;
  /** Add tasks (their statistics are ready); workers may start on them at once. */
  add(tasks: readonly BootstrapTask[]): void;
  /**
   * No more tasks: this thread runs `meanwhile`, then the tasks that cannot move, then claims
   * tasks with the workers until none is left. Resolves with the scores of every task added,
   * in order; rejects with the error of the first failed task in that order.
   */
  finish(meanwhile?: () => void): Promise<Float64Array[]>;
  /** Stop the workers (when the work around the run failed). */
  cancel(): void;
}

/** Whether a task's metric can run on a worker: the module of its plugin, when declared. */
function moduleOf(registry: Registry, metric: AnyMetric): PluginModule | undefined {
  const plugin = registry.pluginOf(metric.id);
  return plugin && !hostOf(metric) ? pluginModule(plugin) : undefined;
}

/**
 * Start a bootstrap run: the threads are decided from `plan` (as
 * {@linkcode bootstrapThreads} decides them) and the workers start loading at once. Every
 * task gives `bootstrapValues(metric, stats, options, bootstrapIndices(n, samples, seed),
 * path)`, whichever thread runs it.
 *
 * @example Tasks added in two steps give the numbers of one thread
 * ```ts
 * import { bootstrapOnWorkers, startBootstrap } from "./bootstrap_pool.ts";
 * import { createRegistry } from "../mod.ts";
 * import assert from "node:assert/strict";
 *
 * const registry = createRegistry();
 * const metric = registry.metric("m2");
 * const gold = { source: ["a", "cat"], annotations: [{ annotator: "0", edits: [] }] };
 * const stats = [metric.stats(gold, ["a", "cat"], metric.defaults), metric.stats(gold, ["the", "cat"], metric.defaults)];
 * const task = { metric, options: metric.defaults, stats, path: "f" };
 * const draw = { samples: 50, seed: 1 };
 * const run = startBootstrap(registry, draw, { jobs: 2, n: 2, metrics: [metric, metric, metric] });
 * assert.equal(run.threads, 2);
 * run.add([task]);
 * run.add([task, task]);
 * const values = await run.finish();
 * assert.deepEqual(values, await bootstrapOnWorkers(registry, [task, task, task], draw, { jobs: 1 }));
 * ```
 *
 * @param registry The registry the metrics come from.
 * @param draw The resamples.
 * @param plan Threads, sentences and the tasks' metrics.
 * @returns The run.
 */
export function startBootstrap(
  registry: Registry,
  draw: BootstrapDraw,
  plan: BootstrapPlan,
): BootstrapRun {
  const { n } = plan;
  const movableCount = plan.metrics.filter((m) => moduleOf(registry, m)).length;
  const modules = [
    ...new Map(plan.metrics.flatMap((m) => {
      const module = moduleOf(registry, m);
      return module ? [[module.url, module] as const] : [];
    })).values(),
  ];
  const threads = bootstrapThreads(plan.jobs ?? "auto", movableCount, draw.samples, n);
  const tasks: BootstrapTask[] = [];
  /** Per task: its index among the movable tasks, or -1. */
  const movableAt: number[] = [];
  /** The movable tasks' indices in `tasks`. */
  const movable: number[] = [];
  const out: (Float64Array | undefined)[] = [];
  const errors = new Map<number, Error>();
  let indices: Int32Array | undefined;
  // The first worker draws the resamples into shared memory while this thread scores, and
  // sets `drawn[0]`; this thread then reads them there rather than drawing them again.
  const workerCount = threads - 1;
  const shared = workerCount
    ? new Int32Array(new SharedArrayBuffer(4 * n * draw.samples))
    : undefined;
  const drawn = new Int32Array(new SharedArrayBuffer(4));
  const runHere = (k: number) => {
    if (errors.size) return;
    try {
      indices ??= Atomics.load(drawn, 0) === 1
        ? shared!
        : bootstrapIndices(n, draw.samples, draw.seed);
      const t = tasks[k];
      out[k] = bootstrapValues(t.metric, t.stats, t.options, indices, t.path);
    } catch (error) {
      errors.set(k, error as Error);
    }
  };
  // claim[0]: the next movable task to take; claim[1]: 1 once the run stops.
  const claim = new Int32Array(new SharedArrayBuffer(8));
  const stop = () => Atomics.store(claim, 1, 1);
  const workers = Array.from(
    { length: workerCount },
    () => new Worker(new URL("./bootstrap_worker.ts", import.meta.url).href, { type: "module" }),
  );
  const lanes = workers.map((worker, w) =>
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
      const start: BootstrapWorkerStart = {
        claim,
        samples: draw.samples,
        n,
        seed: draw.seed,
        modules,
        ...(w === 0 ? { shared, drawn } : {}),
      };
      worker.postMessage(start);
    })
  );
  const cancel = () => {
    stop();
    for (const worker of workers) worker.terminate();
  };
  let finished = false;
  return {
    threads,
    add(added) {
      if (finished) throw new Error("A finished bootstrap run takes no more tasks");
      const batch: BootstrapWorkerTask[] = [];
      for (const task of added) {
        const k = tasks.push(task) - 1;
        const module = workers.length ? moduleOf(registry, task.metric) : undefined;
        movableAt.push(module ? movable.push(k) - 1 : -1);
        if (module) {
          batch.push({
            module,
            metric: task.metric.id,
            options: task.options,
            stats: task.stats as unknown[],
            path: task.path,
          });
        }
      }
      if (batch.length) {
        const message: BootstrapWorkerBatch = { tasks: batch };
        for (const worker of workers) worker.postMessage(message);
      }
    },
    async finish(meanwhile) {
      finished = true;
      try {
        const end: BootstrapWorkerBatch = { tasks: [], end: movable.length };
        for (const worker of workers) worker.postMessage(end);
        meanwhile?.();
        for (let k = 0; k < tasks.length; k++) if (movableAt[k] < 0) runHere(k);
        if (errors.size) stop();
        for (
          let c = claimNext(claim, movable.length);
          c >= 0;
          c = claimNext(claim, movable.length)
        ) {
          runHere(movable[c]);
          if (errors.size) stop();
        }
        await Promise.all(lanes);
      } finally {
        for (const worker of workers) worker.terminate();
      }
      if (errors.size) throw errors.get(Math.min(...errors.keys()))!;
      return out as Float64Array[];
    },
    cancel,
  };
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
  const metrics = tasks.map((t) => t.metric);
  const run = startBootstrap(registry, draw, { jobs: how.jobs, n, metrics });
  try {
    run.add(tasks);
  } catch (error) {
    run.cancel();
    throw error;
  }
  return await run.finish(how.meanwhile);
}
