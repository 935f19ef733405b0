/**
 * GLEU corpus scores from sentence statistics: the 2016 score with the reference tool's
 * sampling of one reference per sentence (folded sentence by sentence; the resampler is in
 * `resampler.ts`), and the 2015 score.
 *
 * @module
 */

import type { Accumulator } from "../../plugins/types.ts";
import { MersenneTwister } from "../../util/mt19937.ts";
import { draws, drawWords, MAX_CACHED_DRAWS } from "./draws.ts";
import {
  available,
  type Gleu2015Stats,
  type Gleu2016Stats,
  type GleuOptions,
  type GleuReferenceStats,
  type GleuScore,
  type GleuStats,
  ORDER,
} from "./stats.ts";
import { numpySum } from "../../util/numpy_sum.ts";

/** `scipy.special.ndtri(0.025000000000000022)` and `ndtri(0.975)`: the 95% normal quantiles. */
const Z_LOW = -1.959963984540054;
const Z_HIGH = 1.959963984540054;

/**
 * GLEU from totals, as the reference computes it: 0 when any count is 0 (after replacing
 * zeros by 1 when smoothing), else `exp(min(0, 1 - r/c) + mean_n log(num_n / den_n))`.
 */
export function gleuFromTotals(
  c: number,
  r: number,
  numerators: ArrayLike<number>,
  denominators: ArrayLike<number>,
  smooth = false,
): number {
  const one = (x: number) => smooth && x === 0 ? 1 : x;
  c = one(c);
  r = one(r);
  if (c === 0 || r === 0) return 0;
  let logPrecision = 0;
  for (let n = 0; n < ORDER; n++) {
    const num = one(numerators[n]);
    const den = one(denominators[n]);
    if (num === 0 || den === 0) return 0;
    logPrecision += Math.log(num / den);
  }
  logPrecision /= ORDER;
  return Math.exp(Math.min(0, 1 - r / c) + logPrecision);
}

/**
 * Mean, population standard deviation and 95% normal interval, as numpy and scipy give them
 * (`scratch`, when given, holds the squared deviations: a resampler reuses one).
 */
export function summarize(values: ArrayLike<number>, scratch?: Float64Array): GleuScore {
  const n = values.length;
  const mean = numpySum(values, 0, n) / n;
  const squares = scratch && scratch.length === n ? scratch : new Float64Array(n);
  for (let i = 0; i < n; i++) squares[i] = (values[i] - mean) * (values[i] - mean);
  const std = Math.sqrt(numpySum(squares, 0, n) / n);
  const ci: [number, number] = std > 0 ? [Z_LOW * std + mean, Z_HIGH * std + mean] : [mean, mean];
  return { gleu: mean, std, ci, iterations: n };
}

export function checkVariant(stats: GleuStats, options: GleuOptions): void {
  if (stats.variant !== options.variant) {
    throw new TypeError(
      `GLEU statistics of variant ${stats.variant} cannot be scored with variant ${options.variant}`,
    );
  }
}

/**
 * The 2016 corpus score folded sentence by sentence. Totals are sums of integers (exact in
 * any order), so a sentence with one reference adds the same amounts to every sampling
 * iteration: only sentences with several references keep their rows (and their position,
 * which names their draw). A sentence with two references (the common case) keeps both rows
 * in flat arrays; with more, references shared by several annotators (the same statistics
 * object, as `sentenceStats` gives identical references) share a row: memory grows with a
 * sentence's distinct references, and a small index per reference names its row.
 */
class Fold2016 implements Accumulator<GleuStats, GleuScore> {
  count = 0;
  c = 0;
  denominators = new Float64Array(ORDER);
  /** Reference length and numerators summed over the sentences with one reference. */
  common = new Float64Array(1 + ORDER);
  /**
   * Sentences with several references: position, per distinct reference its length and
   * numerators, and per reference (in order) the number of its row.
   */
  several: { index: number; rows: number[]; slot: Uint8Array | Uint16Array | Int32Array }[] = [];
  /** Sentences with two references (most of them): positions, and rows of both in turn. */
  pairIndex: number[] = [];
  pairRows: number[] = [];
  constructor(readonly options: GleuOptions) {}

  add(stats: GleuStats): void {
    checkVariant(stats, this.options);
    const s = stats as Gleu2016Stats;
    const refs = s.references;
    const i = this.count++;
    if (refs.length === 0) {
      throw new TypeError(`GLEU statistics of sentence ${i + 1} have no reference`);
    }
    this.c += s.length;
    for (let n = 0; n < ORDER; n++) this.denominators[n] += available(s.length, n);
    if (refs.length === 1) {
      const ref = refs[0];
      this.common[0] += ref.length;
      for (let n = 0; n < ORDER; n++) {
        this.common[1 + n] += Math.max(ref.matches[n] - ref.penalties[n], 0);
      }
      return;
    }
    if (refs.length === 2) {
      // Flat, without a row list of its own: the first reference's row, then the second's.
      this.pairIndex.push(i);
      for (const ref of refs) {
        this.pairRows.push(ref.length);
        for (let n = 0; n < ORDER; n++) {
          this.pairRows.push(Math.max(ref.matches[n] - ref.penalties[n], 0));
        }
      }
      return;
    }
    const slot = refs.length <= 256
      ? new Uint8Array(refs.length)
      : refs.length <= 65536
      ? new Uint16Array(refs.length)
      : new Int32Array(refs.length);
    // Few references: a linear search finds a shared one; many: a map.
    const seen = refs.length > 8 ? new Map<GleuReferenceStats, number>() : undefined;
    const distinct: GleuReferenceStats[] = [];
    refs.forEach((ref, k) => {
      let row = seen ? seen.get(ref) : undefined;
      if (!seen) {
        const first = refs.indexOf(ref);
        if (first < k) row = slot[first];
      }
      if (row === undefined) {
        row = distinct.length;
        distinct.push(ref);
        seen?.set(ref, row);
      }
      slot[k] = row;
    });
    // A plain array: a typed array of this size would be allocated outside V8's heap, which
    // costs more than the row (one per sentence with several references).
    const rows: number[] = [];
    for (const ref of distinct) {
      rows.push(ref.length);
      for (let n = 0; n < ORDER; n++) rows.push(Math.max(ref.matches[n] - ref.penalties[n], 0));
    }
    this.several.push({ index: i, rows, slot });
  }

  score(): GleuScore {
    const { count, c, denominators, common, several, pairIndex, pairRows } = this;
    // As the reference tool: a single reference is one iteration; otherwise iteration j seeds
    // the generator with j * 101 and draws one reference per sentence with randint(0, k - 1).
    const multiple = several.length + pairIndex.length;
    const iterations = multiple ? this.options.iterations : 1;
    const width = 1 + ORDER;
    // Per iteration: reference length and numerators summed over the sentences with several
    // references. Every term is an integer, so the sums are exact in any order: sentence by
    // sentence, all iterations at once (the draws are stored by position).
    const sums = new Float64Array(iterations * width);
    if (multiple && iterations * count <= MAX_CACHED_DRAWS) {
      // Two references: the draw is a bit (`random() >= 0.5`); every iteration adds the first
      // reference's row, and the second minus the first where its bit is set.
      if (pairIndex.length) addPairs(pairIndex, pairRows, count, iterations, sums);
      const uniforms = several.length ? draws(iterations, count) : undefined;
      for (const { index, rows, slot } of several) {
        const k = slot.length;
        const at0 = index * iterations;
        for (let j = 0, o = 0; j < iterations; j++, o += width) {
          const at = slot[Math.floor(uniforms![at0 + j] * k)] * width;
          sums[o] += rows[at];
          sums[o + 1] += rows[at + 1];
          sums[o + 2] += rows[at + 2];
          sums[o + 3] += rows[at + 3];
          sums[o + 4] += rows[at + 4];
        }
      }
    } else if (multiple) {
      // Too many draws to keep: one iteration at a time.
      const mt = new MersenneTwister(0);
      const uniforms = new Float64Array(count);
      for (let j = 0; j < iterations; j++) {
        mt.seed(j * 101);
        for (let i = 0; i < count; i++) uniforms[i] = mt.random();
        const o = j * width;
        for (const { index, rows, slot } of several) {
          const at = slot[Math.floor(uniforms[index] * slot.length)] * width;
          for (let f = 0; f < width; f++) sums[o + f] += rows[at + f];
        }
        for (let x = 0; x < pairIndex.length; x++) {
          const at = (2 * x + Math.floor(uniforms[pairIndex[x]] * 2)) * width;
          for (let f = 0; f < width; f++) sums[o + f] += pairRows[at + f];
        }
      }
    }
    const numerators = new Float64Array(ORDER);
    const values: number[] = [];
    for (let j = 0, o = 0; j < iterations; j++, o += width) {
      const r = common[0] + sums[o];
      for (let n = 0; n < ORDER; n++) numerators[n] = common[1 + n] + sums[o + 1 + n];
      values.push(gleuFromTotals(c, r, numerators, denominators));
    }
    return summarize(values);
  }
}

/**
 * Add to `sums` (per iteration: reference length and numerators) what the sentences with two
 * references give: the first reference's row in every iteration, plus the difference of the
 * second and the first where the iteration's draw bit is set. The bits of 8 positions at a
 * time are looked up in a table of the 256 subset sums of their differences ("four
 * Russians"); every value is an integer, so the sums are exact in any order.
 */
function addPairs(
  pairIndex: readonly number[],
  pairRows: readonly number[],
  count: number,
  iterations: number,
  sums: Float64Array,
): void {
  const width = 1 + ORDER;
  const { words } = drawWords(iterations, count);
  const base = new Float64Array(width);
  // The differences by position (0 where a sentence has no second reference).
  const blocks = Math.ceil(count / 8);
  const diff = new Float64Array(blocks * 8 * width);
  const used = new Uint8Array(blocks);
  for (let x = 0; x < pairIndex.length; x++) {
    const index = pairIndex[x], a = 2 * x * width, b = a + width;
    for (let f = 0; f < width; f++) {
      const d = pairRows[b + f] - pairRows[a + f];
      base[f] += pairRows[a + f];
      diff[index * width + f] = d;
      if (d !== 0) used[index >> 3] = 1;
    }
  }
  const table = new Float64Array(256 * width);
  for (let q = 0; q < blocks; q++) {
    if (!used[q]) continue;
    const at = q * 8 * width;
    for (let mask = 1; mask < 256; mask++) {
      const from = (mask & (mask - 1)) * width;
      const add = at + (31 - Math.clz32(mask & -mask)) * width;
      const to = mask * width;
      for (let f = 0; f < width; f++) table[to + f] = table[from + f] + diff[add + f];
    }
    const row = (q >> 2) * iterations, shift = (q & 3) * 8;
    for (let j = 0, o = 0; j < iterations; j++, o += width) {
      const t = ((words[row + j] >>> shift) & 255) * width;
      sums[o] += table[t];
      sums[o + 1] += table[t + 1];
      sums[o + 2] += table[t + 2];
      sums[o + 3] += table[t + 3];
      sums[o + 4] += table[t + 4];
    }
  }
  for (let j = 0, o = 0; j < iterations; j++, o += width) {
    for (let f = 0; f < width; f++) sums[o + f] += base[f];
  }
}

/**
 * The 2015 score, folded sentence by sentence (sums in corpus order). Like the reference tool, it passes the total reference length as `c` and
 * the total hypothesis length as `r`: its length penalty applies to hypotheses longer than the
 * references (the "inverse brevity penalty" later fixed in the 2016 script).
 */
class Fold2015 implements Accumulator<GleuStats, GleuScore> {
  c = 0;
  r = 0;
  numerators = new Float64Array(ORDER);
  denominators = new Float64Array(ORDER);
  constructor(readonly options: GleuOptions) {}

  add(stats: GleuStats): void {
    checkVariant(stats, this.options);
    const s = stats as Gleu2015Stats;
    this.c += s.referenceLength;
    this.r += s.length;
    for (let n = 0; n < ORDER; n++) {
      const [num, den] = terms2015(s, n, this.options.lambda);
      this.numerators[n] += num;
      this.denominators[n] += den;
    }
  }

  score(): GleuScore {
    return single(gleuFromTotals(this.c, this.r, this.numerators, this.denominators));
  }
}

/** The 2016 corpus score of statistics (the resampler's slow path). */
export function corpus2016(stats: readonly Gleu2016Stats[], options: GleuOptions): GleuScore {
  const acc = new Fold2016(options);
  for (const s of stats) acc.add(s);
  return acc.score();
}

/** The 2015 score of statistics. */
export function score2015(stats: readonly Gleu2015Stats[], lambda: number): number {
  const acc = new Fold2015({ variant: "2015", iterations: 1, lambda, refs: "plain" });
  for (const s of stats) acc.add(s);
  return acc.score().gleu;
}

export function fold(options: GleuOptions): Accumulator<GleuStats, GleuScore> {
  return options.variant === "2015" ? new Fold2015(options) : new Fold2016(options);
}

/** Numerator and denominator of one order of the 2015 formulation. */
export function terms2015(s: Gleu2015Stats, n: number, lambda: number): [number, number] {
  const numerator = s.newMatches[n] + Math.max(s.matches[n] - lambda * s.penalties[n], 0);
  return [numerator, s.newMatches[n] + available(s.length, n)];
}

export function single(value: number): GleuScore {
  return { gleu: value, std: 0, ci: [value, value], iterations: 1 };
}
