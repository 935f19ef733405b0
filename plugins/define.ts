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

import type { Format, Metric, Options, Plugin, Score } from "./types.ts";

/**
 * A metric, typed from its own parts (options from `defaults`, statistics from `stats()`,
 * the score from `corpus()`).
 *
 * @param metric The metric.
 * @returns The same object.
 */
export function defineMetric<O extends Options, S, R extends Score>(
  metric: Metric<O, S, R>,
): Metric<O, S, R> {
  return metric;
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
