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
export { loadWinkAnalyser } from "./tag.ts";
export type { AlignOp } from "./align.ts";
export { align, substitutionCost } from "./align.ts";
export type { MergeStrategy, Span } from "./merge.ts";
export { mergeEdits } from "./merge.ts";
export type { ClassifierResources, EditInput } from "./classify.ts";
export { classifyEdit, universalTypePos } from "./classify.ts";
export type { AnnotatorLanguage, AnnotatorLanguageModule, LanguageRules } from "./language.ts";
export { loadClassifierResources } from "./resources.ts";
export type { AnnotateOptions, Annotator, AnnotatorParts, TypedEdit } from "./annotate.ts";
export { createAnnotator, loadAnnotator } from "./annotate.ts";
export { type ConlluOptions, parseConllu, readyAnalyser } from "./conllu.ts";
export { type AnnotatorSpec, buildAnnotator } from "./build.ts";
export {
  annotateParallelStream,
  type ParallelInput,
  reannotateM2Stream,
  type StreamOptions,
} from "./stream.ts";
export { parallelToM2 } from "./parallel.ts";
export { m2ToM2, type M2ToM2Options } from "./m2_to_m2.ts";
export type { CommandOutput } from "./commands.ts";
export { errantM2Command, errantParallelCommand } from "./commands.ts";
export {
  ERRANT_M2_HELP,
  ERRANT_M2_USAGE,
  ERRANT_PARALLEL_HELP,
  ERRANT_PARALLEL_USAGE,
} from "./command_help.ts";
export { errantM2DropIn, errantParallelDropIn } from "./drop_ins.ts";
