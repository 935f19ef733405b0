/**
 * The metric-agnostic engine: planning and running a scoring run (serial, on workers, streamed), reading gold and system files through a registry, signatures, resampling and significance.
 *
 * @module
 */

export { writerIds } from "./convert.ts";
export {
  explainSentence,
  type GatherOptions,
  gatherPlan,
  planRun,
  type RunOptions,
  type RunPlan,
  runPlan,
  runPlanSync,
  scoreOf,
  scoreSystems,
  scoreSystemsAsync,
  scoreSystemsParallel,
  sentenceStats,
} from "./engine.ts";
export { poolSize } from "./parallel.ts";
export { openGold, pickFormat, readGoldFile } from "./read_gold.ts";
export {
  readSystem,
  type ReadSystemOptions,
  systemFormat,
  systemFromCorpus,
  type SystemOutput,
} from "./read_system.ts";
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
} from "./resample.ts";
export {
  callSite,
  goldProvides,
  type MetricResult,
  missingEdits,
  type ScoreRequest,
  selectMetrics,
  siteOf,
  type SystemResult,
  unmetNeeds,
} from "./scoring.ts";
export { fullSignature, GoldDigest, goldFingerprint, referenceCount } from "./signature.ts";
export {
  assessResults,
  assessSignificance,
  type MetricSignificance,
  type PairedTest,
  resamplingSignature,
  type SignificanceRequest,
  type SystemSignificance,
  type SystemStats,
} from "./significance.ts";
export {
  type CorpusRecord,
  type SentenceRecord,
  type StreamRequest,
  streamScores,
  type StreamSystem,
} from "./stream.ts";
export { type TypeIntervalInput, typeIntervals } from "./type_intervals.ts";
