/**
 * The classifier's word list and stemmer: the British English Hunspell dictionary
 * (dictionary-en-gb, read by nspell as words are asked about: `word_list.ts`) and the Lancaster
 * stemmer (lancaster-stemmer). Both are imported on first use. ERRANT's word list holds the -ise
 * and the -ize spellings; the Hunspell dictionary holds -ise only, so a word that is unknown as written is tried once more with -iz-
 * and -yz- read as -is- and -ys-.
 *
 * @module
 */

import type { ClassifierResources } from "./classify.ts";
import { createLazySpeller, type NSpellLike } from "./word_list.ts";
import { importNpm } from "../util/npm.ts";

/**
 * Loads the word list and the stemmer.
 *
 * @example British spellings and the -ize forms are words; a typo is not
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { loadClassifierResources } from "./resources.ts";
 * const res = await loadClassifierResources();
 * assertEquals(["colour", "realize", "diagonosed"].map((w) => res.isWord(w)), [true, true, false]);
 * assertEquals(res.stem("maximum"), "maxim");
 * ```
 */
export async function loadClassifierResources(): Promise<ClassifierResources> {
  const [nspellMod, dictMod, stemMod] = await Promise.all([
    importNpm<{ default: (dictionary: { aff: unknown }) => NSpellLike }>("npm:nspell@2.1.5"),
    importNpm<{ default: { aff: unknown; dic: { toString(encoding: string): string } } }>(
      "npm:dictionary-en-gb@3.0.0",
    ),
    importNpm<{ lancasterStemmer: (word: string) => string }>("npm:lancaster-stemmer@2.1.0"),
  ]);
  // nspell reads the affix file now and the dictionary's stems as words are asked about.
  const dictionary: { aff: unknown; dic: { toString(encoding: string): string } } = dictMod.default;
  const correct = createLazySpeller(
    nspellMod.default({ aff: dictionary.aff }),
    dictionary.dic.toString("utf8"),
  );
  const stemmer: (w: string) => string = stemMod.lancasterStemmer;
  const cache = new Map<string, boolean>();
  const isWord = (word: string): boolean => {
    let known = cache.get(word);
    if (known === undefined) {
      known = correct(word);
      if (!known && /iz|yz/i.test(word)) {
        known = correct(word.replace(/iz/g, "is").replace(/yz/g, "ys"));
      }
      // Bounded, so that memory stays flat over millions of sentences.
      if (cache.size >= 50_000) cache.clear();
      cache.set(word, known);
    }
    return known;
  };
  return { isWord, stem: (word) => stemmer(word) };
}
