/**
 * What the HTML report is built from: plain data, so that scoring, significance, per-type and
 * meta-evaluation results plug in without the report knowing how they were computed. Every
 * optional part adds a section to the page when present.
 *
 * @module
 */

import type { AttackRanks } from "../meta/attack_ranks.ts";
import type {
  Edit,
  Score,
  SentenceEdits,
  Tokens,
  ViewComparison,
  ViewGoldEdit,
} from "../plugins/types.ts";

/** One metric as the report shows it. */
export interface ReportMetric {
  /** The metric id (`m2`, `gleu`...). */
  id: string;
  /** Dotted path of the headline number in its score objects (`f`, `correction.i`). */
  headline: string;
  /** Dotted paths of the fields the details table shows, in order. */
  columns: string[];
  /** The signature of the metric with the options used. */
  signature: string;
  /** Lower scores are better (e.g. an error rate). */
  lowerIsBetter?: boolean;
}

/** One system: its output and every metric's scores. */
export interface ReportSystem {
  /** The system's name. */
  name: string;
  /** One tokenized hypothesis per gold sentence. */
  sentences: Tokens[];
  /** Corpus score by metric id. */
  scores: Record<string, Score>;
  /** The headline of each sentence's score by metric id (one number per gold sentence). */
  sentenceScores: Record<string, number[]>;
  /**
   * The system's own edits per sentence, typed, when it has them: from a hypothesis M2, or
   * from gecscore's annotator for a plain-text output scored with a metric that compares
   * edits (ERRANT). The sentence browser shows them under the output.
   */
  edits?: Edit[][];
  /** Where `edits` came from: `"file"` (or absent) for a hypothesis M2, else the annotator. */
  editsFrom?: string;
}

/** One gold sentence as the browser shows it. */
export interface ReportSentence {
  /** The source tokens. */
  source: Tokens;
  /** The reference rewrites (may be empty). */
  references: Tokens[];
  /** The error types of the gold edits, for the type filter. */
  types: string[];
}

/** A 95% (or other) confidence interval of one corpus score. */
export interface ReportInterval {
  /** The system. */
  system: string;
  /** The metric id. */
  metric: string;
  /** Lower bound of the headline. */
  low: number;
  /** Upper bound of the headline. */
  high: number;
}

/** A paired test of one system against the baseline (the first system) on one metric. */
export interface ReportPValue {
  /** The system compared with the baseline. */
  system: string;
  /** The metric id. */
  metric: string;
  /** The p-value. */
  p: number;
}

/** A rank range of one system on one metric (1 is best). */
export interface ReportRank {
  /** The system. */
  system: string;
  /** The metric id. */
  metric: string;
  /** Best rank it cannot be separated from. */
  best: number;
  /** Worst rank it cannot be separated from. */
  worst: number;
}

/** Resampling results: confidence intervals and paired p-values against the first system. */
export interface ReportSignificance {
  /** How they were computed, e.g. `"paired bootstrap, 1000 samples, seed 12345"`. */
  method: string;
  /** Confidence level of the intervals, e.g. `0.95`. */
  level: number;
  /** The intervals. */
  intervals: ReportInterval[];
  /** The p-values (the baseline has none). */
  pValues: ReportPValue[];
  /** Rank ranges, when computed. */
  ranks?: ReportRank[];
  /** The resampling part of each metric's signature (`bs:1000|seed:12345`), by metric id. */
  signatures?: Record<string, string>;
}

/** One metric's per-error-type breakdown (its `byType`), for each system. */
export interface ReportTypeBreakdown {
  /** The metric id. */
  metric: string;
  /** What the rows are, e.g. `"gold error type"` or `"ERRANT category (level 3)"`. */
  label: string;
  /** The score fields of a row, in order. */
  columns: string[];
  /** The field the chart shows (e.g. `"recall"` or `"f"`). */
  value: string;
  /** The types, most frequent first. */
  types: string[];
  /** By system name, then type: the row's score fields. */
  scores: Record<string, Record<string, Record<string, unknown>>>;
  /** How to read the numbers. */
  notes?: string[];
}

/** One gold edit of the sentence browser (the contract's {@linkcode ViewGoldEdit}). */
export type ReportGoldEdit = ViewGoldEdit;

/** Which annotator one system was compared with (the contract's {@linkcode ViewComparison}). */
export type ReportComparison = ViewComparison;

/**
 * Gold edits each system matched or missed, sentence by sentence: what a metric's sentence
 * view gives (the contract's {@linkcode SentenceEdits}).
 */
export type ReportSentenceEdits = SentenceEdits;

/** Human judgments of the systems, to plot each metric against. */
export interface ReportHuman {
  /** What the human score is, e.g. `"Expected Wins (Grundkiewicz et al. 2015)"`. */
  label: string;
  /** Human score by system name (systems without one are left out of the plots). */
  scores: Record<string, number>;
}

/** A length bucket: corpus scores over the sentences whose source length falls in it. */
export interface ReportBucket {
  /** Its label, e.g. `"11-20"`. */
  label: string;
  /** How many sentences it has. */
  count: number;
  /** Headline by system name, then metric id. */
  scores: Record<string, Record<string, number>>;
}

/** Everything the report page is built from. */
export interface ReportInput {
  /** The page title. */
  title: string;
  /** The gold file, as the user named it. */
  gold: string;
  /** The gold format id. */
  goldFormat: string;
  /** The metrics, in the order asked for. */
  metrics: ReportMetric[];
  /** The systems; the first is the baseline of paired tests. */
  systems: ReportSystem[];
  /** The gold sentences. */
  sentences: ReportSentence[];
  /** Corpus scores by source length. */
  buckets?: ReportBucket[];
  /** Confidence intervals and paired p-values. */
  significance?: ReportSignificance;
  /** Per-type breakdowns, one per metric that has them. */
  types?: ReportTypeBreakdown[];
  /** Gold edits matched and missed, per sentence and system. */
  edits?: ReportSentenceEdits;
  /** Human judgments: one entry per human ranking. */
  human?: ReportHuman[];
  /** Warnings to show at the top (e.g. from the metrics). */
  warnings?: string[];
  /** What made the page, e.g. `"gecscore 0.1.0"`. */
  generator?: string;
  /** Where each metric ranks the adversarial outputs among the other systems. */
  attacks?: AttackRanks[];
}
