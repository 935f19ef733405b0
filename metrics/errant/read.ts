/**
 * Reading M2 text the way ERRANT's scorer does (for the byte-identical `errant_compare`
 * drop-in): the text is stripped and split into blocks at blank lines; the first line of a
 * block is the sentence and every other line an edit. Source sentences are never checked and
 * offsets are not validated, as in ERRANT; where ERRANT would stop with a Python traceback,
 * this reader throws an {@linkcode InputError} naming the file and line.
 *
 * @module
 */

import { InputError } from "../../plugins/errors.ts";
import type { ErrantEdit } from "./compare.ts";
import { PY_SPACE_CLASS, pySplit } from "./python.ts";

/** One block of an M2 file as ERRANT reads it. */
export interface ErrantBlock {
  /** The sentence as ERRANT's verbose trace prints it. */
  sentence: string;
  /** The edit lines, in file order. */
  edits: ErrantEdit[];
  /** 1-based line of the block's first line. */
  line: number;
}

const PY_SPACE = new RegExp(`[${PY_SPACE_CLASS}]`);

const INTEGER = new RegExp(`^[${PY_SPACE_CLASS}]*[+-]?\\d+(_\\d+)*[${PY_SPACE_CLASS}]*$`);

function pyInt(text: string): number | undefined {
  return INTEGER.test(text) ? Number(text.trim().replaceAll("_", "")) : undefined;
}

/**
 * Split M2 text into blocks as ERRANT's scorer does (`text.strip().split("\n\n")`, after
 * Python's newline translation of `\r\n` and `\r`), and read each edit line's span, type,
 * correction and coder.
 *
 * @example Usage
 * ```ts
 * import { readErrantBlocks } from "./read.ts";
 * import assert from "node:assert/strict";
 *
 * const blocks = readErrantBlocks("S A b .\nA 1 2|||R:NOUN|||c|||REQUIRED|||-NONE-|||0\n\nS x\n", "h.m2");
 * assert.equal(blocks.length, 2);
 * assert.deepEqual(blocks[0].edits, [{ start: 1, end: 2, cat: "R:NOUN", cor: "c", coder: "0" }]);
 * assert.deepEqual(blocks[1], { sentence: "x", edits: [], line: 4 });
 * assert.throws(() => readErrantBlocks("S a\nA 1 x|||R|||c|||-|||-|||0\n", "bad.m2"), /^InputError: bad\.m2:2: /);
 * ```
 *
 * @param text The file's text (decoded; a byte order mark is kept, as Python keeps it).
 * @param file The file name for messages.
 * @returns The blocks.
 */
export function readErrantBlocks(text: string, file: string): ErrantBlock[] {
  const normal = text.replace(/\r\n?/g, "\n");
  let from = 0, to = normal.length;
  while (from < to && PY_SPACE.test(normal[from])) from++;
  while (to > from && PY_SPACE.test(normal[to - 1])) to--;
  let line = 1;
  for (let i = 0; i < from; i++) if (normal[i] === "\n") line++;
  const blocks: ErrantBlock[] = [];
  for (const block of normal.slice(from, to).split("\n\n")) {
    const rows = block.split("\n");
    const edits: ErrantEdit[] = [];
    rows.slice(1).forEach((row, k) => {
      edits.push(readEditLine(row, file, line + 1 + k));
    });
    blocks.push({ sentence: block.slice(2).split("\nA")[0], edits, line });
    line += rows.length + 1;
  }
  return blocks;
}

function readEditLine(row: string, file: string, line: number): ErrantEdit {
  const fields = row.slice(2).split("|||");
  const shown = JSON.stringify(row.length > 60 ? row.slice(0, 57) + "..." : row);
  const span = pySplit(fields[0]);
  const start = pyInt(span[0] ?? "x"), end = pyInt(span[1] ?? "x");
  if (start === undefined || end === undefined) {
    throw new InputError(
      `expected an edit line "A start end|||type|||correction|||...|||coder" with integer ` +
        `offsets, found ${shown} (blocks are separated by exactly one blank line)`,
      file,
      line,
    );
  }
  if (fields.length < 3) {
    throw new InputError(
      `expected an edit line "A start end|||type|||correction|||...|||coder", found ${shown}`,
      file,
      line,
    );
  }
  const coder = pyInt(fields[fields.length - 1]);
  if (coder === undefined) {
    throw new InputError(
      `expected an integer coder id in the last field, found ${
        JSON.stringify(fields[fields.length - 1])
      }`,
      file,
      line,
    );
  }
  return { start, end, cat: fields[1], cor: fields[2], coder: String(coder) };
}
