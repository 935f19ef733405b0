/**
 * The MaxMatch (M2) metric (Dahlmeier & Ng 2012), reproducing the NUS m2scorer 3.2 number
 * for number: edits extracted by the edit lattice, counts per annotator, and the reference's
 * greedy choice of annotator against the running corpus totals.
 *
 * Where the tricky parts live, in this folder, one stage per file:
 * - `lattice.ts`: the edit lattices (and the module doc on how the reference's choice is made
 *   in polynomial time), their Levenshtein matrices on a band of cells in `band.ts`;
 *   `edit_graph.ts`: the merged edges and default weights, without the unchanged prefix and
 *   suffix that cannot change the choice;
 *   `best_path.ts`: gold-aware weights and the shortest path with the reference's tie-breaks;
 *   `fallback.ts`: past a size budget, an implicit search with the same optimum (the sentence
 *   then carries a warning).
 * - `annotators.ts`: gold edits per annotator (with the reference's shrinking of edits) and
 *   the system edits chosen and matched for each.
 * - this file: the annotator choice against the running totals, P/R/F with Python's float
 *   printing, the metric plugin.
 * - `trace.ts`: the per-sentence trace that `m2scorer -v` prints, byte for byte.
 * Python number printing is shared in `util/python_number.ts`.
 *
 * @module
 */

import { withSentenceMean } from "../../plugins/aggregate.ts";
import { fBeta, prf } from "../../edits/prf.ts";
import type {
  Explanation,
  GoldSentence,
  Metric,
  OptionSpec,
  Score,
  Tokens,
} from "../../plugins/types.ts";
import {
  M2_DEFAULTS,
  m2AnnotatorCounts,
  m2Annotators,
  type M2Options,
  m2UnchangedCounts,
  matchEdit,
} from "./annotators.ts";
import { m2TypeBreakdown } from "./types.ts";
import { RecentMemo } from "../../util/recent_memo.ts";
import { headlineValue } from "../../plugins/headline.ts";
import { flatCounts, replayRows } from "./replay.ts";
import { chosenTyped } from "./typed_gold.ts";

export {
  annotatorOrder,
  editRepr,
  type M2AnnotatorResult,
  m2Annotators,
  m2GoldEdits,
  type M2Options,
  MAX_LATTICE_CELLS,
  shrinkEdit,
} from "./annotators.ts";
export type { M2Edit, M2GoldEdit } from "./lattice.ts";

/**
 * Per-sentence statistics: for each annotator of the sentence (in the reference's order),
 * `[correct, proposed, gold]`.
 */
export interface M2Stats {
  /** Annotator ids, in the order the reference tries them. */
  annotators: string[];
  /** `[correct, proposed, gold]` per annotator. */
  counts: [number, number, number][];
  /** Present when the sentence could not be scored exactly as the reference (see
   * {@linkcode M2AnnotatorResult.warning}). */
  warnings?: string[];
}

/** An M2 score: counts and unrounded rates. */
export interface M2Score extends Score {
  /** Correct system edits (matched gold edits). */
  tp: number;
  /** Proposed edits that were not correct. */
  fp: number;
  /** Gold edits that were not matched. */
  fn: number;
  /** tp / proposed (1 when nothing was proposed). */
  precision: number;
  /** tp / gold (1 when there is no gold edit). */
  recall: number;
  /** F-beta of precision and recall. */
  f: number;
  /** The beta used. */
  beta: number;
  /** Present (non-empty) when some sentence's edits may differ from the reference's. */
  warnings?: string[];
}

const M2_VERSION = "1.0";

/**
 * Statistics already computed, per gold sentence, by {@linkcode statsKey}: of the current
 * sentence while scoring goes sentence by sentence, of every sentence once it comes back to
 * one (system by system; see {@linkcode RecentMemo}).
 */
const statsCache = new RecentMemo<
  GoldSentence,
  Map<string, { source: Tokens; annotations: GoldSentence["annotations"]; stats: M2Stats }>
>(1);

/**
 * What M2's statistics of a sentence depend on besides the gold: the hypothesis and the
 * options that shape the edits. Exact: `m2Annotators` re-splits the tokens on Unicode
 * whitespace, and two token lists with the same count and the same space-joined text split
 * to the same tokens (either neither holds whitespace, and the join then determines them, or
 * both do, and the split of the joined text is the result).
 */
function statsKey(hypothesis: Tokens, options: M2Options): string {
  return `${options.max_unchanged_words}|${options.ignore_whitespace_casing ? 1 : 0}|` +
    `${hypothesis.length}|${hypothesis.join(" ")}`;
}

function copyStats(stats: M2Stats): M2Stats {
  const copy: M2Stats = {
    annotators: stats.annotators.slice(),
    counts: stats.counts.map((c) => [c[0], c[1], c[2]]),
  };
  if (stats.warnings) copy.warnings = stats.warnings.slice();
  return copy;
}

/**
 * F-beta from counts as the reference's annotator choice computes it (zero denominator:
 * 1 when nothing is correct, else 0).
 *
 * @param c Correct.
 * @param e Proposed.
 * @param g Gold.
 * @param b Beta.
 * @returns F-beta.
 */
export function m2CountF(c: number, e: number, g: number, b: number): number {
  return fBeta(c, e - c, g - c, b, "m2scorer-counts");
}

/**
 * The reference's greedy annotator choice: the index of the annotator whose counts, added to
 * the running totals, give the highest F (ties: more correct, then smaller
 * `proposed + beta^2 gold`, then the earlier annotator).
 *
 * @example Usage
 * ```ts
 * import { chooseAnnotator } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(chooseAnnotator([2, 3, 2], [[0, 0, 1], [0, 0, 0]], 0.5), 1);
 * ```
 *
 * @param totals Running `[correct, proposed, gold]`.
 * @param counts `[correct, proposed, gold]` per annotator.
 * @param beta Beta.
 * @returns The chosen index.
 */
export function chooseAnnotator(
  totals: readonly number[],
  counts: readonly (readonly number[])[],
  beta: number,
): number {
  const sq = beta * beta;
  let chosen = -1, fMax = -1, maxC = -1, minP = Infinity, minG = Infinity;
  // Indexed, not destructured: this runs for every sentence of every system.
  for (let index = 0; index < counts.length; index++) {
    const count = counts[index];
    const cl = totals[0] + count[0], pl = totals[1] + count[1], gl = totals[2] + count[2];
    const f = m2CountF(cl, pl, gl, beta);
    if (
      fMax < f || (fMax === f && maxC < cl) ||
      (fMax === f && maxC === cl && minP + sq * minG > pl + sq * gl)
    ) {
      chosen = index;
      fMax = f;
      maxC = cl;
      minP = pl;
      minG = gl;
    }
  }
  return chosen;
}

/**
 * P, R and F as the reference prints them at the end, from corpus counts.
 *
 * @param c Correct.
 * @param p Proposed.
 * @param g Gold.
 * @param beta Beta.
 * @returns The score object.
 */
export function m2Score(c: number, p: number, g: number, beta: number): M2Score {
  const { precision, recall, f } = prf({ tp: c, fp: p - c, fn: g - c }, { beta });
  return { tp: c, fp: p - c, fn: g - c, precision, recall, f, beta };
}

/**
 * Replay the reference's greedy choice over sentence statistics in corpus order.
 *
 * @param stats Per-sentence statistics.
 * @param beta Beta.
 * @returns The chosen annotator index per sentence and the totals.
 */
export function m2Replay(
  stats: readonly M2Stats[],
  beta: number,
): { chosen: number[]; totals: [number, number, number] } {
  const totals: [number, number, number] = [0, 0, 0];
  const chosen: number[] = [];
  for (const s of stats) {
    const index = chooseAnnotator(totals, s.counts, beta);
    chosen.push(index);
    if (index >= 0) {
      const [c, p, g] = s.counts[index];
      totals[0] += c;
      totals[1] += p;
      totals[2] += g;
    }
  }
  return { chosen, totals };
}

const M2_OPTION_SPECS: { [K in keyof M2Options]?: OptionSpec } = {
  beta: { description: "F-score beta: weight of recall against precision", min: 0, max: 1000 },
  max_unchanged_words: {
    description: "Most unchanged tokens a merged system edit may contain",
    min: 0,
    integer: true,
  },
  ignore_whitespace_casing: {
    description: "Drop system edits that only change whitespace or casing",
  },
};

function fmt(x: number): string {
  return x.toFixed(4);
}

/**
 * The M2 metric plugin (id `m2`, headline `f`).
 *
 * @example Usage
 * ```ts
 * import { m2Metric } from "./mod.ts";
 * import { readGold } from "../../builtin.ts";
 * import { readSentences } from "../../formats/text.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const hyp = await readSentences("tests/testdata/m2scorer_example_system2");
 * const options = m2Metric.defaults;
 * const stats = gold.sentences.map((s, i) => m2Metric.stats(s, hyp[i], options));
 * const score = m2Metric.corpus(stats, options);
 * assert.deepEqual([score.tp, score.fp, score.fn], [3, 1, 2]);
 * assert.equal(score.f.toFixed(4), "0.7143");
 * ```
 */
export const m2Metric: Metric<M2Options, M2Stats, M2Score> = withSentenceMean({
  id: "m2",
  description: "MaxMatch (M2): F-beta of system edits matching gold edits (NUS m2scorer 3.2)",
  version: M2_VERSION,
  defaults: M2_DEFAULTS,
  optionSpecs: M2_OPTION_SPECS,
  needs: ["annotations"],
  headline: "f",
  columns: ["tp", "fp", "fn", "precision", "recall", "f"],
  compactColumns: ["precision", "recall", "f"],
  // The column people quote as F0.5.
  columnLabels: (options) => ({ f: `F${options.beta}` }),
  // A paper's M2 columns (SentM2 for the mean of sentence scores).
  paperColumns: (options) => {
    const name = `${options.aggregate === "sentence-mean" ? "Sent" : ""}M2`;
    return { precision: `${name} P`, recall: `${name} R`, f: `${name} F${options.beta}` };
  },
  sentenceIsCorpusOfOne: true,
  stats(gold, hypothesis, options) {
    // Most hypotheses leave most sentences as they are: nothing to align.
    const unchanged = m2UnchangedCounts(gold, hypothesis);
    if (unchanged) return unchanged;
    // Systems often make the same correction: the statistics of a (gold sentence, hypothesis)
    // pair are computed once per gold sentence and copied out.
    const key = statsKey(hypothesis, options);
    let byHyp = statsCache.get(gold);
    const hit = byHyp?.get(key);
    if (hit && hit.source === gold.source && hit.annotations === gold.annotations) {
      return copyStats(hit.stats);
    }
    const { annotators, counts, warning } = m2AnnotatorCounts(gold, hypothesis, options);
    const stats: M2Stats = { annotators, counts };
    if (warning) stats.warnings = [warning];
    if (!byHyp) statsCache.set(gold, byHyp = new Map());
    byHyp.set(key, { source: gold.source, annotations: gold.annotations, stats: copyStats(stats) });
    return stats;
  },
  corpus(stats, options) {
    const { totals } = m2Replay(stats, options.beta);
    const score = m2Score(totals[0], totals[1], totals[2], options.beta);
    const warnings = stats.flatMap((s) => s.warnings ?? []);
    return warnings.length ? { ...score, warnings } : score;
  },
  accumulator(options) {
    // The replay of `m2Replay`, one sentence at a time.
    const totals: [number, number, number] = [0, 0, 0];
    const warnings: string[] = [];
    return {
      add(s) {
        const index = chooseAnnotator(totals, s.counts, options.beta);
        if (index >= 0) {
          const count = s.counts[index];
          totals[0] += count[0];
          totals[1] += count[1];
          totals[2] += count[2];
        }
        if (s.warnings) warnings.push(...s.warnings);
      },
      score() {
        const score = m2Score(totals[0], totals[1], totals[2], options.beta);
        return warnings.length ? { ...score, warnings: warnings.slice() } : score;
      },
    };
  },
  byType(stats, options, gold, hypotheses) {
    // The annotator the corpus-level replay chose for each sentence, and which of its gold
    // edits the chosen system edits match (kept by stats(), or recomputed from the text; see
    // typed_gold.ts).
    const { chosen } = m2Replay(stats, options.beta);
    return m2TypeBreakdown(stats.map((s, i) => {
      const k = chosen[i];
      if (k < 0 || s.counts[k][2] === 0) return { types: [], credit: [] };
      return chosenTyped(gold[i], hypotheses[i], options, s, k) ?? { types: [], credit: [] };
    }));
  },
  orderSensitive: true,
  resampler(stats, options) {
    // The greedy replay of m2Replay/chooseAnnotator on flat arrays (replay.ts): the same
    // choices and totals; several resamples at once through `values`.
    const lay = flatCounts(stats);
    const warned = stats.some((s) => s.warnings?.length);
    const beta = options.beta;
    const totals = new Float64Array(3);
    const score = (indices: Int32Array): M2Score => {
      let [tc, tp, tg] = [0, 0, 0];
      if (lay) {
        if (indices.length) replayRows(indices, indices.length, lay, beta, totals);
        else totals.fill(0);
        [tc, tp, tg] = totals;
      } else {
        [tc, tp, tg] = m2Replay(Array.from(indices, (i) => stats[i]), beta).totals;
      }
      const score = m2Score(tc, tp, tg, beta);
      if (!warned) return score;
      const warnings = Array.from(indices).flatMap((i) => stats[i].warnings ?? []);
      return warnings.length ? { ...score, warnings } : score;
    };
    const values = (rows: Int32Array, n: number, path: string) => {
      if (!lay || n === 0 || typeof headlineValue(m2Score(0, 0, 0, beta), path) !== "number") {
        return undefined;
      }
      const count = rows.length / n;
      const all = new Float64Array(3 * count);
      replayRows(rows, n, lay, beta, all);
      const out = new Float64Array(count);
      for (let r = 0; r < count; r++) {
        const m = m2Score(all[3 * r], all[3 * r + 1], all[3 * r + 2], beta);
        out[r] = headlineValue(m, path) as number;
      }
      return out;
    };
    return Object.assign(score, { values });
  },
  sentence(stats, options) {
    const [c, p, g] = stats.counts[chooseAnnotator([0, 0, 0], stats.counts, options.beta)] ??
      [0, 0, 0];
    return m2Score(c, p, g, options.beta);
  },
  explain(gold, hypothesis, options) {
    const results = m2Annotators(gold, hypothesis, options);
    const counts = results.map((r) =>
      [r.correct.length, r.edits.length, r.gold.length] as [number, number, number]
    );
    const chosen = chooseAnnotator([0, 0, 0], counts, options.beta);
    const best = results[chosen];
    const score = m2Score(...counts[chosen], options.beta);
    const span = (e: { start: number; end: number }) => `${e.start}-${e.end}`;
    const show = (text: string) => text === "" ? "(none)" : text;
    const explanation: Explanation = {
      summary: `M2 P ${fmt(score.precision)} R ${fmt(score.recall)} F${options.beta} ${
        fmt(score.f)
      }: ${score.tp} correct of ${score.tp + score.fp} proposed, ${
        score.tp + score.fn
      } gold (reference ${referenceNumber(best.annotator)})`,
      blocks: [
        {
          title: `System edits (chosen for reference ${referenceNumber(best.annotator)})`,
          table: [
            ["span", "original", "correction", "matches gold"],
            ...best.edits.map((e) => {
              const g = best.gold.find((g) => matchEdit(e, g));
              return [span(e), show(e.original), show(e.correction), g ? "yes" : "no"];
            }),
          ],
        },
        {
          title: `Gold edits of reference ${referenceNumber(best.annotator)}`,
          table: [
            ["span", "original", "corrections", "matched"],
            ...best.gold.map((g) => [
              span(g),
              show(g.original),
              g.corrections.map(show).join(" || "),
              best.correct.some((e) => matchEdit(e, g)) ? "yes" : "no",
            ]),
          ],
        },
        {
          title: "References (chosen: highest F against zero running totals)",
          table: [
            ["reference", "correct", "proposed", "gold", "chosen"],
            ...results.map((r, i) => [
              referenceNumber(r.annotator),
              String(counts[i][0]),
              String(counts[i][1]),
              String(counts[i][2]),
              i === chosen ? "*" : "",
            ]),
          ],
        },
      ],
    };
    if (best.warning) explanation.blocks.push({ title: "Warning", lines: [best.warning] });
    return explanation;
  },
  signature(options) {
    return `m2|beta:${options.beta}|muw:${options.max_unchanged_words}${
      options.ignore_whitespace_casing ? "|iwc:true" : ""
    }|v:${M2_VERSION}`;
  },
});

/**
 * An annotator as a person reads it: reference n + 1 for M2's 0-based annotator id n (the
 * numbering of the REPL's show, GLEU's explanation and the report); another id as it is.
 */
function referenceNumber(annotator: string): string {
  return /^\d+$/.test(annotator) ? String(Number(annotator) + 1) : annotator;
}
