/**
 * The ERRANT metric (Bryant et al. 2017), reproducing `errant_compare` of ERRANT v3.0.2: the
 * system's own edits (from a hypothesis M2, as `errant_parallel` writes it) are compared with
 * each gold annotator's edits, by span and correction (`cs`, the default), span, correction
 * and type (`cse`), span (`ds`) or token (`dt`); per sentence, the hypothesis/gold coder pair
 * is chosen greedily against the running corpus totals with ERRANT's rounded F and
 * tie-breaks. Precision, recall and F are rounded to 4 places as ERRANT computes them (the
 * rounding is part of its definition: the annotator choice compares rounded F).
 *
 * ERRANT classifies edits with spaCy; this metric does not re-annotate text, so it needs the
 * hypothesis edits (`needsHypothesisEdits`).
 *
 * @module
 */

import { withSentenceMean } from "../../plugins/aggregate.ts";
import { sentErrantSentence } from "./sentence_mean.ts";
import { InputError } from "../../plugins/errors.ts";
import type {
  Annotation,
  Edit,
  Explanation,
  GoldSentence,
  Metric,
  OptionSpec,
  Score,
  TypeBreakdown,
} from "../../plugins/types.ts";
import {
  addChosen,
  type CategoryCounts,
  choosePair,
  type CoderEdits,
  compareEdits,
  editOptions,
  ERRANT_TITLES,
  type ErrantEdit,
  type ErrantEditOptions,
  errantF,
  type ErrantOptions,
  groupCategories,
  MODES,
  processEdits,
} from "./compare.ts";
import { pyStr, pyTupleRepr } from "./python.ts";

export type {
  CategoryCounts,
  ErrantEdit,
  ErrantEditOptions,
  ErrantMode,
  ErrantOptions,
} from "./compare.ts";
export type { ErrantBlock } from "./read.ts";
export type { ErrantCompareOptions } from "./report.ts";
export { editOptions, ERRANT_TITLES, groupCategories } from "./compare.ts";
export { readErrantBlocks } from "./read.ts";
export { errantCompareText } from "./report.ts";

/**
 * Per-sentence statistics: the counts of every hypothesis/gold coder pair, in ERRANT's
 * order (hypothesis coders outer, gold coders inner, each in first-seen order). The corpus
 * score replays ERRANT's greedy choice over them.
 */
export interface ErrantStats {
  /** Hypothesis coder ids. */
  hyp: string[];
  /** Gold coder ids. */
  ref: string[];
  /** `[tp, fp, fn]` per pair. */
  counts: [number, number, number][];
  /** Counts per full error type per pair. */
  cats: CategoryCounts[];
}

/** Counts and ERRANT's rounded rates. */
export interface ErrantCounts extends Score {
  /** True positives. */
  tp: number;
  /** False positives. */
  fp: number;
  /** False negatives. */
  fn: number;
  /** Precision, rounded to 4 places (1 without false positives). */
  precision: number;
  /** Recall, rounded to 4 places (1 without false negatives). */
  recall: number;
  /** F-beta, rounded to 4 places. */
  f: number;
}

/** An ERRANT score: the overall counts and rates, and the same per category. */
export interface ErrantScore extends ErrantCounts {
  /** The beta used. */
  beta: number;
  /** Per category at the `cat` level, in Python's string order. */
  categories: Record<string, ErrantCounts>;
}

const ERRANT_VERSION = "1.0";

const DEFAULTS: ErrantOptions = {
  beta: 0.5,
  mode: "cs",
  cat: 3,
  single: false,
  multi: false,
  filt: "",
};

const OPTION_SPECS: { [K in keyof ErrantOptions]?: OptionSpec } = {
  beta: { description: "F-score beta: weight of recall against precision", min: 0, max: 1000 },
  mode: {
    description: "cs span correction, cse span correction + type, ds span / dt token detection",
    choices: MODES,
  },
  cat: {
    description: "category level per category: 1 operation (R), 2 main type (NOUN), 3 full",
    min: 1,
    max: 3,
    integer: true,
  },
  single: { description: "only evaluate single-token edits (0:1, 1:0, 1:1)" },
  multi: { description: "only evaluate multi-token edits (2+:n, n:2+)" },
  filt: { description: 'error types not evaluated, e.g. "M:PUNCT R:OTHER" (exact names)' },
};

function coderId(annotator: string): string {
  return /^[+-]?\d+$/.test(annotator) ? String(Number(annotator)) : annotator;
}

/**
 * The correction field as the M2 file wrote it (alternatives joined by `||`, `-NONE-` kept).
 *
 * @param edit An edit.
 * @returns The field.
 */
function correctionField(edit: Edit): string {
  return edit.corrections.map((c, k) => edit.literalNone?.includes(k) ? "-NONE-" : c.join(" "))
    .join("||");
}

/**
 * The edits of a gold sentence's annotations (or of a hypothesis) as ERRANT reads them: an
 * annotation without edits is that coder's `noop` line.
 *
 * @example Usage
 * ```ts
 * import { errantEdits } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(errantEdits([
 *   { annotator: "0", edits: [{ start: 2, end: 3, corrections: [[]], type: "U:DET", literalNone: [0] }] },
 *   { annotator: "1", edits: [], noop: true },
 * ]), [
 *   { start: 2, end: 3, cat: "U:DET", cor: "-NONE-", coder: "0" },
 *   { start: -1, end: -1, cat: "noop", cor: "-NONE-", coder: "1" },
 * ]);
 * ```
 *
 * @param annotations The annotations, in file order.
 * @returns The edits, coder by coder.
 */
export function errantEdits(annotations: readonly Annotation[]): ErrantEdit[] {
  return annotations.flatMap((a) => {
    const coder = coderId(a.annotator);
    if (!a.edits.length) return [{ start: -1, end: -1, cat: "noop", cor: "-NONE-", coder }];
    return a.edits.map((e) => ({
      start: e.start,
      end: e.end,
      cat: e.type ?? "",
      cor: correctionField(e),
      coder,
    }));
  });
}

/**
 * One sentence's statistics from ERRANT edits: every hypothesis/gold coder pair compared.
 *
 * @example Usage
 * ```ts
 * import { errantSentenceStats, editOptions, errantMetric } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const stats = errantSentenceStats(
 *   [{ start: 0, end: 1, cat: "R:DET", cor: "The", coder: "0" }],
 *   [
 *     { start: 0, end: 1, cat: "R:DET", cor: "The", coder: "0" },
 *     { start: -1, end: -1, cat: "noop", cor: "-NONE-", coder: "1" },
 *   ],
 *   editOptions(errantMetric.defaults),
 * );
 * assert.deepEqual(stats.counts, [[1, 0, 0], [0, 1, 0]]);
 * ```
 *
 * @param hypothesis The system's edits.
 * @param reference The gold edits.
 * @param options Mode and filters.
 * @returns The statistics.
 */
export function errantSentenceStats(
  hypothesis: readonly ErrantEdit[],
  reference: readonly ErrantEdit[],
  options: ErrantEditOptions,
): ErrantStats {
  return statsOfCoders(processEdits(hypothesis, options), processEdits(reference, options));
}

function statsOfCoders(hyp: readonly CoderEdits[], ref: readonly CoderEdits[]): ErrantStats {
  const stats: ErrantStats = {
    hyp: hyp.map((c) => c.coder),
    ref: ref.map((c) => c.coder),
    counts: [],
    cats: [],
  };
  for (const h of hyp) {
    for (const r of ref) {
      const { tp, fp, fn, cats } = compareEdits(h.edits, r.edits);
      stats.counts.push([tp, fp, fn]);
      stats.cats.push(cats);
    }
  }
  return stats;
}

/** The outcome of ERRANT's greedy choice over a corpus. */
export interface ErrantReplay {
  /** The chosen pair index per sentence. */
  chosen: number[];
  /** Corpus totals. */
  tp: number;
  /** Corpus totals. */
  fp: number;
  /** Corpus totals. */
  fn: number;
  /** `[tp, fp, fn]` per full error type, in first-seen order. */
  cats: Map<string, [number, number, number]>;
}

/**
 * Replay ERRANT's greedy choice over sentence statistics in corpus order.
 *
 * @param stats Per-sentence statistics.
 * @param beta Beta.
 * @returns The choices and totals.
 */
export function errantReplay(stats: readonly ErrantStats[], beta: number): ErrantReplay {
  const totals = { tp: 0, fp: 0, fn: 0 };
  const cats = new Map<string, [number, number, number]>();
  const chosen: number[] = [];
  for (const s of stats) {
    const pairs = s.counts.map(([tp, fp, fn]) => ({ tp, fp, fn }));
    const k = choosePair(pairs, totals, beta);
    chosen.push(k);
    if (k < 0) continue;
    addChosen(totals, cats, s.counts[k], s.cats[k]);
  }
  return { chosen, ...totals, cats };
}

/**
 * Counts and ERRANT's rounded rates.
 *
 * @param tp True positives.
 * @param fp False positives.
 * @param fn False negatives.
 * @param beta Beta.
 * @returns The counts object.
 */
export function errantCounts(tp: number, fp: number, fn: number, beta: number): ErrantCounts {
  const [precision, recall, f] = errantF(tp, fp, fn, beta);
  return { tp, fp, fn, precision, recall, f };
}

function scoreOf(replay: ErrantReplay, options: ErrantOptions): ErrantScore {
  const beta = options.beta;
  const categories: Record<string, ErrantCounts> = {};
  for (const [cat, [tp, fp, fn]] of groupCategories(replay.cats, options.cat)) {
    categories[cat] = errantCounts(tp, fp, fn, beta);
  }
  return { ...errantCounts(replay.tp, replay.fp, replay.fn, beta), beta, categories };
}

function hypothesisEditsOf(edits: readonly Edit[] | undefined): ErrantEdit[] {
  if (!edits) {
    throw new InputError(
      "metric errant compares the system's own edits: give the system as a hypothesis M2 " +
        "(for example from errant_parallel) with --hyp-m2",
    );
  }
  return errantEdits([{ annotator: "0", edits: [...edits] }]);
}

function goldEditsOf(gold: GoldSentence): ErrantEdit[] {
  return gold.annotations?.length ? errantEdits(gold.annotations) : [];
}

/** A gold sentence's keyed edits, kept per edit options: every system is compared with them. */
const goldCoders = new WeakMap<GoldSentence, { key: string; coders: CoderEdits[] }>();

function goldCodersOf(gold: GoldSentence, options: ErrantEditOptions): CoderEdits[] {
  const key = JSON.stringify(options);
  const known = goldCoders.get(gold);
  if (known?.key === key) return known.coders;
  const coders = processEdits(goldEditsOf(gold), options);
  goldCoders.set(gold, { key, coders });
  return coders;
}

function editTable(
  hyp: ReadonlyMap<string, { key: (number | string)[]; cats: string[] }>,
  ref: ReadonlyMap<string, { key: (number | string)[]; cats: string[] }>,
  source: readonly string[],
): string[][] {
  const original = (key: (number | string)[]) => {
    const [start, end] = key as number[];
    return start < 0 ? "" : source.slice(start, end).join(" ") || "(insertion)";
  };
  const rows = [["side", "edit", "original", "category", "outcome"]];
  for (const [id, h] of hyp) {
    if (h.cats[0] === "noop") continue;
    const r = ref.get(id);
    rows.push([
      "hyp",
      pyTupleRepr(h.key),
      original(h.key),
      (r ?? h).cats.join(" "),
      r ? "TP" : "FP",
    ]);
  }
  for (const [id, r] of ref) {
    if (r.cats[0] === "noop" || hyp.has(id)) continue;
    rows.push(["gold", pyTupleRepr(r.key), original(r.key), r.cats.join(" "), "FN"]);
  }
  return rows;
}

/**
 * The ERRANT metric plugin (id `errant`, headline `f`).
 *
 * @example Usage
 * ```ts
 * import { errantMetric } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = {
 *   source: "This are a dog .".split(" "),
 *   annotations: [{ annotator: "0", edits: [{ start: 1, end: 2, corrections: [["is"]], type: "R:VERB:SVA" }] }],
 * };
 * const hypothesis = [{ start: 1, end: 2, corrections: [["is"]], type: "R:VERB:SVA" },
 *   { start: 2, end: 3, corrections: [["the"]], type: "R:DET" }];
 * const options = errantMetric.defaults;
 * const stats = errantMetric.stats(gold, "This is the dog .".split(" "), options, hypothesis);
 * const score = errantMetric.corpus([stats], options);
 * assert.deepEqual([score.tp, score.fp, score.fn, score.precision, score.f], [1, 1, 0, 0.5, 0.5556]);
 * assert.deepEqual(Object.keys(score.categories), ["R:DET", "R:VERB:SVA"]);
 * ```
 */
export const errantMetric: Metric<ErrantOptions, ErrantStats, ErrantScore> = withSentenceMean({
  id: "errant",
  description:
    "ERRANT (errant_compare 3.0.2): F-beta of the system's M2 edits against gold ERRANT edits",
  version: ERRANT_VERSION,
  defaults: DEFAULTS,
  optionSpecs: OPTION_SPECS,
  needs: ["annotations"],
  needsHypothesisEdits: true,
  headline: "f",
  columns: ["tp", "fp", "fn", "precision", "recall", "f"],
  compactColumns: ["precision", "recall", "f"],
  columnLabels: (options) => ({ f: `F${options.beta}` }),
  paperColumns: (options) => {
    const name = `${options.aggregate === "sentence-mean" ? "Sent" : ""}ERRANT`;
    return { precision: `${name} P`, recall: `${name} R`, f: `${name} F${options.beta}` };
  },
  sentenceIsCorpusOfOne: true,
  // The coder pair of a sentence is chosen against the running corpus totals.
  orderSensitive: true,
  stats(gold, _hypothesis, options, hypothesisEdits) {
    const edit = editOptions(options);
    return statsOfCoders(
      processEdits(hypothesisEditsOf(hypothesisEdits), edit),
      goldCodersOf(gold, edit),
    );
  },
  corpus(stats, options) {
    return scoreOf(errantReplay(stats, options.beta), options);
  },
  sentence(stats, options) {
    return scoreOf(errantReplay([stats], options.beta), options);
  },
  byType(stats, options) {
    const score = scoreOf(errantReplay(stats, options.beta), options);
    return {
      label: `ERRANT category (level ${options.cat})`,
      columns: ["tp", "fp", "fn", "precision", "recall", "f"],
      headline: "f",
      types: Object.entries(score.categories).map(([type, counts]) => ({ type, score: counts })),
      notes: [
        `Counts of the annotator ERRANT chose per sentence; true positives take the gold ` +
        `edit's category, false positives the system edit's; P, R, F${
          pyStr(options.beta)
        } rounded to 4 places as ERRANT does.`,
      ],
    } satisfies TypeBreakdown;
  },
  explain(gold, _hypothesis, options, hypothesisEdits) {
    const edit = editOptions(options);
    const hypEdits = hypothesisEditsOf(hypothesisEdits), goldEdits = goldEditsOf(gold);
    const hyp = processEdits(hypEdits, edit);
    const ref = processEdits(goldEdits, edit);
    const stats = errantSentenceStats(hypEdits, goldEdits, edit);
    const replay = errantReplay([stats], options.beta);
    const k = replay.chosen[0];
    const score = scoreOf(replay, options);
    const beta = pyStr(options.beta);
    const pair = (i: number) =>
      `HYP ${stats.hyp[Math.floor(i / stats.ref.length)]} - REF ${stats.ref[i % stats.ref.length]}`;
    const blocks = [];
    let i = 0;
    for (const h of hyp) {
      for (const r of ref) {
        const [tp, fp, fn] = stats.counts[i];
        const [p, rc, f] = errantF(tp, fp, fn, options.beta);
        blocks.push({
          title: `${pair(i)}${i === k ? " (chosen)" : ""}: TP ${tp} FP ${fp} FN ${fn}, ` +
            `P/R/F${beta} ${pyStr(p)} ${pyStr(rc)} ${pyStr(f)}`,
          table: editTable(h.edits, r.edits, gold.source),
        });
        i++;
      }
    }
    blocks.push({
      title: `Categories of the chosen pair (level ${options.cat})`,
      table: [
        ["category", "TP", "FP", "FN"],
        ...Object.entries(score.categories).map(([c, s]) => [c, ...[s.tp, s.fp, s.fn].map(String)]),
      ],
    });
    const explanation: Explanation = {
      summary:
        `ERRANT${ERRANT_TITLES[edit.mode]}P ${pyStr(score.precision)} R ${
          pyStr(score.recall)
        } F${beta} ${pyStr(score.f)}: TP ${score.tp} FP ${score.fp} FN ${score.fn} (${
          pair(k)
        } chosen against zero running totals: highest F, then more TP, fewer FP, fewer FN, then ` +
        `the first pair; the corpus score chooses against the running corpus totals)`,
      blocks,
    };
    return explanation;
  },
  signature(options) {
    const e = editOptions(options);
    return `errant|mode:${e.mode}|beta:${options.beta}|cat:${options.cat}${
      e.single ? "|single" : ""
    }${e.multi ? "|multi" : ""}${
      e.filt.length ? `|filt:${e.filt.join(",")}` : ""
    }|v:${ERRANT_VERSION}`;
  },
}, {
  // SentERRANT: gec-metrics' per-sentence rules (sentence_mean.ts).
  sentence: (stats, options) => sentErrantSentence(stats as ErrantStats, options as ErrantOptions),
});
