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

export type * from "./plugins/types.ts";
export { InputError, UsageError } from "./plugins/errors.ts";
export { Registry } from "./plugins/registry.ts";
export { coerceOption, parseOptionAssignments, resolveOptions } from "./plugins/options.ts";
export { loadPlugin, pluginProblem, pluginUrl } from "./plugins/loader.ts";
export { headlineValue } from "./plugins/headline.ts";
export { builtinPlugin, convertCorpus, createRegistry, readGold, registry } from "./builtin.ts";
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
export {
  applyAnnotation,
  CONLL2014_CONVENTIONS,
  referenceRewrites,
  type RewriteConventions,
} from "./formats/references.ts";
export { ixmlFormat, parseIxml, writeIxml } from "./formats/ixml.ts";
export { annotatorCount, errorGroups } from "./formats/error_groups.ts";
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
} from "./metrics/m2/mod.ts";
export type { M2Edit, M2GoldEdit } from "./metrics/m2/lattice.ts";
export {
  type Gleu2015Stats,
  type Gleu2016Stats,
  gleuMetric,
  type GleuOptions,
  type GleuReferenceStats,
  type GleuScore,
  type GleuStats,
} from "./metrics/gleu/mod.ts";
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
} from "./metrics/imeasure/mod.ts";
export {
  goldProvides,
  type MetricResult,
  type ScoreRequest,
  scoreSystems,
  selectMetrics,
  type SystemResult,
  unmetNeeds,
} from "./pipeline/scoring.ts";
export { readGoldFile } from "./pipeline/read_gold.ts";
export { writerIds } from "./pipeline/convert.ts";
export { writeFileAtomic } from "./util/write_file_atomic.ts";
export { MersenneTwister } from "./util/mt19937.ts";
export {
  buildReport,
  type Chart,
  type ChartSpec,
  disagreement,
  m2SentenceEdits,
  pearson,
  percentileRanks,
  renderChart,
  reportInput,
  type ReportRequest,
  typeBreakdown,
} from "./report/mod.ts";
export type * from "./report/types.ts";
