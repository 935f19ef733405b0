/**
 * The I-measure's Sum-of-Pairs cube (Felice and Briscoe 2015, Listing 2: match 0, gap 2,
 * mismatch 3) of three distinct sequences and its backtrace (`ieval.py`'s tie-breaks: the
 * diagonal move, then moves that leave a gap in fewer rows, in row order), filled only in a
 * band where an optimal alignment can pass.
 *
 * The band (after Carrillo and Lipman 1988): the cost of a three-way alignment is the sum of
 * the costs of the three pairwise alignments it induces, and each of those is at least the
 * pairwise cost through the cell it passes (the forward table plus the backward table there).
 * So a cell `(i, j, k)` lies on an alignment of cost at most `T` only if, for each pair, the
 * pairwise cost through its projection is at most `T` minus the other two pairs' distances.
 * Backward costs of the third sequence are bounded from below by the gaps the length
 * difference of the suffixes needs. The cube is first filled in the band of `T` = the sum of
 * the three pairwise distances (a lower bound of the optimum). When the end cell's value is at
 * most `T`, it is the optimum; otherwise it is an upper bound of the optimum and the band of
 * that `T` is filled (exact).
 *
 * Why the result equals the full cube's: cells outside the band read as a large value, so
 * every computed value is at least the true one, and it is equal on every optimal path (all
 * its cells are in the band, and so are the cells that give its values). The backtrace only
 * visits optimal cells, and a move from such a cell matches its value under the band exactly
 * when it does in the full cube: a predecessor whose value is too large is on no optimal path,
 * so the move fails both ways. `tests/imeasure_align_random_test.ts` compares with the plain
 * cube.
 *
 * @module
 */

import { columnBuffer, GAP, MATCH, MISMATCH, pairRows, pairRowsBack, room } from "./pair.ts";

/** The value of a cell outside the band (sums of a few thousand costs stay below 2^31). */
const FAR = 1 << 29;

/**
 * Largest cube (cells) kept between calls; a larger one is allocated for its call only, so
 * that one long sentence does not hold its memory for the rest of the run.
 */
const KEEP_CELLS = 1 << 20;

/** Buffers and tables kept between calls (the next call often has the same first two rows). */
const state: {
  cube: Int32Array;
  faces: boolean;
  s1: Int32Array;
  s2: Int32Array;
  s3: Int32Array;
  n1: number;
  n2: number;
  n3: number;
  t12: Int32Array;
  b12: Int32Array;
  e12: Int32Array;
  t31: Int32Array;
  t32: Int32Array;
  lo12: Int32Array;
  hi12: Int32Array;
  lo23: Int32Array;
  hi23: Int32Array;
  rowLo: Int32Array;
  rowHi: Int32Array;
  e23: Int32Array;
} = {
  /** The cube, plane by plane of the third sequence (`k`), then rows `i`, then columns `j`. */
  cube: new Int32Array(0),
  /** Whether the cube's faces (`i`, `j` or `k` = 0) are those of `s1`, `s2` and `s3`. */
  faces: false,
  /** The sequences the tables are for (copies; `n1 < 0`: none). */
  s1: new Int32Array(16),
  s2: new Int32Array(16),
  s3: new Int32Array(16),
  n1: -1,
  n2: 0,
  n3: 0,
  /** Forward and backward tables of the first two sequences, and their pair costs. */
  t12: new Int32Array(64),
  b12: new Int32Array(64),
  e12: new Int32Array(64),
  /** Forward tables of the third sequence (rows) against the first and the second. */
  t31: new Int32Array(64),
  t32: new Int32Array(64),
  /** Band: columns `lo..hi` per row of the first two, per plane, and per row of the cube. */
  lo12: new Int32Array(16),
  hi12: new Int32Array(16),
  lo23: new Int32Array(16),
  hi23: new Int32Array(16),
  rowLo: new Int32Array(64),
  rowHi: new Int32Array(64),
  /** Pair costs of the second and the third sequence in one plane. */
  e23: new Int32Array(16),
};

/** `t` if it has `size` cells, else a new buffer (contents not kept). */
function sized(t: Int32Array, size: number): Int32Array {
  return t.length >= size ? t : new Int32Array(Math.max(size, 2 * t.length));
}

/** `t` with its contents, grown to `size` cells when smaller. */
function grown(t: Int32Array, size: number): Int32Array {
  if (t.length >= size) return t;
  const bigger = new Int32Array(Math.max(size, 2 * t.length));
  bigger.set(t);
  return bigger;
}

/** Whether `s` equals the first `n` ids of `kept`. */
function isKept(s: Int32Array, kept: Int32Array, n: number): boolean {
  if (s.length !== n) return false;
  for (let i = 0; i < n; i++) if (s[i] !== kept[i]) return false;
  return true;
}

/** A copy of `s` in `buffer` (a bigger buffer when it is too small). */
function keep(buffer: Int32Array, s: Int32Array): Int32Array {
  buffer = sized(buffer, s.length);
  buffer.set(s);
  return buffer;
}

/**
 * Three-way alignment of three sequences (token ids) into {@linkcode columnBuffer} (columns in reverse
 * order); returns the column count.
 *
 * @example Usage
 * ```ts
 * import { threeColumns } from "./cube.ts";
 * import { columnBuffer } from "./pair.ts";
 * import assert from "node:assert/strict";
 *
 * const len = threeColumns(Int32Array.of(1, 2), Int32Array.of(3, 2), Int32Array.of(4, 2));
 * assert.equal(len, 2);
 * assert.deepEqual([...columnBuffer.cols.subarray(0, 6)], [1, 1, 1, 0, 0, 0]);
 * ```
 *
 * @param s1 First sequence (the source).
 * @param s2 Second sequence (the hypothesis).
 * @param s3 Third sequence (the reference).
 * @returns The number of columns.
 */
export function threeColumns(s1: Int32Array, s2: Int32Array, s3: Int32Array): number {
  const n1 = s1.length + 1, n2 = s2.length + 1, n3 = s3.length + 1;
  // Strides: k (third sequence) outermost, then i, then j.
  const si = n2, sk = n1 * n2;
  const cells = sk * n3;
  let d = state.cube;
  if (cells > d.length) {
    d = new Int32Array(cells <= KEEP_CELLS ? Math.max(cells, 2 * d.length) : cells);
    if (cells <= KEEP_CELLS) state.cube = d;
    state.faces = false;
  }
  const kept = d === state.cube;
  // Tables of the first two sequences, and rows of the third's tables, still right: the
  // third's rows 0..from-1 (it shares its first from-1 tokens with the last one).
  let from = 0;
  if (state.n1 === s1.length && isKept(s1, state.s1, state.n1) && isKept(s2, state.s2, state.n2)) {
    const p = state.s3, np = state.n3;
    let k = 0;
    while (k < s3.length && k < np && s3[k] === p[k]) k++;
    from = k + 1;
  } else {
    state.s1 = keep(state.s1, s1), state.n1 = s1.length;
    state.s2 = keep(state.s2, s2), state.n2 = s2.length;
    state.t12 = pairRows(s1, s2, sized(state.t12, sk), 0);
    state.b12 = pairRowsBack(s1, s2, sized(state.b12, sk));
    const e12 = state.e12 = sized(state.e12, sk);
    for (let i = 1; i < n1; i++) {
      for (let j = 1; j < n2; j++) e12[i * n2 + j] = s1[i - 1] === s2[j - 1] ? MATCH : MISMATCH;
    }
  }
  state.s3 = keep(state.s3, s3), state.n3 = s3.length;
  const t31 = state.t31 = pairRows(s3, s1, grown(state.t31, n3 * n1), from);
  const t32 = state.t32 = pairRows(s3, s2, grown(state.t32, n3 * n2), from);
  // Faces: plane 0 from the first two sequences' table, edges i = 0 and j = 0 of the other
  // planes from the third's tables (plane k depends on the third's first k tokens only); the
  // kept cube's faces of planes 0..from-1 are still right.
  const reuse = kept && state.faces && from > 0;
  if (!reuse) {
    const t12 = state.t12;
    for (let i = 0; i < n1; i++) {
      for (let j = 0; j < n2; j++) d[i * si + j] = t12[i * n2 + j] + (i + j) * GAP;
    }
  }
  for (let k = reuse ? Math.max(from, 1) : 1; k < n3; k++) {
    for (let i = 0; i < n1; i++) d[k * sk + i * si] = t31[k * n1 + i] + (i + k) * GAP;
    for (let j = 0; j < n2; j++) d[k * sk + j] = t32[k * n2 + j] + (j + k) * GAP;
  }
  state.faces = kept;
  const d12 = state.t12[sk - 1], d13 = t31[n3 * n1 - 1], d23 = t32[n3 * n2 - 1];
  let limit = d12 + d13 + d23;
  while (true) {
    fill(s1, s2, s3, d, limit, d12, d13, d23);
    const end = d[cells - 1];
    if (end <= limit) break;
    limit = end;
  }
  return backtrace(s1, s2, s3, d);
}

/** The band of cost `limit` (see the module) filled into `d`; faces already there. */
function fill(
  s1: Int32Array,
  s2: Int32Array,
  s3: Int32Array,
  d: Int32Array,
  limit: number,
  d12: number,
  d13: number,
  d23: number,
): void {
  const n1 = s1.length + 1, n2 = s2.length + 1, n3 = s3.length + 1;
  const si = n2, sk = n1 * n2;
  const g2 = 2 * GAP;
  const { t12, b12, e12, t31, t32 } = state;
  // Columns per row i of the first two (through cost of (i, j) within its share).
  const lo12 = state.lo12 = sized(state.lo12, n1), hi12 = state.hi12 = sized(state.hi12, n1);
  const max12 = limit - d13 - d23;
  for (let i = 1; i < n1; i++) {
    let lo = n2, hi = 0;
    for (let j = 1, p = i * n2 + 1; j < n2; j++, p++) {
      if (t12[p] + b12[p] <= max12) {
        if (lo === n2) lo = j;
        hi = j;
      }
    }
    lo12[i] = lo, hi12[i] = hi;
  }
  // Columns per plane k (second and third), rows per plane (first and third): backward costs
  // bounded by the gaps of the suffixes' length difference.
  const lo23 = state.lo23 = sized(state.lo23, n3), hi23 = state.hi23 = sized(state.hi23, n3);
  const max23 = limit - d12 - d13, max13 = limit - d12 - d23;
  for (let k = 1; k < n3; k++) {
    let lo = n2, hi = 0;
    const rest = n3 - 1 - k;
    for (let j = 1, p = k * n2 + 1; j < n2; j++, p++) {
      const left = n2 - 1 - j;
      if (t32[p] + (left > rest ? left - rest : rest - left) * GAP <= max23) {
        if (lo === n2) lo = j;
        hi = j;
      }
    }
    lo23[k] = lo, hi23[k] = hi;
  }
  const rowLo = state.rowLo = sized(state.rowLo, n1 * n3);
  const rowHi = state.rowHi = sized(state.rowHi, n1 * n3);
  const e23 = state.e23 = sized(state.e23, n2);
  for (let k = 1; k < n3; k++) {
    const c = s3[k - 1], rest = n3 - 1 - k;
    const plo = lo23[k], phi = hi23[k];
    for (let j = plo; j <= phi; j++) e23[j] = s2[j - 1] === c ? MATCH : MISMATCH;
    for (let i = 1; i < n1; i++) {
      const r = k * n1 + i;
      const left = n1 - 1 - i;
      let lo = Math.max(lo12[i], plo), hi = Math.min(hi12[i], phi);
      if (lo > hi || t31[r] + (left > rest ? left - rest : rest - left) * GAP > max13) {
        lo = 1, hi = 0;
      }
      rowLo[r] = lo, rowHi[r] = hi;
      if (lo > hi) continue;
      const base = k * sk + i * si;
      // Cells this row reads outside its predecessors' bands read as FAR (faces are exact).
      if (i > 1) far(d, base - si, rowLo[r - 1], rowHi[r - 1], lo, hi);
      if (k > 1) {
        far(d, base - sk, rowLo[r - n1], rowHi[r - n1], lo, hi);
        if (i > 1) far(d, base - sk - si, rowLo[r - n1 - 1], rowHi[r - n1 - 1], lo, hi);
      }
      if (lo > 1) d[base + lo - 1] = FAR;
      const a = s1[i - 1];
      const cik = a === c ? MATCH : MISMATCH;
      const row = i * n2;
      let p = base + lo;
      // The cells at j - 1 are carried from the previous step: d[p - 1] (`left`),
      // d[p - si - 1] (`up`), d[p - sk - 1] (`back`), d[p - si - sk - 1] (`upBack`).
      let l = d[p - 1], up = d[p - si - 1], back = d[p - sk - 1];
      let upBack = d[p - si - sk - 1];
      for (let j = lo; j <= hi; j++, p++) {
        const cij = e12[row + j], cjk = e23[j];
        const u = d[p - si], bk = d[p - sk], ub = d[p - si - sk];
        const v = Math.min(
          upBack + cij + cik + cjk,
          Math.min(up + cij, ub + cik, back + cjk, Math.min(u, l, bk)) + g2,
        );
        d[p] = v;
        l = v, up = u, back = bk, upBack = ub;
      }
    }
  }
}

/**
 * Sets to {@linkcode FAR} the cells `lo - 1..hi` (not 0: a face) of the row at `base` that
 * lie outside its band `rlo..rhi`.
 */
function far(d: Int32Array, base: number, rlo: number, rhi: number, lo: number, hi: number) {
  const start = lo > 1 ? lo - 1 : 1;
  const below = Math.min(hi, rlo - 1);
  for (let j = start; j <= below; j++) d[base + j] = FAR;
  for (let j = Math.max(start, rhi + 1); j <= hi; j++) d[base + j] = FAR;
}

/** The backtrace of a filled cube into {@linkcode columnBuffer}; returns the column count. */
function backtrace(s1: Int32Array, s2: Int32Array, s3: Int32Array, d: Int32Array): number {
  const n1 = s1.length + 1, n2 = s2.length + 1;
  const sj = 1, si = n2, sk = n1 * n2, g2 = 2 * GAP;
  room(s1.length + s2.length + s3.length);
  const cols = columnBuffer.cols;
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
