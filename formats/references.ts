/**
 * Reference rewrites derived from annotations: apply one annotator's edits to the source.
 *
 * The distributed CoNLL-2014 reference files follow two conventions that the plain rule
 * does not: edits of type `Um` (unclear meaning) are not applied, and an annotator with no
 * line in a sentence takes the rewrite of the first annotator present there. Both are
 * options here, off by default.
 *
 * @module
 */

import { applyEdits } from "../edits/apply.ts";
import { InputError } from "../plugins/errors.ts";
import type { Annotation, GoldSentence, Tokens } from "../plugins/types.ts";

/** How references are derived from annotations. */
export interface RewriteConventions {
  /** Edit types that are not applied (the CoNLL-2014 references skip `["Um"]`). */
  skipTypes?: readonly string[];
  /**
   * What an annotator absent from a sentence contributes: `"source"` (no edits: the source
   * itself; the default) or `"first"` (the rewrite of the first annotator present, as the
   * CoNLL-2014 reference files do).
   */
  absent?: "source" | "first";
}

/** The conventions of the distributed CoNLL-2014 `.trg0`/`.trg1` files. */
export const CONLL2014_CONVENTIONS: RewriteConventions = Object.freeze({
  skipTypes: Object.freeze(["Um"]),
  absent: "first",
});

/**
 * Apply one annotation's edits to the source, using each edit's first correction. Edits are
 * applied in order of position; an edit overlapping an earlier applied one is skipped.
 *
 * @example Usage
 * ```ts
 * import { applyAnnotation } from "./references.ts";
 * import assert from "node:assert/strict";
 *
 * const source = "The cat sat at mat .".split(" ");
 * const rewrite = applyAnnotation(source, {
 *   annotator: "0",
 *   edits: [
 *     { start: 3, end: 4, corrections: [["on"]] },
 *     { start: 4, end: 4, corrections: [["the"], ["a"]] },
 *   ],
 * });
 * assert.equal(rewrite.join(" "), "The cat sat on the mat .");
 * ```
 *
 * @param source The source tokens.
 * @param annotation The annotator's edits.
 * @param skipTypes Edit types not to apply.
 * @returns The rewritten tokens.
 */
export function applyAnnotation(
  source: Tokens,
  annotation: Annotation,
  skipTypes: readonly string[] = [],
): Tokens {
  return applyEdits(source, annotation.edits, { overlap: "skip", skipTypes });
}

/**
 * The reference rewrites of a gold sentence: its explicit `references` if it has them, else
 * one rewrite per corpus annotator (`allAnnotators`, or the sentence's own annotators).
 *
 * @example Usage
 * ```ts
 * import { referenceRewrites, CONLL2014_CONVENTIONS } from "./references.ts";
 * import assert from "node:assert/strict";
 *
 * const sentence = {
 *   source: ["a", "b"],
 *   allAnnotators: ["0", "1"],
 *   annotations: [{ annotator: "0", edits: [{ start: 1, end: 2, corrections: [["c"]] }] }],
 * };
 * assert.deepEqual(referenceRewrites(sentence), [["a", "c"], ["a", "b"]]);
 * assert.deepEqual(referenceRewrites(sentence, CONLL2014_CONVENTIONS), [["a", "c"], ["a", "c"]]);
 * ```
 *
 * @param sentence The gold sentence.
 * @param conventions How to derive them.
 * @returns One token array per reference (annotators absent from the sentence share one).
 */
export function referenceRewrites(
  sentence: GoldSentence,
  conventions: RewriteConventions = {},
): Tokens[] {
  if (sentence.references) return sentence.references;
  const annotations = sentence.annotations;
  if (!annotations) {
    throw new InputError(
      "gold sentence has neither references nor annotations to derive them from",
      undefined,
      sentence.line,
    );
  }
  const skip = conventions.skipTypes ?? [];
  const ids = sentence.allAnnotators ?? annotations.map((a) => a.annotator);
  const present = new Map(annotations.map((a) => [a.annotator, a]));
  const first = annotations.length
    ? applyAnnotation(sentence.source, annotations[0], skip)
    : undefined;
  // Absent annotators share one array (a corpus may have far more annotators than a sentence).
  let unchanged: Tokens | undefined;
  return ids.map((id) => {
    const annotation = present.get(id);
    if (annotation) return applyAnnotation(sentence.source, annotation, skip);
    if (conventions.absent === "first" && first) return first;
    return unchanged ??= sentence.source.slice();
  });
}
