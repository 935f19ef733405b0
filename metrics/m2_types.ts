/**
 * M2 per gold error type: true positives and false negatives per type of the gold edits of
 * the annotator the m2scorer chose for each sentence. Precision is not defined per type: a
 * system edit that matches no gold edit has no gold type (and m2scorer does not classify
 * system edits), so false positives cannot be split by type.
 *
 * @module
 */

import type { GoldSentence, Tokens, TypeBreakdown } from "../plugins/types.ts";
import type { M2Edit, M2GoldEdit } from "./m2_lattice.ts";
import { m2Annotators, type M2Options, m2Replay, type M2Stats } from "./m2.ts";

function matches(e: M2Edit, g: M2GoldEdit): boolean {
  return e.start === g.start && e.end === g.end && e.original === g.original &&
    g.corrections.includes(e.correction);
}

/**
 * How many times each gold edit is credited by the m2scorer's matching (its `matchSeq`: the
 * system edits left to right, each matched against the gold edits after the last match).
 *
 * @param edits The chosen system edits.
 * @param gold The annotator's gold edits.
 * @returns Matches per gold edit.
 */
function creditedGold(edits: readonly M2Edit[], gold: readonly M2GoldEdit[]): number[] {
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

/** Counts per gold error type. */
export interface M2TypeCounts {
  /** Matched gold edits of this type (as the m2scorer credits them). */
  tp: number;
  /** Gold edits of this type not matched. */
  fn: number;
  /** tp / (tp + fn). */
  recall: number;
}

/**
 * True positives and false negatives per gold error type, for the annotators chosen by the
 * corpus-level replay of the statistics. Summed over types they equal the corpus TP and FN.
 *
 * @example Usage
 * ```ts
 * import { m2TypeCounts } from "./m2_types.ts";
 * import { m2Metric } from "./m2.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = [{ source: "The cat sat at mat .".split(" "), annotations: [{ annotator: "0", edits: [
 *   { start: 3, end: 4, corrections: [["on"]], type: "Prep" },
 *   { start: 4, end: 4, corrections: [["the"]], type: "ArtOrDet" },
 * ] }] }];
 * const hyp = ["The cat sat on mat .".split(" ")];
 * const stats = [m2Metric.stats(gold[0], hyp[0], m2Metric.defaults)];
 * assert.deepEqual(m2TypeCounts(stats, m2Metric.defaults, gold, hyp), new Map([
 *   ["ArtOrDet", { tp: 0, fn: 1, recall: 0 }],
 *   ["Prep", { tp: 1, fn: 0, recall: 1 }],
 * ]));
 * ```
 *
 * @param stats The per-sentence M2 statistics.
 * @param options M2 options.
 * @param gold The gold sentences.
 * @param hypotheses The system's sentences.
 * @returns Counts per type, sorted by type.
 */
export function m2TypeCounts(
  stats: readonly M2Stats[],
  options: M2Options,
  gold: readonly GoldSentence[],
  hypotheses: readonly Tokens[],
): Map<string, M2TypeCounts> {
  const { chosen } = m2Replay(stats, options.beta);
  const counts = new Map<string, { tp: number; fn: number }>();
  stats.forEach((s, i) => {
    const k = chosen[i];
    if (k < 0 || s.counts[k][2] === 0) return;
    const annotator = s.annotators[k];
    const result = m2Annotators(gold[i], hypotheses[i], options)
      .find((r) => r.annotator === annotator)!;
    const own = gold[i].annotations?.find((a) => a.annotator === annotator)?.edits ?? [];
    const credit = creditedGold(result.edits, result.gold);
    result.gold.forEach((_, j) => {
      const type = own[j]?.type || "(none)";
      let row = counts.get(type);
      if (!row) counts.set(type, row = { tp: 0, fn: 0 });
      row.tp += credit[j];
      row.fn += 1 - credit[j];
    });
  });
  return new Map(
    [...counts].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([type, { tp, fn }]) => [
      type,
      { tp, fn, recall: tp + fn === 0 ? 1 : tp / (tp + fn) },
    ]),
  );
}

/**
 * The M2 breakdown by gold error type (`gecscore score --by-type`).
 *
 * @param stats The per-sentence M2 statistics.
 * @param options M2 options.
 * @param gold The gold sentences.
 * @param hypotheses The system's sentences.
 * @returns The breakdown.
 */
export function m2ByType(
  stats: readonly M2Stats[],
  options: M2Options,
  gold: readonly GoldSentence[],
  hypotheses: readonly Tokens[],
): TypeBreakdown {
  const counts = m2TypeCounts(stats, options, gold, hypotheses);
  return {
    label: "gold error type",
    columns: ["tp", "fn", "recall"],
    types: [...counts].map(([type, score]) => ({ type, score: { ...score } })),
    notes: [
      "TP and FN per type of the gold edits of the annotator chosen for each sentence; " +
      "precision (and F) per type is not defined: a system edit that matches no gold edit " +
      "has no gold type, so false positives cannot be split by type.",
    ],
  };
}
