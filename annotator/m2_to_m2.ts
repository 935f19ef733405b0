/**
 * `errant_m2` as a function: re-annotate an M2 file. With `gold`, each annotator's edits keep
 * their spans (minimised unless `noMin`) and get ERRANT types (unless `oldCats`); with `auto`,
 * each annotator's corrected sentence is rebuilt from its edits and the edits are extracted
 * afresh. `UNK` and `Um` edits (detected, not corrected) keep their span and change nothing.
 * A block ends at a blank line or at the end of the text: unlike ERRANT, which drops a last
 * block with no blank line after it, every sentence is kept.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type { AnnotateOptions, Annotator, TypedEdit } from "./annotate.ts";
import { noopLine, pyStrip } from "./parallel.ts";

/** What `errant_m2` does. */
export interface M2ToM2Options extends AnnotateOptions {
  /** `-auto` (extract afresh) or `-gold` (keep the spans). */
  readonly mode: "auto" | "gold";
  /** `-no_min`: keep gold spans as they are. */
  readonly noMin?: boolean;
  /** `-old_cats`: keep the gold error types. */
  readonly oldCats?: boolean;
}

interface RawEdit {
  start: number;
  end: number;
  cat: string;
  cor: string;
}

function m2Line(e: { oStart: number; oEnd: number; type: string; correction: string }, id: string) {
  return `A ${e.oStart} ${e.oEnd}|||${e.type}|||${e.correction}|||REQUIRED|||-NONE-|||${id}`;
}

/**
 * Re-annotates the M2 text `m2` (read from `file`, named in errors; for a part of a file,
 * `firstLine` is the number of its first line).
 *
 * @example Gold spans get ERRANT types
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { loadAnnotator } from "./annotate.ts";
 * import { m2ToM2 } from "./m2_to_m2.ts";
 * const a = await loadAnnotator();
 * const m2 = "S He go to school .\nA 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0\n\n";
 * assertEquals(
 *   m2ToM2(m2, a, { mode: "gold" }),
 *   "S He go to school .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n",
 * );
 * ```
 */
export function m2ToM2(
  m2: string,
  annotator: Annotator,
  options: M2ToM2Options,
  file = "M2 file",
  firstLine = 1,
): string {
  const out: string[] = [];
  let block: { text: string; line: number }[] = [];
  const lines = m2.split(/\r?\n/);
  // A final line without a newline still ends the text, not the block.
  if (lines[lines.length - 1] === "") lines.pop();
  lines.forEach((raw, index) => {
    const line = pyStrip(raw);
    if (line !== "") {
      block.push({ text: line, line: firstLine + index });
      return;
    }
    if (block.length === 0) {
      throw new InputError("a blank line where an M2 block should start", file, firstLine + index);
    }
    processBlock(block);
    block = [];
  });
  // The last block ends at the end of the file, blank line or not (ERRANT drops it).
  if (block.length > 0) processBlock(block);
  return out.length === 0 ? "" : out.join("\n") + "\n";

  function processBlock(lines: { text: string; line: number }[]) {
    const head = lines[0];
    if (!head.text.startsWith("S ")) {
      throw new InputError('expected an "S" line starting the block', file, head.line);
    }
    out.push(head.text);
    const origText = head.text.slice(2);
    const origToks = origText.split(" ");
    const orig = annotator.analyse(pyStrip(origText) === "" ? [] : pyStrip(origText).split(/\s+/));
    const byCoder = new Map<string, RawEdit[]>();
    for (const l of lines.slice(1)) {
      const f = l.text.split("|||");
      const span = f[0].slice(2).split(/\s+/).filter((x) => x !== "");
      const start = Number(span[0]);
      const end = Number(span[1]);
      if (
        !l.text.startsWith("A ") || f.length < 3 || !Number.isInteger(start) ||
        !Number.isInteger(end)
      ) {
        throw new InputError(
          'expected "A start end|||type|||correction|||...|||coder"',
          file,
          l.line,
        );
      }
      if (f[1] !== "noop" && (start < 0 || end < start || end > origToks.length)) {
        throw new InputError(
          `edit span ${start} ${end} is outside the sentence of ${origToks.length} tokens`,
          file,
          l.line,
        );
      }
      const id = f[f.length - 1];
      const list = byCoder.get(id) ?? [];
      list.push({ start, end, cat: f[1], cor: f[2] });
      byCoder.set(id, list);
    }
    // ERRANT sorts the coder ids as strings.
    for (const id of [...byCoder.keys()].sort()) {
      const raw = byCoder.get(id)!;
      if (raw[0].cat === "noop") {
        out.push(noopLine(Number(id)).replace(/\d+$/, id));
        continue;
      }
      // Rebuild the corrected sentence and each edit's span in it.
      const cor = [...origToks];
      let offset = 0;
      const spans: { edit: RawEdit; cStart: number; cEnd: number; det?: string }[] = [];
      for (const e of [...raw].sort((a, b) => a.start - b.start || a.end - b.end)) {
        const detected = e.cat === "Um" || e.cat === "UNK";
        const corToks = detected
          ? origToks.slice(e.start, e.end)
          : e.cor.split(" ").filter((t) => t !== "");
        cor.splice(e.start + offset, e.end - e.start, ...corToks);
        const cStart = e.start + offset;
        spans.push({
          edit: e,
          cStart,
          cEnd: cStart + corToks.length,
          det: detected ? e.cor : undefined,
        });
        offset += corToks.length - (e.end - e.start);
      }
      const corAnalysis = annotator.analyse(cor.join(" ").split(" ").filter((t) => t !== ""));
      const detectedEdits: TypedEdit[] = [];
      const goldLines: string[] = [];
      for (const s of spans) {
        const span = { oStart: s.edit.start, oEnd: s.edit.end, cStart: s.cStart, cEnd: s.cEnd };
        if (s.det !== undefined) {
          const e = annotator.importEdit(orig, corAnalysis, span, false);
          const typed = { ...e, type: options.oldCats ? s.edit.cat : e.type, correction: s.det };
          detectedEdits.push(typed);
          if (options.mode === "gold") goldLines.push(m2Line(typed, id));
        } else if (options.mode === "gold") {
          const e = annotator.importEdit(orig, corAnalysis, span, !options.noMin);
          goldLines.push(m2Line(options.oldCats ? { ...e, type: s.edit.cat } : e, id));
        }
      }
      if (options.mode === "gold") out.push(...goldLines);
      else {
        const edits = [...detectedEdits, ...annotator.annotate(orig, corAnalysis, options)];
        edits.sort((a, b) => a.oStart - b.oStart || a.oEnd - b.oEnd);
        out.push(...edits.map((e) => m2Line(e, id)));
      }
    }
    out.push("");
  }
}
