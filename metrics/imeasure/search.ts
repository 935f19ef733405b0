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
import { alignmentCountsOfIds, copiedTokens, countsInto, intern } from "./align.ts";
import { IdTable } from "./id_table.ts";
import { RecentMemo } from "../../util/recent_memo.ts";
import { keptIndices, prune, pruneFlat, type RatioOf } from "./prune.ts";
import { applySpans, combinationCount, compatible, errorOptions, type Span } from "./refs.ts";

export { prune, type RatioOf, ratioOf } from "./prune.ts";

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

/** What the search keeps of one gold sentence between calls (systems share it). */
interface SentenceMemo {
  /** The source it was computed for (checked on every use). */
  source: Tokens;
  /** Token ids of the source, the corrections and the hypotheses seen so far. */
  ids: Map<string, number>;
  /** Source ids. */
  src: Int32Array;
  /** Token ids of each correction (of `options`). */
  corrections: Map<Span, number[]>;
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
  results: IdTable<{ ratio: RatioOf; limit: number; segmentLimit: number; result: Result }>;
}

/**
 * The corrections of a candidate while searching: the spans of its segments as a chain from the
 * last segment back (segments that correct nothing add no link), flattened on the way out.
 */
interface Chain {
  /** The spans of one segment. */
  spans: Span[];
  /** The earlier segments' chain. */
  prev: Chain | undefined;
}

/** A candidate while searching: its 20 counts (owned by it) and its corrections. */
interface Partial {
  /** The counts. */
  counts: number[];
  /** The corrections. */
  chain: Chain | undefined;
}

/** A search result as memoised (copied on the way out: callers may keep or change it). */
interface Result {
  /** The candidates. */
  candidates: Partial[];
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

/** The candidates of a segment for one hypothesis segment: all, and those pruning keeps. */
interface Local {
  /** Every compatible combination's 20 counts, in product order, one after another. */
  all: number[];
  /** The ratio `kept` was pruned for. */
  ratio?: RatioOf;
  /** The candidates pruning keeps. */
  kept?: SearchCandidate[];
}

/** A segment between two cuts, for every hypothesis that cuts the sentence there. */
interface SegmentMemo {
  /** Options of the errors that start in the segment. */
  mine: Span[][][];
  /** Their number of combinations. */
  count: number;
  /** The compatible combinations in product order (computed when first needed). */
  combinations?: Combination[];
  /** The segment's candidates by hypothesis segment (ids). */
  local: IdTable<Local>;
}

/**
 * Memos per error list (error lists are themselves kept per gold sentence): of the current
 * sentence only while scoring goes sentence by sentence (a memo kept longer only makes the
 * garbage collector copy it: measured, keeping 2 or 16 costs more CPU than keeping 1), of every
 * sentence once scoring comes back to one (system by system).
 */
const memos = new RecentMemo<readonly ErrorGroup[], SentenceMemo>(1);

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
    corrections: new Map(),
    touched,
    options,
    firsts,
    starts,
    segments: new Map(),
    results: new IdTable<{ ratio: RatioOf; limit: number; segmentLimit: number; result: Result }>(),
  };
  memos.set(errors, memo);
  return memo;
}

/**
 * Buffers of the current hypothesis' ids and of its copied tokens: allocating typed arrays is
 * slow (their memory lives outside the heap), and neither outlives a search (the memos copy
 * the ids they keep).
 */
let hypBuffer = new Int32Array(256), toHypBuffer = new Int32Array(256);

/**
 * The ids of a hypothesis in the sentence's id map (as `intern` gives them), in a buffer valid
 * until the next call. A token equal to
 * the source token its position faces (the source offset follows one-token insertions and
 * deletions) takes that token's id without a map look-up: hypotheses copy most of the source.
 */
function hypothesisIds(memo: SentenceMemo, hypothesis: Tokens): Int32Array {
  const { source, src, ids } = memo;
  const n = source.length;
  if (hypBuffer.length < hypothesis.length) hypBuffer = new Int32Array(2 * hypothesis.length);
  const out = hypBuffer.subarray(0, hypothesis.length);
  let off = 0;
  for (let j = 0; j < hypothesis.length; j++) {
    const t = hypothesis[j];
    const i = j + off;
    if (i < n && t === source[i]) {
      out[j] = src[i];
      continue;
    }
    if (i + 1 < n && t === source[i + 1]) {
      out[j] = src[i + 1], off++;
      continue;
    }
    if (i > 0 && i - 1 < n && t === source[i - 1]) {
      out[j] = src[i - 1], off--;
      continue;
    }
    if (t === "") {
      out[j] = 0;
      continue;
    }
    let id = ids.get(t);
    if (id === undefined) ids.set(t, id = ids.size + 1);
    out[j] = id;
  }
  return out;
}

/**
 * The segment bounds for hypothesis ids (interned with `memo.ids`): `[0, 0]`, the cuts of
 * {@linkcode cutPoints}, then `[n, hyp.length]`, as source and hypothesis offsets in turn.
 */
function boundsOf(memo: SentenceMemo, hyp: Int32Array): number[] {
  const { src: s, touched } = memo;
  const n = s.length;
  if (toHypBuffer.length < n) toHypBuffer = new Int32Array(2 * n);
  const toHyp = copiedTokens(s, hyp, toHypBuffer);
  const bounds = [0, 0];
  let last = 0;
  for (let p = ANCHOR; p + ANCHOR <= n; p++) {
    if (p - last < 2 * ANCHOR) continue;
    let ok = true;
    for (let t = p - ANCHOR; t < p + ANCHOR && ok; t++) {
      if (touched[t] & 1 || toHyp[t] < 0) ok = false;
      else if (t > p - ANCHOR && (touched[t] & 2)) ok = false;
      else if (t > p - ANCHOR && toHyp[t] !== toHyp[t - 1] + 1) ok = false;
    }
    if (ok) bounds.push(p, toHyp[p]), last = p;
  }
  bounds.push(n, hyp.length);
  return bounds;
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
  const bounds = boundsOf(memo, hypothesisIds(memo, hypothesis));
  const cuts: [number, number][] = [];
  for (let g = 2; g + 2 < bounds.length; g += 2) cuts.push([bounds[g], bounds[g + 1]]);
  return cuts;
}

/** The ids of a correction's tokens (interned once per sentence). */
function correctionIds(memo: SentenceMemo, span: Span): number[] {
  let out = memo.corrections.get(span);
  if (!out) {
    const { ids } = memo, tokens = span.tokens;
    out = new Array<number>(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      let id = t === "" ? 0 : ids.get(t);
      if (id === undefined) ids.set(t, id = ids.size + 1);
      out[i] = id;
    }
    memo.corrections.set(span, out);
  }
  return out;
}

/** The compatible combinations of a segment, with their references and baseline counts. */
function combinationsOf(memo: SentenceMemo, seg: SegmentMemo, a: number, b: number) {
  if (seg.combinations) return seg.combinations;
  const { mine } = seg;
  const srcIds = memo.src.subarray(a, b);
  // References are built from ids (the source's and each correction's, interned once), into
  // one buffer for the segment (typed arrays are slow to allocate one by one).
  const srcSeg = Array.from(srcIds);
  const found: { spans: Span[]; ref?: number[] }[] = [];
  let total = 0;
  const pick = new Array(mine.length).fill(0);
  while (true) {
    const spans: Span[] = [];
    for (let e = 0; e < mine.length; e++) {
      const option = mine[e][pick[e]];
      for (let x = 0; x < option.length; x++) spans.push(option[x]);
    }
    if (!spans.length) found.push({ spans });
    else if (compatible(spans)) {
      const shifted = new Array<{ start: number; end: number; tokens: number[] }>(spans.length);
      for (let x = 0; x < spans.length; x++) {
        const sp = spans[x];
        shifted[x] = { start: sp.start - a, end: sp.end - a, tokens: correctionIds(memo, sp) };
      }
      const ref = applySpans(srcSeg, shifted);
      found.push({ spans, ref });
      total += ref.length;
    }
    let e = mine.length - 1;
    while (e >= 0 && ++pick[e] === mine[e].length) pick[e--] = 0;
    if (e < 0) break;
  }
  const pool = new Int32Array(total);
  let at = 0;
  const combinations = found.map(({ spans, ref }): Combination => {
    let ids = srcIds;
    if (ref) {
      for (let x = 0; x < ref.length; x++) pool[at + x] = ref[x];
      ids = pool.subarray(at, at += ref.length);
    }
    return { spans, ref: ids, base: alignmentCountsOfIds(srcIds, srcIds, ids) };
  });
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
 * @param withSpans Whether to give each candidate's corrections (else `spans` is empty).
 * @returns The surviving candidates.
 */
export function segmentedSearch(
  source: Tokens,
  hypothesis: Tokens,
  errors: readonly ErrorGroup[],
  ratio: RatioOf,
  limit: number,
  segmentLimit: number = 16 * limit,
  withSpans = true,
): SegmentedResult {
  const memo = sentenceMemo(source, errors);
  const hyp = hypothesisIds(memo, hypothesis);
  let hit = memo.results.get(hyp, 0, hyp.length);
  if (
    !hit || hit.ratio !== ratio || hit.limit !== limit || hit.segmentLimit !== segmentLimit
  ) {
    hit = { ratio, limit, segmentLimit, result: search(memo, hyp, ratio, limit, segmentLimit) };
    memo.results.set(hyp, 0, hyp.length, hit);
  }
  const { candidates, segments, overflow } = hit.result;
  const out: SegmentedResult = {
    candidates: candidates.map((c) => ({
      counts: c.counts.slice(),
      spans: withSpans ? spansOf(c) : [],
    })),
    segments,
  };
  if (overflow !== undefined) out.overflow = overflow;
  return out;
}

/** The corrections of a candidate, in segment order (a fresh array). */
function spansOf(c: Partial): Span[] {
  const links: Span[][] = [];
  for (let l = c.chain; l; l = l.prev) links.push(l.spans);
  const spans: Span[] = [];
  for (let x = links.length - 1; x >= 0; x--) {
    for (const sp of links[x]) spans.push(sp);
  }
  return spans;
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
  const bounds = boundsOf(memo, hyp);
  const segments = bounds.length / 2 - 1;
  let frontier: Partial[] = [{ counts: new Array(20).fill(0), chain: undefined }];
  for (let g = 0; g + 2 < bounds.length; g += 2) {
    const a = bounds[g], ha = bounds[g + 1], b = bounds[g + 2], hb = bounds[g + 3];
    const copy = hb - ha === b - a && sameRange(src, a, hyp, ha, b - a);
    if (starts[b === n ? n + 1 : b] === starts[a] && segmentLimit >= 1 && copy) {
      // No error starts here and the hypothesis copies the segment: its one candidate (the
      // source) has every column TN, for the system and for the baseline.
      for (let x = 0; x < frontier.length; x++) {
        const c = frontier[x].counts;
        c[1] += b - a, c[6] += b - a, c[11] += b - a, c[16] += b - a;
      }
      frontier = prune(frontier, ratio);
    } else {
      const seg = segmentMemo(memo, a, b);
      if (seg.count > segmentLimit) {
        return {
          candidates: [],
          segments,
          overflow: `a segment has ${seg.count} combinations (limit ${segmentLimit})`,
        };
      }
      let local = seg.local.get(hyp, ha, hb);
      if (!local) {
        local = { all: localCounts(memo, seg, a, b, hyp, ha, hb, copy) };
        seg.local.set(hyp, ha, hb, local);
      }
      if (!local.kept || local.ratio !== ratio) {
        local.kept = keptOf(local, seg, ratio), local.ratio = ratio;
      }
      frontier = prune(extend(frontier, local.kept), ratio);
    }
    if (frontier.length > limit) {
      return {
        candidates: [],
        segments,
        overflow: `${frontier.length} candidates survive (limit ${limit})`,
      };
    }
  }
  return { candidates: frontier, segments };
}

/** The memo of the segment between source offsets `a` and `b`. */
function segmentMemo(memo: SentenceMemo, a: number, b: number): SegmentMemo {
  const n = memo.src.length;
  let seg = memo.segments.get(a * (n + 1) + b);
  if (!seg) {
    const last = b === n;
    const mine = memo.options.filter((_, e) => {
      const p = memo.firsts[e];
      return p >= a && (p < b || (last && p <= b));
    });
    seg = { mine, count: combinationCount(mine), local: new IdTable() };
    memo.segments.set(a * (n + 1) + b, seg);
  }
  return seg;
}

/** The counts of every combination of a segment for the hypothesis segment `ha..hb`. */
function localCounts(
  memo: SentenceMemo,
  seg: SegmentMemo,
  a: number,
  b: number,
  hyp: Int32Array,
  ha: number,
  hb: number,
  copy: boolean,
): number[] {
  const srcSeg = memo.src.subarray(a, b), hypSeg = hyp.subarray(ha, hb);
  const combinations = combinationsOf(memo, seg, a, b);
  // A plain array (small integers): far smaller than a typed array while the memo keeps it.
  const all = new Array<number>(20 * combinations.length).fill(0);
  for (let x = 0; x < combinations.length; x++) {
    const { ref, base } = combinations[x];
    if (copy) { for (let i = 0; i < 10; i++) all[20 * x + i] = base[i]; }
    else countsInto(srcSeg, hypSeg, ref, all, 20 * x);
    for (let i = 0; i < 10; i++) all[20 * x + 10 + i] = base[i];
  }
  return all;
}

/** The candidates of `local` that the ratio keeps. */
function keptOf(local: Local, seg: SegmentMemo, ratio: RatioOf): SearchCandidate[] {
  const m = local.all.length / 20;
  const k = pruneFlat(local.all, m, ratio);
  const at = keptIndices();
  const kept: SearchCandidate[] = new Array(k);
  for (let x = 0; x < k; x++) {
    const p = 20 * at[x];
    kept[x] = {
      counts: local.all.slice(p, p + 20),
      spans: seg.combinations![at[x]].spans,
    };
  }
  return kept;
}

/**
 * Every frontier candidate extended by every kept candidate of the next segment, frontier
 * first. With one kept candidate the frontier's candidates (owned by the search) are extended
 * in place.
 */
function extend(frontier: Partial[], kept: readonly SearchCandidate[]): Partial[] {
  if (kept.length === 1) {
    const { counts: add, spans } = kept[0];
    for (let x = 0; x < frontier.length; x++) {
      const f = frontier[x];
      for (let i = 0; i < 20; i++) f.counts[i] += add[i];
      if (spans.length) f.chain = { spans, prev: f.chain };
    }
    return frontier;
  }
  const next: Partial[] = [];
  for (let x = 0; x < frontier.length; x++) {
    const f = frontier[x];
    for (let y = 0; y < kept.length; y++) {
      const l = kept[y];
      const counts = new Array<number>(20);
      for (let i = 0; i < 20; i++) counts[i] = f.counts[i] + l.counts[i];
      next.push({ counts, chain: l.spans.length ? { spans: l.spans, prev: f.chain } : f.chain });
    }
  }
  return next;
}

function sameRange(x: Int32Array, i: number, y: Int32Array, j: number, length: number): boolean {
  for (let t = 0; t < length; t++) if (x[i + t] !== y[j + t]) return false;
  return true;
}
