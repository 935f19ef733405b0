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
import { align as alignTokens, type AlignCosts, type CostTable } from "../edits/align.ts";

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

/** Steps walked back along a diagonal before {@linkcode DiagonalIndex} is asked instead. */
const SHORT_SCAN = 16;

/**
 * For long transposition searches: per diagonal of the cost matrix, built as far as it is asked
 * for, the last row where the cost stops changing and, for each block-start hash difference
 * `oSum[a] − cSum[b]`, the latest start `a` on that diagonal. The walk back from a cell stops at
 * the first such row, and the first block it would find is the latest start with the cell's
 * difference, so one lookup replaces a walk as long as the sentence.
 */
class DiagonalIndex {
  #starts: (Map<number, number> | undefined)[] = [];
  #upTo: number[] = [];
  #lastFlat: number[] = [];
  constructor(
    private readonly oSum: Float64Array,
    private readonly cSum: Float64Array,
    private readonly targetLength: number,
  ) {}

  /**
   * The start `a` of the block the walk back from token cell `(i, j)` finds by hash, or
   * undefined when the walk stops (a flat step or the edge) before any start with `target`.
   * The caller confirms the block; a start closer than the short scan means a collision.
   */
  find(i: number, j: number, target: number, table: CostTable): number | undefined {
    const d = i - j;
    const slot = d + this.targetLength;
    let starts = this.#starts[slot];
    if (!starts) {
      starts = this.#starts[slot] = new Map();
      this.#upTo[slot] = Math.max(0, d);
      this.#lastFlat[slot] = -1;
    }
    const { values, width } = table;
    for (let x = this.#upTo[slot]; x <= i; x++) {
      // Row x is flat when cost(x, x − d) equals cost(x − 1, x − 1 − d).
      if (
        x >= 1 && x - d >= 1 && values[x * width + x - d] === values[(x - 1) * width + x - 1 - d]
      ) {
        this.#lastFlat[slot] = x;
      }
      if (x - 1 >= 0 && x - 1 - d >= 0) {
        starts.set(smallKey(this.oSum[x - 1] - this.cSum[x - 1 - d]), x - 1);
      }
    }
    if (i + 1 > this.#upTo[slot]) this.#upTo[slot] = i + 1;
    const a = starts.get(smallKey(target));
    if (a === undefined || a < this.#lastFlat[slot]) return undefined;
    // Keys are folded to small integers: a start whose full difference is not the target is a
    // collision, answered as one (the caller walks on).
    if (this.oSum[a] - this.cSum[a - d] !== target) return i;
    return a;
  }
}

/** A hash difference folded to a small integer, the fast kind of Map key. */
function smallKey(difference: number): number {
  return (difference % 0x40000000) | 0;
}

/**
 * Prefix sums of a 32-bit FNV-1a hash of each token. The sums stay exact integers in a double
 * for sentences of up to 2^21 tokens.
 */
function hashPrefix(tokens: readonly string[]): Float64Array {
  const prefix = new Float64Array(tokens.length + 1);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    let h = 0x811c9dc5;
    for (let c = 0; c < token.length; c++) h = Math.imul(h ^ token.charCodeAt(c), 0x01000193);
    prefix[i + 1] = prefix[i] + (h >>> 0);
  }
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
  // Running totals of a hash of each lower-cased token: two blocks whose totals differ cannot be
  // reorderings of each other, so a block is sorted only when it very likely is one.
  const oSum = hashPrefix(oLow);
  const cSum = hashPrefix(cLow);
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
    const diagonals = new DiagonalIndex(oSum, cSum, cLow.length);
    costs.transpose = (i, j, _cost, table) => {
      // Back along the diagonal while the cost keeps changing; the first block whose two sides
      // are reorderings of each other (same hash total, then sorted equal) is the transposition.
      const { values, width } = table;
      const target = oSum[i + 1] - cSum[j + 1];
      let cell = i * width + j;
      for (let k = 1; i - k >= 0 && j - k >= 0; k++) {
        if (k > SHORT_SCAN) {
          // A long way back (unrelated sentences): look the block up instead of walking.
          const a = diagonals.find(i, j, target, table);
          if (a === undefined || a < i - SHORT_SCAN) {
            if (a === undefined) return undefined;
            if (sortedEqual(oLow.slice(a, i + 1), cLow.slice(a - i + j, j + 1))) {
              return { cost: values[a * width + a - i + j] + (i - a), size: i - a + 1 };
            }
          }
          // A hash collision: walk on from here, as the short scan does.
        }
        const next = cell - width - 1;
        if (values[cell] === values[next]) return undefined;
        if (
          oSum[i - k] - cSum[j - k] === target &&
          sortedEqual(oLow.slice(i - k, i + 1), cLow.slice(j - k, j + 1))
        ) {
          return { cost: values[next] + k, size: k + 1 };
        }
        cell = next;
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
