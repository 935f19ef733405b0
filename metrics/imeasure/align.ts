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

/** A pairwise table; `temporary`: in a buffer shared by every call (valid until the next). */
function pairTable(a: Int32Array, b: Int32Array, temporary = false): Int32Array {
  const size = (a.length + 1) * (b.length + 1);
  if (!temporary) return pairRows(a, b, new Int32Array(size), 0);
  if (scratch.length < size) scratch = new Int32Array(Math.max(size, 2 * scratch.length));
  return pairRows(a, b, scratch, 0);
}

/** The buffer of temporary pairwise tables. */
let scratch = new Int32Array(1024);

/** Fills rows `from`..`a.length` of the pairwise table `t` of `a` and `b` (earlier rows kept). */
function pairRows(a: Int32Array, b: Int32Array, t: Int32Array, from: number): Int32Array {
  const m = a.length + 1, n = b.length + 1;
  if (from === 0) {
    for (let j = 0; j < n; j++) t[j] = j * GAP;
    from = 1;
  }
  for (let i = from; i < m; i++) {
    let p = i * n;
    t[p] = i * GAP;
    const ai = a[i - 1];
    // Carried: t[p - 1] (`left`) and t[p - n - 1] (`diag`).
    let left = t[p], diag = t[p - n];
    for (let j = 1; j < n; j++) {
      p++;
      const up = t[p - n];
      const v = Math.min(Math.min(up, left) + GAP, diag + (ai === b[j - 1] ? MATCH : MISMATCH));
      t[p] = v;
      left = v, diag = up;
    }
  }
  return t;
}

/**
 * Columns of the last alignment, as index triples (`-1` = gap) in reverse order: filled by
 * {@linkcode pairColumns} and {@linkcode columns}, grown as needed and reused.
 */
let cols = new Int32Array(3 * 64);

function room(n: number): void {
  if (cols.length < 3 * n) cols = new Int32Array(Math.max(3 * n, 2 * cols.length));
}

/**
 * Backtrace of a pairwise table (diagonal, then a gap in `b`, then a gap in `a`) into
 * {@linkcode cols}: `a`'s index in slot `x`, `b`'s in slot `y`, copy of `a`'s in slot `z`
 * (slots 0-2). Returns the number of columns.
 */
function pairColumns(a: Int32Array, b: Int32Array, x: number, y: number, z: number): number {
  const t = pairTable(a, b, true);
  const n = b.length + 1;
  room(a.length + b.length);
  let i = a.length, j = b.length, len = 0;
  while (i > 0 || j > 0) {
    const here = t[i * n + j];
    let ci = -1, cj = -1;
    if (
      i > 0 && j > 0 && here === t[(i - 1) * n + j - 1] + (a[i - 1] === b[j - 1] ? MATCH : MISMATCH)
    ) ci = --i, cj = --j;
    else if (i > 0 && here === t[(i - 1) * n + j] + GAP) ci = --i;
    else cj = --j;
    const p = 3 * len++;
    cols[p + x] = ci, cols[p + y] = cj, cols[p + z] = ci;
  }
  return len;
}

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
 * @returns One index into `b` (or -1) per token of `a`.
 */
export function copiedTokens(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length);
  if (sameTokens(a, b)) {
    for (let i = 0; i < a.length; i++) out[i] = i;
    return out;
  }
  out.fill(-1);
  const len = pairColumns(a, b, 0, 1, 2);
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
 * Largest cube (cells) kept between calls; a larger one is allocated for its call only, so
 * that one long sentence does not hold its memory for the rest of the run.
 */
const KEEP_CELLS = 1 << 20;

/**
 * The Sum-of-Pairs cube of the last three-way alignment, stored plane by plane of the third
 * sequence: plane `k` depends only on the first two sequences and the first `k` tokens of the
 * third, so the next call with the same first two sequences (another reference of the same
 * segment) recomputes only the planes after the prefix its reference shares with this one.
 */
const last: {
  cube: Int32Array;
  s1: Int32Array;
  s2: Int32Array;
  s3: Int32Array;
  n1: number;
  n2: number;
  n3: number;
  t31: Int32Array;
  t32: Int32Array;
} = {
  cube: new Int32Array(0),
  /** The three sequences the cube holds (copied into buffers of their own; `n1 = 0`: none). */
  s1: new Int32Array(16),
  s2: new Int32Array(16),
  s3: new Int32Array(16),
  n1: 0,
  n2: 0,
  n3: 0,
  /** Pairwise tables of the third sequence (rows) against the first and the second. */
  t31: new Int32Array(0),
  t32: new Int32Array(0),
};

function grow(t: Int32Array, size: number): Int32Array {
  const bigger = new Int32Array(Math.max(size, 2 * t.length));
  bigger.set(t);
  return bigger;
}

/** `buffer` holding a copy of `s` (a bigger buffer when it is too small). */
function keep(buffer: Int32Array, s: Int32Array): Int32Array {
  if (buffer.length < s.length) buffer = new Int32Array(Math.max(s.length, 2 * buffer.length));
  buffer.set(s);
  return buffer;
}

/** Whether `s` equals the first `n` ids of `kept`. */
function isKept(s: Int32Array, kept: Int32Array, n: number): boolean {
  if (s.length !== n) return false;
  for (let i = 0; i < n; i++) if (s[i] !== kept[i]) return false;
  return true;
}

/** Pair-cost tables of {@linkcode threeColumns}, grown as needed and reused. */
let costs12 = new Int32Array(1024);
let costs23 = new Int32Array(64);

/** Three-way alignment into {@linkcode cols} (reverse order); returns the column count. */
function threeColumns(s1: Int32Array, s2: Int32Array, s3: Int32Array): number {
  const n1 = s1.length + 1, n2 = s2.length + 1, n3 = s3.length + 1;
  // Strides: k (third sequence) outermost, then i, then j.
  const sj = 1, si = n2, sk = n1 * n2;
  const cells = sk * n3;
  let d = last.cube;
  // Planes 0..from-1 are already right.
  let from = 0;
  if (cells > d.length) {
    d = new Int32Array(cells <= KEEP_CELLS ? Math.max(cells, 2 * d.length) : cells);
    if (cells <= KEEP_CELLS) last.cube = d, last.n1 = last.n2 = last.n3 = 0;
  } else if (last.n1 && isKept(s1, last.s1, last.n1) && isKept(s2, last.s2, last.n2)) {
    const p = last.s3, np = last.n3;
    let k = 0;
    while (k < s3.length && k < np && s3[k] === p[k]) k++;
    from = k + 1;
  }
  if (d === last.cube) {
    if (from === 0) {
      last.s1 = keep(last.s1, s1), last.n1 = s1.length;
      last.s2 = keep(last.s2, s2), last.n2 = s2.length;
    }
    last.s3 = keep(last.s3, s3), last.n3 = s3.length;
  }
  if (from === 0) {
    const t12 = pairTable(s1, s2, true);
    for (let i = 0; i < n1; i++) {
      for (let j = 0; j < n2; j++) d[i * si + j] = t12[i * n2 + j] + (i + j) * GAP;
    }
    from = 1;
  }
  if (from < n3) {
    // Edges i = 0 and j = 0 of the planes to compute, from the pairwise tables (their values
    // are symmetric: the third sequence's rows; row k depends on its first k tokens only).
    let t31: Int32Array, t32: Int32Array;
    if (d === last.cube) {
      if (last.t31.length < n3 * n1) last.t31 = grow(last.t31, n3 * n1);
      if (last.t32.length < n3 * n2) last.t32 = grow(last.t32, n3 * n2);
      t31 = pairRows(s3, s1, last.t31, from - 1);
      t32 = pairRows(s3, s2, last.t32, from - 1);
    } else t31 = pairTable(s3, s1), t32 = pairTable(s3, s2);
    for (let k = from; k < n3; k++) {
      for (let i = 0; i < n1; i++) d[k * sk + i * si] = t31[k * n1 + i] + (i + k) * GAP;
      for (let j = 0; j < n2; j++) d[k * sk + j] = t32[k * n2 + j] + (j + k) * GAP;
    }
  }
  const g2 = 2 * GAP;
  // Pair costs as tables (loads instead of compare-and-branch in the innermost loop): of the
  // first and second sequences, and per plane of the second and third.
  if (costs12.length < n1 * n2) costs12 = new Int32Array(Math.max(n1 * n2, 2 * costs12.length));
  if (costs23.length < n2) costs23 = new Int32Array(Math.max(n2, 2 * costs23.length));
  const e12 = costs12, e23 = costs23;
  for (let i = 1; i < n1; i++) {
    for (let j = 1; j < n2; j++) e12[i * n2 + j] = s1[i - 1] === s2[j - 1] ? MATCH : MISMATCH;
  }
  for (let k = from; k < n3; k++) {
    const c = s3[k - 1];
    for (let j = 1; j < n2; j++) e23[j] = s2[j - 1] === c ? MATCH : MISMATCH;
    for (let i = 1; i < n1; i++) {
      const a = s1[i - 1];
      const cik = a === c ? MATCH : MISMATCH;
      const row = i * n2;
      let p = k * sk + i * si + 1;
      // The cells at j - 1 are carried from the previous step: d[p - sj] (`left`),
      // d[p - si - sj] (`up`), d[p - sj - sk] (`back`), d[p - si - sj - sk] (`upBack`).
      let left = d[p - sj], up = d[p - si - sj], back = d[p - sj - sk];
      let upBack = d[p - si - sj - sk];
      for (let j = 1; j < n2; j++, p++) {
        const cij = e12[row + j], cjk = e23[j];
        const u = d[p - si], bk = d[p - sk], ub = d[p - si - sk];
        const v = Math.min(
          upBack + cij + cik + cjk,
          Math.min(up + cij, ub + cik, back + cjk, Math.min(u, left, bk)) + g2,
        );
        d[p] = v;
        left = v, up = u, back = bk, upBack = ub;
      }
    }
  }
  room(n1 + n2 + n3);
  let i = s1.length, j = s2.length, k = s3.length, len = 0;
  const eq = (x: number, y: number) => (x === y ? MATCH : MISMATCH);
  while (i > 0 || j > 0 || k > 0) {
    const p = k * sk + i * si + j;
    const here = d[p];
    let ci = -1, cj = -1, ck = -1;
    if (
      i > 0 && j > 0 && k > 0 &&
      here === d[p - si - sj - sk] + eq(s1[i - 1], s2[j - 1]) + eq(s1[i - 1], s3[k - 1]) +
          eq(s2[j - 1], s3[k - 1])
    ) ci = --i, cj = --j, ck = --k;
    else if (i > 0 && j > 0 && here === d[p - si - sj] + eq(s1[i - 1], s2[j - 1]) + g2) {
      ci = --i, cj = --j;
    } else if (i > 0 && k > 0 && here === d[p - si - sk] + eq(s1[i - 1], s3[k - 1]) + g2) {
      ci = --i, ck = --k;
    } else if (j > 0 && k > 0 && here === d[p - sj - sk] + eq(s2[j - 1], s3[k - 1]) + g2) {
      cj = --j, ck = --k;
    } else if (i > 0 && here === d[p - si] + g2) ci = --i;
    else if (j > 0 && here === d[p - sj] + g2) cj = --j;
    else ck = --k;
    const q = 3 * len++;
    cols[q] = ci, cols[q + 1] = cj, cols[q + 2] = ck;
  }
  return len;
}

/**
 * The I-measure's alignment of three id sequences into {@linkcode cols} (reverse order):
 * equal rows share their columns, two equal rows are aligned pairwise with the odd one out,
 * three distinct rows by the Sum-of-Pairs cube. Returns the column count.
 */
function columns(s: Int32Array, h: Int32Array, r: Int32Array): number {
  const sh = sameTokens(s, h);
  if (sh && sameTokens(h, r)) {
    room(s.length);
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
