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

/** Cost of a column pair with two equal tokens. */
const MATCH = 0;
/** Cost of a token against a gap. */
const GAP = 2;
/** Cost of two different tokens. */
const MISMATCH = 3;

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

function pairTable(a: Int32Array, b: Int32Array): Int32Array {
  const m = a.length + 1, n = b.length + 1;
  const t = new Int32Array(m * n);
  for (let j = 1; j < n; j++) t[j] = j * GAP;
  for (let i = 1; i < m; i++) {
    t[i * n] = i * GAP;
    const ai = a[i - 1];
    for (let j = 1; j < n; j++) {
      const up = t[(i - 1) * n + j] + GAP;
      const left = t[i * n + j - 1] + GAP;
      const diag = t[(i - 1) * n + j - 1] + (ai === b[j - 1] ? MATCH : MISMATCH);
      t[i * n + j] = Math.min(up, left, diag);
    }
  }
  return t;
}

/**
 * Pairwise alignment (gap 2, mismatch 3) as index pairs, `-1` for a gap, with the reference's
 * backtrace order (diagonal, then a gap in `b`, then a gap in `a`).
 *
 * @example Usage
 * ```ts
 * import { pairAlign } from "./align.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(pairAlign(Int32Array.of(1, 2, 3), Int32Array.of(1, 3)), [[0, 1, 2], [0, -1, 1]]);
 * ```
 *
 * @param a First sequence (token ids).
 * @param b Second sequence.
 * @returns Indices into `a` and into `b`, column by column.
 */
export function pairAlign(a: Int32Array, b: Int32Array): [number[], number[]] {
  const t = pairTable(a, b);
  const n = b.length + 1;
  const ra: number[] = [], rb: number[] = [];
  let i = a.length, j = b.length;
  while (i > 0 || j > 0) {
    const here = t[i * n + j];
    if (i > 0 && j > 0) {
      const c = a[i - 1] === b[j - 1] ? MATCH : MISMATCH;
      if (here === t[(i - 1) * n + j - 1] + c) {
        ra.push(i - 1), rb.push(j - 1), i--, j--;
        continue;
      }
    }
    if (i > 0 && here === t[(i - 1) * n + j] + GAP) {
      ra.push(i - 1), rb.push(-1), i--;
      continue;
    }
    ra.push(-1), rb.push(j - 1), j--;
  }
  return [ra.reverse(), rb.reverse()];
}

function sameTokens(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Three-way alignment as index triples (-1 = gap). */
function threeAlign(s1: Int32Array, s2: Int32Array, s3: Int32Array): number[][] {
  const n1 = s1.length + 1, n2 = s2.length + 1, n3 = s3.length + 1;
  const d = new Int32Array(n1 * n2 * n3);
  const at = (i: number, j: number, k: number) => (i * n2 + j) * n3 + k;
  const t12 = pairTable(s1, s2), t13 = pairTable(s1, s3), t23 = pairTable(s2, s3);
  for (let i = 0; i < n1; i++) {
    for (let j = 0; j < n2; j++) d[at(i, j, 0)] = t12[i * n2 + j] + (i + j) * GAP;
  }
  for (let i = 0; i < n1; i++) {
    for (let k = 0; k < n3; k++) d[at(i, 0, k)] = t13[i * n3 + k] + (i + k) * GAP;
  }
  for (let j = 0; j < n2; j++) {
    for (let k = 0; k < n3; k++) d[at(0, j, k)] = t23[j * n3 + k] + (j + k) * GAP;
  }
  const g2 = 2 * GAP;
  const sj = n3, si = n2 * n3;
  for (let i = 1; i < n1; i++) {
    const a = s1[i - 1];
    for (let j = 1; j < n2; j++) {
      const b = s2[j - 1];
      const cij = a === b ? MATCH : MISMATCH;
      let p = at(i, j, 1);
      for (let k = 1; k < n3; k++, p++) {
        const c = s3[k - 1];
        const cik = a === c ? MATCH : MISMATCH;
        const cjk = b === c ? MATCH : MISMATCH;
        let v = d[p - si - sj - 1] + cij + cik + cjk;
        let x = d[p - si - sj] + cij + g2;
        if (x < v) v = x;
        x = d[p - si - 1] + cik + g2;
        if (x < v) v = x;
        x = d[p - sj - 1] + cjk + g2;
        if (x < v) v = x;
        x = d[p - si] + g2;
        if (x < v) v = x;
        x = d[p - sj] + g2;
        if (x < v) v = x;
        x = d[p - 1] + g2;
        if (x < v) v = x;
        d[p] = v;
      }
    }
  }
  const cols: number[][] = [];
  let i = s1.length, j = s2.length, k = s3.length;
  const eq = (x: number, y: number) => (x === y ? MATCH : MISMATCH);
  while (i > 0 || j > 0 || k > 0) {
    const here = d[at(i, j, k)];
    if (i > 0 && j > 0 && k > 0) {
      const c = eq(s1[i - 1], s2[j - 1]) + eq(s1[i - 1], s3[k - 1]) + eq(s2[j - 1], s3[k - 1]);
      if (here === d[at(i - 1, j - 1, k - 1)] + c) {
        cols.push([i - 1, j - 1, k - 1]), i--, j--, k--;
        continue;
      }
    }
    if (i > 0 && j > 0 && here === d[at(i - 1, j - 1, k)] + eq(s1[i - 1], s2[j - 1]) + g2) {
      cols.push([i - 1, j - 1, -1]), i--, j--;
      continue;
    }
    if (i > 0 && k > 0 && here === d[at(i - 1, j, k - 1)] + eq(s1[i - 1], s3[k - 1]) + g2) {
      cols.push([i - 1, -1, k - 1]), i--, k--;
      continue;
    }
    if (j > 0 && k > 0 && here === d[at(i, j - 1, k - 1)] + eq(s2[j - 1], s3[k - 1]) + g2) {
      cols.push([-1, j - 1, k - 1]), j--, k--;
      continue;
    }
    if (i > 0 && here === d[at(i - 1, j, k)] + g2) {
      cols.push([i - 1, -1, -1]), i--;
      continue;
    }
    if (j > 0 && here === d[at(i, j - 1, k)] + g2) {
      cols.push([-1, j - 1, -1]), j--;
      continue;
    }
    cols.push([-1, -1, k - 1]), k--;
  }
  return cols.reverse();
}

/**
 * Maps tokens to small integers, shared by the sequences given.
 *
 * @example Usage
 * ```ts
 * import { intern } from "./align.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(intern([["a", "b"], ["b"]]), [Int32Array.of(1, 2), Int32Array.of(2)]);
 * ```
 *
 * @param seqs Token sequences.
 * @returns One id array per sequence.
 */
export function intern(seqs: Tokens[]): Int32Array[] {
  const ids = new Map<string, number>();
  return seqs.map((s) =>
    Int32Array.from(s, (t) => {
      let id = ids.get(t);
      if (id === undefined) ids.set(t, id = ids.size + 1);
      return id;
    })
  );
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
  let cols: number[][];
  if (sameTokens(s, h) && sameTokens(h, r)) {
    cols = Array.from(s, (_, i) => [i, i, i]);
  } else if (sameTokens(s, h) || sameTokens(s, r) || sameTokens(h, r)) {
    // Two rows equal: align the odd one out against one of the equal ones.
    const [same, a, b] = sameTokens(s, h) ? [0, 1, 2] : sameTokens(s, r) ? [0, 2, 1] : [1, 2, 0];
    const ints = [s, h, r];
    const [pa, pb] = pairAlign(ints[a], ints[b]);
    cols = pa.map((x, c) => {
      const col = [0, 0, 0];
      col[same] = x, col[a] = x, col[b] = pb[c];
      return col;
    });
  } else {
    cols = threeAlign(s, h, r);
  }
  const row = (n: number) => cols.map((c) => (c[n] < 0 ? "" : seqs[n][c[n]]));
  return { source: row(0), hypothesis: row(1), reference: row(2) };
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
