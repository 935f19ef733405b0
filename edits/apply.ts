/**
 * Applying edits to a source sentence: the text an annotator's (or a system's) edits give.
 *
 * @module
 */

import type { Edit, Tokens } from "../plugins/types.ts";

/** Two edits that cannot both be applied: their indices in the list given. */
export class EditOverlapError extends Error {
  /** Index of the edit applied first. */
  readonly first: number;
  /** Index of the edit that overlaps it. */
  readonly second: number;

  /**
   * Make the error.
   *
   * @param message What overlaps.
   * @param first Index of the edit applied first.
   * @param second Index of the edit that overlaps it.
   */
  constructor(message: string, first: number, second: number) {
    super(message);
    this.name = "EditOverlapError";
    this.first = first;
    this.second = second;
  }
}

/** Options of {@linkcode applyEdits}. */
export interface ApplyOptions {
  /**
   * What an edit overlapping one applied before it does: `"throw"` an
   * {@linkcode EditOverlapError} (the default), or `"skip"` it (the edits are then taken in
   * order of start, then end, then list order, and the first of two overlapping edits wins).
   */
  overlap?: "throw" | "skip";
  /** Edit types not applied (the CoNLL-2014 reference files skip `["Um"]`). */
  skipTypes?: readonly string[];
  /** Which correction of each edit to apply (default 0, the first). */
  correction?: number;
}

/**
 * Apply edits to a source sentence, using each edit's first correction. Edits are applied
 * left to right; insertions at the same point keep their list order and come before a
 * replacement that starts there. Overlapping edits cannot both be applied: by default an
 * {@linkcode EditOverlapError} names both spans.
 *
 * @example Usage
 * ```ts
 * import { applyEdits } from "./apply.ts";
 * import assert from "node:assert/strict";
 *
 * const source = "This are dog .".split(" ");
 * assert.deepEqual(applyEdits(source, [
 *   { start: 2, end: 2, corrections: [["a"]] },
 *   { start: 1, end: 2, corrections: [["is"]] },
 * ]), "This is a dog .".split(" "));
 * assert.throws(() => applyEdits(source, [
 *   { start: 0, end: 2, corrections: [["These"]] },
 *   { start: 1, end: 3, corrections: [[]] },
 * ]), /edits 0-2 and 1-3 overlap/);
 * ```
 *
 * @example Skipping overlaps and types, as reference rewrites do
 * ```ts
 * import { applyEdits } from "./apply.ts";
 * import assert from "node:assert/strict";
 *
 * const source = "The cat sat at mat .".split(" ");
 * const edits = [
 *   { start: 3, end: 4, corrections: [["on"]] },
 *   { start: 3, end: 5, corrections: [["on", "a", "mat"]] },
 *   { start: 4, end: 4, corrections: [["the"]], type: "Um" },
 * ];
 * assert.equal(applyEdits(source, edits, { overlap: "skip" }).join(" "), "The cat sat on the mat .");
 * assert.equal(
 *   applyEdits(source, edits, { overlap: "skip", skipTypes: ["Um"] }).join(" "),
 *   "The cat sat on mat .",
 * );
 * ```
 *
 * @param source The source tokens.
 * @param edits The edits.
 * @param options Overlaps, skipped types, which correction.
 * @returns The corrected tokens.
 */
export function applyEdits(
  source: Tokens,
  edits: readonly Edit[],
  options: ApplyOptions = {},
): Tokens {
  const skip = options.overlap === "skip";
  const skipTypes = options.skipTypes ?? [];
  const which = options.correction ?? 0;
  const order = edits
    .map((e, k) => ({ e, k }))
    .filter(({ e }) => !(e.type !== undefined && skipTypes.includes(e.type)))
    .sort((a, b) =>
      a.e.start - b.e.start ||
      (skip ? a.e.end - b.e.end : Number(a.e.end > a.e.start) - Number(b.e.end > b.e.start)) ||
      a.k - b.k
    );
  const out: Tokens = [];
  let position = 0;
  let previous: { e: Edit; k: number } | undefined;
  for (const { e, k } of order) {
    if (e.start < position) {
      if (skip) continue;
      const p = previous!.e;
      throw new EditOverlapError(
        `edits ${p.start}-${p.end} and ${e.start}-${e.end} overlap, so they cannot both be applied`,
        previous!.k,
        k,
      );
    }
    for (let i = position; i < e.start; i++) out.push(source[i]);
    for (const token of e.corrections[which] ?? []) out.push(token);
    position = e.end;
    previous = { e, k };
  }
  for (let i = position; i < source.length; i++) out.push(source[i]);
  return out;
}
