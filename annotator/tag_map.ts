/**
 * Part-of-speech maps: Penn Treebank tags to Universal Dependencies tags as published by the UD
 * project (tagset conversion table `en-penn-uposf`), the renames ERRANT's error types use, and the
 * coarse tags a spaCy 2 English model assigns (which the aligner and merger compare).
 *
 * @module
 */

/** PTB → UPOS, the published UD conversion (plus the few tags spaCy adds to PTB). */
export const PTB_TO_UPOS: Readonly<Record<string, string>> = {
  "#": "SYM",
  "$": "SYM",
  "''": "PUNCT",
  '""': "PUNCT",
  ",": "PUNCT",
  "-LRB-": "PUNCT",
  "-RRB-": "PUNCT",
  ".": "PUNCT",
  ":": "PUNCT",
  "``": "PUNCT",
  AFX: "ADJ",
  CC: "CCONJ",
  CD: "NUM",
  DT: "DET",
  EX: "PRON",
  FW: "X",
  HYPH: "PUNCT",
  IN: "ADP",
  JJ: "ADJ",
  JJR: "ADJ",
  JJS: "ADJ",
  LS: "X",
  MD: "VERB",
  NIL: "X",
  NN: "NOUN",
  NNP: "PROPN",
  NNPS: "PROPN",
  NNS: "NOUN",
  PDT: "DET",
  POS: "PART",
  PRP: "PRON",
  PRP$: "DET",
  RB: "ADV",
  RBR: "ADV",
  RBS: "ADV",
  RP: "PART",
  SYM: "SYM",
  TO: "PART",
  UH: "INTJ",
  VB: "VERB",
  VBD: "VERB",
  VBG: "VERB",
  VBN: "VERB",
  VBP: "VERB",
  VBZ: "VERB",
  WDT: "DET",
  WP: "PRON",
  WP$: "DET",
  WRB: "ADV",
  SP: "SPACE",
  _SP: "SPACE",
  BES: "VERB",
  HVS: "VERB",
  ADD: "X",
  GW: "X",
  NFP: "X",
  XX: "X",
};

/**
 * The POS name an ERRANT error type uses for a PTB tag: the UD tag, with `ADP` named `PREP`,
 * `PROPN` folded into `NOUN` and `CCONJ` named `CONJ`.
 *
 * @example Proper nouns are nouns, prepositions are PREP
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { typePos } from "./tag_map.ts";
 * assertEquals([typePos("NNP"), typePos("IN"), typePos("CC")], ["NOUN", "PREP", "CONJ"]);
 * ```
 */
export function typePos(tag: string): string {
  const upos = Object.hasOwn(PTB_TO_UPOS, tag) ? PTB_TO_UPOS[tag] : "X";
  if (upos === "ADP") return "PREP";
  if (upos === "PROPN") return "NOUN";
  if (upos === "CCONJ") return "CONJ";
  return upos;
}

/**
 * The coarse POS a spaCy 2 English model gives a PTB tag (its tag map): the UD table except that
 * particles `RP` are `ADP` and `NFP` is `PUNCT`.
 */
export function coarsePos(tag: string): string {
  if (tag === "RP") return "ADP";
  if (tag === "NFP") return "PUNCT";
  return Object.hasOwn(PTB_TO_UPOS, tag) ? PTB_TO_UPOS[tag] : "X";
}
