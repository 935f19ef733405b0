/**
 * Annotation at scale: `errant_parallel` and `errant_m2` read their input in chunks of
 * consecutive sentences, annotate the chunks on a pool of workers (one per core by default;
 * each worker imports the annotator module and builds its own annotator from the same
 * {@linkcode AnnotatorSpec}), and give the M2 back chunk by chunk in input order. Memory stays
 * flat in the corpus size: each worker has at most two chunks (the one it annotates and the
 * next), at most four chunks per worker are out at a time, and the reading waits for answers
 * (the pool: `util/worker_pool.ts`). Parallel files and TSV are cut into runs of lines as bytes
 * (`formats/byte_lines.ts`), each decoded here in one call into one string and its bytes freed at
 * once; the workers split and check the lines and send the M2 back encoded, and its bytes are
 * freed once written. So this thread makes no string per line and keeps nothing between chunks:
 * its V8 heap stays small (with a string per line, its young generation grew with the run, from
 * 30 MB at 100,000 pairs to 62 MB at 1,000,000). The workers get text, not buffers: a buffer
 * moved to a worker per chunk made its V8 collect its whole heap two to three times as often
 * (13 full collections on 30,000 pairs against 5), a third more CPU. A fault is the first in
 * input order, whatever the workers (a read fault is raised after the chunks before it). An input that fits
 * in one chunk, small regular files ({@linkcode SMALL_INPUT_BYTES}) without `jobs`, or
 * `jobs: 1`, is annotated in this thread. The text is the same whatever the number of workers
 * and the chunk size.
 *
 * @module
 */

import { lines, readChunks } from "../formats/text.ts";
import {
  ByteLineCutter,
  type ByteRun,
  decodeRun,
  firstLines,
  release,
  splitLines,
} from "../formats/byte_lines.ts";
import { InputError } from "../plugins/errors.ts";
import { reviveError, runPool } from "../util/worker_pool.ts";
import type { AnnotateOptions, Annotator } from "./annotate.ts";
import { type AnnotatorSpec, buildAnnotator } from "./build.ts";
import { m2ToM2, type M2ToM2Options } from "./m2_to_m2.ts";
import { parallelToM2 } from "./parallel.ts";

/** What to annotate: plain parallel files, or a TSV of (source, correction, ...) lines. */
export type ParallelInput =
  | { readonly orig: string; readonly cors: readonly string[] }
  | { readonly tsv: string };

/** How to run a stream. */
export interface StreamOptions {
  /**
   * Workers: 1 annotates in this thread; default one per core, or this thread for regular files
   * smaller than {@linkcode SMALL_INPUT_BYTES} together.
   */
  readonly jobs?: number;
  /** Sentences per chunk (default 500). */
  readonly chunkSize?: number;
  /** Told the number of sentences done after each chunk. */
  readonly onProgress?: (sentences: number) => void;
}

/** A run of lines of one file, decoded (`formats/byte_lines.ts`), as one string. */
export interface FileRun {
  /** The lines, each with its line end (the last line of a file may have none). */
  readonly text: string;
  /** The number of lines. */
  readonly count: number;
  /** The number of the first line. */
  readonly line: number;
  /** The file, for errors. */
  readonly file: string;
}

/** A run of bytes decoded, its bytes freed at once. */
function fileRun(run: ByteRun, file: string, head: Uint8Array): FileRun {
  const text = decodeRun(run, file, head);
  release(run.bytes);
  return { text, count: run.count, line: run.line, file };
}

/** One chunk of work, as sent to a worker. */
export type AnnotationTask =
  | {
    readonly kind: "tsv";
    readonly lines: FileRun;
    /** The number of columns of line 1. */
    readonly columns: number;
  }
  | {
    readonly kind: "parallel";
    readonly orig: FileRun;
    readonly cors: readonly FileRun[];
  }
  | {
    readonly kind: "m2";
    readonly firstLine: number;
    readonly count: number;
    readonly text: string;
    readonly file: string;
  };

/** The message that starts a worker. */
export interface AnnotationWorkerInit {
  /** What the annotator is built from. */
  readonly spec: AnnotatorSpec;
  /** How to annotate (with `mode` etc. for `errant_m2`). */
  readonly options: AnnotateOptions | M2ToM2Options;
}

/** A worker's answer for one chunk. */
export interface AnnotationAnswer {
  /** Its M2 text, encoded in UTF-8. */
  readonly m2: Uint8Array;
  /** A failure's message, and the name of its error class. */
  readonly error?: string;
  /** `InputError`, `UsageError` or another. */
  readonly errorName?: string;
}

/** The lines of a TSV run split in columns, checked against the columns of line 1. */
function tsvColumns(task: { lines: FileRun; columns: number }): [string[], string[][]] {
  const { text, count, line: first, file } = task.lines;
  const lines = splitLines(text, count, first, file);
  const orig: string[] = [];
  const cors: string[][] = Array.from({ length: Math.max(0, task.columns - 1) }, () => []);
  for (let i = 0; i < lines.length; i++) {
    const cols = lines[i].split("\t");
    const line = first + i;
    if (line === 1 && cols.length < 2) {
      throw new InputError(
        "expected tab-separated columns: the source, then one or more corrections",
        file,
        line,
      );
    }
    if (cols.length !== task.columns) {
      throw new InputError(
        `expected ${task.columns} tab-separated columns as on line 1, found ${cols.length}`,
        file,
        line,
      );
    }
    orig.push(cols[0]);
    for (let k = 1; k < cols.length; k++) cors[k - 1].push(cols[k]);
  }
  return [orig, cors];
}

/** The lines of parallel runs; a fault is the one on the earliest line (the original's first). */
function parallelLines(task: { orig: FileRun; cors: readonly FileRun[] }): string[][] {
  let fault: InputError | undefined;
  const out = [task.orig, ...task.cors].map(({ text, count, line, file }) => {
    try {
      return splitLines(text, count, line, file);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      if (fault === undefined || (error.line ?? Infinity) < (fault.line ?? Infinity)) {
        fault = error;
      }
      return [];
    }
  });
  if (fault) throw fault;
  return out;
}

const encoder = new TextEncoder();

/**
 * Annotates one chunk: the work a worker (or this thread) does.
 *
 * @param task The chunk.
 * @param annotator The annotator.
 * @param options How to annotate.
 * @returns The chunk's M2 text, encoded in UTF-8.
 */
export function annotateTask(
  task: AnnotationTask,
  annotator: Annotator,
  options: AnnotateOptions | M2ToM2Options,
): Uint8Array {
  let m2: string;
  if (task.kind === "tsv") {
    const [orig, cors] = tsvColumns(task);
    m2 = parallelToM2(orig, cors, annotator, options, task.lines.line);
  } else if (task.kind === "parallel") {
    const [orig, ...cors] = parallelLines(task);
    m2 = parallelToM2(orig, cors, annotator, options, task.orig.line);
  } else {
    m2 = m2ToM2(task.text, annotator, options as M2ToM2Options, task.file, task.firstLine);
  }
  return encoder.encode(m2);
}

/** The number of lines left in a file. */
async function countRest(cutter: ByteLineCutter): Promise<number> {
  let n = 0;
  for (let got; (got = (await cutter.take(1 << 16)).count) > 0;) n += got;
  return n;
}

/** The number of tab-separated columns of the first line of a run. */
function columnsOfFirstLine(bytes: Uint8Array): number {
  let columns = 1;
  for (let i = 0; i < bytes.length && bytes[i] !== 10; i++) if (bytes[i] === 9) columns++;
  return columns;
}

/**
 * Chunks of the lines of parallel files (or a TSV), as bytes: the lines are decoded, checked
 * and split in the worker. Files of different lengths are an error at the first line where one
 * ends before another, raised after the chunks before that line.
 */
async function* parallelTasks(
  input: ParallelInput,
  size: number,
): AsyncGenerator<AnnotationTask> {
  if ("tsv" in input) {
    const cutter = new ByteLineCutter(input.tsv);
    try {
      let columns = 0;
      for (;;) {
        const run = await cutter.take(size);
        if (run.count === 0) return;
        if (columns === 0) columns = columnsOfFirstLine(run.bytes);
        yield { kind: "tsv", lines: fileRun(run, input.tsv, cutter.head), columns };
        if (run.count < size) return;
      }
    } finally {
      cutter.close();
    }
  }
  const orig = new ByteLineCutter(input.orig);
  const cors = input.cors.map((path) => new ByteLineCutter(path));
  try {
    for (let base = 0;; base += size) {
      const o = await orig.take(size);
      const cs: ByteRun[] = [];
      for (const cor of cors) cs.push(await cor.take(o.count));
      // The first file (in order) that ends before the original does, at the earliest line.
      let short = -1;
      cs.forEach((c, k) => {
        if (c.count < o.count && (short < 0 || c.count < cs[short].count)) short = k;
      });
      let longer = -1;
      if (short < 0 && o.count < size) {
        for (let k = 0; k < cors.length && longer < 0; k++) {
          if ((await cors[k].take(1)).count > 0) longer = k;
        }
      }
      const keep = short >= 0 ? cs[short].count : o.count;
      if (keep > 0) {
        yield {
          kind: "parallel",
          orig: fileRun(firstLines(o, keep), input.orig, orig.head),
          cors: cs.map((c, k) => fileRun(firstLines(c, keep), input.cors[k], cors[k].head)),
        };
      }
      if (short >= 0) {
        const origCount = base + o.count + await countRest(orig);
        const corCount = base + cs[short].count;
        throw new InputError(
          `has ${corCount} lines, but ${input.orig} has ${origCount}`,
          input.cors[short],
        );
      }
      if (longer >= 0) {
        const corCount = base + o.count + 1 + await countRest(cors[longer]);
        throw new InputError(
          `has ${corCount} lines, but ${input.orig} has ${base + o.count}`,
          input.cors[longer],
        );
      }
      if (o.count < size) return;
    }
  } finally {
    orig.close();
    for (const cor of cors) cor.close();
  }
}

/** Chunks of whole M2 blocks (a block ends at a blank line or at the end of the file). */
async function* m2Tasks(path: string, size: number): AsyncGenerator<AnnotationTask> {
  let pieces: string[] = [];
  let count = 0;
  let firstLine = 1;
  let inBlock = false;
  for await (const { line, text } of lines(readChunks(path), { file: path })) {
    const blank = text.trim() === "";
    if (blank && !inBlock) {
      throw new InputError("a blank line where an M2 block should start", path, line);
    }
    if (pieces.length === 0) firstLine = line;
    pieces.push(text);
    if (!blank) {
      if (!inBlock) count++;
      inBlock = true;
      continue;
    }
    inBlock = false;
    if (count === size) {
      yield { kind: "m2", firstLine, count, text: pieces.join("\n") + "\n", file: path };
      pieces = [];
      count = 0;
    }
  }
  if (pieces.length > 0) {
    yield { kind: "m2", firstLine, count, text: pieces.join("\n") + "\n", file: path };
  }
}

/** The number of sentences in a task. */
function sentencesOf(task: AnnotationTask): number {
  return task.kind === "tsv"
    ? task.lines.count
    : task.kind === "parallel"
    ? task.orig.count
    : task.count;
}

/**
 * The V8 heap of an annotation worker: a small young generation keeps each worker's memory low
 * (a sentence's objects die young); the old generation holds the tagger, the word list and
 * their caches (about 50 MB in use after a collection). A smaller limit makes V8 grow the heap
 * less between collections: with 16 and 1024 MB, a million pairs peaked at 424 MB, with 8 and
 * 512 at 383 MB (`bench/annotation_scale.sh`). Known limit, as for the scoring stream: Deno
 * gives no event for a `node:worker_threads` worker that runs out of heap.
 */
const HEAP_MB = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 512 };

/** The number of workers to use: `jobs` capped at the number of cores (default: that number). */
export function workerCount(jobs: number | undefined): number {
  const cores = Math.max(1, navigator.hardwareConcurrency || 1);
  return Math.max(1, Math.min(jobs ?? cores, cores));
}

/**
 * Inputs smaller than this many bytes together are annotated in this thread when `jobs` is not
 * given: a worker spends about 0.3 s of CPU loading the tagger and the word list before its
 * first sentence, more than it saves on a few thousand pairs (CoNLL-2014's 1,312 sentences, about
 * 150 KB a file, took 0.56 s on two workers and 0.39 s in this thread).
 */
export const SMALL_INPUT_BYTES = 1 << 20;

/**
 * The jobs of a run: `jobs` when given; otherwise one when the inputs are regular files of
 * fewer than {@linkcode SMALL_INPUT_BYTES} bytes together, else the default (one per core).
 *
 * @param jobs The jobs asked for.
 * @param paths The input files.
 * @returns The jobs to run with.
 */
export async function jobsFor(
  jobs: number | undefined,
  paths: readonly string[],
): Promise<number | undefined> {
  if (jobs !== undefined) return jobs;
  let bytes = 0;
  for (const path of paths) {
    try {
      const info = await Deno.stat(path);
      // A pipe or a device says nothing of its length: it may be long.
      if (!info.isFile) return undefined;
      bytes += info.size;
    } catch {
      // Reading it says what is wrong.
      return undefined;
    }
  }
  return bytes < SMALL_INPUT_BYTES ? 1 : undefined;
}

/** Runs tasks in this thread or on workers; yields each task's M2 in order. */
async function* run(
  source: AsyncGenerator<AnnotationTask>,
  init: AnnotationWorkerInit,
  stream: Omit<StreamOptions, "jobs"> & { jobs: () => Promise<number | undefined> },
): AsyncGenerator<Uint8Array> {
  // A fault met while reading is raised after the chunks before it, whose faults come first:
  // the first fault in input order, whatever the number of workers.
  let readFault: { error: unknown } | undefined;
  const tasks = (async function* () {
    try {
      yield* source;
    } catch (error) {
      readFault = { error };
    }
  })();
  let done = 0;
  const progress = (sentences: number) => {
    done += sentences;
    stream.onProgress?.(done);
  };
  const first = await tasks.next();
  if (!first.done) {
    const jobs = workerCount(await stream.jobs());
    const second = jobs > 1 ? await tasks.next() : undefined;
    if (jobs === 1 || second?.done) {
      const annotator = await buildAnnotator(init.spec);
      for (let t: IteratorResult<AnnotationTask> = first; !t.done; t = await tasks.next()) {
        yield annotateTask(t.value, annotator, init.options);
        progress(sentencesOf(t.value));
      }
    } else {
      yield* onWorkers(
        (async function* () {
          yield first.value;
          yield second!.value;
          yield* tasks;
        })(),
        init,
        jobs,
        progress,
      );
    }
  }
  if (readFault) throw readFault.error;
}

async function* onWorkers(
  tasks: AsyncGenerator<AnnotationTask>,
  init: AnnotationWorkerInit,
  workers: number,
  progress: (sentences: number) => void,
): AsyncGenerator<Uint8Array> {
  // The sentences of each chunk out, for the progress as the answers come back in order.
  const counts: number[] = [];
  const sent = (async function* () {
    for await (const task of tasks) {
      counts.push(sentencesOf(task));
      yield { task };
    }
  })();
  for await (
    const answer of runPool<AnnotationWorkerInit, AnnotationTask, AnnotationAnswer>(sent, {
      module: new URL("./stream_worker.ts", import.meta.url),
      workers,
      init,
      name: "Annotation",
      heapMb: HEAP_MB,
    })
  ) {
    if (answer.error !== undefined) throw reviveError(answer.error, answer.errorName);
    yield answer.m2;
    progress(counts.shift()!);
  }
}

/**
 * `errant_parallel`, streamed: the M2 text of `input`, piece by piece in UTF-8, in input order.
 *
 * @example Two sentences, as one text
 * ```ts
 * import { equal } from "node:assert/strict";
 * import { annotateParallelStream } from "./stream.ts";
 * const dir = Deno.makeTempDirSync();
 * Deno.writeTextFileSync(`${dir}/pairs.tsv`, "He go home .\tHe goes home .\nFine .\tFine .\n");
 * const decoder = new TextDecoder();
 * let m2 = "";
 * for await (const piece of annotateParallelStream({ tsv: `${dir}/pairs.tsv` }, {}, {})) {
 *   m2 += decoder.decode(piece, { stream: true });
 * }
 * equal(m2.split("\n")[1], "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0");
 * Deno.removeSync(dir, { recursive: true });
 * ```
 *
 * @param input The parallel files or the TSV.
 * @param spec What the annotator is built from.
 * @param options How to align and merge, and how to run.
 * @returns The M2 text in pieces, encoded in UTF-8.
 */
export function annotateParallelStream(
  input: ParallelInput,
  spec: AnnotatorSpec,
  options: AnnotateOptions & StreamOptions,
): AsyncGenerator<Uint8Array> {
  const { jobs, chunkSize, onProgress: _p, ...annotate } = options;
  const paths = "tsv" in input ? [input.tsv] : [input.orig, ...input.cors];
  return run(parallelTasks(input, chunkSize ?? 500), { spec, options: annotate }, {
    ...options,
    jobs: () => jobsFor(jobs, paths),
  });
}

/**
 * `errant_m2`, streamed: the re-annotated M2 text of the file at `path`, piece by piece in
 * UTF-8.
 *
 * @param path The M2 file.
 * @param spec What the annotator is built from.
 * @param options How to re-annotate, and how to run.
 * @returns The M2 text in pieces, encoded in UTF-8.
 */
export function reannotateM2Stream(
  path: string,
  spec: AnnotatorSpec,
  options: M2ToM2Options & StreamOptions,
): AsyncGenerator<Uint8Array> {
  const { jobs, chunkSize, onProgress: _p, ...annotate } = options;
  return run(m2Tasks(path, chunkSize ?? 500), { spec, options: annotate }, {
    ...options,
    jobs: () => jobsFor(jobs, [path]),
  });
}
