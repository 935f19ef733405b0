/**
 * A worker of `stream_parallel.ts`: it loads the metrics' plugin modules once, then scores the
 * chunks it is sent (`stream_chunk.ts`), one after another, answering each in turn. It runs
 * as a `node:worker_threads` worker, the kind whose V8 heap can be sized.
 *
 * @module
 */

import { parentPort } from "node:worker_threads";
import type { AnyMetric, Options, Plugin } from "../plugins/types.ts";
import { describeError } from "../checked/guard.ts";
import { scoreChunk, type StreamChunk, type StreamWorkerInit } from "./stream_chunk.ts";

let setup: StreamWorkerInit;
let metrics: AnyMetric[];
let options: Options[];

async function init(message: StreamWorkerInit): Promise<void> {
  setup = message;
  const plugins = await Promise.all(
    message.modules.map(async (m) => (await import(m.url))[m.exportName] as Plugin),
  );
  metrics = message.metrics.map(({ module, id }) => {
    const metric = plugins[module].metrics?.find((m) => m.id === id);
    if (!metric) throw new Error(`no metric "${id}" in ${message.modules[module].url}`);
    return metric;
  });
  options = message.options;
}

// Chunks are scored one after another, in the order they came.
let queue: Promise<void> = Promise.resolve();

const port = parentPort!;
port.on("message", async (data: { init: StreamWorkerInit } | { chunk: StreamChunk }) => {
  if ("init" in data) {
    try {
      await init(data.init);
      port.postMessage({ ready: true });
    } catch (error) {
      port.postMessage({ ready: false, error: describeError(error) });
    }
    return;
  }
  const chunk = data.chunk;
  queue = queue.then(async () =>
    port.postMessage(await scoreChunk(setup, metrics, options, chunk))
  );
});
