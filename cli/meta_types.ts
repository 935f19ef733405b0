/**
 * The `meta` command's request and results, shared by its parts.
 *
 * @module
 */

import type { systemFiles } from "./read_systems.ts";
import type { rankingAgreement, SegmentMapping } from "../meta/ranking_agreement.ts";
import type { SystemSet } from "../meta/system_sets.ts";
import type { windowAnalysis } from "../meta/window.ts";
import type { MetaFormat, MetricSources, SetResult } from "./meta_tables.ts";
import type { AttackRanks } from "../meta/attack_ranks.ts";
import type { GoldFlags } from "./command_gold.ts";
import type { SentenceLevelResult } from "../meta/sentence_level.ts";
import type { SystemLevelResult } from "../meta/system_level.ts";
import type { SentenceScores, SystemScores } from "../meta/wmt_scores.ts";

/** A `meta` command line, parsed and checked. */
export interface MetaRequest {
  values: Record<string, unknown>;
  tokens: Parameters<typeof systemFiles>[0];
  format: MetaFormat | "json";
  humanPaths: string[];
  judgmentPaths: string[];
  rankingPaths: string[];
  scorePaths: string[];
  goldFlags: GoldFlags;
  hasGold: boolean;
  srcId: SegmentMapping;
  exclude: string[];
  resamples: number;
  seed: number;
  windowSize: number;
  sets: SystemSet[];
  /** TrueSkill's options when `--ts` asks for it. */
  trueSkill?: { seed: number; runs: number };
  /** Adversarial outputs (`--attack [NAME=]FILE`): scored and ranked, never correlated. */
  attackFiles: { name?: string; path: string }[];
}

/** What the analyses found, for the output. */
export interface MetaResults {
  system?: SystemLevelResult;
  bySet: SetResult[];
  sentence: { judgments: string; result: SentenceLevelResult }[];
  rankings: {
    rankings: string;
    sets: { set: string; result: ReturnType<typeof rankingAgreement> }[];
  }[];
  windows?: ReturnType<typeof windowAnalysis>;
  /** Where each metric's scores came from, when some were computed on the spot. */
  sources?: MetricSources;
  /** Where each metric ranks the adversarial outputs among the systems. */
  attacks?: AttackRanks[];
}

/** Every score set, named: human rankings, system-level and sentence-level metric scores. */
export interface NamedSets {
  humans: SystemScores[];
  metrics: SystemScores[];
  sentence: SentenceScores[];
}
