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
export { InputError, PluginError, UsageError } from "./plugins/errors.ts";
export { Registry } from "./plugins/registry.ts";
export { defineFormat, defineMetric, definePlugin } from "./plugins/define.ts";
export { coerceOption, parseOptionAssignments, resolveOptions } from "./plugins/options.ts";
export {
  importPlugin,
  loadPlugin,
  pluginProblem,
  pluginUrl,
  unloadPlugin,
} from "./sandbox/loader.ts";
export {
  DEFAULT_PLUGIN_TIMEOUT_MS,
  type HostOptions,
  PluginHost,
  type PluginModule,
} from "./sandbox/host.ts";
export {
  type CallSite,
  checkedScore,
  checkedStats,
  type JobExtras,
  type MetricJobResult,
  runMetricJob,
  scoreProblem,
} from "./sandbox/guard.ts";
export { headlineValue } from "./plugins/headline.ts";
export { builtinPlugin, convertCorpus, createRegistry, readGold, registry } from "./builtin.ts";
export { m2Format, m2Sentences, parseM2, sortAnnotators, writeM2 } from "./formats/m2.ts";
export {
  baseName,
  countLines,
  lines,
  type NumberedLine,
  readChunks,
  readHypotheses,
  readReferenceCorpus,
  readSentences,
  referenceSentences,
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
export {
  applyEdits,
  EditOverlapError,
  type HypothesisM2,
  parseHypothesisM2,
  readHypothesisM2,
  sourceMismatches,
} from "./formats/hypothesis_m2.ts";
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
  type GecMetricsReference,
  type Gleu2015Stats,
  type Gleu2016Stats,
  type GleuGecMetricsStats,
  gleuMetric,
  type GleuOptions,
  type GleuReferenceStats,
  type GleuScore,
  type GleuStats,
} from "./metrics/gleu/mod.ts";
export {
  type CategoryCounts,
  editOptions,
  ERRANT_TITLES,
  type ErrantBlock,
  type ErrantCompareOptions,
  errantCompareText,
  type ErrantCounts,
  type ErrantEdit,
  type ErrantEditOptions,
  errantEdits,
  errantMetric,
  type ErrantMode,
  type ErrantOptions,
  type ErrantReplay,
  errantReplay,
  type ErrantScore,
  errantSentenceStats,
  type ErrantStats,
  groupCategories,
  readErrantBlocks,
} from "./metrics/errant/mod.ts";
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
  missingEdits,
  type ScoreRequest,
  selectMetrics,
  type SystemResult,
  unmetNeeds,
} from "./pipeline/scoring.ts";
export {
  fullSignature,
  GoldDigest,
  goldFingerprint,
  referenceCount,
} from "./pipeline/signature.ts";
export {
  type CorpusRecord,
  type SentenceRecord,
  type StreamRequest,
  streamScores,
  type StreamSystem,
} from "./pipeline/stream.ts";
export {
  approximateRandomization,
  bootstrapIndices,
  bootstrapValues,
  type ConfidenceInterval,
  confidenceInterval,
  type CorpusScorer,
  corpusScorer,
  DEFAULT_AR_TRIALS,
  DEFAULT_BOOTSTRAP_SAMPLES,
  DEFAULT_SEED,
  MAX_SAMPLES,
  pairedBootstrapPValue,
  type PairedTestResult,
  resampledNumber,
  resampleRows,
  scoreNumber,
  swapMasks,
} from "./pipeline/resample.ts";
export {
  assessResults,
  assessSignificance,
  type MetricSignificance,
  type PairedTest,
  resamplingSignature,
  type SignificanceRequest,
  type SystemSignificance,
  type SystemStats,
} from "./pipeline/significance.ts";
export { type TypeIntervalInput, typeIntervals } from "./pipeline/type_intervals.ts";
export { holmRejections } from "./stats/holm.ts";
export { readGoldFile } from "./pipeline/read_gold.ts";
export { poolSize } from "./pipeline/parallel.ts";
export {
  planRun,
  type RunOptions,
  type RunPlan,
  runPlan,
  runPlanSync,
  scoreSystems,
  scoreSystemsAsync,
  scoreSystemsParallel,
} from "./pipeline/engine.ts";
export { writerIds } from "./pipeline/convert.ts";
export { writeFileAtomic } from "./util/write_file_atomic.ts";
export { MersenneTwister } from "./util/mt19937.ts";
export { VERSION } from "./util/version.ts";

// Meta-evaluation: statistics and agreement of metrics with human judgments.
export { averageRanks } from "./stats/ranks.ts";
export { pearson } from "./stats/pearson.ts";
export { spearman } from "./stats/spearman.ts";
export { studentTUpperTail } from "./stats/student_t.ts";
export { type WilliamsInput, type WilliamsResult, williamsTest } from "./stats/williams.ts";
export {
  type OutcomeCounts,
  type PairRelation,
  type PairwiseTau,
  pairwiseTau,
  scoreRelation,
  tallyOutcomes,
  TAU_VARIANTS,
  type TauVariant,
} from "./stats/pairwise_tau.ts";
export {
  type BootstrapOptions,
  bootstrapResamples,
  type PercentileBounds,
  percentileBounds,
  randBelow,
} from "./stats/bootstrap.ts";
export { readTextFile } from "./meta/read_text.ts";
export {
  parseWmtScores,
  type SentenceScores,
  type SystemScores,
  type WmtScores,
} from "./meta/wmt_scores.ts";
export {
  type PairwiseJudgment,
  type PairwiseJudgments,
  parsePairwiseJudgments,
  wmtSystemName,
} from "./meta/judgments.ts";
export {
  appraisePairs,
  type AppraisePairsOptions,
  parseAppraise,
  type RankedOutput,
  type RankingItem,
} from "./meta/appraise.ts";
export { expectedWins } from "./meta/expected_wins.ts";
export { fileLabel, readHumanScores, readJudgments, readScoreFile } from "./meta/load.ts";
export { computedScores } from "./meta/computed_scores.ts";
export {
  type CorrelationMethod,
  type SystemCorrelation,
  systemLevel,
  type SystemLevelOptions,
  type SystemLevelResult,
  type SystemPoint,
  type WilliamsComparison,
} from "./meta/system_level.ts";
export {
  sentenceLevel,
  type SentenceLevelOptions,
  type SentenceLevelResult,
  type SentenceMetricResult,
  type SentenceTau,
} from "./meta/sentence_level.ts";
export { type ScatterOptions, type ScatterPoint, scatterSvg } from "./meta/scatter_svg.ts";
export {
  isLineScores,
  isScoreTable,
  parseLineScores,
  parseScoreTable,
} from "./meta/line_scores.ts";
export {
  parseSystemSet,
  SEEDA_SYSTEM_SETS,
  selectSystems,
  SYSTEM_SET_RECIPES,
  type SystemSet,
} from "./meta/system_sets.ts";
export {
  type Figure,
  type PairCounts,
  type RankingAgreement,
  rankingAgreement,
  type RankingAgreementOptions,
  type RankingAgreementResult,
  type SegmentMapping,
  type TieRule,
} from "./meta/ranking_agreement.ts";
export { type Window, type WindowAnalysis, windowAnalysis } from "./meta/window.ts";
export { windowSvg } from "./meta/window_svg.ts";
export { type RankPairCell, rankPairCells, rankPairHeatmapSvg } from "./meta/rank_pair_heatmap.ts";
export { type RankedPair, rankedPairs } from "./meta/ranking_pairs.ts";
export {
  trueSkillRanking,
  type TrueSkillRankingOptions,
  type TrueSkillScore,
} from "./meta/trueskill_ranking.ts";
export {
  rateOneVsOne,
  type TrueSkillEnv,
  type TrueSkillRating,
  trueSkillRating,
  tsCdf,
  tsErfc,
  tsPdf,
  tsPpf,
} from "./stats/trueskill.ts";
export {
  buildReport,
  type Chart,
  type ChartSpec,
  disagreement,
  percentileRanks,
  renderChart,
  reportInput,
  type ReportRequest,
  reportSignificance,
  typeBreakdowns,
} from "./report/mod.ts";
export type * from "./report/types.ts";
export { m2SentenceEdits } from "./metrics/m2/sentence_edits.ts";
