/**
 * A run given by files, as the commands are asked: the planner reads the gold and the systems
 * as sources, whole or streamed, and builds the plan ({@linkcode planFiles}); the executor
 * carries it out as results ({@linkcode runFiles}) or as records, a sentence at a time
 * ({@linkcode fileRecords}). `score` (every output format) and `show` plan here; `report`
 * reads its files here ({@linkcode readRunGold}, {@linkcode readRunSystems}) and `meta` its
 * systems, both then planning with `planRun()`. No command opens a stream, resolves options or
 * calls the annotator itself.
 *
 * A run is streamed (sentences read, scored and dropped one at a time, workers over chunks of
 * raw lines for large runs) when the plan allows it: plain-text systems and no metric that
 * prepares its options from the whole run; for corpus scores alone, also no boxed metric and
 * none that compares edits (records of such a metric stream with the annotator's edits,
 * sentence by sentence). Otherwise the sources are read whole and the whole-corpus
 * engine gives the same records, so every metric and input works the same on every path.
 *
 * @module
 */

import { benchmarkNotes } from "./benchmarks.ts";
import { isRegularFile } from "../formats/read_chunks.ts";
import { sourceMismatches } from "../formats/hypothesis_m2.ts";
import { m2Sentences, sortAnnotators } from "../formats/m2.ts";
import {
  baseName,
  countLines,
  readChunks,
  readReferenceCorpus,
  referenceSentences,
} from "../formats/text.ts";
import { InputError, UsageError } from "../plugins/errors.ts";
import type { Registry } from "../plugins/registry.ts";
import type {
  AnyMetric,
  GoldCorpus,
  GoldSentence,
  Hypotheses,
  Options,
  OptionValue,
  ReadLimits,
} from "../plugins/types.ts";
import { hostOf } from "../sandbox/hosted.ts";
import { ANNOTATOR_EDITS } from "./annotate_systems.ts";
import { executePlan, type RunOptions, type RunOutcome } from "./engine.ts";
import { poolSize } from "./parallel.ts";
import { openGold, readGoldFile } from "./read_gold.ts";
import { readSystem, systemFormat } from "./read_system.ts";
import { planRun, type RunPlan, selectMetrics, streamOptions } from "./scoring.ts";
import { fullSignature, GoldDigest } from "./signature.ts";
import { isOwnFormat } from "./own_formats.ts";
import { type CorpusRecord, type SentenceRecord, streamScores } from "./stream.ts";
import {
  checkedLines,
  checkLineCount,
  fileSize,
  hypothesesOf,
  KEEP_BYTES,
  tokenized,
} from "./stream_files.ts";
import type { ParallelStreamRequest } from "./stream_parallel.ts";

export type { CorpusRecord, SentenceRecord };

/** A system file of a command: plain output (or any format), or a hypothesis M2 (`m2`). */
export interface SystemFile {
  /** The file. */
  path: string;
  /** True for a hypothesis M2 (the system's own edits). */
  m2: boolean;
}

/** A run given by files: what {@linkcode planFiles} needs. */
export interface FileRequest {
  /** The registry. */
  registry: Registry;
  /** The command, for messages (`score: ...`). */
  command: string;
  /** The gold file (or `src` with `refs`). */
  gold?: string;
  /** The gold's format id (default: by name and content). */
  goldFormat?: string;
  /** Plain-text source sentences (with `refs`, instead of `gold`). */
  src?: string;
  /** Plain-text reference files. */
  refs?: readonly string[];
  /** The systems, in order. */
  systems: readonly SystemFile[];
  /** The format of system files that are not hypothesis M2 (default: by name and content). */
  systemFormat?: string;
  /** Metric ids (default: every registered metric the gold can serve). */
  metrics?: string[];
  /** Raw option values by metric id, then name. */
  options?: Record<string, Record<string, OptionValue>>;
  /** Also sentence scores. */
  sentences?: boolean;
  /** Also per-error-type breakdowns. */
  byType?: boolean;
  /** What happens when a metric refuses a sentence. */
  onRefusal?: "fail" | "skip";
  /** Read limits. */
  limits?: Partial<ReadLimits>;
  /**
   * Stream the sources when the run allows it: `"records"` (records of every sentence, as
   * `score --format jsonl` writes them), `"corpus"` (corpus scores alone); default: read whole.
   */
  stream?: "records" | "corpus";
  /** Workers for a streamed run (default "auto"). */
  jobs?: number | "auto";
  /** Warnings about the inputs (a hypothesis M2 whose sources differ from the gold's). */
  onWarning?: (line: string) => void;
}

/** A streamed run, its inputs checked: the records to take, and what names them. */
interface StreamedRun {
  /** The gold's path, as outputs name it. */
  path: string;
  metrics: AnyMetric[];
  /** Each metric's options, from the planner. */
  options: Options[];
  /** The systems' names and files, in order. */
  systems: { name: string; path: string }[];
  /** The gold's fingerprint, complete once the records are all taken. */
  digest: GoldDigest;
  records: AsyncGenerator<SentenceRecord | CorpusRecord>;
}

/** A run's plan, with its sources: streamed, or read whole into a {@linkcode RunPlan}. */
export interface FilePlan {
  /** What was asked. */
  readonly request: FileRequest;
  /** The plan of a run read whole. */
  readonly plan?: RunPlan;
  /** The streamed run, when the sources stream. */
  readonly streamed?: StreamedRun;
}

/**
 * Read a command's gold: a gold file through the registry's formats, or plain source and
 * reference files.
 *
 * @param request The files.
 * @returns The gold corpus.
 */
export async function readRunGold(
  request: Pick<
    FileRequest,
    "registry" | "command" | "gold" | "goldFormat" | "src" | "refs" | "limits"
  >,
): Promise<GoldCorpus> {
  if (request.gold) {
    return await readGoldFile(request.gold, request.registry, request.goldFormat, request.limits);
  }
  if (request.src && request.refs?.length) {
    return await readReferenceCorpus(request.src, [...request.refs], request.limits);
  }
  throw new UsageError(
    `${request.command}: give --gold GOLD, or --src SRC with at least one --ref REF`,
  );
}

/**
 * Read system files for a gold: each through the registry's formats (a hypothesis M2 as M2),
 * checked to have one sentence per gold sentence; a hypothesis M2 whose sources differ from the
 * gold's is a warning. Two systems with one name are an error.
 *
 * @param files The files.
 * @param gold The gold.
 * @param how The registry, the format of the other files, read limits, warnings.
 * @returns The systems, in order.
 */
export async function readRunSystems(
  files: readonly (string | SystemFile)[],
  gold: GoldCorpus,
  how: {
    registry: Registry;
    format?: string;
    limits?: Partial<ReadLimits>;
    onWarning?: (line: string) => void;
  },
): Promise<Hypotheses[]> {
  const systems: Hypotheses[] = [];
  for (const file of files) {
    const { path, m2 } = typeof file === "string" ? { path: file, m2: false } : file;
    const hyp = await readSystem(path, {
      registry: how.registry,
      format: m2 ? "m2" : how.format,
      expected: gold.sentences.length,
      limits: how.limits,
    });
    const differ = hyp.edits && hyp.sources
      ? sourceMismatches(hyp.sources, gold.sentences.map((s) => s.source))
      : [];
    if (differ.length && how.onWarning) {
      const first = differ[0];
      how.onWarning(
        `gecscore: warning: ${path}:${hyp.lines?.[first]}: the source of sentence ${
          first + 1
        } differs from the gold's${
          differ.length > 1 ? ` (and ${differ.length - 1} more)` : ""
        }; its edits are applied to the hypothesis file's own source\n`,
      );
    }
    const { format, ...system } = hyp;
    // A plugin's format (named by the user) is stated in the signatures (metricResult()).
    systems.push(isOwnFormat(format) ? system : Object.assign(system, { format }));
  }
  const names = new Set<string>();
  for (const s of systems) {
    if (names.has(s.name)) {
      throw new UsageError(`Two systems are named ${s.name}: give files distinct base names`);
    }
    names.add(s.name);
  }
  return systems;
}

/**
 * Plan a run given by files: the sources streamed when `request.stream` asks and the run
 * allows it (see the module doc), else read whole (gold, then systems, then the plan with its
 * derived inputs and prepared options, {@linkcode planRun}).
 *
 * @param request The files and what to compute.
 * @returns The plan.
 */
export async function planFiles(request: FileRequest): Promise<FilePlan> {
  if (request.stream) {
    const streamed = request.stream === "records"
      ? await openStream(request, true)
      : await openStream(request, false).catch((error) => {
        // The whole-corpus engine reports a wrong input in its own words.
        if (error instanceof InputError || error instanceof UsageError) return undefined;
        throw error;
      });
    if (streamed) return { request, streamed };
  }
  return { request, plan: await planWhole(request) };
}

/**
 * Whether every file of a request is a regular file, which can be read twice: not a pipe
 * (`--gold <(zcat gold.m2.gz)`), a device or standard input.
 */
async function regularFiles(request: FileRequest): Promise<boolean> {
  const paths = [request.gold, request.src, ...(request.refs ?? [])];
  for (const path of [...paths, ...request.systems.map((s) => s.path)]) {
    if (path !== undefined && !(await isRegularFile(path))) return false;
  }
  return true;
}

/** The plan of a run whose sources are read whole. */
async function planWhole(request: FileRequest): Promise<RunPlan> {
  const { registry } = request;
  const gold = await readRunGold(request);
  // The metrics are checked against the gold before the systems are read.
  selectMetrics(registry, gold, request.metrics);
  const systems = await readRunSystems(request.systems, gold, {
    registry,
    format: request.systemFormat,
    limits: request.limits,
    onWarning: request.onWarning,
  });
  return await planRun({
    registry,
    gold,
    systems,
    metrics: request.metrics,
    options: request.options,
    sentences: request.sentences,
    byType: request.byType,
    onRefusal: request.onRefusal,
  });
}

/** What {@linkcode runFiles} gives: the outcome, and the gold as outputs name it. */
export interface FileOutcome extends RunOutcome {
  /** The gold read whole, or (streamed) its path and fingerprint. */
  gold: GoldCorpus | { path: string; fingerprint: string };
  /** The plan, when the run was read whole. */
  plan?: RunPlan;
  /**
   * Notes on the settings: a known benchmark gold scored with settings other than its
   * published ones (`pipeline/benchmarks.ts`); the faces echo them unless quiet.
   */
  notes: string[];
}

/**
 * Carry out a file plan as results. A streamed run keeps no sentence (its results have no
 * statistics); when a metric refuses a sentence or an input is wrong midway, the run is read
 * whole and carried out again, so the error and the other metrics' results are those of the
 * whole-corpus engine.
 *
 * @param filePlan The plan.
 * @param how Workers, progress.
 * @returns The outcome.
 */
export async function runFiles(filePlan: FilePlan, how: RunOptions = {}): Promise<FileOutcome> {
  if (filePlan.streamed) {
    const { path, metrics, options, systems, digest, records } = filePlan.streamed;
    let corpus: CorpusRecord | undefined;
    try {
      for await (const record of records) if (record.kind === "corpus") corpus = record;
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      return await runFiles(
        { request: filePlan.request, plan: await planWhole(filePlan.request) },
        how,
      );
    }
    const results = systems.map((system, j) => ({
      name: system.name,
      path: system.path,
      metrics: metrics.map((m, k) => ({
        metric: m.id,
        options: options[k],
        signature: fullSignature(m, options[k], digest),
        metricSignature: corpus!.signatures[k],
        score: corpus!.scores[j][k],
        stats: [],
      })),
    }));
    return {
      gold: { path, fingerprint: digest.fingerprint },
      metrics,
      refusals: [],
      results,
      notes: benchmarkNotes(results.flatMap((r) => r.metrics)),
    };
  }
  const plan = filePlan.plan!;
  const outcome = await executePlan(plan, how);
  return {
    ...outcome,
    gold: plan.gold,
    plan,
    notes: benchmarkNotes(outcome.results.flatMap((r) => r.metrics)),
  };
}

/** A run carried out as records: what names them, and the records. */
export interface RecordRun {
  /** The gold as outputs name it. */
  goldPath: string;
  /** The metrics, in order. */
  metrics: AnyMetric[];
  /** The systems' names and files, in order. */
  systems: { name: string; path: string }[];
  /** The records: each sentence's scores (when asked), then the corpus scores. */
  records: AsyncGenerator<SentenceRecord | CorpusRecord>;
  /** The full signature of (system `j`, metric `k`); complete once the corpus record is taken. */
  signature(j: number, k: number): string;
  /** The notes on the settings (see {@linkcode FileOutcome.notes}), once the records are taken. */
  notes(): string[];
}

/**
 * Carry out a file plan as records, a sentence at a time: streamed when the plan streams,
 * else from the whole-corpus engine's results (the same records).
 *
 * @param filePlan The plan (`sentences` for sentence records).
 * @param how Workers.
 * @returns The records and what names them.
 */
export function fileRecords(filePlan: FilePlan, how: RunOptions = {}): RecordRun {
  if (filePlan.streamed) {
    const { path, metrics, options, systems, digest, records } = filePlan.streamed;
    return {
      goldPath: path,
      metrics,
      systems,
      records,
      signature: (_, k) =>
        fullSignature(metrics[k], options[k], digest) +
        (metrics[k].needsHypothesisEdits ? `|edits:${ANNOTATOR_EDITS}` : ""),
      notes: () =>
        benchmarkNotes(metrics.map((m, k) => ({
          metric: m.id,
          signature: fullSignature(m, options[k], digest),
        }))),
    };
  }
  const plan = filePlan.plan!;
  let results: RunOutcome["results"] = [];
  async function* records(): AsyncGenerator<SentenceRecord | CorpusRecord> {
    results = (await executePlan(plan, how)).results;
    const n = plan.gold.sentences.length;
    if (plan.sentences) {
      for (let i = 0; i < n; i++) {
        yield {
          kind: "sentence",
          sentence: i + 1,
          scores: results.map((r) => r.metrics.map((m) => m.sentences![i])),
        };
      }
    }
    yield {
      kind: "corpus",
      sentences: n,
      scores: results.map((r) => r.metrics.map((m) => m.score)),
      signatures: results[0]?.metrics.map((m) => m.metricSignature ?? "") ?? [],
    };
  }
  return {
    goldPath: plan.gold.path,
    metrics: [...plan.metrics],
    systems: plan.systems.map((s) => ({ name: s.name, path: s.path })),
    records: records(),
    signature: (j, k) => results[j].metrics[k].signature,
    notes: () => benchmarkNotes(results.flatMap((r) => r.metrics)),
  };
}

/**
 * Checks every input (gold parsed, line counts compared, read limits applied) and opens the
 * streamed run, or gives `undefined` when the run cannot stream (see the module doc). With
 * `records` (every sentence's record), a boxed metric streams too; a system that is not plain
 * text or a metric that needs the whole run is read whole.
 */
async function openStream(
  request: FileRequest,
  records: boolean,
): Promise<StreamedRun | undefined> {
  const { registry } = request;
  const limits = request.limits ?? {};
  if (request.systems.some((f) => f.m2)) return undefined;
  // A stream reads its files twice (a check, then the scores): a pipe gives its lines once.
  if (!(await regularFiles(request))) return undefined;
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
      // A small gold keeps the sentences of this check for the scores (not read twice).
      let kept: GoldSentence[] | undefined = await fileSize(path) <= KEEP_BYTES ? [] : undefined;
      for await (const s of parsed) {
        first ??= s;
        count++;
        for (const a of s.annotations!) ids.add(a.annotator);
        kept?.push(s);
      }
      if (!count) throw new InputError('expected at least one "S" line, found none', path);
      const all = sortAnnotators(ids);
      first!.allAnnotators = all;
      if (kept) { for (const s of kept) s.allAnnotators = all; }
      sentences = () => {
        if (!kept) return m2Sentences(readChunks(path), path, all, limits, { intern: false });
        const once = kept;
        kept = undefined;
        return drained(once);
      };
      raw = { kind: "m2", path, allAnnotators: all };
    } else {
      const corpus = await opened.format.parse(opened.chunks, path, limits);
      count = corpus.sentences.length;
      first = corpus.sentences[0];
      sentences = () => corpus.sentences;
    }
  } else if (request.src && request.refs?.length) {
    const refs = [...request.refs];
    path = [request.src, ...refs].join(" ");
    format = "text";
    count = await countLines(request.src, limits);
    if (!count) throw new InputError("file is empty", request.src);
    for (const ref of refs) await checkLineCount(ref, count, limits);
    for await (const s of referenceSentences(request.src, refs, limits)) {
      first = s;
      break;
    }
    sentences = () => referenceSentences(request.src!, refs, limits);
    raw = { kind: "text", source: request.src, references: refs };
  } else {
    throw new UsageError(
      `${request.command}: give --gold GOLD, or --src SRC with at least one --ref REF`,
    );
  }
  // The metrics the gold can serve, judged on its first sentence (every sentence of a format
  // carries the same kinds of data).
  const probe: GoldCorpus = { path, format, sentences: first ? [first] : [] };
  const metrics = selectMetrics(registry, probe, request.metrics);
  for (const id of Object.keys(request.options ?? {})) registry.metric(id);
  // Corpus scores alone stream only where they need no annotator and no box; records stream
  // with the annotator's edits, sentence by sentence.
  const gathering = metrics.find((m) => m.gather);
  if (gathering && records) {
    throw new UsageError(
      `${request.command}: --format jsonl streams sentence by sentence, but metric ` +
        `${gathering.id} asks a model server about the whole run first: give --format json, ` +
        "tsv or table",
    );
  }
  if (
    metrics.some((m) =>
      m.prepare || m.gather || (!records && (m.needsHypothesisEdits || hostOf(m)))
    )
  ) {
    return undefined;
  }
  const names = new Set<string>();
  // Small systems keep the lines of their check for the scores (not read twice).
  const keptLines = new Map<string, string[]>();
  let keptBytes = 0;
  for (const file of request.systems) {
    const format = await systemFormat(file.path, registry, request.systemFormat);
    if (format.id !== "text") return undefined;
    const size = await fileSize(file.path);
    if (size <= KEEP_BYTES && keptBytes + size <= KEEP_BYTES * 4) {
      keptBytes += size;
      keptLines.set(file.path, await checkedLines(file.path, count, limits));
    } else {
      await checkLineCount(file.path, count, limits);
    }
    const name = baseName(file.path);
    if (names.has(name)) {
      throw new UsageError(`Two systems are named ${name}: give files distinct base names`);
    }
    names.add(name);
  }
  const digest = new GoldDigest(format);
  const named = request.systems.map((file) => ({ name: baseName(file.path), path: file.path }));
  const options = streamOptions(metrics, request.options ?? {}, request.registry);
  // Large runs of pooled metrics stream on workers (the same records, byte for byte).
  const work = count * named.length * metrics.length;
  const workers = poolSize(request.jobs ?? "auto", Infinity, work);
  // The worker stream (and node:worker_threads) is loaded only when it may be used.
  const annotated = metrics.some((m) => m.needsHypothesisEdits);
  const parallel = raw && workers > 1 && !annotated
    ? await import("./stream_parallel.ts")
    : undefined;
  const sentenceScores = request.sentences === true;
  const stream = raw && parallel?.poolModules(registry, metrics)
    ? parallel.streamScoresParallel({
      metrics,
      options,
      gold: raw,
      goldPath: path,
      count,
      systems: named,
      sentences: sentenceScores,
      registry,
      limits,
      digest,
      workers,
    })
    : streamScores({
      metrics,
      prepared: options,
      gold: digested(sentences(), digest),
      systems: named.map((system) => ({
        name: system.name,
        path: system.path,
        hypotheses: keptLines.has(system.path)
          ? tokenized(keptLines.get(system.path)!)
          : hypothesesOf(system.path, limits),
      })),
      sentences: sentenceScores,
      registry,
      goldPath: path,
    });
  return { path, metrics, options, systems: named, digest, records: stream };
}

/** The items of an array, each let go of as it is given (the array is emptied). */
function* drained<T>(items: T[]): Generator<T> {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    items[i] = undefined as T;
    yield item;
  }
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
