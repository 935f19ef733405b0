/**
 * The optional metric members a boxed plugin's worker answers with state kept between calls
 * (see `host_worker.ts`): resampling and accumulators. Statistics are sent once and kept here by
 * the key the host gives; resampled corpora are then scored from indices alone (the metric's own
 * `resampler`, else `corpus()` of the picked statistics), many at a time, and accumulators fold
 * sentences here. The oldest are dropped past a bound.
 *
 * @module
 */

import type { AnyMetric, Edit, GoldSentence, Options, Score, Tokens } from "../plugins/types.ts";

const kept = new Map<number, unknown>();
const KEPT_MAX = 256;

function keep(key: number, value: unknown): true {
  kept.set(key, value);
  if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value!);
  return true;
}

function keptValue<T>(key: number): T {
  if (!kept.has(key)) throw new Error("its prepared statistics are gone (too many at once)");
  return kept.get(key) as T;
}

/**
 * A metric's resampled corpora: its own `resampler`, or (as `pipeline/resample.ts`'s
 * `corpusScorer`) `corpus()` of the picked statistics in one array, refilled each time. The
 * metric and its `corpus` stay the same objects from one resampling to the next, so the loops
 * below keep their optimised code (a fresh closure per resampling made V8 drop it).
 */
class Resampled {
  readonly #metric: AnyMetric;
  readonly #stats: readonly unknown[];
  readonly #options: Options;
  readonly #own?: (indices: Int32Array) => Score;
  readonly #picked: unknown[] = [];

  constructor(metric: AnyMetric, stats: readonly unknown[], options: Options) {
    this.#metric = metric;
    this.#stats = stats;
    this.#options = options;
    if (metric.resampler) this.#own = metric.resampler(stats, options);
  }

  score(indices: Int32Array): Score {
    if (this.#own) return this.#own(indices);
    const picked = this.#picked;
    const stats = this.#stats;
    picked.length = indices.length;
    for (let i = 0; i < indices.length; i++) picked[i] = stats[indices[i]];
    return this.#metric.corpus(picked, this.#options);
  }
}

/** The number at the dotted path `keys` of a score (own fields only, as `headlineValue`). */
function numberAt(score: unknown, keys: readonly string[], path: string): number {
  let value = score;
  for (let k = 0; k < keys.length; k++) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, keys[k])) {
      value = undefined;
      break;
    }
    value = (value as Record<string, unknown>)[keys[k]];
  }
  if (typeof value !== "number") {
    throw new Error(`its resampled score has no number at "${path}" (found ${typeof value})`);
  }
  return value;
}

/**
 * Rows copied out of the call buffer, kept from one call to the next: a plugin's own resampler
 * gets views of this, never of the shared buffer the host reads answers from.
 */
let scratch = new Int32Array(0);

/**
 * The number at `path` of each resample in `rows` (rows of `n` indices, back to back): given,
 * or the first `rows` numbers after the call buffer's header.
 */
function resampledValues(
  resampled: Resampled,
  given: Int32Array | number,
  n: number,
  path: string,
  buffer: SharedArrayBuffer,
): Float64Array {
  let rows = given as Int32Array;
  if (typeof given === "number") {
    if (scratch.length < given) scratch = new Int32Array(given);
    rows = scratch.subarray(0, given);
    rows.set(new Int32Array(buffer, 8, given));
  }
  const keys = path.split(".");
  const out = new Float64Array(rows.length / n);
  for (let r = 0; r < out.length; r++) {
    out[r] = numberAt(resampled.score(rows.subarray(r * n, (r + 1) * n)), keys, path);
  }
  return out;
}

/**
 * The members the host forwards as calls with kept state, by their call name (see
 * `host.ts`'s metric proxy): each takes the metric, the call's arguments and the call buffer.
 */
export const KEPT_MEMBERS: Record<
  string,
  (metric: AnyMetric, args: unknown[], buffer: SharedArrayBuffer) => unknown
> = {
  resampler: (metric, [key, stats, options]) =>
    keep(key as number, new Resampled(metric, stats as unknown[], options as Options)),
  resample: (_metric, [key, indices]) =>
    keptValue<Resampled>(key as number).score(indices as Int32Array),
  "resample.values": (_metric, [key, rows, n, path], buffer) =>
    resampledValues(
      keptValue<Resampled>(key as number),
      rows as Int32Array | number,
      n as number,
      path as string,
      buffer,
    ),
  accumulator: (metric, [key, options]) =>
    keep(key as number, metric.accumulator!(options as Options)),
  "accumulator.add": (_metric, [key, stats]) => {
    keptValue<{ add(s: unknown): void }>(key as number).add(stats);
    return true;
  },
  "accumulator.score": (_metric, [key]) => keptValue<{ score(): unknown }>(key as number).score(),
  // Many sentences' statistics in one call (see `statsAhead()` in metric_proxy.ts): in order,
  // each started within the budget, up to the first that throws (asked again alone).
  "stats.batch": (metric, [golds, hypotheses, options, edits, budgetMs]) => {
    const values: unknown[] = [];
    const g = golds as GoldSentence[];
    const h = hypotheses as Tokens[];
    const e = edits as (readonly Edit[] | undefined)[] | undefined;
    const start = performance.now();
    try {
      for (let i = 0; i < g.length; i++) {
        if (i > 0 && performance.now() - start >= (budgetMs as number)) break;
        values.push(metric.stats(g[i], h[i], options as Options, e?.[i]));
      }
    } catch {
      // Left to the single call.
    }
    return values;
  },
};
