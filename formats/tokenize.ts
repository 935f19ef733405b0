/**
 * Whitespace tokenization of pre-tokenized lines, as the reference scorers split them: every
 * whitespace `str.split()` knows, or ASCII whitespace only for files the references read as bytes.
 *
 * @module
 */

import type { Tokens } from "../plugins/types.ts";

/** Whitespace as Python's `str.split()` sees it (what the reference scorers use). */
const WHITESPACE =
  // deno-lint-ignore no-control-regex
  /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

/** ASCII whitespace: what Python 2's `split()` of a byte string sees. `compute_gleu` and
 * `ieval.py` read system outputs as bytes, so a no-break space joins two tokens for them. */
const ASCII_WHITESPACE = /[\t\n\v\f\r ]+/;

/**
 * Split a line of a plain-text file (system outputs, `--src`/`--ref` files) into tokens on ASCII
 * whitespace only, as the reference tools that
 * read them as bytes do (`compute_gleu`, `ieval.py`): a no-break space or another
 * Unicode space stays inside its token. Metrics that split on Unicode whitespace (M2, as
 * m2scorer decodes its input) split such tokens again with {@linkcode splitUnicodeWhitespace}.
 *
 * @example Usage
 * ```ts
 * import { tokenizeAscii } from "./tokenize.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(tokenizeAscii(" He\u00a0goes  home .\r"), ["He\u00a0goes", "home", "."]);
 * ```
 *
 * @param line The line.
 * @param intern A table of strings already seen (see {@linkcode tokenize}).
 * @returns Its tokens.
 */
export function tokenizeAscii(line: string, intern?: Map<string, string>): Tokens {
  return tokenize(line, intern, ASCII_WHITESPACE);
}

/**
 * Split tokens again on Unicode whitespace (as Python's `str.split()` does), for metrics whose
 * reference tool decodes its input: tokens of {@linkcode tokenizeAscii} holding a
 * no-break space become two. Returns `tokens` itself when no token holds such a space.
 *
 * @example Usage
 * ```ts
 * import { splitUnicodeWhitespace } from "./tokenize.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(splitUnicodeWhitespace(["He\u00a0goes", "home"]), ["He", "goes", "home"]);
 * const plain = ["a", "b"];
 * assert.equal(splitUnicodeWhitespace(plain), plain);
 * ```
 *
 * @param tokens The tokens.
 * @returns The tokens split on every whitespace `str.split()` knows.
 */
export function splitUnicodeWhitespace(tokens: Tokens): Tokens {
  let spaced = false;
  for (let i = 0; i < tokens.length && !spaced; i++) spaced = hasSpace(tokens[i]);
  if (!spaced) return tokens;
  return tokens.flatMap((t) => t.split(WHITESPACE).filter((x) => x !== ""));
}

/**
 * Split a pre-tokenized line into tokens. Leading, trailing and repeated whitespace are
 * ignored, as the reference implementations do.
 *
 * @example Usage
 * ```ts
 * import { tokenize } from "./tokenize.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(tokenize(" The cat  sat .\r"), ["The", "cat", "sat", "."]);
 * assert.deepEqual(tokenize(""), []);
 * ```
 *
 * @param line The line.
 * @param intern A table of strings already seen: tokens equal to one in it share its
 *   storage (large corpora repeat most tokens, so this keeps memory near the file's size).
 * @param whitespace What separates tokens (default: every whitespace `str.split()` knows).
 * @returns Its tokens.
 */
export function tokenize(
  line: string,
  intern?: Map<string, string>,
  whitespace: RegExp = WHITESPACE,
): Tokens {
  let tokens: string[];
  if (whitespace === WHITESPACE || whitespace === ASCII_WHITESPACE) {
    tokens = scan(line, whitespace === WHITESPACE);
  } else {
    tokens = line.split(whitespace);
    if (tokens.length && tokens[0] === "") tokens.shift();
    if (tokens.length && tokens[tokens.length - 1] === "") tokens.pop();
  }
  if (intern) {
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      const seen = intern.get(token);
      if (seen === undefined) intern.set(token, token);
      else tokens[i] = seen;
    }
  }
  return tokens;
}

/** Whether a token holds `WHITESPACE` (a scan of its code units, as {@linkcode scan}'s). */
function hasSpace(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if ((c <= 32 || c >= 0x85) && isSpace(c, true)) return true;
  }
  return false;
}

/** Whether a UTF-16 code unit is whitespace: `ASCII_WHITESPACE`, or `WHITESPACE` if `unicode`. */
function isSpace(c: number, unicode: boolean): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (!unicode || c < 0x1c) return false;
  return c <= 0x1f || c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/**
 * The tokens of a line split on `WHITESPACE` (`unicode`) or `ASCII_WHITESPACE`, by one scan of
 * its code units (the same tokens as the regular expressions give, several times faster: every
 * such space is one UTF-16 code unit).
 */
function scan(line: string, unicode: boolean): string[] {
  // Tokens go to a buffer kept from line to line, then are copied out at their count (an
  // array grown by push would be reallocated as it grows, for every line).
  const tokens = scanBuffer;
  let count = 0;
  const n = line.length;
  let i = 0;
  while (i < n) {
    const c = line.charCodeAt(i);
    if ((c <= 32 || c >= 0x85) && isSpace(c, unicode)) {
      i++;
      continue;
    }
    const start = i++;
    while (i < n) {
      const d = line.charCodeAt(i);
      if ((d <= 32 || d >= 0x85) && isSpace(d, unicode)) break;
      i++;
    }
    tokens[count++] = line.slice(start, i);
  }
  const out = tokens.slice(0, count);
  // Not kept alive by the buffer.
  tokens.fill("", 0, count);
  return out;
}

/** The tokens of the line {@linkcode scan} is splitting. */
const scanBuffer: string[] = [];
