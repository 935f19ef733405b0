/**
 * Chinese for gecscore: ChERRANT (Zhang et al. 2022, HillZhang1999/MuCGEC `scorers/ChERRANT`)
 * as a language pack written on the public plugin API.
 *
 * - `gecscore cherrant_parallel`: `parallel_to_m2.py` (the same M2, byte for byte);
 * - `gecscore cherrant_compare`: `compare_m2_for_evaluation.py` (the same output);
 * - the `cherrant` metric (`score -m cherrant --gold-format mucgec`), with significance,
 *   intervals, rank ranges and per-type tables (M, R, S, W) from the engine;
 * - the formats `mucgec` (the MuCGEC parallel file), `cherrant-m2` and `zh-text`.
 *
 * Nothing heavy loads with this module: the annotator, its data and the t2s converter (the
 * npm package opencc-js) load when a command runs or a Chinese gold file is read.
 *
 * @example Registering the pack
 * ```ts
 * import { createRegistry } from "../../mod.ts";
 * import { chinesePlugin } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const registry = createRegistry().use(chinesePlugin);
 * assert.equal(registry.metric("cherrant").headline, "f");
 * ```
 *
 * @module
 */

import { definePlugin } from "../../plugins/mod.ts";
import type { Plugin, PluginCommand } from "../../plugins/mod.ts";
import { cherrantMetric } from "./metric.ts";
import { cherrantM2Format, mucgecFormat, zhTextFormat } from "./formats.ts";
import { CHERRANT_COMPARE_HELP, CHERRANT_PARALLEL_HELP } from "./help.ts";

export { cherrantMetric } from "./metric.ts";
export type { CherrantOptions, CherrantScore } from "./metric.ts";
export { cherrantM2Format, mucgecFormat, zhTextFormat } from "./formats.ts";

/** `gecscore cherrant_parallel`: ChERRANT's `parallel_to_m2.py`. */
export const cherrantParallel: PluginCommand = {
  name: "cherrant_parallel",
  summary: "drop-in for ChERRANT's parallel_to_m2.py: annotate a MuCGEC parallel file into M2",
  help: CHERRANT_PARALLEL_HELP,
  run: async (args, io) => (await import("./parallel.ts")).cherrantParallelCommand(args, io),
};

/** `gecscore cherrant_compare`: ChERRANT's `compare_m2_for_evaluation.py`. */
export const cherrantCompare: PluginCommand = {
  name: "cherrant_compare",
  summary: "drop-in for ChERRANT's compare_m2_for_evaluation.py: score a hypothesis M2",
  help: CHERRANT_COMPARE_HELP,
  run: async (args, io) => (await import("./compare_command.ts")).cherrantCompareCommand(args, io),
};

/** The Chinese language pack. */
export const chinesePlugin: Plugin = definePlugin({
  name: "gecscore-zh",
  version: "0.1.0",
  metrics: [cherrantMetric],
  formats: [mucgecFormat, cherrantM2Format, zhTextFormat],
  commands: [cherrantParallel, cherrantCompare],
});
