/**
 * gecscore: score grammatical error correction systems with MaxMatch (M2), the I-measure,
 * GLEU and ERRANT, each reproducing its reference implementation, behind one plugin registry
 * that third parties extend with their own metrics and formats.
 *
 * The root holds what most programs need: the one default {@linkcode registry}, the
 * `define*` helpers and the plugin, metric and format types, reading gold and system files,
 * scoring a corpus ({@linkcode scoreSystems}, streamed: {@linkcode streamScores}),
 * significance ({@linkcode assessResults}) and loading a plugin into its box
 * ({@linkcode loadPlugin}). The rest is behind subpaths: `/plugins` (the whole plugin
 * contract, where the types the root's types refer to are documented), `/testkit` (the
 * conformance kits), `/formats` (the built-in formats, reference sentences, tokenization),
 * `/edits` (edit helpers and P/R/F), `/stats`, `/meta` (meta-evaluation), `/report` (the HTML
 * report), `/annotator` (edits from plain text) and `/metrics/gleu`. The other built-in
 * metrics are reached through the registry: `registry.metric("m2")`.
 *
 * @example Reading an M2 gold file and scoring a system
 * ```ts
 * import { readGold, readSystem, registry, scoreSystems } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const system = await readSystem("tests/testdata/m2scorer_example_system", { registry });
 * const [result] = await scoreSystems({ registry, gold, systems: [system], metrics: ["m2"] });
 * assert.equal(result.metrics[0].score.f, 0.8);
 * ```
 *
 * @module
 */

export type { Format, Metric, Plugin } from "./plugins/types.ts";
export { InputError, PluginError, UsageError } from "./plugins/errors.ts";
export { Registry } from "./plugins/registry.ts";
export { defineFormat, defineMetric, definePlugin } from "./plugins/define.ts";
export { createRegistry, readGold, registry } from "./builtin.ts";
export { readSystem, type ReadSystemOptions, type SystemOutput } from "./pipeline/read_system.ts";
export { scoreSystems } from "./pipeline/engine.ts";
export type { MetricResult, ScoreRequest, SystemResult } from "./pipeline/scoring.ts";
export {
  type CorpusRecord,
  type SentenceRecord,
  type StreamRequest,
  streamScores,
  type StreamSystem,
} from "./pipeline/stream.ts";
export {
  assessResults,
  type MetricSignificance,
  type PairedTest,
  type SignificanceRequest,
  type SystemSignificance,
} from "./pipeline/significance.ts";
export {
  bootstrapIndices,
  bootstrapValues,
  type ConfidenceInterval,
  confidenceInterval,
} from "./pipeline/resample.ts";
export type { HostOptions } from "./sandbox/host.ts";
export { loadPlugin, unloadPlugin } from "./sandbox/loader.ts";
export { defineSimpleMetric } from "./plugins/simple.ts";
export { VERSION } from "./util/version.ts";
