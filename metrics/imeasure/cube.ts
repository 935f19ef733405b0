/**
 * The I-measure's Sum-of-Pairs cube (Felice and Briscoe 2015, Listing 2: match 0, gap 2,
 * mismatch 3) of three distinct sequences and its backtrace (`ieval.py`'s tie-breaks: the
 * diagonal move, then moves that leave a gap in fewer rows, in row order), filled only in a
 * band where an optimal alignment can pass.
 *
 * The band (after Carrillo and Lipman 1988): the cost of a three-way alignment is the sum of
 * the costs of the three pairwise alignments it induces, and each of those is at least the
 * pairwise distance of the whole sequences. So a cell `(i, j, k)` lies on an alignment of cost
 * at most `T` only if, for each pair, the pairwise cost of its projection is at most `T` minus
 * the other two pairs' distances: for the first two sequences the cost through `(i, j)`
 * (forward plus backward table), for the pairs with the third the forward cost to it (so that
 * plane `k` depends only on the third sequence's first `k` tokens, and the planes of a prefix
 * shared with the last reference are kept when their band was at least as wide). The cube is
 * first filled in the band of `T` = the sum of the three pairwise distances (a lower bound of
 * the optimum). When the end cell's value is at most `T`, it is the optimum; otherwise it is
 * an upper bound of the optimum, and the band of that `T` is filled (exact).
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

/** The band's columns per row `i` of the first two sequences, for the share `max`. */
interface RowBand {
  /** The share (`-1`: none yet). */
  max: number;
  /** Columns `lo[i]..hi[i]`: the band (empty when `lo[i] > hi[i]`). */
  lo: Int32Array;
  hi: Int32Array;
  /** Columns `wlo[i]..whi[i]` (not 0): the cells row `i`'s successors may read (band or FAR). */
  wlo: Int32Array;
  whi: Int32Array;
}

function rowBand(): RowBand {
  const b = () => new Int32Array(16);
  return { max: -1, lo: b(), hi: b(), wlo: b(), whi: b() };
}

/** Buffers and tables kept between calls (the next call often has the same first two rows). */
const state: {
  cube: Int32Array;
  valid: number;
  s1: Int32Array;
  s2: Int32Array;
  s3: Int32Array;
  n1: number;
  n2: number;
  n3: number;
  t12: Int32Array;
  b12: Int32Array;
  e12: Int32Array;
  rows: [RowBand, RowBand];
  t31: Int32Array;
  t32: Int32Array;
  bands: Int32Array;
  e23: Int32Array;
} = {
  /** The cube, plane by plane of the third sequence (`k`), then rows `i`, then columns `j`. */
  cube: new Int32Array(0),
  /** Planes `0..valid - 1` of the cube are those of `s1`, `s2` and the first tokens of `s3`. */
  valid: 0,
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
  /** The band per row of the first two: for their distance (first passes), and the last other. */
  rows: [rowBand(), rowBand()],
  /** Forward tables of the third sequence (rows) against the first and the second. */
  t31: new Int32Array(64),
  t32: new Int32Array(64),
  /** The share `max12` each plane of the cube was filled with. */
  bands: new Int32Array(16),
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
 * Three-way alignment of three sequences (token ids) into {@linkcode columnBuffer} (columns
 * in reverse order); returns the column count.
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
    state.valid = 0;
  }
  const kept = d === state.cube;
  // Tables of the first two sequences, and rows 0..from-1 of the third's tables, still right
  // (the third shares its first from-1 tokens with the last one).
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
    state.rows[0].max = state.rows[1].max = -1, state.valid = 0;
  }
  state.s3 = keep(state.s3, s3), state.n3 = s3.length;
  const t31 = state.t31 = pairRows(s3, s1, grown(state.t31, n3 * n1), from);
  const t32 = state.t32 = pairRows(s3, s2, grown(state.t32, n3 * n2), from);
  // Planes 0..same-1 of the kept cube are right (faces and band); plane k depends on the
  // third sequence's first k tokens only.
  const same = kept ? Math.min(from, state.valid) : 0;
  if (same === 0) {
    const t12 = state.t12;
    for (let i = 0; i < n1; i++) {
      for (let j = 0; j < n2; j++) d[i * si + j] = t12[i * n2 + j] + (i + j) * GAP;
    }
  }
  for (let k = Math.max(same, 1); k < n3; k++) {
    for (let i = 0; i < n1; i++) d[k * sk + i * si] = t31[k * n1 + i] + (i + k) * GAP;
    for (let j = 0; j < n2; j++) d[k * sk + j] = t32[k * n2 + j] + (j + k) * GAP;
  }
  const d12 = state.t12[sk - 1], d13 = t31[n3 * n1 - 1], d23 = t32[n3 * n2 - 1];
  state.bands = grown(state.bands, n3);
  let limit = d12 + d13 + d23;
  while (true) {
    fill(s1, s2, s3, d, same, limit - d13 - d23);
    const end = d[cells - 1];
    if (end <= limit) break;
    limit = end;
  }
  state.valid = kept ? n3 : 0;
  return backtrace(s1, s2, s3, d);
}

/** The band of share `max12` per row of the first two sequences (kept for two shares). */
function rowBands(n1: number, n2: number, max12: number): RowBand {
  const { t12, b12, rows } = state;
  if (rows[0].max === max12) return rows[0];
  if (rows[1].max === max12) return rows[1];
  // The first passes' share is the first two's distance.
  const band = rows[max12 === t12[n1 * n2 - 1] ? 0 : 1];
  const lo12 = band.lo = sized(band.lo, n1 + 1), hi12 = band.hi = sized(band.hi, n1 + 1);
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
  lo12[n1] = n2, hi12[n1] = 0;
  const wlo = band.wlo = sized(band.wlo, n1), whi = band.whi = sized(band.whi, n1);
  for (let i = 1; i < n1; i++) {
    wlo[i] = Math.max(Math.min(lo12[i], lo12[i + 1]) - 1, 1);
    whi[i] = Math.max(hi12[i], hi12[i + 1]);
  }
  band.max = max12;
  return band;
}

/**
 * The band of share `max12` (see the module) filled into `d`, from the first plane after
 * `same` (the planes already right) that was filled with a narrower band.
 */
function fill(
  s1: Int32Array,
  s2: Int32Array,
  s3: Int32Array,
  d: Int32Array,
  same: number,
  max12: number,
): void {
  const n1 = s1.length + 1, n2 = s2.length + 1, n3 = s3.length + 1;
  const si = n2, sk = n1 * n2;
  const g2 = 2 * GAP;
  const { e12, bands } = state;
  let start = 1;
  while (start < same && bands[start] >= max12) start++;
  if (start >= n3) return;
  const { lo: lo12, hi: hi12, wlo, whi } = rowBands(n1, n2, max12);
  const e23 = state.e23 = sized(state.e23, n2);
  for (let k = start; k < n3; k++) {
    bands[k] = max12;
    const c = s3[k - 1];
    for (let j = 1; j < n2; j++) e23[j] = s2[j - 1] === c ? MATCH : MISMATCH;
    for (let i = 1; i < n1; i++) {
      const lo = lo12[i], hi = hi12[i], base = k * sk + i * si;
      // Cells next to the band that this row's successors read are FAR (faces are exact).
      for (let j = wlo[i], end = Math.min(lo - 1, whi[i]); j <= end; j++) d[base + j] = FAR;
      for (let j = Math.max(hi + 1, wlo[i]), end = whi[i]; j <= end; j++) d[base + j] = FAR;
      if (lo > hi) continue;
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
