/**
 * The I-measure (Felice and Briscoe 2015), reproducing `ieval.py` (mfelice/imeasure @ fc79fdf):
 * an exact three-way alignment of source, hypothesis and reference, its columns counted as
 * TP/TN/FP/FN/FPN for detection and correction, then P, R, F_beta, accuracy, weighted
 * accuracy (WAcc) and I, the improvement of the system's WAcc over the WAcc of leaving the
 * source unchanged, measured against the same reference.
 *
 * The reference is chosen per sentence among the candidate references (one per annotator with
 * `mix: false`; every combination of alternatives by default) to maximise a metric (correction
 * WAcc by default), ties broken as `ieval.py` does: then I, WAcc, accuracy of the same aspect,
 * then the metric, I, WAcc and accuracy of the other aspect, first candidate kept. With
 * `opt: "corpus"` the choice maximises the running corpus score instead.
 *
 * Mixing: the number of mixed references is the product of the alternatives of the errors
 * (about 2^45 on one CoNLL-2014 sentence). When the maximised metric is WAcc or accuracy, the
 * sentence is cut into independent segments and only candidates that can still win are kept
 * (see `search.ts`); other metrics enumerate up to {@linkcode MIX_LIMIT} combinations.
 * When neither is possible within the limits, the candidates are the whole-annotator
 * references only and the sentence carries a warning (in its stats, score and explanation;
 * the CLI and the REPL echo it on stderr):
 * its score is then not the exact mixed maximum. Nothing is truncated silently.
 *
 * With `mix: false` the system's alignment against each annotator's reference is cut at the
 * same anchors and aligned segment by segment (the counts equal those of the whole alignment,
 * as the `ieval.py -nomix` parity test checks), and the candidates and the baseline's counts
 * are computed once per gold sentence, not once per system.
 *
 * @module
 */

import { withSentenceMean } from "../../plugins/aggregate.ts";
import { HypothesisMemo } from "../../util/hypothesis_memo.ts";
import { annotatorCount, errorGroups } from "../../formats/error_groups.ts";
import { InputError } from "../../plugins/errors.ts";
import type { ErrorGroup, Explanation, GoldSentence, Metric, Tokens } from "../../plugins/types.ts";
import { align3, type Alignment3, alignmentCounts, columnClass } from "./align.ts";
import { checkAlignmentSize } from "./bounds.ts";
import {
  type AnnotatorCandidate,
  annotatorCandidates,
  applySpans,
  combinationCount,
  errorOptions,
  mixedReferences,
  type Span,
} from "./refs.ts";
import { cutPoints, ratioOf, segmentedSearch } from "./search.ts";
import { choose, chosenTotals, MAX_CHOICES, scoreOf } from "./rates.ts";
import type { ImeasureOptions, ImeasureScore, ImeasureStats } from "./types.ts";

export { chosenTotals } from "./rates.ts";
export type {
  ImeasureAspectScore,
  ImeasureOptions,
  ImeasureScore,
  ImeasureStats,
} from "./types.ts";

/** Largest number of mixed combinations of one sentence that is searched in full. */
export const MIX_LIMIT = 4096;

function countsOf(source: Tokens, hypothesis: Tokens, reference: Tokens): number[] {
  return [
    ...alignmentCounts(align3(source, hypothesis, reference)),
    ...alignmentCounts(align3(source, source, reference)),
  ];
}

/**
 * Counts of the `mix: false` candidates. The system's alignment is cut at the anchors of
 * {@linkcode cutPoints} (tokens untouched by every error and copied unchanged by the
 * hypothesis) and each segment is aligned on its own, as the mixed search does; a candidate
 * whose segments do not rebuild its reference is aligned whole. The baselines (source against
 * each reference, aligned whole) are given: they are computed once per sentence.
 */
function annotatorCounts(
  source: Tokens,
  hypothesis: Tokens,
  errors: readonly ErrorGroup[],
  candidates: readonly AnnotatorCandidate[],
  baselines: readonly number[][],
): number[][] {
  const cuts = cutPoints(source, hypothesis, errors);
  if (!cuts.length) {
    return candidates.map((c, n) => [
      ...alignmentCounts(align3(source, hypothesis, c.reference)),
      ...baselines[n],
    ]);
  }
  const bounds: [number, number][] = [[0, 0], ...cuts, [source.length, hypothesis.length]];
  return candidates.map(({ reference, spans }, n) => {
    const pieces: [Tokens, Tokens, Tokens][] = [];
    for (let g = 0; g + 1 < bounds.length; g++) {
      const [a, ha] = bounds[g], [b, hb] = bounds[g + 1];
      const last = g + 2 === bounds.length;
      const mine = spans.filter((sp) => sp.start >= a && (sp.start < b || (last && sp.start <= b)))
        .map((sp) => ({ ...sp, start: sp.start - a, end: sp.end - a }));
      const src = source.slice(a, b);
      pieces.push([src, hypothesis.slice(ha, hb), mine.length ? applySpans(src, mine) : src]);
    }
    const rebuilt = pieces.flatMap((p) => p[2]);
    if (rebuilt.length !== reference.length || rebuilt.some((t, i) => t !== reference[i])) {
      return [...alignmentCounts(align3(source, hypothesis, reference)), ...baselines[n]];
    }
    const counts = new Array(10).fill(0);
    for (const [src, hyp, ref] of pieces) {
      alignmentCounts(align3(src, hyp, ref)).forEach((v, i) => counts[i] += v);
    }
    return [...counts, ...baselines[n]];
  });
}

/** The `mix: false` candidates of a sentence and their baseline counts. */
interface AnnotatorSetup {
  /** Source the entry was computed for (checked on every use). */
  source: Tokens;
  /** Annotator count it was computed for. */
  numAnnotators: number;
  /** The candidates. */
  candidates: AnnotatorCandidate[];
  /** Baseline counts (source as hypothesis) per candidate: they do not depend on the system. */
  baselines: number[][];
}

/** Setups per error-group list (itself cached per gold sentence by `errorGroups`). */
const setups = new WeakMap<readonly ErrorGroup[], AnnotatorSetup>();

function annotatorSetup(
  source: Tokens,
  errors: readonly ErrorGroup[],
  numAnnotators: number,
): AnnotatorSetup {
  const hit = setups.get(errors);
  if (
    hit && hit.numAnnotators === numAnnotators && hit.source.length === source.length &&
    hit.source.every((t, i) => t === source[i])
  ) return hit;
  const candidates = annotatorCandidates(source, errors, numAnnotators);
  const baselines = candidates.map((c) => alignmentCounts(align3(source, source, c.reference)));
  const setup = { source: source.slice(), numAnnotators, candidates, baselines };
  setups.set(errors, setup);
  return setup;
}

/** The candidate references of a sentence, their counts and the sentence-level choice. */
export interface ReferenceSearch {
  /** Candidate references (with mixing: only those that can still win). */
  references: Tokens[];
  /** Their 20 counts each (see {@linkcode ImeasureStats}). */
  counts: number[][];
  /** Index of the sentence-level choice. */
  best: number;
  /** Set when the search could not be exact. */
  warning?: string;
}

/**
 * The candidate references of a sentence and the best one, as the metric chooses it.
 * `exhaustive: true` enumerates every mixed combination (no limit: for tests only).
 *
 * @example Usage
 * ```ts
 * import { imeasureMetric, searchReferences } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = { source: ["a", "b"], numAnnotators: 0, errors: [] };
 * const r = searchReferences(gold, ["a", "b"], imeasureMetric.defaults);
 * assert.deepEqual(r.references, [["a", "b"]]);
 * assert.equal(r.best, 0);
 * ```
 *
 * @param gold The gold sentence.
 * @param hypothesis The hypothesis.
 * @param options Metric options.
 * @param exhaustive Enumerate every combination instead of searching.
 * @returns The search result.
 */
export function searchReferences(
  gold: GoldSentence,
  hypothesis: Tokens,
  options: ImeasureOptions,
  exhaustive = false,
): ReferenceSearch {
  return findReferences(gold, hypothesis, options, exhaustive, true);
}

/**
 * {@linkcode searchReferences}; with `withReferences: false` the references found by the
 * segmented search are not built (`references` is then empty: `stats()` needs the counts).
 */
function findReferences(
  gold: GoldSentence,
  hypothesis: Tokens,
  options: ImeasureOptions,
  exhaustive: boolean,
  withReferences: boolean,
): ReferenceSearch {
  const errors = errorGroups(gold);
  checkAlignmentSize(gold, hypothesis, errors);
  let references: Tokens[] | undefined;
  let counts: number[][] | undefined;
  let warning: string | undefined;
  if (options.mix) {
    let perError: Span[][][] | undefined;
    const perErrorOptions = () => perError ??= errors.map((e) => errorOptions(e, true));
    const combinations = () => combinationCount(perErrorOptions());
    const ratio = ratioOf(options.max, options.w);
    let overflow: string | undefined;
    if (!exhaustive && (ratio || combinations() > MIX_LIMIT)) {
      const r = segmentedSearch(
        gold.source,
        hypothesis,
        errors,
        ratio,
        MIX_LIMIT,
        16 * MIX_LIMIT,
        withReferences,
      );
      overflow = r.overflow;
      if (!overflow) {
        counts = r.candidates.map((c) => c.counts);
        references = withReferences
          ? r.candidates.map((c) =>
            c.spans.length ? applySpans(gold.source, c.spans) : gold.source.slice()
          )
          : [];
      }
    }
    const n = counts ? 0 : combinations();
    if (!counts && (exhaustive || n <= MIX_LIMIT)) {
      references = mixedReferences(gold.source, perErrorOptions());
    } else if (!counts) {
      const start = gold.source.slice(0, 6).join(" ");
      warning = `sentence "${start}${gold.source.length > 6 ? " ..." : ""}"${
        gold.line ? ` (line ${gold.line})` : ""
      }: ${n} mixed references and ${
        overflow ?? "no exact search"
      }; scored against whole-annotator references only (not the exact mixed maximum)`;
    }
  }
  if (!references) {
    const { candidates, baselines } = annotatorSetup(gold.source, errors, annotatorCount(gold));
    references = candidates.map((c) => c.reference.slice());
    counts = annotatorCounts(gold.source, hypothesis, errors, candidates, baselines);
  }
  counts ??= references.map((r) => countsOf(gold.source, hypothesis, r));
  if (counts.length === 0) {
    // Every combination corrects some span twice (errors that overlap and are all required).
    const start = gold.source.slice(0, 6).join(" ");
    throw new InputError(
      `gold sentence "${start}${gold.source.length > 6 ? " ..." : ""}"${
        gold.line ? ` (line ${gold.line})` : ""
      } has no valid reference: every combination of its errors' alternatives corrects one ` +
        "span twice (overlapping required errors?)",
    );
  }
  return { references, counts, best: choose(counts, undefined, options), warning };
}
/** The statistics of one sentence (uncached). */
function sentenceStats(
  gold: GoldSentence,
  hypothesis: Tokens,
  options: ImeasureOptions,
): ImeasureStats {
  const { counts, best, warning } = findReferences(gold, hypothesis, options, false, false);

  let stats: ImeasureStats;
  if (options.opt === "corpus") {
    const seen = new Map<string, number>();
    const candidates: number[][] = [];
    let bestIndex = 0;
    counts.forEach((c, n) => {
      const k = c.join(",");
      if (!seen.has(k)) seen.set(k, candidates.length), candidates.push(c);
      if (n === best) bestIndex = seen.get(k)!;
    });
    stats = { candidates, best: bestIndex };
  } else stats = { candidates: [counts[best]], best: 0 };
  if (warning) stats.warning = warning;
  return stats;
}

const memo = new HypothesisMemo<ImeasureStats>();

const CLASS_NAMES: Record<string, [string, string]> = {
  TN: ["TN", "TN"],
  FN: ["FN", "FN"],
  FP: ["FP", "FP"],
  TP: ["TP", "TP"],
  TPD: ["TP", "FPN"],
};

function pct(x: number): string {
  return (x * 100).toFixed(2);
}

/**
 * The I-measure metric (`imeasure`).
 *
 * @example Usage
 * ```ts
 * import { imeasureMetric } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = {
 *   source: ["This", "machines", "is", "designed", "for", "help", "people", "."],
 *   numAnnotators: 1,
 *   errors: [{
 *     id: "1", required: true,
 *     alternatives: [{ annotator: "0", corrections: [{ start: 1, end: 2, tokens: ["machine"] }] }],
 *   }],
 * };
 * const o = imeasureMetric.defaults;
 * const s = imeasureMetric.stats(gold, "This machine is designed for help people .".split(" "), o);
 * const score = imeasureMetric.corpus([s], o);
 * assert.equal(score.correction.tp, 1);
 * assert.equal(score.correction.tn, 7);
 * assert.equal(score.correction.i, 1);
 * ```
 */
export const imeasureMetric: Metric<ImeasureOptions, ImeasureStats, ImeasureScore> =
  withSentenceMean({
    id: "imeasure",
    description:
      "I-measure (Felice and Briscoe 2015): WAcc improvement over the source, by three-way alignment",
    version: "1.0",
    defaults: { beta: 1.0, w: 2.0, max: "cwacc", opt: "sent", mix: true },
    optionSpecs: {
      beta: { description: "beta of F", min: 0, max: 1000 },
      w: { description: "weight of true and false positives in WAcc", min: 0 },
      max: {
        description: "metric the reference choice maximises (d/c + tp|tn|fp|fn|p|r|f|acc|wacc|i)",
        choices: MAX_CHOICES,
      },
      opt: {
        description: "choose the reference per sentence or for the corpus",
        choices: ["sent", "corpus"],
      },
      mix: { description: "mix alternatives of different errors (false: whole annotator sets)" },
    },
    needs: ["errors"],
    headline: "correction.i",
    columns: [
      "correction.tp",
      "correction.fp",
      "correction.fn",
      "correction.fpn",
      "correction.precision",
      "correction.recall",
      "correction.f",
      "correction.wacc",
      "correction.wacc_base",
      "correction.i",
      "detection.i",
    ],
    compactColumns: ["correction.i", "correction.wacc"],
    paperColumns: (options) => ({
      "correction.i": `${
        (options as { aggregate?: string }).aggregate === "sentence-mean" ? "Sent" : ""
      }I-measure I`,
    }),
    sentenceIsCorpusOfOne: true,
    stats(gold, hypothesis, options) {
      // Systems often give the same hypothesis: its statistics are computed once per gold
      // sentence (the search is the costly part of the I-measure).
      const key = `${options.beta}|${options.w}|${options.max}|${options.opt}|${options.mix}`;
      return memo.get(gold, key, hypothesis, () => sentenceStats(gold, hypothesis, options));
    },
    corpus(stats, options) {
      const warnings = stats.flatMap((s) => (s.warning ? [s.warning] : []));
      return scoreOf(chosenTotals(stats, options), options, warnings);
    },
    orderSensitive: (options) => options.opt === "corpus",
    resampler(stats, options) {
      const picked: ImeasureStats[] = [];
      if (options.opt === "corpus") {
        // The corpus-level choice depends on the running totals: replay it on the resample.
        return (indices) => {
          picked.length = indices.length;
          for (let k = 0; k < indices.length; k++) picked[k] = stats[indices[k]];
          return imeasureMetric.corpus(picked, options);
        };
      }
      // Per-sentence choice: the totals are sums of fixed vectors (integers, so exact).
      const chosen = new Float64Array(stats.length * 20);
      stats.forEach((s, i) => chosen.set(s.candidates[s.best], i * 20));
      const warned = stats.some((s) => s.warning);
      return (indices) => {
        const totals = new Array<number>(20).fill(0);
        for (let k = 0; k < indices.length; k++) {
          const at = indices[k] * 20;
          for (let j = 0; j < 20; j++) totals[j] += chosen[at + j];
        }
        const warnings = warned
          ? Array.from(indices).flatMap((i) => (stats[i].warning ? [stats[i].warning!] : []))
          : [];
        return scoreOf(totals, options, warnings);
      };
    },
    sentence(stats, options) {
      return scoreOf(chosenTotals([stats], options), options, stats.warning ? [stats.warning] : []);
    },
    accumulator(options) {
      // The running choice of `chosenTotals`, one sentence at a time.
      const totals = new Array(20).fill(0);
      const warnings: string[] = [];
      return {
        add(s) {
          const c =
            s.candidates[options.opt === "corpus" ? choose(s.candidates, totals, options) : s.best];
          for (let i = 0; i < 20; i++) totals[i] += c[i];
          if (s.warning) warnings.push(s.warning);
        },
        score: () => scoreOf(totals, options, warnings.slice()),
      };
    },
    explain(gold, hypothesis, options) {
      const { references, counts, best, warning } = searchReferences(gold, hypothesis, options);
      const a: Alignment3 = align3(gold.source, hypothesis, references[best]);
      const table = [["source", "hypothesis", "reference", "det", "cor"]];
      for (let i = 0; i < a.source.length; i++) {
        const cls = CLASS_NAMES[columnClass(a.source[i], a.hypothesis[i], a.reference[i])];
        table.push([a.source[i] || "-", a.hypothesis[i] || "-", a.reference[i] || "-", ...cls]);
      }
      const score = scoreOf(counts[best], options, []);
      const c = score.correction, d = score.detection;
      const explanation: Explanation = {
        summary: `I ${pct(c.i)} (correction), ${pct(d.i)} (detection); WAcc ${pct(c.wacc)} vs ${
          pct(c.wacc_base)
        } for the source; best of ${references.length} candidate reference(s) kept`,
        blocks: [
          { title: `Alignment with the chosen reference: ${references[best].join(" ")}`, table },
          {
            title: "Counts",
            lines: [
              `correction: TP ${c.tp} TN ${c.tn} FP ${c.fp} FN ${c.fn} FPN ${c.fpn}`,
              `detection:  TP ${d.tp} TN ${d.tn} FP ${d.fp} FN ${d.fn} FPN ${d.fpn}`,
              "- is a gap; FPN: the system changed an error, differently from the reference",
            ],
          },
        ],
      };
      if (warning) explanation.blocks.push({ title: "Warning", lines: [warning] });
      return explanation;
    },
    signature(options) {
      return `imeasure|beta:${options.beta}|w:${options.w}|max:${options.max}|opt:${options.opt}|mix:${
        options.mix ? "yes" : "no"
      }|v:1.0`;
    },
  });
