/**
 * Stage 1: token alignment. A Damerau-Levenshtein alignment whose substitution cost is
 * linguistic (Felice, Bryant & Briscoe 2016): a substitution costs less when the two tokens share
 * a lemma, a part of speech or most of their characters, and any run of tokens that is a
 * reordering of the other side (case-insensitive) may align as one transposition.
 *
 * @module
 */

import type { Analysis, Token } from "./token.ts";
import { indelNormalizedDistance } from "./strings.ts";
import { align as alignTokens, type AlignCosts } from "../edits/align.ts";

/** One step of an alignment: `M` match, `S` substitution, `I`, `D`, or `T<n>` transposition. */
export interface AlignOp {
  /** `M`, `S`, `I`, `D`, or `T` followed by the transposed block's length. */
  readonly op: string;
  /** First original token. */
  readonly oStart: number;
  /** One past the last original token. */
  readonly oEnd: number;
  /** First corrected token. */
  readonly cStart: number;
  /** One past the last corrected token. */
  readonly cEnd: number;
}

const OPEN_POS = new Set(["ADJ", "ADV", "NOUN", "VERB"]);

/**
 * The linguistic substitution cost of `o` → `c`, between 0 and 2: 0 for a case change, else
 * 0.499 for different lemmas, plus 0.25 for two different open-class POS (0.5 for other different
 * POS), plus the normalised Indel distance of the characters.
 *
 * @example A noun and its plural cost only their character distance
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { substitutionCost } from "./align.ts";
 * const tok = (text: string, lemma: string) =>
 *   ({ text, lower: text, tag: "NN", pos: "NOUN", lemma, dep: "dobj", head: 0 });
 * assertEquals(substitutionCost(tok("cat", "cat"), tok("cats", "cat")), 1 / 7);
 * ```
 */
export function substitutionCost(o: Token, c: Token): number {
  if (o.lower === c.lower) return 0;
  return linguisticCost(o, c) + indelNormalizedDistance(o.text, c.text);
}

/** The lemma and part-of-speech parts of {@linkcode substitutionCost}. */
function linguisticCost(o: Token, c: Token): number {
  const lemmaCost = o.lemma === c.lemma ? 0 : 0.499;
  if (o.pos === c.pos) return lemmaCost;
  return lemmaCost + (OPEN_POS.has(o.pos) && OPEN_POS.has(c.pos) ? 0.25 : 0.5);
}

/**
 * Character distances of an original sentence's tokens to each corrected token text met so far,
 * kept with the analysed sentence: the outputs of many systems are aligned with one source, and
 * their tokens are mostly the source's own, so most distances are computed once.
 */
const charDistances = new WeakMap<Analysis, Map<string, Float64Array>>();

function charDistanceColumns(orig: Analysis, cor: Analysis): Float64Array[] {
  let byText = charDistances.get(orig);
  if (!byText) charDistances.set(orig, byText = new Map());
  return cor.map((c) => {
    let column = byText.get(c.text);
    if (!column) byText.set(c.text, column = new Float64Array(orig.length).fill(-1));
    return column;
  });
}

function lengthPrefix(tokens: readonly string[]): Int32Array {
  const prefix = new Int32Array(tokens.length + 1);
  for (let i = 0; i < tokens.length; i++) prefix[i + 1] = prefix[i] + tokens[i].length;
  return prefix;
}

function sortedEqual(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/**
 * The cheapest alignment of two analysed sentences, left to right, computed by the `edits/`
 * aligner with ERRANT's costs plugged in. Ties go to transposition, then substitution, insertion
 * and deletion, in that order; with `lev`, every substitution costs 1 and nothing is transposed
 * (plain Levenshtein). A transposition ending at a cell is looked for only back along the
 * diagonal while the cost keeps changing, and costs its length minus one.
 *
 * @example One substitution and matches around it
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { align } from "./align.ts";
 * const tok = (text: string) =>
 *   ({ text, lower: text, tag: "NN", pos: "NOUN", lemma: text, dep: "dobj", head: 0 });
 * const ops = align(["a", "cat"].map(tok), ["a", "dog"].map(tok)).map((a) => a.op);
 * assertEquals(ops, ["M", "S"]);
 * ```
 *
 * @example A transposition
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { align } from "./align.ts";
 * const tok = (text: string) =>
 *   ({ text, lower: text, tag: "NN", pos: "NOUN", lemma: text, dep: "dobj", head: 0 });
 * const ops = align(["is", "it", "?"].map(tok), ["it", "is", "?"].map(tok)).map((a) => a.op);
 * assertEquals(ops, ["T2", "M"]);
 * ```
 */
export function align(orig: Analysis, cor: Analysis, lev = false): AlignOp[] {
  const oLow = orig.map((t) => t.lower);
  const cLow = cor.map((t) => t.lower);
  // Running totals of the lower-cased lengths: two blocks of different total length cannot be
  // reorderings of each other, which spares most sorts.
  const oLen = lengthPrefix(oLow);
  const cLen = lengthPrefix(cLow);
  const columns = lev ? [] : charDistanceColumns(orig, cor);
  const costs: AlignCosts<Token, Token> = {
    match: (a, b) => a.text === b.text,
    substitute: lev ? () => 1 : (o, c, i, j) => {
      if (o.lower === c.lower) return 0;
      const column = columns[j];
      let chars = column[i];
      if (chars < 0) chars = column[i] = indelNormalizedDistance(o.text, c.text);
      return linguisticCost(o, c) + chars;
    },
  };
  if (!lev) {
    costs.transpose = (i, j, cost) => {
      for (let k = 1; i - k >= 0 && j - k >= 0; k++) {
        if (cost(i - k + 1, j - k + 1) === cost(i - k, j - k)) return undefined;
        if (
          oLen[i + 1] - oLen[i - k] === cLen[j + 1] - cLen[j - k] &&
          sortedEqual(oLow.slice(i - k, i + 1), cLow.slice(j - k, j + 1))
        ) {
          return { cost: cost(i - k, j - k) + k, size: k + 1 };
        }
      }
      return undefined;
    };
  }
  return alignTokens(orig, cor, costs).ops.map((o) => ({
    op: o.op === "T" ? `T${o.sourceEnd - o.sourceStart}` : o.op,
    oStart: o.sourceStart,
    oEnd: o.sourceEnd,
    cStart: o.targetStart,
    cEnd: o.targetEnd,
  }));
}
