/**
 * Stage 3: the error-type classifier (Bryant, Felice & Briscoe 2017). An edit is Missing,
 * Unnecessary or Replacement, and gets one of 25 categories from the parts of speech, lemmas,
 * dependency labels and spelling of its tokens: POS-based types (ADJ, ADV, CONJ, DET, NOUN, PART,
 * PREP, PRON, PUNCT, VERB), ADJ:FORM, CONTR, MORPH, NOUN:INFL, NOUN:NUM, NOUN:POSS, ORTH, OTHER,
 * SPELL, VERB:FORM, VERB:INFL, VERB:SVA, VERB:TENSE and WO; `UNK` for an edit that changes nothing.
 *
 * @module
 */

import type { Analysis, Token } from "./token.ts";
import { typePos } from "./tag_map.ts";
import { isAlpha, levenshteinNormalizedSimilarity } from "./strings.ts";

/** The word list and stemmer the classifier consults. */
export interface ClassifierResources {
  /** Whether `word` is a correctly spelt British English word, exactly as written. */
  isWord(word: string): boolean;
  /** The Lancaster (Paice/Husk) stem of `word`. */
  stem(word: string): string;
  /**
   * The POS name an error type uses for a token (default: from its Penn Treebank tag, ERRANT's
   * map: `ADP` named `PREP`, `PROPN` folded into `NOUN`, `CCONJ` named `CONJ`). Analyses of
   * another language give it from the universal POS ({@linkcode universalTypePos}).
   */
  typePos?(token: Token): string;
}

/**
 * The POS name an error type uses, from a token's universal POS, as ERRANT's map names them:
 * `ADP` → `PREP`, `PROPN` → `NOUN`, `CCONJ` → `CONJ`; every other UD tag as it is.
 *
 * @example
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { universalTypePos } from "./classify.ts";
 * const t = (pos: string) => ({ text: "x", lower: "x", tag: "_", pos, lemma: "x", dep: "dep", head: 0 });
 * assertEquals(["ADP", "PROPN", "CCONJ", "AUX"].map((p) => universalTypePos(t(p))), ["PREP", "NOUN", "CONJ", "AUX"]);
 * ```
 */
export function universalTypePos(token: Token): string {
  const upos = token.pos;
  return upos === "ADP" ? "PREP" : upos === "PROPN" ? "NOUN" : upos === "CCONJ" ? "CONJ" : upos;
}

const pennTypePos = (t: Token) => typePos(t.tag);

/** An edit to classify: spans into two analysed sentences. */
export interface EditInput {
  /** The original sentence. */
  readonly orig: Analysis;
  /** The corrected sentence. */
  readonly cor: Analysis;
  /** First original token of the edit. */
  readonly oStart: number;
  /** One past its last original token. */
  readonly oEnd: number;
  /** First corrected token of the edit. */
  readonly cStart: number;
  /** One past its last corrected token. */
  readonly cEnd: number;
}

const OPEN_POS = new Set(["ADJ", "ADV", "NOUN", "VERB"]);
const RARE_POS = new Set(["INTJ", "NUM", "SYM", "X"]);
const CONTRACTIONS = new Set(["'d", "'ll", "'m", "n't", "'re", "'s", "'ve"]);
// Maps, not objects: a token such as "constructor" must not find an Object member.
const AUX_CONTRACTIONS: ReadonlyMap<string, string> = new Map([
  ["ca", "can"],
  ["sha", "shall"],
  ["wo", "will"],
]);
const DEP_MAP: Readonly<Record<string, string>> = {
  acomp: "ADJ",
  amod: "ADJ",
  advmod: "ADV",
  det: "DET",
  prep: "PREP",
  prt: "PART",
  punct: "PUNCT",
};

const subset = (xs: readonly string[], of: ReadonlySet<string>) => xs.every((x) => of.has(x));
const setOf = (...lists: readonly string[][]) => new Set(lists.flat());
const sameSet = (a: Set<string>, ...b: string[]) => a.size === b.length && b.every((x) => a.has(x));

function oneSidedType(toks: readonly Token[], res: ClassifierResources): string {
  if (toks.length === 1) {
    if (toks[0].tag === "POS") return "NOUN:POSS";
    if (CONTRACTIONS.has(toks[0].lower)) return "CONTR";
    if (toks[0].lower === "to" && toks[0].pos === "PART" && toks[0].dep !== "prep") {
      return "VERB:FORM";
    }
  }
  const pos = toks.map(res.typePos ?? pennTypePos);
  const dep = toks.map((t) => t.dep);
  if (subset(dep, new Set(["aux", "auxpass"]))) return "VERB:TENSE";
  const posSet = new Set(pos);
  if (posSet.size === 1 && !RARE_POS.has(pos[0])) return pos[0];
  if (new Set(dep).size === 1 && Object.hasOwn(DEP_MAP, dep[0])) return DEP_MAP[dep[0]];
  if (sameSet(posSet, "PART", "VERB")) return "VERB";
  return "OTHER";
}

function children(sent: Analysis, head: number): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < sent.length; i++) if (i !== head && sent[i].head === head) out.push(sent[i]);
  return out;
}

/** Both tokens (the first of each side) have an auxiliary before them. */
function precededByAux(e: EditInput): boolean {
  const o = e.orig[e.oStart];
  const c = e.cor[e.cStart];
  if (o.dep.startsWith("aux") && c.dep.startsWith("aux")) {
    for (const oChild of children(e.orig, o.head)) {
      if (!oChild.dep.startsWith("aux")) continue;
      if (oChild.text !== o.text) {
        for (const cChild of children(e.cor, c.head)) {
          if (!cChild.dep.startsWith("aux")) continue;
          if (cChild.text !== c.text) return true;
          break;
        }
      }
      break;
    }
    return false;
  }
  const oDeps = children(e.orig, e.oStart).map((t) => t.dep);
  const cDeps = children(e.cor, e.cStart).map((t) => t.dep);
  return (oDeps.includes("aux") || oDeps.includes("auxpass")) &&
    (cDeps.includes("aux") || cDeps.includes("auxpass"));
}

function twoSidedType(
  e: EditInput,
  o: readonly Token[],
  c: readonly Token[],
  res: ClassifierResources,
): string {
  const posOf = res.typePos ?? pennTypePos;
  const oPos = o.map(posOf);
  const cPos = c.map(posOf);
  const oDep = o.map((t) => t.dep);
  const cDep = c.map((t) => t.dep);
  const oJoin = o.map((t) => t.lower).join("");
  const cJoin = c.map((t) => t.lower).join("");
  if (oJoin === cJoin) return "ORTH";
  const oSorted = o.map((t) => t.lower).sort();
  const cSorted = c.map((t) => t.lower).sort();
  if (oSorted.length === cSorted.length && oSorted.every((x, i) => x === cSorted[i])) return "WO";

  if (o.length === 1 && c.length === 1) {
    const ot = o[0];
    const ct = c[0];
    const pair = new Set([ot.lower, ct.lower]);
    // 1. Special cases.
    if (ot.tag === "POS" || ct.tag === "POS") return "NOUN:POSS";
    if ((CONTRACTIONS.has(ot.lower) || CONTRACTIONS.has(ct.lower)) && oPos[0] === cPos[0]) {
      return "CONTR";
    }
    if (
      AUX_CONTRACTIONS.get(ot.lower) === ct.lower ||
      AUX_CONTRACTIONS.get(ct.lower) === ot.lower
    ) return "CONTR";
    if (AUX_CONTRACTIONS.has(ot.lower) || AUX_CONTRACTIONS.has(ct.lower)) return "VERB:TENSE";
    if (sameSet(pair, "was", "were")) return "VERB:SVA";

    // 2. Spelling and inflection.
    if (isAlpha(ot.text) && !res.isWord(ot.text) && !res.isWord(ot.lower)) {
      if (ot.lemma === ct.lemma) {
        if (oPos[0] === cPos[0] && (oPos[0] === "NOUN" || oPos[0] === "VERB")) {
          return `${oPos[0]}:INFL`;
        }
        return "MORPH";
      }
      const sim = levenshteinNormalizedSimilarity(ot.lower, ct.lower);
      if (sim > 0.55) return "SPELL";
      if (sim === 0.5 || Math.round(sim * 1000) / 1000 === 0.333) {
        if (ot.text.length <= 4 && ct.text.length <= 4) return "SPELL";
      }
      return RARE_POS.has(cPos[0]) ? "OTHER" : cPos[0];
    }

    // 3. Morphology.
    if (ot.lemma === ct.lemma && OPEN_POS.has(oPos[0]) && OPEN_POS.has(cPos[0])) {
      if (oPos[0] === cPos[0]) {
        if (oPos[0] === "ADJ") return "ADJ:FORM";
        if (oPos[0] === "NOUN") return "NOUN:NUM";
        if (oPos[0] === "VERB") {
          if (precededByAux(e)) return "VERB:FORM";
          if (["VBG", "VBN"].includes(ot.tag) || ["VBG", "VBN"].includes(ct.tag)) {
            return "VERB:FORM";
          }
          if (ot.tag === "VBD" || ct.tag === "VBD") return "VERB:TENSE";
          if (ot.tag === "VBZ" || ct.tag === "VBZ") return "VERB:SVA";
          if (oDep[0].startsWith("aux") && cDep[0].startsWith("aux")) return "VERB:TENSE";
        }
      }
      if (subset([...oDep, ...cDep], new Set(["acomp", "amod"]))) return "ADJ:FORM";
      if (oPos[0] === "ADJ" && ct.tag === "NNS") return "NOUN:NUM";
      if (ct.tag === "VBG" || ct.tag === "VBN") return "VERB:FORM";
      if (ct.tag === "VBD") return "VERB:TENSE";
      if (ct.tag === "VBZ") return "VERB:SVA";
      return "MORPH";
    }
    if (
      res.stem(ot.text) === res.stem(ct.text) && OPEN_POS.has(oPos[0]) && OPEN_POS.has(cPos[0])
    ) return "MORPH";

    // 4. General.
    if (oDep[0].startsWith("aux") && cDep[0].startsWith("aux")) return "VERB:TENSE";
    if (oPos[0] === cPos[0] && !RARE_POS.has(oPos[0])) return oPos[0];
    if (oDep[0] === cDep[0] && Object.hasOwn(DEP_MAP, oDep[0])) return DEP_MAP[oDep[0]];
    const allPos = setOf(oPos, cPos);
    if (sameSet(allPos, "PART", "PREP") || sameSet(setOf(oDep, cDep), "prt", "prep")) return "PART";
    if (sameSet(allPos, "DET", "PRON")) {
      if (["nsubj", "nsubjpass", "dobj", "pobj"].includes(cDep[0])) return "PRON";
      if (cDep[0] === "poss") return "DET";
    }
    if (sameSet(allPos, "NUM", "DET")) return "DET";
    if (sameSet(pair, "other", "another")) return "DET";
    if (ot.lower === "your" && ct.lower === "yours") return "PRON";
    if (sameSet(pair, "no", "not")) return "OTHER";

    // 5. String similarity.
    if (isAlpha(ot.text) && isAlpha(ct.text)) {
      const sim = levenshteinNormalizedSimilarity(ot.lower, ct.lower);
      const oLen = ot.text.length;
      const cLen = ct.text.length;
      const cType = RARE_POS.has(cPos[0]) ? undefined : cPos[0];
      if (oLen === 1 && cLen === 2 && sim === 0.5) return "SPELL";
      if (oLen === 2 && cLen >= 2 && cLen <= 3 && sim >= 0.5) return "SPELL";
      if (oLen === 3) {
        if (ot.lower === "the" && ct.lower === "that") return "PRON";
        if (ot.lower === "all" && ct.lower === "everything") return "PRON";
        if (cLen >= 2 && cLen <= 4 && sim >= 0.5) return "SPELL";
      }
      if (oLen === 4) {
        if (sameSet(pair, "that", "what")) return "PRON";
        if (sameSet(pair, "good", "well") && cType) return cType;
        if (cLen === 3 && sim > 0.5) return "SPELL";
        if (cLen === 4 && sim >= 0.5) return "SPELL";
        if (cLen === 5 && sim === 0.8) return "SPELL";
        if (cLen > 5 && sim > 0.5 && cType) return cType;
      }
      if (oLen === 5) {
        if (sameSet(pair, "after", "later") && cType) return cType;
        if (cLen === 4 && sim === 0.8) return "SPELL";
        if (cLen === 5 && sim >= 0.6) return "SPELL";
        if (cLen > 5 && cType) return cType;
      }
      if (oLen > 5 && cLen > 5) {
        if (ot.lower === "therefor" && ct.lower === "therefore") return "SPELL";
        if (sameSet(pair, "though", "thought")) return "SPELL";
        if ((ot.text.startsWith(ct.text) || ct.text.startsWith(ot.text)) && sim >= 0.66) {
          return "MORPH";
        }
        if (sim > 0.8) return "SPELL";
        if (sim < 0.55 && cType) return cType;
      }
      // No 1:1 rule decided: the multi-token rules below have the last word.
    } else return "OTHER";
  }

  // Multi-token replacements.
  if (subset([...oDep, ...cDep], new Set(["aux", "auxpass"]))) return "VERB:TENSE";
  const allPos = setOf(oPos, cPos);
  if (allPos.size === 1) {
    if (oPos[0] === "VERB" && o[o.length - 1].lemma === c[c.length - 1].lemma) return "VERB:TENSE";
    if (!RARE_POS.has(oPos[0])) return oPos[0];
  }
  const allDep = setOf(oDep, cDep);
  if (allDep.size === 1 && Object.hasOwn(DEP_MAP, oDep[0])) return DEP_MAP[oDep[0]];
  if (sameSet(allPos, "PART", "VERB")) {
    return o[o.length - 1].lemma === c[c.length - 1].lemma ? "VERB:FORM" : "VERB";
  }
  const nounPart = (p: string[]) => p.length === 2 && p[0] === "NOUN" && p[1] === "PART";
  if ((nounPart(oPos) || nounPart(cPos)) && o[0].lemma === c[0].lemma) return "NOUN:POSS";
  if (
    (o[0].lower === "most" || o[0].lower === "more" || c[0].lower === "most" ||
      c[0].lower === "more") &&
    o[o.length - 1].lemma === c[c.length - 1].lemma && o.length <= 2 && c.length <= 2
  ) return "ADJ:FORM";
  return "OTHER";
}

function classifyTokens(
  e: EditInput,
  o: readonly Token[],
  c: readonly Token[],
  sameText: boolean,
  res: ClassifierResources,
): string {
  if (o.length === 0 && c.length === 0) return "UNK";
  if (o.length === 0) return `M:${oneSidedType(c, res)}`;
  if (c.length === 0) return `U:${oneSidedType(o, res)}`;
  // The full edit's text decides, also when a case change at the end was cut off.
  if (sameText) return "UNK";
  if (o[o.length - 1].lower === c[c.length - 1].lower && (o.length > 1 || c.length > 1)) {
    return classifyTokens(e, o.slice(0, -1), c.slice(0, -1), sameText, res);
  }
  return `R:${twoSidedType(e, o, c, res)}`;
}

/**
 * The ERRANT error type of one edit, e.g. `R:VERB:SVA`, `M:DET`, `U:PUNCT`.
 *
 * @example A plural noun for a singular one is noun number
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { classifyEdit } from "./classify.ts";
 * const tok = (text: string, tag: string, lemma: string) =>
 *   ({ text, lower: text, tag, pos: "NOUN", lemma, dep: "dobj", head: 0 });
 * const res = { isWord: () => true, stem: (w: string) => w };
 * const orig = [tok("cat", "NN", "cat")];
 * const cor = [tok("cats", "NNS", "cat")];
 * assertEquals(classifyEdit({ orig, cor, oStart: 0, oEnd: 1, cStart: 0, cEnd: 1 }, res), "R:NOUN:NUM");
 * ```
 */
export function classifyEdit(e: EditInput, res: ClassifierResources): string {
  const o = e.orig.slice(e.oStart, e.oEnd);
  const c = e.cor.slice(e.cStart, e.cEnd);
  const sameText = o.map((t) => t.text).join(" ") === c.map((t) => t.text).join(" ");
  return classifyTokens(e, o, c, sameText, res);
}
