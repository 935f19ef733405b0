/**
 * String measures and character classes the annotator's rules use, defined as the Python
 * libraries ERRANT relies on define them (rapidfuzz's Indel and Levenshtein distances, Python's
 * `str.isalpha`, `str.isupper` and `string.punctuation`).
 *
 * @module
 */

/** Length of the longest common subsequence of two strings (UTF-16 code units). */
function lcsLength(a: string, b: string): number {
  if (a.length === 0 || b.length === 0) return 0;
  let prev = new Array<number>(b.length + 1).fill(0);
  let cur = new Array<number>(b.length + 1).fill(0);
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
