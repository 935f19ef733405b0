/**
 * The worker of `bootstrap_pool.ts`: it imports the modules of declared plugins (the
 * built-in one), and scores one system's bootstrap resamples per task with
 * `bootstrapValues()`, the function the serial path uses, so the numbers are the same. The
 * resamples are drawn here from the seed (once per size and seed), never sent.
 *
 * @module
 */

import type { PluginModule } from "../sandbox/host.ts";
import type { AnyMetric, Options, Plugin } from "../plugins/types.ts";
import { bootstrapIndices, bootstrapValues } from "./resample.ts";

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
 * The message that starts a worker: every task, and a shared counter through which the
 * threads claim them (`Atomics.add`), so a worker never waits for the main thread to hand it
 * the next one.
 */
export interface BootstrapWorkerStart {
  /** The tasks. */
  tasks: BootstrapWorkerTask[];
  /** `claim[0]`: the next task to take (at `tasks.length` or beyond: none left). */
  claim: Int32Array;
  /** The resamples: `samples` rows of `n` indices drawn from `seed`. */
  samples: number;
  /** The seed. */
  seed: number;
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

scope.onmessage = async (event: MessageEvent<BootstrapWorkerStart>) => {
  const { tasks, claim, samples, seed } = event.data;
  let indices: Int32Array | undefined;
  for (let k = Atomics.add(claim, 0, 1); k < tasks.length; k = Atomics.add(claim, 0, 1)) {
    const task = tasks[k];
    try {
      const metric = await metricOf(task.module, task.metric);
      indices ??= bootstrapIndices(task.stats.length, samples, seed);
      const values = bootstrapValues(metric, task.stats, task.options, indices, task.path);
      scope.postMessage({ task: k, values }, [values.buffer]);
    } catch (error) {
      // Nothing more is claimed by anyone: the run stops.
      Atomics.store(claim, 0, tasks.length);
      const e = error instanceof Error ? error : new Error(String(error));
      scope.postMessage({ task: k, error: e.message, errorName: e.name });
    }
  }
  scope.postMessage({ done: true });
};
