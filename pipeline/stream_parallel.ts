/**
 * Streaming on workers: the sentences of a huge corpus are cut into chunks of consecutive
 * sentences, sent as raw text (the gold's lines, each system's lines) to a pool of workers
 * (`stream_worker.ts`) that parse, tokenize and score them, and the answers are taken back in
 * corpus order: the statistics folded into each metric's accumulator here, the sentence
 * records given in order. This thread only cuts the text (no string per line), folds and
 * hands the records on, so the workers (one per core) have the cores. Memory stays flat in the
 * corpus size: a worker holds at most two chunks (the one it scores and the next), at most
 * four chunks per worker are out at a time, and the reading waits for answers; the workers'
 * V8 heaps are kept small ({@linkcode HEAP_MB}). The records, and so every output, are those
 * of {@linkcode streamScores}, byte for byte; a fault is the first the serial stream meets.
 *
 * @module
 */

import { readChunks } from "../formats/text.ts";
import { InputError } from "../plugins/errors.ts";
import type { Registry } from "../plugins/registry.ts";
import type { AnyMetric, Options, ReadLimits, Score } from "../plugins/types.ts";
import { hostOf } from "../sandbox/hosted.ts";
import { pluginModule } from "../sandbox/plugin_module.ts";
import type { CallSite } from "../checked/guard.ts";
import { callSite } from "./scoring.ts";
import type { GoldDigest } from "./signature.ts";
import {
  corpusFolds,
  type CorpusRecord,
  corpusRecord,
  extraLines,
  type SentenceRecord,
} from "./stream.ts";
import type { StreamAnswer, StreamChunk, StreamWorkerInit } from "./stream_chunk.ts";
import { reviveError, runPool } from "../util/worker_pool.ts";

/**
 * The V8 heap of a scoring worker, in MB. A sentence's objects die young: a small young
 * generation keeps each worker's memory low (V8 lets it grow to tens of MB per isolate) at
 * little cost in time. The old generation's limit is far above what a chunk needs (the read
 * limits and the metrics' own bounds keep a sentence pair small); V8 lets the heap of an
 * isolate with a smaller limit grow less between collections (a factor of about 1.6 rather
 * than 4), which is what it is for. Known limit: Deno gives no event for a `node:worker_threads`
 * worker that runs out of heap, so such a run would wait rather than fail.
 */
const HEAP_MB = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 1024 };

/** What {@linkcode streamScoresParallel} needs. */
export interface ParallelStreamRequest {
  /** The metrics: each in a plugin whose module is declared (see {@linkcode poolModules}). */
  metrics: readonly AnyMetric[];
  /** `options[k]`: the options of `metrics[k]`, as the planner resolved them. */
  options: readonly Options[];
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

/**
 * A file's lines, cut into runs without a string per line: the text chunks of `readChunks()`
 * are scanned for line ends and a run goes out as one string, its lines joined by their own
 * ends (the workers split it; a "\r" left before a "\n" is whitespace to the tokenizer and to
 * the M2 reader). The files were checked line by line before the stream started (line lengths,
 * stray byte order marks, lone carriage returns), so only a byte order mark at the start is
 * dropped here.
 */
export class LineCutter {
  #chunks: AsyncIterator<string>;
  #text = "";
  #at = 0;
  #first = true;
  /** The number of the next line. */
  line = 1;

  /** @param chunks The file's text chunks (`readChunks(path)`). */
  constructor(chunks: AsyncIterator<string>) {
    this.#chunks = chunks;
  }

  /** More text after the unread part; false at the end of the file. */
  async #more(): Promise<boolean> {
    const next = await this.#chunks.next();
    if (next.done) return false;
    let text = next.value;
    if (this.#first && text.length) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.#first = false;
    }
    this.#text = this.#text.slice(this.#at) + text;
    this.#at = 0;
    return true;
  }

  /**
   * Up to `n` more lines (fewer at the end of the file), or with `blocks` the lines of up to
   * `n` M2 blocks: from the next line to the one before the (n+1)-th "S" line. `count` is the
   * number of lines (of "S" lines with `blocks`); `text` has no line end after its last line.
   *
   * @param n How many.
   * @param blocks Count M2 blocks rather than lines.
   * @returns The text, the count and the number of its first line.
   */
  async take(n: number, blocks = false): Promise<{ text: string; count: number; line: number }> {
    const line = this.line;
    const pieces: string[] = [];
    let count = 0;
    let from = this.#at;
    const done = (strip: boolean) => {
      let text = pieces.join("");
      if (strip && text.endsWith("\n")) text = text.slice(0, -1);
      return { text, count, line };
    };
    for (;;) {
      const text = this.#text;
      let at = this.#at;
      for (let nl; (nl = text.indexOf("\n", at)) !== -1; at = nl + 1, this.line++) {
        if (blocks) {
          if (isSentenceLine(text, at, nl) && ++count > n) {
            count = n;
            pieces.push(text.slice(from, at));
            this.#at = at;
            return done(true);
          }
        } else if (++count === n) {
          pieces.push(text.slice(from, nl));
          this.#at = nl + 1;
          this.line++;
          return done(false);
        }
      }
      pieces.push(text.slice(from, at));
      this.#at = at;
      if (await this.#more()) {
        from = 0;
        continue;
      }
      // The end of the file: what is left is a last line without a line end.
      if (at < text.length) {
        if (blocks && isSentenceLine(text, at, text.length) && count === n) return done(true);
        if (blocks ? isSentenceLine(text, at, text.length) : true) count++;
        pieces.push(text.slice(at));
        this.#at = text.length;
        this.line++;
      }
      return done(true);
    }
  }
}

/** Whether `text.slice(start, end)` (a line) starts an M2 block: "S", "S ..." or "S\t...". */
function isSentenceLine(text: string, start: number, end: number): boolean {
  if (start >= end || text.charCodeAt(start) !== 83) return false;
  if (end - start === 1) return true;
  const c = text.charCodeAt(start + 1);
  return c === 32 || c === 9 || (c === 13 && end - start === 2);
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
  const options = request.options;
  const sites: CallSite[][] = systems.map((system) =>
    metrics.map((m) => callSite(registry, m, system, { path: request.goldPath }))
  );
  const folds = corpusFolds(metrics, options, sites);
  const workers = Math.max(1, request.workers);
  // Chunks enough for every worker to stay busy (eight each), of 50 to 500 sentences.
  const size = Math.max(50, Math.min(500, Math.ceil(request.count / (workers * 8))));
  const init: StreamWorkerInit = {
    modules: pool.modules,
    metrics: metrics.map((m, k) => ({ module: pool.index[k], id: m.id })),
    options: [...options],
    sites,
    goldPath: request.goldPath,
    gold: request.gold.kind === "m2"
      ? { kind: "m2", allAnnotators: request.gold.allAnnotators }
      : { kind: "text" },
    limits: request.limits,
    sentences: request.sentences === true,
  };
  const gold = new LineCutter(
    readChunks(request.gold.kind === "m2" ? request.gold.path : request.gold.source),
  );
  const refs = request.gold.kind === "text"
    ? request.gold.references.map((path) => new LineCutter(readChunks(path)))
    : [];
  const hyps = systems.map((s) => new LineCutter(readChunks(s.path)));
  const read = systems.map(() => 0);
  const S = systems.length;
  const K = metrics.length;
  // The chunks, cut as the pool asks for them.
  const chunks = async function* (): AsyncGenerator<{ task: StreamChunk }> {
    let sentences = 0;
    for (let id = 0;; id++) {
      const part = await gold.take(size, request.gold.kind === "m2");
      if (!part.count) return;
      const refTexts = [];
      for (const ref of refs) refTexts.push((await ref.take(part.count)).text);
      const texts: string[] = [];
      for (let j = 0; j < S; j++) {
        const got = await hyps[j].take(part.count);
        read[j] += got.count;
        if (got.count < part.count) {
          throw new InputError(
            `system ${systems[j].name} has ${read[j]} lines but the gold has more sentences`,
          );
        }
        texts.push(got.text);
      }
      const chunk: StreamChunk = {
        id,
        first: sentences,
        firstLine: part.line,
        gold: part.text,
        refs: request.gold.kind === "text" ? refTexts : undefined,
        hyps: texts,
      };
      sentences += part.count;
      yield { task: chunk };
    }
  };
  // The answers come back in corpus order and are folded as they come.
  let done = 0;
  const answers = runPool<StreamWorkerInit, StreamChunk, StreamAnswer>(chunks(), {
    module: new URL("./stream_worker.ts", import.meta.url),
    workers,
    init,
    name: "Scoring",
    heapMb: HEAP_MB,
  });
  for await (const answer of answers) {
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
      if (request.sentences) yield { kind: "sentence", sentence: done + i + 1, scores };
    }
    digest.addPart(answer.keys, answer.references);
    if (answer.error !== undefined) throw reviveError(answer.error, answer.errorName);
    done += answer.count;
  }
  for (let j = 0; j < S; j++) {
    if ((await hyps[j].take(1)).count) throw extraLines(systems[j].name, done);
  }
  yield corpusRecord(done, folds, metrics, options);
}
