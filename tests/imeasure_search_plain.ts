/**
 * A plain I-measure segmented search for tests: the search of `metrics/imeasure/search.ts`
 * written the simple way, with nothing kept between calls (no memo per sentence, segment or
 * hypothesis), candidates as fresh arrays, string keys for repeats and the sorted sweep for
 * pruning. An oracle for the memoised, allocation-free search: both must give the same
 * candidates, in the same order, with the same corrections.
 *
 * @module
 */

import type { ErrorGroup, Tokens } from "../plugins/types.ts";
import { alignmentCountsOfIds, copiedTokens, intern } from "../metrics/imeasure/align.ts";
import {
  applySpans,
  combinationCount,
  compatible,
  errorOptions,
  type Span,
} from "../metrics/imeasure/refs.ts";
import type { RatioOf, SegmentedResult } from "../metrics/imeasure/search.ts";

interface Cand {
  counts: number[];
  spans: Span[];
}

function dedupe(cands: Cand[]): Cand[] {
  const seen = new Set<string>();
  return cands.filter((c) => {
    const k = c.counts.join(",");
    return seen.has(k) ? false : (seen.add(k), true);
  });
}

/**
 * The pruning of the search, by a sort on the numerators (see `metrics/imeasure/prune.ts`).
 *
 * @param cands Candidates.
 * @param ratio The ratio, if any.
 * @returns The candidates kept, in order.
 */
export function plainPrune<T extends Cand>(cands: T[], ratio: RatioOf): T[] {
  if (cands.length <= 1) return cands.slice();
  if (!ratio) return dedupe(cands) as T[];
  const m = cands.length;
  const num = cands.map((c) => ratio(c.counts)[0]), den = cands.map((c) => ratio(c.counts)[1]);
  const order = Array.from({ length: m }, (_, x) => x).sort((x, y) => num[y] - num[x]);
  const dropped = new Array(m).fill(false);
  let above = Infinity;
  for (let g = 0; g < m;) {
    let e = g, least = Infinity;
    const n = num[order[g]];
    while (e < m && num[order[e]] === n) least = Math.min(least, den[order[e++]]);
    for (let q = g; q < e; q++) {
      const d = den[order[q]];
      if (above <= d || (n > 0 && least < d)) dropped[order[q]] = true;
    }
    above = Math.min(above, least);
    g = e;
  }
  return dedupe(cands.filter((_, x) => !dropped[x])) as T[];
}

/**
 * The segmented search, recomputed from scratch (see `segmentedSearch()`).
 *
 * @param source Source tokens.
 * @param hypothesis Hypothesis tokens.
 * @param errors Error groups.
 * @param ratio The maximised metric as a ratio, if it is one.
 * @param limit Most candidates kept between segments.
 * @param segmentLimit Most combinations of one segment.
 * @returns The candidates, segment count and overflow message.
 */
export function plainSegmentedSearch(
  source: Tokens,
  hypothesis: Tokens,
  errors: readonly ErrorGroup[],
  ratio: RatioOf,
  limit: number,
  segmentLimit: number = 16 * limit,
): SegmentedResult {
  const n = source.length;
  const touched = new Uint8Array(n + 1);
  for (const e of errors) {
    let lo = Infinity, hi = -Infinity;
    for (const a of e.alternatives) {
      for (const c of a.corrections) lo = Math.min(lo, c.start), hi = Math.max(hi, c.end);
    }
    if (lo > hi) continue;
    for (let t = lo; t < hi; t++) touched[t] = 1;
    if (lo === hi) touched[lo] |= 2;
  }
  const options = errors.map((e) => errorOptions(e, true));
  const firsts = options.map((o) => o.flat()[0]?.start ?? 0);
  const [src, hyp] = intern([source, hypothesis]);
  const toHyp = copiedTokens(src, hyp);
  const bounds: [number, number][] = [[0, 0]];
  let last = 0;
  for (let p = 1; p + 1 <= n; p++) {
    if (p - last < 2) continue;
    const ok = !(touched[p - 1] & 1) && !(touched[p] & 1) && !(touched[p] & 2) &&
      toHyp[p - 1] >= 0 && toHyp[p] === toHyp[p - 1] + 1;
    if (ok) bounds.push([p, toHyp[p]]), last = p;
  }
  bounds.push([n, hyp.length]);
  const same = (a: Tokens, b: Tokens) => a.length === b.length && a.every((t, i) => t === b[i]);
  let frontier: Cand[] = [{ counts: new Array(20).fill(0), spans: [] }];
  for (let g = 0; g + 1 < bounds.length; g++) {
    const [a, ha] = bounds[g], [b, hb] = bounds[g + 1];
    const lastSeg = b === n;
    const mine = options.filter((_, e) =>
      firsts[e] >= a && (firsts[e] < b || (lastSeg && firsts[e] <= b))
    );
    const srcSeg = source.slice(a, b), hypSeg = hypothesis.slice(ha, hb);
    if (!mine.length && segmentLimit >= 1 && same(srcSeg, hypSeg)) {
      for (const f of frontier) {
        f.counts[1] += b - a, f.counts[6] += b - a, f.counts[11] += b - a, f.counts[16] += b - a;
      }
      frontier = plainPrune(frontier, ratio);
    } else {
      const count = combinationCount(mine);
      if (count > segmentLimit) {
        return {
          candidates: [],
          segments: bounds.length - 1,
          overflow: `a segment has ${count} combinations (limit ${segmentLimit})`,
        };
      }
      const local: Cand[] = [];
      const pick = new Array(mine.length).fill(0);
      while (true) {
        const spans = mine.flatMap((o, e) => o[pick[e]]);
        if (!spans.length || compatible(spans)) {
          const shifted = spans.map((sp) => ({ ...sp, start: sp.start - a, end: sp.end - a }));
          const ref = spans.length ? applySpans(srcSeg, shifted) : srcSeg;
          const [s, h, r] = intern([srcSeg, hypSeg, ref]);
          const base = alignmentCountsOfIds(s, s, r);
          local.push({ counts: [...alignmentCountsOfIds(s, h, r), ...base], spans });
        }
        let e = mine.length - 1;
        while (e >= 0 && ++pick[e] === mine[e].length) pick[e--] = 0;
        if (e < 0) break;
      }
      const kept = plainPrune(local, ratio);
      const next: Cand[] = [];
      for (const f of frontier) {
        for (const l of kept) {
          next.push({
            counts: f.counts.map((v, i) => v + l.counts[i]),
            spans: [...f.spans, ...l.spans],
          });
        }
      }
      frontier = plainPrune(next, ratio);
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

/**
 * Corrections applied to a source by copying it once per correction (see `applySpans()`).
 *
 * @param source Source tokens.
 * @param spans Corrections.
 * @returns The reference.
 */
export function plainApplySpans(source: Tokens, spans: readonly Span[]): Tokens {
  const order = spans.map((s, i) => [s, i] as const).sort((a, b) =>
    b[0].start - a[0].start || b[0].end - a[0].end || a[1] - b[1]
  );
  let out = source.slice();
  for (const [s] of order) {
    const next = out.slice();
    next.splice(s.start, s.end - s.start, ...s.tokens);
    if (next.length > 0) out = next;
  }
  return out.length ? out : source.slice();
}

/**
 * Whether no two corrections cover the same span, by a set of span keys.
 *
 * @param spans Corrections.
 * @returns Whether they are compatible.
 */
export function plainCompatible(spans: readonly Span[]): boolean {
  const seen = new Set<string>();
  for (const s of spans) {
    const k = `${s.start}:${s.end}`;
    if (seen.has(k)) return false;
    seen.add(k);
  }
  return true;
}
