/**
 * Plain sentence-per-line text: hypotheses, sources and references. Also the shared helpers
 * that every reader uses: whitespace tokenization, streamed line splitting and file reading.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type {
  Format,
  GoldCorpus,
  GoldSentence,
  Hypotheses,
  ReadLimits,
  Tokens,
} from "../plugins/types.ts";
import { readLimits } from "./limits.ts";
export { splitUnicodeWhitespace, tokenize, tokenizeAscii } from "./tokenize.ts";
import { tokenizeAscii } from "./tokenize.ts";
import { readChunks } from "./read_chunks.ts";
export { checkNoNul, openForReading, readChunks } from "./read_chunks.ts";
export { lineDefect, type NumberedLine } from "./line_splitter.ts";
import { LineSplitter, type NumberedLine } from "./line_splitter.ts";

/**
 * Split text chunks into lines, streaming, in time linear in the text. Handles `\n` and
 * `\r\n`, strips a UTF-8 BOM at the start, and yields no empty last line for a file that ends
 * with a newline. A line longer than `maxLineLength` characters is an {@linkcode InputError}
 * naming `file` and the line, raised as soon as the line is that long. So is a byte order mark
 * anywhere but at the start, or a carriage return not followed by a newline (CR-only line
 * ends): either would otherwise change the tokens without a word.
 *
 * @example Usage
 * ```ts
 * import { lines } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * const got = [];
 * for await (const l of lines(["\uFEFFa\r\nb", "\nc\n"])) got.push(l.text);
 * assert.deepEqual(got, ["a", "b", "c"]);
 * await assert.rejects(
 *   async () => { for await (const _ of lines(["a\n\uFEFFb\n"], { file: "x.txt" })); },
 *   /^InputError: x\.txt:2: found a U\+FEFF byte order mark in mid-file/,
 * );
 * await assert.rejects(
 *   async () => { for await (const _ of lines(["a\rb\rc\r"], { file: "x.txt" })); },
 *   /^InputError: x\.txt:1: found a carriage return/,
 * );
 * const long = lines(["ok\n", "x".repeat(11)], { maxLineLength: 10, file: "f.txt" });
 * await assert.rejects(async () => { for await (const _ of long); },
 *   /^InputError: f\.txt:2: line is longer than 10 characters, the limit \(--max-line-length\)$/);
 * ```
 *
 * @param chunks Text chunks, in order.
 * @param options The longest line allowed (default: no limit), the file name for errors and the
 *   number of the first line (default 1, for a part of a file).
 * @returns The numbered lines.
 */
export async function* lines(
  chunks: AsyncIterable<string> | Iterable<string>,
  options: { maxLineLength?: number; file?: string; firstLine?: number } = {},
): AsyncGenerator<NumberedLine> {
  const splitter = new LineSplitter(options);
  for await (const chunk of chunks) for (const line of splitter.chunk(chunk)) yield line;
  const last = splitter.end();
  if (last) yield last;
}

/**
 * Read a sentence-per-line file into token arrays, one per line.
 *
 * @example Usage
 * ```ts
 * import { readSentences } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * const sentences = await readSentences("tests/testdata/m2scorer_example_system");
 * assert.equal(sentences.length, 3);
 * assert.deepEqual(sentences[1], ["The", "dog", "."]);
 * ```
 *
 * @param path The file.
 * @param expected When given, the number of lines the file must have (the gold's sentence
 *   count); a different count is an {@linkcode InputError} naming both, raised as soon as the
 *   file has one line too many.
 * @param limits Read limits (the line length; defaults for what is not given).
 * @returns One token array per line.
 */
export async function readSentences(
  path: string,
  expected?: number,
  limits?: Partial<ReadLimits>,
): Promise<Tokens[]> {
  const out: Tokens[] = [];
  const intern = new Map<string, string>();
  const { maxLineLength } = readLimits(limits);
  for await (const { line, text } of lines(readChunks(path), { maxLineLength, file: path })) {
    if (expected !== undefined && line > expected) {
      // Stop at once: the rest of a huge file need not be read.
      throw new InputError(
        `has more than ${expected} ${plural(expected, "line")} but the gold has ${expected} ${
          plural(expected, "sentence")
        }`,
        path,
      );
    }
    out.push(tokenizeAscii(text, intern));
  }
  if (expected !== undefined && out.length !== expected) {
    throw new InputError(
      `has ${out.length} ${plural(out.length, "line")} but the gold has ${expected} ${
        plural(expected, "sentence")
      }`,
      path,
    );
  }
  return out;
}

function plural(n: number, word: string): string {
  return n === 1 ? word : word + "s";
}

/**
 * Read one system's output file, checked against the gold's sentence count.
 *
 * @example Usage
 * ```ts
 * import { readHypotheses } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * const hyp = await readHypotheses("tests/testdata/m2scorer_example_system", 3);
 * assert.equal(hyp.name, "m2scorer_example_system");
 * await assert.rejects(readHypotheses("tests/testdata/m2scorer_example_system", 4),
 *   /has 3 lines but the gold has 4 sentences/);
 * ```
 *
 * @param path The file; its base name becomes the system's name.
 * @param expected The gold's sentence count.
 * @param limits Read limits (the line length; defaults for what is not given).
 * @returns The hypotheses.
 */
export async function readHypotheses(
  path: string,
  expected?: number,
  limits?: Partial<ReadLimits>,
): Promise<Hypotheses> {
  const sentences = await readSentences(path, expected, limits);
  return { name: baseName(path), path, sentences };
}

/**
 * The base name of a path (the system name of a hypothesis file). A backslash separates
 * folders only on Windows: elsewhere it is an ordinary character of a file name, so
 * `out\amu` and `amu` are two names.
 *
 * @example Usage
 * ```ts
 * import { baseName } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(baseName("data/systems/CAMB"), "CAMB");
 * assert.equal(baseName("C:\\out\\amu.txt", "windows"), "amu.txt");
 * assert.equal(baseName("out\\amu.txt", "linux"), "out\\amu.txt");
 * ```
 *
 * @param path A file path.
 * @param os The operating system whose path rules apply (default: the one running).
 * @returns The part after the last separator.
 */
export function baseName(path: string, os: string = Deno.build.os): string {
  const parts = path.split(os === "windows" ? /[\\/]/ : "/");
  return parts[parts.length - 1] || path;
}

/**
 * Build a rewrites-only gold corpus from a source file and reference files (one sentence per
 * line each): what GLEU needs when no M2 gold is at hand.
 *
 * @example Usage
 * ```ts
 * import { readReferenceCorpus } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readReferenceCorpus(
 *   "tests/testdata/m2scorer_example_system",
 *   ["tests/testdata/m2scorer_example_system2"],
 * );
 * assert.equal(gold.sentences.length, 3);
 * assert.equal(gold.sentences[0].references?.length, 1);
 * ```
 *
 * @param source The source sentences.
 * @param references One or more reference files, each with as many lines as the source.
 * @param limits Read limits (the line length; defaults for what is not given).
 * @returns The corpus, format `text`.
 */
export async function readReferenceCorpus(
  source: string,
  references: readonly string[],
  limits?: Partial<ReadLimits>,
): Promise<GoldCorpus> {
  const src = await readSentences(source, undefined, limits);
  if (src.length === 0) throw new InputError("file is empty", source);
  const refs = await Promise.all(
    references.map((path) => readSentences(path, src.length, limits)),
  );
  return {
    path: [source, ...references].join(" "),
    format: "text",
    sentences: src.map((tokens, i) => ({
      source: tokens,
      references: refs.map((r) => r[i]),
      line: i + 1,
    })),
  };
}

/**
 * The sentences of {@linkcode readReferenceCorpus} one at a time, reading the files line by
 * line together (memory does not grow with their length). A reference file with fewer or
 * more lines than the source is an error when the difference shows.
 *
 * @example Usage
 * ```ts
 * import { referenceSentences } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * const got = [];
 * for await (const s of referenceSentences("tests/testdata/m2scorer_example_system", ["tests/testdata/m2scorer_example_system2"])) got.push(s);
 * assert.equal(got.length, 3);
 * assert.equal(got[0].references?.length, 1);
 * ```
 *
 * @param source The source sentences.
 * @param references One or more reference files, each with as many lines as the source.
 * @param limits Read limits (the line length; defaults for what is not given).
 * @returns The sentences, in order.
 */
export async function* referenceSentences(
  source: string,
  references: readonly string[],
  limits?: Partial<ReadLimits>,
): AsyncGenerator<GoldSentence> {
  const { maxLineLength } = readLimits(limits);
  const refs = references.map((path) => lines(readChunks(path), { maxLineLength, file: path }));
  let n = 0;
  for await (const { text } of lines(readChunks(source), { maxLineLength, file: source })) {
    n++;
    const sentence: GoldSentence = { source: tokenizeAscii(text), references: [], line: n };
    for (let k = 0; k < refs.length; k++) {
      const next = await refs[k].next();
      if (next.done) {
        throw new InputError(
          `has ${n - 1} ${plural(n - 1, "line")} but the gold has more sentences`,
          references[k],
        );
      }
      sentence.references!.push(tokenizeAscii(next.value.text));
    }
    yield sentence;
  }
  if (n === 0) throw new InputError("file is empty", source);
  for (let k = 0; k < refs.length; k++) {
    if (!(await refs[k].next()).done) {
      throw new InputError(
        `has more lines than the gold's ${n} ${plural(n, "sentence")}`,
        references[k],
      );
    }
  }
}

/**
 * The number of lines of a file, read in constant memory (as {@linkcode readSentences}
 * counts them). With `stopAfter`, reading stops at the line after it: a result of
 * `stopAfter + 1` means "more than `stopAfter`".
 *
 * @example Usage
 * ```ts
 * import { countLines } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(await countLines("tests/testdata/m2scorer_example_system"), 3);
 * assert.equal(await countLines("tests/testdata/m2scorer_example_system", {}, 1), 2);
 * await assert.rejects(countLines("tests/testdata/m2scorer_example_system", { maxLineLength: 5 }),
 *   /m2scorer_example_system:1: line is longer than 5 characters/);
 * ```
 *
 * @param path The file.
 * @param limits Read limits (the line length; defaults for what is not given).
 * @param stopAfter Stop counting past this many lines.
 * @returns Its line count (at most `stopAfter + 1`).
 */
export async function countLines(
  path: string,
  limits?: Partial<ReadLimits>,
  stopAfter = Infinity,
): Promise<number> {
  const { maxLineLength } = readLimits(limits);
  let n = 0;
  for await (const _ of lines(readChunks(path), { maxLineLength, file: path })) {
    if (++n > stopAfter) break;
  }
  return n;
}

/**
 * The plain-text format: one sentence per line. As a gold corpus it carries sources only;
 * references come from {@linkcode readReferenceCorpus}.
 */
export const textFormat: Format = {
  id: "text",
  description: "Plain text, one pre-tokenized sentence per line (hypotheses, sources, references)",
  extensions: [".txt", ".src", ".trg", ".tok"],
  async parse(chunks, file, limits) {
    const sentences = [];
    const { maxLineLength } = readLimits(limits);
    for await (const { line, text } of lines(chunks, { maxLineLength, file })) {
      sentences.push({ source: tokenizeAscii(text), line });
    }
    return { path: file, format: "text", sentences };
  },
  write(corpus) {
    return corpus.sentences.map((s) => s.source.join(" ") + "\n").join("");
  },
};
