/**
 * Per annotator of a sentence, the types of its gold edits and how often a hypothesis's
 * chosen edits matched each, cached per gold sentence and hypothesis (token list): M2's
 * breakdown by type and its sentence view (`sentence_edits.ts`) of the same run share them.
 *
 * @module
 */

import type { GoldSentence, Tokens } from "../../plugins/types.ts";
import { m2Annotations, m2Annotators, type M2Options } from "./annotators.ts";
import { creditedGold, type M2TypedSentence } from "./types.ts";

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
  const key = JSON.stringify([
    options.max_unchanged_words,
    options.ignore_whitespace_casing,
  ]);
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
