/**
 * CLEME2.0 (Ye et al. 2025: interpretable chunk-level evaluation): hit, wrong, under- and
 * over-correction ratios of the system's chunks and their combined score, as the `HEUOEditScorer`
 * of THUKElab/CLEME e90abea computes them, on CLEME v1.1's chunks (`edits/chunk.ts`,
 * `edits/chunk_match.ts`); scoring in `score.ts`.
 *
 * The reference code weighs chunks by BERTScore similarity (`SimilarityWeigher`) for the
 * paper's weighted variant. Here the built-in metric is unweighted (every chunk weighs 1, the
 * reference code's `WeigherType.NONE`, which is what the golden numbers were made with), and the
 * weighting is an extension point: {@linkcode createCleme2Metric} takes a `weigher` that gives
 * each judged chunk its weight (a plugin may compute similarity with any model), and the counts
 * become sums of weights, as in the reference's weighted scorer.
 *
 * Options: `mode` dependent|independent; `aggregate` corpus (reference chosen per sentence
 * against the running totals; com of the totals) | sentence-mean (reference chosen per
 * sentence; mean com); `factors` auto (corpus factors 0.45/0.35/0.15/0.05 for corpus, sentence
 * factors 0.35/0.25/0.20/0.20 for sentence-mean, as the reference CLI pairs them) | corpus |
 * sentence.
 *
 * Known quirk kept: a sentence where nothing is needed and nothing proposed scores
 * com = f_err + f_und + f_ove (all ratios 0), e.g. 0.65 with the sentence factors.
 *
 * @module
 */

import {
  type ChunkOutcome,
  clemePartition,
  clemeTargets,
  judgeChunks,
} from "../../edits/chunk_match.ts";
import { InputError } from "../../plugins/errors.ts";
import type { Edit, GoldSentence, Metric, Tokens } from "../../plugins/types.ts";
import {
  CORPUS_FACTORS,
  heuoCorpus,
  type HeuoCounts,
  type HeuoFactors,
  type HeuoScore,
  heuoSentence,
  heuoSentenceMean,
  SENTENCE_FACTORS,
} from "./score.ts";

export type { HeuoCounts, HeuoFactors, HeuoScore } from "./score.ts";
export { CORPUS_FACTORS, heuo, SENTENCE_FACTORS } from "./score.ts";

/** CLEME2.0 options. */
export type Cleme2Options = {
  /** `"dependent"` or `"independent"`. */
  mode: string;
  /** `"corpus"` or `"sentence-mean"`. */
  aggregate: string;
  /** `"auto"`, `"corpus"` or `"sentence"`. */
  factors: string;
};

/** Per-sentence statistics: weighted counts per reference (one when independent). */
export interface Cleme2Stats {
  /** Counts per reference. */
  refs: HeuoCounts[];
}

/** What a chunk weigher sees of one judged chunk. */
export interface ChunkWeightInput {
  /** The gold sentence. */
  gold: GoldSentence;
  /** The chunk's source tokens. */
  source: Tokens;
  /** The hypothesis' tokens for the chunk. */
  hypothesis: Tokens;
  /** Each reference's tokens for the chunk. */
  references: Tokens[];
  /** The reference judged against (dependent), or -1 (independent: all of them). */
  reference: number;
  /** How the chunk was judged. */
  outcome: ChunkOutcome;
}

/** Gives a judged chunk its weight (the reference code: BERTScore similarity). */
export type ChunkWeigher = (chunk: ChunkWeightInput) => number;

/** How to make a CLEME2.0 metric. */
export interface Cleme2Config {
  /** The metric id (default `"cleme2"`; a plugin with a weigher should choose its own). */
  id?: string;
  /** The chunk weigher (default: every chunk weighs 1). */
  weigher?: ChunkWeigher;
  /** A name for the weigher, part of the signature (default `"none"`). */
  weigherName?: string;
}

const VERSION = "1.0";

function factorsOf(o: Cleme2Options): HeuoFactors {
  const which = o.factors === "auto"
    ? (o.aggregate === "sentence-mean" ? "sentence" : "corpus")
    : o.factors;
  return which === "sentence" ? SENTENCE_FACTORS : CORPUS_FACTORS;
}

function judged(gold: GoldSentence, edits: readonly Edit[] | undefined, mode: string) {
  if (!edits) {
    throw new InputError(
      "metric cleme2 compares the system's own edits: give the system as a hypothesis M2 " +
        "(for example from errant_parallel) with --hyp-m2",
    );
  }
  if (!gold.annotations) {
    throw new InputError("metric cleme2 needs an M2 gold with annotations", undefined, gold.line);
  }
  const partition = clemePartition(clemeTargets(gold, edits, "1.1"));
  return {
    partition,
    judged: judgeChunks(partition.chunks, mode === "independent" ? "independent" : "dependent"),
  };
}

function score(stats: readonly Cleme2Stats[], o: Cleme2Options): HeuoScore {
  const f = factorsOf(o);
  if (o.aggregate === "sentence-mean") {
    return heuoSentenceMean(stats.map((s) => heuoSentence(s.refs, f)));
  }
  return heuoCorpus(stats.map((s) => s.refs), f).score;
}

/**
 * Make a CLEME2.0 metric, optionally with a chunk weigher (the extension point for the
 * paper's similarity weighting).
 *
 * @example A weigher that counts long chunks double
 * ```ts
 * import { createCleme2Metric } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const metric = createCleme2Metric({
 *   id: "cleme2-long",
 *   weigherName: "long-double",
 *   weigher: (c) => Math.max(c.source.length, c.hypothesis.length) > 1 ? 2 : 1,
 * });
 * const gold = { source: "a b c".split(" "), annotations: [{ annotator: "0", edits: [] }] };
 * const hyp = [{ start: 0, end: 2, corrections: [["x"]] }];
 * const stats = metric.stats(gold, [], metric.defaults, hyp);
 * assert.deepEqual([stats.refs[0].fp_un, stats.refs[0].tn], [2, 1]);
 * assert.match(metric.signature(metric.defaults), /weigher:long-double/);
 * ```
 *
 * @param config Id and weigher.
 * @returns The metric.
 */
export function createCleme2Metric(
  config: Cleme2Config = {},
): Metric<Cleme2Options, Cleme2Stats, HeuoScore> {
  const weigher = config.weigher;
  const weigherName = config.weigherName ?? (weigher ? "custom" : "none");
  return {
    id: config.id ?? "cleme2",
    description: "CLEME2.0 (THUKElab/CLEME e90abea): hit, wrong, under- and over-correction of " +
      "the system's M2 edit chunks and their combined score",
    version: VERSION,
    defaults: { mode: "dependent", aggregate: "corpus", factors: "auto" },
    optionSpecs: {
      mode: {
        description: "dependent (each reference alone) or independent (all references at once)",
        choices: ["dependent", "independent"],
      },
      aggregate: {
        description: "corpus (reference chosen against running totals) or sentence-mean",
        choices: ["corpus", "sentence-mean"],
      },
      factors: {
        description: "combination factors: auto (corpus for corpus, sentence for sentence-mean), " +
          "corpus (.45/.35/.15/.05) or sentence (.35/.25/.20/.20)",
        choices: ["auto", "corpus", "sentence"],
      },
    },
    needs: ["annotations"],
    needsHypothesisEdits: true,
    headline: "com",
    columns: ["com", "hit", "err", "und", "ove", "tp", "fp_ne", "fp_un", "fn", "tn"],
    compactColumns: ["com", "hit", "err", "und", "ove"],
    paperColumns: (o) => ({ com: `${o.aggregate === "sentence-mean" ? "Sent" : ""}CLEME2.0 COM` }),
    sentenceIsCorpusOfOne: true,
    orderSensitive: (o) => o.aggregate !== "sentence-mean",
    stats(gold, _hypothesis, o, hypothesisEdits) {
      const { partition, judged: lists } = judged(gold, hypothesisEdits, o.mode);
      const chunks = partition.chunks;
      return {
        refs: lists.map((list, r) => {
          const c: HeuoCounts = { tp: 0, fp: 0, fp_ne: 0, fp_un: 0, fn: 0, tn: 0 };
          for (const j of list) {
            const chunk = chunks[j.chunk];
            const w = weigher
              ? weigher({
                gold,
                source: gold.source.slice(chunk.start, chunk.end),
                hypothesis: chunk.tokens[0],
                references: chunk.tokens.slice(1),
                reference: lists.length > 1 ? r : -1,
                outcome: j.outcome,
              })
              : 1;
            if (!Number.isFinite(w)) {
              throw new TypeError(`CLEME2.0 chunk weigher ${weigherName} returned ${w}`);
            }
            if (j.outcome === "fp_ne" || j.outcome === "fp_un") c.fp += w;
            c[j.outcome] += w;
          }
          return c;
        }),
      };
    },
    corpus: score,
    sentence: (s, o) => score([s], o),
    explain(gold, _hypothesis, o, hypothesisEdits) {
      const { partition, judged: lists } = judged(gold, hypothesisEdits, o.mode);
      const s = score([this.stats(gold, _hypothesis, o, hypothesisEdits)], o);
      const refs = partition.chunks.length ? partition.chunks[0].tokens.length - 1 : 0;
      return {
        summary:
          `CLEME2.0 ${o.mode}: com ${s.com.toFixed(4)} (hit ${s.hit.toFixed(4)}, err ${
            s.err.toFixed(4)
          }, und ${s.und.toFixed(4)}, ove ${
            s.ove.toFixed(4)
          }; TP ${s.tp} FP_ne ${s.fp_ne} FP_un ${s.fp_un} ` +
          `FN ${s.fn} TN ${s.tn})`,
        blocks: [{
          title: "Chunks (* = the target edits it)",
          table: [
            [
              "chunk",
              "source",
              "hypothesis",
              ...Array.from({ length: refs }, (_, r) => `ref ${r + 1}`),
              ...lists.map((_, k) => lists.length > 1 ? `vs ref ${k + 1}` : "outcome"),
            ],
            ...partition.chunks.map((c, i) => [
              String(i),
              gold.source.slice(c.start, c.end).join(" ") || "(insertion)",
              ...c.tokens.map((t, k) => (c.edits[k].length ? "*" : "") + (t.join(" ") || "∅")),
              ...lists.map((list) => list[i].outcome.toUpperCase()),
            ]),
          ],
        }],
      };
    },
    signature(o) {
      const f = factorsOf(o);
      return `${
        config.id ?? "cleme2"
      }|mode:${o.mode}|agg:${o.aggregate}|factors:${f.hit},${f.err},${f.und},${f.ove}|weigher:${weigherName}|v:${VERSION}`;
    },
  };
}

/** The built-in CLEME2.0 metric (id `cleme2`, headline `com`, unweighted). */
export const cleme2Metric: Metric<Cleme2Options, Cleme2Stats, HeuoScore> = createCleme2Metric();
