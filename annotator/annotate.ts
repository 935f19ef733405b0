/**
 * The annotator: analyse, align, merge, classify. One object holds the analyser and the
 * classifier's resources; `annotate` turns an (original, corrected) pair of analysed sentences
 * into typed edits, `importEdit` types an edit given by span (as ERRANT does for a gold M2).
 *
 * @module
 */

import type { Analysis } from "./token.ts";
import { align } from "./align.ts";
import { mergeEdits, type MergeStrategy, type Span } from "./merge.ts";
import { type ClassifierResources, classifyEdit, type EditInput } from "./classify.ts";
import { type Analyser, loadWinkAnalyser } from "./tag.ts";
import { loadClassifierResources } from "./resources.ts";

/** A typed edit: `orig[oStart, oEnd)` → `cor[cStart, cEnd)`, the correction text and its type. */
export interface TypedEdit extends Span {
  /** The corrected tokens joined by spaces (empty for a deletion). */
  readonly correction: string;
  /** ERRANT error type, e.g. `R:NOUN:NUM`. */
  readonly type: string;
}

/** How to align and merge. */
export interface AnnotateOptions {
  /** Plain Levenshtein alignment instead of the linguistic costs (ERRANT's `-lev`). */
  readonly lev?: boolean;
  /** Merging strategy (ERRANT's `-merge`), default `rules`. */
  readonly merge?: MergeStrategy;
}

/** An English ERRANT-style annotator. */
export interface Annotator {
  /** Analyses a whitespace-tokenised sentence. */
  analyse(tokens: readonly string[]): Analysis;
  /** The typed edits that turn `orig` into `cor`, left to right. */
  annotate(orig: Analysis, cor: Analysis, options?: AnnotateOptions): TypedEdit[];
  /** Types (and by default minimises) an edit given by its spans. */
  importEdit(orig: Analysis, cor: Analysis, span: Span, minimise?: boolean): TypedEdit;
  /** The error type of an edit span. */
  classify(orig: Analysis, cor: Analysis, span: Span): string;
}

/** What an annotator is built from. */
export interface AnnotatorParts {
  /** The analyser (default: the wink-based one). */
  readonly analyser?: Analyser;
  /** Word list and stemmer (default: dictionary-en-gb and the Lancaster stemmer). */
  readonly resources?: ClassifierResources;
  /** A language's own types: given an edit and ERRANT's type for it, the type to give. */
  readonly classify?: (edit: EditInput, type: string) => string;
}

/**
 * Builds an annotator from ready parts (no imports); `override` retypes edits in a language's
 * own taxonomy.
 */
export function createAnnotator(
  analyser: Analyser,
  resources: ClassifierResources,
  override?: (edit: EditInput, type: string) => string,
): Annotator {
  const classify = (orig: Analysis, cor: Analysis, s: Span) => {
    const edit = { orig, cor, oStart: s.oStart, oEnd: s.oEnd, cStart: s.cStart, cEnd: s.cEnd };
    const type = classifyEdit(edit, resources);
    return override ? override(edit, type) : type;
  };
  const typed = (orig: Analysis, cor: Analysis, s: Span): TypedEdit => ({
    oStart: s.oStart,
    oEnd: s.oEnd,
    cStart: s.cStart,
    cEnd: s.cEnd,
    correction: cor.slice(s.cStart, s.cEnd).map((t) => t.text).join(" "),
    type: classify(orig, cor, s),
  });
  return {
    analyse: analyser,
    classify,
    annotate(orig, cor, options = {}) {
      const seq = align(orig, cor, options.lev ?? false);
      return mergeEdits(seq, orig, cor, options.merge ?? "rules").map((s) => typed(orig, cor, s));
    },
    importEdit(orig, cor, span, minimise = true) {
      let { oStart, oEnd, cStart, cEnd } = span;
      if (minimise) {
        while (oStart < oEnd && cStart < cEnd && orig[oStart].text === cor[cStart].text) {
          oStart++;
          cStart++;
        }
        while (oStart < oEnd && cStart < cEnd && orig[oEnd - 1].text === cor[cEnd - 1].text) {
          oEnd--;
          cEnd--;
        }
      }
      return typed(orig, cor, { oStart, oEnd, cStart, cEnd });
    },
  };
}

/**
 * Loads the default annotator (imports the tagger, the word list and the stemmer from npm on
 * first call).
 *
 * @example Noun number and a missing determiner
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { loadAnnotator } from "./annotate.ts";
 * const a = await loadAnnotator();
 * const orig = a.analyse("I like cat .".split(" "));
 * const cor = a.analyse("I like the cats .".split(" "));
 * assertEquals(a.annotate(orig, cor).map((e) => [e.oStart, e.oEnd, e.correction, e.type]), [
 *   [2, 2, "the", "M:DET"],
 *   [2, 3, "cats", "R:NOUN:NUM"],
 * ]);
 * ```
 */
export async function loadAnnotator(parts: AnnotatorParts = {}): Promise<Annotator> {
  const [analyser, resources] = await Promise.all([
    parts.analyser ?? loadWinkAnalyser(),
    parts.resources ?? loadClassifierResources(),
  ]);
  return createAnnotator(analyser, resources, parts.classify);
}
