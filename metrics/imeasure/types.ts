/**
 * Options, statistics and scores of the I-measure.
 *
 * @module
 */

/** Options of the I-measure. */
export type ImeasureOptions = {
  /** Beta of F (1.0 as in `ieval.py`). */
  beta: number;
  /** Weight of true and false positives in WAcc (2.0). */
  w: number;
  /** Metric the reference choice maximises: `d` or `c` then `tp`...`i` (`cwacc`). */
  max: string;
  /** Maximise per sentence (`sent`) or the running corpus score (`corpus`). */
  opt: string;
  /** Mix alternatives of different errors (true) or use whole annotator sets (false). */
  mix: boolean;
};

/**
 * Per-sentence statistics. Each candidate is 20 integers: the system's detection counts
 * `tp, tn, fp, fn, fpn`, its correction counts, then the baseline's (source as hypothesis)
 * detection and correction counts against the same reference. With `opt: "sent"` only the
 * chosen candidate is kept; with `opt: "corpus"` every distinct candidate count vector is kept
 * (first occurrence order, which is all the corpus-level choice needs: equal vectors score
 * equally and the first is kept on ties).
 */
export interface ImeasureStats {
  /** Candidate count vectors. */
  candidates: number[][];
  /** Index of the sentence-level choice in `candidates`. */
  best: number;
  /** Set when the sentence could not be searched exactly. */
  warning?: string;
}

/** The scores of one aspect. */
export interface ImeasureAspectScore {
  /** Every field is a number. */
  [key: string]: number;
  /** True positives. */
  tp: number;
  /** True negatives. */
  tn: number;
  /** False positives. */
  fp: number;
  /** False negatives. */
  fn: number;
  /** Columns that are both a false positive and a false negative. */
  fpn: number;
  /** Precision. */
  precision: number;
  /** Recall. */
  recall: number;
  /** F_beta. */
  f: number;
  /** The beta used. */
  beta: number;
  /** Accuracy. */
  accuracy: number;
  /** Accuracy of the baseline (source as hypothesis). */
  accuracy_base: number;
  /** Weighted accuracy. */
  wacc: number;
  /** Weighted accuracy of the baseline. */
  wacc_base: number;
  /** Improvement of WAcc over the baseline, in [-1, 1]. */
  i: number;
}

/** An I-measure score: detection and correction. */
export interface ImeasureScore {
  /** Score objects are open records. */
  [key: string]: unknown;
  /** Correction scores (headline: `correction.i`). */
  correction: ImeasureAspectScore;
  /** Detection scores. */
  detection: ImeasureAspectScore;
  /** Sentences whose reference search was not exact (corpus) or why (sentence). */
  warnings?: string[];
}
