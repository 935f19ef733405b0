/**
 * The I-measure's size bound: its exact three-way alignment fills a table of
 * `(n + 1)(m + 1)(r + 1)` cells for source, hypothesis and reference lengths `n`, `m`, `r`
 * (four bytes each), so a long line would exhaust memory; past the bound a sentence is an
 * {@linkcode InputError} naming it, checked before any table is made.
 *
 * @module
 */

import { InputError } from "../../plugins/errors.ts";
import type { Correction, ErrorGroup, GoldSentence, Tokens } from "../../plugins/types.ts";

/**
 * The most alignment cells the I-measure fills for one (source, hypothesis, reference)
 * triple: 2^25 (128 MB), about 320 tokens each.
 */
export const MAX_ALIGNMENT_CELLS = 1 << 25;

/**
 * Refuse a sentence whose alignment would exceed {@linkcode MAX_ALIGNMENT_CELLS}. The longest
 * reference is bounded by the source plus, per error, the largest growth of one of its
 * alternatives (a reference takes one alternative per error).
 *
 * @example Usage
 * ```ts
 * import { checkAlignmentSize } from "./bounds.ts";
 * import assert from "node:assert/strict";
 *
 * const long = Array.from({ length: 400 }, (_, i) => `t${i}`);
 * checkAlignmentSize({ source: ["a"], line: 3 }, ["b"], []);
 * assert.throws(() => checkAlignmentSize({ source: long, line: 3 }, long, []),
 *   /^InputError: imeasure: sentence at gold line 3: a 400-token source/);
 * ```
 *
 * @param gold The gold sentence.
 * @param hypothesis The hypothesis.
 * @param errors The sentence's error groups.
 */
export function checkAlignmentSize(
  gold: GoldSentence,
  hypothesis: Tokens,
  errors: readonly ErrorGroup[],
): void {
  const n = gold.source.length, m = hypothesis.length;
  // A reference takes at most one alternative per error (errors do not overlap): it grows
  // by at most the largest growth of an error's alternatives (tokens added minus the source
  // tokens their corrections cover), not by every annotator's corrections summed.
  const r = n + growthOf(errors);
  const cells = (n + 1) * (m + 1) * (r + 1);
  if (cells <= MAX_ALIGNMENT_CELLS) return;
  const where = gold.line === undefined ? "a sentence" : `sentence at gold line ${gold.line}`;
  throw new InputError(
    `imeasure: ${where}: a ${n}-token source, a ${m}-token hypothesis and references of up to ` +
      `${r} tokens need alignments of up to ${cells} cells, more than the ` +
      `${MAX_ALIGNMENT_CELLS} the I-measure bounds itself to (about 320 tokens each)`,
  );
}

/** The growth of each error list (error lists are kept per gold sentence and not changed). */
const growths = new WeakMap<readonly ErrorGroup[], number>();

/** How much a reference can lengthen the source: the largest growth of each error, summed. */
function growthOf(errors: readonly ErrorGroup[]): number {
  let r = growths.get(errors);
  if (r === undefined) {
    r = 0;
    for (const e of errors) {
      let most = 0;
      for (const a of e.alternatives) most = Math.max(most, growth(a.corrections));
      r += most;
    }
    growths.set(errors, r);
  }
  return r;
}

/** How much one alternative can lengthen the source: tokens added minus source tokens covered. */
function growth(corrections: readonly Correction[]): number {
  let added = 0;
  const covered = new Set<number>();
  for (const c of corrections) {
    added += c.tokens.length;
    for (let i = c.start; i < c.end; i++) covered.add(i);
  }
  return Math.max(0, added - covered.size);
}
