/**
 * Stage 1: token alignment. A Damerau-Levenshtein alignment whose substitution cost is
 * linguistic (Felice, Bryant & Briscoe 2016): a substitution costs less when the two tokens share
 * a lemma, a part of speech or most of their characters, and any run of tokens that is a
 * reordering of the other side (case-insensitive) may align as one transposition.
 *
 * The dynamic programme is the one of `edits/align.ts` with these costs written into its loop
 * (tokens compared by small integer ids, the matrix in reused typed arrays): the same cells, the
 * same sums in the same order, the same ties. A common suffix is matched without filling its
 * cells, since the walk back from the last cell takes its matches before anything else.
 *
 * @module
 */

import type { Analysis, Token } from "./token.ts";
import { indelNormalizedDistance } from "./strings.ts";

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

/** The cost matrix as it is filled: row `i` (original prefix length) starts at `i * width`. */
interface CostTable {
  readonly values: Float64Array;
  readonly width: number;
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

/** What is kept per original sentence: ids of its strings and character distances. */
class OrigInfo {
  /** Id of each string of the sentence (texts, lower-cased texts, lemmas, parts of speech). */
  readonly ids = new Map<string, number>();
  readonly text: Int32Array;
  readonly lower: Int32Array;
  readonly lemma: Int32Array;
  readonly pos: Int32Array;
  readonly open: Uint8Array;
  readonly texts: string[];
  readonly lowers: string[];
  readonly sum: Float64Array;
  /**
   * Character distances of the sentence's tokens to each corrected token text met so far
   * (`distances[column + i]`, -1 until computed), the column of a text in `columns`: the
   * outputs of many systems are aligned with one source, and their tokens are mostly the
   * source's own, so most distances are computed once.
   */
  distances: Float64Array;
  readonly columns = new Map<string, number>();

  constructor(orig: Analysis) {
    const n = orig.length;
    this.text = new Int32Array(n);
    this.lower = new Int32Array(n);
    this.lemma = new Int32Array(n);
    this.pos = new Int32Array(n);
    this.open = new Uint8Array(n);
    this.texts = [];
    this.lowers = [];
    for (let i = 0; i < n; i++) {
      const t = orig[i];
      this.text[i] = this.#id(t.text);
      this.lower[i] = this.#id(t.lower);
      this.lemma[i] = this.#id(t.lemma);
      this.pos[i] = this.#id(t.pos);
      this.open[i] = OPEN_POS.has(t.pos) ? 1 : 0;
      this.texts.push(t.text);
      this.lowers.push(t.lower);
    }
    this.sum = hashPrefix(this.lowers);
    this.distances = new Float64Array(Math.max(1, n) * 8).fill(-1);
  }

  #id(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) this.ids.set(s, id = this.ids.size);
    return id;
  }

  /** Where the distances to `text` start in {@linkcode distances}. */
  column(text: string): number {
    let at = this.columns.get(text);
    if (at === undefined) {
      at = this.columns.size * this.text.length;
      this.columns.set(text, at);
      if (at + this.text.length > this.distances.length) {
        const grown = new Float64Array(this.distances.length * 2).fill(-1);
        grown.set(this.distances);
        this.distances = grown;
      }
    }
    return at;
  }
}

const origInfos = new WeakMap<Analysis, OrigInfo>();

function origInfo(orig: Analysis): OrigInfo {
  let info = origInfos.get(orig);
  if (!info) {
    info = new OrigInfo(orig);
    if (orig.length > 0) origInfos.set(orig, info);
  }
  return info;
}

/**
 * A corrected sentence as the kernel reads it: each token's strings as the id of the same string
 * in the original sentence (-1 when the original has none), and where its character distances
 * are kept. One instance is reloaded for every sentence pair.
 */
class CorInfo {
  text = new Int32Array(64);
  lower = new Int32Array(64);
  lemma = new Int32Array(64);
  pos = new Int32Array(64);
  open = new Uint8Array(64);
  column = new Int32Array(64);
  /** Per token: the last original row whose token has its lower-cased text. */
  lastRow = new Int32Array(64);
  texts: string[] = [];

  /** Loads the tokens `cor[from, to)` (the others are never read). */
  load(cor: Analysis, info: OrigInfo, linguistic: boolean, from: number, to: number): void {
    const m = cor.length;
    if (this.text.length < m) {
      const size = Math.max(m, this.text.length * 2);
      this.text = new Int32Array(size);
      this.lower = new Int32Array(size);
      this.lemma = new Int32Array(size);
      this.pos = new Int32Array(size);
      this.open = new Uint8Array(size);
      this.column = new Int32Array(size);
      this.lastRow = new Int32Array(size);
    }
    const ids = info.ids;
    this.texts.length = m;
    for (let j = from; j < to; j++) {
      const t = cor[j];
      this.text[j] = ids.get(t.text) ?? -1;
      if (!linguistic) continue;
      this.texts[j] = t.text;
      this.lower[j] = ids.get(t.lower) ?? -1;
      this.lemma[j] = ids.get(t.lemma) ?? -1;
      this.pos[j] = ids.get(t.pos) ?? -1;
      this.open[j] = OPEN_POS.has(t.pos) ? 1 : 0;
      this.column[j] = info.column(t.text);
    }
  }
}

const corInfo = new CorInfo();

/** Buffers reused from call to call: costs, operations, flat-step runs, transposition sizes. */
let matrixBuffer = new Float64Array(1024);
let opBuffer = new Uint8Array(1024);
let runBuffer = new Int32Array(1024);
let sizeBuffer = new Int32Array(1024);

const OP_M = 0, OP_S = 1, OP_I = 2, OP_D = 3, OP_T = 4;

/**
 * The cheapest alignment of two analysed sentences, left to right, with ERRANT's costs. Ties go
 * to transposition, then substitution, insertion and deletion, in that order; with `lev`, every
 * substitution costs 1 and nothing is transposed (plain Levenshtein). A transposition ending at a
 * cell is looked for only back along the diagonal while the cost keeps changing, and costs its
 * length minus one.
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
  const info = origInfo(orig);
  // A common suffix: the walk back matches it first, whatever the cells before it hold.
  const fullN = orig.length, fullM = cor.length;
  let n = fullN, m = fullM;
  while (n > 0 && m > 0 && orig[n - 1].text === cor[m - 1].text) {
    n--;
    m--;
  }
  // A common prefix: every cell in its rows and columns costs |i − j| (see bandOp).
  let p = 0;
  while (p < n && p < m && orig[p].text === cor[p].text) p++;
  const c = corInfo;
  c.load(cor, info, !lev, p, m);
  const width = m + 1;
  const size = (n + 1) * width;
  if (matrixBuffer.length < size) {
    const length = Math.max(size, matrixBuffer.length * 2);
    matrixBuffer = new Float64Array(length);
    opBuffer = new Uint8Array(length);
    runBuffer = new Int32Array(length);
    sizeBuffer = new Int32Array(length);
  }
  const matrix = matrixBuffer, opOf = opBuffer, run = runBuffer;
  // The cells the dynamic programme reads of the prefix's rows and columns: the last row and
  // column (the others only for a long transposition search, which fills them first).
  for (let j = p; j <= m; j++) {
    matrix[p * width + j] = j - p;
    run[p * width + j] = 0;
  }
  for (let i = p + 1; i <= n; i++) {
    matrix[i * width + p] = i - p;
    run[i * width + p] = 0;
  }
  if (lev) fillLevenshtein(p, n, m, width, info.text, c.text, matrix, opOf);
  else {
    const search = new TranspositionSearch(info, cor, width, matrix, p, n, m);
    fillLinguistic(p, n, m, width, info, c, matrix, opOf, run, sizeBuffer, search);
  }
  const ops: AlignOp[] = [];
  for (let t = fullN - 1, u = fullM - 1; t >= n; t--, u--) {
    ops.push({ op: "M", oStart: t, oEnd: t + 1, cStart: u, cEnd: u + 1 });
  }
  let i = n, j = m;
  while (i + j > 0) {
    const cell = i * width + j;
    const op = i <= p || j <= p ? bandOp(orig, cor, lev, i, j) : opOf[cell];
    if (op === OP_M || op === OP_S) {
      ops.push({ op: op === OP_M ? "M" : "S", oStart: i - 1, oEnd: i, cStart: j - 1, cEnd: j });
      i--;
      j--;
    } else if (op === OP_I) {
      ops.push({ op: "I", oStart: i, oEnd: i, cStart: j - 1, cEnd: j });
      j--;
    } else if (op === OP_D) {
      ops.push({ op: "D", oStart: i - 1, oEnd: i, cStart: j, cEnd: j });
      i--;
    } else {
      const k = sizeBuffer[cell];
      ops.push({ op: `T${k}`, oStart: i - k, oEnd: i, cStart: j - k, cEnd: j });
      i -= k;
      j -= k;
    }
  }
  return ops.reverse();
}

/**
 * The operation of cell (i, j) in the rows or columns of a common prefix of length p (i ≤ p or
 * j ≤ p). Its cost is |i − j|: no path does with fewer insertions or deletions, and matching the
 * prefix first gives that many. The diagonal cell before it costs the same, so no transposition
 * ends there; a substitution ties the cheaper of insertion and deletion only when it costs 0 (a
 * change of case), and wins the tie; else that one is taken. The cells of a prefix's own diagonal
 * are matches.
 */
function bandOp(orig: Analysis, cor: Analysis, lev: boolean, i: number, j: number): number {
  if (i === 0) return OP_I;
  if (j === 0) return OP_D;
  if (orig[i - 1].text === cor[j - 1].text) return OP_M;
  if (!lev && orig[i - 1].lower === cor[j - 1].lower) return OP_S;
  return i > j ? OP_D : OP_I;
}

/** Plain Levenshtein: matches by text, every other step costs 1. */
function fillLevenshtein(
  p: number,
  n: number,
  m: number,
  width: number,
  oText: Int32Array,
  cText: Int32Array,
  matrix: Float64Array,
  opOf: Uint8Array,
): void {
  for (let i = p; i < n; i++) {
    const a = oText[i];
    const rowAbove = i * width;
    const row = rowAbove + width;
    for (let j = p; j < m; j++) {
      const cell = row + j + 1;
      if (a === cText[j]) {
        matrix[cell] = matrix[rowAbove + j];
        opOf[cell] = OP_M;
        continue;
      }
      const sub = matrix[rowAbove + j] + 1;
      const ins = matrix[row + j] + 1;
      const del = matrix[rowAbove + j + 1] + 1;
      let best = OP_S, value = sub;
      if (ins < value) best = OP_I, value = ins;
      if (del < value) best = OP_D, value = del;
      matrix[cell] = value;
      opOf[cell] = best;
    }
  }
}

/**
 * ERRANT's costs: linguistic substitutions and transpositions. A transposition of the block
 * ending at cell (i, j) is looked for back along the diagonal over the `run` steps where the cost
 * keeps changing, and only from the shortest block that can be a reordering: one holding, on
 * the corrected side, the original's last token and, on the original side, the corrected last
 * token (`lastCol`, `lastRow`).
 */
function fillLinguistic(
  p: number,
  n: number,
  m: number,
  width: number,
  o: OrigInfo,
  c: CorInfo,
  matrix: Float64Array,
  opOf: Uint8Array,
  run: Int32Array,
  sizes: Int32Array,
  search: TranspositionSearch,
): void {
  const { text: oText, lower: oLower, lemma: oLemma, pos: oPos, open: oOpen, texts: oTexts } = o;
  const {
    text: cText,
    lower: cLower,
    lemma: cLemma,
    pos: cPos,
    open: cOpen,
    column,
    lastRow,
    texts: cTexts,
  } = c;
  const distances = o.distances;
  // Blocks never reach into the prefix (its diagonal steps are flat): positions before it are
  // not tracked.
  for (let j = p; j < m; j++) lastRow[j] = -(1 << 30);
  for (let i = p; i < n; i++) {
    const a = oText[i], aLower = oLower[i], aLemma = oLemma[i], aPos = oPos[i];
    const aOpen = oOpen[i];
    const rowAbove = i * width;
    const row = rowAbove + width;
    let lastCol = -(1 << 30);
    for (let j = p; j < m; j++) {
      const cell = row + j + 1;
      const diag = rowAbove + j;
      const bLower = cLower[j];
      if (aLower === bLower) {
        lastCol = j;
        lastRow[j] = i;
      }
      if (a === cText[j]) {
        matrix[cell] = matrix[diag];
        opOf[cell] = OP_M;
        run[cell] = 0;
        continue;
      }
      const ins = matrix[row + j] + 1;
      const del = matrix[diag + 1] + 1;
      const below = ins < del ? ins : del;
      let sub = matrix[diag];
      if (aLower !== bLower) {
        let lingCost = aLemma === cLemma[j] ? 0 : 0.499;
        if (aPos !== cPos[j]) lingCost = lingCost + (aOpen && cOpen[j] ? 0.25 : 0.5);
        // The characters' distance is above 0 and a sum of doubles only grows with a term: when
        // the rest already costs more than an insertion or a deletion, the substitution loses
        // (it would not even tie), whatever the distance.
        if (sub + lingCost > below) sub = Infinity;
        else {
          const at = column[j] + i;
          let chars = distances[at];
          if (chars < 0) chars = distances[at] = indelNormalizedDistance(oTexts[i], cTexts[j]);
          sub = sub + (lingCost + chars);
        }
      }
      let best = OP_T, value = Infinity;
      const steps = run[diag];
      const j0 = j - lastCol, i0 = i - lastRow[j];
      let from = j0 > i0 ? j0 : i0;
      if (from < 1) from = 1;
      if (from <= steps) {
        const k = search.find(i, j, from, steps);
        if (k > 0) {
          value = matrix[diag - k * (width + 1)] + k;
          sizes[cell] = k + 1;
        }
      }
      if (sub < value) best = OP_S, value = sub;
      if (ins < value) best = OP_I, value = ins;
      if (del < value) best = OP_D, value = del;
      matrix[cell] = value;
      opOf[cell] = best;
      run[cell] = value !== matrix[diag] ? steps + 1 : 0;
    }
  }
}

/** The transposition search of one sentence pair (see {@linkcode fillLinguistic}). */
class TranspositionSearch {
  #cSum: Float64Array | undefined;
  #cLow: string[] | undefined;
  #diagonals: DiagonalIndex | undefined;
  constructor(
    readonly info: OrigInfo,
    readonly cor: Analysis,
    readonly width: number,
    readonly matrix: Float64Array,
    readonly p: number,
    readonly n: number,
    readonly m: number,
  ) {}

  /** Fills the costs of the prefix's rows and columns: |i − j|. */
  #fillPrefix(): void {
    const { matrix, width, p, n, m } = this;
    for (let i = 0; i <= n; i++) {
      const row = i * width;
      for (let j = 0; j <= (i <= p ? m : p); j++) matrix[row + j] = i > j ? i - j : j - i;
    }
  }

  /**
   * The smallest k in [from, steps] such that the original tokens i−k..i and the corrected
   * tokens j−k..j are reorderings of each other (lower-cased), or 0. `steps` counts the steps
   * back along the diagonal before the first where the cost stays the same.
   */
  find(i: number, j: number, from: number, steps: number): number {
    const oSum = this.info.sum, oLow = this.info.lowers;
    const cLow = this.#cLow ??= this.cor.map((t) => t.lower);
    const cSum = this.#cSum ??= hashPrefix(cLow);
    // Running totals of a hash of each lower-cased token: two blocks whose totals differ cannot
    // be reorderings of each other, so a block is sorted only when it very likely is one.
    const target = oSum[i + 1] - cSum[j + 1];
    for (let k = from; k <= steps; k++) {
      if (k > SHORT_SCAN) {
        // A long way back (unrelated sentences): look the block up instead of walking.
        if (!this.#diagonals) {
          this.#fillPrefix();
          this.#diagonals = new DiagonalIndex(oSum, cSum, cLow.length);
        }
        const table = { values: this.matrix, width: this.width };
        const s = this.#diagonals.find(i, j, target, table);
        if (s === undefined) return 0;
        if (s < i - SHORT_SCAN) {
          if (sortedEqual(oLow.slice(s, i + 1), cLow.slice(s - i + j, j + 1))) return i - s;
        }
        // A hash collision: walk on from here, as the short scan does.
      }
      if (
        oSum[i - k] - cSum[j - k] === target &&
        sortedEqual(oLow.slice(i - k, i + 1), cLow.slice(j - k, j + 1))
      ) {
        return k;
      }
    }
    return 0;
  }
}
