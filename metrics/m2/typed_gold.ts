/**
 * Per annotator of a sentence, the types of its gold edits and how often a hypothesis's
 * chosen edits matched each: M2's breakdown by type and its sentence view
 * (`sentence_edits.ts`) need them for the annotator chosen in each sentence. The credits of a
 * sentence with correct edits are kept with its statistics when `stats()` computes them
 * ({@linkcode keepCredits}); a sentence with no correct edit for the chosen annotator has
 * none to find; other ones are computed again from the text, cached per gold sentence and
 * hypothesis (token list).
 *
 * @module
 */

import type { GoldSentence, Tokens } from "../../plugins/types.ts";
import {
  m2Annotations,
  type M2AnnotatorResult,
  m2Annotators,
  type M2Options,
} from "./annotators.ts";
import { creditedGold, type M2TypedSentence } from "./types.ts";

/** The options that shape the edits, as a key. */
function optionsKey(options: M2Options): string {
  return JSON.stringify([options.max_unchanged_words, options.ignore_whitespace_casing]);
}

/** Per statistics object: per annotator, its credits when it has correct edits. */
const keptCredits = new WeakMap<object, { key: string; credits: (number[] | undefined)[] }>();

/**
 * Keep, with a sentence's statistics, the credits of each annotator that has correct edits
 * (nothing when none has: the common case).
 *
 * @param stats The statistics object `stats()` returns.
 * @param results What `m2Annotators` gave for the sentence, in the statistics' order.
 * @param options The options they were computed with.
 */
export function keepCredits(
  stats: object,
  results: readonly M2AnnotatorResult[],
  options: M2Options,
): void {
  if (!results.some((r) => r.correct.length > 0)) return;
  keptCredits.set(stats, {
    key: optionsKey(options),
    credits: results.map((r) => r.correct.length ? creditedGold(r.edits, r.gold) : undefined),
  });
}

/**
 * Let a copy of statistics share the credits kept with the original.
 *
 * @param from The original.
 * @param to The copy.
 */
export function shareCredits(from: object, to: object): void {
  const kept = keptCredits.get(from);
  if (kept) keptCredits.set(to, kept);
}

/**
 * The types and credits of the gold edits of annotator `k` of a sentence's statistics (as
 * `stats()` gave them for this hypothesis and these options): `typedGold(...).get(annotator)`,
 * without aligning again when the credits were kept or the annotator has no correct edit.
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
  const kept = keptCredits.get(stats);
  const credit = kept?.key === optionsKey(options) ? kept.credits[k] : undefined;
  if (credit || stats.counts[k][0] === 0) {
    // As typedGold: one entry per gold edit of the annotator (`counts[k][2]` of them).
    const own = m2Annotations(gold).find((a) => a.annotator === annotator)?.edits ?? [];
    const size = stats.counts[k][2];
    return {
      types: Array.from({ length: size }, (_, j) => own[j]?.type),
      credit: credit ?? new Array(size).fill(0),
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
