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
  GoldCorpus,
  GoldSentence,
  OptionValue,
  ReadLimits,
  Tokens,
} from "../plugins/types.ts";
import { openGold } from "../pipeline/read_gold.ts";
import { systemFormat } from "../pipeline/read_system.ts";
import { selectMetrics } from "../pipeline/scoring.ts";
import { streamScores } from "../pipeline/stream.ts";
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
  const { limits } = request;
  let path: string;
  let format: string;
  let first: GoldSentence | undefined;
  let count = 0;
  let sentences: () => AsyncIterable<GoldSentence> | Iterable<GoldSentence>;
  if (request.gold) {
    path = request.gold;
    const opened = await openGold(path, registry, request.goldFormat);
    format = opened.format.id;
    if (format === "m2") {
      const ids = new Set<string>();
      for await (
        const s of m2Sentences(opened.chunks, path, undefined, limits, { intern: false })
      ) {
        first ??= s;
        count++;
        for (const a of s.annotations!) ids.add(a.annotator);
      }
      if (!count) throw new InputError('expected at least one "S" line, found none', path);
      const all = sortAnnotators(ids);
      first!.allAnnotators = all;
      sentences = () => m2Sentences(readChunks(path), path, all, limits, { intern: false });
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
  } else {
    throw new UsageError("score: give --gold GOLD, or --src SRC with at least one --ref REF");
  }
  // The metrics the gold can serve, judged on its first sentence (every sentence of a format
  // carries the same kinds of data).
  const probe: GoldCorpus = { path, format, sentences: first ? [first] : [] };
  const metrics = selectMetrics(registry, probe, request.metricIds);
  for (const id of Object.keys(request.options)) registry.metric(id);
  const names = new Set<string>();
  for (const file of request.paths) {
    const format = await systemFormat(file, registry, request.systemFormat);
    if (format.id !== "text") {
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
  const systems = request.paths.map((file) => ({
    name: baseName(file),
    hypotheses: hypothesesOf(file, limits),
  }));
  let buffer = "";
  const flush = () => {
    if (buffer) io.out(buffer);
    buffer = "";
  };
  // The gold's fingerprint and reference count, taken as its sentences stream past.
  const digest = new GoldDigest();
  const source = sentences();
  async function* digested(): AsyncGenerator<GoldSentence> {
    for await (const sentence of source) {
      digest.add(sentence);
      yield sentence;
    }
  }
  const resolved = metrics.map((m) => resolveOptions(m, request.options[m.id] ?? {}));
  for await (
    const record of streamScores({
      metrics,
      options: request.options,
      gold: digested(),
      systems,
      sentences: request.sentences,
      registry,
      goldPath: path,
    })
  ) {
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
