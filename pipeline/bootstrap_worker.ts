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
  /** The task's number, sent back with its answer. */
  seq: number;
  /** The module of the metric's plugin. */
  module: PluginModule;
  /** The metric id. */
  metric: string;
  /** Its resolved options. */
  options: Options;
  /** The system's statistics, one per sentence. */
  stats: unknown[];
  /** The resamples: `samples` rows of `stats.length` indices drawn from `seed`. */
  samples: number;
  /** The seed. */
  seed: number;
  /** The dotted path of the number kept. */
  path: string;
}

// deno-lint-ignore no-explicit-any
const scope = self as any;
const metrics = new Map<string, Promise<AnyMetric>>();
let drawn: { key: string; indices: Int32Array } | undefined;

function metricOf(module: PluginModule, id: string): Promise<AnyMetric> {
  const key = `${module.url}#${module.exportName}#${id}`;
  let found = metrics.get(key);
  if (!found) {
    found = import(module.url).then((loaded: Record<string, unknown>) => {
      const plugin = loaded[module.exportName] as Plugin | undefined;
      const metric = plugin?.metrics?.find((m) => m.id === id);
      if (!metric) throw new Error(`Plugin ${module.spec} has no metric ${id}`);
      return metric;
    });
    metrics.set(key, found);
  }
  return found;
}

scope.onmessage = async (event: MessageEvent<BootstrapWorkerTask>) => {
  const task = event.data;
  try {
    const metric = await metricOf(task.module, task.metric);
    const n = task.stats.length;
    const key = `${n}/${task.samples}/${task.seed}`;
    if (drawn?.key !== key) {
      drawn = { key, indices: bootstrapIndices(n, task.samples, task.seed) };
    }
    const values = bootstrapValues(metric, task.stats, task.options, drawn.indices, task.path);
    scope.postMessage({ seq: task.seq, values }, [values.buffer]);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    scope.postMessage({ seq: task.seq, error: e.message, errorName: e.name });
  }
};
