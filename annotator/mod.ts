/**
 * An ERRANT-style annotator for English (Bryant, Felice & Briscoe 2017; Felice, Bryant &
 * Briscoe 2016), one module per stage:
 *
 * - `tag.ts` (with `retag.ts`, `deps.ts`, `tag_map.ts`): tags, lemmas and dependency labels;
 *   `conllu.ts` reads ready analyses instead;
 * - `align.ts`: linguistic Damerau-Levenshtein alignment on the `edits/` aligner;
 * - `merge.ts`: rule-based merging;
 * - `classify.ts` (with `resources.ts`): the 25-category classifier;
 * - `annotate.ts`: the stages together; `parallel.ts`, `m2_to_m2.ts` and `commands.ts`: ERRANT's
 *   `errant_parallel` and `errant_m2`, streamed on workers by `stream.ts` (`stream_worker.ts`);
 * - `build.ts`: the annotator a command names (`-analyses`, `-lang`); `language.ts`: the hook
 *   through which a language pack adds a word list and its own error types for any language
 *   analysed in CoNLL-U.
 *
 * The public entry is {@linkcode loadAnnotator}: an {@linkcode Annotator} analyses
 * sentences and turns an original and a corrected one into typed edits; its analyser and
 * classifier resources can be given ({@linkcode AnnotatorParts}). The stage modules' own
 * helpers are not public.
 *
 * The npm packages it needs (wink-pos-tagger, wink-lexicon, wink-lemmatizer, nspell,
 * dictionary-en-gb, lancaster-stemmer) are imported when an annotator is first loaded.
 *
 * @example Annotate a corrected sentence
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { loadAnnotator } from "./mod.ts";
 * const a = await loadAnnotator();
 * const edits = a.annotate(a.analyse("She go to school".split(" ")), a.analyse("She goes to school".split(" ")));
 * assertEquals(edits.map((e) => `${e.oStart} ${e.oEnd} ${e.correction} ${e.type}`), ["1 2 goes R:VERB:SVA"]);
 * ```
 *
 * @module
 */

export type { Analysis, Token } from "./token.ts";
export type { Analyser } from "./tag.ts";
export type { MergeStrategy, Span } from "./merge.ts";
export type { ClassifierResources, EditInput } from "./classify.ts";
export type { AnnotatorLanguage, AnnotatorLanguageModule, LanguageRules } from "./language.ts";
export {
  type AnnotateOptions,
  type Annotator,
  type AnnotatorParts,
  loadAnnotator,
  type TypedEdit,
} from "./annotate.ts";
export { parallelToM2 } from "./parallel.ts";
