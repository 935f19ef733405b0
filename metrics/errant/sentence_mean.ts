/**
 * SentERRANT's per-sentence rule (gec-metrics 0.1.1 `ERRANT.score_sentence`, whose mean is its
 * default corpus score): per sentence, the reference whose counts are best by
 * [F, TP, −FP, −FN] with F unrounded (P = 1 when FP is 0, R = 1 when FN is 0), the first
 * reference on full ties; the sentence scores F of those counts. So a sentence where the chosen
 * reference and the system both make no edit scores 1, and an unchanged system (INPUT) gets the
 * share of sentences some annotator left alone (0.3133 on CoNLL-2014). ERRANT's own sentence
 * score rounds to 4 places and breaks ties otherwise; `aggregate=sentence-mean` uses this rule.
 *
 * @module
 */

import { prf } from "../../edits/prf.ts";
import type { Score } from "../../plugins/types.ts";

/**
 * One sentence's SentERRANT score.
 *
 * @example Two annotators: the one that agrees with the system wins
 * ```ts
 * import { sentErrantSentence } from "./sentence_mean.ts";
 * import assert from "node:assert/strict";
 *
 * const stats = { hyp: ["0"], ref: ["0", "1"], counts: [[0, 1, 2], [1, 0, 0]] as [number, number, number][], cats: [] };
 * assert.deepEqual(sentErrantSentence(stats, { beta: 0.5 }), {
 *   tp: 1, fp: 0, fn: 0, precision: 1, recall: 1, f: 1,
 * });
 * ```
 *
 * @param stats The sentence's ERRANT statistics (counts per coder pair).
 * @param options Beta.
 * @returns Its score.
 */
export function sentErrantSentence(
  stats: { counts: readonly (readonly [number, number, number])[] },
  options: { beta: number },
): Score {
  let best: { key: number[]; c: readonly [number, number, number] } | undefined;
  for (const c of stats.counts) {
    const s = prf({ tp: c[0], fp: c[1], fn: c[2] }, {
      beta: options.beta,
      convention: "gec-metrics",
    });
    const key = [s.f, c[0], -c[1], -c[2]];
    if (!best || less(best.key, key)) best = { key, c };
  }
  const [tp, fp, fn] = best?.c ?? [0, 0, 0];
  const s = prf({ tp, fp, fn }, { beta: options.beta, convention: "gec-metrics" });
  return { tp, fp, fn, precision: s.precision, recall: s.recall, f: s.f };
}

function less(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i] < b[i]) return true;
    if (a[i] > b[i]) return false;
  }
  return false;
}
