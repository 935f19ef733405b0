/**
 * The MaxMatch (M2) metric (Dahlmeier & Ng 2012), reproducing the NUS m2scorer 3.2 number
 * for number: edits extracted by the edit lattice, counts per annotator, and the reference's
 * greedy choice of annotator against the running corpus totals.
 *
 * Where the tricky parts live, in this folder:
 * - `lattice.ts`: the edit lattice, its merged edges, gold-aware weights and the shortest
 *   path with the reference's tie-breaks, in polynomial time; past a size budget an implicit
 *   search with the same optimum (the sentence then carries a warning).
 * - this file: gold edits per annotator (with the reference's shrinking of edits), the
 *   annotator choice against the running totals, P/R/F with Python's float printing.
 * - `trace.ts`: the per-sentence trace that `m2scorer -v` prints, byte for byte.
 * Python number printing is shared in `util/python_number.ts`.
 *
 * @module
 */

import { fBeta, prf } from "../../edits/prf.ts";
import { sortAnnotators } from "../../formats/m2.ts";
import { InputError } from "../../plugins/errors.ts";
import type {
  Explanation,
  GoldSentence,
  Metric,
  OptionSpec,
  Score,
  Tokens,
} from "../../plugins/types.ts";
import {
  bestEditSequence,
  buildEditGraph,
  type EditGraph,
  implicitEditSequence,
  type M2Edit,
  type M2GoldEdit,
  MergedEdgeBudgetError,
  releaseFallbackLattice,
} from "./lattice.ts";
import { pyRepr, python2DictOrder } from "../../util/python_number.ts";
import { creditedGold, m2TypeBreakdown, type M2TypedSentence } from "./types.ts";

/** M2 options (names as on the command line: `--opt m2.beta=1`). */
export interface M2Options {
  /** The F-score's beta: recall weighs beta times as much as precision. */
  beta: number;
  /** Most unchanged tokens a merged system edit may contain. */
  max_unchanged_words: number;
  /** Drop system edits that only change whitespace or casing. */
  ignore_whitespace_casing: boolean;
  /** Metric options are a flat record of values. */
  [key: string]: number | boolean | string;
}

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

/** One annotator's view of one sentence: the chosen system edits and what matched. */
export interface M2AnnotatorResult {
  /** Annotator id. */
  annotator: string;
  /** Gold edits of this annotator, as the reference compares them. */
  gold: M2GoldEdit[];
  /** The system edits chosen for this annotator, left to right. */
  edits: M2Edit[];
  /** The system edits that matched a gold edit (an edit matching twice is listed twice). */
  correct: M2Edit[];
  /** The reference's verbose marks for matched insertions/deletions next to each other. */
  marks: string[];
  /** Set when the sentence's edit lattice was past the merged-edge budget: the edits are an
   * optimal sequence for the reference's weights, but a tie among equal-cost sequences may be
   * broken differently from the reference. */
  warning?: string;
}

const M2_VERSION = "1.0";

/**
 * The largest edit lattice M2 scores, in cells (`(n + 1)(m + 1)` for `n` source and `m`
 * hypothesis tokens): about 1250 tokens against 1250, or 1 against 750 thousand. It bounds
 * the memory of one sentence to some 450 MB; up to 1000 tokens each a sentence scores in
 * about a second (`bench/m2_bench.ts`). Larger pairs are an {@linkcode InputError}.
 */
export const MAX_LATTICE_CELLS = 1_572_864;

/**
 * The order in which the reference walks a sentence's annotators: its `int` ids are the keys
 * of a Python 2 dict filled in order of first appearance, then copied into a second dict, and
 * it iterates that (see {@linkcode python2DictOrder}). Small consecutive ids (0, 1, 2...) come
 * out ascending; others need not (5, 8, 16 come out 8, 16, 5). Ids that are not all integers
 * (which the reference cannot read) are sorted. Two spellings of one number ("5", "05") stay
 * two annotators here, where the reference would merge them.
 *
 * @example Usage
 * ```ts
 * import { annotatorOrder } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(annotatorOrder(["1", "0"]), ["0", "1"]);
 * assert.deepEqual(annotatorOrder(["5", "8", "16"]), ["8", "16", "5"]);
 * assert.deepEqual(annotatorOrder(["b", "a"]), ["a", "b"]);
 * ```
 *
 * @param ids The sentence's annotator ids, in order of first appearance.
 * @returns The ids in the reference's order.
 */
export function annotatorOrder(ids: readonly string[]): string[] {
  if (!ids.every((id) => /^[-+]?\d+$/.test(id))) return sortAnnotators(ids);
  const first = python2DictOrder(ids.map((id) => BigInt(id))).map((i) => ids[i]);
  return python2DictOrder(first.map((id) => BigInt(id))).map((i) => first[i]);
}

/**
 * The gold edits of each annotator of a sentence, in the reference's annotator order (see
 * {@linkcode annotatorOrder}). A `noop` annotation has no edits.
 *
 * @example Usage
 * ```ts
 * import { m2GoldEdits } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = m2GoldEdits({
 *   source: ["The", "dog", "."],
 *   annotations: [
 *     { annotator: "1", edits: [], noop: true },
 *     { annotator: "0", edits: [{ start: 1, end: 2, corrections: [["dogs"]] }] },
 *   ],
 * });
 * assert.deepEqual(gold.map((g) => g.annotator), ["0", "1"]);
 * assert.deepEqual(gold[0].edits, [{ start: 1, end: 2, original: "dog", corrections: ["dogs"] }]);
 * ```
 *
 * @param sentence The gold sentence (it must carry `annotations`).
 * @returns Annotator ids with their edits.
 */
export function m2GoldEdits(
  sentence: GoldSentence,
): { annotator: string; edits: M2GoldEdit[] }[] {
  const annotations = sentence.annotations?.length
    ? sentence.annotations
    : [{ annotator: "0", edits: [] }];
  const byId = new Map(annotations.map((a) => [a.annotator, a]));
  return annotatorOrder([...byId.keys()]).map((id) => ({
    annotator: id,
    edits: byId.get(id)!.edits.map((e) => ({
      start: e.start,
      end: e.end,
      original: sentence.source.slice(e.start, e.end).join(" "),
      corrections: e.corrections.map((c) => c.join(" ")),
    })),
  }));
}

function matchEdit(e: M2Edit, g: M2GoldEdit): boolean {
  return e.start === g.start && e.end === g.end && e.original === g.original &&
    g.corrections.includes(e.correction);
}

/**
 * The reference's `shrinkEdit`: drop the tokens an edit's original and correction share at
 * both ends (how the verbose trace prints edit sequences).
 *
 * @example Usage
 * ```ts
 * import { shrinkEdit } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(shrinkEdit({ start: 45, end: 48, original: "hospital and do", correction: "the hospital and" }),
 *   { start: 45, end: 48, original: "hospital and do", correction: "the hospital and" });
 * assert.deepEqual(shrinkEdit({ start: 2, end: 4, original: "a b", correction: "a c" }),
 *   { start: 3, end: 4, original: "b", correction: "c" });
 * ```
 *
 * @param edit The edit.
 * @returns The shrunk edit.
 */
export function shrinkEdit(edit: M2Edit): M2Edit {
  const orig = edit.original.split(/\s+/).filter(Boolean);
  const corr = edit.correction.split(/\s+/).filter(Boolean);
  const min = Math.min(orig.length, corr.length);
  let i = 0;
  while (i < min && orig[i] === corr[i]) i++;
  let j = 0;
  while (j < min - i && orig[orig.length - 1 - j] === corr[corr.length - 1 - j]) j++;
  return {
    start: edit.start + i,
    end: edit.end - j,
    original: orig.slice(i, orig.length - j).join(" "),
    correction: corr.slice(i, corr.length - j).join(" "),
  };
}

/**
 * Python repr of an edit tuple, as the verbose trace prints it.
 *
 * @param e The edit.
 * @returns `(3, 4, u'at', u'on')`.
 */
export function editRepr(e: M2Edit): string {
  return `(${e.start}, ${e.end}, ${pyRepr(e.original)}, ${pyRepr(e.correction)})`;
}

/** The reference's `matchSeq`: correct edits in order, plus its verbose marks. */
function matchSequence(
  edits: readonly M2Edit[],
  gold: readonly M2GoldEdit[],
): { correct: M2Edit[]; marks: string[] } {
  const correct: M2Edit[] = [];
  const marks: string[] = [];
  let last = 0;
  for (const e of edits) {
    const from = last;
    for (let i = from; i < gold.length; i++) {
      if (!matchEdit(e, gold[i])) continue;
      correct.push(e);
      last = i + 1;
      let next = edits.filter((x) => e.end === x.start).map(shrinkEdit);
      let prev = edits.filter((x) => e.start === x.end).map(shrinkEdit);
      const keep = e.start !== e.end
        ? (x: M2Edit) => x.start === x.end
        : (x: M2Edit) => x.start < x.end && x.correction === "";
      next = next.filter(keep);
      prev = prev.filter(keep);
      const adjacent = next.length > 0 || prev.length > 0;
      const matchAdj = [...next, ...prev].some((x) => gold.some((g) => matchEdit(x, g)));
      if (e.start < e.end && e.correction.trim() === "" && adjacent) {
        marks.push(`${matchAdj ? "!" : "&"} ${editRepr(e)}`);
      } else if (e.start === e.end && adjacent) {
        marks.push(`${matchAdj ? "!" : "*"} ${editRepr(e)}`);
      }
    }
  }
  return { correct, marks };
}

function ignorable(e: M2Edit): boolean {
  return e.original.replaceAll(" ", "").toLowerCase() ===
    e.correction.replaceAll(" ", "").toLowerCase();
}

/**
 * Score one sentence against each of its annotators: the system edits the reference chooses
 * for that annotator and the ones that match.
 *
 * @example Usage
 * ```ts
 * import { m2Annotators } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const results = m2Annotators(
 *   { source: "The cat sat at mat .".split(" "), annotations: [{ annotator: "0", edits: [
 *     { start: 3, end: 4, corrections: [["on"]] },
 *     { start: 4, end: 4, corrections: [["the"], ["a"]] },
 *   ] }] },
 *   "A cat sat on the mat .".split(" "),
 * );
 * assert.equal(results[0].edits.length, 3);
 * assert.equal(results[0].correct.length, 2);
 * ```
 *
 * @param gold The gold sentence.
 * @param hypothesis The system's tokens.
 * @param options M2 options (defaults when omitted).
 * @returns One result per annotator, in the reference's order.
 */
export function m2Annotators(
  gold: GoldSentence,
  hypothesis: Tokens,
  options: Partial<M2Options> = {},
): M2AnnotatorResult[] {
  const opts = { ...M2_DEFAULTS, ...options };
  const cells = (gold.source.length + 1) * (hypothesis.length + 1);
  if (cells > MAX_LATTICE_CELLS) {
    const where = gold.line === undefined ? "a sentence" : `sentence at gold line ${gold.line}`;
    throw new InputError(
      `m2: ${where}: a ${gold.source.length}-token source against a ${hypothesis.length}-token ` +
        `hypothesis needs an edit lattice of ${cells} cells, more than the ${MAX_LATTICE_CELLS} ` +
        "M2 bounds itself to (about 1250 tokens each)",
    );
  }
  // An unchanged sentence has a lattice that is one diagonal of no-change steps: no edits,
  // whatever the gold (a gold edit that changes nothing can only reward a no-change step).
  const unchanged = hypothesis.length === gold.source.length &&
    hypothesis.every((token, i) => token === gold.source[i]);
  let graph: EditGraph | undefined, warning: string | undefined;
  try {
    graph = unchanged
      ? undefined
      : buildEditGraph(gold.source, hypothesis, opts.max_unchanged_words);
  } catch (error) {
    if (!(error instanceof MergedEdgeBudgetError)) throw error;
    // Too large to list the merged edges: an implicit search with the same optimum.
    const where = gold.line === undefined ? "a sentence" : `sentence at gold line ${gold.line}`;
    warning = `${where}: ${error.message}; it was scored with an optimal edit sequence whose ` +
      "choice among equal-cost sequences may differ from m2scorer's";
  }
  const results = m2GoldEdits(gold).map(({ annotator, edits: goldEdits }) => {
    let edits = graph
      ? bestEditSequence(graph, goldEdits)
      : warning
      ? implicitEditSequence(gold.source, hypothesis, opts.max_unchanged_words, goldEdits).edits
      : [];
    if (opts.ignore_whitespace_casing) edits = edits.filter((e) => !ignorable(e));
    const { correct, marks } = matchSequence(edits, goldEdits);
    return warning
      ? { annotator, gold: goldEdits, edits, correct, marks, warning }
      : { annotator, gold: goldEdits, edits, correct, marks };
  });
  if (warning) releaseFallbackLattice();
  return results;
}

const typedCache = new WeakMap<
  GoldSentence,
  WeakMap<Tokens, { key: string; typed: Map<string, M2TypedSentence> }>
>();

/** Per annotator of a sentence: its gold edits' types and how often the system matched each. */
function typedGold(
  gold: GoldSentence,
  hypothesis: Tokens,
  options: M2Options,
): Map<string, M2TypedSentence> {
  const key = JSON.stringify([
    options.max_unchanged_words,
    options.ignore_whitespace_casing,
  ]);
  let byHyp = typedCache.get(gold);
  if (!byHyp) typedCache.set(gold, byHyp = new WeakMap());
  const hit = byHyp.get(hypothesis);
  if (hit && hit.key === key) return hit.typed;
  const typed = new Map<string, M2TypedSentence>();
  for (const result of m2Annotators(gold, hypothesis, options)) {
    const own = gold.annotations?.find((a) => a.annotator === result.annotator)?.edits ?? [];
    typed.set(result.annotator, {
      types: result.gold.map((_, j) => own[j]?.type),
      credit: creditedGold(result.edits, result.gold),
    });
  }
  byHyp.set(hypothesis, { key, typed });
  return typed;
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
  counts.forEach(([c, p, g], index) => {
    const cl = totals[0] + c, pl = totals[1] + p, gl = totals[2] + g;
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
  });
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

const M2_DEFAULTS: M2Options = {
  beta: 0.5,
  max_unchanged_words: 2,
  ignore_whitespace_casing: false,
};

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
export const m2Metric: Metric<M2Options, M2Stats, M2Score> = {
  id: "m2",
  description: "MaxMatch (M2): F-beta of system edits matching gold edits (NUS m2scorer 3.2)",
  version: M2_VERSION,
  defaults: M2_DEFAULTS,
  optionSpecs: M2_OPTION_SPECS,
  needs: ["annotations"],
  headline: "f",
  columns: ["tp", "fp", "fn", "precision", "recall", "f"],
  compactColumns: ["precision", "recall", "f"],
  sentenceIsCorpusOfOne: true,
  stats(gold, hypothesis, options) {
    const results = m2Annotators(gold, hypothesis, options);
    const stats: M2Stats = {
      annotators: results.map((r) => r.annotator),
      counts: results.map((r) => [r.correct.length, r.edits.length, r.gold.length]),
    };
    if (results[0]?.warning) stats.warnings = [results[0].warning];
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
          const [c, p, g] = s.counts[index];
          totals[0] += c;
          totals[1] += p;
          totals[2] += g;
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
    // edits the chosen system edits match (recomputed from the text, as the statistics hold
    // counts only; cached per sentence, so resampled corpora reuse the work).
    const { chosen } = m2Replay(stats, options.beta);
    return m2TypeBreakdown(stats.map((s, i) => {
      const k = chosen[i];
      if (k < 0 || s.counts[k][2] === 0) return { types: [], credit: [] };
      return typedGold(gold[i], hypotheses[i], options).get(s.annotators[k]) ??
        { types: [], credit: [] };
    }));
  },
  orderSensitive: true,
  resampler(stats, options) {
    // The greedy replay of m2Replay/chooseAnnotator on flat arrays: same comparisons, same
    // floating-point expressions, so the same choices and totals.
    const n = stats.length;
    const start = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) start[i + 1] = start[i] + 3 * stats[i].counts.length;
    const flat = new Float64Array(start[n]);
    stats.forEach((s, i) => s.counts.forEach((c, a) => flat.set(c, start[i] + 3 * a)));
    const warned = stats.some((s) => s.warnings?.length);
    const beta = options.beta;
    const sq = beta * beta;
    return (indices) => {
      let tc = 0, tp = 0, tg = 0;
      for (let k = 0; k < indices.length; k++) {
        const i = indices[k];
        let chosen = -1, fMax = -1, maxC = -1, minP = Infinity, minG = Infinity;
        for (let a = start[i]; a < start[i + 1]; a += 3) {
          const cl = tc + flat[a], pl = tp + flat[a + 1], gl = tg + flat[a + 2];
          const f = m2CountF(cl, pl, gl, beta);
          if (
            fMax < f || (fMax === f && maxC < cl) ||
            (fMax === f && maxC === cl && minP + sq * minG > pl + sq * gl)
          ) {
            chosen = a;
            fMax = f;
            maxC = cl;
            minP = pl;
            minG = gl;
          }
        }
        if (chosen >= 0) {
          tc += flat[chosen];
          tp += flat[chosen + 1];
          tg += flat[chosen + 2];
        }
      }
      const score = m2Score(tc, tp, tg, beta);
      if (!warned) return score;
      const warnings = Array.from(indices).flatMap((i) => stats[i].warnings ?? []);
      return warnings.length ? { ...score, warnings } : score;
    };
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
      } gold (annotator ${best.annotator})`,
      blocks: [
        {
          title: `System edits (chosen for annotator ${best.annotator})`,
          table: [
            ["span", "original", "correction", "matches gold"],
            ...best.edits.map((e) => {
              const g = best.gold.find((g) => matchEdit(e, g));
              return [span(e), show(e.original), show(e.correction), g ? "yes" : "no"];
            }),
          ],
        },
        {
          title: `Gold edits of annotator ${best.annotator}`,
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
          title: "Annotators (chosen: highest F against zero running totals)",
          table: [
            ["annotator", "correct", "proposed", "gold", "chosen"],
            ...results.map((r, i) => [
              r.annotator,
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
};
