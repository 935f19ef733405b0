/**
 * The members of a metric that can be derived from its core: the sentence score as the corpus
 * score of one sentence, a generic signature and a generic explanation. `defineMetric()` and
 * `defineSimpleMetric()` fill them in when a plugin leaves them out.
 *
 * @module
 */

import type { Explanation, Metric, Options, OptionValue, Score } from "./types.ts";

/**
 * A generic signature in the manner of the built-in metrics and sacrebleu:
 * `id|option:value|...|v:version`, the options in the order of the metric's defaults (then any
 * others the options carry, such as values `prepare()` added), every option stated.
 *
 * @example Usage
 * ```ts
 * import { optionSignature } from "./derive.ts";
 * import assert from "node:assert/strict";
 *
 * const metric = { id: "exact", version: "1.0", defaults: { ignore_case: false, n: 2 } };
 * assert.equal(optionSignature(metric, { n: 3, ignore_case: true }), "exact|ignore_case:true|n:3|v:1.0");
 * assert.equal(optionSignature({ ...metric, defaults: {} }, {}), "exact|v:1.0");
 * ```
 *
 * @param metric The metric's id, version and defaults.
 * @param options The options it ran with.
 * @returns The signature.
 */
export function optionSignature(
  metric: { readonly id: string; readonly version: string; readonly defaults: Options },
  options: Options,
): string {
  const names = [...new Set([...Object.keys(metric.defaults), ...Object.keys(options)])];
  const parts = names.map((name) => `${name}:${String(options[name] ?? metric.defaults[name])}`);
  return [metric.id, ...parts, `v:${metric.version}`].join("|");
}

/** Plain data as table rows `[path, value]`: nested fields by dotted path, a lone value as `value`. */
function dataRows(data: unknown, prefix = ""): string[][] {
  if (data !== null && typeof data === "object" && !Array.isArray(data)) {
    return Object.entries(data).flatMap(([key, value]) =>
      dataRows(value, prefix ? `${prefix}.${key}` : key)
    );
  }
  const text = typeof data === "string" ? data : JSON.stringify(data) ?? String(data);
  return [[prefix || "value", text]];
}

/** A number for a summary line: whole numbers as they are, others to 4 decimals. */
function brief(value: unknown): string {
  if (typeof value !== "number") return value === undefined ? "?" : String(value);
  return Number.isInteger(value) ? String(value) : value.toFixed(4);
}

/** The value at a dotted path. */
function fieldOf(score: Score, path: string): unknown {
  let value: unknown = score;
  for (const key of path.split(".")) {
    value = value && typeof value === "object" && Object.hasOwn(value, key)
      ? (value as Record<string, unknown>)[key]
      : undefined;
  }
  return value;
}

/**
 * The generic explanation of one sentence: its headline (and its statistics when they are a
 * flat record of numbers) in the summary, then its statistics and its sentence score as
 * tables, every number in full.
 */
function genericExplanation(
  metric: Pick<Metric, "headline">,
  stats: unknown,
  score: Score,
): Explanation {
  const counts = stats && typeof stats === "object" && !Array.isArray(stats) &&
      Object.values(stats).every((v) => typeof v === "number")
    ? `: ${Object.entries(stats).map(([k, v]) => `${k} ${brief(v)}`).join(", ")}`
    : "";
  return {
    summary: `${metric.headline} ${brief(fieldOf(score, metric.headline))}${counts}`,
    blocks: [
      { title: "Sentence statistics", table: [["statistic", "value"], ...dataRows(stats)] },
      { title: "Sentence score", table: [["field", "value"], ...dataRows(score)] },
    ],
  };
}

/**
 * A complete metric from a definition: the definition itself when it has `sentence()`,
 * `explain()` and `signature()`; otherwise a copy with the missing ones derived
 * (`sentence(s)` = `corpus([s])`, which also sets `sentenceIsCorpusOfOne`; the
 * {@linkcode optionSignature}; an explanation of the sentence's statistics and score).
 *
 * @example Usage
 * ```ts
 * import { completeMetric } from "./derive.ts";
 * import assert from "node:assert/strict";
 *
 * const length = completeMetric({
 *   id: "length", description: "Hypothesis tokens", version: "1", defaults: { scale: 1 },
 *   needs: [], headline: "n",
 *   stats: (_gold, hyp) => hyp.length,
 *   corpus: (stats: readonly number[], o) => ({ n: o.scale * stats.reduce((a, b) => a + b, 0) }),
 * });
 * assert.deepEqual(length.sentence(3, { scale: 2 }), { n: 6 });
 * assert.equal(length.sentenceIsCorpusOfOne, true);
 * assert.equal(length.signature({ scale: 2 }), "length|scale:2|v:1");
 * assert.equal(length.explain({ source: [] }, ["a", "b"], { scale: 1 }).summary, "n 2");
 * ```
 *
 * @param definition The metric's definition.
 * @returns The metric.
 */
export function completeMetric<O extends Options, S, R extends Score>(
  definition:
    & Omit<Metric<O, S, R>, "sentence" | "explain" | "signature">
    & Partial<Pick<Metric<O, S, R>, "sentence" | "explain" | "signature">>,
): Metric<O, S, R> {
  if (definition.sentence && definition.explain && definition.signature) {
    return definition as Metric<O, S, R>;
  }
  const metric: Metric<O, S, R> = {
    ...definition,
    sentence: definition.sentence ?? ((stats, options) => metric.corpus([stats], options)),
    signature: definition.signature ??
      ((options) => optionSignature(metric, options as Record<string, OptionValue>)),
    explain: definition.explain ?? ((gold, hypothesis, options, edits) => {
      const stats = metric.stats(gold, hypothesis, options, edits);
      return genericExplanation(metric, stats, metric.sentence(stats, options));
    }),
  };
  if (!definition.sentence) {
    (metric as { sentenceIsCorpusOfOne?: boolean }).sentenceIsCorpusOfOne = true;
  }
  return metric;
}
