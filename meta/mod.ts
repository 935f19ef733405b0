/**
 * Meta-evaluation against human judgments: readers, Expected Wins, system- and sentence-level correlation, scatter plots.
 *
 * @module
 */

export {
  appraisePairs,
  type AppraisePairsOptions,
  parseAppraise,
  type RankedOutput,
  type RankingItem,
} from "./appraise.ts";
export { type AttackRanks, attackRanks } from "./attack_ranks.ts";
export { computedScores } from "./computed_scores.ts";
export { expectedWins } from "./expected_wins.ts";
export {
  type PairwiseJudgment,
  type PairwiseJudgments,
  parsePairwiseJudgments,
  wmtSystemName,
} from "./judgments.ts";
export { fileLabel, readHumanScores, readJudgments, readScoreFile } from "./load.ts";
export { readTextFile } from "./read_text.ts";
export { type ScatterOptions, type ScatterPoint, scatterSvg } from "./scatter_svg.ts";
export {
  sentenceLevel,
  type SentenceLevelOptions,
  type SentenceLevelResult,
  type SentenceMetricResult,
  type SentenceTau,
} from "./sentence_level.ts";
export {
  type CorrelationMethod,
  type SystemCorrelation,
  systemLevel,
  type SystemLevelOptions,
  type SystemLevelResult,
  type SystemPoint,
  type WilliamsComparison,
} from "./system_level.ts";
export {
  parseWmtScores,
  type SentenceScores,
  type SystemScores,
  type WmtScores,
} from "./wmt_scores.ts";
export { isLineScores, isScoreTable, parseLineScores, parseScoreTable } from "./line_scores.ts";
export {
  parseSystemSet,
  SEEDA_SYSTEM_SETS,
  selectSystems,
  SYSTEM_SET_RECIPES,
  type SystemSet,
} from "./system_sets.ts";
export {
  type Figure,
  type PairCounts,
  type RankingAgreement,
  rankingAgreement,
  type RankingAgreementOptions,
  type RankingAgreementResult,
  type SegmentMapping,
  type TieRule,
} from "./ranking_agreement.ts";
export { type Window, type WindowAnalysis, windowAnalysis } from "./window.ts";
export { windowSvg } from "./window_svg.ts";
export { type RankPairCell, rankPairCells, rankPairHeatmapSvg } from "./rank_pair_heatmap.ts";
export { type RankedPair, rankedPairs } from "./ranking_pairs.ts";
export {
  trueSkillRanking,
  type TrueSkillRankingOptions,
  type TrueSkillScore,
} from "./trueskill_ranking.ts";
