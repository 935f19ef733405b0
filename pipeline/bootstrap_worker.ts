/**
 * The worker of `bootstrap_pool.ts`: it imports the modules of declared plugins (the
 * built-in one), and scores one system's bootstrap resamples per task with
 * `bootstrapValues()`, the function the serial path uses, so the numbers are the same. The
 * resamples are drawn here from the seed (once per size and seed), never sent. Tasks arrive in
 * batches as their statistics become ready; the threads claim them through a shared counter.
 *
 * @module
 */

import type { PluginModule } from "../sandbox/host.ts";
import type { AnyMetric, Options, Plugin } from "../plugins/types.ts";
import { bootstrapIndices, bootstrapValues, claimNext } from "./resample.ts";

/** One task: a metric's bootstrap scores of one system. */
export interface BootstrapWorkerTask {
  /** The module of the metric's plugin. */
  module: PluginModule;
  /** The metric id. */
  metric: string;
  /** Its resolved options. */
  options: Options;
  /** The system's statistics, one per sentence. */
  stats: unknown[];
  /** The dotted path of the number kept. */
  path: string;
}

/**
 * The message that starts a worker: the shared counter through which the threads claim the
 * tasks (`claimNext`: `claim[0]` the next task, `claim[1]` set once the run stops), so a
 * worker never waits for the main thread to hand it the next one, the resamples, and the
 * modules the tasks will need (imported, and the resamples drawn, before the first task).
 */
export interface BootstrapWorkerStart {
  /** The counter and stop flag. */
  claim: Int32Array;
  /** The resamples: `samples` rows of `n` indices drawn from `seed`. */
  samples: number;
  /** Sentences per resample. */
  n: number;
  /** The seed. */
  seed: number;
  /** The modules of the tasks' metrics. */
  modules: PluginModule[];
  /**
   * For one worker: shared memory to draw the resamples into (`samples * n` indices), and the
   * flag set to 1 (`Atomics.store`) once they are there, for the thread that started it.
   */
  shared?: Int32Array;
  /** The flag of `shared`. */
  drawn?: Int32Array;
}

/** Tasks whose statistics are ready (numbered on from the previous batches). */
export interface BootstrapWorkerBatch {
  /** The tasks. */
  tasks: BootstrapWorkerTask[];
  /** In the last batch: the number of tasks of the run. */
  end?: number;
}

// deno-lint-ignore no-explicit-any
const scope = self as any;

async function metricOf(module: PluginModule, id: string): Promise<AnyMetric> {
  const loaded: Record<string, unknown> = await import(module.url);
  const plugin = loaded[module.exportName] as Plugin | undefined;
  const metric = plugin?.metrics?.find((m) => m.id === id);
  if (!metric) throw new Error(`Plugin ${module.spec} has no metric ${id}`);
  return metric;
}

let start: BootstrapWorkerStart | undefined;
const tasks: BootstrapWorkerTask[] = [];
let indices: Int32Array | undefined;

async function handle(message: BootstrapWorkerStart | BootstrapWorkerBatch): Promise<void> {
  if ("claim" in message) {
    start = message;
    // While the first statistics are computed elsewhere: load the metrics, draw the resamples.
    // (A module that fails to load fails its tasks, as below.)
    await Promise.allSettled(message.modules.map((m) => import(m.url)));
    try {
      indices = bootstrapIndices(message.n, message.samples, message.seed);
      if (message.shared && message.drawn && message.shared.length === indices.length) {
        message.shared.set(indices);
        indices = message.shared;
        Atomics.store(message.drawn, 0, 1);
      }
    } catch {
      // Drawn again for the first task, which reports the error.
    }
    return;
  }
  try {
    const { claim, samples, seed } = start!;
    tasks.push(...message.tasks);
    for (let k = claimNext(claim, tasks.length); k >= 0; k = claimNext(claim, tasks.length)) {
      const task = tasks[k];
      try {
        const metric = await metricOf(task.module, task.metric);
        if (indices?.length !== task.stats.length * samples) {
          indices = bootstrapIndices(task.stats.length, samples, seed);
        }
        const values = bootstrapValues(metric, task.stats, task.options, indices, task.path);
        scope.postMessage({ task: k, values }, [values.buffer]);
      } catch (error) {
        // Nothing more is claimed by anyone: the run stops.
        Atomics.store(claim, 1, 1);
        const e = error instanceof Error ? error : new Error(String(error));
        scope.postMessage({ task: k, error: e.message, errorName: e.name });
      }
    }
  } finally {
    if (message.end !== undefined) scope.postMessage({ done: true });
  }
}

// One message at a time, in order (a task's metric is imported asynchronously); a message
// that fails does not stop the next ones (each task reports its own error).
let queue = Promise.resolve();
scope.onmessage = (event: MessageEvent<BootstrapWorkerStart | BootstrapWorkerBatch>) => {
  queue = queue.then(() => handle(event.data)).catch(() => {});
};
