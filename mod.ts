/**
 * gecscore: score grammatical error correction systems with MaxMatch (M2), the I-measure,
 * GLEU and ERRANT, each reproducing its reference implementation, behind one plugin registry
 * that third parties extend with their own metrics and formats.
 *
 * The root holds what most programs need: the registry and the plugin contract, the
 * `define*` helpers, reading gold and system files, the run engine, significance and
 * meta-evaluation entry points. The rest is behind subpaths: `/formats` (readers and
 * writers), `/edits` (edit helpers), `/engine` (the pipeline in full), `/stats`, `/meta`,
 * `/report`, `/metrics/<id>`, `/plugins` (the whole contract), `/sandbox`, `/testkit`.
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
  AnyMetric,
  Edit,
  Explanation,
  Format,
  GoldCorpus,
  GoldSentence,
  Hypotheses,
  Metric,
  Options,
  Plugin,
  Score,
  Tokens,
} from "./plugins/types.ts";
export { InputError, PluginError, UsageError } from "./plugins/errors.ts";
export { Registry } from "./plugins/registry.ts";
export { defineFormat, defineMetric, definePlugin } from "./plugins/define.ts";
export { builtinPlugin, convertCorpus, createRegistry, readGold, registry } from "./builtin.ts";
export { tokenize } from "./formats/text.ts";
export { readSystem } from "./pipeline/read_system.ts";
export { planRun, type RunPlan, runPlan, scoreSystems } from "./pipeline/engine.ts";
export type { ScoreRequest, SystemResult } from "./pipeline/scoring.ts";
export { streamScores } from "./pipeline/stream.ts";
export { assessSignificance, type SignificanceRequest } from "./pipeline/significance.ts";
export { systemLevel } from "./meta/system_level.ts";
export { sentenceLevel } from "./meta/sentence_level.ts";
export { loadPlugin } from "./sandbox/loader.ts";
export { VERSION } from "./util/version.ts";
