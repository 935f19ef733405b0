/**
 * GREEN (Koyama et al. 2024: n-gram F-score with source, hypothesis and reference), as
 * gec-metrics 0.1.1 (`GREEN`, commit 875a2f7) computes it, digit for digit: n-grams of orders
 * 1..`n` of words or characters, TP = TD + TI + TK, FP = OD + OI, FN = UD + UI per order,
 * geometric means of the per-order P and R, F-beta (beta 2 by default).
 *
 * Stages: `ngrams.ts` (counting), `score.ts` (rates and the reference choice).
 *
 * Multiple references are never merged: per sentence the first reference is kept unless a later
 * one has a strictly higher sentence F, and the corpus adds the chosen references' counts.
 * Known quirks of the reference kept here: P_n is 1 whenever FP_n is 0 (even with no TP), and
 * a line is split on single spaces after stripping (gecscore's tokens are the same unless a line
 * holds two spaces in a row, which gec-metrics would count as an empty token).
 *
 * @module
 */

import { withSentenceMean } from "../../plugins/aggregate.ts";
import { CONLL2014_CONVENTIONS, referenceRewrites } from "../../formats/references.ts";
import { InputError } from "../../plugins/errors.ts";
import type { GoldSentence, Metric, Score, Tokens } from "../../plugins/types.ts";
import {
  greenCountsAgainst,
  type GreenUnit,
  type PreparedGold,
  prepareGold,
  units,
} from "./ngrams.ts";
import { chooseReference, greenRates } from "./score.ts";

export { Alphabet, greenCounts, greenCountsAgainst, ngramCounts, prepareGold } from "./ngrams.ts";
export { chooseReference, greenRates } from "./score.ts";

/** GREEN options. */
export type GreenOptions = {
  /** Largest n-gram order. */
  n: number;
  /** F-beta's beta. */
  beta: number;
  /** `"word"` or `"char"`. */
  unit: string;
  /** References from M2 annotations: `"plain"` or `"conll2014"` (as GLEU's option). */
  refs: string;
};

/** Per-sentence statistics: the chosen reference and its per-order counts. */
export interface GreenStats {
  /** Index of the chosen reference. */
  ref: number;
  /** `[tp_1..tp_n, fp_1..fp_n, fn_1..fn_n]` of the chosen reference. */
  counts: number[];
}

/** A GREEN score. */
export interface GreenScore extends Score {
  /** Geometric mean of the per-order precisions. */
  p: number;
  /** Geometric mean of the per-order recalls. */
  r: number;
  /** F-beta. */
  f: number;
  /** True positive n-grams, all orders. */
  tp: number;
  /** False positive n-grams, all orders. */
  fp: number;
  /** False negative n-grams, all orders. */
  fn: number;
}

const VERSION = "1.0";

function references(gold: GoldSentence, options: GreenOptions): Tokens[] {
  const refs = referenceRewrites(gold, options.refs === "conll2014" ? CONLL2014_CONVENTIONS : {});
  if (!refs.length) {
    throw new InputError("gold sentence has no reference to score GREEN", undefined, gold.line);
  }
  return refs;
}

/** Sources and references counted once per gold sentence and option set. */
const prepared = new WeakMap<GoldSentence, Map<string, PreparedGold>>();

function allCounts(gold: GoldSentence, hypothesis: Tokens, options: GreenOptions): number[][] {
  const unit = options.unit as GreenUnit;
  let byOptions = prepared.get(gold);
  if (!byOptions) prepared.set(gold, byOptions = new Map());
  const key = `${unit}|${options.n}|${options.refs}`;
  let entry = byOptions.get(key);
  if (!entry) {
    const refs = references(gold, options).map((r) => units(r, unit));
    byOptions.set(key, entry = prepareGold(units(gold.source, unit), refs, options.n));
  }
  return greenCountsAgainst(entry, units(hypothesis, unit), options.n);
}

function scoreOf(counts: readonly number[], options: GreenOptions): GreenScore {
  const n = options.n;
  const sum = (from: number) => counts.slice(from, from + n).reduce((a, b) => a + b, 0);
  return { ...greenRates(counts, options.beta), tp: sum(0), fp: sum(n), fn: sum(2 * n) };
}

function addInto(total: number[], counts: readonly number[]): void {
  for (let i = 0; i < counts.length; i++) total[i] += counts[i];
}

/**
 * The GREEN metric plugin (id `green`, headline `f`).
 *
 * @example Usage
 * ```ts
 * import { greenMetric } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = { source: "He go home".split(" "), references: ["He goes home".split(" ")] };
 * const options = greenMetric.defaults;
 * const stats = greenMetric.stats(gold, "He goes home".split(" "), options);
 * assert.equal(greenMetric.corpus([stats], options).f, 1);
 * const same = greenMetric.stats(gold, gold.source, options);
 * assert.ok(greenMetric.sentence(same, options).f < 1);
 * ```
 */
export const greenMetric: Metric<GreenOptions, GreenStats, GreenScore> = withSentenceMean({
  id: "green",
  description: "GREEN (gec-metrics 0.1.1): n-gram F-beta over source, hypothesis and reference",
  version: VERSION,
  defaults: { n: 4, beta: 2, unit: "word", refs: "plain" },
  optionSpecs: {
    n: { description: "largest n-gram order", min: 1, max: 8, integer: true },
    beta: { description: "F-score beta: weight of recall against precision", min: 0, max: 1000 },
    unit: { description: "count n-grams of words or of characters", choices: ["word", "char"] },
    refs: {
      description: "references from M2 annotations: plain, or conll2014 (skip Um edits, an " +
        "absent annotator copies the first one) as the CoNLL-2014 .trg files",
      choices: ["plain", "conll2014"],
    },
  },
  needs: ["references"],
  headline: "f",
  columns: ["p", "r", "f", "tp", "fp", "fn"],
  paperColumns: (options) => ({
    f: `${
      (options as { aggregate?: string }).aggregate === "sentence-mean" ? "Sent" : ""
    }GREEN F${options.beta}`,
  }),
  sentenceIsCorpusOfOne: true,
  stats(gold, hypothesis, options) {
    const refs = allCounts(gold, hypothesis, options);
    const ref = chooseReference(refs, options.beta);
    return { ref, counts: refs[ref] };
  },
  corpus(stats, options) {
    const total = new Array<number>(3 * options.n).fill(0);
    for (const s of stats) addInto(total, s.counts);
    return scoreOf(total, options);
  },
  sentence(stats, options) {
    return scoreOf(stats.counts, options);
  },
  accumulator(options) {
    const total = new Array<number>(3 * options.n).fill(0);
    return {
      add: (s) => addInto(total, s.counts),
      score: () => scoreOf(total, options),
    };
  },
  explain(gold, hypothesis, options) {
    const refs = allCounts(gold, hypothesis, options);
    const chosen = chooseReference(refs, options.beta);
    const n = options.n;
    const blocks = refs.map((c, i) => {
      const s = scoreOf(c, options);
      return {
        title: `Reference ${i + 1}${i === chosen ? " (chosen)" : ""}: P ${s.p.toFixed(4)} R ${
          s.r.toFixed(4)
        } F${options.beta} ${s.f.toFixed(4)}`,
        table: [
          ["order", "TP", "FP", "FN"],
          ...Array.from({ length: n }, (_, k) => [k + 1, c[k], c[n + k], c[2 * n + k]].map(String)),
        ],
      };
    });
    const s = scoreOf(refs[chosen], options);
    return {
      summary:
        `GREEN ${options.unit} n=${n}: F${options.beta} ${s.f.toFixed(4)} (P ${s.p.toFixed(4)}, R ${
          s.r.toFixed(4)
        }; reference ${chosen + 1} of ${refs.length}: the first unless a later ` +
        `one scores strictly higher)`,
      blocks,
    };
  },
  signature(o) {
    return `green|n:${o.n}|beta:${o.beta}|unit:${o.unit}|refs:${o.refs}|v:${VERSION}`;
  },
});
