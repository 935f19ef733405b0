/**
 * ChERRANT's tokenizer at character level: each character is a token (or, with `--bpe`, each
 * BERT word piece; with `--segmented`, the text is already split on single spaces), the
 * missing-constituent marker `[缺失成分]` stays one token, and each token carries its pinyin
 * readings. At word level the words come segmented (see `segmented.ts`).
 *
 * @example Characters and the marker
 * ```ts
 * import { charTokenizer } from "./tokenize.ts";
 * import { loadResources } from "./resources.ts";
 * import assert from "node:assert/strict";
 *
 * const tokenize = charTokenizer(await loadResources(), {});
 * assert.deepEqual(tokenize("我[缺失成分]好").map((t) => t.text), ["我", "[缺失成分]", "好"]);
 * ```
 *
 * @module
 */

import type { Resources } from "./resources.ts";
import type { ZhToken } from "./token.ts";
import { codePoints } from "./text.ts";

/** How the character-level tokenizer splits. */
export interface CharTokenizerOptions {
  /** The text is already split into tokens on single spaces (`--segmented`). */
  segmented?: boolean;
  /** Split with the BERT word-piece tokenizer (`--bpe`; ignored when segmented). */
  wordPiece?: (text: string) => string[];
}

const SPACED_MARKER = "[ 缺 失 成 分 ]";
const MARKER = "[缺失成分]";

/**
 * The pinyin ChERRANT attaches to a character-level token: the readings of its (first)
 * character, or the token itself when it has none.
 *
 * @param resources The readings.
 * @param token The token.
 * @returns The readings.
 */
export function tokenPinyin(resources: Resources, token: string): readonly string[] {
  if (token === "") return [];
  const first = String.fromCodePoint(token.codePointAt(0)!);
  const r = resources.readings(first);
  return r.length ? r : [first === token ? token : first];
}

/**
 * A character-level tokenizer.
 *
 * @param resources The readings.
 * @param options Segmented input or word pieces.
 * @returns A function from a sentence (whitespace already removed unless segmented) to tokens.
 */
export function charTokenizer(
  resources: Resources,
  options: CharTokenizerOptions,
): (sentence: string) => ZhToken[] {
  const cache = new Map<string, ZhToken>();
  const token = (text: string): ZhToken => {
    let t = cache.get(text);
    if (!t) {
      t = { text, pos: "unk", pinyin: tokenPinyin(resources, text) };
      cache.set(text, t);
    }
    return t;
  };
  return (sentence) => {
    const spaced = options.segmented
      ? sentence
      : (options.wordPiece ? options.wordPiece(sentence) : codePoints(sentence)).join(" ");
    return spaced.replaceAll(SPACED_MARKER, MARKER).split(" ").map(token);
  };
}
