/**
 * The hook through which a language pack gives the annotator its own knowledge of a language:
 * a word list (the spelling rule), a stemmer (the derivational MORPH rule) and its own error
 * types (e.g. Czech `DIACR`, UA-GEC's taxonomy), without changing the annotator. Any language
 * is annotated from ready analyses in CoNLL-U (`errant_parallel -lang XX -analyses FILE`) with
 * ERRANT's alignment, merging and classification; a pack only refines the types.
 *
 * A pack lists its languages in its plugin (`annotatorLanguages: [{ code, module,
 * exportName }]`, plain data, so that each worker of a streamed run imports the module itself)
 * and exports an {@linkcode AnnotatorLanguage} from that module.
 *
 * @example A language whose word list is known and whose diacritic errors have their own type
 * ```ts
 * import { equal } from "node:assert/strict";
 * import type { AnnotatorLanguage } from "./language.ts";
 * const czech: AnnotatorLanguage = {
 *   code: "cs",
 *   load: () => ({
 *     isWord: (w) => ["byl", "jsem", "doma"].includes(w.toLowerCase()),
 *     classify: (edit, type) => {
 *       const strip = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "");
 *       const o = edit.orig.slice(edit.oStart, edit.oEnd).map((t) => t.text).join(" ");
 *       const c = edit.cor.slice(edit.cStart, edit.cEnd).map((t) => t.text).join(" ");
 *       return o !== c && strip(o) === strip(c) ? "R:DIACR" : type;
 *     },
 *   }),
 * };
 * equal(czech.code, "cs");
 * ```
 *
 * @module
 */

import type { EditInput } from "./classify.ts";

/** A language's own rules, each optional. */
export interface LanguageRules {
  /**
   * Whether `word` is a correctly spelt word of the language (ERRANT's spelling rule). Without
   * it, no word is taken for a misspelling by that rule (string similarity still finds SPELL).
   */
  isWord?(word: string): boolean;
  /** A stem for the derivational MORPH rule (default: none, the rule never applies). */
  stem?(word: string): string;
  /**
   * The edit's type in the language's own taxonomy, given the one ERRANT's rules chose (`R:SPELL`,
   * `M:DET`, ...): return `type` to keep it.
   */
  classify?(edit: EditInput, type: string): string;
}

/** A language the annotator can be given (`-lang CODE`). */
export interface AnnotatorLanguage {
  /** Its code, as `-lang` names it: ISO 639-1 (`uk`, `cs`), or 639-3. */
  readonly code: string;
  /** Loads its rules (a word list, ...): once per annotator, in each worker. */
  load(): Promise<LanguageRules> | LanguageRules;
}

/** Where a language lives: the module that exports it and the export's name. */
export interface AnnotatorLanguageModule {
  /** The module's URL (`new URL("./annotator_language.ts", import.meta.url).href`). */
  readonly module: string;
  /** The name of its export that is the {@linkcode AnnotatorLanguage}. */
  readonly exportName: string;
}

/**
 * Imports the language a module exports.
 *
 * @param where The module and export.
 * @returns Its rules, loaded.
 */
export async function loadLanguageRules(where: AnnotatorLanguageModule): Promise<LanguageRules> {
  const module = await import(where.module);
  const language = module[where.exportName] as AnnotatorLanguage | undefined;
  if (!language || typeof language.load !== "function") {
    throw new Error(`${where.module} exports no annotator language named "${where.exportName}"`);
  }
  return await language.load();
}
