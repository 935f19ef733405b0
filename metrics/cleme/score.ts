/**
 * CLEME's scoring stage: weighted counts per reference, the corpus scorer (reference chosen per
 * sentence against the running totals) and the sentence scorer (reference chosen per sentence
 * alone, scores averaged), as THUKElab/CLEME v1.0 (5fc7617, `cleme/scorers`) and v1.1 (e90abea,
 * `PRFEditScorer`) compute them. P, R and F are rounded to 4 places before any comparison
 * (`prf` with the `cleme` convention), accuracy too.
 *
 * Version differences kept: v1.0 rounds the corpus counts to 2 places and the sentence means
 * to 4; v1.0's sentence scorer breaks full ties towards the *lower* accuracy, v1.1's towards
 * the higher; v1.1 leaves the sentence means unrounded.
 *
 * @module
 */

import { fBeta, prf } from "../../edits/prf.ts";
import { numpyMean } from "../../util/numpy_sum.ts";
import { pyRound } from "../../util/python_round.ts";
import { chunkWeight, type WeightConfig } from "./weight.ts";

/** Per reference: the lengths of the TP, FP and FN chunks (in chunk order) and the TN count. */
export interface ClemeRefStats {
  /** Lengths of the true positive chunks. */
  tp: number[];
  /** Lengths of the false positive chunks. */
  fp: number[];
  /** Lengths of the false negative chunks. */
  fn: number[];
  /** True negative chunks. */
  tn: number;
}

/** Per-sentence statistics of CLEME. */
export interface ClemeStats {
  /** One entry per reference (dependent) or one entry (independent). */
  refs: ClemeRefStats[];
  /** `[sum of lengths, count]` of the references' changed chunks (for the bias). */
  changed: [number, number];
}

/** Weighted counts. */
export interface ClemeCounts {
  /** True positives. */
  tp: number;
  /** False positives. */
  fp: number;
  /** False negatives. */
  fn: number;
  /** True negatives. */
  tn: number;
}

/** A CLEME score. */
export interface ClemeScore extends ClemeCounts {
  /** Precision (4 places). */
  p: number;
  /** Recall (4 places). */
  r: number;
  /** F-beta (4 places). */
  f: number;
  /** Accuracy (tp + tn) / all (4 places). */
  acc: number;
  /** The length-weighting bias b used (0 without weighting). */
  bias: number;
  /** Sentences averaged (sentence-mean only). */
  sentences?: number;
  [key: string]: unknown;
}

/**
 * The bias: the mean length of the references' changed chunks (0 when there are none).
 *
 * @param stats Statistics.
 * @returns b.
 */
export function clemeBias(stats: readonly ClemeStats[]): number {
  let sum = 0, count = 0;
  for (const s of stats) {
    sum += s.changed[0];
    count += s.changed[1];
  }
  return count ? sum / count : 0;
}

/**
 * A reference's weighted counts, summed in chunk order.
 *
 * @param ref The reference's statistics.
 * @param config The weighting curves.
 * @param bias b.
 * @returns The counts.
 */
export function weighted(ref: ClemeRefStats, config: WeightConfig, bias: number): ClemeCounts {
  let tp = 0, fp = 0, fn = 0;
  for (const l of ref.tp) tp += chunkWeight(l, config.tp, bias, false);
  for (const l of ref.fp) fp += chunkWeight(l, config.fp, bias, true);
  for (const l of ref.fn) fn += chunkWeight(l, config.fn, bias, false);
  return { tp, fp, fn, tn: ref.tn };
}

function rates(c: ClemeCounts, beta: number): { p: number; r: number; f: number; acc: number } {
  const s = prf(c, { beta, convention: "cleme" });
  const all = c.tp + c.fp + c.fn + c.tn;
  return { p: s.precision, r: s.recall, f: s.f, acc: pyRound(all ? (c.tp + c.tn) / all : 0, 4) };
}

/** `a > b` comparing lists element by element (CLEME's `gt_numbers`). */
function greater(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i] > b[i]) return true;
    if (a[i] < b[i]) return false;
  }
  return false;
}

/** Options the scorers need. */
export interface ScorerOptions {
  /** F beta. */
  beta: number;
  /** `"1.0"` or `"1.1"`. */
  version: string;
}

/**
 * The corpus scorer: per sentence the reference whose counts, added to the running totals,
 * give the highest (rounded) F, then more TP, fewer FP, fewer FN, more TN; first wins ties.
 *
 * @param counts Per sentence, per reference weighted counts.
 * @param options Beta and version.
 * @param bias b (reported).
 * @returns The score and the chosen reference per sentence.
 */
export function clemeCorpus(
  counts: readonly (readonly ClemeCounts[])[],
  options: ScorerOptions,
  bias: number,
): { score: ClemeScore; chosen: number[] } {
  const total = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const chosen: number[] = [];
  for (const refs of counts) {
    let best = [-1, 0, 0, 0, 0], pick = -1;
    refs.forEach((c, k) => {
      const f = fBeta(total.tp + c.tp, total.fp + c.fp, total.fn + c.fn, options.beta, "cleme");
      const key = [f, c.tp, -c.fp, -c.fn, c.tn];
      if (greater(key, best)) [best, pick] = [key, k];
    });
    chosen.push(pick);
    if (pick < 0) continue;
    const c = refs[pick];
    total.tp += c.tp;
    total.fp += c.fp;
    total.fn += c.fn;
    total.tn += c.tn;
  }
  const r2 = (x: number) => options.version === "1.0" ? pyRound(x, 2) : x;
  const score: ClemeScore = {
    ...rates(total, options.beta),
    tp: r2(total.tp),
    fp: r2(total.fp),
    fn: r2(total.fn),
    tn: r2(total.tn),
    bias,
  };
  return { score, chosen };
}

/** One sentence's best reference under the sentence scorer: its rates and counts. */
export interface SentenceChoice extends ClemeCounts {
  /** Rounded precision. */
  p: number;
  /** Rounded recall. */
  r: number;
  /** Rounded F. */
  f: number;
  /** Rounded accuracy. */
  acc: number;
  /** The chosen reference. */
  ref: number;
}

/**
 * The sentence scorer's choice for one sentence: highest F, then P, then R, then accuracy
 * (v1.1: higher; v1.0: lower), all rounded to 4 places; the first reference wins full ties.
 *
 * @param refs The sentence's per-reference counts.
 * @param options Beta and version.
 * @returns The choice.
 */
export function sentenceChoice(
  refs: readonly ClemeCounts[],
  options: ScorerOptions,
): SentenceChoice {
  let best: SentenceChoice = { p: -1, r: -1, f: -1, acc: -1, tp: 0, fp: 0, fn: 0, tn: 0, ref: -1 };
  refs.forEach((c, k) => {
    const x = rates(c, options.beta);
    const better = options.version === "1.0"
      ? greater([x.f, x.p, x.r, -x.acc], [
        best.f,
        best.p,
        best.r,
        best.ref < 0 ? -Infinity : -best.acc,
      ])
      : greater([x.f, x.p, x.r, x.acc], [best.f, best.p, best.r, best.acc]);
    if (better) best = { ...x, ...c, ref: k };
  });
  return best;
}

/**
 * The sentence scorer over a corpus: the mean of each sentence's best P, R, F and accuracy
 * (v1.0 rounds the means to 4 places), with the chosen references' counts summed.
 *
 * @param choices Each sentence's choice.
 * @param options Version.
 * @param bias b (reported).
 * @returns The score.
 */
export function clemeSentenceMean(
  choices: readonly SentenceChoice[],
  options: ScorerOptions,
  bias: number,
): ClemeScore {
  const total = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const c of choices) {
    total.tp += c.tp;
    total.fp += c.fp;
    total.fn += c.fn;
    total.tn += c.tn;
  }
  const mean = (k: "p" | "r" | "f" | "acc") => {
    const m = choices.length ? numpyMean(choices.map((c) => c[k])) : 0;
    return options.version === "1.0" ? pyRound(m, 4) : m;
  };
  return {
    p: mean("p"),
    r: mean("r"),
    f: mean("f"),
    acc: mean("acc"),
    ...total,
    bias,
    sentences: choices.length,
  };
}
