/**
 * The I-measure search's pruning: the maximised metric as a ratio `num / den`, and the removal
 * of candidates that cannot win whatever is added to them (see `search.ts`).
 *
 * @module
 */

/** Ratio form of the maximised metric, or undefined when it is not a ratio. */
export type RatioOf = ((c: readonly number[]) => [number, number]) | undefined;

/** What a ratio function computes: aspect offset, weight, and WAcc (else accuracy). */
interface RatioSpec {
  /** Offset of the aspect in a count vector (0 detection, 5 correction). */
  o: number;
  /** The WAcc weight. */
  w: number;
  /** WAcc (true) or accuracy (false). */
  wacc: boolean;
}

/** One function per (metric, weight): the per-sentence memos are kept per ratio function. */
const ratios = new Map<string, RatioOf>();
/** The spec of each ratio function (read by {@linkcode prune} without calling it). */
const specs = new WeakMap<object, RatioSpec>();

/**
 * The ratio (numerator, denominator) of `wacc` or `acc` of an aspect (`d` or `c`) with weight
 * `w`, or undefined for other metrics (and for `w <= 0`, where denominators may vanish).
 *
 * @example Usage
 * ```ts
 * import { ratioOf } from "./prune.ts";
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
    ratio = (c) => [num(c, o, w, true), den(c, o, w, true)];
    specs.set(ratio, { o, w, wacc: true });
  } else if (m === "acc") {
    ratio = (c) => [num(c, o, w, false), den(c, o, w, false)];
    specs.set(ratio, { o, w, wacc: false });
  }
  ratios.set(key, ratio);
  return ratio;
}

function num(c: ArrayLike<number>, o: number, w: number, wacc: boolean): number {
  return wacc ? w * c[o] + c[o + 1] : c[o] + c[o + 1];
}

function den(c: ArrayLike<number>, o: number, w: number, wacc: boolean): number {
  return wacc
    ? w * (c[o] + c[o + 2]) + c[o + 1] + c[o + 3] - (w + 1) * (c[o + 4] / 2)
    : c[o] + c[o + 1] + c[o + 2] + c[o + 3] - c[o + 4];
}

/** Lists up to this size are pruned pair by pair (no sort, no keys); longer ones by a sweep. */
const SMALL = 24;

/** Numerators and denominators of the list being pruned (grown as needed, reused). */
let nums = new Float64Array(SMALL);
let dens = new Float64Array(SMALL);
/** Count vectors of a candidate list copied for {@linkcode prune} (grown as needed, reused). */
let flat = new Float64Array(20 * SMALL);
/** Indices kept by {@linkcode pruneFlat} (grown as needed, reused; valid until the next call). */
let kept = new Int32Array(SMALL);

/**
 * Drops candidates that cannot win whatever is added to them, and repeated count vectors
 * (first kept). B is dropped when some A has `numA > numB` and `denA <= denB`, or
 * `numA == numB > 0` and `denA < denB`; equal vectors share their fate, so dropping before
 * removing repeats gives the same list. Without a ratio only repeats are dropped. The order is
 * kept; a list with nothing to drop is returned as it is.
 *
 * @example Usage
 * ```ts
 * import { prune, ratioOf } from "./prune.ts";
 * import assert from "node:assert/strict";
 *
 * // Correction TP, TN, FP: WAcc (w = 2) 6 / 6 for `a` and `d`, 4 / 6 for `b`.
 * const c = (tp: number, tn: number, fp: number) =>
 *   ({ counts: [0, 0, 0, 0, 0, tp, tn, fp, ...new Array(12).fill(0)] });
 * const [a, b, d] = [c(1, 4, 0), c(0, 4, 1), c(1, 4, 0)];
 * assert.deepEqual(prune([a, b, d], ratioOf("cwacc", 2)), [a]);
 * assert.deepEqual(prune([a, b, d], undefined), [a, b]);
 * ```
 *
 * @param cands Candidates (their `counts`: 20 integers each).
 * @param ratio The maximised metric as a ratio, if it is one.
 * @returns The candidates kept.
 */
export function prune<T extends { counts: readonly number[] }>(cands: T[], ratio: RatioOf): T[] {
  const m = cands.length;
  if (m <= 1) return cands;
  if (flat.length < 20 * m) flat = new Float64Array(40 * m);
  for (let x = 0; x < m; x++) {
    const c = cands[x].counts;
    for (let i = 0; i < 20; i++) flat[20 * x + i] = c[i];
  }
  const k = pruneFlat(flat, m, ratio);
  if (k === m) return cands;
  const out: T[] = new Array(k);
  for (let x = 0; x < k; x++) out[x] = cands[kept[x]];
  return out;
}

/**
 * {@linkcode prune} of `m` count vectors stored one after another (20 numbers each) in
 * `counts`: the number kept, whose indices are the first entries of {@linkcode keptIndices}.
 *
 * @example Usage
 * ```ts
 * import { keptIndices, pruneFlat, ratioOf } from "./prune.ts";
 * import assert from "node:assert/strict";
 *
 * // Correction TP, TN, FP: WAcc (w = 2) 4 / 6, then 6 / 6 twice.
 * const counts = new Int32Array(60);
 * counts.set([0, 4, 1], 5), counts.set([1, 4, 0], 25), counts.set([1, 4, 0], 45);
 * assert.equal(pruneFlat(counts, 3, ratioOf("cwacc", 2)), 1);
 * assert.equal(keptIndices()[0], 1);
 * ```
 *
 * @param counts The count vectors.
 * @param m Their number.
 * @param ratio The maximised metric as a ratio, if it is one.
 * @returns How many are kept.
 */
export function pruneFlat(counts: ArrayLike<number>, m: number, ratio: RatioOf): number {
  if (kept.length < m) kept = new Int32Array(2 * m);
  if (!ratio) return dedupe(counts, m, 0);
  if (nums.length < m) nums = new Float64Array(2 * m), dens = new Float64Array(2 * m);
  const spec = specs.get(ratio);
  for (let x = 0, at = 0; x < m; x++, at += 20) {
    if (spec) {
      const o = at + spec.o;
      nums[x] = num(counts, o, spec.w, spec.wacc), dens[x] = den(counts, o, spec.w, spec.wacc);
    } else {
      [nums[x], dens[x]] = ratio(Array.from({ length: 20 }, (_, i) => counts[at + i]));
    }
  }
  if (m > SMALL) return sweep(counts, m);
  let k = 0;
  for (let x = 0; x < m; x++) {
    const n = nums[x], d = dens[x];
    let drop = false;
    for (let y = 0; y < m && !drop; y++) {
      drop = (nums[y] > n && dens[y] <= d) || (nums[y] === n && n > 0 && dens[y] < d);
    }
    // A repeat's first copy has the same ratio: kept or dropped with it.
    for (let y = 0; y < x && !drop; y++) drop = nums[y] === n && same(counts, y, x);
    if (!drop) kept[k++] = x;
  }
  return k;
}

/** The indices kept by the last {@linkcode pruneFlat} (its first entries; reused buffer). */
export function keptIndices(): Int32Array {
  return kept;
}

/** The sweep of {@linkcode pruneFlat} for long lists (by decreasing numerator). */
function sweep(counts: ArrayLike<number>, m: number): number {
  // `above` is the least denominator of larger numerators.
  const order = Array.from({ length: m }, (_, x) => x).sort((x, y) => nums[y] - nums[x]);
  const dropped = new Uint8Array(m);
  let above = Infinity;
  for (let g = 0; g < m;) {
    let e = g, least = Infinity;
    const n = nums[order[g]];
    while (e < m && nums[order[e]] === n) least = Math.min(least, dens[order[e++]]);
    for (let q = g; q < e; q++) {
      const d = dens[order[q]];
      if (above <= d || (n > 0 && least < d)) dropped[order[q]] = 1;
    }
    above = Math.min(above, least);
    g = e;
  }
  let k = 0;
  for (let x = 0; x < m; x++) if (!dropped[x]) kept[k++] = x;
  return dedupe(counts, k, 1);
}

function same(counts: ArrayLike<number>, x: number, y: number): boolean {
  for (let i = 0, p = 20 * x, q = 20 * y; i < 20; i++) {
    if (counts[p + i] !== counts[q + i]) return false;
  }
  return true;
}

/**
 * Repeated count vectors dropped (first kept): of all `m` vectors (`fromKept` 0), or of the
 * `m` indices already in {@linkcode kept} (`fromKept` 1). Returns the number kept.
 */
function dedupe(counts: ArrayLike<number>, m: number, fromKept: number): number {
  const at = (x: number) => (fromKept ? kept[x] : x);
  let k = 0;
  if (m <= SMALL) {
    for (let x = 0; x < m; x++) {
      let seen = false;
      for (let y = 0; y < k && !seen; y++) seen = same(counts, kept[y], at(x));
      if (!seen) kept[k++] = at(x);
    }
    return k;
  }
  const seen = new Set<string>();
  for (let x = 0; x < m; x++) {
    const p = 20 * at(x);
    let key = "";
    for (let i = 0; i < 20; i++) key += `${counts[p + i]},`;
    if (!seen.has(key)) seen.add(key), kept[k++] = at(x);
  }
  return k;
}
