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
 * Work is shared between calls on the same gold sentence (several systems, or several
 * options): per error list (held weakly) the search keeps the sentence's token ids, the
 * options of its errors, each segment's combinations with their references and baseline
 * counts, each segment's candidates per hypothesis segment, and the whole result per
 * hypothesis. A segment that no error starts in and that the hypothesis copies is counted
 * directly (every column TN). Nothing else changes: the same candidates, in the same order.
 *
 * @module
 */

import type { ErrorGroup, Tokens } from "../../plugins/types.ts";
import { alignmentCountsOfIds, copiedTokens, intern } from "./align.ts";
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
  const key = `${max}|${w}`;
  if (ratios.has(key)) return ratios.get(key);
  if (ratios.size >= 64) ratios.clear();
  const o = max[0] === "d" ? 0 : 5;
  const m = max.slice(1);
  let ratio: RatioOf;
  if (m === "wacc" && w > 0) {
    ratio = (c) => [
      w * c[o] + c[o + 1],
      w * (c[o] + c[o + 2]) + c[o + 1] + c[o + 3] - (w + 1) * (c[o + 4] / 2),
    ];
  } else if (m === "acc") {
    ratio = (c) => [c[o] + c[o + 1], c[o] + c[o + 1] + c[o + 2] + c[o + 3] - c[o + 4]];
  }
  ratios.set(key, ratio);
  return ratio;
}

/** One function per (metric, weight): the per-sentence memos are kept per ratio function. */
const ratios = new Map<string, RatioOf>();

function dedupe(cands: SearchCandidate[]): SearchCandidate[] {
  const seen = new Set<string>();
  return cands.filter((c) => {
    const k = c.counts.join(",");
    return seen.has(k) ? false : (seen.add(k), true);
  });
}

/**
 * Drops candidates that cannot win whatever is added to them, and repeated count vectors
 * (first kept). B is dropped when some A has `numA > numB` and `denA <= denB`, or
 * `numA == numB > 0` and `denA < denB`; equal vectors share their fate, so dropping before
 * removing repeats gives the same list.
 */
function prune(cands: SearchCandidate[], ratio: RatioOf): SearchCandidate[] {
  if (cands.length <= 1) return cands;
  if (!ratio) return dedupe(cands);
  const m = cands.length;
  const num = new Float64Array(m), den = new Float64Array(m);
  for (let x = 0; x < m; x++) [num[x], den[x]] = ratio(cands[x].counts);
  // Sweep by decreasing numerator: `above` is the least denominator of larger numerators.
  const order = Array.from({ length: m }, (_, x) => x).sort((x, y) => num[y] - num[x]);
  const dropped = new Uint8Array(m);
  let above = Infinity;
  for (let g = 0; g < m;) {
    let e = g, least = Infinity;
    const n = num[order[g]];
    while (e < m && num[order[e]] === n) least = Math.min(least, den[order[e++]]);
    for (let q = g; q < e; q++) {
      const d = den[order[q]];
      if (above <= d || (n > 0 && least < d)) dropped[order[q]] = 1;
    }
    above = Math.min(above, least);
    g = e;
  }
  return dedupe(cands.filter((_, x) => !dropped[x]));
}

/** What the search keeps of one gold sentence between calls (systems share it). */
interface SentenceMemo {
  /** The source it was computed for (checked on every use). */
  source: Tokens;
  /** Token ids of the source, the corrections and the hypotheses seen so far. */
  ids: Map<string, number>;
  /** Source ids. */
  src: Int32Array;
  /** `touched[t]` bit 1: token `t` is inside an error's range; bit 2: an insertion at `t`. */
  touched: Uint8Array;
  /** The mixed options of each error. */
  options: Span[][][];
  /** First source offset of each error's options (0 when none). */
  firsts: number[];
  /** `starts[t]`: number of errors whose first offset is below `t` (`t` = 0..n+1). */
  starts: Int32Array;
  /** Segments by `start * (n + 1) + end` (source offsets). */
  segments: Map<number, SegmentMemo>;
  /** Results by hypothesis (ids), with the ratio and limits they were computed for. */
  results: Map<string, { ratio: RatioOf; limit: number; segmentLimit: number; result: Result }>;
}

/** A search result as memoised (copied on the way out: callers may keep or change it). */
interface Result {
  /** The candidates. */
  candidates: SearchCandidate[];
  /** The segment count. */
  segments: number;
  /** The overflow message. */
  overflow?: string;
}

/** One combination of a segment: its corrections, its reference and the baseline's counts. */
interface Combination {
  /** The corrections (source offsets). */
  spans: Span[];
  /** Reference ids of the segment. */
  ref: Int32Array;
  /** Counts of the source segment against the reference (10 integers). */
  base: number[];
}

/** A segment between two cuts, for every hypothesis that cuts the sentence there. */
interface SegmentMemo {
  /** Options of the errors that start in the segment. */
  mine: Span[][][];
  /** Their number of combinations. */
  count: number;
  /** The compatible combinations in product order (computed when first needed). */
  combinations?: Combination[];
  /** The segment's candidates by hypothesis segment (ids): all, and those pruning keeps. */
  local: Map<string, { all: SearchCandidate[]; ratio?: RatioOf; kept?: SearchCandidate[] }>;
}

/** Memos per error list (error lists are themselves kept per gold sentence). */
const memos = new WeakMap<readonly ErrorGroup[], SentenceMemo>();

function sameSource(a: Tokens, b: Tokens): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sentenceMemo(source: Tokens, errors: readonly ErrorGroup[]): SentenceMemo {
  const hit = memos.get(errors);
  if (hit && sameSource(hit.source, source)) return hit;
  const n = source.length;
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
  const options = errors.map((e) => errorOptions(e, true));
  const firsts = options.map((o) => {
    for (const spans of o) for (const sp of spans) return sp.start;
    return 0;
  });
  const starts = new Int32Array(n + 2);
  for (const p of firsts) if (p >= 0 && p <= n) starts[p + 1]++;
  for (let t = 1; t <= n + 1; t++) starts[t] += starts[t - 1];
  const ids = new Map<string, number>();
  const [src] = intern([source], ids);
  const memo = {
    source: source.slice(),
    ids,
    src,
    touched,
    options,
    firsts,
    starts,
    segments: new Map(),
    results: new Map(),
  };
  memos.set(errors, memo);
  return memo;
}

/** A map key for an id sequence (one character per id while ids fit in 16 bits). */
function idKey(ids: Int32Array, memo: SentenceMemo): string {
  if (memo.ids.size >= 0xffff) return "\uffff" + ids.join(",");
  let key = "";
  for (let i = 0; i < ids.length; i += 4096) {
    key += String.fromCharCode(...ids.subarray(i, i + 4096));
  }
  return key;
}

/** The cuts of {@linkcode cutPoints} for hypothesis ids (interned with `memo.ids`). */
function cutsOf(memo: SentenceMemo, hyp: Int32Array): [number, number][] {
  const { src: s, touched } = memo;
  const n = s.length;
  const toHyp = copiedTokens(s, hyp);
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
  const memo = sentenceMemo(source, errors);
  return cutsOf(memo, intern([hypothesis], memo.ids)[0]);
}

/** The compatible combinations of a segment, with their references and baseline counts. */
function combinationsOf(memo: SentenceMemo, seg: SegmentMemo, a: number, b: number) {
  if (seg.combinations) return seg.combinations;
  const { mine } = seg;
  const srcSeg = memo.source.slice(a, b);
  const srcIds = memo.src.subarray(a, b);
  const combinations: Combination[] = [];
  const pick = new Array(mine.length).fill(0);
  while (true) {
    const spans = mine.flatMap((o, e) => o[pick[e]]);
    if (!spans.length || compatible(spans)) {
      const shifted = spans.map((sp) => ({ ...sp, start: sp.start - a, end: sp.end - a }));
      const ref = spans.length ? intern([applySpans(srcSeg, shifted)], memo.ids)[0] : srcIds;
      combinations.push({ spans, ref, base: alignmentCountsOfIds(srcIds, srcIds, ref) });
    }
    let e = mine.length - 1;
    while (e >= 0 && ++pick[e] === mine[e].length) pick[e--] = 0;
    if (e < 0) break;
  }
  return seg.combinations = combinations;
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
  const memo = sentenceMemo(source, errors);
  const [hyp] = intern([hypothesis], memo.ids);
  const key = idKey(hyp, memo);
  let hit = memo.results.get(key);
  if (
    !hit || hit.ratio !== ratio || hit.limit !== limit || hit.segmentLimit !== segmentLimit
  ) {
    hit = { ratio, limit, segmentLimit, result: search(memo, hyp, ratio, limit, segmentLimit) };
    memo.results.set(key, hit);
  }
  const { candidates, segments, overflow } = hit.result;
  const out: SegmentedResult = {
    candidates: candidates.map((c) => ({ counts: c.counts.slice(), spans: c.spans.slice() })),
    segments,
  };
  if (overflow !== undefined) out.overflow = overflow;
  return out;
}

function search(
  memo: SentenceMemo,
  hyp: Int32Array,
  ratio: RatioOf,
  limit: number,
  segmentLimit: number,
): Result {
  const { src, starts } = memo;
  const n = src.length;
  const cuts = cutsOf(memo, hyp);
  const bounds: [number, number][] = [[0, 0], ...cuts, [n, hyp.length]];
  let frontier: SearchCandidate[] = [{ counts: new Array(20).fill(0), spans: [] }];
  for (let g = 0; g + 1 < bounds.length; g++) {
    const [a, ha] = bounds[g], [b, hb] = bounds[g + 1];
    if (
      starts[b === n ? n + 1 : b] === starts[a] && segmentLimit >= 1 && hb - ha === b - a &&
      sameRange(src, a, hyp, ha, b - a)
    ) {
      // No error starts here and the hypothesis copies the segment: its one candidate (the
      // source) has every column TN, for the system and for the baseline.
      for (const f of frontier) {
        const c = f.counts;
        c[1] += b - a, c[6] += b - a, c[11] += b - a, c[16] += b - a;
      }
      frontier = prune(frontier, ratio);
    } else {
      let seg = memo.segments.get(a * (n + 1) + b);
      if (!seg) {
        const last = b === n;
        const mine = memo.options.filter((_, e) => {
          const p = memo.firsts[e];
          return p >= a && (p < b || (last && p <= b));
        });
        seg = { mine, count: combinationCount(mine), local: new Map() };
        memo.segments.set(a * (n + 1) + b, seg);
      }
      if (seg.count > segmentLimit) {
        return {
          candidates: [],
          segments: bounds.length - 1,
          overflow: `a segment has ${seg.count} combinations (limit ${segmentLimit})`,
        };
      }
      const hypSeg = hyp.subarray(ha, hb);
      const key = idKey(hypSeg, memo);
      let local = seg.local.get(key);
      if (!local) {
        const srcSeg = src.subarray(a, b);
        const copy = hb - ha === b - a && sameRange(src, a, hyp, ha, b - a);
        const all = combinationsOf(memo, seg, a, b).map(({ spans, ref, base }) => ({
          counts: [...(copy ? base : alignmentCountsOfIds(srcSeg, hypSeg, ref)), ...base],
          spans,
        }));
        seg.local.set(key, local = { all });
      }
      if (!local.kept || local.ratio !== ratio) {
        local.kept = prune(local.all, ratio), local.ratio = ratio;
      }
      const next: SearchCandidate[] = [];
      for (const f of frontier) {
        for (const l of local.kept) {
          const counts = new Array(20);
          for (let i = 0; i < 20; i++) counts[i] = f.counts[i] + l.counts[i];
          next.push({ counts, spans: l.spans.length ? [...f.spans, ...l.spans] : f.spans });
        }
      }
      frontier = prune(next, ratio);
    }
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

function sameRange(x: Int32Array, i: number, y: Int32Array, j: number, length: number): boolean {
  for (let t = 0; t < length; t++) if (x[i + t] !== y[j + t]) return false;
  return true;
}
