/**
 * Significance for many systems and one metric: bootstrap confidence intervals per system,
 * paired p-values against a baseline (the first system), and rank ranges from testing every
 * pair, all from cached statistics through the engine in `resample.ts`.
 *
 * Rank ranges follow the WMT convention: systems are ordered by their observed score, and a
 * system's range runs from `1 + (systems significantly better)` to
 * `k - (systems significantly worse)`, i.e. it spans every rank it cannot be separated from.
 * "Significantly" means rejected by Holm's step-down procedure over all `k(k-1)/2` pairwise
 * p-values at `alpha` (default 0.05), which bounds the family-wise error rate of the whole
 * table. The p-values against the baseline are reported uncorrected (as sacrebleu reports
 * them): each is one test; a reader comparing many systems should correct them (or use the
 * ranks).
 *
 * @module
 */

import { UsageError } from "../plugins/errors.ts";
import type { Registry } from "../plugins/registry.ts";
import type { AnyMetric, Options } from "../plugins/types.ts";
import type { SystemResult } from "./scoring.ts";
import { holmRejections } from "../stats/holm.ts";
import {
  approximateRandomization,
  batchRows,
  checkCount,
  type ConfidenceInterval,
  confidenceInterval,
  type CorpusScorer,
  corpusScorer,
  DEFAULT_AR_TRIALS,
  DEFAULT_BOOTSTRAP_SAMPLES,
  DEFAULT_SEED,
  pairedBootstrapPValue,
  resampledValues,
  resampleRows,
  scoreNumber,
} from "./resample.ts";

/** What to compute. */
export interface SignificanceRequest {
  /**
   * The paired test of every system against the first (the baseline): `"bs"` paired bootstrap
   * resampling, `"ar"` paired approximate randomization; none when absent.
   */
  test?: "bs" | "ar";
  /** Bootstrap confidence intervals per system (always computed with `test: "bs"`). */
  ci?: boolean;
  /** Rank ranges from testing every pair of systems (with `test`, or the bootstrap). */
  ranks?: boolean;
  /** Bootstrap resamples (default 1000; with `ranks`, enough to separate pairs: rankingCount()). */
  samples?: number;
  /** Approximate randomization trials (default 10000, or rankingCount() with `ranks` if more). */
  trials?: number;
  /** The seed of every draw (default 12345). */
  seed?: number;
  /** The dotted path of the number tested (default: the metric's headline). */
  headline?: string;
  /** The level of the significance markers and of the rank ranges (default 0.05). */
  alpha?: number;
}

/** The paired tests: paired bootstrap resampling or paired approximate randomization. */
export type PairedTest = NonNullable<SignificanceRequest["test"]>;

/** The results of one metric over all systems. */
export interface MetricSignificance {
  /** The metric id. */
  metric: string;
  /** The dotted path of the number tested. */
  headline: string;
  /** The paired test, when one was run. */
  test?: "bs" | "ar";
  /** Bootstrap resamples used (for intervals, and the paired bootstrap), when any. */
  samples?: number;
  /** Approximate randomization trials, when any. */
  trials?: number;
  /** The seed. */
  seed: number;
  /** The level of the markers and rank ranges. */
  alpha: number;
  /** The part of the signature describing the resampling: `bs:1000|seed:12345`. */
  signature: string;
  /** One entry per system, in the order given; the first is the baseline. */
  systems: {
    /** The system's name. */
    name: string;
    /** The tested number on the whole corpus. */
    value: number;
    /** Bootstrap interval of the tested number. */
    ci?: ConfidenceInterval;
    /** p-value of the paired test against the baseline (the baseline itself: absent). */
    p_value?: number;
    /** Rank range `[best, worst]`, 1-based. */
    rank?: [number, number];
  }[];
  /** Present when the results are weaker than asked: e.g. too few resamples to rank. */
  warnings?: string[];
}

/** One system's significance results for one metric. */
export type SystemSignificance = MetricSignificance["systems"][number];

/** One system's input: its name and cached per-sentence statistics for the metric. */
export interface SystemStats {
  /** The system's name. */
  name: string;
  /** Its statistics, one per gold sentence. */
  stats: readonly unknown[];
}

/**
 * The signature part of a resampling run, sacrebleu style: the test with its number of
 * resamples or trials, the seed, and the tested path when it is not the headline.
 *
 * @example Usage
 * ```ts
 * import { resamplingSignature } from "./significance.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(resamplingSignature({ test: "bs", samples: 1000, seed: 12345 }), "bs:1000|seed:12345");
 * assert.equal(
 *   resamplingSignature({ test: "ar", trials: 10000, samples: 1000, seed: 1, headline: "p" }),
 *   "ar:10000|bs:1000|seed:1|headline:p",
 * );
 * ```
 *
 * @param run What was run (`samples`: bootstrap resamples, when any).
 * @returns The signature fields, `|`-separated.
 */
export function resamplingSignature(
  run: { test?: PairedTest; samples?: number; trials?: number; seed: number; headline?: string },
): string {
  const parts: string[] = [];
  if (run.test === "ar") parts.push(`ar:${run.trials}`);
  if (run.samples !== undefined) parts.push(`bs:${run.samples}`);
  parts.push(`seed:${run.seed}`);
  if (run.headline !== undefined) parts.push(`headline:${run.headline}`);
  return parts.join("|");
}

/**
 * The default number of resamples (or trials) when ranks are asked for: enough that a pair of
 * clearly different systems can be told apart after Holm's correction. A resampled p-value is
 * at least `1/(N+1)`, and Holm's first threshold is `alpha / pairs`; N is taken so that the
 * smallest p-value is at most half that threshold (`N >= 2 * pairs / alpha`), rounded up to a
 * thousand. With 13 systems (78 pairs) at alpha 0.05 that is 4000 resamples, where 1000 could
 * separate no pair at all (every system ranked 1-13).
 *
 * @example Usage
 * ```ts
 * import { rankingCount } from "./significance.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(rankingCount(13, 0.05), 4000);
 * assert.equal(rankingCount(3, 0.05), 1000);
 * ```
 *
 * @param systems The number of systems ranked.
 * @param alpha The significance level.
 * @returns The number of resamples or trials.
 */
export function rankingCount(systems: number, alpha: number): number {
  const pairs = (systems * (systems - 1)) / 2;
  return Math.ceil((2 * pairs) / alpha / 1000) * 1000;
}

/**
 * Confidence intervals, paired p-values against the first system, and rank ranges for one
 * metric, from cached statistics. The bootstrap resamples are shared by every system (so the
 * paired bootstrap compares the same resamples), and every pair tested by approximate
 * randomization uses the same swap masks (the stream restarts from the seed).
 *
 * @example Three systems, exact-match rate, paired bootstrap
 * ```ts
 * import { assessSignificance } from "./significance.ts";
 * import assert from "node:assert/strict";
 *
 * const rate = {
 *   id: "rate", description: "", version: "1", defaults: {}, needs: [], headline: "r",
 *   stats: () => 0,
 *   corpus: (s: readonly number[]) => ({ r: s.reduce((a, x) => a + x, 0) / s.length }),
 *   sentence: (s: number) => ({ r: s }), explain: () => ({ summary: "", blocks: [] }),
 *   signature: () => "rate",
 * };
 * const ones = Array(50).fill(1), zeros = Array(50).fill(0);
 * const result = assessSignificance(rate, {}, [
 *   { name: "base", stats: [...zeros, ...zeros] },
 *   { name: "same", stats: [...zeros, ...zeros] },
 *   { name: "good", stats: [...ones, ...ones] },
 * ], { test: "bs", ranks: true });
 * assert.equal(result.systems[1].p_value, 1);
 * assert.ok(result.systems[2].p_value! < 0.01);
 * assert.deepEqual(result.systems[2].ci, { mean: 1, lower: 1, upper: 1, half_width: 0 });
 * assert.deepEqual(result.systems.map((s) => s.rank), [[2, 3], [2, 3], [1, 1]]);
 * ```
 *
 * @param metric The metric.
 * @param options Its resolved options.
 * @param systems The systems (the first is the baseline), each with its statistics.
 * @param request What to compute.
 * @returns The results, systems in the order given.
 */
export function assessSignificance(
  metric: AnyMetric,
  options: Options,
  systems: readonly SystemStats[],
  request: SignificanceRequest,
): MetricSignificance {
  const steps = assessSteps(metric, options, systems, request);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * How many bootstrap resamples {@linkcode assessSignificance} draws for a request and a number
 * of systems (none: `undefined`, when only approximate randomization is asked for).
 *
 * @example Usage
 * ```ts
 * import { bootstrapCount } from "./significance.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(bootstrapCount({ test: "bs" }, 13), 1000);
 * assert.equal(bootstrapCount({ test: "bs", ranks: true }, 13), 4000);
 * assert.equal(bootstrapCount({ test: "ar" }, 13), undefined);
 * ```
 *
 * @param request What to compute.
 * @param systems The number of systems.
 * @returns The number of resamples, if any.
 */
export function bootstrapCount(request: SignificanceRequest, systems: number): number | undefined {
  const test = request.test;
  const useBootstrap = request.ci || test === "bs" || (request.ranks && test !== "ar");
  if (!useBootstrap) return undefined;
  // Ranks need p-values small enough for Holm's first threshold: see rankingCount().
  const atLeast = request.ranks ? rankingCount(systems, request.alpha ?? 0.05) : 0;
  return request.samples ?? Math.max(DEFAULT_BOOTSTRAP_SAMPLES, atLeast);
}

/**
 * {@linkcode assessSignificance} with each system's bootstrap scores computed elsewhere (on
 * workers: `pipeline/bootstrap_pool.ts`): `resampled[k]` holds system `k`'s number at the
 * tested path on each of the {@linkcode bootstrapCount} resamples drawn from the request's
 * seed, as `bootstrapValues()` gives them. The results are those of `assessSignificance`.
 *
 * @param metric The metric.
 * @param options Its resolved options.
 * @param systems The systems (the first is the baseline), each with its statistics.
 * @param request What to compute.
 * @param resampled The bootstrap scores of each system.
 * @returns The results, systems in the order given.
 */
export function assessWithResamples(
  metric: AnyMetric,
  options: Options,
  systems: readonly SystemStats[],
  request: SignificanceRequest,
  resampled: readonly Float64Array[],
): MetricSignificance {
  const steps = assessSteps(metric, options, systems, request, resampled);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * {@linkcode assessSignificance} that gives the event loop a turn every few milliseconds and
 * stops with the signal's `AbortError` when it is aborted (the REPL's Ctrl-C).
 *
 * @example Usage
 * ```ts
 * import { assessSignificanceCancellable } from "./significance.ts";
 * import assert from "node:assert/strict";
 *
 * const mean = {
 *   id: "mean", description: "", version: "1", defaults: {}, needs: [], headline: "m",
 *   stats: () => 0,
 *   corpus: (s: readonly number[]) => ({ m: s.reduce((a, x) => a + x, 0) / s.length }),
 *   sentence: (s: number) => ({ m: s }), explain: () => ({ summary: "", blocks: [] }),
 *   signature: () => "mean",
 * };
 * const systems = [{ name: "a", stats: [0, 1, 1] }, { name: "b", stats: [1, 1, 1] }];
 * const done = await assessSignificanceCancellable(mean, {}, systems, { test: "bs" });
 * assert.equal(done.systems.length, 2);
 * await assert.rejects(
 *   assessSignificanceCancellable(mean, {}, systems, { test: "bs" }, AbortSignal.abort()),
 *   { name: "AbortError" },
 * );
 * ```
 *
 * @param metric The metric.
 * @param options Its resolved options.
 * @param systems The systems (the first is the baseline), each with its statistics.
 * @param request What to compute.
 * @param signal Cancels the work.
 * @returns The results, systems in the order given.
 */
export async function assessSignificanceCancellable(
  metric: AnyMetric,
  options: Options,
  systems: readonly SystemStats[],
  request: SignificanceRequest,
  signal?: AbortSignal,
): Promise<MetricSignificance> {
  signal?.throwIfAborted();
  const steps = assessSteps(metric, options, systems, request);
  let last = Date.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (Date.now() - last >= 20) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      last = Date.now();
      signal?.throwIfAborted();
    }
  }
}

/** The work of assessSignificance(), yielding after each resample and each pair tested. */
function* assessSteps(
  metric: AnyMetric,
  options: Options,
  systems: readonly SystemStats[],
  request: SignificanceRequest,
  supplied?: readonly Float64Array[],
): Generator<void, MetricSignificance, void> {
  if (systems.length === 0) throw new UsageError("Significance needs at least one system");
  const n = systems[0].stats.length;
  for (const s of systems) {
    if (s.stats.length !== n) {
      throw new RangeError(
        `System ${s.name} has statistics for ${s.stats.length} sentences, not ${n}`,
      );
    }
  }
  if (request.test !== undefined && request.test !== "bs" && request.test !== "ar") {
    throw new UsageError(`Unknown paired test "${request.test}"; valid: bs, ar`);
  }
  const alpha = request.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 1)) {
    throw new UsageError(`The significance level must be between 0 and 1, got ${alpha}`);
  }
  const seed = request.seed ?? DEFAULT_SEED;
  const headline = request.headline ?? metric.headline;
  const test = request.test;
  const atLeast = request.ranks ? rankingCount(systems.length, alpha) : 0;
  const samples = bootstrapCount(request, systems.length);
  const trials = test === "ar" ? request.trials ?? Math.max(DEFAULT_AR_TRIALS, atLeast) : undefined;
  // Checked before anything is allocated for them.
  if (samples !== undefined) checkCount("The number of resamples", samples);
  if (trials !== undefined) checkCount("The number of trials", trials);

  const warnings: string[] = [];
  const full = Int32Array.from({ length: n }, (_, i) => i);
  // Each system's scorer (a metric's resampler may index all its statistics first) serves the
  // full corpus and every resample.
  const scorers: CorpusScorer[] = [];
  const values = systems.map((s) => {
    const score = corpusScorer(metric, s.stats, options);
    scorers.push(score);
    return scoreNumber(score(full), headline, metric.id);
  });
  const out: SystemSignificance[] = systems.map((s, k) => ({ name: s.name, value: values[k] }));

  let resampled: readonly Float64Array[] | undefined;
  if (samples !== undefined && supplied) {
    if (supplied.length !== systems.length || supplied.some((v) => v.length !== samples)) {
      throw new RangeError(
        `Bootstrap scores are needed for ${systems.length} systems, ${samples} resamples each`,
      );
    }
    resampled = supplied;
    resampled.forEach((v, k) => out[k].ci = confidenceInterval(v));
  } else if (samples !== undefined) {
    // A batch of resamples at a time, scored for every system: memory stays O(n).
    const values = systems.map(() => new Float64Array(samples));
    const chunk = batchRows(n);
    const rows = new Int32Array(chunk * n);
    let b = 0, filled = 0;
    const flush = () => {
      const batch = rows.subarray(0, filled * n);
      scorers.forEach((score, k) =>
        values[k].set(resampledValues(score, batch, n, headline, metric.id), b)
      );
      b += filled;
      filled = 0;
    };
    for (const row of resampleRows(n, samples, seed)) {
      rows.set(row, filled * n);
      if (++filled === chunk) {
        flush();
        yield;
      }
    }
    if (filled > 0) flush();
    resampled = values;
    resampled.forEach((v, k) => out[k].ci = confidenceInterval(v));
  }
  const pValue = (i: number, j: number): number =>
    test === "ar"
      ? approximateRandomization(metric, options, systems[i].stats, systems[j].stats, {
        trials,
        seed,
        path: headline,
      }).p_value
      : pairedBootstrapPValue(resampled![i], resampled![j], values[i], values[j]);

  const pairs = new Map<string, number>();
  const pair = (i: number, j: number) => {
    const key = i < j ? `${i},${j}` : `${j},${i}`;
    let p = pairs.get(key);
    if (p === undefined) pairs.set(key, p = pValue(i, j));
    return p;
  };
  if (test !== undefined) {
    for (let k = 1; k < systems.length; k++) {
      out[k].p_value = pair(k, 0);
      yield;
    }
  }
  if (request.ranks) {
    const list: [number, number][] = [];
    for (let i = 0; i < systems.length; i++) {
      for (let j = i + 1; j < systems.length; j++) {
        list.push([i, j]);
        pair(i, j);
        yield;
      }
    }
    const rejected = holmRejections(list.map(([i, j]) => pair(i, j)), alpha);
    // The smallest p-value is 1 / (N + 1): Holm's first threshold is alpha / m.
    const count = (test === "ar" ? trials : samples)!;
    if (list.length && 1 / (count + 1) > alpha / list.length) {
      const unit = test === "ar" ? "trials" : "resamples";
      warnings.push(
        `with ${count} ${unit} the smallest possible p-value, 1/${count + 1}, is above ` +
          `Holm's first threshold ${alpha}/${list.length}: no two systems can be separated; ` +
          `use at least ${Math.ceil(list.length / alpha)} ${unit}`,
      );
    }
    const sign = metric.lowerIsBetter && headline === metric.headline ? -1 : 1;
    // beatenBy[i]: systems significantly better than i; beats[i]: systems i is better than.
    const beatenBy = new Array(systems.length).fill(0);
    const beats = new Array(systems.length).fill(0);
    list.forEach(([i, j], k) => {
      if (!rejected[k]) return;
      const diff = sign * (values[i] - values[j]);
      const [winner, loser] = diff > 0 ? [i, j] : diff < 0 ? [j, i] : [-1, -1];
      if (winner < 0) return;
      beats[winner]++;
      beatenBy[loser]++;
    });
    out.forEach((s, i) => s.rank = [1 + beatenBy[i], systems.length - beats[i]]);
  }
  const result: MetricSignificance = {
    metric: metric.id,
    headline,
    seed,
    alpha,
    signature: resamplingSignature({
      test,
      samples,
      trials,
      seed,
      headline: headline === metric.headline ? undefined : headline,
    }),
    systems: out,
  };
  if (test !== undefined) result.test = test;
  if (samples !== undefined) result.samples = samples;
  if (trials !== undefined) result.trials = trials;
  if (warnings.length) result.warnings = warnings;
  return result;
}

/**
 * {@linkcode assessSignificance} for every metric of a scoring run: the statistics cached in
 * the results of `scoreSystems` (the first system is the baseline), with the options the
 * results carry (as the run's planner prepared them), and a tested path per metric (default:
 * each metric's headline).
 *
 * @example Usage
 * ```ts
 * import { assessResults } from "./significance.ts";
 * import { scoreSystems } from "./engine.ts";
 * import { createRegistry, readGold } from "../mod.ts";
 * import { readHypotheses } from "../formats/text.ts";
 * import assert from "node:assert/strict";
 *
 * const registry = createRegistry();
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const systems = await Promise.all(["m2scorer_example_system", "m2scorer_example_system2"]
 *   .map((f) => readHypotheses(`tests/testdata/${f}`, 3)));
 * const results = await scoreSystems({ registry, gold, systems, metrics: ["m2"] });
 * const [m2] = assessResults(registry, results, { test: "bs", samples: 100 });
 * assert.equal(m2.metric, "m2");
 * assert.equal(m2.systems[0].value, results[0].metrics[0].score.f);
 * assert.ok(m2.systems[1].p_value! > 0);
 * ```
 *
 * @param registry The registry the run used.
 * @param results The results of `scoreSystems` (with their statistics).
 * @param request What to compute; `headlines` maps metric ids to the dotted path tested.
 * @returns One result per metric of the run, in its order.
 */
export function assessResults(
  registry: Registry,
  results: readonly SystemResult[],
  request: SignificanceRequest & { headlines?: Record<string, string> },
): MetricSignificance[] {
  if (!results.length) return [];
  for (const id of Object.keys(request.headlines ?? {})) {
    if (!results[0].metrics.some((m) => m.metric === id)) {
      throw new UsageError(
        `A tested path is given for metric ${id}, which this run does not score; it scores ${
          results[0].metrics.map((m) => m.metric).join(", ")
        }`,
      );
    }
  }
  return results[0].metrics.map(({ metric: id, options }, k) => {
    const metric = registry.metric(id);
    return assessSignificance(
      metric,
      options,
      results.map((r) => ({ name: r.name, stats: r.metrics[k].stats })),
      {
        ...request,
        headline: request.headlines && Object.hasOwn(request.headlines, id)
          ? request.headlines[id]
          : request.headline,
      },
    );
  });
}
