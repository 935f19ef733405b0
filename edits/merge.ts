/**
 * Merging the edits of several targets (a hypothesis and references, or several annotators)
 * into shared source intervals: the step under CLEME's chunk partition, the I-measure's
 * error groups and any metric that compares edits span by span.
 *
 * @module
 */

import type { Edit } from "../plugins/types.ts";

/** One edit of one target, by index. */
export interface EditRef {
  /** Index of the target (its edit list) in the list given. */
  target: number;
  /** Index of the edit in that target's list. */
  edit: number;
}

/** A source interval that some edits share. */
export interface Interval {
  /** First source token covered. */
  start: number;
  /** One past the last (equal to `start` for an interval of insertions only). */
  end: number;
  /** The edits in it, by start, then end, then target, then edit index. */
  members: EditRef[];
}

/** Options of {@linkcode mergeEdits}. */
export interface MergeOptions {
  /**
   * Whether edits that only touch (one ends where the next starts, or an insertion at an
   * interval's end) merge. True (the default) is CLEME's rule: an edit joins the interval
   * before it when `start <= interval.end`. False merges only edits that share a source token,
   * an insertion strictly inside a span, and insertions at the same point.
   */
  touching?: boolean;
}

/**
 * Merge the edits of several targets into disjoint source intervals, left to right: the
 * edits are taken by start (ties: end, target, then list order), and each joins the current
 * interval when it overlaps it (see {@linkcode MergeOptions.touching}), which then extends to
 * the larger end; otherwise it opens a new interval.
 *
 * @example CLEME's rule (Ye et al. 2023): touching edits merge into one interval
 * ```ts
 * import { mergeEdits } from "./merge.ts";
 * import assert from "node:assert/strict";
 *
 * // Source: "I have a apple ." hypothesis: "I has an apple ." reference: "I have an apple ."
 * const hypothesis = [
 *   { start: 1, end: 2, corrections: [["has"]] },
 *   { start: 2, end: 3, corrections: [["an"]] },
 * ];
 * const reference = [{ start: 2, end: 3, corrections: [["an"]] }];
 * const merged = mergeEdits([hypothesis, reference]);
 * assert.deepEqual(merged.map(({ start, end }) => [start, end]), [[1, 3]]);
 * assert.equal(merged[0].members.length, 3);
 * // Without merging touching edits, "has" and "an" stay apart.
 * assert.deepEqual(
 *   mergeEdits([hypothesis, reference], { touching: false }).map(({ start, end }) => [start, end]),
 *   [[1, 2], [2, 3]],
 * );
 * ```
 *
 * @param targets The edits of each target.
 * @param options Whether touching edits merge.
 * @returns The intervals, left to right; an edit belongs to exactly one.
 */
export function mergeEdits(
  targets: readonly (readonly Edit[])[],
  options: MergeOptions = {},
): Interval[] {
  const touching = options.touching ?? true;
  const all: { start: number; end: number; ref: EditRef }[] = [];
  targets.forEach((edits, target) =>
    edits.forEach((e, edit) => all.push({ start: e.start, end: e.end, ref: { target, edit } }))
  );
  all.sort((a, b) =>
    a.start - b.start || a.end - b.end || a.ref.target - b.ref.target || a.ref.edit - b.ref.edit
  );
  const intervals: Interval[] = [];
  for (const e of all) {
    const last = intervals[intervals.length - 1];
    const joins = last !== undefined &&
      (touching ? e.start <= last.end : e.start < last.end ||
        (e.start === e.end && last.start === last.end && e.start === last.end));
    if (joins) {
      last.end = Math.max(last.end, e.end);
      last.members.push(e.ref);
    } else {
      intervals.push({ start: e.start, end: e.end, members: [e.ref] });
    }
  }
  return intervals;
}
