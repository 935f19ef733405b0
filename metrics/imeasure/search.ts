/**
 * The best mixed reference of a sentence without enumerating every combination.
 *
 * The sentence is cut into segments at anchors: places where a window of `2 * ANCHOR` source
 * tokens is left alone by every alternative of every error and copied unchanged, contiguously,
 * by the hypothesis (in the pairwise source-hypothesis alignment). Source, hypothesis and every
 * candidate reference then share the window, the three-way alignment goes through it along
 * the diagonal, and the counts of a reference are the sums of the counts of its segments.
 * Each segment's combinations (one option per error of the segment) are enumerated and aligned
 * on their own; segments are then combined keeping only the candidates that can still win.
 *
 * When the maximised metric is a ratio `num / den` with `den > 0` (WAcc, accuracy), a
 * candidate A beats B whatever is added to both (the other segments, or the running corpus
 * totals with `opt: "corpus"`) when `numA > numB` and `denA <= denB`, or `numA == numB > 0`
 * and `denA < denB`: such B are dropped (the Dinkelbach view: every added part shifts both
 * sums). Candidates equal in `num` and `den` are all kept, so the reference's tie-breaks
 * (I, WAcc, accuracy, then the other aspect) are applied to the full counts at the end. For
 * other metrics nothing is dropped and the combined size is bounded.
 *
 * The window assumption is checked by the test suite against brute-force enumeration
 * (`tests/imeasure_test.ts`, `bench/imeasure_brute.ts`).
 *
 * @module
 */

import type { ErrorGroup, Tokens } from "../../plugins/types.ts";
import { align3, alignmentCounts, intern, pairAlign } from "./align.ts";
import { applySpans, combinationCount, compatible, errorOptions, type Span } from "./refs.ts";

/**
 * Anchor half-width: tokens on each side of a cut shared by source, hypothesis and references.
 * One token each side was checked against brute force on every CoNLL-2014 sentence with at
 * most 1,024 mixed references, for the 13 systems.
 */
export const ANCHOR = 1;

/** One candidate of the search: its 20 counts and the corrections that build its reference. */
export interface SearchCandidate {
  /** System detection and correction counts, then the baseline's (20 integers). */
  counts: number[];
  /** The corrections (source offsets) that build the reference. */
  spans: Span[];
}

/** The result of {@linkcode segmentedSearch}. */
export interface SegmentedResult {
  /** The candidates that can still win, in combination order. */
  candidates: SearchCandidate[];
  /** Number of segments the sentence was cut into. */
  segments: number;
  /** Set when the search was not completed (a limit was exceeded). */
  overflow?: string;
}

/** Ratio form of the maximised metric, or undefined when it is not a ratio. */
export type RatioOf = ((c: readonly number[]) => [number, number]) | undefined;

/**
 * The ratio (numerator, denominator) of `wacc` or `acc` of an aspect (`d` or `c`) with weight
 * `w`, or undefined for other metrics (and for `w <= 0`, where denominators may vanish).
 *
 * @example Usage
 * ```ts
 * import { ratioOf } from "./search.ts";
 * import assert from "node:assert/strict";
 *
 * const f = ratioOf("cwacc", 2)!;
 * assert.deepEqual(f([0, 0, 0, 0, 0, 1, 4, 0, 1, 0, ...new Array(10).fill(0)]), [6, 7]);
 * assert.equal(ratioOf("cf", 2), undefined);
 * ```
 *
 * @param max The maximised metric (`cwacc`, `dacc`...).
 * @param w The WAcc weight.
 * @returns The ratio function.
 */
export function ratioOf(max: string, w: number): RatioOf {
  const o = max[0] === "d" ? 0 : 5;
  const m = max.slice(1);
  if (m === "wacc" && w > 0) {
    return (c) => [
      w * c[o] + c[o + 1],
      w * (c[o] + c[o + 2]) + c[o + 1] + c[o + 3] - (w + 1) * (c[o + 4] / 2),
    ];
  }
  if (m === "acc") {
    return (c) => [c[o] + c[o + 1], c[o] + c[o + 1] + c[o + 2] + c[o + 3] - c[o + 4]];
  }
  return undefined;
}

/** Drops candidates that cannot win whatever is added to them. */
function prune(cands: SearchCandidate[], ratio: RatioOf): SearchCandidate[] {
  const seen = new Set<string>();
  const unique = cands.filter((c) => {
    const k = c.counts.join(",");
    return seen.has(k) ? false : (seen.add(k), true);
  });
  if (!ratio) return unique;
  const nd = unique.map((c) => ratio(c.counts));
  // Sort indices by num desc, den asc; a candidate survives unless an earlier one beats it.
  return unique.filter((_, x) => {
    const [nx, dx] = nd[x];
    for (let y = 0; y < nd.length; y++) {
      const [ny, dy] = nd[y];
      if ((ny > nx && dy <= dx) || (ny === nx && nx > 0 && dy < dx)) return false;
    }
    return true;
  });
}

/**
 * Source cut points (token offsets) where the sentence can be split, with the matching
 * hypothesis offsets.
 *
 * @example Usage
 * ```ts
 * import { cutPoints } from "./search.ts";
 * import assert from "node:assert/strict";
 *
 * const src = "a b c d e f g h".split(" ");
 * const errors = [{ id: "1", required: true, alternatives: [
 *   { annotator: "0", corrections: [{ start: 0, end: 1, tokens: ["x"] }] },
 * ] }];
 * assert.deepEqual(cutPoints(src, ["x", ...src.slice(1)], errors), [[2, 2], [4, 4], [6, 6]]);
 * ```
 *
 * @param source Source tokens.
 * @param hypothesis Hypothesis tokens.
 * @param errors Error groups.
 * @returns `[sourceOffset, hypothesisOffset]` pairs, increasing.
 */
export function cutPoints(
  source: Tokens,
  hypothesis: Tokens,
  errors: readonly ErrorGroup[],
): [number, number][] {
  const n = source.length;
  // touched[t]: source token t is inside some error's range; insertAt[t]: insertion before t.
  const touched = new Uint8Array(n + 1);
  for (const e of errors) {
    let lo = Infinity, hi = -Infinity;
    for (const a of e.alternatives) {
      for (const c of a.corrections) lo = Math.min(lo, c.start), hi = Math.max(hi, c.end);
    }
    if (lo > hi) continue;
    // Mark [lo, hi) as touched, and an insertion point lo == hi as touching both neighbours'
    // boundary: a cut window may not contain it strictly inside.
    for (let t = lo; t < hi; t++) touched[t] = 1;
    if (lo === hi) touched[lo] |= 2;
  }
  const [s, h] = intern([source, hypothesis]);
  const [ca, cb] = pairAlign(s, h);
  const toHyp = new Int32Array(n).fill(-1);
  ca.forEach((i, col) => {
    if (i >= 0 && cb[col] >= 0 && s[i] === h[cb[col]]) toHyp[i] = cb[col];
  });
  const cuts: [number, number][] = [];
  let last = 0;
  for (let p = ANCHOR; p + ANCHOR <= n; p++) {
    if (p - last < 2 * ANCHOR) continue;
    let ok = true;
    for (let t = p - ANCHOR; t < p + ANCHOR && ok; t++) {
      if (touched[t] & 1 || toHyp[t] < 0) ok = false;
      else if (t > p - ANCHOR && (touched[t] & 2)) ok = false;
      else if (t > p - ANCHOR && toHyp[t] !== toHyp[t - 1] + 1) ok = false;
    }
    if (ok) cuts.push([p, toHyp[p]]), last = p;
  }
  return cuts;
}

/**
 * Searches the mixed references of a sentence segment by segment.
 *
 * @example Usage
 * ```ts
 * import { segmentedSearch, ratioOf } from "./search.ts";
 * import assert from "node:assert/strict";
 *
 * const src = "a cat sat on mat and a dog sat on mat".split(" ");
 * const alt = (start: number, end: number, t: string) =>
 *   ({ annotator: "0", corrections: [{ start, end, tokens: [t] }] });
 * const errors = [
 *   { id: "1", required: false, alternatives: [alt(0, 1, "the")] },
 *   { id: "2", required: false, alternatives: [alt(6, 7, "the")] },
 * ];
 * const hyp = "the cat sat on mat and a dog sat on mat".split(" ");
 * const r = segmentedSearch(src, hyp, errors, ratioOf("cwacc", 2), 4096);
 * assert.equal(r.segments, 5);
 * assert.equal(r.candidates.length, 1);
 * assert.deepEqual(r.candidates[0].counts.slice(5, 10), [1, 10, 0, 0, 0]);
 * ```
 *
 * @param source Source tokens.
 * @param hypothesis Hypothesis tokens.
 * @param errors Error groups.
 * @param ratio The maximised metric as a ratio (from {@linkcode ratioOf}), if it is one.
 * @param limit Most candidates kept between segments.
 * @param segmentLimit Most combinations enumerated in one segment.
 * @returns The surviving candidates.
 */
export function segmentedSearch(
  source: Tokens,
  hypothesis: Tokens,
  errors: readonly ErrorGroup[],
  ratio: RatioOf,
  limit: number,
  segmentLimit: number = 16 * limit,
): SegmentedResult {
  const cuts = cutPoints(source, hypothesis, errors);
  const bounds: [number, number][] = [[0, 0], ...cuts, [source.length, hypothesis.length]];
  const options = errors.map((e) => errorOptions(e, true));
  const first = (o: Span[][]) => {
    for (const spans of o) for (const sp of spans) return sp.start;
    return 0;
  };
  let frontier: SearchCandidate[] = [{ counts: new Array(20).fill(0), spans: [] }];
  for (let g = 0; g + 1 < bounds.length; g++) {
    const [a, ha] = bounds[g], [b, hb] = bounds[g + 1];
    const last = g + 2 === bounds.length;
    const mine = options.filter((o) => {
      const p = first(o);
      return p >= a && (p < b || (last && p <= b));
    });
    const count = combinationCount(mine);
    if (count > segmentLimit) {
      return {
        candidates: [],
        segments: bounds.length - 1,
        overflow: `a segment has ${count} combinations (limit ${segmentLimit})`,
      };
    }
    const srcSeg = source.slice(a, b), hypSeg = hypothesis.slice(ha, hb);
    const whole = bounds.length === 2;
    const local: SearchCandidate[] = [];
    const pick = new Array(mine.length).fill(0);
    while (true) {
      const spans = mine.flatMap((o, e) => o[pick[e]]);
      if (!spans.length || compatible(spans)) {
        const shifted = spans.map((sp) => ({ ...sp, start: sp.start - a, end: sp.end - a }));
        const ref = whole || spans.length ? applySpans(srcSeg, shifted) : srcSeg;
        local.push({
          counts: [
            ...alignmentCounts(align3(srcSeg, hypSeg, ref)),
            ...alignmentCounts(align3(srcSeg, srcSeg, ref)),
          ],
          spans,
        });
      }
      let e = mine.length - 1;
      while (e >= 0 && ++pick[e] === mine[e].length) pick[e--] = 0;
      if (e < 0) break;
    }
    const next: SearchCandidate[] = [];
    for (const f of frontier) {
      for (const l of prune(local, ratio)) {
        next.push({
          counts: f.counts.map((v, i) => v + l.counts[i]),
          spans: [...f.spans, ...l.spans],
        });
      }
    }
    frontier = prune(next, ratio);
    if (frontier.length > limit) {
      return {
        candidates: [],
        segments: bounds.length - 1,
        overflow: `${frontier.length} candidates survive (limit ${limit})`,
      };
    }
  }
  return { candidates: frontier, segments: bounds.length - 1 };
}
