/**
 * Helpers that give a plugin, metric or format its type without writing it out: the option,
 * statistics and score types of a metric are inferred from its `defaults`, `stats()` and
 * `corpus()`, so the other functions are checked against them.
 *
 * @example Usage
 * ```ts
 * import { defineFormat, defineMetric, definePlugin } from "./define.ts";
 * import assert from "node:assert/strict";
 *
 * const length = defineMetric({
 *   id: "length",
 *   description: "Hypothesis tokens (example)",
 *   version: "1",
 *   defaults: { scale: 1 },
 *   needs: [],
 *   headline: "n",
 *   stats: (_gold, hyp) => hyp.length,
 *   corpus: (stats, options) => ({ n: options.scale * stats.reduce((a, b) => a + b, 0) }),
 *   sentence: (stats, options) => ({ n: options.scale * stats }),
 *   explain: () => ({ summary: "", blocks: [] }),
 *   signature: (options) => `length|scale:${options.scale}`,
 * });
 * const lines = defineFormat({
 *   id: "lines",
 *   description: "One sentence per line (example)",
 *   extensions: [".lines"],
 *   async parse(chunks, file) {
 *     let text = "";
 *     for await (const chunk of chunks) text += chunk;
 *     const sentences = text.split("\n").filter(Boolean).map((l) => ({ source: l.split(" ") }));
 *     return { path: file, format: "lines", sentences };
 *   },
 * });
 * const plugin = definePlugin({ name: "example", version: "1", metrics: [length], formats: [lines] });
 * assert.equal(plugin.metrics?.[0].corpus([2, 3], { scale: 2 }).n, 10);
 * ```
 *
 * @module
 */

import { completeMetric } from "./derive.ts";
import type { Format, Metric, Options, Plugin, Score } from "./types.ts";

/**
 * A metric, typed from its own parts (options from `defaults`, statistics from `stats()`,
 * the score from `corpus()`). What a plugin must write is the {@linkcode MetricCore}: `id`,
 * `description`, `version`, `defaults`, `needs`, `headline`, `stats()` and `corpus()`. The
 * members it leaves out of {@linkcode MetricDerivable} are derived: `sentence()` as the corpus
 * score of one sentence (so `sentenceIsCorpusOfOne` holds), a generic signature
 * (`id|option:value|...|v:version`) and an explanation of the sentence's statistics and score.
 * A definition that writes all three is returned as it is.
 *
 * @example The core alone
 * ```ts
 * import { defineMetric } from "./define.ts";
 * import assert from "node:assert/strict";
 *
 * const length = defineMetric({
 *   id: "length",
 *   description: "Hypothesis tokens (example)",
 *   version: "1",
 *   defaults: { scale: 1 },
 *   needs: [],
 *   headline: "n",
 *   stats: (_gold, hyp) => hyp.length,
 *   corpus: (stats, options) => ({ n: options.scale * stats.reduce((a, b) => a + b, 0) }),
 * });
 * assert.deepEqual(length.sentence(4, { scale: 1 }), length.corpus([4], { scale: 1 }));
 * assert.equal(length.signature({ scale: 2 }), "length|scale:2|v:1");
 * ```
 *
 * @param metric The metric's definition.
 * @returns The metric (the same object when nothing was derived).
 */
export function defineMetric<O extends Options, S, R extends Score>(
  metric:
    & Omit<Metric<O, S, R>, "sentence" | "explain" | "signature">
    & Partial<Pick<Metric<O, S, R>, "sentence" | "explain" | "signature">>,
): Metric<O, S, R> {
  return completeMetric(metric);
}

/**
 * A format (gold files, and system files read through the same contract).
 *
 * @param format The format.
 * @returns The same object.
 */
export function defineFormat(format: Format): Format {
  return format;
}

/**
 * A plugin: a named bundle of metrics and formats.
 *
 * @param plugin The plugin.
 * @returns The same object.
 */
export function definePlugin<P extends Plugin>(plugin: P): P {
  return plugin;
}
