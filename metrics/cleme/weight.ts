/**
 * CLEME's length weighting (Ye et al. 2023 §3.3): a chunk of length L (`max(source tokens,
 * target tokens)` of the hypothesis chunk) weighs `α / (1 + (α − 1)·e^(b − L))` as a TP or FN
 * and `α / (1 + (α − 1)·e^(L − b))` as an FP, clipped to `[min, max]`; TN chunks weigh 1. The
 * bias `b` is the mean length of the references' changed chunks over the whole corpus; the
 * chunks depend on the hypothesis' edits, so `b` differs from system to system (AMU 1.7905 on
 * CoNLL-2014), and it is recomputed on each resample.
 *
 * @module
 */

/** One weighting curve. */
export interface WeightCurve {
  /** Scale α. */
  alpha: number;
  /** Smallest weight. */
  min: number;
  /** Largest weight. */
  max: number;
}

/** The curves for TP, FP and FN chunks. */
export interface WeightConfig {
  /** True positives. */
  tp: WeightCurve;
  /** False positives (reversed: longer weighs less). */
  fp: WeightCurve;
  /** False negatives. */
  fn: WeightCurve;
}

const curve = (alpha: number, min: number, max: number): WeightCurve => ({ alpha, min, max });

/** The corpus-level defaults (both versions, both modes): α 2, [0.75, 1.25]. */
export const CORPUS_WEIGHTS: WeightConfig = {
  tp: curve(2, 0.75, 1.25),
  fp: curve(2, 0.75, 1.25),
  fn: curve(2, 0.75, 1.25),
};

/** CLEME v1.0's sentence-level defaults (SentCLEME), dependent. */
export const SENTENCE_WEIGHTS_DEPENDENT: WeightConfig = {
  tp: curve(10, 1, 10),
  fp: curve(10, 0.25, 1),
  fn: curve(10, 1, 1),
};

/** CLEME v1.0's sentence-level defaults (SentCLEME), independent. */
export const SENTENCE_WEIGHTS_INDEPENDENT: WeightConfig = {
  tp: curve(10, 2.5, 10),
  fp: curve(10, 0.25, 1),
  fn: curve(10, 1, 1),
};

/** No length weighting: every chunk weighs 1. */
export const NO_WEIGHTS: WeightConfig = {
  tp: curve(1, 1, 1),
  fp: curve(1, 1, 1),
  fn: curve(1, 1, 1),
};

/**
 * The weight of a chunk of length `length`.
 *
 * @example Usage
 * ```ts
 * import { CORPUS_WEIGHTS, chunkWeight } from "./weight.ts";
 * import assert from "node:assert/strict";
 *
 * // A chunk of the mean length weighs 1; longer TPs weigh more, longer FPs less.
 * assert.equal(chunkWeight(2, CORPUS_WEIGHTS.tp, 2, false), 1);
 * assert.ok(chunkWeight(3, CORPUS_WEIGHTS.tp, 2, false) > 1);
 * assert.ok(chunkWeight(3, CORPUS_WEIGHTS.fp, 2, true) < 1);
 * ```
 *
 * @param length The chunk's length.
 * @param c The curve.
 * @param bias The bias b.
 * @param reverse True for FP chunks.
 * @returns The weight.
 */
export function chunkWeight(
  length: number,
  c: WeightCurve,
  bias: number,
  reverse: boolean,
): number {
  if (c.min === c.max) return c.min;
  const w = c.alpha *
    (1 / (1 + (c.alpha - 1) * Math.exp(reverse ? length - bias : -length + bias)));
  return Math.min(Math.max(w, c.min), c.max);
}
