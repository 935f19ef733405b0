/**
 * GLEU (Napoles et al.): n-gram precision of the hypothesis against a reference, minus the
 * n-grams it keeps from the source that the reference changed, with a brevity penalty. The
 * default is the 2016 formulation ("GLEU without tuning", as `compute_gleu` of
 * cnap/gec-ranking computes it, with its Python 2 reference sampling reproduced draw for
 * draw); `variant: "2015"` gives the original GLEU with the weight lambda.
 *
 * @module
 */

import { CONLL2014_CONVENTIONS, referenceRewrites } from "../../formats/references.ts";
import { InputError } from "../../plugins/errors.ts";
import type {
  Accumulator,
  Explanation,
  ExplanationBlock,
  GoldSentence,
  Metric,
  Tokens,
} from "../../plugins/types.ts";
import { MersenneTwister } from "../../util/mt19937.ts";
import { gecMetrics, GECMETRICS_VARIANTS, type GleuGecMetricsStats } from "./gecmetrics.ts";

/** The n-gram orders GLEU uses: 1 to 4 (the reference tool ignores its `-n`). */
const ORDER = 4;

/** `scipy.special.ndtri(0.025000000000000022)` and `ndtri(0.975)`: the 95% normal quantiles. */
const Z_LOW = -1.959963984540054;
const Z_HIGH = 1.959963984540054;

/** GLEU options. */
export type GleuOptions = {
  /** `"2016"` (GLEU without tuning; the default) or `"2015"` (original GLEU, with lambda). */
  variant: string;
  /** 2016: sampling iterations when there are several references (one reference: 1). */
  iterations: number;
  /** 2015: weight of the penalty for source n-grams the references changed. */
  lambda: number;
  /**
   * How references are derived from an M2 gold's annotations: `"plain"` (apply every edit;
   * an annotator absent from a sentence leaves the source) or `"conll2014"` (the conventions
   * of the distributed CoNLL-2014 `.trg` files: skip `Um` edits, an absent annotator takes the
   * first present one's rewrite). Explicit references (`--ref` files) are used as they are.
   */
  refs: string;
};

/** A GLEU score: the mean over sampling iterations, their spread and 95% normal interval. */
export type GleuScore = {
  /** The GLEU score (corpus: mean over iterations; sentence: mean over references). */
  gleu: number;
  /** Population standard deviation of the values averaged. */
  std: number;
  /**
   * 95% normal interval `mean ± 1.96 std`. When `std` is 0 it is `[gleu, gleu]` (the
   * reference tool prints `(nan,nan)` there).
   */
  ci: [number, number];
  /**
   * How many values were averaged: sampling iterations for a corpus score, references for a
   * 2016 sentence score.
   */
  iterations: number;
};

/** What a hypothesis shares with one reference, per n-gram order (index 0 = unigrams). */
export interface GleuReferenceStats {
  /** The reference's length in tokens. */
  length: number;
  /** Hypothesis n-grams found in the reference (counts clipped to the reference's). */
  matches: number[];
  /**
   * Hypothesis n-grams found in the source but not in this reference (counts clipped to the
   * source's): the n-grams the reference changed and the hypothesis did not.
   */
  penalties: number[];
}

/** Per-sentence statistics of the 2016 formulation: one entry per reference. */
export interface Gleu2016Stats {
  /** The formulation. */
  variant: "2016";
  /** The hypothesis length in tokens. */
  length: number;
  /** One entry per reference, in reference order. */
  references: GleuReferenceStats[];
}

/**
 * Per-sentence statistics of the 2015 formulation (all references merged: each n-gram with
 * its largest count in any reference), per n-gram order.
 */
export interface Gleu2015Stats {
  /** The formulation. */
  variant: "2015";
  /** The hypothesis length in tokens. */
  length: number;
  /** The length of the reference closest in length to the hypothesis (first on ties). */
  referenceLength: number;
  /** Hypothesis n-grams in the references but not in the source (clipped). */
  newMatches: number[];
  /** Hypothesis n-grams in the references (clipped). */
  matches: number[];
  /** Hypothesis n-grams in the source but in no reference (clipped). */
  penalties: number[];
}

/** GLEU per-sentence statistics. */
export type GleuStats = Gleu2016Stats | Gleu2015Stats | GleuGecMetricsStats;

/** An n-gram key: its token ids in base `vocabulary.base`, or joined ids for huge vocabularies. */
type Key = number | string;
type Counts = Map<Key, number>;

/** The tokens of one gold sentence's source and references, numbered from 1. */
interface Vocabulary {
  ids: Map<string, number>;
  tokens: string[];
  base: number;
  numeric: boolean;
}

function vocabulary(sentences: readonly Tokens[]): Vocabulary {
  const ids = new Map<string, number>();
  const tokens = [""];
  for (const sentence of sentences) {
    for (const token of sentence) {
      if (!ids.has(token)) {
        ids.set(token, tokens.length);
        tokens.push(token);
      }
    }
  }
  const base = tokens.length;
  return { ids, tokens, base, numeric: base ** ORDER <= Number.MAX_SAFE_INTEGER };
}

/**
 * N-gram counts of a sentence for n = 1..4 (index 0 = unigrams). N-grams with a token outside
 * the vocabulary are left out: they can match neither the source nor a reference.
 */
function ngramCounts(tokens: Tokens, vocab: Vocabulary): Counts[] {
  const out: Counts[] = [new Map(), new Map(), new Map(), new Map()];
  const length = tokens.length;
  const ids = new Array<number>(length);
  for (let i = 0; i < length; i++) ids[i] = vocab.ids.get(tokens[i]) ?? 0;
  for (let i = 0; i < length; i++) {
    let key: Key = 0;
    for (let n = 0; n < ORDER && i + n < length; n++) {
      const id = ids[i + n];
      if (id === 0) break;
      key = vocab.numeric ? (key as number) * vocab.base + id : n ? `${key},${id}` : `${id}`;
      const counts = out[n];
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return out;
}

/** The tokens of an n-gram key of order `n + 1`, joined by spaces. */
function ngramText(key: Key, n: number, vocab: Vocabulary): string {
  const ids: number[] = [];
  if (typeof key === "string") ids.push(...key.split(",").map(Number));
  else {
    for (let k = 0; k <= n; k++) {
      ids.unshift(key % vocab.base);
      key = Math.floor(key / vocab.base);
    }
  }
  return ids.map((id) => vocab.tokens[id]).join(" ");
}

interface PreparedReference {
  tokens: Tokens;
  counts: Counts[];
}

interface Prepared {
  vocab: Vocabulary;
  source: Counts[];
  references: PreparedReference[];
  merged?: Counts[];
}

/** Source and reference n-grams per gold sentence and reference convention, computed once. */
const prepared = new WeakMap<GoldSentence, Map<string, Prepared>>();

function prepare(gold: GoldSentence, options: GleuOptions): Prepared {
  let bySentence = prepared.get(gold);
  if (!bySentence) prepared.set(gold, bySentence = new Map());
  let entry = bySentence.get(options.refs);
  if (!entry) {
    const rewrites = referenceRewrites(
      gold,
      options.refs === "conll2014" ? CONLL2014_CONVENTIONS : {},
    );
    if (rewrites.length === 0) {
      throw new InputError("gold sentence has no reference to score GLEU", undefined, gold.line);
    }
    // Identical references (many annotators leave a sentence alone) share one entry: memory
    // grows with the distinct references, not with the annotators of the corpus.
    const distinct = new Map<string, PreparedReference>();
    for (const tokens of rewrites) {
      const key = tokens.join(" ");
      if (!distinct.has(key)) distinct.set(key, { tokens, counts: [] });
    }
    const vocab = vocabulary([gold.source, ...[...distinct.values()].map((r) => r.tokens)]);
    for (const ref of distinct.values()) ref.counts = ngramCounts(ref.tokens, vocab);
    entry = {
      vocab,
      source: ngramCounts(gold.source, vocab),
      references: rewrites.map((tokens) => distinct.get(tokens.join(" "))!),
    };
    bySentence.set(options.refs, entry);
  }
  return entry;
}

function mergedReferences(entry: Prepared): Counts[] {
  if (!entry.merged) {
    entry.merged = Array.from({ length: ORDER }, (_, n) => {
      const merged: Counts = new Map();
      for (const reference of entry.references) {
        for (const [key, count] of reference.counts[n]) {
          if (count > (merged.get(key) ?? 0)) merged.set(key, count);
        }
      }
      return merged;
    });
  }
  return entry.merged;
}

function referenceStats(hyp: Counts[], source: Counts[], ref: PreparedReference) {
  const matches: number[] = [];
  const penalties: number[] = [];
  for (let n = 0; n < ORDER; n++) {
    let match = 0;
    let penalty = 0;
    for (const [key, count] of hyp[n]) {
      const inRef = ref.counts[n].get(key);
      if (inRef !== undefined) match += Math.min(count, inRef);
      else {
        const inSource = source[n].get(key);
        if (inSource !== undefined) penalty += Math.min(count, inSource);
      }
    }
    matches.push(match);
    penalties.push(penalty);
  }
  return { length: ref.tokens.length, matches, penalties };
}

function stats2015(hypothesis: Tokens, hyp: Counts[], entry: Prepared): Gleu2015Stats {
  const merged = mergedReferences(entry);
  const length = hypothesis.length;
  let referenceLength = entry.references[0].tokens.length;
  for (const { tokens } of entry.references.slice(1)) {
    if (Math.abs(tokens.length - length) < Math.abs(referenceLength - length)) {
      referenceLength = tokens.length;
    }
  }
  const newMatches: number[] = [];
  const matches: number[] = [];
  const penalties: number[] = [];
  for (let n = 0; n < ORDER; n++) {
    let fresh = 0;
    let match = 0;
    let penalty = 0;
    for (const [key, count] of hyp[n]) {
      const inRef = merged[n].get(key);
      const inSource = entry.source[n].get(key);
      if (inRef !== undefined) {
        match += Math.min(count, inRef);
        if (inSource === undefined) fresh += Math.min(count, inRef);
      } else if (inSource !== undefined) {
        penalty += Math.min(count, inSource);
      }
    }
    newMatches.push(fresh);
    matches.push(match);
    penalties.push(penalty);
  }
  return { variant: "2015", length, referenceLength, newMatches, matches, penalties };
}

function sentenceStats(
  entry: Prepared,
  hypothesis: Tokens,
  hyp: Counts[],
  options: GleuOptions,
): GleuStats {
  if (options.variant === "2015") return stats2015(hypothesis, hyp, entry);
  // Shared references share their statistics (the same object, computed once).
  const memo = new Map<PreparedReference, GleuReferenceStats>();
  return {
    variant: "2016",
    length: hypothesis.length,
    references: entry.references.map((ref) => {
      let stats = memo.get(ref);
      if (!stats) memo.set(ref, stats = referenceStats(hyp, entry.source, ref));
      return stats;
    }),
  };
}

/** Hypothesis n-grams of order `n + 1` available for matching: `max(len - n, 0)`. */
function available(length: number, n: number): number {
  return Math.max(length - n, 0);
}

/**
 * GLEU from totals, as the reference computes it: 0 when any count is 0 (after replacing
 * zeros by 1 when smoothing), else `exp(min(0, 1 - r/c) + mean_n log(num_n / den_n))`.
 */
function gleuFromTotals(
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

/** Summation as numpy's `add.reduce` does it on a contiguous float64 array (pairwise). */
function pairwiseSum(values: ArrayLike<number>, start: number, n: number): number {
  if (n < 8) {
    let sum = -0;
    for (let i = start; i < start + n; i++) sum += values[i];
    return sum;
  }
  if (n <= 128) {
    const r = [0, 1, 2, 3, 4, 5, 6, 7].map((j) => values[start + j]);
    let i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (let j = 0; j < 8; j++) r[j] += values[start + i + j];
    }
    let sum = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; i++) sum += values[start + i];
    return sum;
  }
  let half = Math.floor(n / 2);
  half -= half % 8;
  return pairwiseSum(values, start, half) + pairwiseSum(values, start + half, n - half);
}

/** Mean, population standard deviation and 95% normal interval, as numpy and scipy give them. */
function summarize(values: readonly number[]): GleuScore {
  const n = values.length;
  const mean = pairwiseSum(values, 0, n) / n;
  const squares = values.map((x) => (x - mean) * (x - mean));
  const std = Math.sqrt(pairwiseSum(squares, 0, n) / n);
  const ci: [number, number] = std > 0 ? [Z_LOW * std + mean, Z_HIGH * std + mean] : [mean, mean];
  return { gleu: mean, std, ci, iterations: n };
}

function checkVariant(stats: GleuStats, options: GleuOptions): void {
  if (stats.variant !== options.variant) {
    throw new TypeError(
      `GLEU statistics of variant ${stats.variant} cannot be scored with variant ${options.variant}`,
    );
  }
}

/** The largest table of draws kept between calls (32 MB). */
const MAX_CACHED_DRAWS = 1 << 22;

/** The last table of draws, kept because every system of a run needs the same one. */
let lastDraws: { iterations: number; count: number; uniforms: Float64Array } | undefined;

/**
 * Python's `random()` draws of the reference tool's sampling: row `j` holds `count` draws
 * after `seed(j * 101)`; `randint(0, k - 1)` is then `floor(draw * k)`.
 */
function draws(iterations: number, count: number): Float64Array {
  if (lastDraws?.iterations === iterations && lastDraws.count === count) return lastDraws.uniforms;
  const uniforms = new Float64Array(iterations * count);
  const mt = new MersenneTwister(0);
  for (let j = 0, at = 0; j < iterations; j++) {
    mt.seed(j * 101);
    for (let i = 0; i < count; i++) uniforms[at++] = mt.random();
  }
  lastDraws = { iterations, count, uniforms };
  return uniforms;
}

/**
 * The 2016 corpus score folded sentence by sentence. Totals are sums of integers (exact in
 * any order), so a sentence with one reference adds the same amounts to every sampling
 * iteration: only sentences with several references keep their rows (and their position,
 * which names their draw). References shared by several annotators (the same statistics
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
  several: { index: number; rows: Float64Array; slot: Uint8Array | Uint16Array | Int32Array }[] =
    [];
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
    const width = 1 + ORDER;
    if (refs.length === 1) {
      const ref = refs[0];
      this.common[0] += ref.length;
      for (let n = 0; n < ORDER; n++) {
        this.common[1 + n] += Math.max(ref.matches[n] - ref.penalties[n], 0);
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
    const rows = new Float64Array(distinct.length * width);
    distinct.forEach((ref, d) => {
      rows[d * width] = ref.length;
      for (let n = 0; n < ORDER; n++) {
        rows[d * width + 1 + n] = Math.max(ref.matches[n] - ref.penalties[n], 0);
      }
    });
    this.several.push({ index: i, rows, slot });
  }

  score(): GleuScore {
    const { count, c, denominators, common, several } = this;
    // As the reference tool: a single reference is one iteration; otherwise iteration j seeds
    // the generator with j * 101 and draws one reference per sentence with randint(0, k - 1).
    const iterations = several.length ? this.options.iterations : 1;
    // Draws only matter to sentences with several references.
    const cached = !several.length
      ? new Float64Array(0)
      : iterations * count <= MAX_CACHED_DRAWS
      ? draws(iterations, count)
      : undefined;
    const mt = cached ? undefined : new MersenneTwister(0);
    const uniforms = cached ?? new Float64Array(count);
    const width = 1 + ORDER;
    const numerators = new Float64Array(ORDER);
    const values: number[] = [];
    for (let j = 0; j < iterations; j++) {
      let r = common[0];
      for (let n = 0; n < ORDER; n++) numerators[n] = common[1 + n];
      let row = j * count;
      if (mt) {
        mt.seed(j * 101);
        for (let i = 0; i < count; i++) uniforms[i] = mt.random();
        row = 0;
      }
      for (const { index, rows, slot } of several) {
        const at = slot[Math.floor(uniforms[row + index] * slot.length)] * width;
        r += rows[at];
        for (let n = 0; n < ORDER; n++) numerators[n] += rows[at + 1 + n];
      }
      values.push(gleuFromTotals(c, r, numerators, denominators));
    }
    return summarize(values);
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
function corpus2016(stats: readonly Gleu2016Stats[], options: GleuOptions): GleuScore {
  const acc = new Fold2016(options);
  for (const s of stats) acc.add(s);
  return acc.score();
}

/** The 2015 score of statistics. */
function score2015(stats: readonly Gleu2015Stats[], lambda: number): number {
  const acc = new Fold2015({ variant: "2015", iterations: 1, lambda, refs: "plain" });
  for (const s of stats) acc.add(s);
  return acc.score().gleu;
}

function fold(options: GleuOptions): Accumulator<GleuStats, GleuScore> {
  if (gecMetrics.is(options)) return gecMetrics.accumulator(options, summarize);
  return options.variant === "2015" ? new Fold2015(options) : new Fold2016(options);
}

/** Blocks of 8 positions looked up together by the 2016 resampler. */
const GROUP = 4;

/** Draw bits of {@linkcode drawBits}, by iteration count and corpus length. */
interface DrawBits {
  iterations: number;
  count: number;
  bytes: Uint8Array;
  ones: Int32Array;
}

/** The last bits drawn: every system (and the resamples) of a run needs the same ones. */
let lastBits: DrawBits | undefined;

/**
 * Which reference each iteration draws at each position, for sentences with two references:
 * bit `p % 8` of byte `floor(p / 8) * iterations + j` is `floor(random() * 2)` (that is,
 * `random() >= 0.5`) for position `p` after `seed(j * 101)`, as `corpus2016` draws them;
 * `ones[j]` counts the set bits of iteration `j`.
 */
function drawBits(iterations: number, count: number): DrawBits {
  if (lastBits?.iterations === iterations && lastBits.count === count) return lastBits;
  // Whole groups of blocks: the padding bytes stay 0.
  const bytes = new Uint8Array(iterations * Math.ceil(count / 8 / GROUP) * GROUP);
  const ones = new Int32Array(iterations);
  const mt = new MersenneTwister(0);
  for (let j = 0; j < iterations; j++) {
    mt.seed(j * 101);
    for (let p = 0; p < count; p++) {
      if (mt.random() >= 0.5) {
        bytes[(p >> 3) * iterations + j] |= 1 << (p & 7);
        ones[j]++;
      }
    }
  }
  return lastBits = { iterations, count, bytes, ones };
}

/**
 * The resampling fast path of the 2016 formulation: equal to `corpus2016` on the resampled
 * statistics (same draws per position, same integer totals, same final arithmetic).
 *
 * With at most two references per sentence, iteration `j` adds, at every position whose draw
 * bit is set, the difference between the second and the first reference's
 * `[length, numerator_1..4]`. Those sums are done for all iterations at once by the "four
 * Russians" trick: per block of 8 positions, a table of the 256 subset sums of the block's
 * differences, then one lookup per block and iteration. The five integer sums are packed into
 * two or three doubles (fields of `fieldBits` bits, offset by `bound` to stay non-negative),
 * so every addition is exact. Sentences with three or more references use `corpus2016`.
 */
function resampler2016(
  stats: readonly Gleu2016Stats[],
  options: GleuOptions,
): (indices: Int32Array) => GleuScore {
  const n = stats.length;
  const picked: Gleu2016Stats[] = [];
  const slow = (indices: Int32Array) => {
    picked.length = indices.length;
    for (let k = 0; k < indices.length; k++) picked[k] = stats[indices[k]];
    return corpus2016(picked, options);
  };
  if (stats.some((s) => s.references.length > 2 || s.references.length === 0)) return slow;
  const width = 1 + ORDER;
  // Per sentence: hypothesis length, denominators, first reference, second minus first.
  const length = new Float64Array(n);
  const denominators = new Float64Array(n * ORDER);
  const first = new Float64Array(n * width);
  const diff = new Float64Array(n * width);
  const refs = new Int32Array(n);
  let bound = 0;
  stats.forEach((s, i) => {
    length[i] = s.length;
    refs[i] = s.references.length;
    for (let o = 0; o < ORDER; o++) denominators[i * ORDER + o] = available(s.length, o);
    const row = (ref: GleuReferenceStats) => [
      ref.length,
      ...ref.matches.map((m, o) => Math.max(m - ref.penalties[o], 0)),
    ];
    const a = row(s.references[0]);
    const b = s.references.length > 1 ? row(s.references[1]) : a;
    for (let f = 0; f < width; f++) {
      first[i * width + f] = a[f];
      diff[i * width + f] = b[f] - a[f];
      bound = Math.max(bound, Math.abs(b[f] - a[f]));
    }
  });
  const iterations = options.iterations;
  const table = new Float64Array(GROUP * 256 * width);
  // Buffers reused between calls (resampling makes thousands).
  let packed = new Float64Array(0);
  let sums = new Float64Array(0);
  return (indices) => {
    const m = indices.length;
    let c = 0, maxRefs = 0;
    const dens = new Float64Array(ORDER);
    const base = new Float64Array(width);
    for (let k = 0; k < m; k++) {
      const i = indices[k];
      c += length[i];
      if (refs[i] > maxRefs) maxRefs = refs[i];
      for (let o = 0; o < ORDER; o++) dens[o] += denominators[i * ORDER + o];
      for (let f = 0; f < width; f++) base[f] += first[i * width + f];
    }
    if (maxRefs <= 1) {
      return summarize([gleuFromTotals(c, base[0], base.subarray(1), dens)]);
    }
    // Field width: a sum of m values in [0, 2 * bound] must fit.
    const fieldBits = Math.max(1, Math.ceil(Math.log2(m * 2 * bound + 1)));
    const perWord = Math.floor(53 / fieldBits);
    if (perWord < 1) return slow(indices);
    const { bytes, ones } = drawBits(iterations, m);
    const words = Math.ceil(width / perWord);
    const scale = 2 ** fieldBits;
    const blocks = Math.ceil(m / 8);
    // The offset differences of each position, packed: word w of position k at k * words + w.
    if (packed.length !== blocks * 8 * words) packed = new Float64Array(blocks * 8 * words);
    else packed.fill(0);
    for (let f = 0; f < width; f++) {
      const w = Math.floor(f / perWord);
      const unit = scale ** (f % perWord);
      for (let k = 0; k < m; k++) {
        packed[k * words + w] += (diff[indices[k] * width + f] + bound) * unit;
      }
    }
    // Per block: the subset sums of its 8 positions; then, four blocks at a time, one lookup
    // per block and iteration (bytes past the last block are 0, and so is every table[0]).
    if (sums.length !== iterations * words) sums = new Float64Array(iterations * words);
    else sums.fill(0);
    const stride = 256 * words;
    for (let q0 = 0; q0 < blocks; q0 += GROUP) {
      for (let g = 0; g < GROUP; g++) {
        const at = (q0 + g) * 8 * words;
        const t0 = g * stride;
        if (q0 + g >= blocks) break;
        for (let mask = 1; mask < 256; mask++) {
          const from = t0 + (mask & (mask - 1)) * words;
          const add = at + (31 - Math.clz32(mask & -mask)) * words;
          const to = t0 + mask * words;
          for (let w = 0; w < words; w++) table[to + w] = table[from + w] + packed[add + w];
        }
      }
      const r0 = q0 * iterations, r1 = r0 + iterations, r2 = r1 + iterations, r3 = r2 + iterations;
      if (words === 2) {
        for (let j = 0; j < iterations; j++) {
          const a = bytes[r0 + j] * 2, b = 512 + bytes[r1 + j] * 2;
          const c = 1024 + bytes[r2 + j] * 2, d = 1536 + bytes[r3 + j] * 2;
          sums[2 * j] += table[a] + table[b] + table[c] + table[d];
          sums[2 * j + 1] += table[a + 1] + table[b + 1] + table[c + 1] + table[d + 1];
        }
      } else {
        for (let j = 0; j < iterations; j++) {
          for (let g = 0; g < GROUP; g++) {
            const t = g * stride + bytes[r0 + g * iterations + j] * words;
            for (let w = 0; w < words; w++) sums[j * words + w] += table[t + w];
          }
        }
      }
    }
    const values: number[] = new Array(iterations);
    const numerators = new Float64Array(ORDER);
    for (let j = 0; j < iterations; j++) {
      const offset = bound * ones[j];
      let r = 0;
      for (let f = 0; f < width; f++) {
        const w = Math.floor(f / perWord);
        const field = Math.floor(sums[j * words + w] / scale ** (f % perWord)) % scale - offset;
        if (f === 0) r = base[0] + field;
        else numerators[f - 1] = base[f] + field;
      }
      values[j] = gleuFromTotals(c, r, numerators, dens);
    }
    return summarize(values);
  };
}

/** Numerator and denominator of one order of the 2015 formulation. */
function terms2015(s: Gleu2015Stats, n: number, lambda: number): [number, number] {
  const numerator = s.newMatches[n] + Math.max(s.matches[n] - lambda * s.penalties[n], 0);
  return [numerator, s.newMatches[n] + available(s.length, n)];
}

function single(value: number): GleuScore {
  return { gleu: value, std: 0, ci: [value, value], iterations: 1 };
}

function sentenceValues2016(s: Gleu2016Stats): number[] {
  const denominators = Array.from({ length: ORDER }, (_, n) => available(s.length, n));
  return s.references.map((ref) =>
    gleuFromTotals(
      s.length,
      ref.length,
      ref.matches.map((m, n) => Math.max(m - ref.penalties[n], 0)),
      denominators,
      true,
    )
  );
}

function explain2016(
  gold: GoldSentence,
  hypothesis: Tokens,
  hyp: Counts[],
  entry: Prepared,
  s: Gleu2016Stats,
): Explanation {
  const values = sentenceValues2016(s);
  const score = summarize(values);
  const blocks: ExplanationBlock[] = [];
  entry.references.forEach((ref, k) => {
    const rows = [["n", "n-gram", "hyp", "ref", "src", "credited", "penalised"]];
    for (let n = 0; n < ORDER; n++) {
      for (const [key, count] of hyp[n]) {
        const inRef = ref.counts[n].get(key);
        const inSource = entry.source[n].get(key);
        if (inRef !== undefined) {
          rows.push([
            String(n + 1),
            ngramText(key, n, entry.vocab),
            String(count),
            String(inRef),
            String(inSource ?? 0),
            String(Math.min(count, inRef)),
            "0",
          ]);
        } else if (inSource !== undefined) {
          rows.push([
            String(n + 1),
            ngramText(key, n, entry.vocab),
            String(count),
            "0",
            String(inSource),
            "0",
            String(Math.min(count, inSource)),
          ]);
        }
      }
    }
    const stats = s.references[k];
    const counts = [["n", "matches", "penalties", "numerator", "denominator"]];
    for (let n = 0; n < ORDER; n++) {
      counts.push([
        String(n + 1),
        String(stats.matches[n]),
        String(stats.penalties[n]),
        String(Math.max(stats.matches[n] - stats.penalties[n], 0)),
        String(available(s.length, n)),
      ]);
    }
    blocks.push({
      title: `Reference ${k + 1} (sentence GLEU ${values[k].toFixed(4)}, smoothed): ${
        ref.tokens.join(" ")
      }`,
      table: rows,
      lines: [
        "credited: in the reference; penalised: in the source but not in the reference",
        `lengths: hypothesis ${s.length}, reference ${stats.length}`,
      ],
    });
    blocks.push({ title: `Reference ${k + 1}: counts per order`, table: counts });
  });
  return {
    summary: `GLEU ${score.gleu.toFixed(4)} (smoothed, mean over ${values.length} ${
      values.length === 1 ? "reference" : "references"
    }; std ${
      score.std.toFixed(4)
    }) for ${hypothesis.length} hypothesis tokens, source ${gold.source.length}`,
    blocks,
  };
}

function explain2015(
  hypothesis: Tokens,
  hyp: Counts[],
  entry: Prepared,
  s: Gleu2015Stats,
  lambda: number,
): Explanation {
  const merged = mergedReferences(entry);
  const rows = [["n", "n-gram", "hyp", "refs", "src", "credited", "new", "penalised"]];
  for (let n = 0; n < ORDER; n++) {
    for (const [key, count] of hyp[n]) {
      const inRef = merged[n].get(key);
      const inSource = entry.source[n].get(key);
      if (inRef === undefined && inSource === undefined) continue;
      const credited = inRef === undefined ? 0 : Math.min(count, inRef);
      rows.push([
        String(n + 1),
        ngramText(key, n, entry.vocab),
        String(count),
        String(inRef ?? 0),
        String(inSource ?? 0),
        String(credited),
        String(inSource === undefined ? credited : 0),
        String(inRef === undefined ? Math.min(count, inSource ?? 0) : 0),
      ]);
    }
  }
  const counts = [["n", "matches", "new", "penalties", "numerator", "denominator"]];
  for (let n = 0; n < ORDER; n++) {
    const [num, den] = terms2015(s, n, lambda);
    counts.push([
      String(n + 1),
      String(s.matches[n]),
      String(s.newMatches[n]),
      String(s.penalties[n]),
      String(num),
      String(den),
    ]);
  }
  const value = score2015([s], lambda);
  return {
    summary: `GLEU 2015 ${value.toFixed(4)} (lambda ${lambda}, ${entry.references.length} ${
      entry.references.length === 1 ? "reference" : "references"
    } merged) for ${hypothesis.length} hypothesis tokens`,
    blocks: [
      {
        title: "Hypothesis n-grams against the merged references",
        table: rows,
        lines: [
          "credited: in a reference (new: and not in the source); penalised: in the source " +
          "but in no reference",
          ...entry.references.map((r, k) => `reference ${k + 1}: ${r.tokens.join(" ")}`),
          `lengths: hypothesis ${s.length}, closest reference ${s.referenceLength}`,
        ],
      },
      { title: "Counts per order", table: counts },
    ],
  };
}

/**
 * The GLEU metric.
 *
 * Statistics keep, per sentence, the hypothesis length and per reference its length and the
 * clipped n-gram matches and source penalties (n = 1..4), so corpus scores, sampling and
 * resampling of sentences need no text. With several references, `corpus()` reproduces the
 * reference tool's sampling: iteration `j` seeds Python's Mersenne Twister with `j * 101` and
 * draws one reference per sentence with Python 2's `randint`; the score is the mean over
 * iterations, with the population standard deviation and the 95% normal interval. Sentence
 * scores are smoothed (zero counts replaced by 1, the tool's `-d` mode) and averaged over the
 * references.
 *
 * Gold sentences are treated as immutable: the n-grams of a sentence's source and references
 * are counted once per sentence object (and `refs` option) and reused for every system.
 *
 * @example Scoring two sentences against one reference each
 * ```ts
 * import { gleuMetric } from "./mod.ts";
 * import { resolveOptions } from "../../plugins/options.ts";
 * import assert from "node:assert/strict";
 *
 * const options = resolveOptions<typeof gleuMetric.defaults>(gleuMetric, {});
 * const gold = [
 *   { source: "He go to school every days .".split(" "),
 *     references: ["He goes to school every day .".split(" ")] },
 *   { source: "She like cats .".split(" "), references: ["She likes cats .".split(" ")] },
 * ];
 * const hyps = ["He goes to school every days .", "She likes cats ."].map((s) => s.split(" "));
 * const stats = gold.map((g, i) => gleuMetric.stats(g, hyps[i], options));
 * const score = gleuMetric.corpus(stats, options);
 * // Matches minus penalties over hypothesis n-grams, n = 1..4: "days", "every days",
 * // "days ." ... are kept from the source where the reference changed them.
 * const precisions = [(5 + 4) / (7 + 4), (2 + 3) / (6 + 3), (1 + 2) / (5 + 2), (0 + 1) / (4 + 1)];
 * assert.equal(score.gleu, Math.exp(precisions.reduce((a, p) => a + Math.log(p), 0) / 4));
 * assert.equal(score.iterations, 1);
 * assert.equal(gleuMetric.sentence(stats[1], options).gleu, 1);
 * ```
 */
export const gleuMetric: Metric<GleuOptions, GleuStats, GleuScore> = {
  id: "gleu",
  description: "GLEU: n-gram precision against references, penalising n-grams left unchanged " +
    "from the source (Napoles et al. 2016; 2015 with variant=2015)",
  version: "1.0",
  defaults: { variant: "2016", iterations: 500, lambda: 0, refs: "plain" },
  optionSpecs: {
    variant: {
      description: "2016 (GLEU without tuning), 2015 (original GLEU with lambda), gecmetrics or " +
        "gecmetrics-official (gec-metrics 0.1.1 GLEU and GLEUOfficial, Python 3 sampling)",
      choices: ["2016", "2015", ...GECMETRICS_VARIANTS],
    },
    iterations: {
      description: "2016 with several references: sampling iterations (one reference: 1)",
      min: 1,
      // A typo such as 1e12 would otherwise run for hours.
      max: 100_000,
      integer: true,
    },
    lambda: { description: "2015: weight of the unchanged-source-n-gram penalty", min: 0 },
    refs: {
      description: "references from M2 annotations: plain, or conll2014 (skip Um edits, an " +
        "absent annotator copies the first one) as the CoNLL-2014 .trg files",
      choices: ["plain", "conll2014"],
    },
  },
  needs: ["references"],
  headline: "gleu",
  columns: ["gleu", "std", "ci"],
  compactColumns: ["gleu", "ci"],
  stats(gold, hypothesis, options) {
    const entry = prepare(gold, options);
    if (gecMetrics.is(options)) {
      return gecMetrics.stats(
        options,
        gold.source,
        entry.references.map((r) => r.tokens),
        hypothesis,
      );
    }
    return sentenceStats(entry, hypothesis, ngramCounts(hypothesis, entry.vocab), options);
  },
  corpus(stats, options) {
    for (const s of stats) checkVariant(s, options);
    if (gecMetrics.is(options)) {
      return gecMetrics.corpus(stats as GleuGecMetricsStats[], options, summarize);
    }
    const acc = fold(options);
    for (const s of stats) acc.add(s);
    return acc.score();
  },
  orderSensitive: (options) => options.variant !== "2015",
  resampler(stats, options) {
    for (const s of stats) checkVariant(s, options);
    if (gecMetrics.is(options)) {
      return (indices) =>
        gecMetrics.corpus(
          Array.from(indices, (i) => stats[i] as GleuGecMetricsStats),
          options,
          summarize,
        );
    }
    if (options.variant === "2016") {
      return resampler2016(stats as readonly Gleu2016Stats[], options);
    }
    const picked: Gleu2015Stats[] = [];
    return (indices) => {
      picked.length = indices.length;
      for (let k = 0; k < indices.length; k++) picked[k] = stats[indices[k]] as Gleu2015Stats;
      return single(score2015(picked, options.lambda));
    };
  },
  sentence(stats, options) {
    checkVariant(stats, options);
    if (stats.variant === "gecmetrics" || stats.variant === "gecmetrics-official") {
      return summarize(gecMetrics.sentence(stats));
    }
    if (stats.variant === "2015") {
      const acc = fold(options);
      acc.add(stats);
      return acc.score();
    }
    return summarize(sentenceValues2016(stats as Gleu2016Stats));
  },
  accumulator: fold,
  explain(gold, hypothesis, options) {
    const entry = prepare(gold, options);
    const hyp = ngramCounts(hypothesis, entry.vocab);
    if (gecMetrics.is(options)) {
      return gecMetrics.explain(
        options,
        gold.source,
        entry.references.map((r) => r.tokens),
        hypothesis,
      );
    }
    const stats = sentenceStats(entry, hypothesis, hyp, options);
    if (stats.variant === "2015") {
      return explain2015(hypothesis, hyp, entry, stats, options.lambda);
    }
    return explain2016(gold, hypothesis, hyp, entry, stats as Gleu2016Stats);
  },
  signature(options) {
    const variant = options.variant === "2015"
      ? `variant:2015|lambda:${options.lambda}`
      : `variant:${options.variant}|iter:${options.iterations}`;
    return `gleu|${variant}|refs:${options.refs}|v:1.0`;
  },
};
