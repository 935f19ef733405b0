/**
 * Pairwise alignment tables of the I-measure's costs (match 0, gap 2, mismatch 3), forward and
 * backward, their backtrace, and the buffer that both alignments (pairwise and three-way) write
 * their columns into.
 *
 * @module
 */

/** Cost of a column pair with two equal tokens. */
export const MATCH = 0;
/** Cost of a token against a gap. */
export const GAP = 2;
/** Cost of two different tokens. */
export const MISMATCH = 3;

/**
 * Columns of the last alignment, as index triples (`-1` = gap) in reverse order: filled by
 * {@linkcode pairColumns} and the three-way alignment, grown by {@linkcode room} and reused.
 */
export const columnBuffer: { cols: Int32Array } = { cols: new Int32Array(3 * 64) };

/**
 * Makes room for `n` columns in {@linkcode columnBuffer}.
 *
 * @example Usage
 * ```ts
 * import { columnBuffer, room } from "./pair.ts";
 * import assert from "node:assert/strict";
 *
 * room(1000);
 * assert.ok(columnBuffer.cols.length >= 3000);
 * ```
 *
 * @param n The number of columns.
 */
export function room(n: number): void {
  if (columnBuffer.cols.length < 3 * n) {
    columnBuffer.cols = new Int32Array(Math.max(3 * n, 2 * columnBuffer.cols.length));
  }
}

/** The buffer of temporary pairwise tables. */
let scratch = new Int32Array(1024);

/**
 * The forward pairwise table of `a` (rows) and `b` (columns): cell `i * (b.length + 1) + j`
 * is the cost of aligning the first `i` tokens of `a` with the first `j` of `b`.
 * `temporary`: in a buffer shared by every call (valid until the next).
 *
 * @example Usage
 * ```ts
 * import { pairTable } from "./pair.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual([...pairTable(Int32Array.of(1), Int32Array.of(2))], [0, 2, 2, 3]);
 * ```
 *
 * @param a First sequence (token ids).
 * @param b Second sequence.
 * @param temporary Whether the table may live in the shared buffer.
 * @returns The table.
 */
export function pairTable(a: Int32Array, b: Int32Array, temporary = false): Int32Array {
  const size = (a.length + 1) * (b.length + 1);
  if (!temporary) return pairRows(a, b, new Int32Array(size), 0);
  if (scratch.length < size) scratch = new Int32Array(Math.max(size, 2 * scratch.length));
  return pairRows(a, b, scratch, 0);
}

/**
 * Fills rows `from`..`a.length` of the forward pairwise table `t` of `a` and `b` (earlier
 * rows kept: row `i` depends only on the first `i` tokens of `a`).
 *
 * @example Usage
 * ```ts
 * import { pairRows } from "./pair.ts";
 * import assert from "node:assert/strict";
 *
 * const t = pairRows(Int32Array.of(1, 2), Int32Array.of(2), new Int32Array(6), 0);
 * assert.deepEqual([...t], [0, 2, 2, 3, 4, 2]);
 * ```
 *
 * @param a First sequence (rows).
 * @param b Second sequence (columns).
 * @param t The table (at least `(a.length + 1) * (b.length + 1)` cells).
 * @param from The first row to fill.
 * @returns `t`.
 */
export function pairRows(a: Int32Array, b: Int32Array, t: Int32Array, from: number): Int32Array {
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
 * The backward pairwise table of `a` and `b` into `t`: cell `i * (b.length + 1) + j` is the
 * cost of aligning the tokens of `a` from `i` on with those of `b` from `j` on.
 *
 * @example Usage
 * ```ts
 * import { pairRowsBack } from "./pair.ts";
 * import assert from "node:assert/strict";
 *
 * const t = pairRowsBack(Int32Array.of(1, 2), Int32Array.of(2), new Int32Array(6));
 * assert.deepEqual([...t], [2, 4, 0, 2, 2, 0]);
 * ```
 *
 * @param a First sequence (rows).
 * @param b Second sequence (columns).
 * @param t The table (at least `(a.length + 1) * (b.length + 1)` cells).
 * @returns `t`.
 */
export function pairRowsBack(a: Int32Array, b: Int32Array, t: Int32Array): Int32Array {
  const m = a.length + 1, n = b.length + 1;
  const lastRow = (m - 1) * n;
  for (let j = 0; j < n; j++) t[lastRow + j] = (n - 1 - j) * GAP;
  for (let i = m - 2; i >= 0; i--) {
    let p = i * n + n - 1;
    t[p] = (m - 1 - i) * GAP;
    const ai = a[i];
    let right = t[p], diag = t[p + n];
    for (let j = n - 2; j >= 0; j--) {
      p--;
      const down = t[p + n];
      const v = Math.min(Math.min(down, right) + GAP, diag + (ai === b[j] ? MATCH : MISMATCH));
      t[p] = v;
      right = v, diag = down;
    }
  }
  return t;
}

/** The value of a cell outside a band. */
const FAR = 1 << 29;

/**
 * The forward table of `a` and `b` filled only on the diagonals `-w..w` (`w` at least the
 * length difference), in the temporary buffer; the cells next to the band read as FAR.
 */
function bandTable(a: Int32Array, b: Int32Array, w: number): Int32Array {
  const m = a.length + 1, n = b.length + 1;
  const size = m * n;
  if (scratch.length < size) scratch = new Int32Array(Math.max(size, 2 * scratch.length));
  const t = scratch;
  for (let j = 0; j < n && j <= w; j++) t[j] = j * GAP;
  if (w + 1 < n) t[w + 1] = FAR;
  for (let i = 1; i < m; i++) {
    const lo = i - w > 1 ? i - w : 1, hi = i + w < n - 1 ? i + w : n - 1;
    let p = i * n;
    t[p] = i * GAP;
    if (lo > 1) t[p + lo - 1] = FAR;
    if (hi + 1 < n) t[p + hi + 1] = FAR;
    const ai = a[i - 1];
    p += lo - 1;
    let left = t[p], diag = t[p - n];
    for (let j = lo; j <= hi; j++) {
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
 * The forward table of `a` and `b`, exact wherever an optimal alignment passes (other cells
 * may be too large), in the temporary buffer. It is filled on a band of diagonals around the
 * two ends', widened until the end cell's cost is below that of any alignment that leaves
 * the band (its gaps to reach the band's edge and come back): then every optimal alignment
 * lies in the band, where the values are exact, and a backtrace makes the same moves as on
 * the full table (a cell outside every optimal alignment fails its move either way).
 */
function optimalTable(a: Int32Array, b: Int32Array): Int32Array {
  const diff = Math.abs(a.length - b.length), longest = Math.max(a.length, b.length);
  for (let w = diff + 3;; w = 2 * w) {
    if (w >= longest) return pairTable(a, b, true);
    const t = bandTable(a, b, w);
    if (t[(a.length + 1) * (b.length + 1) - 1] < GAP * (2 * w + 2 - diff)) return t;
  }
}

/**
 * Backtrace of a pairwise table (diagonal, then a gap in `b`, then a gap in `a`) into
 * {@linkcode columnBuffer}: `a`'s index in slot `x`, `b`'s in slot `y`, copy of `a`'s in slot `z`
 * (slots 0-2). Returns the number of columns.
 *
 * @example Usage
 * ```ts
 * import { columnBuffer, pairColumns } from "./pair.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pairColumns(Int32Array.of(1, 2), Int32Array.of(2), 0, 1, 2), 2);
 * assert.deepEqual([...columnBuffer.cols.subarray(0, 6)], [1, 0, 1, 0, -1, 0]);
 * ```
 *
 * @param a First sequence.
 * @param b Second sequence.
 * @param x Slot of `a`'s index.
 * @param y Slot of `b`'s index.
 * @param z Slot of the copy of `a`'s index.
 * @returns The number of columns.
 */
export function pairColumns(
  a: Int32Array,
  b: Int32Array,
  x: number,
  y: number,
  z: number,
): number {
  const t = optimalTable(a, b);
  const n = b.length + 1;
  room(a.length + b.length);
  const cols = columnBuffer.cols;
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
