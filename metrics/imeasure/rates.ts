/**
 * I-measure rates from counts (P, R, F, accuracy, WAcc, I per aspect), `ieval.py`'s
 * comparison key and choice of a candidate reference, and scores from totals.
 *
 * @module
 */

import { prf } from "../../edits/prf.ts";
import type {
  ImeasureAspectScore,
  ImeasureOptions,
  ImeasureScore,
  ImeasureStats,
} from "./types.ts";

const METRIC_NAMES = ["tp", "tn", "fp", "fn", "p", "r", "f", "acc", "wacc", "i"] as const;
export const MAX_CHOICES: string[] = ["d", "c"].flatMap((a) => METRIC_NAMES.map((m) => a + m));

interface Rates {
  tp: number;
  tn: number;
  fp: number;
  fn: number;
  p: number;
  r: number;
  f: number;
  acc: number;
  wacc: number;
  i: number;
  accBase: number;
  waccBase: number;
  fpn: number;
}

function wacc(c: readonly number[], o: number, w: number): number {
  const tp = c[o], tn = c[o + 1], fp = c[o + 2], fn = c[o + 3], fpn = c[o + 4];
  const den = w * (tp + fp) + tn + fn - (w + 1) * (fpn / 2);
  return den === 0 ? 1 : (w * tp + tn) / den;
}

function accuracy(c: readonly number[], o: number): number {
  const tp = c[o], tn = c[o + 1], fp = c[o + 2], fn = c[o + 3], fpn = c[o + 4];
  const den = tp + tn + fp + fn - fpn;
  return den === 0 ? 1 : (tp + tn) / den;
}

function improvement(sys: number, base: number): number {
  if (sys === base) return Math.floor(sys);
  return sys > base ? (sys - base) / (1 - base) : sys / base - 1;
}

/** Rates of one aspect (`o` = 0 detection, 5 correction) of a 20-count vector. */
export function rates(c: readonly number[], o: number, beta: number, w: number): Rates {
  const tp = c[o], tn = c[o + 1], fp = c[o + 2], fn = c[o + 3], fpn = c[o + 4];
  const { precision: p, recall: r, f } = prf({ tp, fp, fn }, { beta, convention: "imeasure" });
  const wa = wacc(c, o, w);
  const waccBase = wacc(c, o + 10, w);
  return {
    tp,
    tn,
    fp,
    fn,
    fpn,
    p,
    r,
    f,
    acc: accuracy(c, o),
    wacc: wa,
    i: improvement(wa, waccBase),
    accBase: accuracy(c, o + 10),
    waccBase,
  };
}

/** The comparison key of `ieval.py`: maximised metric, I, WAcc, Acc, for both aspects. */
function key(c: readonly number[], options: ImeasureOptions): number[] {
  const aspect = options.max[0] === "d" ? 0 : 5;
  const m = options.max.slice(1) as keyof Rates;
  const a = rates(c, aspect, options.beta, options.w);
  const b = rates(c, 5 - aspect, options.beta, options.w);
  return [a[m], a.i, a.wacc, a.acc, b[m], b.i, b.wacc, b.acc];
}

function greater(x: readonly number[], y: readonly number[]): boolean {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
}

/** Index of the best candidate against running totals (all zero for a sentence choice). */
export function choose(
  candidates: readonly number[][],
  totals: readonly number[] | undefined,
  options: ImeasureOptions,
): number {
  // One candidate is chosen whatever its key.
  if (candidates.length <= 1) return 0;
  let best = 0;
  let bestKey: number[] = new Array(8).fill(-1);
  candidates.forEach((cand, n) => {
    const k = key(totals ? cand.map((v, i) => v + totals[i]) : cand, options);
    if (greater(k, bestKey)) best = n, bestKey = k;
  });
  return best;
}

function aspectScore(
  c: readonly number[],
  o: number,
  options: ImeasureOptions,
): ImeasureAspectScore {
  const r = rates(c, o, options.beta, options.w);
  return {
    tp: r.tp,
    tn: r.tn,
    fp: r.fp,
    fn: r.fn,
    fpn: r.fpn,
    precision: r.p,
    recall: r.r,
    f: r.f,
    beta: options.beta,
    accuracy: r.acc,
    accuracy_base: r.accBase,
    wacc: r.wacc,
    wacc_base: r.waccBase,
    i: r.i,
  };
}

export function scoreOf(totals: readonly number[], options: ImeasureOptions, warnings: string[]) {
  const score: ImeasureScore = {
    correction: aspectScore(totals, 5, options),
    detection: aspectScore(totals, 0, options),
  };
  if (warnings.length) score.warnings = warnings;
  return score;
}

/** Total counts (20 integers) of the chosen candidates of a corpus. */
export function chosenTotals(stats: readonly ImeasureStats[], options: ImeasureOptions): number[] {
  const totals = new Array(20).fill(0);
  for (const s of stats) {
    const pick = options.opt === "corpus" ? choose(s.candidates, totals, options) : s.best;
    const c = s.candidates[pick];
    for (let i = 0; i < 20; i++) totals[i] += c[i];
  }
  return totals;
}
