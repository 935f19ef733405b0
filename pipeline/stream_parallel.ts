/**
 * Streaming on workers: the sentences of a huge corpus are cut into chunks of consecutive
 * sentences, sent as raw text (the gold's lines, each system's lines) to a pool of workers
 * (`stream_worker.ts`) that parse, tokenize and score them, and the answers are taken back in
 * corpus order: the statistics folded into each metric's accumulator here, the sentence
 * records given in order. This thread only reads lines and folds, so the workers have the
 * cores. The records, and so every output, are those of {@linkcode streamScores}, byte for
 * byte; a fault is the first the serial stream meets.
 *
 * @module
 */

import { lines, readChunks } from "../formats/text.ts";
import { readLimits } from "../formats/limits.ts";
import { InputError, PluginError, UsageError } from "../plugins/errors.ts";
import { resolveOptions } from "../plugins/options.ts";
import type { Registry } from "../plugins/registry.ts";
import type { AnyMetric, Options, OptionValue, ReadLimits, Score } from "../plugins/types.ts";
import { hostOf, pluginModule } from "../sandbox/host.ts";
import type { CallSite } from "../sandbox/guard.ts";
import { callSite } from "./scoring.ts";
import type { GoldDigest } from "./signature.ts";
import { checkedAccumulator, type CorpusRecord, keeper, type SentenceRecord } from "./stream.ts";
import {
  scoreChunk,
  type StreamAnswer,
  type StreamChunk,
  type StreamWorkerInit,
} from "./stream_chunk.ts";

/** What {@linkcode streamScoresParallel} needs. */
export interface ParallelStreamRequest {
  /** The metrics: each in a plugin whose module is declared (see {@linkcode poolModules}). */
  metrics: readonly AnyMetric[];
  /** Raw option values by metric id, then option name. */
  options?: Record<string, Record<string, OptionValue>>;
  /** The gold, checked already: an M2 file, or plain source and reference files. */
  gold:
    | { kind: "m2"; path: string; allAnnotators: string[] }
    | { kind: "text"; source: string; references: string[] };
  /** The gold as messages name it. */
  goldPath: string;
  /** The number of gold sentences (from the check). */
  count: number;
  /** Plain-text system files, checked already. */
  systems: readonly { name: string; path: string }[];
  /** Also give every sentence's scores. */
  sentences?: boolean;
  /** The registry the metrics come from. */
  registry: Registry;
  /** Read limits. */
  limits?: Partial<ReadLimits>;
  /** Takes the gold's fingerprint as the chunks come back. */
  digest: GoldDigest;
  /** Workers. */
  workers: number;
}

/**
 * The plugin modules the pool loads for `metrics`, or `undefined` when a metric cannot run
 * there (a boxed plugin's, or one whose module is not declared).
 *
 * @param registry The registry.
 * @param metrics The metrics.
 * @returns The modules and, per metric, its module's index.
 */
export function poolModules(
  registry: Registry,
  metrics: readonly AnyMetric[],
): { modules: { url: string; exportName: string }[]; index: number[] } | undefined {
  const modules: { url: string; exportName: string }[] = [];
  const index: number[] = [];
  for (const metric of metrics) {
    const plugin = registry.pluginOf(metric.id);
    const module = plugin && !hostOf(metric) ? pluginModule(plugin) : undefined;
    if (!module) return undefined;
    let at = modules.findIndex((m) => m.url === module.url && m.exportName === module.exportName);
    if (at < 0) at = modules.push({ url: module.url, exportName: module.exportName }) - 1;
    index.push(at);
  }
  return { modules, index };
}

/** A chunk's gold part: its text, first line and sentence count. */
interface GoldPart {
  gold: string;
  refs?: string[];
  firstLine: number;
  count: number;
}

/** M2 blocks, `size` sentences a chunk (a sentence starts at its "S" line). */
async function* m2Parts(
  path: string,
  size: number,
  maxLineLength: number,
): AsyncGenerator<GoldPart> {
  let parts: string[] = [];
  let count = 0;
  let firstLine = 1;
  for await (const { line, text } of lines(readChunks(path), { maxLineLength, file: path })) {
    if (text.startsWith("S ") || text === "S" || text.startsWith("S\t")) {
      if (count === size) {
        yield { gold: parts.join("\n"), firstLine, count };
        parts = [];
        count = 0;
        firstLine = line;
      }
      count++;
    }
    parts.push(text);
  }
  if (count) yield { gold: parts.join("\n"), firstLine, count };
}

/** `size` lines of each file at a time. */
async function* textParts(
  source: string,
  references: readonly string[],
  size: number,
  maxLineLength: number,
): AsyncGenerator<GoldPart> {
  const refs = references.map((path) => lines(readChunks(path), { maxLineLength, file: path }));
  let firstLine = 1;
  const sourceLines = lines(readChunks(source), { maxLineLength, file: source });
  for (;;) {
    const gold = await take(sourceLines, size);
    if (!gold.length) return;
    const parts = [];
    for (const ref of refs) parts.push((await take(ref, gold.length)).join("\n"));
    yield { gold: gold.join("\n"), refs: parts, firstLine, count: gold.length };
    firstLine += gold.length;
  }
}

/** Up to `n` more lines of an iterator. */
async function take(from: AsyncIterator<{ text: string }>, n: number): Promise<string[]> {
  const out: string[] = [];
  while (out.length < n) {
    const next = await from.next();
    if (next.done) break;
    out.push(next.value.text);
  }
  return out;
}

/** An error sent back by a worker, as its class. */
function revive(message: string, name: string | undefined): Error {
  return name === "InputError"
    ? new InputError(message)
    : name === "UsageError"
    ? new UsageError(message)
    : new PluginError(message);
}

/**
 * Score systems one gold sentence at a time on workers: the records of
 * {@linkcode streamScores} (a sentence record per gold sentence when `sentences` is set, then
 * the corpus record), the same byte for byte.
 *
 * @param request What to score.
 * @returns The records, in order.
 */
export async function* streamScoresParallel(
  request: ParallelStreamRequest,
): AsyncGenerator<SentenceRecord | CorpusRecord> {
  const { metrics, systems, registry, digest } = request;
  const pool = poolModules(registry, metrics);
  if (!pool) throw new Error("streamScoresParallel: a metric cannot run on the pool");
  const options = metrics.map((m) => resolveOptions<Options>(m, request.options?.[m.id] ?? {}));
  const sites: CallSite[][] = systems.map((system) =>
    metrics.map((m) => callSite(registry, m, system, { path: request.goldPath }))
  );
  const folds = systems.map((_, j) =>
    metrics.map((m, k) => {
      const fold = m.accumulator?.(options[k]);
      return fold ? checkedAccumulator(m, fold, sites[j][k]) : keeper(m, options[k], sites[j][k]);
    })
  );
  const { maxLineLength } = readLimits(request.limits);
  const workers = Math.max(1, request.workers);
  // Chunks enough for every worker to stay busy (eight each), of 50 to 500 sentences.
  const size = Math.max(50, Math.min(500, Math.ceil(request.count / (workers * 8))));
  const init: StreamWorkerInit = {
    modules: pool.modules,
    metrics: metrics.map((m, k) => ({ module: pool.index[k], id: m.id })),
    options: request.options ?? {},
    sites,
    goldPath: request.goldPath,
    gold: request.gold.kind === "m2"
      ? { kind: "m2", allAnnotators: request.gold.allAnnotators }
      : { kind: "text" },
    limits: request.limits,
    sentences: request.sentences === true,
  };
  const pending = new Map<number, PromiseWithResolvers<StreamAnswer>>();
  const started: Worker[] = [];
  const stopped = (why: string) => {
    for (const p of pending.values()) p.reject(new PluginError(`Scoring worker stopped: ${why}`));
    pending.clear();
  };
  try {
    // This thread is one of the lanes: it scores a chunk itself whenever every worker has
    // enough queued (one isolate fewer, and the reading thread is not left idle).
    const queued: number[] = [];
    const ready = Array.from({ length: workers - 1 }, (_, w) => {
      queued.push(0);
      const worker = new Worker(new URL("./stream_worker.ts", import.meta.url), {
        type: "module",
      });
      started.push(worker);
      const up = Promise.withResolvers<void>();
      worker.onmessage = (event: MessageEvent) => {
        const data = event.data;
        if ("ready" in data) {
          if (data.ready) up.resolve();
          else up.reject(new PluginError(`Scoring worker failed to start: ${data.error}`));
          return;
        }
        const answer = data as StreamAnswer;
        queued[w]--;
        pending.get(answer.id)?.resolve(answer);
        pending.delete(answer.id);
      };
      worker.onerror = (event: ErrorEvent) => {
        event.preventDefault();
        up.reject(new PluginError(`Scoring worker failed: ${event.message}`));
        stopped(event.message);
      };
      worker.postMessage({ init });
      return up.promise;
    });
    await Promise.all(ready);

    const hyps = systems.map((s) => lines(readChunks(s.path), { maxLineLength, file: s.path }));
    const read = systems.map(() => 0);
    const parts = request.gold.kind === "m2"
      ? m2Parts(request.gold.path, size, maxLineLength)
      : textParts(request.gold.source, request.gold.references, size, maxLineLength);
    let id = 0;
    let sentences = 0;
    const inflight: Promise<StreamAnswer>[] = [];
    const send = async (part: GoldPart): Promise<{ answer: Promise<StreamAnswer> }> => {
      const texts: string[] = [];
      for (let j = 0; j < systems.length; j++) {
        const got = await take(hyps[j], part.count);
        read[j] += got.length;
        if (got.length < part.count) {
          throw new InputError(
            `system ${systems[j].name} has ${read[j]} lines but the gold has more sentences`,
          );
        }
        texts.push(got.join("\n"));
      }
      const chunk: StreamChunk = {
        id,
        first: sentences,
        firstLine: part.firstLine,
        gold: part.gold,
        refs: part.refs,
        hyps: texts,
      };
      sentences += part.count;
      id++;
      let w = 0;
      for (let v = 1; v < queued.length; v++) if (queued[v] < queued[w]) w = v;
      if (queued[w] >= 2) {
        return { answer: Promise.resolve(await scoreChunk(init, metrics, options, chunk)) };
      }
      queued[w]++;
      const answer = Promise.withResolvers<StreamAnswer>();
      pending.set(chunk.id, answer);
      started[w].postMessage({ chunk });
      // Taken in order later; a worker's failure before then must not go unhandled.
      answer.promise.catch(() => {});
      return { answer: answer.promise };
    };
    const S = systems.length;
    const K = metrics.length;
    const fold = function* (answer: StreamAnswer, first: number): Generator<SentenceRecord> {
      let p = 0;
      for (let i = 0; i < answer.count; i++) {
        const scores: Score[][] = [];
        for (let j = 0; j < S; j++) {
          const row: Score[] = [];
          for (let k = 0; k < K; k++, p++) {
            folds[j][k].add(answer.stats[p]);
            if (request.sentences) row.push(answer.scores[p]);
          }
          scores.push(row);
        }
        if (request.sentences) yield { kind: "sentence", sentence: first + i + 1, scores };
      }
      digest.addPart(answer.keys, answer.references);
      if (answer.error !== undefined) throw revive(answer.error, answer.errorName);
    };
    let done = 0;
    const next = async function* (): AsyncGenerator<SentenceRecord> {
      const answer = await inflight.shift()!;
      yield* fold(answer, done);
      done += answer.count;
    };
    for await (const part of parts) {
      inflight.push((await send(part)).answer);
      if (inflight.length >= workers * 3) yield* next();
    }
    while (inflight.length) yield* next();
    for (let j = 0; j < S; j++) {
      if (!(await hyps[j].next()).done) {
        throw new InputError(
          `system ${systems[j].name} has more lines than the gold's ${done} sentences`,
        );
      }
    }
    yield {
      kind: "corpus",
      sentences: done,
      scores: folds.map((row) => row.map((f) => f.score())),
      signatures: metrics.map((m, k) => m.signature(options[k])),
    };
  } finally {
    for (const worker of started) worker.terminate();
    pending.clear();
  }
}
