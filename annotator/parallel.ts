/**
 * `errant_parallel` as a function: an original text file and corrected versions of it, one
 * sentence per line, whitespace-tokenised, become one M2 file with one annotator per corrected
 * file, exactly as ERRANT writes it (a line whose original is empty is skipped; an unchanged
 * sentence gets a `noop` edit).
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type { AnnotateOptions, Annotator } from "./annotate.ts";

/** The M2 line ERRANT writes for an annotator who changed nothing. */
export function noopLine(coder: number): string {
  return `A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||${coder}`;
}

/** Python's `str.strip()` and `str.split()` on whitespace. */
export function pyStrip(s: string): string {
  return s.replace(/^\s+|\s+$/g, "");
}

/** Splits a line into tokens on runs of whitespace. */
export function pySplit(s: string): string[] {
  const t = pyStrip(s);
  return t === "" ? [] : t.split(/\s+/);
}

/**
 * Annotates the lines of `orig` against each list in `cors` and returns the M2 text. For a
 * part of a file, `firstLine` is the number of its first line (errors name the line).
 *
 * @example One changed and one unchanged sentence
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { loadAnnotator } from "./annotate.ts";
 * import { parallelToM2 } from "./parallel.ts";
 * const a = await loadAnnotator();
 * const m2 = parallelToM2(["He go home .", "Fine ."], [["He goes home .", "Fine ."]], a);
 * assertEquals(m2, [
 *   "S He go home .",
 *   "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0",
 *   "",
 *   "S Fine .",
 *   "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0",
 *   "",
 *   "",
 * ].join("\n"));
 * ```
 */
export function parallelToM2(
  orig: readonly string[],
  cors: readonly (readonly string[])[],
  annotator: Annotator,
  options: AnnotateOptions = {},
  firstLine = 1,
): string {
  const out: string[] = [];
  const lines = Math.min(orig.length, ...cors.map((c) => c.length));
  for (let i = 0; i < lines; i++) {
    const origText = pyStrip(orig[i]);
    if (origText === "") continue;
    const origToks = pySplit(origText);
    // Analysed when a correction differs (an unchanged sentence needs no analysis).
    let o: ReturnType<Annotator["analyse"]> | undefined;
    out.push(`S ${origToks.join(" ")}`);
    cors.forEach((corLines, coder) => {
      const cor = pyStrip(corLines[i]);
      if (origToks.join(" ") === cor) {
        out.push(noopLine(coder));
        return;
      }
      o ??= annotator.analyse(origToks);
      const c = annotator.analyse(pySplit(cor));
      let edits;
      try {
        edits = annotator.annotate(o, c, options);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        throw new InputError(
          `line ${firstLine + i}, corrected text ${coder + 1}: ${error.message}`,
        );
      }
      for (const e of edits) {
        out.push(
          `A ${e.oStart} ${e.oEnd}|||${e.type}|||${e.correction}|||REQUIRED|||-NONE-|||${coder}`,
        );
      }
    });
    out.push("");
  }
  return out.length === 0 ? "" : out.join("\n") + "\n";
}
