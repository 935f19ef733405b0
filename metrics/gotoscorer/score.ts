/**
 * GoToScorer's counting (gec-metrics 0.1.1 `GoToScorer.score_base`): each reference chunk,
 * with its weight w, is judged against the hypothesis' chunks; tried and correct → TP += w;
 * tried and wrong → FP += w, and FN += w too when the reference chunk is an edit; not tried
 * and correct → TN += w; not tried and wrong → FN += w. Counts are kept per type of the
 * reference chunk (`DUMMY:DUMMY` for unchanged tokens and slots) in first-seen order; a
 * sentence's counts are the types' sums in that order, the corpus' the sentences' sums.
 *
 * @module
 */

import type { GotoChunk } from "./chunk.ts";
import { judgeChunk } from "./chunk.ts";

/** Counts of one type: `[type, tp, fp, fn, tn]`. */
export type TypeCounts = [string, number, number, number, number];

/** Weighted counts. */
export interface GotoCounts {
  /** True positives. */
  tp: number;
  /** False positives. */
  fp: number;
  /** False negatives. */
  fn: number;
  /** True negatives (reported, not used in F). */
  tn: number;
}

/**
 * Count one sentence.
 *
 * @example A correct edit, a wrong one and a missed one
 * ```ts
 * import { gotoChunks } from "./chunk.ts";
 * import { countSentence, sumTypes } from "./score.ts";
 * import assert from "node:assert/strict";
 *
 * const source = "a b c d".split(" ");
 * const ref = gotoChunks(source, [
 *   { start: 0, end: 1, corrections: [["A"]], type: "R:X" },
 *   { start: 1, end: 2, corrections: [["B"]], type: "R:X" },
 *   { start: 2, end: 3, corrections: [["C"]], type: "R:Y" },
 * ]);
 * const hyp = gotoChunks(source, [
 *   { start: 0, end: 1, corrections: [["A"]], type: "R:X" },
 *   { start: 1, end: 2, corrections: [["b2"]], type: "R:X" },
 * ]);
 * const counts = countSentence(ref, hyp);
 * assert.deepEqual(sumTypes(counts), { tp: 1, fp: 1, fn: 2, tn: 6 });
 * ```
 *
 * @param ref The reference chunks.
 * @param hyp The hypothesis chunks.
 * @param weights The reference chunks' weights (default 1 each).
 * @returns Per type counts, first-seen order.
 */
export function countSentence(
  ref: readonly GotoChunk[],
  hyp: readonly GotoChunk[],
  weights?: readonly number[],
): TypeCounts[] {
  const byType = new Map<string, TypeCounts>();
  ref.forEach((r, i) => {
    const w = weights ? weights[i] : 1;
    const { correct, tried } = judgeChunk(r, hyp);
    let c = byType.get(r.type);
    if (!c) byType.set(r.type, c = [r.type, 0, 0, 0, 0]);
    if (tried) {
      if (correct) c[1] += w;
      else {
        c[2] += w;
        if (r.edited) c[3] += w;
      }
    } else if (correct) c[4] += w;
    else c[3] += w;
  });
  return [...byType.values()];
}

/**
 * A sentence's counts: its types' counts summed in order.
 *
 * @param types Per type counts.
 * @returns The sums.
 */
export function sumTypes(types: readonly TypeCounts[]): GotoCounts {
  let tp = 0, fp = 0, fn = 0, tn = 0;
  for (const t of types) {
    tp += t[1];
    fp += t[2];
    fn += t[3];
    tn += t[4];
  }
  return { tp, fp, fn, tn };
}
