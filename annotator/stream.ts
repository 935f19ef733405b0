/**
 * Annotation at scale: `errant_parallel` and `errant_m2` read their input in chunks of
 * consecutive sentences, annotate the chunks on a pool of workers (one per core by default;
 * each worker imports the annotator module and builds its own annotator from the same
 * {@linkcode AnnotatorSpec}), and give the M2 back chunk by chunk in input order. Memory stays
 * flat in the corpus size: each worker has at most two chunks (the one it annotates and the
 * next), at most four chunks per worker are out at a time, and the reading waits for answers.
 * An input that fits in one chunk, or `jobs: 1`, is annotated in this thread. The text is the
 * same whatever the number of workers and the chunk size.
 *
 * @module
 */

import { lines, readChunks } from "../formats/text.ts";
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
  /** Workers: 1 annotates in this thread; default one per core. */
  readonly jobs?: number;
  /** Sentences per chunk (default 500). */
  readonly chunkSize?: number;
  /** Told the number of sentences done after each chunk. */
  readonly onProgress?: (sentences: number) => void;
}

/** One chunk of work, as sent to a worker. */
export type AnnotationTask =
  | {
    readonly kind: "parallel";
    readonly id: number;
    readonly firstLine: number;
    readonly orig: string[];
    readonly cors: string[][];
  }
  | {
    readonly kind: "m2";
    readonly id: number;
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
  /** The chunk's number. */
  readonly id: number;
  /** Its M2 text. */
  readonly text: string;
  /** A failure's message, and the name of its error class. */
  readonly error?: string;
  /** `InputError`, `UsageError` or another. */
  readonly errorName?: string;
}

/**
 * Annotates one chunk: the work a worker (or this thread) does.
 *
 * @param task The chunk.
 * @param annotator The annotator.
 * @param options How to annotate.
 * @returns The chunk's M2 text.
 */
export function annotateTask(
  task: AnnotationTask,
  annotator: Annotator,
  options: AnnotateOptions | M2ToM2Options,
): string {
  return task.kind === "parallel"
    ? parallelToM2(task.orig, task.cors, annotator, options, task.firstLine)
    : m2ToM2(task.text, annotator, options as M2ToM2Options, task.file, task.firstLine);
}

/** The number of lines left in a line stream. */
async function countRest(it: AsyncIterator<unknown>): Promise<number> {
  let n = 0;
  while (!(await it.next()).done) n++;
  return n;
}

/** Chunks of the lines of parallel files (or a TSV), checked for equal lengths. */
async function* parallelTasks(
  input: ParallelInput,
  size: number,
): AsyncGenerator<AnnotationTask> {
  let id = 0;
  if ("tsv" in input) {
    let columns = 0;
    let orig: string[] = [];
    let cors: string[][] = [];
    let first = 1;
    for await (const { line, text } of lines(readChunks(input.tsv), { file: input.tsv })) {
      const cols = text.split("\t");
      if (columns === 0) {
        if (cols.length < 2) {
          throw new InputError(
            "expected tab-separated columns: the source, then one or more corrections",
            input.tsv,
            line,
          );
        }
        columns = cols.length;
        cors = Array.from({ length: columns - 1 }, () => []);
      } else if (cols.length !== columns) {
        throw new InputError(
          `expected ${columns} tab-separated columns as on line 1, found ${cols.length}`,
          input.tsv,
          line,
        );
      }
      if (orig.length === 0) first = line;
      orig.push(cols[0]);
      for (let k = 1; k < columns; k++) cors[k - 1].push(cols[k]);
      if (orig.length === size) {
        yield { kind: "parallel", id: id++, firstLine: first, orig, cors };
        orig = [];
        cors = cors.map(() => []);
      }
    }
    if (orig.length > 0) yield { kind: "parallel", id: id++, firstLine: first, orig, cors };
    return;
  }
  const read = (path: string) => lines(readChunks(path), { file: path })[Symbol.asyncIterator]();
  const origLines = read(input.orig);
  const corLines = input.cors.map(read);
  let line = 0;
  for (;;) {
    const orig: string[] = [];
    const cors: string[][] = input.cors.map(() => []);
    const firstLine = line + 1;
    while (orig.length < size) {
      const o = await origLines.next();
      const cs = await Promise.all(corLines.map((c) => c.next()));
      const ended = cs.findIndex((c) => c.done !== o.done);
      if (ended >= 0) {
        // One file ended before another: count both to say how long each is.
        const origCount = line + (o.done ? 0 : 1 + await countRest(origLines));
        const path = input.cors[ended];
        const corCount = line + (cs[ended].done ? 0 : 1 + await countRest(corLines[ended]));
        throw new InputError(`has ${corCount} lines, but ${input.orig} has ${origCount}`, path);
      }
      if (o.done) break;
      line++;
      orig.push(o.value.text);
      cs.forEach((c, k) => cors[k].push(c.value!.text));
    }
    if (orig.length === 0) return;
    yield { kind: "parallel", id: id++, firstLine, orig, cors };
    if (orig.length < size) return;
  }
}

/** Chunks of whole M2 blocks (a block ends at a blank line or at the end of the file). */
async function* m2Tasks(path: string, size: number): AsyncGenerator<AnnotationTask> {
  let id = 0;
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
      yield { kind: "m2", id: id++, firstLine, count, text: pieces.join("\n") + "\n", file: path };
      pieces = [];
      count = 0;
    }
  }
  if (pieces.length > 0) {
    yield { kind: "m2", id: id++, firstLine, count, text: pieces.join("\n") + "\n", file: path };
  }
}

/** The number of sentences in a task. */
function sentencesOf(task: AnnotationTask): number {
  return task.kind === "parallel" ? task.orig.length : task.count;
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

/** Runs tasks in this thread or on workers; yields each task's text in order. */
async function* run(
  tasks: AsyncGenerator<AnnotationTask>,
  init: AnnotationWorkerInit,
  stream: StreamOptions,
): AsyncGenerator<string> {
  let done = 0;
  const progress = (sentences: number) => {
    done += sentences;
    stream.onProgress?.(done);
  };
  const first = await tasks.next();
  if (first.done) return;
  const jobs = workerCount(stream.jobs);
  const second = jobs > 1 ? await tasks.next() : undefined;
  if (jobs === 1 || second?.done) {
    const annotator = await buildAnnotator(init.spec);
    for (let t: IteratorResult<AnnotationTask> = first; !t.done; t = await tasks.next()) {
      yield annotateTask(t.value, annotator, init.options);
      progress(sentencesOf(t.value));
    }
    return;
  }
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

async function* onWorkers(
  tasks: AsyncGenerator<AnnotationTask>,
  init: AnnotationWorkerInit,
  workers: number,
  progress: (sentences: number) => void,
): AsyncGenerator<string> {
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
    yield answer.text;
    progress(counts.shift()!);
  }
}

/**
 * `errant_parallel`, streamed: the M2 text of `input`, piece by piece, in input order.
 *
 * @example Two sentences, as one text
 * ```ts
 * import { equal } from "node:assert/strict";
 * import { annotateParallelStream } from "./stream.ts";
 * const dir = Deno.makeTempDirSync();
 * Deno.writeTextFileSync(`${dir}/pairs.tsv`, "He go home .\tHe goes home .\nFine .\tFine .\n");
 * let m2 = "";
 * for await (const piece of annotateParallelStream({ tsv: `${dir}/pairs.tsv` }, {}, {})) m2 += piece;
 * equal(m2.split("\n")[1], "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0");
 * Deno.removeSync(dir, { recursive: true });
 * ```
 *
 * @param input The parallel files or the TSV.
 * @param spec What the annotator is built from.
 * @param options How to align and merge, and how to run.
 * @returns The M2 text in pieces.
 */
export function annotateParallelStream(
  input: ParallelInput,
  spec: AnnotatorSpec,
  options: AnnotateOptions & StreamOptions,
): AsyncGenerator<string> {
  const { jobs: _j, chunkSize, onProgress: _p, ...annotate } = options;
  return run(parallelTasks(input, chunkSize ?? 500), { spec, options: annotate }, options);
}

/**
 * `errant_m2`, streamed: the re-annotated M2 text of the file at `path`, piece by piece.
 *
 * @param path The M2 file.
 * @param spec What the annotator is built from.
 * @param options How to re-annotate, and how to run.
 * @returns The M2 text in pieces.
 */
export function reannotateM2Stream(
  path: string,
  spec: AnnotatorSpec,
  options: M2ToM2Options & StreamOptions,
): AsyncGenerator<string> {
  const { jobs: _j, chunkSize, onProgress: _p, ...annotate } = options;
  return run(m2Tasks(path, chunkSize ?? 500), { spec, options: annotate }, options);
}
