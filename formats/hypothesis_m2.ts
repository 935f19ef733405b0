/**
 * A system output given as a hypothesis M2 file: the system's own edits, one annotator per
 * sentence, as ERRANT's `errant_parallel` writes them. The hypothesis text of each sentence is
 * its edits applied to its source, so every metric can score it; metrics that compare edits
 * (ERRANT) read the edits themselves.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type { Edit, Hypotheses, ReadLimits, Tokens } from "../plugins/types.ts";
import { applyEdits, EditOverlapError } from "../edits/apply.ts";
import { parseM2 } from "./m2.ts";
import { baseName, lines as numberedLines, readChunks } from "./text.ts";

/** A system read from a hypothesis M2: its edits, their text, and the file's own sources. */
export interface HypothesisM2 extends Hypotheses {
  /** The edits per sentence (`[]` for an unchanged sentence). */
  edits: Edit[][];
  /** The source sentence of each block, as the hypothesis file writes it. */
  sources: Tokens[];
  /** 1-based line of each block's `S` line. */
  lines: number[];
}

export { applyEdits, EditOverlapError } from "../edits/apply.ts";

/**
 * Read a hypothesis M2 from text chunks: every block must have at most one annotator, each
 * edit one correction, and edits that do not overlap. Errors name the file and the line (of
 * the edit at fault, or of the sentence). The read limits apply as to a gold M2 (line length,
 * distinct annotators, alternatives per edit), checked while reading.
 *
 * @example Usage
 * ```ts
 * import { parseHypothesisM2 } from "./hypothesis_m2.ts";
 * import assert from "node:assert/strict";
 *
 * const hyp = await parseHypothesisM2([
 *   "S This are dog .\nA 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0\n\n",
 *   "S Fine .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n",
 * ], "sys/AMU.m2");
 * assert.equal(hyp.name, "AMU");
 * assert.deepEqual(hyp.sentences, [["This", "is", "dog", "."], ["Fine", "."]]);
 * assert.equal(hyp.edits[0][0].type, "R:VERB:SVA");
 * await assert.rejects(parseHypothesisM2(["S a b\nA 0 1|||X|||c|||R|||-|||0\nA 0 1|||X|||d|||R|||-|||1\n"], "two.m2"),
 *   /^InputError: two\.m2:1: sentence 1 has edits of annotators 0 and 1/);
 * await assert.rejects(parseHypothesisM2(["S a b\nA 0 2|||X|||c|||R|||-|||0\nA 1 2|||X|||d|||R|||-|||0\n"], "o.m2"),
 *   /^InputError: o\.m2:3: sentence 1: edits 0-2 \(line 2\) and 1-2 \(line 3\) overlap/);
 * ```
 *
 * @param chunks The text.
 * @param file The file name (for messages; its base name becomes the system's name).
 * @param limits Read limits (defaults for what is not given).
 * @returns The system.
 */
export async function parseHypothesisM2(
  chunks: AsyncIterable<string> | Iterable<string>,
  file: string,
  limits?: Partial<ReadLimits>,
): Promise<HypothesisM2> {
  // The text is kept for the edit lines, but read through the M2 reader so that a line past
  // the limits stops the reading there.
  const kept: string[] = [];
  async function* keep() {
    for await (const chunk of chunks) {
      kept.push(chunk);
      yield chunk;
    }
  }
  const corpus = await parseM2(keep(), file, limits);
  const text = kept.join("");
  const editLines = await editLinesOf(text);
  const edits: Edit[][] = [], sentences: Tokens[] = [], sources: Tokens[] = [];
  const lines: number[] = [];
  corpus.sentences.forEach((s, i) => {
    const annotations = s.annotations ?? [];
    const line = s.line;
    if (annotations.length > 1) {
      throw new InputError(
        `sentence ${i + 1} has edits of annotators ${
          annotations.map((a) => a.annotator).join(" and ")
        }; a hypothesis M2 has one annotator (the system)`,
        file,
        line,
      );
    }
    const own = annotations[0]?.edits ?? [];
    const at = (k: number) => editLines[i]?.[k] ?? line;
    own.forEach((e, k) => {
      if (e.corrections.length > 1) {
        throw new InputError(
          `sentence ${i + 1}: the edit ${e.start}-${e.end} has ${e.corrections.length} ` +
            "alternative corrections; a system's edit has one",
          file,
          at(k),
        );
      }
    });
    try {
      sentences.push(applyEdits(s.source, own));
    } catch (error) {
      if (!(error instanceof EditOverlapError)) throw error;
      const [a, b] = [own[error.first], own[error.second]];
      throw new InputError(
        `sentence ${i + 1}: edits ${a.start}-${a.end} (line ${at(error.first)}) and ` +
          `${b.start}-${b.end} (line ${at(error.second)}) overlap, so they cannot both be ` +
          "applied; a hypothesis M2 holds one correction of the sentence",
        file,
        at(error.second),
      );
    }
    edits.push(own);
    sources.push(s.source);
    lines.push(line ?? 0);
  });
  return { name: systemName(file), path: file, sentences, edits, sources, lines };
}

/**
 * The name of a system given as a hypothesis M2 file: its base name without its extension,
 * so that `AMU.errant` and `AMU.m2` are the system `AMU`, as the plain-text `AMU` is.
 *
 * @example Usage
 * ```ts
 * import { systemName } from "./hypothesis_m2.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(systemName("out/AMU.errant"), "AMU");
 * assert.equal(systemName("out/AMU.v2.m2"), "AMU.v2");
 * assert.equal(systemName("out/.hidden"), ".hidden");
 * ```
 *
 * @param file The file's path.
 * @returns The system's name.
 */
export function systemName(file: string): string {
  const base = baseName(file);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(0, dot) : base;
}

/** The line of every non-noop `A` line, per sentence (as the M2 reader groups them). */
async function editLinesOf(text: string): Promise<number[][]> {
  const out: number[][] = [];
  for await (const { line, text: row } of numberedLines([text])) {
    if (row.startsWith("S ") || row === "S" || row.startsWith("S\t")) out.push([]);
    else if (row.startsWith("A ") && out.length) {
      const fields = row.slice(2).split("|||");
      const span = fields[0].trim().split(/\s+/);
      const noop = fields[1]?.trim() === "noop" || (span[0] === "-1" && span[1] === "-1");
      if (!noop) out[out.length - 1].push(line);
    }
  }
  return out;
}

/**
 * Read a hypothesis M2 file, checked against the gold's sentence count.
 *
 * @example Usage
 * ```ts
 * import { readHypothesisM2 } from "./hypothesis_m2.ts";
 * import assert from "node:assert/strict";
 *
 * const hyp = await readHypothesisM2("tests/testdata/errant/hyp.m2", 9);
 * assert.equal(hyp.edits[0].length, 2);
 * await assert.rejects(readHypothesisM2("tests/testdata/errant/hyp.m2", 5),
 *   /hyp\.m2: has 9 sentences but the gold has 5/);
 * ```
 *
 * @param path The file.
 * @param expected The gold's sentence count.
 * @param limits Read limits (defaults for what is not given).
 * @returns The system.
 */
export async function readHypothesisM2(
  path: string,
  expected?: number,
  limits?: Partial<ReadLimits>,
): Promise<HypothesisM2> {
  const hyp = await parseHypothesisM2(readChunks(path), path, limits);
  if (expected !== undefined && hyp.sentences.length !== expected) {
    throw new InputError(
      `has ${hyp.sentences.length} sentences but the gold has ${expected}`,
      path,
    );
  }
  return hyp;
}

/**
 * The sentences whose source in a hypothesis M2 differs from the gold's (the edits still
 * apply to the hypothesis file's own source; ERRANT does not compare sources).
 *
 * @example Usage
 * ```ts
 * import { sourceMismatches } from "./hypothesis_m2.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(sourceMismatches([["a", "b"], ["c"]], [["a", "b"], ["d"]]), [1]);
 * ```
 *
 * @param hypothesisSources The hypothesis file's sources.
 * @param goldSources The gold's sources.
 * @returns 0-based indices of the sentences that differ.
 */
export function sourceMismatches(
  hypothesisSources: readonly Tokens[],
  goldSources: readonly Tokens[],
): number[] {
  const out: number[] = [];
  hypothesisSources.forEach((s, i) => {
    const g = goldSources[i];
    if (!g || g.length !== s.length || g.some((t, k) => t !== s[k])) out.push(i);
  });
  return out;
}
