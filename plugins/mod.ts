/**
 * The plugin contract: the types a metric or format implements (and every type they refer
 * to), the `define*` helpers, the registry and the errors a plugin throws. The conformance
 * kits are at `/testkit`.
 *
 * @example A format plugin
 * ```ts
 * import { defineFormat, definePlugin, InputError, Registry } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const lines = defineFormat({
 *   id: "lines",
 *   description: "one source sentence per line, no corrections",
 *   extensions: [".lines"],
 *   async parse(chunks, file) {
 *     let text = "";
 *     for await (const chunk of chunks) text += chunk;
 *     if (!text) throw new InputError(`${file}: empty file`);
 *     const sentences = text.trimEnd().split("\n").map((line, i) => ({
 *       source: line.split(" "),
 *       references: [line.split(" ")],
 *       line: i + 1,
 *     }));
 *     return { path: file, format: "lines", sentences };
 *   },
 * });
 * const registry = new Registry().use(definePlugin({ name: "lines", version: "1.0.0", formats: [lines] }));
 * const gold = await registry.format("lines").parse(["a b\nc\n"], "x.lines");
 * assert.deepEqual(gold.sentences.map((s) => s.source), [["a", "b"], ["c"]]);
 * ```
 *
 * @module
 */

export { defineFormat, defineMetric, definePlugin } from "./define.ts";
export { InputError, PluginError, UsageError } from "./errors.ts";
export { resolveOptions } from "./options.ts";
export {
  type CountsAggregation,
  defineSimpleMetric,
  type SimpleMetricSpec,
  type WidenedOptions,
} from "./simple.ts";
export { Registry } from "./registry.ts";
export type * from "./types.ts";
