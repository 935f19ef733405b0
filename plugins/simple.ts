/**
 * A metric from a per-sentence function and an aggregation, in the manner of sacrebleu (one
 * path from statistics to a corpus score; the sentence score is the corpus score of one
 * sentence; a generic signature): {@linkcode defineSimpleMetric} derives the statistics, the
 * corpus and sentence scores, the signature, the columns, the explanation, streaming and a
 * resampling fast path, so `--ci`, `--paired bs`/`ar` and `--ranks` work as for any metric.
 *
 * @module
 */

import { defineMetric } from "./define.ts";
import type {
  Edit,
  Explanation,
  GoldNeed,
  GoldSentence,
  Metric,
  Options,
  OptionSpec,
  Tokens,
} from "./types.ts";

/** How counts of a sentence become a corpus score: summed over the corpus, then `score()`. */
export interface CountsAggregation<K extends string, O extends Options> {
  /** The names of the counts `measure()` returns, e.g. `["tp", "fp", "fn"]`. */
  readonly counts: readonly K[];
  /**
   * The score from the counts summed over a corpus (or one sentence's counts): plain numbers,
   * e.g. `({ tp, fp }) => ({ precision: tp + fp ? tp / (tp + fp) : 1 })`. The corpus score
   * holds these fields and then the counts.
   */
  score(counts: Readonly<Record<K, number>>, options: O): Record<string, number>;
}

/**
 * The options a metric's functions see, from the type of its `defaults`: `true`/`false`
 * widened to `boolean`, so `{ ignore_case: false }` gives an option that can be `true`.
 */
export type WidenedOptions<D extends Options> = {
  -readonly [K in keyof D]: D[K] extends boolean ? boolean : D[K];
};

/**
 * What {@linkcode defineSimpleMetric} takes: who the metric is, `measure()` (what one sentence
 * gives: `V`, a number or counts) and how sentences aggregate; the rest is optional.
 */
export interface SimpleMetricSpec<D extends Options, V> {
  /** Short id used on the command line: lower case letters, digits, `_` or `-`. */
  readonly id: string;
  /** One line saying what it measures. */
  readonly description: string;
  /** The metric's own version, part of its signature (default `"1.0"`). */
  readonly version?: string;
  /** Default options (default: none); users set them with `--opt ID.NAME=VALUE`. */
  readonly defaults?: D;
  /** Validation and help for each option of `defaults`. */
  readonly optionSpecs?: { readonly [K in keyof D]?: OptionSpec };
  /** What the gold must carry (default: nothing beyond the source). */
  readonly needs?: readonly GoldNeed[];
  /**
   * Dotted path of the headline number. Default: `"score"` for `sum` and `mean`; the first
   * field `score()` gives for counts.
   */
  readonly headline?: string;
  /** True when a lower headline is better (an error rate). */
  readonly lowerIsBetter?: boolean;
  /** Score fields tables show (default: the headline, then the other fields). */
  readonly columns?: readonly string[];
  /** Fields of the default (narrow) tables (default: the headline and 3 more columns). */
  readonly compactColumns?: readonly string[];
  /** How tables name some columns, under the resolved options. */
  readonly columnLabels?: (options: WidenedOptions<D>) => Readonly<Record<string, string>>;
  /** True when `measure()` needs the system's own edits (`hypothesisEdits`), as ERRANT does. */
  readonly needsHypothesisEdits?: boolean;
  /**
   * What one sentence gives: a number (`true`/`false` count as 1/0) for `sum` and `mean`, or
   * counts (one number for each name in `aggregate.counts`). It must be deterministic.
   */
  measure(
    gold: GoldSentence,
    hypothesis: Tokens,
    options: WidenedOptions<D>,
    hypothesisEdits?: readonly Edit[],
  ): V;
  /**
   * How sentences aggregate: `"sum"` (the corpus score is the total), `"mean"` (the mean over
   * the sentences, 0 for none), or counts summed over the corpus and then scored.
   */
  readonly aggregate: [V] extends [number | boolean] ? "sum" | "mean"
    : CountsAggregation<keyof V & string, WidenedOptions<D>>;
  /** What the REPL and `show` say about one sentence (default: its statistics and score). */
  explain?(
    gold: GoldSentence,
    hypothesis: Tokens,
    options: WidenedOptions<D>,
    hypothesisEdits?: readonly Edit[],
  ): Explanation;
}

function finite(metric: string, what: string, value: unknown): number {
  const n = typeof value === "boolean" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n)) {
    throw new Error(
      `Metric ${metric}: measure() gave ${what}${
        typeof value === "number" ? value : JSON.stringify(value) ?? String(value)
      }, not a finite number`,
    );
  }
  return n;
}

/** Sums of one column per count over the sentences `at(0..n-1)`, added left to right. */
function sums(
  counts: readonly string[],
  n: number,
  at: (k: number, j: number) => number,
): Counts {
  const out: Counts = {};
  counts.forEach((name, j) => {
    let total = 0;
    for (let k = 0; k < n; k++) total += at(k, j);
    out[name] = total;
  });
  return out;
}

/**
 * A metric from a per-sentence function and an aggregation; the plugin writes what it
 * measures, the helper derives the rest:
 *
 * - statistics: the sentence's number (`sum`, `mean`) or counts, checked to be finite;
 * - the corpus score: `{ HEADLINE: total or mean, sentences: N }`, or `score()` of the
 *   summed counts followed by the counts; the sentence score is the corpus score of one
 *   sentence (`sentenceIsCorpusOfOne`);
 * - the generic signature `id|option:value|...|v:version`;
 * - columns (the headline first) and an explanation of the sentence's statistics and score;
 * - resampling (`--ci`, `--paired bs`/`ar`, `--ranks`): the corpus score does not depend on
 *   the order of the sentences, and a fast path sums columns of numbers, giving exactly what
 *   `corpus()` gives on the resampled statistics; an accumulator for streamed corpora.
 *
 * The full {@linkcode Metric} (through `defineMetric`) stays for metrics that need more.
 *
 * @example The share of sentences equal to their first reference
 * ```ts
 * import { defineSimpleMetric } from "./simple.ts";
 * import assert from "node:assert/strict";
 *
 * const exact = defineSimpleMetric({
 *   id: "exact",
 *   description: "Hypotheses equal to the first reference",
 *   needs: ["references"],
 *   headline: "accuracy",
 *   measure: (gold, hyp) => gold.references?.[0]?.join(" ") === hyp.join(" "),
 *   aggregate: "mean",
 * });
 * const gold = [{ source: ["a"], references: [["b"]] }, { source: ["c"], references: [["c"]] }];
 * const stats = gold.map((g) => exact.stats(g, ["c"], exact.defaults));
 * assert.deepEqual(exact.corpus(stats, exact.defaults), { accuracy: 0.5, sentences: 2 });
 * assert.deepEqual(exact.sentence(stats[1], exact.defaults), { accuracy: 1, sentences: 1 });
 * assert.equal(exact.signature(exact.defaults), "exact|v:1.0");
 * ```
 *
 * @example Counts to a ratio
 * ```ts
 * import { defineSimpleMetric } from "./simple.ts";
 * import assert from "node:assert/strict";
 *
 * const kept = defineSimpleMetric({
 *   id: "kept",
 *   description: "Share of source tokens the hypothesis keeps",
 *   defaults: { ignore_case: false },
 *   measure: (gold, hyp, o) => {
 *     const norm = (t: string) => o.ignore_case ? t.toLowerCase() : t;
 *     const words = new Set(hyp.map(norm));
 *     const kept = gold.source.filter((t) => words.has(norm(t))).length;
 *     return { kept, source: gold.source.length };
 *   },
 *   aggregate: {
 *     counts: ["kept", "source"],
 *     score: ({ kept, source }) => ({ rate: source ? kept / source : 1 }),
 *   },
 * });
 * const stats = [kept.stats({ source: ["A", "b"] }, ["a", "b"], kept.defaults)];
 * assert.deepEqual(kept.corpus(stats, kept.defaults), { rate: 0.5, kept: 1, source: 2 });
 * assert.equal(kept.headline, "rate");
 * assert.equal(kept.signature({ ignore_case: true }), "kept|ignore_case:true|v:1.0");
 * ```
 *
 * @typeParam D The type of `defaults`.
 * @typeParam V What `measure()` gives one sentence: a number (or boolean) or counts.
 * @param spec The metric: id, description, `measure()` (per sentence) and the aggregation, and
 *   optionally version, defaults, needs, headline and table columns.
 * @returns The complete metric.
 */
export function defineSimpleMetric<D extends Options = Record<never, never>, V = number>(
  spec: SimpleMetricSpec<D, V>,
): Metric<
  WidenedOptions<D>,
  [V] extends [number | boolean] ? number : Record<keyof V & string, number>,
  Record<string, number>
> {
  // deno-lint-ignore no-explicit-any
  const loose = spec as any;
  const aggregate: unknown = spec.aggregate;
  if (aggregate === "sum" || aggregate === "mean") {
    // deno-lint-ignore no-explicit-any
    return numberMetric(loose) as any;
  }
  const counts = (aggregate as CountsAggregation<string, Options> | undefined)?.counts;
  if (
    !Array.isArray(counts) || !counts.length || !counts.every((c) => typeof c === "string") ||
    typeof (aggregate as CountsAggregation<string, Options>).score !== "function"
  ) {
    throw new TypeError(
      `Metric ${spec.id}: aggregate must be "sum", "mean" or { counts: [names...], score() }, ` +
        `got ${typeof aggregate === "string" ? JSON.stringify(aggregate) : typeof aggregate}`,
    );
  }
  // deno-lint-ignore no-explicit-any
  return countsMetric(loose) as any;
}

/** The spec as the implementation reads it (the options' and counts' types erased). */
interface Spec<V> extends Omit<SimpleMetricSpec<Options, V>, "aggregate"> {
  readonly aggregate: "sum" | "mean" | CountsAggregation<string, Options>;
}

type Scores = Record<string, number>;
type Counts = Record<string, number>;

/** The members every simple metric shares, from its spec. */
function common(spec: Spec<unknown>, headline: string) {
  const { measure: _measure, aggregate: _aggregate, ...rest } = spec;
  return {
    ...rest,
    version: spec.version ?? "1.0",
    defaults: spec.defaults ?? {},
    needs: spec.needs ?? [],
    headline,
    orderSensitive: false,
  };
}

function numberMetric(spec: Spec<number | boolean>): Metric<Options, number, Scores> {
  const headline = spec.headline ?? "score";
  const mean = spec.aggregate === "mean";
  const scoreOf = (total: number, n: number): Scores => ({
    [headline]: mean ? (n ? total / n : 0) : total,
    sentences: n,
  });
  return defineMetric<Options, number, Scores>({
    columns: [headline, "sentences"],
    ...common(spec, headline),
    stats: (gold, hypothesis, options, edits) =>
      finite(spec.id, "", spec.measure(gold, hypothesis, options, edits)),
    corpus: (stats) => {
      let total = 0;
      for (const value of stats) total += value;
      return scoreOf(total, stats.length);
    },
    resampler: (stats) => {
      const values = Float64Array.from(stats);
      return (indices) => {
        let total = 0;
        for (const i of indices) total += values[i];
        return scoreOf(total, indices.length);
      };
    },
    accumulator: () => {
      let total = 0, n = 0;
      return {
        add: (value) => {
          total += value;
          n++;
        },
        score: () => scoreOf(total, n),
      };
    },
  });
}

function countsMetric(spec: Spec<Counts>): Metric<Options, Counts, Scores> {
  const { counts, score } = spec.aggregate as CountsAggregation<string, Options>;
  const scoreOf = (summed: Counts, options: Options): Scores => {
    const out = { ...score(summed, options) };
    for (const name of counts) if (!Object.hasOwn(out, name)) out[name] = summed[name];
    return out;
  };
  const fields = Object.keys(score(sums(counts, 0, () => 0), spec.defaults ?? {}));
  const headline = spec.headline ?? fields[0];
  if (headline === undefined) {
    throw new Error(`Metric ${spec.id}: aggregate.score() gives no field to use as the headline`);
  }
  return defineMetric<Options, Counts, Scores>({
    columns: [...new Set([headline, ...fields, ...counts])],
    ...common(spec, headline),
    stats: (gold, hypothesis, options, edits) => {
      const given = spec.measure(gold, hypothesis, options, edits) as Record<string, unknown>;
      const out: Counts = {};
      for (const name of counts) out[name] = finite(spec.id, `${name} = `, given?.[name]);
      return out;
    },
    corpus: (stats, options) =>
      scoreOf(sums(counts, stats.length, (k, j) => stats[k][counts[j]]), options),
    resampler: (stats, options) => {
      const columns = counts.map((name) => Float64Array.from(stats, (s) => s[name]));
      return (indices) =>
        scoreOf(sums(counts, indices.length, (k, j) => columns[j][indices[k]]), options);
    },
    accumulator: (options) => {
      const totals = counts.map(() => 0);
      return {
        add: (s) => counts.forEach((name, j) => totals[j] += s[name]),
        score: () => scoreOf(sums(counts, 1, (_, j) => totals[j]), options),
      };
    },
  });
}
