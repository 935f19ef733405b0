/**
 * String measures and character classes the annotator's rules use, defined as the Python
 * libraries ERRANT relies on define them (rapidfuzz's Indel and Levenshtein distances, Python's
 * `str.isalpha`, `str.isupper` and `string.punctuation`).
 *
 * @module
 */

/** Position masks of the characters of the shorter string, cleared after each use. */
const MASKS = new Int32Array(65536);

/** The number of set bits of a non-negative 31-bit integer. */
function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Longest common subsequence by dynamic programming, for strings of any length. */
function lcsLengthTable(a: string, b: string): number {
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      cur[j] = ca === b.charCodeAt(j - 1)
        ? prev[j - 1] + 1
        : (prev[j] >= cur[j - 1] ? prev[j] : cur[j - 1]);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

/**
 * Length of the longest common subsequence of two strings (UTF-16 code units). Words of up to
 * 30 code units take the bit-parallel recurrence of Hyyrö (2004), one step per character of the
 * other string; longer ones the table.
 */
function lcsLength(a: string, b: string): number {
  if (a.length > b.length) [a, b] = [b, a];
  const m = a.length;
  if (m === 0) return 0;
  if (m > 30) return lcsLengthTable(a, b);
  for (let i = 0; i < m; i++) MASKS[a.charCodeAt(i)] |= 1 << i;
  const full = (1 << m) - 1;
  let v = full;
  for (let j = 0; j < b.length; j++) {
    const u = v & MASKS[b.charCodeAt(j)];
    v = ((v + u) | (v - u)) & full;
  }
  for (let i = 0; i < m; i++) MASKS[a.charCodeAt(i)] = 0;
  return m - popcount(v);
}

/**
 * The Indel distance (insertions and deletions only) divided by the summed length: 0 for equal
 * strings, 1 for strings with no character in common.
 *
 * @example Two strings that share most characters
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { indelNormalizedDistance } from "./strings.ts";
 * assertEquals(indelNormalizedDistance("cat", "cats"), 1 / 7);
 * ```
 */
export function indelNormalizedDistance(a: string, b: string): number {
  const sum = a.length + b.length;
  if (sum === 0) return 0;
  return (sum - 2 * lcsLength(a, b)) / sum;
}

/** Levenshtein distance with unit costs. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1] + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const del = prev[j] + 1;
      const ins = cur[j - 1] + 1;
      cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

/**
 * 1 − Levenshtein distance / the longer length (1 for two empty strings).
 *
 * @example A one-letter change in a four-letter word
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { levenshteinNormalizedSimilarity } from "./strings.ts";
 * assertEquals(levenshteinNormalizedSimilarity("form", "from"), 0.5);
 * ```
 */
export function levenshteinNormalizedSimilarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 1;
  return 1 - levenshtein(a, b) / longest;
}

const ALPHA = /^\p{L}+$/u;

/** Python's `str.isalpha()`: non-empty and letters only. */
export function isAlpha(text: string): boolean {
  return ALPHA.test(text);
}

/** Python's `str.isupper()` for one character: an upper-case letter. */
export function isUpperChar(ch: string): boolean {
  return ch.toLowerCase() !== ch && ch.toUpperCase() === ch;
}

/** Python's `string.punctuation`. */
export const PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

/** Whether `text` occurs inside {@link PUNCTUATION} (a substring test, as ERRANT's `in` is). */
export function inPunctuation(text: string): boolean {
  return PUNCTUATION.includes(text);
}
