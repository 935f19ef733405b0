/**
 * gecscore: score grammatical error correction systems with MaxMatch (M2), the I-measure and
 * GLEU, each reproducing its reference implementation, behind one plugin registry that third
 * parties extend with their own metrics and formats.
 *
 * @example Reading an M2 gold file
 * ```ts
 * import { readGold } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * assert.equal(gold.sentences.length, 3);
 * ```
 *
 * @module
 */

import { builtinPlugin } from "./plugins/builtin.ts";
import { Registry } from "./plugins/registry.ts";

export type * from "./plugins/types.ts";
export { InputError, UsageError } from "./plugins/errors.ts";
export { Registry } from "./plugins/registry.ts";
export { builtinPlugin } from "./plugins/builtin.ts";
export { coerceOption, parseOptionAssignments, resolveOptions } from "./plugins/options.ts";
export { m2Format, parseM2, sortAnnotators, writeM2 } from "./formats/m2.ts";
export {
  baseName,
  lines,
  type NumberedLine,
  readChunks,
  readHypotheses,
  readReferenceCorpus,
  readSentences,
  textFormat,
  tokenize,
} from "./formats/text.ts";
export { DEFAULT_READ_LIMITS, readLimits } from "./formats/limits.ts";
export {
  applyAnnotation,
  CONLL2014_CONVENTIONS,
  referenceRewrites,
  type RewriteConventions,
} from "./formats/references.ts";
export { readGold } from "./formats/read_gold.ts";
export { ixmlFormat, parseIxml, writeIxml } from "./formats/ixml.ts";
export { annotatorCount, errorGroups } from "./formats/error_groups.ts";
export {
  CONVERT_HELP,
  convertCommand,
  type ConvertContext,
  convertCorpus,
  writeFileAtomic,
} from "./formats/convert.ts";
export {
  chooseAnnotator,
  type M2AnnotatorResult,
  m2Annotators,
  m2GoldEdits,
  m2Metric,
  type M2Options,
  m2Replay,
  type M2Score,
  m2Score,
  type M2Stats,
} from "./metrics/m2.ts";
export {
  bestEditSequence,
  bestPathCost,
  buildEditGraph,
  type EditGraph,
  implicitEditSequence,
  type M2Edit,
  type M2GoldEdit,
  MergedEdgeBudgetError,
} from "./metrics/m2_lattice.ts";
export {
  type LiteralNone,
  literalNoneOf,
  m2VerboseTrace,
  type TraceHypothesis,
} from "./metrics/m2_trace.ts";
export { m2scorerCommand } from "./metrics/m2scorer_command.ts";
export { Session, type SessionOptions } from "./repl/session.ts";
export { type DiffRun, formatDiff, tokenDiff } from "./repl/token_diff.ts";
export {
  type Gleu2015Stats,
  type Gleu2016Stats,
  gleuMetric,
  type GleuOptions,
  type GleuReferenceStats,
  type GleuScore,
  type GleuStats,
} from "./metrics/gleu.ts";
export { MersenneTwister } from "./metrics/mt19937.ts";
export {
  chosenTotals,
  type ImeasureAspectScore,
  imeasureMetric,
  type ImeasureOptions,
  type ImeasureScore,
  type ImeasureStats,
  MIX_LIMIT,
  type ReferenceSearch,
  searchReferences,
} from "./metrics/imeasure.ts";
export {
  align3,
  type Alignment3,
  alignmentCounts,
  type ColumnClass,
  columnClass,
} from "./metrics/imeasure_align.ts";
export { loadPlugin, pluginProblem, pluginUrl } from "./plugins/loader.ts";
export {
  goldProvides,
  type MetricResult,
  type ScoreRequest,
  scoreSystems,
  selectMetrics,
  type SystemResult,
  unmetNeeds,
} from "./plugins/scoring.ts";
export {
  formatValue,
  headlineValue,
  numericPaths,
  renderExplanation,
  renderTable,
  scoreColumns,
} from "./plugins/render.ts";

/**
 * A new registry with the built-in plugin in it.
 *
 * @example Usage
 * ```ts
 * import { createRegistry } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(createRegistry().format("m2").id, "m2");
 * assert.equal(createRegistry({ builtins: false }).formats.length, 0);
 * ```
 *
 * @param options `builtins: false` for an empty registry.
 * @returns The registry.
 */
export function createRegistry(options: { builtins?: boolean } = {}): Registry {
  const registry = new Registry();
  if (options.builtins !== false) registry.use(builtinPlugin);
  return registry;
}

/** The default registry, with the built-in metrics and formats. */
export const registry: Registry = createRegistry();
