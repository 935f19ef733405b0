/**
 * MultiGEC-2025's essay files: Markdown with `### essay_id = N` blocks (one file per corpus,
 * split and original or reference or system output), read as the task's evaluation reads them
 * and lined up as it lines them up before scoring (one essay per line, syntok-tokenized).
 *
 * The rules, as observed in the task's `utils_transform_markdown_to_one_essay_per_line.py`:
 *
 * - the text splits at every `### essay_id = ` (anywhere in a line); what precedes the first is
 *   ignored; an essay's id is the rest of its line, exactly (spaces included), its text
 *   everything up to the next marker;
 * - an essay's text becomes one line: its syntok tokens joined by spaces (`pretokenize`), so
 *   paragraphs run together; text that ends in white space (as every essay but the last of a
 *   file does) ends in one space;
 * - an id given twice keeps its first place and its last text;
 * - essays are matched by id, in the order of the original file; ids not in the original are
 *   dropped;
 * - with several files for one corpus (references, or systems), file `i` gets the `i`-th text
 *   found for an essay among the files in order; an essay no file has gets `!`; an essay with
 *   fewer texts than files gets, in the later files, its first text (`copy_sub1`, references)
 *   or `!` (system outputs).
 *
 * @module
 */

import { InputError } from "../../plugins/mod.ts";
import { pretokenize } from "./syntok.ts";

/** The marker that starts an essay. */
export const ESSAY_MARKER = "### essay_id = ";

/** One essay of a file. */
export interface Essay {
  /** Its id, exactly as written after the marker. */
  id: string;
  /** Its text, as written (paragraphs and line breaks kept). */
  text: string;
  /** The 1-based line of its marker. */
  line: number;
}

/**
 * The essays of a MultiGEC Markdown file, in file order (an id given twice keeps its first
 * place and its last text). Line ends `\r\n` and `\r` count as `\n`, as Python's text mode
 * reads them.
 *
 * @example Usage
 * ```ts
 * import { parseEssays } from "./essays.ts";
 * import assert from "node:assert/strict";
 *
 * const essays = parseEssays("### essay_id = 2\nB text.\n\n### essay_id = 1\nA.\n", "x.md");
 * assert.deepEqual(essays.map((e) => [e.id, e.text, e.line]), [["2", "B text.\n\n", 1], ["1", "A.\n", 4]]);
 * ```
 *
 * @param markdown The file's text.
 * @param file The file, for messages.
 * @returns The essays.
 * @throws {InputError} When a marker has no line break after its id (the task's script fails
 * there too).
 */
export function parseEssays(markdown: string, file: string): Essay[] {
  const text = markdown.replace(/\r\n?/g, "\n");
  const byId = new Map<string, Essay>();
  let at = text.indexOf(ESSAY_MARKER);
  let line = 1 + count(text, 0, at);
  while (at >= 0) {
    const start = at + ESSAY_MARKER.length;
    const next = text.indexOf(ESSAY_MARKER, start);
    const block = text.slice(start, next < 0 ? undefined : next);
    const newline = block.indexOf("\n");
    if (newline < 0) {
      throw new InputError(
        `essay id ${JSON.stringify(block)} is not followed by a line break`,
        file,
        line,
      );
    }
    const id = block.slice(0, newline);
    const essay = { id, text: block.slice(newline + 1), line };
    const known = byId.get(id);
    if (known) Object.assign(known, { text: essay.text, line });
    else byId.set(id, essay);
    if (next >= 0) line += count(text, at, next);
    at = next;
  }
  return [...byId.values()];
}

function count(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i >= 0 && i < to; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/**
 * An essay's one-line form as the task writes it: its text pretokenized (syntok tokens joined
 * by spaces), newlines stripped from the ends.
 *
 * @example Usage
 * ```ts
 * import { essayLine } from "./essays.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(essayLine("Hej!\n\nJag heter Anna.\n\n"), "Hej ! Jag heter Anna . ");
 * ```
 *
 * @param text The essay's text.
 * @returns The line.
 */
export function essayLine(text: string): string {
  return pretokenize(text).replace(/^\n+|\n+$/g, "");
}

/** What to put in a later file for an essay with fewer texts than files. */
export type EssayFill = "first" | "!";

/**
 * Line up files of one corpus with its original, essay by essay, as the task does before it
 * scores: one array of lines per file (each line an essay in one-line form), in the original's
 * essay order.
 *
 * @example A reference file that covers only some essays
 * ```ts
 * import { alignEssays, parseEssays } from "./essays.ts";
 * import assert from "node:assert/strict";
 *
 * const orig = parseEssays("### essay_id = 1\nA b.\n### essay_id = 2\nC d.\n", "orig.md");
 * const ref1 = parseEssays("### essay_id = 2\nC e.\n### essay_id = 1\nA c.\n", "ref1.md");
 * const ref2 = parseEssays("### essay_id = 2\nC f.\n", "ref2.md");
 * // Every text ends in a line break, so every line ends in a space.
 * assert.deepEqual(alignEssays(orig, [ref1, ref2], "first"), [
 *   ["A c . ", "C e . "],
 *   ["A c . ", "C f . "],
 * ]);
 * assert.deepEqual(alignEssays(orig, [ref2], "!"), [["!", "C f . "]]);
 * ```
 *
 * @param original The original essays.
 * @param files The other files' essays, in the order the task takes them (sorted by name).
 * @param fill What a later file gets for an essay with fewer texts than files.
 * @returns Per file, one line per original essay.
 */
export function alignEssays(
  original: readonly Essay[],
  files: readonly (readonly Essay[])[],
  fill: EssayFill,
): string[][] {
  const texts = new Map<string, string[]>(original.map((e) => [e.id, []]));
  for (const essays of files) {
    for (const e of essays) texts.get(e.id)?.push(essayLine(e.text));
  }
  for (const list of texts.values()) if (!list.length) list.push("!");
  return files.map((_, i) =>
    original.map((e) => {
      const list = texts.get(e.id)!;
      return i < list.length ? list[i] : fill === "first" ? list[0] : "!";
    })
  );
}

/**
 * Write essays as a MultiGEC Markdown file: a `### essay_id = ID` line, the text, and a blank
 * line between essays.
 *
 * @example Usage
 * ```ts
 * import { parseEssays, writeEssays } from "./essays.ts";
 * import assert from "node:assert/strict";
 *
 * const md = writeEssays([{ id: "1", text: "One.\n\nTwo." }, { id: "7", text: "Three." }]);
 * assert.equal(md, "### essay_id = 1\nOne.\n\nTwo.\n\n### essay_id = 7\nThree.\n");
 * assert.deepEqual(parseEssays(md, "x.md").map((e) => e.id), ["1", "7"]);
 * ```
 *
 * @param essays The essays (ids without line breaks).
 * @returns The Markdown text.
 */
export function writeEssays(essays: readonly { id: string; text: string }[]): string {
  return essays.map((e) => {
    if (/[\r\n]/.test(e.id)) {
      throw new InputError(`essay id ${JSON.stringify(e.id)} has a line break`);
    }
    return `${ESSAY_MARKER}${e.id}\n${e.text.replace(/\n+$/, "")}\n`;
  }).join("\n");
}

/**
 * One-essay-per-line text (the task's `.tmp` files): each line and a newline.
 *
 * @param lines The lines.
 * @returns The text.
 */
export function writeEssayLines(lines: readonly string[]): string {
  return lines.map((l) => l + "\n").join("");
}

/**
 * Read one-essay-per-line text (the task's `.tmp` files) back into lines.
 *
 * @example Usage
 * ```ts
 * import { readEssayLines, writeEssayLines } from "./essays.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(readEssayLines(writeEssayLines(["A b . ", "!"])), ["A b . ", "!"]);
 * ```
 *
 * @param text The file's text.
 * @returns The lines (universal newlines, as Python reads them).
 */
export function readEssayLines(text: string): string[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
