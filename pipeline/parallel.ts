/**
 * Parallel scoring: systems × metrics spread over a pool of workers, each job computing one
 * metric's statistics on one system once, with its corpus and sentence scores. The statistics
 * come back to the caller (plain data) for resampling and meta-evaluation. Results are the
 * same, byte for byte, for any number of workers: each job runs the same code on the same
 * data, and results are put back in the order the serial engine (`pipeline/engine.ts`) gives.
 *
 * Which worker runs a metric: a metric of a boxed plugin (`loadPlugin`) runs in that
 * plugin's own worker; a metric of a plugin whose module is declared (`setPluginModule`,
 * as the built-in plugin is) runs in the pool; any other metric runs in this thread.
 *
 * @module
 */

import type { PluginHost } from "../sandbox/host.ts";
import { hostOf } from "../sandbox/hosted.ts";
import { type PluginModule, pluginModule } from "../sandbox/plugin_module.ts";
import { type JobExtras, type MetricJobResult, runMetricJob } from "../checked/guard.ts";
import { InputError } from "../plugins/errors.ts";
import {
  type MetricResult,
  metricResult,
  type RefusalPolicy,
  type RunPlan,
  siteOf,
} from "./scoring.ts";

/** How to spread the work. */
export interface ParallelOptions {
  /**
   * Workers in the pool: a number (1 scores in this thread), or `"auto"` (default): one per
   * core, but none for runs too small to repay starting workers.
   */
  jobs?: number | "auto";
}

/** Jobs sent ahead to each worker of the pool. */
const IN_FLIGHT = 4;

/**
 * Below this many sentence × system × metric evaluations, `"auto"` uses no workers. A worker
 * costs about 0.3 s of CPU to load the metrics and warm them up, and this thread's garbage
 * collector already uses the second core: the 12 CoNLL-2014 team outputs × M2, GLEU and the
 * I-measure (47,232 evaluations) took 0.97-1.00 s on this thread and 1.14-1.18 s on two
 * workers (2-core machine, idle), so runs of that size stay here.
 */
const AUTO_PARALLEL_MIN = 100_000;

/**
 * How many pool workers a run gets.
 *
 * @example Usage
 * ```ts
 * import { poolSize } from "./parallel.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(poolSize(3, 10, 1_000_000), 3);
 * assert.equal(poolSize(8, 2, 1_000_000), 2);
 * assert.equal(poolSize("auto", 30, 100), 1);
 * ```
 *
 * @param jobs The `jobs` option.
 * @param items How many jobs the pool could run.
 * @param work Sentence × system × metric evaluations in the run.
 * @returns The number of workers (1: none, score in this thread).
 */
export function poolSize(jobs: number | "auto", items: number, work: number): number {
  if (jobs === "auto") {
    if (work < AUTO_PARALLEL_MIN) return 1;
    jobs = Math.max(1, navigator.hardwareConcurrency || 1);
  }
  return Math.max(1, Math.min(Math.floor(jobs), items));
}

interface Item {
  system: number;
  metric: number;
}

/**
 * The pool size a plan gets, and whether it must leave this thread at all: a plan runs here
 * when the pool would have one worker and no metric lives in a plugin's own worker.
 *
 * @param plan The plan.
 * @param jobs The `jobs` option.
 * @returns The pool size, and whether any job runs on a worker.
 */
export function placement(
  plan: RunPlan,
  jobs: number | "auto",
): { size: number; workers: boolean } {
  const { size, hosted } = layout(plan, jobs);
  return { size, workers: size > 1 || hosted };
}

function layout(plan: RunPlan, jobs: number | "auto") {
  const { registry, gold, systems, metrics } = plan;
  const modules = metrics.map((m) => {
    const plugin = registry.pluginOf(m.id);
    return plugin && !hostOf(m) ? pluginModule(plugin) : undefined;
  });
  const items: Item[] = [];
  for (let s = 0; s < systems.length; s++) {
    for (let k = 0; k < metrics.length; k++) items.push({ system: s, metric: k });
  }
  const pooled = items.filter((it) => modules[it.metric]);
  const work = gold.sentences.length * items.length;
  const size = poolSize(jobs, pooled.length, work);
  return { modules, items, size, hosted: metrics.some((m) => hostOf(m)) };
}

/**
 * Run a plan's (system, metric) jobs on workers: the pool for built-in metrics, each boxed
 * plugin's own worker for its metrics, this thread for the rest. A job that fails stops the
 * jobs after it in serial order (except a metric refusing a sentence under `onRefusal:
 * "skip"`), so the error met is the one the serial engine would have met first.
 * `pipeline/engine.ts` decides when a plan goes here and settles the jobs.
 *
 * @param plan The plan.
 * @param jobs The `jobs` option (pool size).
 * @param onProgress Progress, in sentence evaluations.
 * @param onRefusal Whether a metric's input error lets the other jobs go on.
 * @returns Job (system `s`, metric `k`)'s result, or its error thrown.
 */
export async function runOnWorkers(
  plan: RunPlan,
  jobs: number | "auto",
  onProgress?: (done: number, total: number) => void,
  onRefusal: RefusalPolicy = "fail",
): Promise<(s: number, k: number) => MetricResult> {
  const { gold, systems, metrics } = plan;
  const resolved = plan.options;
  const { modules, items, size } = layout(plan, jobs);
  const request = { onProgress };

  const results: (MetricJobResult | undefined)[] = new Array(items.length);
  const errors: (unknown | undefined)[] = new Array(items.length);
  // The first failed job in serial order; every job before it still runs, so the error
  // reported is the one the serial scorer meets.
  let failedAt = Infinity;
  const extrasOf = (it: Item): JobExtras => ({
    sentences: plan.sentences,
    byType: plan.byType,
    edits: systems[it.system].edits,
  });
  const site = (it: Item) => siteOf(plan, it.system, it.metric);

  // The pool: workers that load the declared modules (the built-ins) with this program's
  // permissions; plugin index = position of the module in `poolModules`.
  const poolModules: PluginModule[] = [];
  const moduleIndex = new Map<string, number>();
  for (const m of modules) {
    if (!m) continue;
    const key = `${m.url}#${m.exportName}`;
    if (!moduleIndex.has(key)) moduleIndex.set(key, poolModules.push(m) - 1);
  }
  const pluginIndex = (it: Item) => {
    const m = modules[it.metric]!;
    return moduleIndex.get(`${m.url}#${m.exportName}`)!;
  };
  const hosts: PluginHost[] = [];
  const queues = new Map<string, Item[]>();
  const queue = (key: string, it: Item) => {
    const q = queues.get(key);
    if (q) q.push(it);
    else queues.set(key, [it]);
  };
  const local: Item[] = [];
  // Metric by metric: a worker then tends to run one metric (less to compile and cache).
  const byMetric = [...items].sort((a, b) => a.metric - b.metric || a.system - b.system);
  for (const it of byMetric) {
    const metric = metrics[it.metric];
    if (hostOf(metric)) queue(`host:${it.metric}`, it);
    else if (modules[it.metric] && size > 1) queue("pool", it);
    else local.push(it);
  }
  const index = (it: Item) => it.system * metrics.length + it.metric;
  const total = items.length * gold.sentences.length;
  let jobsDone = 0;

  const run = async (
    next: Item[] | (() => Item | undefined),
    exec: (it: Item) => Promise<MetricJobResult>,
  ): Promise<void> => {
    const take = Array.isArray(next) ? () => next.shift() : next;
    for (let it = take(); it; it = take()) {
      if (index(it) > failedAt) continue;
      try {
        results[index(it)] = await exec(it);
        jobsDone++;
        request.onProgress?.(jobsDone * gold.sentences.length, total);
      } catch (error) {
        errors[index(it)] = error;
        // A metric refusing a sentence may be left out (the executor decides, in serial
        // order): the other jobs go on.
        if (!(error instanceof InputError && onRefusal === "skip")) {
          failedAt = Math.min(failedAt, index(it));
        }
      }
    }
  };

  // One job on a worker (`plugin` is its index among that worker's plugins), or on this
  // thread (yielding first, so the workers' answers are taken in between its jobs).
  const runOn = (host: PluginHost, plugin: number, it: Item) =>
    host.runJob(
      plugin,
      metrics[it.metric].id,
      gold,
      systems[it.system].sentences,
      resolved[it.metric],
      extrasOf(it),
      site(it),
    );
  const runHere = async (it: Item) => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return runMetricJob(
      metrics[it.metric],
      gold.sentences,
      systems[it.system].sentences,
      resolved[it.metric],
      extrasOf(it),
      site(it),
    );
  };

  try {
    const tasks: Promise<void>[] = [];
    const pool = queues.get("pool");
    if (pool) {
      // This thread is one of the `size` workers (its modules are loaded already): the pool
      // starts one worker fewer.
      const lanes = Math.min(size, pool.length);
      // The sandbox is loaded only by runs that start workers.
      const { PluginHost } = await import("../sandbox/host.ts");
      const started = await Promise.all(
        Array.from(
          { length: lanes - 1 },
          () => PluginHost.start(poolModules, { permissions: "inherit", timeoutMs: 2 ** 31 - 1 }),
        ),
      );
      hosts.push(...started);
      // Each lane keeps to its own metrics (less to compile and cache per worker) and takes
      // another's jobs only when its own are done.
      const byMetric = new Map<number, Item[]>();
      for (const it of pool) {
        if (!byMetric.has(it.metric)) byMetric.set(it.metric, []);
        byMetric.get(it.metric)!.push(it);
      }
      const order = [...byMetric.keys()];
      const nextFor = (lane: number) => {
        const mine = order.filter((_, i) => i % lanes === lane);
        return () => {
          for (const k of mine) if (byMetric.get(k)!.length) return byMetric.get(k)!.shift();
          let most: Item[] | undefined;
          for (const list of byMetric.values()) {
            if (list.length && (!most || list.length > most.length)) most = list;
          }
          return most?.shift();
        };
      };
      started.forEach((host, lane) => {
        const next = nextFor(lane);
        const exec = (it: Item) => runOn(host, pluginIndex(it), it);
        // Jobs in flight: the worker has its next jobs while this thread is busy with one of
        // its own (results are taken in only between this thread's jobs).
        for (let k = 0; k < IN_FLIGHT; k++) tasks.push(run(next, exec));
      });
      tasks.push(run(nextFor(lanes - 1), runHere));
    }
    for (const [key, list] of queues) {
      if (key === "pool") continue;
      tasks.push(run(list, (it) => {
        const { host, plugin } = hostOf<PluginHost>(metrics[it.metric])!;
        return runOn(host, plugin, it);
      }));
    }
    // Jobs of this thread run between the workers' answers.
    tasks.push(run(local, runHere));
    await Promise.all(tasks);
  } finally {
    for (const host of hosts) host.terminate();
  }
  // Each job's result, or its error (thrown): the executor settles them in serial order.
  return (s, k) => {
    const at = s * metrics.length + k;
    if (errors[at] !== undefined) throw errors[at];
    const job = results[at];
    if (!job) throw errors[failedAt];
    return metricResult(metrics[k], job, gold, resolved[k], systems[s]);
  };
}
