/**
 * `gecscore score --format jsonl`: every input checked first, then the sentences read, scored
 * and written one at a time through the engine's streaming path.
 *
 * @module
 */

import type { Io } from "./command.ts";
import { WarningEcho } from "../render/warnings.ts";
import { readLimits } from "../formats/limits.ts";
import { m2Sentences, sortAnnotators } from "../formats/m2.ts";
import {
  baseName,
  countLines,
  lines,
  readChunks,
  referenceSentences,
  tokenizeAscii,
} from "../formats/text.ts";
import { InputError, UsageError } from "../plugins/errors.ts";
import { resolveOptions } from "../plugins/options.ts";
import type { Registry } from "../plugins/registry.ts";
import type {
  AnyMetric,
  GoldCorpus,
  GoldSentence,
  Options,
  OptionValue,
  ReadLimits,
  Tokens,
} from "../plugins/types.ts";
import { openGold } from "../pipeline/read_gold.ts";
import { systemFormat } from "../pipeline/read_system.ts";
import { selectMetrics, type SystemResult } from "../pipeline/scoring.ts";
import { type CorpusRecord, type SentenceRecord, streamScores } from "../pipeline/stream.ts";
import { hostOf } from "../sandbox/hosted.ts";
import { poolSize } from "../pipeline/parallel.ts";
import type { ParallelStreamRequest } from "../pipeline/stream_parallel.ts";
import { fullSignature, GoldDigest } from "../pipeline/signature.ts";

/** What `score --format jsonl` was asked. */
export interface JsonlRequest {
  gold?: string;
  goldFormat?: string;
  systemFormat?: string;
  src?: string;
  refs: string[];
  paths: string[];
  metricIds?: string[];
  options: Record<string, Record<string, OptionValue>>;
  sentences: boolean;
  quiet: boolean;
  limits: Partial<ReadLimits>;
  /** Workers (default "auto": one per core for large runs); the output is the same. */
  jobs?: number | "auto";
}

/** Hypotheses of a file, tokenized line by line. */
async function* hypothesesOf(path: string, limits: Partial<ReadLimits>): AsyncGenerator<Tokens> {
  const { maxLineLength } = readLimits(limits);
  // No intern table: each line's tokens are dropped once it is scored.
  for await (const { text } of lines(readChunks(path), { maxLineLength, file: path })) {
    yield tokenizeAscii(text);
  }
}

/** Checks that a file has `count` lines (reading no further than one line past them). */
async function checkLineCount(
  path: string,
  count: number,
  limits: Partial<ReadLimits>,
): Promise<void> {
  const n = await countLines(path, limits, count);
  if (n === count) return;
  const [found, lines] = n > count ? [`more than ${count}`, count] : [String(n), n];
  throw new InputError(
    `has ${found} ${lines === 1 ? "line" : "lines"} but the gold has ${count} ${
      count === 1 ? "sentence" : "sentences"
    }`,
    path,
  );
}

/** A streamed run, its inputs checked: the records to take, and what names them. */
interface StreamedRun {
  /** The gold's path, as outputs name it. */
  path: string;
  metrics: AnyMetric[];
  /** Each metric's options, resolved. */
  resolved: Options[];
  /** The systems' names and files, in order. */
  systems: { name: string; path: string }[];
  /** The gold's fingerprint, complete once the records are all taken. */
  digest: GoldDigest;
  records: AsyncGenerator<SentenceRecord | CorpusRecord>;
}

/**
 * Checks every input (gold parsed, line counts compared, read limits applied) and opens the
 * streamed run. With `strict` false (the table/json/tsv outputs), a run the stream cannot
 * serve as the whole-corpus engine would (a system that is not plain text, a metric that
 * compares the systems' edits, prepares its options from the whole run or lives in a boxed
 * plugin's worker) gives `undefined` instead of an error.
 */
async function openStream(
  request: JsonlRequest,
  registry: Registry,
  strict: boolean,
): Promise<StreamedRun | undefined> {
  const { limits } = request;
  let path: string;
  let format: string;
  let first: GoldSentence | undefined;
  let count = 0;
  let sentences: () => AsyncIterable<GoldSentence> | Iterable<GoldSentence>;
  let raw: ParallelStreamRequest["gold"] | undefined;
  if (request.gold) {
    path = request.gold;
    const opened = await openGold(path, registry, request.goldFormat);
    format = opened.format.id;
    if (format === "m2") {
      const ids = new Set<string>();
      const parsed = m2Sentences(opened.chunks, path, undefined, limits, { intern: false });
      for await (const s of parsed) {
        first ??= s;
        count++;
        for (const a of s.annotations!) ids.add(a.annotator);
      }
      if (!count) throw new InputError('expected at least one "S" line, found none', path);
      const all = sortAnnotators(ids);
      first!.allAnnotators = all;
      sentences = () => m2Sentences(readChunks(path), path, all, limits, { intern: false });
      raw = { kind: "m2", path, allAnnotators: all };
    } else {
      const corpus = await opened.format.parse(opened.chunks, path, limits);
      count = corpus.sentences.length;
      first = corpus.sentences[0];
      sentences = () => corpus.sentences;
    }
  } else if (request.src && request.refs.length) {
    path = [request.src, ...request.refs].join(" ");
    format = "text";
    count = await countLines(request.src, limits);
    if (!count) throw new InputError("file is empty", request.src);
    for (const ref of request.refs) await checkLineCount(ref, count, limits);
    for await (const s of referenceSentences(request.src, request.refs, limits)) {
      first = s;
      break;
    }
    sentences = () => referenceSentences(request.src!, request.refs, limits);
    raw = { kind: "text", source: request.src, references: request.refs };
  } else {
    throw new UsageError("score: give --gold GOLD, or --src SRC with at least one --ref REF");
  }
  // The metrics the gold can serve, judged on its first sentence (every sentence of a format
  // carries the same kinds of data).
  const probe: GoldCorpus = { path, format, sentences: first ? [first] : [] };
  const metrics = selectMetrics(registry, probe, request.metricIds);
  for (const id of Object.keys(request.options)) registry.metric(id);
  if (
    !strict && metrics.some((m) => m.needsHypothesisEdits || m.prepare || m.gather || hostOf(m))
  ) {
    return undefined;
  }
  const gathering = metrics.find((m) => m.gather);
  if (gathering) {
    throw new UsageError(
      `score: --format jsonl streams sentence by sentence, but metric ${gathering.id} asks a ` +
        "model server about the whole run first: give --format json, tsv or table",
    );
  }
  const names = new Set<string>();
  for (const file of request.paths) {
    const format = await systemFormat(file, registry, request.systemFormat);
    if (format.id !== "text") {
      if (!strict) return undefined;
      throw new UsageError(
        `score: --format jsonl streams plain-text systems only; ${file} is read as ${format.id}: ` +
          "give it with --format json, tsv or table",
      );
    }
    await checkLineCount(file, count, limits);
    const name = baseName(file);
    if (names.has(name)) {
      throw new UsageError(`Two systems are named ${name}: give files distinct base names`);
    }
    names.add(name);
  }
  const digest = new GoldDigest();
  const named = request.paths.map((file) => ({ name: baseName(file), path: file }));
  const resolved = metrics.map((m) => resolveOptions(m, request.options[m.id] ?? {}));
  // Large runs of pooled metrics stream on workers (the same records, byte for byte).
  const work = count * named.length * metrics.length;
  const workers = poolSize(request.jobs ?? "auto", Infinity, work);
  // The worker stream (and node:worker_threads) is loaded only when it may be used.
  const parallel = raw && workers > 1 ? await import("../pipeline/stream_parallel.ts") : undefined;
  const records = raw && parallel?.poolModules(registry, metrics)
    ? parallel.streamScoresParallel({
      metrics,
      options: request.options,
      gold: raw,
      goldPath: path,
      count,
      systems: named,
      sentences: request.sentences,
      registry,
      limits,
      digest,
      workers,
    })
    : streamScores({
      metrics,
      options: request.options,
      gold: digested(sentences(), digest),
      systems: request.paths.map((file) => ({
        name: baseName(file),
        hypotheses: hypothesesOf(file, limits),
      })),
      sentences: request.sentences,
      registry,
      goldPath: path,
    });
  return { path, metrics, resolved, systems: named, digest, records };
}

/** The gold's sentences, taking its fingerprint and reference count as they stream past. */
async function* digested(
  source: AsyncIterable<GoldSentence> | Iterable<GoldSentence>,
  digest: GoldDigest,
): AsyncGenerator<GoldSentence> {
  for await (const sentence of source) {
    digest.add(sentence);
    yield sentence;
  }
}

/**
 * `score --format jsonl`: every input is checked first (gold parsed, line counts compared, read
 * limits applied) so that a bad input gives the usual one-line error and no output; then the
 * sentences are read, scored and written one at a time. XML and other gold formats are read
 * whole.
 */
export async function scoreJsonl(
  request: JsonlRequest,
  registry: Registry,
  io: Io,
): Promise<number> {
  const { path, metrics, resolved, systems, digest, records } =
    (await openStream(request, registry, true))!;
  let buffer = "";
  const flush = () => {
    if (buffer) io.out(buffer);
    buffer = "";
  };
  for await (const record of records) {
    const bySystem = (row: (system: number) => Record<string, unknown>) =>
      Object.fromEntries(systems.map((s, j) => [s.name, row(j)]));
    if (record.kind === "sentence") {
      const line = {
        sentence: record.sentence,
        systems: bySystem((j) =>
          Object.fromEntries(metrics.map((m, k) => [m.id, record.scores[j][k]]))
        ),
      };
      buffer += JSON.stringify(line) + "\n";
      if (buffer.length > 1 << 16) flush();
    } else {
      const line = {
        gold: path,
        sentences: record.sentences,
        systems: bySystem((j) =>
          Object.fromEntries(
            metrics.map((
              m,
              k,
            ) => [m.id, {
              signature: fullSignature(m, resolved[k], digest),
              ...record.scores[j][k],
            }]),
          )
        ),
      };
      buffer += JSON.stringify(line) + "\n";
      flush();
      const warnings = new WarningEcho(io.err, request.quiet);
      systems.forEach((_, j) => metrics.forEach((m, k) => warnings.echo(m, record.scores[j][k])));
      warnings.finish();
    }
  }
  return 0;
}

/** The corpus results of a streamed run, as the whole-corpus engine gives them. */
export interface StreamedResults {
  /** The gold's path and fingerprint. */
  gold: { path: string; fingerprint: string };
  /** The metrics, in order. */
  metrics: AnyMetric[];
  /** One result per system (no per-sentence statistics: none was kept). */
  results: SystemResult[];
}

/**
 * The corpus scores of `score`'s table, JSON and TSV outputs without sentence scores or
 * resampling, computed as the sentences stream past: memory does not grow with the corpus
 * (the whole-corpus engine holds every sentence and every statistic). `undefined` when the
 * stream cannot serve the run (see {@linkcode openStream}), an input is wrong or a metric
 * refuses a sentence: the caller then runs the whole-corpus engine, which reports the error in
 * its words (and scores the other metrics when one refuses).
 *
 * @param request What `score` was asked (`sentences` false).
 * @param registry The registry.
 * @returns The results, or `undefined`.
 */
export async function streamedResults(
  request: JsonlRequest,
  registry: Registry,
): Promise<StreamedResults | undefined> {
  let run;
  try {
    run = await openStream({ ...request, sentences: false }, registry, false);
  } catch (error) {
    if (error instanceof InputError || error instanceof UsageError) return undefined;
    throw error;
  }
  if (!run) return undefined;
  const { path, metrics, resolved, systems, digest, records } = run;
  let corpus: CorpusRecord | undefined;
  try {
    for await (const record of records) if (record.kind === "corpus") corpus = record;
  } catch (error) {
    // A metric that refuses a sentence: the whole-corpus engine scores the others and says so.
    if (error instanceof InputError) return undefined;
    throw error;
  }
  return {
    gold: { path, fingerprint: digest.fingerprint },
    metrics,
    results: systems.map((system, j) => ({
      name: system.name,
      path: system.path,
      metrics: metrics.map((m, k) => ({
        metric: m.id,
        signature: fullSignature(m, resolved[k], digest),
        metricSignature: corpus!.signatures[k],
        score: corpus!.scores[j][k],
        stats: [],
      })),
    })),
  };
}
