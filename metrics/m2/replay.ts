/**
 * M2's corpus replay on flat arrays, for resampling: the m2scorer's greedy choice of an
 * annotator per sentence given the running totals (`chooseAnnotator` in `mod.ts`), with the
 * same comparisons and the same floating-point expressions, so the same choices and totals.
 * For whole counts only (the statistics always hold them), where F is
 * `(1 + beta²) c / (beta² g + p)` written out. Each sentence's choice depends on the totals
 * before it, so one resample is a chain of dependent steps; {@linkcode replayRows} runs four
 * resamples side by side, so that the processor overlaps their chains.
 *
 * @module
 */

/** The counts of every sentence, flat. */
export interface FlatCounts {
  /** Sentence `i`'s annotators are the triples from `start[i]` to `start[i + 1]` of `flat`. */
  start: Int32Array;
  /** `[correct, proposed, gold]` of each annotator, back to back. */
  flat: Float64Array;
  /**
   * 1 for a sentence whose annotators all have the same counts (one annotator, or an unchanged
   * hypothesis against annotators with as many gold edits): the first is chosen whatever the
   * totals (F is 0 or more for counts of 0 or more), so its counts are added without a choice.
   */
  same: Uint8Array;
}

/**
 * The flat counts of M2 statistics, or undefined when a count is not a whole number of 0 or
 * more (only hand-made statistics), which the replay here does not cover.
 *
 * @example Usage
 * ```ts
 * import { flatCounts } from "./replay.ts";
 * import assert from "node:assert/strict";
 *
 * const lay = flatCounts([{ counts: [[1, 2, 3], [1, 2, 3]] }, { counts: [[0, 1, 1], [1, 1, 1]] }])!;
 * assert.deepEqual([...lay.start], [0, 6, 12]);
 * assert.deepEqual([...lay.same], [1, 0]);
 * assert.equal(flatCounts([{ counts: [[0.5, 1, 1]] }]), undefined);
 * ```
 *
 * @param stats Per sentence, `[correct, proposed, gold]` per annotator.
 * @returns The flat counts.
 */
export function flatCounts(
  stats: readonly { counts: readonly (readonly number[])[] }[],
): FlatCounts | undefined {
  const n = stats.length;
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i] + 3 * stats[i].counts.length;
  const flat = new Float64Array(start[n]);
  stats.forEach((s, i) => s.counts.forEach((c, a) => flat.set(c, start[i] + 3 * a)));
  if (!flat.every((x) => Number.isInteger(x) && x >= 0)) return undefined;
  const same = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const b = start[i];
    let equal = start[i + 1] > b;
    for (let a = b + 3; equal && a < start[i + 1]; a += 3) {
      equal = flat[a] === flat[b] && flat[a + 1] === flat[b + 1] && flat[a + 2] === flat[b + 2];
    }
    same[i] = equal ? 1 : 0;
  }
  return { start, flat, same };
}

/**
 * The annotator chosen for sentence `i` on the totals `tc, tp, tg`: the offset of its counts
 * in `flat`, or -1.
 */
function choice(lay: FlatCounts, i: number, sq: number, tc: number, tp: number, tg: number) {
  const { start, flat } = lay;
  if (lay.same[i] === 1) return start[i];
  let chosen = -1, fMax = -1, maxC = -1, minP = Infinity, minG = Infinity;
  for (let a = start[i]; a < start[i + 1]; a += 3) {
    const cl = tc + flat[a], pl = tp + flat[a + 1], gl = tg + flat[a + 2];
    const den = sq * gl + pl;
    const f = den === 0 ? (cl === 0 ? 1 : 0) : (1 + sq) * cl / den;
    if (
      fMax < f || (fMax === f && maxC < cl) ||
      (fMax === f && maxC === cl && minP + sq * minG > pl + sq * gl)
    ) {
      chosen = a;
      fMax = f;
      maxC = cl;
      minP = pl;
      minG = gl;
    }
  }
  return chosen;
}

/**
 * The totals `[correct, proposed, gold]` of the replay of each resample in `rows` (rows of
 * `n` sentence indices, back to back): `totals[3 * r ..]` for row `r`.
 *
 * @example Usage
 * ```ts
 * import { flatCounts, replayRows } from "./replay.ts";
 * import assert from "node:assert/strict";
 *
 * const lay = flatCounts([{ counts: [[1, 1, 2], [0, 0, 1]] }, { counts: [[0, 1, 0]] }])!;
 * const totals = new Float64Array(6);
 * replayRows(Int32Array.of(0, 1, 1, 1), 2, lay, 0.5, totals);
 * assert.deepEqual([...totals], [1, 2, 2, 0, 2, 0]);
 * ```
 *
 * @param rows The resamples.
 * @param n Sentences per resample.
 * @param lay The flat counts.
 * @param beta F's beta.
 * @param totals Where the totals go (3 per row).
 */
export function replayRows(
  rows: Int32Array,
  n: number,
  lay: FlatCounts,
  beta: number,
  totals: Float64Array,
): void {
  const sq = beta * beta;
  const flat = lay.flat;
  const count = n === 0 ? 0 : rows.length / n;
  let r = 0;
  // Four resamples at a time: four independent chains of choices.
  for (; r + 4 <= count; r += 4) {
    let c0 = 0, p0 = 0, g0 = 0, c1 = 0, p1 = 0, g1 = 0;
    let c2 = 0, p2 = 0, g2 = 0, c3 = 0, p3 = 0, g3 = 0;
    for (let k = r * n, end = k + n; k < end; k++) {
      const a0 = choice(lay, rows[k], sq, c0, p0, g0);
      const a1 = choice(lay, rows[k + n], sq, c1, p1, g1);
      const a2 = choice(lay, rows[k + 2 * n], sq, c2, p2, g2);
      const a3 = choice(lay, rows[k + 3 * n], sq, c3, p3, g3);
      if (a0 >= 0) c0 += flat[a0], p0 += flat[a0 + 1], g0 += flat[a0 + 2];
      if (a1 >= 0) c1 += flat[a1], p1 += flat[a1 + 1], g1 += flat[a1 + 2];
      if (a2 >= 0) c2 += flat[a2], p2 += flat[a2 + 1], g2 += flat[a2 + 2];
      if (a3 >= 0) c3 += flat[a3], p3 += flat[a3 + 1], g3 += flat[a3 + 2];
    }
    totals.set([c0, p0, g0, c1, p1, g1, c2, p2, g2, c3, p3, g3], 3 * r);
  }
  for (; r < count; r++) {
    let c = 0, p = 0, g = 0;
    for (let k = r * n, end = k + n; k < end; k++) {
      const a = choice(lay, rows[k], sq, c, p, g);
      if (a >= 0) c += flat[a], p += flat[a + 1], g += flat[a + 2];
    }
    totals[3 * r] = c;
    totals[3 * r + 1] = p;
    totals[3 * r + 2] = g;
  }
}
