/**
 * The BERT tokenizer ChERRANT's `--bpe` option uses (`FullTokenizer` without lower-casing,
 * on the Chinese BERT vocabulary in `data/bert_chinese_vocab.txt`): text cleaning, a space
 * around each CJK character, splitting on whitespace and punctuation, then greedy
 * longest-match word pieces (`##` for a continuation). ChERRANT's copy keeps a word that has
 * no word-piece split as it is rather than writing `[UNK]`, and so does this one.
 *
 * @example A word the vocabulary cannot split is kept whole
 * ```ts
 * import { loadWordPiece } from "./wordpiece.ts";
 * import assert from "node:assert/strict";
 *
 * const tokenize = await loadWordPiece();
 * assert.deepEqual(tokenize("我爱NLP!"), ["我", "爱", "NLP", "!"]);
 * ```
 *
 * @module
 */

import { readDataFile } from "./resources.ts";
import { pySplit, pyStrip } from "./text.ts";

function isChinese(cp: number): boolean {
  return (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x20000 && cp <= 0x2a6df) || (cp >= 0x2a700 && cp <= 0x2b73f) ||
    (cp >= 0x2b740 && cp <= 0x2b81f) || (cp >= 0x2b820 && cp <= 0x2ceaf) ||
    (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0x2f800 && cp <= 0x2fa1f);
}

const CONTROL = /^\p{C}$/u;
const SPACE_SEPARATOR = /^\p{Zs}$/u;
const PUNCTUATION = /^\p{P}$/u;

function isPunctuation(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  if ((cp >= 33 && cp <= 47) || (cp >= 58 && cp <= 64) || (cp >= 91 && cp <= 96)) return true;
  if (cp >= 123 && cp <= 126) return true;
  return PUNCTUATION.test(ch);
}

function basicTokens(text: string): string[] {
  let cleaned = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const white = ch === " " || ch === "\t" || ch === "\n" || ch === "\r" ||
      SPACE_SEPARATOR.test(ch);
    if (cp === 0 || cp === 0xfffd || (!white && CONTROL.test(ch))) continue;
    if (white) cleaned += " ";
    else if (isChinese(cp)) cleaned += ` ${ch} `;
    else cleaned += ch;
  }
  const pieces: string[] = [];
  for (const token of pySplit(pyStrip(cleaned))) {
    let current: string | undefined;
    for (const ch of token) {
      if (isPunctuation(ch)) {
        if (current !== undefined) pieces.push(current);
        pieces.push(ch);
        current = undefined;
      } else current = (current ?? "") + ch;
    }
    if (current !== undefined) pieces.push(current);
  }
  return pySplit(pieces.join(" "));
}

/**
 * Loads the vocabulary and returns the tokenizer.
 *
 * @returns A function from text to word pieces.
 */
export async function loadWordPiece(): Promise<(text: string) => string[]> {
  const vocab = new Set<string>();
  for (const line of (await readDataFile("bert_chinese_vocab.txt")).split("\n")) {
    vocab.add(pyStrip(line));
  }
  return (text) => {
    const out: string[] = [];
    for (const token of basicTokens(text)) {
      const chars = Array.from(token);
      if (chars.length > 100) {
        out.push("[UNK]");
        continue;
      }
      const subs: string[] = [];
      let start = 0, bad = false;
      while (start < chars.length) {
        let end = chars.length, found: string | undefined;
        while (start < end) {
          const piece = (start > 0 ? "##" : "") + chars.slice(start, end).join("");
          if (vocab.has(piece)) {
            found = piece;
            break;
          }
          end--;
        }
        if (found === undefined) {
          bad = true;
          break;
        }
        subs.push(found);
        start = end;
      }
      if (bad) out.push(token);
      else out.push(...subs);
    }
    return out;
  };
}
