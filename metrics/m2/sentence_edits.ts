/**
 * Which gold edits each system made, as the M2 metric counts them: for every sentence, the
 * annotator that the m2scorer's greedy choice picked for that system (the same choice that
 * gives the corpus score), and which of that annotator's edits the system's chosen edit
 * sequence matched: the M2 metric's sentence view, which the report's sentence browser shows.
 *
 * @module
 */

import type {
  GoldSentence,
  SentenceEdits,
  SentenceView,
  Tokens,
  ViewComparison,
  ViewGoldEdit,
} from "../../plugins/types.ts";
import { m2GoldEdits, type M2Options, m2Replay, type M2Stats } from "./mod.ts";
import { chosenTyped } from "./typed_gold.ts";

/**
 * The gold edits of every sentence (per annotator, in the m2scorer's annotator order) and, for
 * each system, the annotator it was compared with and the edits it matched.
 *
 * @example Usage
 * ```ts
 * import { m2SentenceEdits } from "./sentence_edits.ts";
 * import { m2Metric } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = [{
 *   source: ["a", "cat", "sit"],
 *   annotations: [{ annotator: "0", edits: [
 *     { start: 0, end: 1, corrections: [["A"]], type: "Mec" },
 *     { start: 2, end: 3, corrections: [["sits"]], type: "SVA" },
 *   ] }],
 * }];
 * const hyp = [["A", "cat", "sit"]];
 * const stats = [m2Metric.stats(gold[0], hyp[0], m2Metric.defaults)];
 * const edits = m2SentenceEdits(gold, [hyp], [stats], m2Metric.defaults);
 * assert.deepEqual(edits.gold[0][0].map((e) => e.type), ["Mec", "SVA"]);
 * assert.deepEqual(edits.compared[0][0], { annotator: 0, matched: [0] });
 * // Only the sentences asked for:
 * assert.deepEqual(m2SentenceEdits(gold, [hyp], [stats], m2Metric.defaults, []).gold, [[]]);
 * ```
 *
 * @param gold The gold sentences (with annotations).
 * @param systems Each system's hypotheses.
 * @param stats Each system's M2 statistics (as `m2Metric.stats` gave them).
 * @param options The M2 options used.
 * @param sentences The sentences wanted (default all); the others' entries are left empty.
 * @returns The edits.
 */
export function m2SentenceEdits(
  gold: readonly GoldSentence[],
  systems: readonly (readonly Tokens[])[],
  stats: readonly (readonly M2Stats[])[],
  options: M2Options,
  sentences?: readonly number[],
): SentenceEdits {
  const chosen = stats.map((s) => m2Replay(s, options.beta).chosen);
  const goldEdits: ViewGoldEdit[][][] = [];
  const compared: ViewComparison[][] = [];
  const wanted = sentences && new Set(sentences);
  gold.forEach((sentence, i) => {
    if (wanted && !wanted.has(i)) {
      goldEdits.push([]);
      compared.push([]);
      return;
    }
    // The gold edits of each annotator, as the m2scorer reads them (those m2Annotators
    // compares with).
    goldEdits.push(
      systems.length
        ? m2GoldEdits(sentence).map(({ annotator, edits: list }) => {
          const edits = sentence.annotations?.find((x) => x.annotator === annotator)?.edits;
          return list.map((g, e) => ({
            start: g.start,
            end: g.end,
            type: edits?.[e]?.type ?? "",
            correction: g.corrections[0] ?? "",
          }));
        })
        : [],
    );
    compared.push(systems.map((hyp, k) => {
      const index = Math.max(chosen[k][i], 0);
      const s = stats[k][i];
      const matched: number[] = [];
      // The m2scorer credits each matching system edit to the first matching gold edit after
      // the previous match: the gold edits credited are those made, as many as the correct
      // edits counted (none: nothing to find; typed_gold.ts).
      if (s && index < s.counts.length && s.counts[index][0] > 0) {
        const credit = chosenTyped(sentence, hyp[i], options, s, index)?.credit ?? [];
        credit.forEach((times, g) => {
          if (times > 0) matched.push(g);
        });
      }
      return { annotator: index, matched };
    }));
  });
  return { source: "m2", gold: goldEdits, compared };
}

/** The M2 metric's sentence view: the gold edits each system made or missed, as M2 counts them. */
export const m2EditsView: SentenceView<M2Options, M2Stats> = {
  metric: "m2",
  description: "gold edits each system made or missed, with the annotator the m2scorer chose",
  sentenceEdits: ({ gold, systems, stats, options, sentences }) =>
    m2SentenceEdits(gold, systems, stats, options, sentences),
};
