/**
 * The worker of `stream_split.ts`: it loads the metrics' plugin modules, reads the gold and
 * the system files itself, and folds the (system, metric) pairs it was given with
 * `streamPairs()` (the loop of the serial stream), answering with their corpus scores. It runs
 * as a `node:worker_threads` worker, the kind whose V8 heap can be sized.
 *
 * @module
 */

import { parentPort } from "node:worker_threads";
import type { AnyMetric, GoldSentence, Plugin } from "../plugins/types.ts";
import { describeError } from "../checked/guard.ts";
import { m2Sentences } from "../formats/m2.ts";
import { readChunks, referenceSentences } from "../formats/text.ts";
import { hypothesesOf, streamPairs } from "./stream.ts";
import type { SplitWorkerInit } from "./stream_split.ts";

async function run(init: SplitWorkerInit) {
  const plugins = await Promise.all(
    init.modules.map(async (m) => (await import(m.url))[m.exportName] as Plugin),
  );
  const metrics: AnyMetric[] = init.metrics.map(({ module, id }) => {
    const metric = plugins[module].metrics?.find((m) => m.id === id);
    if (!metric) throw new Error(`no metric "${id}" in ${init.modules[module].url}`);
    return metric;
  });
  const gold: AsyncIterable<GoldSentence> = init.gold.kind === "m2"
    ? m2Sentences(readChunks(init.gold.path), init.goldPath, init.gold.allAnnotators, init.limits, {
      intern: false,
    })
    : referenceSentences(init.gold.source, init.gold.references, init.limits);
  const records = streamPairs(
    {
      metrics,
      prepared: init.options,
      gold,
      systems: init.systems.map((s, j) => ({
        name: s.name,
        path: s.path,
        hypotheses: init.pairs[j].some(Boolean) ? hypothesesOf(s.path, init.limits ?? {}) : [],
      })),
      goldPath: init.goldPath,
    },
    init.pairs,
    init.sites,
  );
  for await (const record of records) {
    if (record.kind === "corpus") return record.scores;
  }
  throw new Error("the stream ended without its corpus record");
}

const port = parentPort!;
port.once("message", async (init: SplitWorkerInit) => {
  try {
    port.postMessage({ scores: await run(init) });
  } catch (error) {
    // The thread that started it scores the run again alone, which meets the error itself.
    port.postMessage({ error: describeError(error) });
  }
});
