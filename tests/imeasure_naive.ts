/**
 * A deliberately plain I-measure alignment for tests: the Sum-of-Pairs cube of the paper
 * (match 0, gap 2, mismatch 3) filled cell by cell over strings in nested arrays, recomputed
 * from scratch for every call, and its backtrace in the tie-break order of `ieval.py`. Only
 * for small inputs, as an oracle for `metrics/imeasure/align.ts` (which works on token ids,
 * fills the cube only in a band, reuses its planes between references and counts without
 * building rows).
 *
 * @module
 */

import type { Tokens } from "../plugins/types.ts";

const GAP = 2;
const cost = (x: string, y: string) => (x === y ? 0 : 3);

/** Pairwise alignment rows of `a` and `b`: diagonal first, then a gap in `b`, then in `a`. */
function pair(a: Tokens, b: Tokens): [string[], string[]] {
  const d = Array.from(
    { length: a.length + 1 },
    (_, i) =>
      Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j * GAP : j === 0 ? i * GAP : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(
        d[i - 1][j] + GAP,
        d[i][j - 1] + GAP,
        d[i - 1][j - 1] + cost(a[i - 1], b[j - 1]),
      );
    }
  }
  const ra: string[] = [], rb: string[] = [];
  let i = a.length, j = b.length;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i][j] === d[i - 1][j - 1] + cost(a[i - 1], b[j - 1])) {
      ra.unshift(a[--i]), rb.unshift(b[--j]);
    } else if (i > 0 && d[i][j] === d[i - 1][j] + GAP) ra.unshift(a[--i]), rb.unshift("");
    else ra.unshift(""), rb.unshift(b[--j]);
  }
  return [ra, rb];
}

/**
 * The three aligned rows of source, hypothesis and reference (`""` = gap): equal rows share
 * their columns; with two equal rows the odd one out is aligned pairwise against them.
 *
 * @param s Source.
 * @param h Hypothesis.
 * @param r Reference.
 * @returns The rows.
 */
export function naiveAlign3(s: Tokens, h: Tokens, r: Tokens): [string[], string[], string[]] {
  const eq = (x: Tokens, y: Tokens) => x.length === y.length && x.every((t, i) => t === y[i]);
  if (eq(s, h) && eq(h, r)) return [s.slice(), h.slice(), r.slice()];
  if (eq(s, h)) {
    const [x, y] = pair(h, r);
    return [x, x.slice(), y];
  }
  if (eq(s, r)) {
    const [x, y] = pair(r, h);
    return [x, y, x.slice()];
  }
  if (eq(h, r)) {
    const [x, y] = pair(r, s);
    return [y, x, x.slice()];
  }
  const n1 = s.length, n2 = h.length, n3 = r.length;
  const d: number[][][] = [];
  for (let i = 0; i <= n1; i++) {
    d.push([]);
    for (let j = 0; j <= n2; j++) {
      d[i].push([]);
      for (let k = 0; k <= n3; k++) {
        const steps: number[] = [];
        const a = s[i - 1], b = h[j - 1], c = r[k - 1];
        if (i && j && k) steps.push(d[i - 1][j - 1][k - 1] + cost(a, b) + cost(a, c) + cost(b, c));
        if (i && j) steps.push(d[i - 1][j - 1][k] + cost(a, b) + 2 * GAP);
        if (i && k) steps.push(d[i - 1][j][k - 1] + cost(a, c) + 2 * GAP);
        if (j && k) steps.push(d[i][j - 1][k - 1] + cost(b, c) + 2 * GAP);
        if (i) steps.push(d[i - 1][j][k] + 2 * GAP);
        if (j) steps.push(d[i][j - 1][k] + 2 * GAP);
        if (k) steps.push(d[i][j][k - 1] + 2 * GAP);
        d[i][j].push(steps.length ? Math.min(...steps) : 0);
      }
    }
  }
  const rows: [string[], string[], string[]] = [[], [], []];
  const put = (x: string, y: string, z: string) => {
    rows[0].unshift(x), rows[1].unshift(y), rows[2].unshift(z);
  };
  let i = n1, j = n2, k = n3;
  while (i || j || k) {
    const here = d[i][j][k];
    const a = s[i - 1], b = h[j - 1], c = r[k - 1];
    if (i && j && k && here === d[i - 1][j - 1][k - 1] + cost(a, b) + cost(a, c) + cost(b, c)) {
      put(a, b, c), i--, j--, k--;
    } else if (i && j && here === d[i - 1][j - 1][k] + cost(a, b) + 2 * GAP) {
      put(a, b, ""), i--, j--;
    } else if (i && k && here === d[i - 1][j][k - 1] + cost(a, c) + 2 * GAP) {
      put(a, "", c), i--, k--;
    } else if (j && k && here === d[i][j - 1][k - 1] + cost(b, c) + 2 * GAP) {
      put("", b, c), j--, k--;
    } else if (i && here === d[i - 1][j][k] + 2 * GAP) put(a, "", ""), i--;
    else if (j && here === d[i][j - 1][k] + 2 * GAP) put("", b, ""), j--;
    else put("", "", c), k--;
  }
  return rows;
}

/**
 * Detection then correction counts (`tp, tn, fp, fn, fpn` each) of {@linkcode naiveAlign3}'s
 * columns, classified as Table 6 of the paper.
 *
 * @param s Source.
 * @param h Hypothesis.
 * @param r Reference.
 * @returns Ten integers.
 */
export function naiveCounts(s: Tokens, h: Tokens, r: Tokens): number[] {
  const [x, y, z] = naiveAlign3(s, h, r);
  const c = new Array(10).fill(0);
  x.forEach((a, n) => {
    const b = y[n], e = z[n];
    if (a === b && b === e) c[1]++, c[6]++; // TN
    else if (a === b) c[3]++, c[8]++; // FN: error left alone
    else if (a === e) c[2]++, c[7]++; // FP: unneeded change
    else if (b === e) c[0]++, c[5]++; // TP
    else c[0]++, c[7]++, c[8]++, c[9]++; // detected, corrected differently
  });
  return c;
}
