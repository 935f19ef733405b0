/**
 * String similarity as fuzzywuzzy 0.18 computes it with python-Levenshtein installed (the
 * Scribendi score's gate): `token_sort_ratio` with its defaults (`force_ascii=True`,
 * `full_process=True`) and the Levenshtein ratio, written from their documented behaviour and
 * checked against them on ASCII and non-ASCII text (`tests/fuzz_ratio_test.ts`).
 *
 * What fuzzywuzzy does to a string before comparing (its `full_process`): it deletes the code
 * points U+0080 to U+00FF only (its "ascii dammit" table; other non-ASCII letters stay), turns
 * every character that is not a Unicode letter, digit or `_` into a space, lower-cases, and
 * trims. Tokens are sorted by code point and joined with one space. The ratio of two strings
 * is `1 - indel / (len1 + len2)` over code points, where `indel` is the edit distance with
 * insertions and deletions only (python-Levenshtein's `ratio`, a substitution costing 2), and
 * `token_sort_ratio` rounds 100 times it half to even (Python's `round`): equal strings give
 * 100, one empty string 0.
 *
 * @module
 */

/** The insertion-and-deletion distance of two code point arrays (len1 + len2 - 2 LCS). */
function indelDistance(a: readonly number[], b: readonly number[]): number {
  if (a.length < b.length) [a, b] = [b, a];
  const m = b.length;
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    for (let j = 0; j < m; j++) {
      cur[j + 1] = x === b[j] ? prev[j] + 1 : Math.max(prev[j + 1], cur[j]);
    }
    [prev, cur] = [cur, prev];
  }
  return a.length + m - 2 * prev[m];
}

function codePoints(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) out.push(ch.codePointAt(0)!);
  return out;
}

/**
 * The Levenshtein ratio of two strings: `1 - d / (len1 + len2)` with `d` the edit distance
 * where a substitution costs 2 (python-Levenshtein's `ratio`, and gec-metrics' Scribendi
 * `levenshtein_distance_ratio`), over code points; 1 for two empty strings.
 *
 * @example Usage
 * ```ts
 * import { levenshteinRatio } from "./fuzz_ratio.ts";
 * import assert from "node:assert/strict";
 *
 * // One deletion in 7 + 6 code points.
 * assert.equal(levenshteinRatio("kitten", "kiten"), 1 - 1 / 11);
 * assert.equal(levenshteinRatio("abc", "abc"), 1);
 * ```
 *
 * @param a The first string.
 * @param b The second string.
 * @returns The ratio, between 0 and 1.
 */
export function levenshteinRatio(a: string, b: string): number {
  const x = codePoints(a);
  const y = codePoints(b);
  const total = x.length + y.length;
  if (total === 0) return 1;
  return 1 - indelDistance(x, y) / total;
}

const NOT_WORD = /[^\p{L}\p{N}_]/gu;
const LATIN1 = /[\u0080-\u00ff]/g;

/**
 * A string as fuzzywuzzy's `full_process(s, force_ascii=True)` leaves it: U+0080-U+00FF
 * deleted, non-word characters turned into spaces, lower case, trimmed.
 *
 * @example Usage
 * ```ts
 * import { fuzzProcess } from "./fuzz_ratio.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(fuzzProcess("Café, naïve Ünïcode!"), "caf  nave ncode");
 * assert.equal(fuzzProcess("Привет, мир!"), "привет  мир");
 * ```
 *
 * @param s The string.
 * @returns The processed string.
 */
export function fuzzProcess(s: string): string {
  return s.replace(LATIN1, "").replace(NOT_WORD, " ").toLowerCase().replace(/^ +| +$/g, "");
}

/** Compare two strings by code point (Python's `str` order), not by UTF-16 unit. */
function byCodePoint(a: string, b: string): number {
  const x = codePoints(a);
  const y = codePoints(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/** Python's `int(round(x))` for x >= 0: halves to the even neighbour. */
function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/**
 * fuzzywuzzy's `token_sort_ratio(a, b)` with its defaults: an integer from 0 to 100.
 *
 * @example Usage
 * ```ts
 * import { tokenSortRatio } from "./fuzz_ratio.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(tokenSortRatio("fuzzy wuzzy was a bear", "wuzzy fuzzy was a bear"), 100);
 * assert.equal(tokenSortRatio("This is a sentence .", "This is a sentence"), 100);
 * assert.equal(tokenSortRatio("é", "ü"), 100); // both become empty: equal strings
 * assert.equal(tokenSortRatio("a", "!"), 0); // one empty string
 * ```
 *
 * @param a The first string.
 * @param b The second string.
 * @returns The ratio of the processed, token-sorted strings, times 100, rounded.
 */
export function tokenSortRatio(a: string, b: string): number {
  const sorted = (s: string) =>
    fuzzProcess(s).split(" ").filter((t) => t !== "").sort(byCodePoint).join(" ");
  const x = sorted(a);
  const y = sorted(b);
  if (x === y) return 100;
  if (x === "" || y === "") return 0;
  return roundHalfEven(100 * levenshteinRatio(x, y));
}
