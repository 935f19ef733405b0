/**
 * String helpers with Python 3's meanings, which ChERRANT's output depends on: whitespace as
 * `str.split()` and `str.strip()` see it, lengths in code points, universal newlines when a
 * file is read as text, and the "all Chinese" test of its aligner (U+4E00 to U+9FFF).
 *
 * @example Python's whitespace and code points
 * ```ts
 * import { codePoints, pySplit, pyStrip } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(pySplit(" 我\u3000们 \x1c好 "), ["我", "们", "好"]);
 * assert.equal(pyStrip("\ufeff 你 "), "\ufeff 你");
 * assert.deepEqual(codePoints("a𠀀b"), ["a", "𠀀", "b"]);
 * ```
 *
 * @module
 */

/** Python 3's `str.isspace()` characters (what `split()` and `strip()` remove). */
const PY_SPACE =
  "[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const SPLIT = new RegExp(`${PY_SPACE}+`, "u");
const STRIP = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, "gu");

/**
 * Python's `s.split()`: runs of whitespace separate, no empty fields.
 *
 * @param s The text.
 * @returns The fields.
 */
export function pySplit(s: string): string[] {
  return s.split(SPLIT).filter((x) => x !== "");
}

/**
 * Python's `s.strip()`.
 *
 * @param s The text.
 * @returns The text without leading and trailing whitespace.
 */
export function pyStrip(s: string): string {
  return s.replace(STRIP, "");
}

/**
 * The code points of a string, each as a string (Python's `list(s)`).
 *
 * @param s The text.
 * @returns One string per code point.
 */
export function codePoints(s: string): string[] {
  return Array.from(s);
}

/**
 * Python's `len(s)`: the number of code points.
 *
 * @param s The text.
 * @returns Its length in code points.
 */
export function cpLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) n++;
    else {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
      n++;
    }
  }
  return n;
}

/**
 * ChERRANT's `check_all_chinese`: every code point is in U+4E00..U+9FFF (true for `""`).
 *
 * @param s The token.
 * @returns Whether it is all CJK unified ideographs of the basic block.
 */
export function allChinese(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x4e00 || c > 0x9fff) return false;
  }
  return true;
}

/**
 * The lines of a text file as Python reads them in text mode and ChERRANT splits them:
 * `\r\n` and `\r` become `\n`, the whole text is stripped, then split on `\n`.
 *
 * @param text The file's text.
 * @returns Its lines (`[""]` for an empty file, as Python gives).
 */
export function pyLines(text: string): string[] {
  return pyStrip(text.replace(/\r\n?/g, "\n")).split("\n");
}

/**
 * Levenshtein distance over code points (python-Levenshtein's `distance`).
 *
 * @param a One string.
 * @param b The other.
 * @returns The number of insertions, deletions and substitutions between them.
 */
export function levenshtein(a: string, b: string): number {
  const x = codePoints(a), y = codePoints(b);
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) {
      cur.push(
        Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1)),
      );
    }
    prev = cur;
  }
  return prev[y.length];
}
