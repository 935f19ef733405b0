/**
 * The resampling engine: bootstrap confidence intervals, the paired bootstrap test and paired
 * approximate randomization for any {@linkcode Metric}, computed from the cached per-sentence
 * statistics (never by re-running `stats()`). Every resample is scored by the metric's own
 * `corpus()` on the resampled statistics, in the resampled order, so each metric keeps its
 * aggregation (M2's greedy annotator choice, the I-measure's `opt` rule, GLEU's reference
 * draws); a metric may offer an exact fast path (`Metric.resampler`).
 *
 * Definitions (sacrebleu 2.x's, with one change):
 * - Bootstrap: `N` resamples of the sentence indices with replacement. Resample `b` takes
 *   `n` draws `floor(random() * n)` from one Mersenne Twister stream seeded like Python's
 *   `random.seed(seed)` (so a Python script can replay the same resamples). The scores are
 *   sorted: `lower = s[floor(N/40)]`, `upper = s[N - floor(N/40) - 1]`, `mean` is the mean of
 *   the resampled scores and `half_width = (upper - lower) / 2`.
 * - Paired bootstrap: both systems are scored on the same resamples; `d = |sys - base|` per
 *   resample, `stats = d - mean(d)`, `observed = |sys - base|` on the whole corpus, and
 *   `p = (#(stats >= observed) + 1) / (N + 1)`.
 * - Paired approximate randomization: in each of `N` trials every sentence swaps its
 *   statistics between the two systems with probability 1/2 (bit `i mod 32` of the
 *   `floor(i/32)`-th 32-bit draw of the trial); `p = (#(|A - B| >= observed) + 1) / (N + 1)`.
 * - The change: sacrebleu counts with a strict `>`, so a system compared with itself gets
 *   `p = 1/(N+1)` and looks significantly different. Counting with `>=` (Noreen 1989; Riezler
 *   and Maxwell 2005) sends ties to chance: a system against itself gets `p = 1`.
 *
 * The draws depend only on the seed, the number of sentences and `N`: never on the metric,
 * the system, the order of the systems or how the work is split.
 *
 * @module
 */

import { UsageError } from "../plugins/errors.ts";
import { headlineValue, numericPaths } from "../plugins/headline.ts";
import type { AnyMetric, Metric, Options, Score } from "../plugins/types.ts";
import { MersenneTwister } from "../util/mt19937.ts";

/** The default seed (sacrebleu's). */
export const DEFAULT_SEED = 12345;
/** The default number of bootstrap resamples. */
export const DEFAULT_BOOTSTRAP_SAMPLES = 1000;
/** The default number of approximate randomization trials. */
export const DEFAULT_AR_TRIALS = 10000;
/** The largest number of resamples or trials accepted (a typo such as 1e9 would run for days). */
export const MAX_SAMPLES = 1_000_000;

/** A bootstrap confidence interval (95%: the 2.5th and 97.5th percentile resamples). */
export interface ConfidenceInterval {
  /** Mean of the resampled scores. */
  mean: number;
  /** The resampled score at rank `floor(N/40)` (0-based) in ascending order. */
  lower: number;
  /** The resampled score at rank `N - floor(N/40) - 1`. */
  upper: number;
  /** `(upper - lower) / 2`: what tables print after `±`. */
  half_width: number;
}

/**
 * Scores the corpus made of `stats[indices[0]], stats[indices[1]], ...`. A scorer may also
 * score many resamples in one go (`values`: rows of indices back to back, the number at
 * `path` of each): a boxed plugin's does, so that resampling crosses into its worker once per
 * batch rather than once per resample, and M2's does to replay several resamples side by side.
 * `values` may decline a path (undefined): the rows are then scored one by one.
 */
export type CorpusScorer = ((indices: Int32Array) => Score) & {
  values?: (rows: Int32Array, n: number, path: string) => Float64Array | undefined;
};

/** How many resamples of `n` sentences go to a batching scorer at once (at most 1 MB). */
export function batchRows(n: number): number {
  return Math.max(1, Math.floor(262_144 / n));
}

/**
 * The number at `path` of each resample in `rows` (rows of `n` indices, back to back), each
 * checked as {@linkcode resampledNumber} checks it; in one call when the scorer batches.
 *
 * @param score The scorer.
 * @param rows The resamples.
 * @param n Sentences per resample.
 * @param path The dotted path of the number.
 * @param metric The metric's id, for messages.
 * @returns One value per row.
 */
export function resampledValues(
  score: CorpusScorer,
  rows: Int32Array,
  n: number,
  path: string,
  metric: string,
): Float64Array {
  const batch = score.values?.(rows, n, path);
  if (batch) {
    for (const value of batch) resampledNumber({ value }, "value", metric, path);
    return batch;
  }
  const out = new Float64Array(rows.length / n);
  for (let r = 0; r < out.length; r++) {
    out[r] = resampledNumber(score(rows.subarray(r * n, (r + 1) * n)), path, metric);
  }
  return out;
}

/**
 * Refuse a number of resamples or trials that is not a whole number from 1 to
 * {@linkcode MAX_SAMPLES}, with a usage error, before anything is allocated for them.
 *
 * @example Usage
 * ```ts
 * import { checkCount } from "./resample.ts";
 * import assert from "node:assert/strict";
 *
 * checkCount("The number of resamples", 1000);
 * assert.throws(() => checkCount("The number of resamples", 4294967295), /from 1 to 1000000/);
 * ```
 *
 * @param what What is counted, for the message.
 * @param value The number.
 */
export function checkCount(what: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1 || value > MAX_SAMPLES) {
    throw new UsageError(`${what} must be a whole number from 1 to ${MAX_SAMPLES}, got ${value}`);
  }
}

function checkSeed(seed: number): void {
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new UsageError(`The seed must be a whole number of at least 0, got ${seed}`);
  }
}

/**
 * The bootstrap resamples of `n` sentences, one row of `n` indices at a time (the same buffer,
 * refilled: copy a row to keep it). Index `k` of the stream is `floor(random() * n)` with
 * Python's `random()` after `random.seed(seed)`; row `b` holds draws `b * n` to
 * `(b + 1) * n - 1`.
 *
 * @example Python's `[int(random.random() * 6) for _ in range(6)]` after `seed(12345)`
 * ```ts
 * import { resampleRows } from "./resample.ts";
 * import assert from "node:assert/strict";
 *
 * const rows = [...resampleRows(3, 2, 12345)].length;
 * assert.equal(rows, 2);
 * const [first] = resampleRows(6, 1, 12345);
 * assert.deepEqual([...first], [2, 0, 4, 1, 2, 1]);
 * ```
 *
 * @param n The number of sentences.
 * @param samples The number of resamples.
 * @param seed The seed.
 * @returns The rows.
 */
export function* resampleRows(
  n: number,
  samples: number,
  seed: number,
): Generator<Int32Array, void, undefined> {
  checkCount("The number of resamples", samples);
  checkSeed(seed);
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`Resampling needs at least one sentence, got ${n}`);
  }
  const mt = new MersenneTwister(seed);
  const row = new Int32Array(n);
  for (let b = 0; b < samples; b++) {
    for (let i = 0; i < n; i++) row[i] = Math.floor(mt.random() * n);
    yield row;
  }
}

/**
 * The bootstrap resamples of `n` sentences, all at once: `samples` rows of `n` indices, flat
 * (row `b` is `subarray(b * n, (b + 1) * n)`), as {@linkcode resampleRows} draws them.
 *
 * @example Python's `[int(random.random() * 10) for _ in range(6)]` after `seed(12345)`
 * ```ts
 * import { bootstrapIndices } from "./resample.ts";
 * import assert from "node:assert/strict";
 *
 * const rows = bootstrapIndices(10, 2, 12345);
 * assert.equal(rows.length, 20);
 * assert.deepEqual([...rows.subarray(0, 6)], [4, 0, 8, 2, 3, 1]);
 * ```
 *
 * @param n The number of sentences.
 * @param samples The number of resamples.
 * @param seed The seed.
 * @returns The indices.
 */
export function bootstrapIndices(n: number, samples: number, seed: number): Int32Array {
  const out = new Int32Array(samples * n);
  let b = 0;
  for (const row of resampleRows(n, samples, seed)) out.set(row, n * b++);
  return out;
}

/**
 * The swap masks of approximate randomization: per trial, `ceil(n/32)` 32-bit words from one
 * Mersenne Twister stream seeded like Python's `random.seed(seed)` (Python's
 * `getrandbits(32)`); sentence `i` swaps when bit `i % 32` of word `floor(i/32)` is set.
 *
 * @example Usage
 * ```ts
 * import { swapMasks } from "./resample.ts";
 * import assert from "node:assert/strict";
 *
 * // Python: random.seed(12345); [random.getrandbits(32) for _ in range(2)]
 * const masks = swapMasks(40, 3, 12345);
 * assert.equal(masks.length, 3 * 2);
 * assert.deepEqual([...masks.subarray(0, 2)], [1789368711, 3146859322]);
 * ```
 *
 * @param n The number of sentences.
 * @param trials The number of trials.
 * @param seed The seed.
 * @returns `trials * ceil(n/32)` words.
 */
export function swapMasks(n: number, trials: number, seed: number): Uint32Array {
  checkCount("The number of trials", trials);
  checkSeed(seed);
  const words = Math.ceil(n / 32);
  const mt = new MersenneTwister(seed);
  const out = new Uint32Array(trials * words);
  for (let k = 0; k < out.length; k++) out[k] = mt.uint32();
  return out;
}

/**
 * Read a number at a dotted path (`"correction.i"`) of a score, or fail naming the metric and
 * the numbers the score has.
 *
 * @example Usage
 * ```ts
 * import { scoreNumber } from "./resample.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(scoreNumber({ correction: { i: 0.25 } }, "correction.i", "imeasure"), 0.25);
 * assert.throws(() => scoreNumber({ f: 1 }, "g", "m2"), /Metric m2 has no number at "g"/);
 * assert.throws(
 *   () => scoreNumber({ p: { x: 1 }, s: "a", l: [2] }, "toString", "m2"),
 *   /in its score; its numbers: p\.x$/,
 * );
 * assert.throws(() => scoreNumber({}, "f", "m2"), /its numbers: \(none\)$/);
 * ```
 *
 * @param score The score.
 * @param path The dotted path.
 * @param metric The metric's id, for the message.
 * @returns The number.
 */
export function scoreNumber(score: Score, path: string, metric: string): number {
  const value = headlineValue(score, path);
  if (typeof value !== "number") {
    throw new UsageError(
      `Metric ${metric} has no number at "${path}" in its score; its numbers: ${
        numericPaths(score).join(", ") || "(none)"
      }`,
    );
  }
  return value;
}

/**
 * The tested number of a resampled corpus's score: a finite number, or an error naming the
 * metric (a NaN would silently corrupt intervals and p-values).
 *
 * @param score The score of a resampled corpus.
 * @param path The dotted path.
 * @param metric The metric's id.
 * @param shown The path named in the message (default `path`).
 * @returns The number.
 */
export function resampledNumber(
  score: Score,
  path: string,
  metric: string,
  shown: string = path,
): number {
  const value = scoreNumber(score, path, metric);
  if (!Number.isFinite(value)) {
    throw new RangeError(
      `Metric ${metric} gave ${value} at "${shown}" on a resampled corpus; intervals and ` +
        "p-values need finite numbers",
    );
  }
  return value;
}

/**
 * A function scoring resampled corpora of a metric: the metric's `resampler` fast path when it
 * has one, else `corpus()` on the statistics picked by the indices. Fails with a usage error
 * when the metric declares that it cannot be resampled.
 *
 * @example Usage
 * ```ts
 * import { corpusScorer } from "./resample.ts";
 * import assert from "node:assert/strict";
 *
 * const sum = {
 *   id: "sum", description: "", version: "1", defaults: {}, needs: [], headline: "total",
 *   stats: () => 0, corpus: (s: readonly number[]) => ({ total: s.reduce((a, x) => a + x, 0) }),
 *   sentence: (s: number) => ({ total: s }), explain: () => ({ summary: "", blocks: [] }),
 *   signature: () => "sum",
 * };
 * const score = corpusScorer(sum, [1, 10, 100], {});
 * assert.deepEqual(score(Int32Array.of(2, 2, 0)), { total: 201 });
 * ```
 *
 * @param metric The metric.
 * @param stats Its per-sentence statistics.
 * @param options Resolved options.
 * @returns The scorer.
 */
export function corpusScorer<O extends Options, S, R extends Score>(
  metric: Metric<O, S, R>,
  stats: readonly S[],
  options: O,
): (indices: Int32Array) => R {
  if (metric.notResamplable) {
    throw new UsageError(`Metric ${metric.id} cannot be resampled: ${metric.notResamplable}`);
  }
  if (metric.resampler) return metric.resampler(stats, options);
  const picked: S[] = [];
  return (indices) => {
    picked.length = indices.length;
    for (let i = 0; i < indices.length; i++) picked[i] = stats[indices[i]];
    return metric.corpus(picked, options);
  };
}

/**
 * The headline value of each bootstrap resample: `out[b]` scores row `b` of `indices`.
 *
 * @param metric The metric.
 * @param stats Its statistics, one per sentence.
 * @param options Resolved options.
 * @param indices Resamples from {@linkcode bootstrapIndices} for `stats.length` sentences.
 * @param path The dotted path of the number to keep (default: the metric's headline).
 * @returns One value per resample.
 */
export function bootstrapValues(
  // deno-lint-ignore no-explicit-any
  metric: Metric<any, any, any>,
  stats: readonly unknown[],
  options: Options,
  indices: Int32Array,
  path: string = metric.headline,
): Float64Array {
  const n = stats.length;
  if (n === 0 || indices.length % n !== 0) {
    throw new RangeError(
      `Resample indices (${indices.length}) are not whole rows of ${n} sentences`,
    );
  }
  const score = corpusScorer(metric, stats, options);
  const out = new Float64Array(indices.length / n);
  const chunk = batchRows(n);
  for (let b = 0; b < out.length; b += chunk) {
    const rows = indices.subarray(b * n, Math.min(out.length, b + chunk) * n);
    out.set(resampledValues(score, rows, n, path, metric.id), b);
  }
  return out;
}

/**
 * Claim the next task of a bootstrap run shared by threads (`bootstrap_pool.ts`) through its
 * counter: its index, or -1 when every task
 * below `available` is taken or the run stopped (`claim[1]`).
 *
 * @example Usage
 * ```ts
 * import { claimNext } from "./resample.ts";
 * import assert from "node:assert/strict";
 *
 * const claim = new Int32Array(new SharedArrayBuffer(8));
 * assert.deepEqual([claimNext(claim, 2), claimNext(claim, 2), claimNext(claim, 2)], [0, 1, -1]);
 * assert.equal(claimNext(claim, 3), 2);
 * Atomics.store(claim, 1, 1);
 * assert.equal(claimNext(claim, 9), -1);
 * ```
 *
 * @param claim The run's counter and stop flag.
 * @param available How many tasks this thread can run.
 * @returns The task, or -1.
 */
export function claimNext(claim: Int32Array, available: number): number {
  for (;;) {
    if (Atomics.load(claim, 1)) return -1;
    const c = Atomics.load(claim, 0);
    if (c >= available) return -1;
    if (Atomics.compareExchange(claim, 0, c, c + 1) === c) return c;
  }
}

/**
 * The 95% bootstrap interval of resampled scores (sacrebleu's percentile rule).
 *
 * @example A tiny case
 * ```ts
 * import { confidenceInterval } from "./resample.ts";
 * import assert from "node:assert/strict";
 *
 * // N = 40: lower is the 2nd smallest (index 1), upper the 2nd largest (index 38).
 * const values = Array.from({ length: 40 }, (_, i) => i);
 * assert.deepEqual(confidenceInterval(values), { mean: 19.5, lower: 1, upper: 38, half_width: 18.5 });
 * ```
 *
 * @param values The resampled scores (any order; not changed).
 * @returns Mean, lower, upper and half-width.
 */
export function confidenceInterval(values: ArrayLike<number>): ConfidenceInterval {
  const n = values.length;
  if (n === 0) throw new RangeError("A confidence interval needs at least one resample");
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i];
  const k = Math.floor(n / 40);
  const lower = sorted[k];
  const upper = sorted[n - k - 1];
  return { mean: sum / n, lower, upper, half_width: (upper - lower) / 2 };
}

/**
 * The paired bootstrap p-value of a system against a baseline from their scores on the same
 * resamples: `d = |sys - base|`, `stats = d - mean(d)`,
 * `p = (#(stats >= |observedSys - observedBase|) + 1) / (N + 1)`.
 *
 * @example A system against itself
 * ```ts
 * import { pairedBootstrapPValue } from "./resample.ts";
 * import assert from "node:assert/strict";
 *
 * const scores = [0.1, 0.3, 0.2];
 * assert.equal(pairedBootstrapPValue(scores, scores, 0.2, 0.2), 1);
 * ```
 *
 * @param system The system's resampled scores.
 * @param baseline The baseline's, on the same resamples.
 * @param observedSystem The system's score on the whole corpus.
 * @param observedBaseline The baseline's.
 * @returns The p-value.
 */
export function pairedBootstrapPValue(
  system: ArrayLike<number>,
  baseline: ArrayLike<number>,
  observedSystem: number,
  observedBaseline: number,
): number {
  const n = system.length;
  if (n === 0 || baseline.length !== n) {
    throw new RangeError(`Paired scores need equal, non-zero lengths (${n}, ${baseline.length})`);
  }
  const d = new Float64Array(n);
  let sum = 0;
  for (let b = 0; b < n; b++) sum += d[b] = Math.abs(system[b] - baseline[b]);
  const mean = sum / n;
  const observed = Math.abs(observedSystem - observedBaseline);
  let count = 0;
  for (let b = 0; b < n; b++) if (d[b] - mean >= observed) count++;
  return (count + 1) / (n + 1);
}

/** The outcome of a paired test of one system against a baseline. */
export interface PairedTestResult {
  /** The two-sided p-value. */
  p_value: number;
  /** `|system - baseline|` on the whole corpus. */
  observed: number;
  /** The number of trials (resamples). */
  trials: number;
}

/**
 * Paired approximate randomization of two systems' statistics for the same sentences: in each
 * trial every sentence swaps its statistics between the systems with probability 1/2 (masks
 * from {@linkcode swapMasks}), both shuffled corpora are scored with the metric's `corpus()`
 * (positions unchanged), and `p = (#(|A - B| >= observed) + 1) / (trials + 1)`.
 *
 * @example A system against itself: every trial ties, p = 1
 * ```ts
 * import { approximateRandomization } from "./resample.ts";
 * import assert from "node:assert/strict";
 *
 * const mean = {
 *   id: "mean", description: "", version: "1", defaults: {}, needs: [], headline: "m",
 *   stats: () => 0,
 *   corpus: (s: readonly number[]) => ({ m: s.reduce((a, x) => a + x, 0) / s.length }),
 *   sentence: (s: number) => ({ m: s }), explain: () => ({ summary: "", blocks: [] }),
 *   signature: () => "mean",
 * };
 * const a = [1, 0, 1, 1];
 * assert.equal(approximateRandomization(mean, {}, a, a, { trials: 99 }).p_value, 1);
 * ```
 *
 * @param metric The metric.
 * @param options Resolved options.
 * @param a The first system's statistics.
 * @param b The second system's statistics (same sentences).
 * @param settings Trials (default 10000), seed (default 12345), the dotted path of the score
 * tested (default the headline), and precomputed masks (from `swapMasks`) to share them.
 * @returns The p-value, the observed difference and the number of trials.
 */
export function approximateRandomization(
  metric: AnyMetric,
  options: Options,
  a: readonly unknown[],
  b: readonly unknown[],
  settings: { trials?: number; seed?: number; path?: string; masks?: Uint32Array } = {},
): PairedTestResult {
  const n = a.length;
  if (n === 0 || b.length !== n) {
    throw new RangeError(`Paired statistics need equal, non-zero lengths (${n}, ${b.length})`);
  }
  const trials = settings.trials ?? DEFAULT_AR_TRIALS;
  checkCount("The number of trials", trials);
  const path = settings.path ?? metric.headline;
  const words = Math.ceil(n / 32);
  const { masks } = settings;
  if (masks && masks.length < trials * words) {
    throw new RangeError(`Swap masks hold ${masks.length} words, ${trials * words} needed`);
  }
  const seed = settings.seed ?? DEFAULT_SEED;
  checkSeed(seed);
  // Without precomputed masks, the words are drawn as swapMasks draws them, a trial at a time.
  const mt = masks ? undefined : new MersenneTwister(seed);
  const word = new Uint32Array(words);
  const score = corpusScorer(metric, [...a, ...b], options);
  const ia = new Int32Array(n);
  const ib = new Int32Array(n);
  for (let i = 0; i < n; i++) ib[i] = (ia[i] = i) + n;
  const value = (indices: Int32Array) => scoreNumber(score(indices), path, metric.id);
  const observed = Math.abs(value(ia) - value(ib));
  let count = 0;
  // Trials go to the scorer in batches: rows 2k and 2k + 1 are trial k's shuffled A and B.
  const chunk = Math.max(1, batchRows(n) >> 1);
  const rows = new Int32Array(2 * chunk * n);
  for (let t0 = 0; t0 < trials; t0 += chunk) {
    const size = Math.min(chunk, trials - t0);
    for (let k = 0; k < size; k++) {
      const t = t0 + k;
      if (mt) { for (let w = 0; w < words; w++) word[w] = mt.uint32(); }
      else word.set(masks!.subarray(t * words, (t + 1) * words));
      const ra = rows.subarray(2 * k * n, (2 * k + 1) * n);
      const rb = rows.subarray((2 * k + 1) * n, (2 * k + 2) * n);
      for (let i = 0; i < n; i++) {
        const swap = (word[i >>> 5] >>> (i & 31)) & 1;
        ra[i] = swap ? i + n : i;
        rb[i] = swap ? i : i + n;
      }
    }
    const values = resampledValues(score, rows.subarray(0, 2 * size * n), n, path, metric.id);
    for (let k = 0; k < size; k++) {
      if (Math.abs(values[2 * k] - values[2 * k + 1]) >= observed) count++;
    }
  }
  return { p_value: (count + 1) / (trials + 1), observed, trials };
}
