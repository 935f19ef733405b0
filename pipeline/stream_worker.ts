/**
 * A worker of `stream_parallel.ts`: it loads the metrics' plugin modules once, then scores the
 * chunks it is sent (`stream_chunk.ts`), one after another, answering each in turn. It runs
 * as a `node:worker_threads` worker, the kind whose V8 heap can be sized.
 *
 * @module
 */

import type { AnyMetric, Plugin } from "../plugins/types.ts";
import { describeError } from "../checked/guard.ts";
import { servePool } from "../util/worker_pool.ts";
import {
  scoreChunk,
  type StreamAnswer,
  type StreamChunk,
  type StreamWorkerInit,
} from "./stream_chunk.ts";

servePool<StreamWorkerInit, StreamChunk, StreamAnswer>(async (setup) => {
  const plugins = await Promise.all(
    setup.modules.map(async (m) => (await import(m.url))[m.exportName] as Plugin),
  );
  const metrics: AnyMetric[] = setup.metrics.map(({ module, id }) => {
    const metric = plugins[module].metrics?.find((m) => m.id === id);
    if (!metric) throw new Error(`no metric "${id}" in ${setup.modules[module].url}`);
    return metric;
  });
  return async (chunk) => ({ answer: await scoreChunk(setup, metrics, setup.options, chunk) });
}, describeError);
