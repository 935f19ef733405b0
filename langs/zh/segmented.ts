/**
 * Word level without LTP: ChERRANT's word-level alignment and types on a segmentation the user
 * brings. A sentence is its words separated by spaces, each optionally tagged `word/TAG` with
 * an LTP part-of-speech tag (`n`, `v`, `a`, `wp`, ...), or comes from a CoNLL-U file (its FORMs,
 * XPOS when given, else UPOS mapped to the LTP tag set). A word's pinyin is the first reading
 * of each of its characters (pypinyin's `lazy_pinyin` without its phrase dictionary).
 *
 * The misspelling test of word-level substitutions (`S:SPELL`) uses FASPell's character
 * similarity data (`char_meta.txt`, shipped in ChERRANT's `data/` folder but not here): give
 * its path to use it; without it, only substitutions of the same characters in another order
 * are spelling errors, as ChERRANT finds for characters its data does not know.
 *
 * @example Tagged words
 * ```ts
 * import { wordTokenizer } from "./segmented.ts";
 * import { loadResources } from "./resources.ts";
 * import assert from "node:assert/strict";
 *
 * const tokenize = wordTokenizer(await loadResources());
 * const t = tokenize("我们/r 去/v 学校/n");
 * assert.deepEqual(t.map((w) => [w.text, w.pos, w.pinyin.join(" ")]), [
 *   ["我们", "r", "wo men"], ["去", "v", "qu"], ["学校", "n", "xue xiao"],
 * ]);
 * ```
 *
 * @module
 */

import { InputError } from "../../plugins/mod.ts";
import type { SpellCheck } from "./classify.ts";
import type { Resources } from "./resources.ts";
import type { ZhToken } from "./token.ts";

const TAGGED = /^(.+)\/([A-Za-z]+)$/u;

/**
 * The pinyin of a word as ChERRANT's word level takes it: one reading per character (the word
 * itself for a run of characters without readings).
 *
 * @param resources The readings.
 * @param word The word.
 * @returns The readings.
 */
export function wordPinyin(resources: Resources, word: string): string[] {
  const out: string[] = [];
  let other = "";
  for (const ch of word) {
    const r = resources.readings(ch);
    if (r.length) {
      if (other) out.push(other);
      other = "";
      out.push(r[0]);
    } else other += ch;
  }
  if (other) out.push(other);
  return out;
}

/**
 * A tokenizer of segmented sentences (`word word` or `word/TAG word/TAG`).
 *
 * @param resources The readings.
 * @returns A function from a sentence to word tokens (untagged words get the tag `""`).
 */
export function wordTokenizer(resources: Resources): (sentence: string) => ZhToken[] {
  return (sentence) =>
    sentence.split(" ").map((item) => {
      const m = TAGGED.exec(item);
      const text = m ? m[1] : item;
      return { text, pos: m ? m[2] : "", pinyin: wordPinyin(resources, text) };
    });
}

/** Universal POS tags to the LTP tags ChERRANT's types are named from. */
const UPOS_TO_LTP: Record<string, string> = {
  NOUN: "n",
  PROPN: "nz",
  VERB: "v",
  AUX: "v",
  ADJ: "a",
  ADV: "d",
  PRON: "r",
  DET: "r",
  ADP: "p",
  CCONJ: "c",
  SCONJ: "c",
  NUM: "m",
  PART: "u",
  PUNCT: "wp",
  INTJ: "e",
  SYM: "wp",
  X: "x",
};

/**
 * Reads a CoNLL-U file into tagged sentences, keyed by their text without spaces (the FORMs
 * joined), so sentences of a parallel file can be looked up by their text.
 *
 * @param text The CoNLL-U text.
 * @param file Its name, for messages.
 * @returns Each sentence as `word/TAG word/TAG ...`, by its text.
 */
export function readConllu(text: string, file: string): Map<string, string> {
  const out = new Map<string, string>();
  let words: string[] = [];
  const flush = () => {
    if (words.length) {
      out.set(words.map((w) => w.slice(0, w.lastIndexOf("/"))).join(""), words.join(" "));
    }
    words = [];
  };
  text.replace(/\r\n?/g, "\n").split("\n").forEach((line, i) => {
    if (line.trim() === "") return flush();
    if (line.startsWith("#")) return;
    const cols = line.split("\t");
    if (cols.length !== 10) {
      throw new InputError(
        `expected 10 tab-separated CoNLL-U columns, found ${cols.length}`,
        file,
        i + 1,
      );
    }
    if (!/^\d+$/.test(cols[0])) return; // multiword ranges and empty nodes
    const tag = cols[4] !== "_" ? cols[4] : UPOS_TO_LTP[cols[3]] ?? "x";
    words.push(`${cols[1]}/${tag}`);
  });
  flush();
  return out;
}

/** FASPell's `edit_distance` ('Levenshtein' variant) over code points. */
function editDistance(a: string, b: string): number {
  const x = Array.from(a), y = Array.from(b);
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) {
      cur.push(
        Math.min(prev[j] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1), cur[j - 1] + 1),
      );
    }
    prev = cur;
  }
  return prev[y.length];
}

const SAFE: Record<string, string> = {
  "\u2ff0": "A",
  "\u2ff1": "B",
  "\u2ff2": "C",
  "\u2ff3": "D",
  "\u2ff4": "E",
  "\u2ff5": "F",
  "\u2ff6": "G",
  "\u2ff7": "H",
  "\u2ff8": "I",
  "\u2ff9": "J",
  "\u2ffa": "L",
  "\u2ffb": "M",
};

/**
 * ChERRANT's `check_spell_error` (threshold 0.8), with FASPell's shape and pronunciation
 * similarity when its `char_meta.txt` text is given.
 *
 * @param resources The readings.
 * @param charMeta The text of `char_meta.txt`, or undefined.
 * @returns The test.
 */
export function spellCheck(resources: Resources, charMeta?: string): SpellCheck {
  const meta = new Map<string, { pron: string; decomps: string[] }>();
  for (const line of charMeta?.split("\n") ?? []) {
    const items = line.trim().split("\t");
    if (items.length < 3) continue;
    meta.set(items[1], { pron: items[2], decomps: items.slice(3) });
  }
  const safe = (s: string) => Array.from(s, (c) => SAFE[c] ?? c).join("");
  const shape = (a: string, b: string) => {
    let sim = 0;
    for (const d1 of meta.get(a)!.decomps) {
      for (const d2 of meta.get(b)!.decomps) {
        const ed = editDistance(safe(d1), safe(d2));
        sim = Math.max(sim, 1 - ed / Math.max(Array.from(d1).length, Array.from(d2).length));
      }
    }
    return sim;
  };
  const sound = (a: string, b: string) => {
    const p1 = meta.get(a)!.pron, p2 = meta.get(b)!.pron;
    if (p1[0] === "null" || p2 === "null") return 0;
    const l1 = p1.split(";"), l2 = p2.split(";");
    let sim = 0, count = 0;
    for (let k = 0; k < Math.min(l1.length, l2.length); k++) {
      if (l1[k] === "null" || l2[k] === "null") continue;
      let best = 0;
      for (const x of l1[k].split(",")) {
        for (const y of l2[k].split(",")) {
          best = Math.max(
            best,
            1 - editDistance(x, y) / Math.max(Array.from(x).length, Array.from(y).length),
          );
        }
      }
      sim += best;
      count++;
    }
    return count ? sim / count : 0;
  };
  const readings = (c: string) => {
    const r = resources.readings(c);
    return r.length ? r : [c];
  };
  return (src, tgt) => {
    const a = Array.from(src), b = Array.from(tgt);
    if (a.length !== b.length) return false;
    if ([...a].sort().join("\u0000") === [...b].sort().join("\u0000")) return true;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      if (!meta.has(a[i]) || !meta.has(b[i])) return false;
      const shared = readings(a[i]).some((r) => readings(b[i]).includes(r));
      if (shape(a[i], b[i]) + sound(a[i], b[i]) < 0.8 && !shared) return false;
    }
    return true;
  };
}
