/**
 * A streamed run of corpus scores on two threads: the run's (system, metric) pairs are split
 * between this thread and one worker (`stream_split_worker.ts`), each of which reads the gold
 * and the systems it needs and folds its pairs with the serial stream's loop (`streamPairs()`),
 * so each number is the one the serial stream gives. The pairs are split metric by metric (in
 * the run's order, a metric's systems kept together), so that each thread loads and warms up
 * as few metrics as it can: this thread takes the first metrics, the worker the others. A run too
 * small to repay a worker, or whose metrics are not all in declared plugin modules, is not
 * split (`pipeline/run.ts` decides). When either thread fails, the run is scored again by the
 * serial stream, which then meets (and reports) the first fault the serial stream meets.
 *
 * @module
 */

import { Worker } from "node:worker_threads";
import type { CallSite } from "../checked/guard.ts";
import type { AnyMetric, Options, ReadLimits, Score } from "../plugins/types.ts";
import type { Registry } from "../plugins/registry.ts";
import { callSite } from "./scoring.ts";
import { type CorpusRecord, streamPairs, type StreamRequest, streamScores } from "./stream.ts";
import { poolModules } from "./stream_parallel.ts";

/**
 * The worker's V8 heap, in MB: a small young generation, as the process's own
 * (`--max-semi-space-size=4`), keeps its memory low; the old generation is far above what a
 * stream holds.
 */
const HEAP_MB = { maxYoungGenerationSizeMb: 12, maxOldGenerationSizeMb: 1024 };

/** What the worker is sent. */
export interface SplitWorkerInit {
  /** The plugin modules holding the metrics. */
  modules: { url: string; exportName: string }[];
  /** Each metric: its module's index and its id. */
  metrics: { module: number; id: string }[];
  /** Each metric's options, as the planner resolved them. */
  options: Options[];
  /** `sites[system][metric]`. */
  sites: CallSite[][];
  /** The gold's file, for messages. */
  goldPath: string;
  /** An M2 gold (with the annotators of the whole file) or plain source and references. */
  gold:
    | { kind: "m2"; path: string; allAnnotators: string[] }
    | { kind: "text"; source: string; references: string[] };
  /** The plain-text system files. */
  systems: { name: string; path: string }[];
  /** Read limits. */
  limits?: Partial<ReadLimits>;
  /** The worker's pairs, `pairs[system][metric]`. */
  pairs: boolean[][];
}

/** What {@linkcode streamScoresSplit} needs. */
export interface SplitStreamRequest {
  /** The metrics (each in a declared plugin module: {@linkcode canSplit}). */
  metrics: readonly AnyMetric[];
  /** Their options, as the planner resolved them. */
  options: readonly Options[];
  /** The gold, checked already. */
  gold: SplitWorkerInit["gold"];
  /** The gold as messages name it. */
  goldPath: string;
  /** Plain-text system files, checked already. */
  systems: readonly { name: string; path: string }[];
  /** The registry the metrics come from. */
  registry: Registry;
  /** Read limits. */
  limits?: Partial<ReadLimits>;
  /**
   * A new serial stream request of the whole run (its gold taking the fingerprint as it is
   * read, once), for this thread's pairs and for the serial run after a failure.
   */
  serial: () => StreamRequest;
}

/**
 * Whether a run's metrics can be split with a worker: each in a declared plugin module.
 *
 * @param registry The registry.
 * @param metrics The metrics.
 * @returns True when they can.
 */
export function canSplit(registry: Registry, metrics: readonly AnyMetric[]): boolean {
  return poolModules(registry, metrics) !== undefined;
}

/**
 * The pairs this thread folds (`mine[system][metric]`): every system of the first
 * `ceil(metrics / 2)` metrics; the worker folds the others. A metric stays on one thread, so
 * that no metric is loaded and warmed up twice (measured on the 13 CoNLL-2014 systems: GLEU
 * split between the threads took 0.25 s more CPU than GLEU on one).
 *
 * @example Three metrics of two systems
 * ```ts
 * import { splitPairs } from "./stream_split.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(splitPairs(2, 3), [[true, true, false], [true, true, false]]);
 * ```
 *
 * @param systems The number of systems.
 * @param metrics The number of metrics.
 * @returns The pairs of this thread.
 */
export function splitPairs(systems: number, metrics: number): boolean[][] {
  const here = Math.ceil(metrics / 2);
  return Array.from({ length: systems }, () => Array.from({ length: metrics }, (_, k) => k < here));
}

/**
 * The corpus record of a streamed run, its pairs folded on this thread and one worker: the
 * record `streamScores()` gives, the same byte for byte.
 *
 * @param request What to score.
 * @returns The corpus record.
 */
export async function* streamScoresSplit(
  request: SplitStreamRequest,
): AsyncGenerator<CorpusRecord> {
  const { metrics, systems, registry } = request;
  const pool = poolModules(registry, metrics);
  if (!pool) throw new Error("streamScoresSplit: a metric cannot run on a worker");
  const mine = splitPairs(systems.length, metrics.length);
  const theirs = mine.map((row) => row.map((m) => !m));
  const init: SplitWorkerInit = {
    modules: pool.modules,
    metrics: metrics.map((m, k) => ({ module: pool.index[k], id: m.id })),
    options: [...request.options],
    sites: systems.map((system) =>
      metrics.map((m) => callSite(registry, m, system, { path: request.goldPath }))
    ),
    goldPath: request.goldPath,
    gold: request.gold,
    systems: systems.map((s) => ({ name: s.name, path: s.path })),
    limits: request.limits,
    pairs: theirs,
  };
  const worker = new Worker(new URL("./stream_split_worker.ts", import.meta.url), {
    resourceLimits: HEAP_MB,
  });
  // Settles with the worker's scores, or undefined when it failed.
  const answer = new Promise<(Score | undefined)[][] | undefined>((resolve) => {
    worker.once("message", (data) => resolve(data.scores));
    worker.once("error", () => resolve(undefined));
    worker.once("exit", () => resolve(undefined));
  });
  worker.postMessage(init);
  let record: CorpusRecord | undefined;
  try {
    try {
      for await (const r of streamPairs(request.serial(), mine)) {
        if (r.kind === "corpus") record = r;
      }
    } catch {
      record = undefined;
    }
    const remote = await answer;
    if (record && remote) {
      const scores = record.scores.map((row, j) =>
        row.map((s, k) => mine[j][k] ? s : remote[j][k])
      );
      yield { ...record, scores: scores as Score[][] };
      return;
    }
  } finally {
    worker.removeAllListeners();
    worker.terminate();
  }
  for await (const r of streamScores(request.serial())) if (r.kind === "corpus") yield r;
}
