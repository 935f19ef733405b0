/**
 * Plain sentence-per-line text: hypotheses, sources and references. Also the shared helpers
 * that every reader uses: whitespace tokenization, streamed line splitting and file reading.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type { Format, GoldCorpus, GoldSentence, Hypotheses, Tokens } from "../plugins/types.ts";

/** Whitespace as Python's `str.split()` sees it (what the reference scorers use). */
const WHITESPACE =
  // deno-lint-ignore no-control-regex
  /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

/**
 * Split a pre-tokenized line into tokens. Leading, trailing and repeated whitespace are
 * ignored, as the reference implementations do.
 *
 * @example Usage
 * ```ts
 * import { tokenize } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(tokenize(" The cat  sat .\r"), ["The", "cat", "sat", "."]);
 * assert.deepEqual(tokenize(""), []);
 * ```
 *
 * @param line The line.
 * @param intern A table of strings already seen: tokens equal to one in it share its
 *   storage (large corpora repeat most tokens, so this keeps memory near the file's size).
 * @returns Its tokens.
 */
export function tokenize(line: string, intern?: Map<string, string>): Tokens {
  const tokens = line.split(WHITESPACE);
  if (tokens.length && tokens[0] === "") tokens.shift();
  if (tokens.length && tokens[tokens.length - 1] === "") tokens.pop();
  if (intern) {
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      const seen = intern.get(token);
      if (seen === undefined) intern.set(token, token);
      else tokens[i] = seen;
    }
  }
  return tokens;
}

/** One line of a file with its 1-based number; `text` has no line terminator. */
export interface NumberedLine {
  /** The 1-based line number. */
  line: number;
  /** The line without `\n` or `\r\n`. */
  text: string;
}

/**
 * Split text chunks into lines, streaming. Handles `\n` and `\r\n`, strips a UTF-8 BOM at the
 * start, and yields no empty last line for a file that ends with a newline.
 *
 * @example Usage
 * ```ts
 * import { lines } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * const got = [];
 * for await (const l of lines(["\uFEFFa\r\nb", "\nc\n"])) got.push(l.text);
 * assert.deepEqual(got, ["a", "b", "c"]);
 * ```
 *
 * @param chunks Text chunks, in order.
 * @returns The numbered lines.
 */
export async function* lines(
  chunks: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<NumberedLine> {
  let rest = "";
  let n = 0;
  let first = true;
  for await (let chunk of chunks) {
    if (first && chunk.length) {
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      first = false;
    }
    rest += chunk;
    let start = 0;
    let nl: number;
    while ((nl = rest.indexOf("\n", start)) !== -1) {
      let end = nl;
      if (end > start && rest.charCodeAt(end - 1) === 13) end--;
      yield { line: ++n, text: rest.slice(start, end) };
      start = nl + 1;
    }
    rest = rest.slice(start);
  }
  if (rest.length) {
    yield { line: ++n, text: rest.endsWith("\r") ? rest.slice(0, -1) : rest };
  }
}

/**
 * Read a file as a stream of decoded text chunks. A missing or unreadable file is an
 * {@linkcode InputError} naming it; invalid UTF-8 is an error too.
 *
 * @example Usage
 * ```ts
 * import { readChunks } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * let text = "";
 * for await (const chunk of readChunks("tests/testdata/m2scorer_example_system")) text += chunk;
 * assert.ok(text.startsWith("A cat sat on the mat ."));
 * ```
 *
 * @param path The file.
 * @returns Its text, chunk by chunk.
 */
export async function* readChunks(path: string): AsyncGenerator<string> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (error) {
    throw new InputError(`cannot open file: ${describeFsError(error)}`, path);
  }
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    const buffer = new Uint8Array(1 << 20);
    while (true) {
      let read: number | null;
      try {
        read = await file.read(buffer);
      } catch (error) {
        throw new InputError(`cannot read file: ${describeFsError(error)}`, path);
      }
      if (read === null) break;
      try {
        yield decoder.decode(buffer.subarray(0, read), { stream: true });
      } catch {
        throw await notUtf8(path);
      }
    }
    try {
      const tail = decoder.decode();
      if (tail) yield tail;
    } catch {
      throw await notUtf8(path);
    }
  } finally {
    file.close();
  }
}

/** The error for a file that is not UTF-8: at its first bad line, and naming UTF-16. */
async function notUtf8(path: string): Promise<InputError> {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(path);
  } catch {
    return new InputError("file is not valid UTF-8", path);
  }
  const bom = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (bom && bytes.length % 2 === 0 && bytes.subarray(2, 66).includes(0)) {
    return new InputError("file is UTF-16, not UTF-8 (convert it, e.g. with iconv)", path);
  }
  // A newline byte is never part of a multi-byte UTF-8 sequence: check line by line.
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for (let start = 0, line = 1; start <= bytes.length; line++) {
    let end = bytes.indexOf(10, start);
    if (end === -1) end = bytes.length;
    try {
      decoder.decode(bytes.subarray(start, end));
    } catch {
      return new InputError("line is not valid UTF-8", path, line);
    }
    start = end + 1;
  }
  return new InputError("file is not valid UTF-8", path);
}

function describeFsError(error: unknown): string {
  if (error instanceof Deno.errors.NotFound) return "no such file";
  if (error instanceof Deno.errors.PermissionDenied) return "permission denied";
  if (error instanceof Deno.errors.IsADirectory) return "is a directory";
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
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
 *   count); a different count is an {@linkcode InputError} naming both.
 * @returns One token array per line.
 */
export async function readSentences(path: string, expected?: number): Promise<Tokens[]> {
  const out: Tokens[] = [];
  const intern = new Map<string, string>();
  for await (const { text } of lines(readChunks(path))) out.push(tokenize(text, intern));
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
 * @returns The hypotheses.
 */
export async function readHypotheses(path: string, expected?: number): Promise<Hypotheses> {
  const sentences = await readSentences(path, expected);
  return { name: baseName(path), path, sentences };
}

/**
 * The base name of a path (the system name of a hypothesis file).
 *
 * @example Usage
 * ```ts
 * import { baseName } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(baseName("data/systems/CAMB"), "CAMB");
 * assert.equal(baseName("C:\\out\\amu.txt"), "amu.txt");
 * ```
 *
 * @param path A file path.
 * @returns The part after the last slash.
 */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
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
 * @returns The corpus, format `text`.
 */
export async function readReferenceCorpus(
  source: string,
  references: readonly string[],
): Promise<GoldCorpus> {
  const src = await readSentences(source);
  if (src.length === 0) throw new InputError("file is empty", source);
  const refs = await Promise.all(references.map((path) => readSentences(path, src.length)));
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
 * @returns The sentences, in order.
 */
export async function* referenceSentences(
  source: string,
  references: readonly string[],
): AsyncGenerator<GoldSentence> {
  const intern = new Map<string, string>();
  const refs = references.map((path) => lines(readChunks(path)));
  let n = 0;
  for await (const { text } of lines(readChunks(source))) {
    n++;
    const sentence: GoldSentence = { source: tokenize(text, intern), references: [], line: n };
    for (let k = 0; k < refs.length; k++) {
      const next = await refs[k].next();
      if (next.done) {
        throw new InputError(
          `has ${n - 1} ${plural(n - 1, "line")} but the gold has more sentences`,
          references[k],
        );
      }
      sentence.references!.push(tokenize(next.value.text, intern));
    }
    if (intern.size > 1 << 16) intern.clear();
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
 * counts them).
 *
 * @example Usage
 * ```ts
 * import { countLines } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(await countLines("tests/testdata/m2scorer_example_system"), 3);
 * ```
 *
 * @param path The file.
 * @returns Its line count.
 */
export async function countLines(path: string): Promise<number> {
  let n = 0;
  for await (const _ of lines(readChunks(path))) n++;
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
  async parse(chunks, file) {
    const sentences = [];
    for await (const { line, text } of lines(chunks)) {
      sentences.push({ source: tokenize(text), line });
    }
    return { path: file, format: "text", sentences };
  },
  write(corpus) {
    return corpus.sentences.map((s) => s.source.join(" ") + "\n").join("");
  },
};
