/**
 * The data ChERRANT's aligner consults, loaded once from `data/` beside this file (their
 * licences and provenance are in `data/PROVENANCE.md`):
 *
 * - the extended Tongyici Cilin (`cilin.txt`): a word's semantic code, its classes being the
 *   code's first letter, second letter and next two digits; a word listed under several codes
 *   takes the last one, as ChERRANT's reader keeps it;
 * - the character confusion set (`confusion.txt`): `char similar...` per line;
 * - pinyin readings (`pinyin.txt`): `char TAB readings`, the toneless readings in the order
 *   pypinyin's `pinyin(char, style=NORMAL, heteronym=True)` gives them (the first is the one
 *   `lazy_pinyin` takes).
 *
 * @example Looking things up
 * ```ts
 * import { loadResources } from "./resources.ts";
 * import assert from "node:assert/strict";
 *
 * const r = await loadResources();
 * // 人 is listed under several codes; the last is kept, as ChERRANT keeps it.
 * assert.equal(r.semanticCode("人"), "Dn03A04=");
 * assert.ok(r.readings("行").includes("hang") && r.readings("行").includes("xing"));
 * assert.ok(r.confusable("一", "倚"));
 * ```
 *
 * @module
 */

/** What the aligner and classifier look up. */
export interface Resources {
  /** The Cilin code of a word (the last listed), or undefined. */
  semanticCode(word: string): string | undefined;
  /** The toneless pinyin readings of one character, most common first (`[]`: none). */
  readings(char: string): readonly string[];
  /** True when `b` is in the confusion set of `a` (not necessarily the other way round). */
  confusable(a: string, b: string): boolean;
}

/**
 * Reads a data file of this pack (by URL, so it works from a file checkout and from a remote
 * module alike).
 *
 * @param name The file name in `data/`.
 * @returns Its text.
 */
export async function readDataFile(name: string): Promise<string> {
  const url = new URL(`./data/${name}`, import.meta.url);
  if (url.protocol === "file:") return await Deno.readTextFile(url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Cannot read ${url.href}: ${response.status}`);
  return await response.text();
}

let loading: Promise<Resources> | undefined;

/**
 * The resources, read on the first call and shared afterwards.
 *
 * @returns The loaded resources.
 */
export function loadResources(): Promise<Resources> {
  loading ??= read();
  return loading;
}

async function read(): Promise<Resources> {
  const [cilinText, confusionText, pinyinText] = await Promise.all([
    readDataFile("cilin.txt"),
    readDataFile("confusion.txt"),
    readDataFile("pinyin.txt"),
  ]);
  const semantic = new Map<string, string>();
  for (const line of cilinText.trim().split("\n")) {
    const [code, ...words] = line.split(" ");
    for (const w of words) semantic.set(w, code);
  }
  // Each line's list is kept as text and made a set when the aligner first asks about it.
  const confusionLines = new Map<string, string>();
  for (const line of confusionText.split("\n")) {
    if (line === "") continue;
    const space = line.indexOf(" ");
    if (space < 0) confusionLines.set(line, "");
    else confusionLines.set(line.slice(0, space), line.slice(space + 1));
  }
  const confusion = new Map<string, Set<string>>();
  const similar = (a: string): Set<string> | undefined => {
    let set = confusion.get(a);
    if (set === undefined) {
      const rest = confusionLines.get(a);
      if (rest === undefined) return undefined;
      set = new Set(rest === "" ? [] : rest.split(" "));
      confusion.set(a, set);
    }
    return set;
  };
  const readings = new Map<string, string[]>();
  for (const line of pinyinText.split("\n")) {
    const tab = line.indexOf("\t");
    if (tab > 0) readings.set(line.slice(0, tab), line.slice(tab + 1).split(" "));
  }
  const none: readonly string[] = [];
  return {
    semanticCode: (word) => semantic.get(word),
    readings: (char) => readings.get(char) ?? none,
    confusable: (a, b) => similar(a)?.has(b) ?? false,
  };
}
