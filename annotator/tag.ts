/**
 * The built-in analyser: Penn Treebank tags and lemmas from wink-pos-tagger (a pure-JavaScript
 * tagger with wink-lemmatizer inside), turned into the conventions of a spaCy 2 English model
 * (coarse POS from its tag map, `-PRON-` lemmas for personal pronouns, lower-case lemmas, the
 * lemma of contractions, prepositional `to` tagged `IN`), and approximate dependency labels.
 * wink-pos-tagger is imported when the first sentence is analysed, so commands that never
 * annotate never fetch it.
 *
 * @module
 */

import type { Analysis, Token } from "./token.ts";
import { coarsePos } from "./tag_map.ts";
import { approximateDependencies } from "./deps.ts";
import { retag } from "./retag.ts";
import { createWinkTagger, loadWinkParts } from "./wink_tagger.ts";

/** Analyses a whitespace-tokenised sentence. */
export type Analyser = (tokens: readonly string[]) => Analysis;

interface Lemmatizer {
  lemmatizeNoun(w: string): string;
  lemmatizeVerb(w: string): string;
  lemmatizeAdjective(w: string): string;
}

/** The lemmatizer with each answer kept (its functions are pure and slow; words repeat). */
function cachedLemmatizer(lemmatizer: Lemmatizer): Lemmatizer {
  const cached = (f: (w: string) => string) => {
    const known = new Map<string, string>();
    return (w: string) => {
      let lemma = known.get(w);
      if (lemma === undefined) {
        if (known.size >= 50_000) known.clear();
        known.set(w, lemma = f(w));
      }
      return lemma;
    };
  };
  return {
    lemmatizeNoun: cached(lemmatizer.lemmatizeNoun),
    lemmatizeVerb: cached(lemmatizer.lemmatizeVerb),
    lemmatizeAdjective: cached(lemmatizer.lemmatizeAdjective),
  };
}

/** The lemma of a word whose tag the context rules changed. */
function relemmatise(lemmatizer: Lemmatizer, lower: string, tag: string): string {
  if (tag.startsWith("NN")) {
    const lemma = lemmatizer.lemmatizeNoun(lower);
    // An unknown plural: spaCy's first noun rule strips the -s.
    if (lemma === lower && tag === "NNS" && lower.endsWith("s")) return lower.slice(0, -1);
    return lemma;
  }
  if (tag.startsWith("VB")) return lemmatizer.lemmatizeVerb(lower);
  if (tag.startsWith("JJ")) return lemmatizer.lemmatizeAdjective(lower);
  return lower;
}

/** Pronouns whose spaCy 2 lemma is `-PRON-`. */
const PERSONAL = new Set([
  "i",
  "me",
  "my",
  "mine",
  "myself",
  "you",
  "your",
  "yours",
  "yourself",
  "yourselves",
  "he",
  "him",
  "his",
  "himself",
  "she",
  "her",
  "hers",
  "herself",
  "it",
  "its",
  "itself",
  "we",
  "us",
  "our",
  "ours",
  "ourselves",
  "they",
  "them",
  "their",
  "theirs",
  "themselves",
  "one",
  "oneself",
]);

/**
 * Lemmas of clitics and contracted auxiliaries, as spaCy 2's tokenizer exceptions give them (a
 * `Map`: an object would answer "constructor" with a function).
 */
const CLITIC_LEMMA: ReadonlyMap<string, string> = new Map([
  ["n't", "not"],
  ["'m", "be"],
  ["'re", "be"],
  ["'ve", "have"],
  ["'ll", "will"],
  ["'d", "would"],
  ["ca", "can"],
  ["wo", "will"],
  ["sha", "shall"],
]);

const SLASHED = /^([A-Za-z]+)\/[A-Za-z]+$/;

const LEMMATISED = /^(NN|VB|JJ|MD)/;

function lemmaOf(lower: string, tag: string, wink: string | undefined): string {
  if ((tag === "PRP" || tag === "PRP$") && PERSONAL.has(lower)) return "-PRON-";
  const clitic = CLITIC_LEMMA.get(lower);
  if (clitic !== undefined) return clitic;
  if (lower === "'s") return tag === "POS" ? "'s" : tag.startsWith("VB") ? "be" : "-PRON-";
  if (wink && lemmatised(tag)) return wink.toLowerCase();
  return lower;
}

/** The tags wink's lemmas are kept for (LEMMATISED), answered once per tag. */
const LEMMATISED_TAGS = new Map<string, boolean>();

function lemmatised(tag: string): boolean {
  let known = LEMMATISED_TAGS.get(tag);
  if (known === undefined) {
    known = LEMMATISED.test(tag);
    if (LEMMATISED_TAGS.size < 10_000) LEMMATISED_TAGS.set(tag, known);
  }
  return known;
}

/** Fix the tags where wink-pos-tagger's conventions differ from those ERRANT was built on. */
function adjustTag(
  tokens: readonly string[],
  lowers: readonly string[],
  tags: string[],
  i: number,
): string {
  const lower = lowers[i];
  const tag = tags[i];
  // spaCy tags `to` before a noun phrase as a preposition.
  if (tag === "TO") {
    let j = i + 1;
    while (j < tags.length && tags[j].startsWith("RB")) j++;
    return j < tags.length && tags[j] === "VB" ? "TO" : "IN";
  }
  if (lower === "'s" && tag !== "POS" && !tag.startsWith("VB")) return "VBZ";
  if (lower === "n't" || lower === "not") return "RB";
  if (tokens[i] === "-" || tokens[i] === "--") return tags.length > 0 ? "HYPH" : tag;
  return tag;
}

/**
 * Builds the wink-based analyser (imports wink-pos-tagger on first use).
 *
 * @example Tags, lemmas and an auxiliary
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { loadWinkAnalyser } from "./tag.ts";
 * const analyse = await loadWinkAnalyser();
 * const toks = analyse(["She", "has", "eaten", "apples"]);
 * assertEquals(toks.map((t) => t.tag), ["PRP", "VBZ", "VBN", "NNS"]);
 * assertEquals(toks.map((t) => t.lemma), ["-PRON-", "have", "eat", "apple"]);
 * assertEquals(toks[1].dep, "aux");
 * ```
 */
export async function loadWinkAnalyser(): Promise<Analyser> {
  const parts = await loadWinkParts();
  const lemmatizer = cachedLemmatizer(parts.lemmatizer);
  const table = parts.lexicon as Record<string, string[] | undefined>;
  const tagRaw = createWinkTagger(parts);
  const lexicon = (w: string) => {
    const tags = table[w];
    return tags !== undefined && Object.hasOwn(table, w) ? tags : undefined;
  };
  return function analyse(tokens) {
    const n = tokens.length;
    if (n === 0) return [];
    // "his/her": tag the first alternative.
    const input = new Array<string>(n);
    const lowers = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      const t = tokens[i];
      input[i] = t.includes("/") ? SLASHED.exec(t)?.[1] ?? t : t;
      lowers[i] = t.toLowerCase();
    }
    // A capitalised first word the lexicon knows in lower case is tagged as that word.
    if (/^[A-Z][a-z]+$/.test(input[0]) && lexicon(input[0].toLowerCase())) {
      input[0] = input[0].toLowerCase();
    }
    const tagged = tagRaw(input);
    const winkTags = tagged.pos;
    const raw = retag(tokens, winkTags, lexicon, lowers);
    const analysis = new Array<Token>(n);
    const tags = new Array<string>(n);
    const lemmas = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      const tag = tags[i] = adjustTag(tokens, lowers, raw, i);
      let wink = tagged.lemma[i];
      if (tag !== winkTags[i]) wink = relemmatise(lemmatizer, lowers[i], tag);
      lemmas[i] = lemmaOf(lowers[i], tag, wink);
    }
    const { dep, head } = approximateDependencies(lowers, tags, lemmas);
    for (let i = 0; i < n; i++) {
      analysis[i] = {
        text: tokens[i],
        lower: lowers[i],
        tag: tags[i],
        pos: coarsePos(tags[i]),
        lemma: lemmas[i],
        dep: dep[i],
        head: head[i],
      };
    }
    return analysis;
  };
}
