/**
 * gecscore: score grammatical error correction systems with MaxMatch (M2), the I-measure,
 * GLEU and ERRANT, each reproducing its reference implementation, behind one plugin registry
 * that third parties extend with their own metrics and formats.
 *
 * The root holds what most programs need: the one default {@linkcode registry} and the
 * {@linkcode Registry} class, reading gold and system files, scoring a corpus
 * ({@linkcode scoreSystems}, streamed: {@linkcode streamScores}), significance
 * ({@linkcode assessResults}, the bootstrap behind it), loading a plugin into its box
 * ({@linkcode loadPlugin}), {@linkcode defineMetric} and {@linkcode defineFormat}, and every
 * type their signatures use (the metric, format and plugin types among them). The rest is
 * behind subpaths: `/plugins` (the whole plugin contract: `definePlugin`,
 * `defineSimpleMetric`, the errors, and every named part of the types), `/testkit` (the
 * conformance kits), `/formats` (the built-in formats, reference sentences, tokenization),
 * `/edits` (edit helpers and P/R/F), `/stats`, `/meta` (meta-evaluation), `/report` (the HTML
 * report) and `/annotator` (edits from plain text). The built-in metrics are reached through
 * the registry: `registry.metric("m2")`.
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

export type {
  Edit,
  Explanation,
  Format,
  GoldCorpus,
  GoldSentence,
  Hypotheses,
  Metric,
  Options,
  Plugin,
  PluginCommand,
  ReadLimits,
  Score,
  SentenceView,
  Tokenizer,
} from "./plugins/types.ts";
export { Registry } from "./plugins/registry.ts";
export { defineFormat, defineMetric } from "./plugins/define.ts";
export { createRegistry, readGold, registry } from "./builtin.ts";
export { readSystem, type ReadSystemOptions, type SystemOutput } from "./pipeline/read_system.ts";
export { scoreSystems } from "./pipeline/engine.ts";
export type { MetricResult, ScoreRequest, SystemResult } from "./pipeline/scoring.ts";
export {
  type CorpusRecord,
  type SentenceRecord,
  type StreamRequest,
  streamScores,
} from "./pipeline/stream.ts";
export {
  assessResults,
  type MetricSignificance,
  type SignificanceRequest,
} from "./pipeline/significance.ts";
export {
  bootstrapIndices,
  bootstrapValues,
  type ConfidenceInterval,
  confidenceInterval,
} from "./pipeline/resample.ts";
export { loadPlugin, unloadPlugin } from "./sandbox/loader.ts";
