/**
 * Rule-based dependency labels: an approximation of the labels a spaCy 2 English parser
 * (ClearNLP scheme) gives, for the few decisions ERRANT's classifier bases on them. Auxiliaries
 * (`aux`, `auxpass`) with the main verb as head; `prep`, `pobj`, `dobj`, `nsubj`, `poss`, `det`,
 * `amod`, `acomp`, `advmod`, `prt`, `punct` from the tags and their neighbours. There is no parse
 * tree beyond an auxiliary's head: every other token heads itself.
 *
 * @module
 */

const BE = new Set(["be", "am", "is", "are", "was", "were", "been", "being", "'s", "'re", "'m"]);
const HAVE = new Set(["have", "has", "had", "having", "'ve", "'d"]);
const DO = new Set(["do", "does", "did"]);
const NEGATION = new Set(["not", "n't", "never"]);
const SUBORDINATORS = new Set([
  "that",
  "because",
  "if",
  "whether",
  "although",
  "though",
  "unless",
  "whereas",
  "while",
]);
const COPULAS = new Set([
  "be",
  "become",
  "seem",
  "look",
  "feel",
  "sound",
  "remain",
  "appear",
  "get",
]);
const PUNCT_TAGS = new Set([
  ",",
  ".",
  ":",
  "``",
  "''",
  '""',
  "-LRB-",
  "-RRB-",
  "HYPH",
  "NFP",
  "$",
  "#",
]);

const isVerb = (tag: string) => tag.startsWith("VB") || tag === "MD";
const isNoun = (tag: string) => tag.startsWith("NN") || tag === "PRP" || tag === "CD";
const isModifier = (tag: string) =>
  tag.startsWith("JJ") || tag === "RB" || tag === "RBR" || tag === "RBS" || tag === "CD" ||
  tag === "PRP$" || tag === "DT" || tag === "PDT" || tag === "HYPH" || tag === "VBN" ||
  tag === "VBG" || tag === "POS";

/** What the rules ask of a tag, as bits. */
const VERB = 1, NOUN = 2, MODIFIER = 4, RB = 8, NN = 16, JJ = 32;

/** The bits of each tag met so far (tags are few). */
const TAG_BITS = new Map<string, number>();

function tagBits(tag: string): number {
  let bits = TAG_BITS.get(tag);
  if (bits === undefined) {
    bits = (isVerb(tag) ? VERB : 0) | (isNoun(tag) ? NOUN : 0) |
      (isModifier(tag) ? MODIFIER : 0) | (tag.startsWith("RB") ? RB : 0) |
      (tag.startsWith("NN") ? NN : 0) | (tag.startsWith("JJ") ? JJ : 0);
    if (TAG_BITS.size < 10_000) TAG_BITS.set(tag, bits);
  }
  return bits;
}

/** Dependency labels and heads of one tagged sentence. */
export interface Dependencies {
  readonly dep: string[];
  readonly head: number[];
}

/**
 * Approximate dependency labels for a tagged sentence (`lowers` in lower case, `tags` PTB).
 *
 * @example An auxiliary and its main verb
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { approximateDependencies } from "./deps.ts";
 * const d = approximateDependencies(["he", "has", "eaten"], ["PRP", "VBZ", "VBN"], ["-PRON-", "have", "eat"]);
 * assertEquals(d.dep, ["nsubj", "aux", "ROOT"]);
 * assertEquals(d.head, [0, 2, 2]);
 * ```
 */
export function approximateDependencies(
  lowers: readonly string[],
  tags: readonly string[],
  lemmas: readonly string[],
): Dependencies {
  const n = tags.length;
  const dep = new Array<string>(n).fill("");
  const head = new Array<number>(n);
  const bits = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    head[i] = i;
    bits[i] = tagBits(tags[i]);
  }
  // The next token that is not an adverb or a negation.
  const nextContent = (i: number) => {
    let j = i + 1;
    while (j < n && ((bits[j] & RB) !== 0 || NEGATION.has(lowers[j]))) j++;
    return j;
  };
  // Auxiliary chains: be/have/do/modal before another verb.
  for (let i = 0; i < n; i++) {
    if (!(bits[i] & VERB)) continue;
    let j = nextContent(i);
    // In questions the subject comes between: "are we supposed", "did you go".
    if (j < n && (tags[j] === "PRP" || tags[j] === "EX") && j + 1 < n && (bits[j + 1] & VERB)) {
      j = nextContent(j);
    }
    const w = lowers[i];
    // Modals, and do/be before a negation, are auxiliaries even without a verb after them.
    if (j >= n || !(bits[j] & VERB)) {
      if (tags[i] === "MD" || ((DO.has(w) || BE.has(w)) && NEGATION.has(lowers[i + 1] ?? ""))) {
        dep[i] = "aux";
      }
      continue;
    }
    const next = tags[j];
    let label = "";
    if (tags[i] === "MD") label = "aux";
    else if (BE.has(w) || lemmas[i] === "be") {
      if (next === "VBN") label = "auxpass";
      else label = "aux";
    } else if (HAVE.has(w) || (lemmas[i] === "have" && tags[i] !== "VBG")) {
      if (next === "VBN" || (next === "VBD" && lowers[j] !== "had")) label = "aux";
    } else if (DO.has(w) && (next === "VB" || next === "VBP")) label = "aux";
    if (label === "") continue;
    dep[i] = label;
  }
  // Heads of auxiliaries: the first following verb that is not itself an auxiliary.
  for (let i = 0; i < n; i++) {
    if (dep[i] !== "aux" && dep[i] !== "auxpass") continue;
    let j = i + 1;
    while (j < n && !((bits[j] & VERB) && dep[j] === "")) j++;
    if (j < n) head[i] = j;
  }
  let rootSeen = false;
  for (let i = 0; i < n; i++) {
    if (dep[i] !== "") continue;
    const tag = tags[i];
    const w = lowers[i];
    if (PUNCT_TAGS.has(tag)) dep[i] = "punct";
    else if (tag === "TO") {
      dep[i] = i + 1 < n && tags[nextContent(i)] === "VB" ? "aux" : "prep";
      if (dep[i] === "aux") head[i] = nextContent(i);
    } else if (tag === "IN") dep[i] = SUBORDINATORS.has(w) ? "mark" : "prep";
    else if (tag === "RP") dep[i] = "prt";
    else if (tag === "POS") dep[i] = "case";
    else if (tag === "PRP$" || tag === "WP$") dep[i] = "poss";
    else if (tag === "CC") dep[i] = "cc";
    else if (tag === "EX") dep[i] = "expl";
    else if (tag.startsWith("RB") || tag === "WRB") dep[i] = NEGATION.has(w) ? "neg" : "advmod";
    else if (tag === "DT" || tag === "PDT" || tag === "WDT") {
      let j = i + 1;
      while (j < n && ((bits[j] & MODIFIER) && !(bits[j] & RB) && tags[j] !== "DT")) j++;
      if (j < n && (bits[j] & NN)) dep[i] = "det";
      else if (tag === "WDT") dep[i] = "nsubj";
      else dep[i] = nominalRole(i);
    } else if (tag.startsWith("JJ")) {
      let j = i + 1;
      while (j < n && ((bits[j] & JJ) || tags[j] === "CC" || tags[j] === ",")) j++;
      if (j < n && (bits[j] & NN)) dep[i] = "amod";
      else {
        let k = i - 1;
        while (k >= 0 && ((bits[k] & RB) || NEGATION.has(lowers[k]))) k--;
        dep[i] = k >= 0 && (bits[k] & VERB) && COPULAS.has(lemmas[k]) ? "acomp" : "amod";
      }
    } else if (tag === "PRP" || tag === "WP" || tag.startsWith("NN")) {
      if ((bits[i] & NN) && i + 1 < n && (bits[i + 1] & NN)) dep[i] = "compound";
      else dep[i] = nominalRole(i);
    } else if (tag === "CD") {
      dep[i] = i + 1 < n && (bits[i + 1] & NN) ? "nummod" : nominalRole(i);
    } else if (bits[i] & VERB) {
      dep[i] = rootSeen ? "ccomp" : "ROOT";
      rootSeen = true;
    } else dep[i] = "dep";
  }
  return { dep, head };

  function nominalRole(i: number): string {
    // Object of a preposition: the nearest word before the noun phrase is a preposition.
    let k = i - 1;
    while (k >= 0 && (bits[k] & MODIFIER)) k--;
    if (k >= 0 && (tags[k] === "IN" || tags[k] === "TO")) return "pobj";
    // Subject: a verb follows (after modifiers).
    let j = i + 1;
    while (j < n && (bits[j] & RB)) j++;
    if (j < n && (bits[j] & VERB)) {
      return dep[j] === "auxpass" || (j + 1 < n && dep[j] === "auxpass") ? "nsubjpass" : "nsubj";
    }
    if (k >= 0 && (bits[k] & VERB)) return "dobj";
    if ((bits[i] & NOUN) && i === 0) return "nsubj";
    return "dobj";
  }
}
