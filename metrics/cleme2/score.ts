/**
 * CLEME2.0's scoring stage (`HEUOEditScorer` of THUKElab/CLEME e90abea): from a reference's
 * (weighted) chunk counts, hit = TP / NE, err = FP_ne / NE, und = FN / NE with
 * NE = TP + FP_ne + FN (all 0 when NE is 0), ove = FP_un / (TP + FP) (0 when nothing was
 * proposed), and the combined score com = f_hit·hit + f_err·(1 − err) + f_und·(1 − und) +
 * f_ove·(1 − ove). No rounding anywhere.
 *
 * @module
 */

import { numpyMean } from "../../util/numpy_sum.ts";

/** Weighted chunk counts of one reference. */
export interface HeuoCounts {
  /** True positives. */
  tp: number;
  /** False positives (FP_ne + FP_un). */
  fp: number;
  /** False positives where a correction was needed (the reference changed the chunk). */
  fp_ne: number;
  /** False positives where none was needed. */
  fp_un: number;
  /** False negatives. */
  fn: number;
  /** True negatives. */
  tn: number;
}

/** The four factors of the combined score. */
export interface HeuoFactors {
  /** Weight of hit. */
  hit: number;
  /** Weight of 1 − err. */
  err: number;
  /** Weight of 1 − und. */
  und: number;
  /** Weight of 1 − ove. */
  ove: number;
}

/** The corpus-level factors of the reference code (0.45, 0.35, 0.15, 0.05). */
export const CORPUS_FACTORS: HeuoFactors = { hit: 0.45, err: 0.35, und: 0.15, ove: 0.05 };
/** The sentence-level factors of the reference code (0.35, 0.25, 0.20, 0.20). */
export const SENTENCE_FACTORS: HeuoFactors = { hit: 0.35, err: 0.25, und: 0.2, ove: 0.2 };

/** The four indicators and the combined score. */
export interface Heuo {
  /** Hit-correction ratio. */
  hit: number;
  /** Wrong-correction ratio. */
  err: number;
  /** Under-correction ratio. */
  und: number;
  /** Over-correction ratio. */
  ove: number;
  /** The combined score. */
  com: number;
}

/**
 * The indicators of some counts.
 *
 * @example INPUT changes nothing: com = f_err + f_und·0 + f_ove
 * ```ts
 * import { CORPUS_FACTORS, heuo } from "./score.ts";
 * import assert from "node:assert/strict";
 *
 * const x = heuo({ tp: 0, fp: 0, fp_ne: 0, fp_un: 0, fn: 1782, tn: 6308 }, CORPUS_FACTORS);
 * assert.deepEqual([x.hit, x.err, x.und, x.ove], [0, 0, 1, 0]);
 * assert.equal(x.com, 0.35 + 0.05);
 * ```
 *
 * @param c The counts.
 * @param f The factors.
 * @returns The indicators.
 */
export function heuo(c: HeuoCounts, f: HeuoFactors): Heuo {
  const ne = c.tp + c.fp_ne + c.fn;
  const fp = c.fp_ne + c.fp_un;
  const hit = ne ? c.tp / ne : 0;
  const err = ne ? c.fp_ne / ne : 0;
  const und = ne ? c.fn / ne : 0;
  const ove = c.tp + fp ? c.fp_un / (c.tp + fp) : 0;
  const com = f.hit * hit + f.err * (1 - err) + f.und * (1 - und) + f.ove * (1 - ove);
  return { hit, err, und, ove, com };
}

function greater(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i] > b[i]) return true;
    if (a[i] < b[i]) return false;
  }
  return false;
}

function zero(): HeuoCounts {
  return { tp: 0, fp: 0, fp_ne: 0, fp_un: 0, fn: 0, tn: 0 };
}

function add(total: HeuoCounts, c: HeuoCounts): void {
  total.tp += c.tp;
  total.fp += c.fp;
  total.fn += c.fn;
  total.tn += c.tn;
  total.fp_ne += c.fp_ne;
  total.fp_un += c.fp_un;
}

/** A CLEME2.0 score: the indicators and the counts they come from. */
export type HeuoScore = Heuo & HeuoCounts & { sentences?: number; [key: string]: unknown };

/**
 * The corpus scorer: per sentence the reference whose counts added to the running totals give
 * the highest com, then more TP, fewer FP, fewer FN, more TN; com of the totals.
 *
 * @param counts Per sentence, per reference counts.
 * @param f The factors.
 * @returns The score and the chosen references.
 */
export function heuoCorpus(
  counts: readonly (readonly HeuoCounts[])[],
  f: HeuoFactors,
): { score: HeuoScore; chosen: number[] } {
  const total = zero();
  const chosen: number[] = [];
  for (const refs of counts) {
    let best = [-1, 0, 0, 0, 0], pick = -1;
    refs.forEach((c, k) => {
      const t = { ...total };
      add(t, c);
      const key = [heuo(t, f).com, c.tp, -c.fp, -c.fn, c.tn];
      if (greater(key, best)) [best, pick] = [key, k];
    });
    chosen.push(pick);
    if (pick >= 0) add(total, refs[pick]);
  }
  return { score: { ...heuo(total, f), ...total }, chosen };
}

/**
 * One sentence's choice under the sentence scorer: the highest com, then hit, then lower err,
 * und, ove; the first reference wins full ties.
 *
 * @param refs The sentence's per-reference counts.
 * @param f The factors.
 * @returns The indicators and counts of the chosen reference, and its index.
 */
export function heuoSentence(
  refs: readonly HeuoCounts[],
  f: HeuoFactors,
): HeuoScore & { ref: number } {
  let best: HeuoScore & { ref: number } = {
    hit: -1,
    err: -1,
    und: -1,
    ove: -1,
    com: -1,
    ...zero(),
    ref: -1,
  };
  refs.forEach((c, k) => {
    const x = heuo(c, f);
    if (
      greater([x.com, x.hit, -x.err, -x.und, -x.ove], [
        best.com,
        best.hit,
        -best.err,
        -best.und,
        -best.ove,
      ])
    ) best = { ...x, ...c, ref: k };
  });
  return best;
}

/**
 * The sentence scorer over a corpus: numpy means of each sentence's chosen indicators, the
 * chosen counts summed.
 *
 * @param choices Each sentence's choice.
 * @returns The score.
 */
export function heuoSentenceMean(choices: readonly HeuoScore[]): HeuoScore {
  const total = zero();
  for (const c of choices) add(total, c);
  const mean = (k: keyof Heuo) => choices.length ? numpyMean(choices.map((c) => c[k])) : 0;
  return {
    hit: mean("hit"),
    err: mean("err"),
    und: mean("und"),
    ove: mean("ove"),
    com: mean("com"),
    ...total,
    sentences: choices.length,
  };
}
