/**
 * M2 per gold error type: true positives and false negatives per type of the gold edits of
 * the annotator the m2scorer chose for each sentence. Precision is not defined per type: a
 * system edit that matches no gold edit has no gold type (and the m2scorer does not classify
 * system edits), so false positives cannot be split by type.
 *
 * @module
 */

import { prf } from "../../edits/prf.ts";
import type { TypeBreakdown } from "../../plugins/types.ts";
import type { M2Edit, M2GoldEdit } from "./lattice.ts";

function matches(e: M2Edit, g: M2GoldEdit): boolean {
  return e.start === g.start && e.end === g.end && e.original === g.original &&
    g.corrections.includes(e.correction);
}

/**
 * How many times each gold edit is credited by the m2scorer's matching (its `matchSeq`: the
 * system edits left to right, each matched against the gold edits after the last match).
 *
 * @example Usage
 * ```ts
 * import { creditedGold } from "./types.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = [
 *   { start: 3, end: 4, original: "at", corrections: ["on"] },
 *   { start: 4, end: 4, original: "", corrections: ["the", "a"] },
 * ];
 * assert.deepEqual(creditedGold([{ start: 3, end: 4, original: "at", correction: "on" }], gold), [1, 0]);
 * ```
 *
 * @param edits The chosen system edits.
 * @param gold The annotator's gold edits.
 * @returns Matches per gold edit.
 */
export function creditedGold(edits: readonly M2Edit[], gold: readonly M2GoldEdit[]): number[] {
  const credit = gold.map(() => 0);
  let last = 0;
  for (const e of edits) {
    const from = last;
    for (let i = from; i < gold.length; i++) {
      if (!matches(e, gold[i])) continue;
      credit[i]++;
      last = i + 1;
    }
  }
  return credit;
}

/** One sentence's gold edits (of the chosen annotator): their types and credits. */
export interface M2TypedSentence {
  /** The error type of each gold edit (undefined: untyped). */
  types: (string | undefined)[];
  /** How many times each gold edit was matched. */
  credit: number[];
}

/**
 * The M2 breakdown by gold error type (`gecscore score --by-type`): TP, FN and recall per
 * type, sorted by type. Summed over types, TP and FN equal the corpus TP and FN.
 *
 * @example Usage
 * ```ts
 * import { m2TypeBreakdown } from "./types.ts";
 * import assert from "node:assert/strict";
 *
 * const b = m2TypeBreakdown([{ types: ["Prep", "ArtOrDet"], credit: [1, 0] }, { types: ["Prep"], credit: [0] }]);
 * assert.deepEqual(b.types, [
 *   { type: "ArtOrDet", score: { tp: 0, fn: 1, recall: 0 } },
 *   { type: "Prep", score: { tp: 1, fn: 1, recall: 0.5 } },
 * ]);
 * assert.deepEqual(b.columns, ["tp", "fn", "recall"]);
 * ```
 *
 * @param sentences Per sentence, the chosen annotator's gold edit types and credits.
 * @returns The breakdown.
 */
export function m2TypeBreakdown(sentences: readonly M2TypedSentence[]): TypeBreakdown {
  const counts = new Map<string, { tp: number; fn: number }>();
  for (const { types, credit } of sentences) {
    types.forEach((t, j) => {
      const type = t || "(none)";
      let row = counts.get(type);
      if (!row) counts.set(type, row = { tp: 0, fn: 0 });
      row.tp += credit[j];
      row.fn += 1 - credit[j];
    });
  }
  return {
    label: "gold error type",
    columns: ["tp", "fn", "recall"],
    headline: "recall",
    types: [...counts].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([type, { tp, fn }]) => ({
      type,
      score: { tp, fn, recall: prf({ tp, fp: 0, fn }, { beta: 1 }).recall },
    })),
    notes: [
      "TP and FN per type of the gold edits of the annotator chosen for each sentence; " +
      "precision (and F) per type is not defined: a system edit that matches no gold edit " +
      "has no gold type, so false positives cannot be split by type.",
    ],
  };
}
