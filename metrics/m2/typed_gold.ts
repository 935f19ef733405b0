/**
 * Per annotator of a sentence, the types of its gold edits and how often a hypothesis's
 * chosen edits matched each: M2's breakdown by type and its sentence view
 * (`sentence_edits.ts`) need them for the annotator chosen in each sentence. A sentence with
 * no correct edit for the chosen annotator has none to find; other ones are computed again
 * from the text (`stats()` counts edits without making them), cached per gold sentence and
 * hypothesis (token list).
 *
 * @module
 */

import type { GoldSentence, Tokens } from "../../plugins/types.ts";
import { m2Annotations, m2Annotators, type M2Options } from "./annotators.ts";
import { creditedGold, type M2TypedSentence } from "./types.ts";

/** The options that shape the edits, as a key. */
function optionsKey(options: M2Options): string {
  return JSON.stringify([options.max_unchanged_words, options.ignore_whitespace_casing]);
}

/**
 * The types and credits of the gold edits of annotator `k` of a sentence's statistics (as
 * `stats()` gave them for this hypothesis and these options): `typedGold(...).get(annotator)`,
 * without aligning again when the annotator has no correct edit.
 *
 * @example Usage
 * ```ts
 * import { chosenTyped } from "./typed_gold.ts";
 * import { m2Metric } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = { source: ["a", "cat", "sit"], annotations: [{ annotator: "0", edits: [
 *   { start: 0, end: 1, corrections: [["A"]], type: "Mec" },
 *   { start: 2, end: 3, corrections: [["sits"]], type: "SVA" },
 * ] }] };
 * const options = m2Metric.defaults;
 * for (const hypothesis of [["A", "cat", "sit"], ["a", "cat", "sat"]]) {
 *   const stats = m2Metric.stats(gold, hypothesis, options);
 *   const credit = hypothesis[0] === "A" ? [1, 0] : [0, 0];
 *   assert.deepEqual(chosenTyped(gold, hypothesis, options, stats, 0), { types: ["Mec", "SVA"], credit });
 * }
 * ```
 *
 * @param gold The gold sentence.
 * @param hypothesis The system's tokens.
 * @param options M2 options.
 * @param stats The sentence's statistics.
 * @param k The annotator's index in them.
 * @returns Its gold edits' types and credits, if the annotator is known.
 */
export function chosenTyped(
  gold: GoldSentence,
  hypothesis: Tokens,
  options: M2Options,
  stats: { annotators: readonly string[]; counts: readonly (readonly number[])[] },
  k: number,
): M2TypedSentence | undefined {
  const annotator = stats.annotators[k];
  if (stats.counts[k][0] === 0) {
    // As typedGold: one entry per gold edit of the annotator (`counts[k][2]` of them).
    const own = m2Annotations(gold).find((a) => a.annotator === annotator)?.edits ?? [];
    const size = stats.counts[k][2];
    return {
      types: Array.from({ length: size }, (_, j) => own[j]?.type),
      credit: new Array(size).fill(0),
    };
  }
  return typedGold(gold, hypothesis, options).get(annotator);
}

const typedCache = new WeakMap<
  GoldSentence,
  WeakMap<Tokens, { key: string; typed: Map<string, M2TypedSentence> }>
>();

/**
 * Per annotator id of a sentence: its gold edits' types and how often the system matched
 * each (`creditedGold` of the edits `m2Annotators` chose for that annotator).
 *
 * @example Usage
 * ```ts
 * import { typedGold } from "./typed_gold.ts";
 * import { M2_DEFAULTS } from "./annotators.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = { source: ["a", "cat", "sit"], annotations: [{ annotator: "0", edits: [
 *   { start: 0, end: 1, corrections: [["A"]], type: "Mec" },
 *   { start: 2, end: 3, corrections: [["sits"]], type: "SVA" },
 * ] }] };
 * const hypothesis = ["A", "cat", "sit"];
 * const typed = typedGold(gold, hypothesis, M2_DEFAULTS);
 * assert.deepEqual(typed.get("0"), { types: ["Mec", "SVA"], credit: [1, 0] });
 * assert.equal(typedGold(gold, hypothesis, M2_DEFAULTS), typed);
 * ```
 *
 * @param gold The gold sentence.
 * @param hypothesis The system's tokens.
 * @param options M2 options.
 * @returns Types and credits by annotator id.
 */
export function typedGold(
  gold: GoldSentence,
  hypothesis: Tokens,
  options: M2Options,
): Map<string, M2TypedSentence> {
  const key = optionsKey(options);
  let byHyp = typedCache.get(gold);
  if (!byHyp) typedCache.set(gold, byHyp = new WeakMap());
  const hit = byHyp.get(hypothesis);
  if (hit && hit.key === key) return hit.typed;
  const typed = new Map<string, M2TypedSentence>();
  for (const result of m2Annotators(gold, hypothesis, options)) {
    const own = m2Annotations(gold).find((a) => a.annotator === result.annotator)?.edits ?? [];
    typed.set(result.annotator, {
      types: result.gold.map((_, j) => own[j]?.type),
      credit: creditedGold(result.edits, result.gold),
    });
  }
  byHyp.set(hypothesis, { key, typed });
  return typed;
}
