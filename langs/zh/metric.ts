/**
 * The `cherrant` metric: ChERRANT's character-level P/R/F0.5 (Zhang et al. 2022) through the
 * engine, so significance, intervals, rank ranges, the per-type table (M, R, S, W), the report,
 * `show` and the REPL work on Chinese. The gold is a `mucgec` parallel file or a `cherrant-m2`
 * file (reading either loads the annotator); each system's output is annotated as
 * `parallel_to_m2.py -g char` annotates it (whitespace removed, t2s, every cheapest
 * alignment), and the counts are those of `compare_m2_for_evaluation.py`, with its greedy
 * choice of annotators over the corpus in order and its rounding to 4 places in that choice.
 * Scores are unrounded; the script prints them rounded to 4 places.
 *
 * @module
 */

import { defineMetric, InputError } from "../../plugins/mod.ts";
import type {
  Explanation,
  GoldSentence,
  Metric,
  OptionSpec,
  Score,
  Tokens,
  TypeBreakdown,
} from "../../plugins/mod.ts";
import {
  type CompareMode,
  compareSentence,
  corpusTotals,
  groupCategories,
  processEdits,
  type SentenceComparisons,
  type SimpleEdit,
  unroundedFScore,
} from "./compare.ts";
import { simpleEditsOf, targetEditsOf } from "./formats.ts";
import { loadedTools } from "./state.ts";

/** The metric's options. */
export interface CherrantOptions {
  /** F-score beta. */
  beta: number;
  /** `cs` span correction, `cse` span correction + type, `ds`/`dt` span/token detection. */
  mode: string;
  /** Only single-token edits. */
  single: boolean;
  /** Only multi-token edits. */
  multi: boolean;
  /** Error types left out, separated by spaces. */
  filt: string;
  /** The per-type table's level: 1 operation, 2 main type, 3 full type. */
  cat: number;
  /** Keep reference annotators 0..N-1 (1 to 3; 0 keeps all). */
  maxAnswerNum: number;
  /** Score only sentences with this many reference annotators (0: all). */
  referenceNum: number;
  [key: string]: string | number | boolean;
}

/** Counts and rates. */
export interface CherrantScore extends Score {
  /** True positives. */
  tp: number;
  /** False positives. */
  fp: number;
  /** False negatives. */
  fn: number;
  /** Precision (1 with no proposed edit). */
  p: number;
  /** Recall (1 with no gold edit). */
  r: number;
  /** F-beta. */
  f: number;
}

const DEFAULTS: CherrantOptions = {
  beta: 0.5,
  mode: "cs",
  single: false,
  multi: false,
  filt: "",
  cat: 1,
  maxAnswerNum: 0,
  referenceNum: 0,
};

const SPECS: { [K in keyof CherrantOptions]?: OptionSpec } = {
  beta: { description: "F-score beta: weight of recall against precision", min: 0, max: 1000 },
  mode: {
    description: "cs span correction, cse span correction + type, ds span / dt token detection",
    choices: ["cs", "cse", "ds", "dt"],
  },
  single: { description: "only evaluate single-token edits (0:1, 1:0, 1:1)" },
  multi: { description: "only evaluate multi-token edits (2+:n, n:2+)" },
  filt: { description: 'error types not evaluated, separated by spaces (e.g. "W")' },
  cat: {
    description: "per-type level: 1 operation (M R S W), 2 main type, 3 full",
    min: 1,
    max: 3,
    integer: true,
  },
  maxAnswerNum: {
    description: "keep reference annotators 0..N-1 (1 to 3; 0 keeps all)",
    min: 0,
    max: 3,
    integer: true,
  },
  referenceNum: {
    description: "score only sentences with this many references (0: all)",
    min: 0,
    integer: true,
  },
};

function filterOf(o: CherrantOptions) {
  return {
    mode: o.mode as CompareMode,
    single: o.single,
    multi: o.multi,
    filt: pySplitSimple(o.filt),
  };
}

function pySplitSimple(s: string): string[] {
  return s.split(/\s+/).filter(Boolean);
}

function needTools() {
  const tools = loadedTools();
  if (!tools) {
    throw new InputError(
      "metric cherrant needs the gold read with the mucgec or cherrant-m2 format " +
        "(--gold-format mucgec or --gold-format cherrant-m2)",
    );
  }
  return tools;
}

/** The gold's edits: as read, else each reference's, else the references annotated. */
function goldEdits(gold: GoldSentence): SimpleEdit[] {
  const known = simpleEditsOf.get(gold);
  if (known) return known;
  return (gold.references ?? []).flatMap((reference, k) => {
    const own = targetEditsOf.get(reference);
    if (own) return own.map((e) => ({ ...e, coder: k }));
    const tools = needTools();
    return tools.targetEdits(gold.source, tools.clean(reference.join("")), k);
  });
}

function maxAnswers(edits: SimpleEdit[], n: number): SimpleEdit[] {
  return n === 0 ? edits : edits.filter((e) => e.coder >= 0 && e.coder < n);
}

const hypMemo = new WeakMap<GoldSentence, Map<string, SimpleEdit[]>>();

/**
 * The system's edits: its own (against its own source) when it was read from a `mucgec` or
 * `cherrant-m2` file, else its text annotated against the gold's source.
 */
function hypothesisEdits(gold: GoldSentence, hypothesis: Tokens): SimpleEdit[] {
  const own = targetEditsOf.get(hypothesis);
  if (own) return own.map((e) => ({ ...e, coder: 0 }));
  const tools = needTools();
  const target = tools.clean(hypothesis.join(""));
  let memo = hypMemo.get(gold);
  if (!memo) hypMemo.set(gold, memo = new Map());
  let edits = memo.get(target);
  if (!edits) {
    edits = target === "" ? [] : tools.targetEdits(gold.source, target, 0);
    memo.set(target, edits);
  }
  return edits;
}

function comparisons(gold: GoldSentence, hypothesis: Tokens, o: CherrantOptions) {
  const filter = filterOf(o);
  const hyp = processEdits(hypothesisEdits(gold, hypothesis), filter);
  const ref = processEdits(maxAnswers(goldEdits(gold), o.maxAnswerNum), filter);
  return { hyp, ref, stats: compareSentence(hyp, ref, o.referenceNum || undefined) };
}

function scoreOf(tp: number, fp: number, fn: number, beta: number): CherrantScore {
  const [p, r, f] = unroundedFScore(tp, fp, fn, beta);
  return { tp, fp, fn, p, r, f };
}

function corpus(stats: readonly SentenceComparisons[], o: CherrantOptions): CherrantScore {
  const t = corpusTotals(stats, o.beta);
  return scoreOf(t.tp, t.fp, t.fn, o.beta);
}

/** The `cherrant` metric. */
export const cherrantMetric: Metric<CherrantOptions, SentenceComparisons, CherrantScore> =
  defineMetric({
    id: "cherrant",
    description: "ChERRANT (Chinese, character level): span-level P/R/F0.5 of edits",
    version: "1.0",
    defaults: DEFAULTS,
    optionSpecs: SPECS,
    needs: ["references"],
    goldFormats: ["mucgec", "cherrant-m2"],
    headline: "f",
    columns: ["tp", "fp", "fn", "p", "r", "f"],
    compactColumns: ["p", "r", "f"],
    columnLabels: (o: CherrantOptions) => ({ p: "P", r: "R", f: `F${o.beta}` }),
    sentenceIsCorpusOfOne: true,
    orderSensitive: true,
    stats: (gold: GoldSentence, hypothesis: Tokens, o: CherrantOptions) =>
      comparisons(gold, hypothesis, o).stats,
    corpus,
    sentence: (s: SentenceComparisons, o: CherrantOptions) => corpus([s], o),
    byType(stats: readonly SentenceComparisons[], o: CherrantOptions): TypeBreakdown {
      const t = corpusTotals(stats, o.beta);
      const rows = [...groupCategories(t.cats, o.cat)].sort(([a], [b]) =>
        a < b ? -1 : a > b ? 1 : 0
      );
      return {
        label: `ChERRANT type (level ${o.cat})`,
        columns: ["tp", "fp", "fn", "p", "r", "f"],
        headline: "f",
        types: rows.map(([type, [tp, fp, fn]]) => ({ type, score: scoreOf(tp, fp, fn, o.beta) })),
        notes: ["M missing, R redundant, S substitution, W word order (character level)."],
      };
    },
    explain(gold: GoldSentence, hypothesis: Tokens, o: CherrantOptions): Explanation {
      const { hyp, ref, stats } = comparisons(gold, hypothesis, o);
      if (stats.skip) {
        return {
          summary: "not scored: the reference could not be annotated (无法标注)",
          blocks: [],
        };
      }
      const t = corpusTotals([stats], o.beta);
      const k = t.chosen[0];
      const s = scoreOf(t.tp, t.fp, t.fn, o.beta);
      const h = hyp.find((c) => c.coder === stats.hyp[k]) ?? hyp[0];
      const r = ref.find((c) => c.coder === stats.ref[k]) ?? ref[0];
      const show = (key: (number | string)[]) => {
        const [start, end, ...rest] = key;
        const original = (start as number) < 0
          ? ""
          : gold.source.slice(start as number, end as number).join("");
        return [`${start}-${end}`, original, rest.map(String).join(" ")];
      };
      const table = [["side", "span", "original", "correction", "types", "outcome"]];
      for (const [id, e] of h.edits) {
        if (e.cats[0] === "noop") continue;
        const match = r.edits.get(id);
        table.push(["hyp", ...show(e.key), (match ?? e).cats.join(" "), match ? "TP" : "FP"]);
      }
      for (const [id, e] of r.edits) {
        if (e.cats[0] === "noop" || h.edits.has(id)) continue;
        table.push(["ref", ...show(e.key), e.cats.join(" "), "FN"]);
      }
      return {
        summary: `TP ${s.tp}, FP ${s.fp}, FN ${s.fn}: P ${s.p.toFixed(4)}, R ${s.r.toFixed(4)}, ` +
          `F${o.beta} ${s.f.toFixed(4)} (reference annotator ${stats.ref[k]})`,
        blocks: [{ title: "Edits (union of each annotator's alternative alignments)", table }],
      };
    },
    signature: (o: CherrantOptions) =>
      `cherrant|beta:${o.beta}|mode:${o.mode}|single:${o.single}|multi:${o.multi}|filt:${o.filt}` +
      `|max_answer_num:${o.maxAnswerNum}|reference_num:${o.referenceNum}|t2s:opencc-js-1.4.2|v:1.0`,
  });
