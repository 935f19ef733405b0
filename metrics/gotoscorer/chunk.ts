/**
 * GoToScorer's chunks (Gotou et al. 2020), as gec-metrics 0.1.1 builds them
 * (`GoToScorer.generate_chunks`): walking the source, an edit that starts at the current token
 * is one chunk and the walk jumps past it; every other token is a chunk of its own; an edit at
 * the very end (only the last edit is looked at) is appended. Then an empty "insertion slot" is
 * put before every chunk with source tokens that does not follow an insertion, and one at the
 * end unless the last chunk is an insertion.
 *
 * Quirks kept: edits must come sorted by start; an edit that does not start where the walk is
 * (it overlaps the previous one) stops every later edit from being used, as in the reference.
 *
 * @module
 */

import type { Edit, Tokens } from "../../plugins/types.ts";

/** One GoToScorer chunk. */
export interface GotoChunk {
  /** First source token. */
  start: number;
  /** One past the last (`start === end`: an insertion or an insertion slot). */
  end: number;
  /** The corrected text of the span (tokens joined by spaces). */
  text: string;
  /** The edit's type, or `DUMMY:DUMMY` for unchanged tokens and slots. */
  type: string;
  /** True for a chunk made from an edit. */
  edited: boolean;
}

/** The type of unchanged tokens and insertion slots. */
export const DUMMY = "DUMMY:DUMMY";

/**
 * The edits GoToScorer uses: `noop` and `UNK` dropped, the first correction of each.
 *
 * @param edits Edits from an M2 file.
 * @returns Usable edits.
 */
export function usableEdits(edits: readonly Edit[]): Edit[] {
  return edits.filter((e) => e.type !== "noop" && e.type !== "UNK" && e.start >= 0);
}

/**
 * Build the chunk sequence of one target.
 *
 * @example The reference's own example: a replacement, an insertion and unchanged tokens
 * ```ts
 * import { gotoChunks } from "./chunk.ts";
 * import assert from "node:assert/strict";
 *
 * const source = "This sentences contain error .".split(" ");
 * const chunks = gotoChunks(source, [
 *   { start: 1, end: 2, corrections: [["sentence"]], type: "R:NOUN:NUM" },
 *   { start: 3, end: 3, corrections: [["an"]], type: "M:DET" },
 * ]);
 * assert.deepEqual(chunks.map((c) => `${c.start}-${c.end}:${c.text}`), [
 *   "0-0:", "0-1:This", "1-1:", "1-2:sentence", "2-2:", "2-3:contain", "3-3:an", "3-4:error",
 *   "4-4:", "4-5:.", "5-5:",
 * ]);
 * ```
 *
 * @param source The source tokens.
 * @param edits The target's edits, sorted by start.
 * @returns The chunks.
 */
export function gotoChunks(source: Tokens, edits: readonly Edit[]): GotoChunk[] {
  const chunks: GotoChunk[] = [];
  const fromEdit = (e: Edit): GotoChunk => ({
    start: e.start,
    end: e.end,
    text: (e.corrections[0] ?? []).join(" "),
    type: e.type ?? "",
    edited: true,
  });
  // gec-metrics splits the source on single spaces: an empty source is one empty token.
  const tokens = source.length ? source : [""];
  let k = 0;
  for (let w = 0; w < tokens.length; w++) {
    if (k < edits.length && edits[k].start === w) {
      chunks.push(fromEdit(edits[k]));
      w = edits[k].end - 1;
      k++;
    } else {
      chunks.push({ start: w, end: w + 1, text: tokens[w], type: DUMMY, edited: false });
    }
  }
  if (edits.length && edits[edits.length - 1].start === tokens.length) {
    chunks.push(fromEdit(edits[edits.length - 1]));
  }
  const out: GotoChunk[] = [];
  let afterInsertion = false;
  for (const c of chunks) {
    if (c.start === c.end) {
      afterInsertion = true;
      out.push(c);
      continue;
    }
    if (!afterInsertion) {
      out.push({ start: c.start, end: c.start, text: "", type: DUMMY, edited: false });
    }
    out.push(c);
    afterInsertion = false;
  }
  if (!afterInsertion) {
    const end = chunks[chunks.length - 1].end;
    out.push({ start: end, end, text: "", type: DUMMY, edited: false });
  }
  return out;
}

/** How a reference chunk fared against the hypothesis' chunks. */
export interface GotoJudgement {
  /** The hypothesis got the chunk's text right (or left an insertion slot alone). */
  correct: boolean;
  /** The hypothesis edited the chunk's span. */
  tried: boolean;
}

/**
 * gec-metrics' `GoToScorer.annotate`: scanning the hypothesis' chunks in order, the one with the
 * same span decides (correct iff same text; tried iff it is an edit) and stops the scan; before
 * it, a reference insertion counts as correct, and an overlapping hypothesis edit as tried.
 *
 * @param r The reference chunk.
 * @param hyp The hypothesis' chunks.
 * @returns The judgement.
 */
export function judgeChunk(r: GotoChunk, hyp: readonly GotoChunk[]): GotoJudgement {
  let correct = false, tried = false;
  for (const h of hyp) {
    if (r.start === h.start && r.end === h.end) {
      correct = r.text === h.text;
      tried = h.edited;
      break;
    } else if (r.start === r.end) {
      correct = true;
    } else if ((r.start <= h.start && h.start < r.end) || (h.start <= r.start && r.start < h.end)) {
      tried ||= h.edited;
    }
  }
  return { correct, tried };
}
