/**
 * Context rules that move wink-pos-tagger's tags towards the ones a statistical tagger such as
 * spaCy's gives, for the ambiguities ERRANT's types depend on most: noun or verb after a
 * determiner or a subject, past tense or past participle without an auxiliary, and unknown
 * lower-case words that wink calls proper nouns. Each rule reads the word's possible tags from
 * wink-lexicon.
 *
 * @module
 */

/** Possible PTB tags of a lower-case word, if the lexicon knows it. */
export type Lexicon = (lower: string) => readonly string[] | undefined;

const DETERMINERS = new Set(["PRP$", "POS", "WP$"]);
const DET_WORDS = new Set(["a", "an", "the", "some", "any", "every", "each", "no", "my", "your"]);
const SUBJECT_PRONOUNS = new Set(["i", "you", "he", "she", "it", "we", "they"]);
const HAVE_BE_GET = new Set([
  "have",
  "has",
  "had",
  "having",
  "'ve",
  "'d",
  "be",
  "is",
  "are",
  "am",
  "was",
  "were",
  "been",
  "being",
  "'s",
  "'re",
  "'m",
  "get",
  "gets",
  "got",
  "gotten",
  "getting",
]);
const CLAUSE_BREAK = new Set([",", ".", ":", "CC", "IN", "WDT", "WP", "-LRB-", "-RRB-"]);

const PARTICLES = new Set(["up", "out", "down", "off", "away", "back"]);

const isVerbTag = (t: string) => t.startsWith("VB");

/**
 * Returns corrected tags for a sentence (`texts` as written, `tags` from wink; `lowers`, the
 * texts in lower case, when the caller has them).
 *
 * @example A noun after a determiner and a verb after a subject pronoun
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { retag } from "./retag.ts";
 * const lexicon = (w: string) =>
 *   ({ supports: ["VBZ", "NNS"], comes: ["VBZ", "NNS"] } as Record<string, string[]>)[w];
 * assertEquals(
 *   retag(["the", "supports", "it", "comes"], ["DT", "VBZ", "PRP", "NNS"], lexicon),
 *   ["DT", "NNS", "PRP", "VBZ"],
 * );
 * ```
 */
export function retag(
  texts: readonly string[],
  tags: readonly string[],
  lexicon: Lexicon,
  lowers: readonly string[] = texts.map((t) => t.toLowerCase()),
): string[] {
  const out = [...tags];
  const n = out.length;
  for (let i = 0; i < n; i++) {
    const w = lowers[i];
    const tag = out[i];
    const known = lexicon(w);
    const prev = i > 0 ? out[i - 1] : "";
    const prevWord = i > 0 ? lowers[i - 1] : "";
    const next = i + 1 < n ? out[i + 1] : "";
    // Lower-case words wink does not know come out as proper nouns.
    if ((tag === "NNP" || tag === "NNPS") && /^[a-z]/.test(texts[i]) && !known) {
      out[i] = /[^s]s$/.test(w) ? "NNS" : "NN";
      continue;
    }
    // Hyphenated modifiers before a noun.
    if (
      tag.startsWith("NN") && /^[a-z]+(-[a-z]+)+$/.test(w) && !known &&
      (next.startsWith("NN") || next.startsWith("JJ"))
    ) {
      out[i] = "JJ";
      continue;
    }
    // "either of", "neither option".
    if (
      (w === "either" || w === "neither") && tag === "CC" &&
      (lowers[i + 1] === "of" || next.startsWith("NN"))
    ) {
      out[i] = "DT";
      continue;
    }
    // Phrasal-verb particles.
    if (tag === "IN" && PARTICLES.has(w) && isVerbTag(prev)) {
      out[i] = "RP";
      continue;
    }
    if (!known) continue;
    // A noun right after a determiner or a possessive.
    const afterDet = DETERMINERS.has(prev) || DET_WORDS.has(prevWord);
    if (afterDet && isVerbTag(tag) && tag !== "VBG") {
      if (tag === "VBZ" && known.includes("NNS")) out[i] = "NNS";
      else if (tag !== "VBZ" && known.includes("NN")) out[i] = "NN";
      continue;
    }
    // An adjective ending a noun phrase after a determiner is a noun: "our relative .".
    if (
      tag === "JJ" && known.includes("NN") &&
      (afterDet || prev.startsWith("JJ")) &&
      !(next.startsWith("NN") || next.startsWith("JJ") || next === "CD")
    ) {
      out[i] = "NN";
      continue;
    }
    // A verb right after a subject pronoun.
    if (prev === "PRP" && SUBJECT_PRONOUNS.has(prevWord) && !isVerbTag(tag) && tag !== "MD") {
      if (tag === "NNS" && known.includes("VBZ")) out[i] = "VBZ";
      else if ((tag === "NN" || tag === "JJ") && known.includes("VBP")) out[i] = "VBP";
      continue;
    }
    // A past participle with no auxiliary before it in its clause, right after its subject.
    if (tag === "VBN" && known.includes("VBD") && next !== "IN") {
      const subjectBefore = prev === "PRP" || prev === "WP" || prev === "WDT" ||
        prev.startsWith("NN");
      let k = i - 1;
      let aux = false;
      while (k >= 0 && !CLAUSE_BREAK.has(out[k])) {
        if (HAVE_BE_GET.has(lowers[k])) aux = true;
        k--;
      }
      if (subjectBefore && !aux) out[i] = "VBD";
    }
  }
  return out;
}
