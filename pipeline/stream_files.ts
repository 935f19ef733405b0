/**
 * The files of a streamed run: a system's lines checked against the gold's sentence count,
 * kept when the file is small (read once), or read again as the run streams.
 *
 * @module
 */

import { countLines, lines, readChunks, tokenizeAscii } from "../formats/text.ts";
import { LineSplitter } from "../formats/line_splitter.ts";
import { readLimits } from "../formats/limits.ts";
import { InputError } from "../plugins/errors.ts";
import type { ReadLimits, Tokens } from "../plugins/types.ts";

/** Kept lines, tokenized one at a time. */
export function* tokenized(texts: readonly string[]): Generator<Tokens> {
  for (const text of texts) yield tokenizeAscii(text);
}

/** Hypotheses of a file, tokenized line by line. */
export async function* hypothesesOf(
  path: string,
  limits: Partial<ReadLimits>,
): AsyncGenerator<Tokens> {
  const { maxLineLength } = readLimits(limits);
  // No intern table: each line's tokens are dropped once it is scored.
  for await (const { text } of lines(readChunks(path), { maxLineLength, file: path })) {
    yield tokenizeAscii(text);
  }
}

/**
 * Inputs of a stream up to this size are read once: a gold's sentences and a system's lines
 * read by the checks are kept for the scores (a system's up to four times this in all).
 */
export const KEEP_BYTES = 4 * 1024 * 1024;

/** A file's size in bytes (`Infinity` when it cannot be told: it is then read twice). */
export async function fileSize(path: string): Promise<number> {
  try {
    return (await Deno.stat(path)).size;
  } catch {
    return Infinity;
  }
}

/** A file's lines, checked as {@linkcode checkLineCount} checks them. */
export async function checkedLines(
  path: string,
  count: number,
  limits: Partial<ReadLimits>,
): Promise<string[]> {
  const { maxLineLength } = readLimits(limits);
  const texts: string[] = [];
  // The lines of each chunk without an await apiece.
  const splitter = new LineSplitter({ maxLineLength, file: path });
  reading: for await (const chunk of readChunks(path)) {
    for (const { text } of splitter.chunk(chunk)) if (texts.push(text) > count) break reading;
  }
  if (texts.length <= count) {
    const last = splitter.end();
    if (last) texts.push(last.text);
  }
  if (texts.length !== count) lineCountError(path, count, texts.length);
  return texts;
}

/** Checks that a file has `count` lines (reading no further than one line past them). */
export async function checkLineCount(
  path: string,
  count: number,
  limits: Partial<ReadLimits>,
): Promise<void> {
  const n = await countLines(path, limits, count);
  if (n !== count) lineCountError(path, count, n);
}

/** The error for a system of `n` lines (`count + 1`: more) against `count` gold sentences. */
function lineCountError(path: string, count: number, n: number): never {
  const [found, lines] = n > count ? [`more than ${count}`, count] : [String(n), n];
  throw new InputError(
    `has ${found} ${lines === 1 ? "line" : "lines"} but the gold has ${count} ${
      count === 1 ? "sentence" : "sentences"
    }`,
    path,
  );
}
