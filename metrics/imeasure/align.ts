/**
 * The I-measure's exact three-way alignment of source, hypothesis and reference by
 * Sum-of-Pairs dynamic programming (Felice and Briscoe 2015, Listing 2: match 0, gap 2,
 * mismatch 3), and the classification of its columns (Table 6 of the paper).
 *
 * Tie-breaks follow `ieval.py`: when two of the three sequences are equal, a pairwise
 * alignment of the two distinct ones is used (equal sequences share a row); the backtrace
 * prefers the diagonal move, then moves that leave a gap in fewer rows, in row order.
 *
 * @module
 */

import type { Tokens } from "../../plugins/types.ts";
import { threeColumns } from "./cube.ts";
import { columnBuffer, pairColumns, room } from "./pair.ts";

/** An aligned triple: three rows of equal length; `""` is a gap. */
export interface Alignment3 {
  /** Source row. */
  source: string[];
  /** Hypothesis row. */
  hypothesis: string[];
  /** Reference row. */
  reference: string[];
}

/**
 * The class of an aligned column (Table 6 of the paper): `TN` (nothing to do, nothing done),
 * `FN` (error left alone), `FP` (unneeded change), `TP` (needed change made as the reference
 * has it), `TPD` (needed change made differently: a detection TP, and for correction an FP, an
 * FN and an FPN at once).
 */
export type ColumnClass = "TN" | "FN" | "FP" | "TP" | "TPD";

/**
 * For each token of `a`, the index of the token of `b` it is aligned with in their pairwise
 * alignment (gap 2, mismatch 3; the backtrace of {@linkcode pairColumns}) when the two are
 * equal, else `-1`.
 *
 * @example Usage
 * ```ts
 * import { copiedTokens } from "./align.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(copiedTokens(Int32Array.of(1, 2, 3), Int32Array.of(1, 4, 3)), Int32Array.of(0, -1, 2));
 * assert.deepEqual(copiedTokens(Int32Array.of(1, 2), Int32Array.of(1, 2)), Int32Array.of(0, 1));
 * ```
 *
 * @param a First sequence (token ids).
 * @param b Second sequence.
 * @param out Where to write (at least `a.length` entries; by default a new array).
 * @returns `out`: one index into `b` (or -1) per token of `a`, in its first entries.
 */
export function copiedTokens(
  a: Int32Array,
  b: Int32Array,
  out: Int32Array = new Int32Array(a.length),
): Int32Array {
  if (sameTokens(a, b)) {
    for (let i = 0; i < a.length; i++) out[i] = i;
    return out;
  }
  out.fill(-1, 0, a.length);
  const len = pairColumns(a, b, 0, 1, 2);
  const cols = columnBuffer.cols;
  for (let c = 0, q = 0; c < len; c++, q += 3) {
    const i = cols[q], j = cols[q + 1];
    if (i >= 0 && j >= 0 && a[i] === b[j]) out[i] = j;
  }
  return out;
}

function sameTokens(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The I-measure's alignment of three id sequences into `columnBuffer.cols` (reverse order):
 * equal rows share their columns, two equal rows are aligned pairwise with the odd one out,
 * three distinct rows by the Sum-of-Pairs cube. Returns the column count.
 */
function columns(s: Int32Array, h: Int32Array, r: Int32Array): number {
  const sh = sameTokens(s, h);
  if (sh && sameTokens(h, r)) {
    room(s.length);
    const cols = columnBuffer.cols;
    for (let i = 0, q = 3 * (s.length - 1); i < s.length; i++, q -= 3) {
      cols[q] = cols[q + 1] = cols[q + 2] = i;
    }
    return s.length;
  }
  // Two rows equal: align the odd one out against one of the equal ones.
  if (sh) return pairColumns(h, r, 1, 2, 0);
  if (sameTokens(s, r)) return pairColumns(r, h, 2, 1, 0);
  if (sameTokens(h, r)) return pairColumns(r, s, 2, 0, 1);
  return threeColumns(s, h, r);
}

/**
 * Maps tokens to small integers, shared by the sequences given (and by earlier calls given the
 * same `ids` map). The empty token is 0, as a gap is when columns are classified.
 *
 * @example Usage
 * ```ts
 * import { intern } from "./align.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(intern([["a", "b"], ["b"]]), [Int32Array.of(1, 2), Int32Array.of(2)]);
 * const ids = new Map<string, number>();
 * intern([["x"]], ids);
 * assert.deepEqual(intern([["y", "x", ""]], ids), [Int32Array.of(2, 1, 0)]);
 * ```
 *
 * @param seqs Token sequences.
 * @param ids Token ids so far (extended with new tokens).
 * @returns One id array per sequence.
 */
export function intern(seqs: readonly Tokens[], ids = new Map<string, number>()): Int32Array[] {
  return seqs.map((s) => {
    const out = new Int32Array(s.length);
    for (let i = 0; i < s.length; i++) {
      const t = s[i];
      if (t === "") continue;
      let id = ids.get(t);
      if (id === undefined) ids.set(t, id = ids.size + 1);
      out[i] = id;
    }
    return out;
  });
}

/**
 * Aligns source, hypothesis and reference exactly as the I-measure does.
 *
 * @example Usage
 * ```ts
 * import { align3 } from "./align.ts";
 * import assert from "node:assert/strict";
 *
 * const a = align3(["a", "cat", "sat"], ["the", "cat", "sat"], ["the", "cat", "sits"]);
 * assert.deepEqual(a.source, ["a", "cat", "sat"]);
 * assert.deepEqual(a.hypothesis, ["the", "cat", "sat"]);
 * assert.deepEqual(a.reference, ["the", "cat", "sits"]);
 * ```
 *
 * @param source Source tokens.
 * @param hypothesis Hypothesis tokens.
 * @param reference Reference tokens.
 * @returns The three rows, gaps as `""`.
 */
export function align3(source: Tokens, hypothesis: Tokens, reference: Tokens): Alignment3 {
  const seqs = [source, hypothesis, reference];
  const [s, h, r] = intern(seqs);
  const len = columns(s, h, r);
  const rows: string[][] = [[], [], []];
  const cols = columnBuffer.cols;
  for (let c = len - 1; c >= 0; c--) {
    for (let n = 0; n < 3; n++) {
      const x = cols[3 * c + n];
      rows[n].push(x < 0 ? "" : seqs[n][x]);
    }
  }
  return { source: rows[0], hypothesis: rows[1], reference: rows[2] };
}

/**
 * The counts of {@linkcode alignmentCounts} for token ids (from {@linkcode intern}, one map for
 * the three sequences), without building the aligned rows: the same alignment, the same
 * columns, the same classes.
 *
 * @example Usage
 * ```ts
 * import { alignmentCountsOfIds, intern } from "./align.ts";
 * import assert from "node:assert/strict";
 *
 * const [s, h, r] = intern([["a", "cat"], ["an", "cat"], ["the", "cat"]]);
 * assert.deepEqual(alignmentCountsOfIds(s, h, r), [1, 1, 0, 0, 0, 0, 1, 1, 1, 1]);
 * ```
 *
 * @param s Source ids.
 * @param h Hypothesis ids.
 * @param r Reference ids.
 * @returns Detection then correction counts (`[tp, tn, fp, fn, fpn]` each).
 */
export function alignmentCountsOfIds(s: Int32Array, h: Int32Array, r: Int32Array): number[] {
  const out = new Array<number>(10);
  countsInto(s, h, r, out, 0);
  return out;
}

/**
 * {@linkcode alignmentCountsOfIds} written into `out` at `at` (ten entries).
 *
 * @example Usage
 * ```ts
 * import { countsInto, intern } from "./align.ts";
 * import assert from "node:assert/strict";
 *
 * const [s, h, r] = intern([["a", "cat"], ["an", "cat"], ["the", "cat"]]);
 * const out = new Int32Array(12);
 * countsInto(s, h, r, out, 2);
 * assert.deepEqual([...out], [0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1]);
 * ```
 *
 * @param s Source ids.
 * @param h Hypothesis ids.
 * @param r Reference ids.
 * @param out Where to write.
 * @param at The offset of the first count.
 */
export function countsInto(
  s: Int32Array,
  h: Int32Array,
  r: Int32Array,
  out: { [i: number]: number },
  at: number,
): void {
  const len = columns(s, h, r);
  const cols = columnBuffer.cols;
  let tp = 0, tn = 0, fp = 0, fn = 0, tpd = 0;
  for (let c = 0, q = 0; c < len; c++, q += 3) {
    const x = cols[q], y = cols[q + 1], z = cols[q + 2];
    const a = x < 0 ? 0 : s[x], b = y < 0 ? 0 : h[y], d = z < 0 ? 0 : r[z];
    if (a === b) b === d ? tn++ : fn++;
    else if (a === d) fp++;
    else if (b === d) tp++;
    else tpd++;
  }
  out[at] = tp + tpd, out[at + 1] = tn, out[at + 2] = fp, out[at + 3] = fn, out[at + 4] = 0;
  out[at + 5] = tp, out[at + 6] = tn, out[at + 7] = fp + tpd, out[at + 8] = fn + tpd;
  out[at + 9] = tpd;
}

/**
 * The class of one aligned column (Table 6 of the paper, as `ieval.py` applies it).
 *
 * @example Usage
 * ```ts
 * import { columnClass } from "./align.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(columnClass("a", "the", "the"), "TP");
 * assert.equal(columnClass("a", "an", "the"), "TPD");
 * assert.equal(columnClass("a", "a", "the"), "FN");
 * assert.equal(columnClass("a", "the", "a"), "FP");
 * assert.equal(columnClass("", "", ""), "TN");
 * ```
 *
 * @param s Source token (`""` = gap).
 * @param h Hypothesis token.
 * @param r Reference token.
 * @returns The class.
 */
export function columnClass(s: string, h: string, r: string): ColumnClass {
  if (s === h) return h === r ? "TN" : "FN";
  if (s === r) return "FP";
  return h === r ? "TP" : "TPD";
}

/**
 * Counts of one alignment: `[tp, tn, fp, fn, fpn]` for detection then for correction (ten
 * integers).
 *
 * @example Usage
 * ```ts
 * import { align3, alignmentCounts } from "./align.ts";
 * import assert from "node:assert/strict";
 *
 * const a = align3(["a", "cat"], ["an", "cat"], ["the", "cat"]);
 * assert.deepEqual(alignmentCounts(a), [1, 1, 0, 0, 0, 0, 1, 1, 1, 1]);
 * ```
 *
 * @param a The alignment.
 * @returns Detection then correction counts.
 */
export function alignmentCounts(a: Alignment3): number[] {
  const c = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < a.source.length; i++) {
    switch (columnClass(a.source[i], a.hypothesis[i], a.reference[i])) {
      case "TN":
        c[1]++, c[6]++;
        break;
      case "FN":
        c[3]++, c[8]++;
        break;
      case "FP":
        c[2]++, c[7]++;
        break;
      case "TP":
        c[0]++, c[5]++;
        break;
      case "TPD":
        c[0]++, c[7]++, c[8]++, c[9]++;
        break;
    }
  }
  return c;
}
