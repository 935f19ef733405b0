/**
 * The two Levenshtein matrices of the M2 edit lattice (substitution cost 1 and 2), computed
 * on the diagonal band of cells that can lie on an optimal path, with their back-pointers and
 * the cells reachable from the end through them (`lattice.ts` makes the lattice of these).
 *
 * @module
 */

import type { Tokens } from "../../plugins/types.ts";

/** Back-pointer bits of the first matrix (the second's are these shifted by 3). */
export const DIAG_BIT = 1, DEL_BIT = 2, INS_BIT = 4;

/** A distance no cell on an optimal path reaches (cells outside the band hold it). */
const FAR = 1 << 29;

/**
 * The indel distance of two token lists (the second matrix's cost, substitution 2: `n + m`
 * minus twice their longest common subsequence). Tokens both share at the start or at the
 * end are part of a longest common subsequence, so only the window between them is compared.
 */
export function indelDistance(source: Tokens, hyp: Tokens, rows: Int32Array): number {
  const n = source.length, m = hyp.length;
  let a = 0;
  while (a < n && a < m && source[a] === hyp[a]) a++;
  let b = 0;
  while (b < n - a && b < m - a && source[n - 1 - b] === hyp[m - 1 - b]) b++;
  const wn = n - a - b, wm = m - a - b;
  if (wn === 0 || wm === 0) return wn + wm;
  // Longest common subsequence of the windows, one row at a time.
  let prev = 0, cur = wm + 1;
  rows.fill(0, 0, 2 * (wm + 1));
  for (let i = 0; i < wn; i++) {
    const s = source[a + i];
    for (let j = 1; j <= wm; j++) {
      const up = rows[prev + j], left = rows[cur + j - 1];
      rows[cur + j] = s === hyp[a + j - 1] ? rows[prev + j - 1] + 1 : up > left ? up : left;
    }
    const t = prev;
    prev = cur;
    cur = t;
  }
  return wn + wm - 2 * rows[prev + wm];
}

/**
 * The cells that can lie on an optimal path of either matrix: a diagonal band. A path
 * through cell `(i, j)` makes at least `|i - j|` insertions or deletions before it and
 * `|(n - i) - (m - j)|` after it, each costing 1 in both matrices; the first matrix's optimal
 * cost is at most the second's (`d`). So only cells with `k = i - j` in `[lo, hi]`, where
 * `|k| + |n - m - k| <= d`, can be on an optimal path of either.
 */
export function band(n: number, m: number, d: number): { hi: number; width: number } {
  const K = n - m, slack = Math.floor((d - Math.abs(K)) / 2);
  // Wider than the grid is no use: clip to the diagonals that exist (k from -m to n).
  const lo = Math.max(Math.min(0, K) - slack, -m), hi = Math.min(Math.max(0, K) + slack, n);
  return { hi, width: hi - lo + 1 };
}

/**
 * Back-pointer flags of both Levenshtein matrices (substitution cost 1 in bits 0-2,
 * cost 2 in bits 3-5), computed in one sweep over the band of {@linkcode band}: cell
 * `(i, j)` is at `i * width + (j - i + hi)`. Cells outside the band or the grid count as
 * unreachable (`FAR`). Distances are then exact on every cell of an optimal path (its
 * optimal prefixes lie in the band too), and so are its flags (a predecessor that ties is on
 * an optimal path, and one outside the band is farther); other cells never get `seen`.
 */
export function backPointers(
  source: Tokens,
  hyp: Tokens,
  hi: number,
  width: number,
  flags: Uint8Array,
  rows: Int32Array,
): void {
  const n = source.length, m = hyp.length;
  // Four rows (previous and current of each matrix), each with one more cell that stays
  // FAR: the cell above the band's last one.
  const w = width + 1;
  let p1 = 0, c1 = w, p2 = 2 * w, c2 = 3 * w;
  for (let c = 0; c <= width; c++) {
    const j = c - hi;
    const inGrid = c < width && j >= 0 && j <= m;
    rows[p1 + c] = rows[p2 + c] = inGrid ? j : FAR;
    rows[c1 + c] = rows[c2 + c] = FAR;
    if (c < width) flags[c] = inGrid && j > 0 ? INS_BIT | (INS_BIT << 3) : 0;
  }
  for (let i = 1; i <= n; i++) {
    const base = i * width, j0 = i - hi;
    // The band's cells inside the grid: j = j0 + c from 0 to m.
    const cLo = j0 < 0 ? -j0 : 0, cHi = m - j0 < width - 1 ? m - j0 : width - 1;
    for (let c = 0; c < cLo; c++) rows[c1 + c] = rows[c2 + c] = FAR, flags[base + c] = 0;
    for (let c = cHi + 1; c < width; c++) rows[c1 + c] = rows[c2 + c] = FAR, flags[base + c] = 0;
    const s = source[i - 1];
    // Carried along the row: the cell to the left (`left*`).
    let left1 = FAR, left2 = FAR;
    for (let c = cLo; c <= cHi; c++) {
      const j = j0 + c;
      const same = j > 0 && s === hyp[j - 1];
      const diag1 = rows[p1 + c], diag2 = rows[p2 + c];
      const up1 = rows[p1 + c + 1], up2 = rows[p2 + c + 1];
      const sub1 = same ? diag1 : diag1 + 1;
      const del1 = up1 + 1;
      const ins1 = left1 + 1;
      const min1 = sub1 < del1 ? (sub1 < ins1 ? sub1 : ins1) : (del1 < ins1 ? del1 : ins1);
      rows[c1 + c] = min1;
      const sub2 = same ? diag2 : diag2 + 2;
      const del2 = up2 + 1;
      const ins2 = left2 + 1;
      const min2 = sub2 < del2 ? (sub2 < ins2 ? sub2 : ins2) : (del2 < ins2 ? del2 : ins2);
      rows[c2 + c] = min2;
      flags[base + c] = (sub1 === min1 ? DIAG_BIT : 0) | (del1 === min1 ? DEL_BIT : 0) |
        (ins1 === min1 ? INS_BIT : 0) | (sub2 === min2 ? DIAG_BIT << 3 : 0) |
        (del2 === min2 ? DEL_BIT << 3 : 0) | (ins2 === min2 ? INS_BIT << 3 : 0);
      left1 = min1, left2 = min2;
    }
    let t = p1;
    p1 = c1;
    c1 = t;
    t = p2;
    p2 = c2;
    c2 = t;
  }
}

/**
 * Cells reachable backwards from the end cell through back-pointers: bit 0 in the first
 * matrix, bit 1 in the second (band layout of {@linkcode backPointers}: the cell above is
 * `width - 1` back, the diagonal one `width`). Flags of a reached cell only point at cells of
 * the band.
 */
export function reachable(
  flags: Uint8Array,
  seen: Uint8Array,
  cells: number,
  end: number,
  width: number,
): void {
  seen.fill(0, 0, cells);
  seen[end] = 3;
  for (let id = end; id > 0; id--) {
    const s = seen[id];
    if (!s) continue;
    const f = flags[id];
    if (s & 1) {
      if (f & DIAG_BIT) seen[id - width] |= 1;
      if (f & DEL_BIT) seen[id - width + 1] |= 1;
      if (f & INS_BIT) seen[id - 1] |= 1;
    }
    if (s & 2) {
      if (f & (DIAG_BIT << 3)) seen[id - width] |= 2;
      if (f & (DEL_BIT << 3)) seen[id - width + 1] |= 2;
      if (f & (INS_BIT << 3)) seen[id - 1] |= 2;
    }
  }
}
