/**
 * CLEME (Ye et al., EMNLP 2023: chunk-level, de-biased multi-reference evaluation), as
 * THUKElab/CLEME computes it: `version=1.1` reproduces the current code (e90abea, `core/`,
 * `PRFEditScorer`), `version=1.0` the EMNLP-2023 code (5fc7617, `cleme/`). Both print the same
 * numbers on CoNLL-2014 except one POST sentence (see below).
 *
 * Stages: chunk partition and matching in `edits/chunk.ts` and `edits/chunk_match.ts` (shared
 * with CLEME2.0), length weighting in `weight.ts`, scorers in `score.ts`.
 *
 * Edits come from an ERRANT M2 gold and the system's hypothesis M2 (`--hyp-m2`), as the
 * reference numbers were made (the libraries' own spaCy edit extraction replaced by the M2
 * edits).
 *
 * Options: `mode` dependent|independent; `weighting` length|none; `beta`; `version`;
 * `aggregate` corpus (the corpus scorer: the paper's CLEME) | sentence-mean (the sentence
 * scorer: SentCLEME); `sentweights` sentence (v1.0's SentCLEME length weights under
 * sentence-mean) | corpus (the corpus weights, which v1.1's code uses at the sentence level) |
 * auto (the default: what the chosen version prints, corpus for 1.1 and sentence for 1.0).
 *
 * Known bugs of the references and how they are treated here:
 * - v1.0 deletes empty targets while iterating over them: an empty hypothesis is replaced by the
 *   first reference (POST sentence 23 of CoNLL-2014). Reproduced under `version=1.0` only.
 * - v1.1's `LengthWeigher.__init__` drops its arguments, so its sentence-level weigher has the
 *   corpus-level curves: reproduced by default under `version=1.1` (`sentweights=auto`);
 *   `sentweights=sentence` gives the sentence curves the code passes (v1.0's SentCLEME).
 * - v1.1's sentence scorer computes F with beta 0.5 whatever beta is set; here `beta` applies.
 * - The bias of the length weighting depends on the system's own edits (AMU 1.7905, INPUT
 *   1.7388): weighted scores of two systems use different curves. Kept (it is the definition).
 *
 * @module
 */

import {
  clemePartition,
  clemeTargets,
  type ClemeVersion,
  judgeChunks,
} from "../../edits/chunk_match.ts";
import { InputError } from "../../plugins/errors.ts";
import type { Edit, Explanation, GoldSentence, Metric } from "../../plugins/types.ts";
import {
  clemeBias,
  clemeCorpus,
  type ClemeCounts,
  type ClemeRefStats,
  type ClemeScore,
  clemeSentenceMean,
  type ClemeStats,
  sentenceChoice,
  weighted,
} from "./score.ts";
import {
  CORPUS_WEIGHTS,
  NO_WEIGHTS,
  SENTENCE_WEIGHTS_DEPENDENT,
  SENTENCE_WEIGHTS_INDEPENDENT,
  type WeightConfig,
} from "./weight.ts";

export type { ClemeCounts, ClemeRefStats, ClemeScore, ClemeStats } from "./score.ts";
export { clemeBias, clemeCorpus, clemeSentenceMean, sentenceChoice } from "./score.ts";
export { chunkWeight, CORPUS_WEIGHTS, SENTENCE_WEIGHTS_DEPENDENT } from "./weight.ts";

/** CLEME options. */
export type ClemeOptions = {
  /** `"dependent"` or `"independent"`. */
  mode: string;
  /** `"length"` or `"none"`. */
  weighting: string;
  /** F beta. */
  beta: number;
  /** `"1.1"` or `"1.0"`. */
  version: string;
  /** `"corpus"` or `"sentence-mean"` (SentCLEME). */
  aggregate: string;
  /** Length weights under sentence-mean: `"sentence"` (SentCLEME's) or `"corpus"`. */
  sentweights: string;
};

const VERSION = "1.0";

function hypothesisEditsOf(edits: readonly Edit[] | undefined): readonly Edit[] {
  if (!edits) {
    throw new InputError(
      "metric cleme compares the system's own edits: give the system as a hypothesis M2 " +
        "(for example from errant_parallel) with --hyp-m2",
    );
  }
  return edits;
}

function goldCheck(gold: GoldSentence): void {
  if (!gold.annotations) {
    throw new InputError("metric cleme needs an M2 gold with annotations", undefined, gold.line);
  }
}

/**
 * One sentence's statistics and its chunk partition.
 *
 * @param gold The gold sentence.
 * @param edits The system's edits.
 * @param options Mode and version.
 * @returns The statistics, and the partition for explanations.
 */
export function clemeSentenceStats(
  gold: GoldSentence,
  edits: readonly Edit[],
  options: Pick<ClemeOptions, "mode" | "version">,
): {
  stats: ClemeStats;
  partition: ReturnType<typeof clemePartition>;
  judged: ReturnType<typeof judgeChunks>;
} {
  goldCheck(gold);
  const targets = clemeTargets(gold, edits, options.version as ClemeVersion);
  const partition = clemePartition(targets);
  const judged = judgeChunks(
    partition.chunks,
    options.mode === "independent" ? "independent" : "dependent",
  );
  const refs = judged.map((list): ClemeRefStats => {
    const r: ClemeRefStats = { tp: [], fp: [], fn: [], tn: 0 };
    for (const j of list) {
      if (j.outcome === "tp") r.tp.push(j.length);
      else if (j.outcome === "fp_ne" || j.outcome === "fp_un") r.fp.push(j.length);
      else if (j.outcome === "fn") r.fn.push(j.length);
      else r.tn++;
    }
    return r;
  });
  return {
    stats: { refs, changed: [partition.changedLength, partition.changedCount] },
    partition,
    judged,
  };
}

/**
 * The length weights of the sentence scorer: as given, or by version (`auto`): v1.0's SentCLEME
 * uses sentence curves, v1.1's code the corpus curves (its weigher drops its arguments).
 */
function sentenceWeightsOf(options: ClemeOptions): "sentence" | "corpus" {
  if (options.sentweights === "sentence" || options.sentweights === "corpus") {
    return options.sentweights;
  }
  return options.version === "1.0" ? "sentence" : "corpus";
}

function weightsOf(options: ClemeOptions): WeightConfig {
  if (options.weighting === "none") return NO_WEIGHTS;
  if (options.aggregate === "sentence-mean" && sentenceWeightsOf(options) === "sentence") {
    return options.mode === "independent"
      ? SENTENCE_WEIGHTS_INDEPENDENT
      : SENTENCE_WEIGHTS_DEPENDENT;
  }
  return CORPUS_WEIGHTS;
}

function countsOf(
  stats: readonly ClemeStats[],
  options: ClemeOptions,
): { counts: ClemeCounts[][]; bias: number } {
  const bias = options.weighting === "none" ? 0 : clemeBias(stats);
  const config = weightsOf(options);
  return { counts: stats.map((s) => s.refs.map((r) => weighted(r, config, bias))), bias };
}

/**
 * Each sentence's score under the sentence scorer, with the corpus' bias (SentCLEME's
 * per-sentence values).
 *
 * @param stats Statistics of every sentence.
 * @param options Options.
 * @returns One choice per sentence.
 */
export function clemeSentenceScores(stats: readonly ClemeStats[], options: ClemeOptions) {
  const { counts } = countsOf(stats, options);
  return counts.map((refs) => sentenceChoice(refs, options));
}

function score(stats: readonly ClemeStats[], options: ClemeOptions): ClemeScore {
  const { counts, bias } = countsOf(stats, options);
  if (options.aggregate === "sentence-mean") {
    return clemeSentenceMean(counts.map((refs) => sentenceChoice(refs, options)), options, bias);
  }
  return clemeCorpus(counts, options, bias).score;
}

/**
 * The CLEME metric plugin (id `cleme`, headline `f`).
 *
 * @example The paper's situation: the hypothesis makes one chunk right and one wrong
 * ```ts
 * import { clemeMetric } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = {
 *   source: "He go to school yesterday .".split(" "),
 *   annotations: [{ annotator: "0", edits: [{ start: 1, end: 2, corrections: [["went"]], type: "R:VERB:TENSE" }] }],
 * };
 * const hyp = [
 *   { start: 1, end: 2, corrections: [["went"]], type: "R:VERB:TENSE" },
 *   { start: 4, end: 5, corrections: [["today"]], type: "R:ADV" },
 * ];
 * const options = { ...clemeMetric.defaults, weighting: "none" };
 * const stats = clemeMetric.stats(gold, [], options, hyp);
 * const s = clemeMetric.corpus([stats], options);
 * assert.deepEqual([s.tp, s.fp, s.fn, s.tn, s.p, s.r], [1, 1, 0, 3, 0.5, 1]);
 * ```
 */
export const clemeMetric: Metric<ClemeOptions, ClemeStats, ClemeScore> = {
  id: "cleme",
  description: "CLEME (THUKElab/CLEME v1.1; v1.0 with version=1.0): chunk-level F-beta of the " +
    "system's M2 edits against every reference, length-weighted",
  version: VERSION,
  defaults: {
    mode: "dependent",
    weighting: "length",
    beta: 0.5,
    version: "1.1",
    aggregate: "corpus",
    sentweights: "auto",
  },
  optionSpecs: {
    mode: {
      description: "dependent (each reference alone) or independent (all references at once)",
      choices: ["dependent", "independent"],
    },
    weighting: {
      description: "length (chunk length weighting) or none",
      choices: ["length", "none"],
    },
    beta: { description: "F-score beta: weight of recall against precision", min: 0, max: 1000 },
    version: {
      description: "1.1 (current CLEME code) or 1.0 (the EMNLP-2023 code)",
      choices: ["1.1", "1.0"],
    },
    aggregate: {
      description: "corpus (CLEME) or sentence-mean (SentCLEME: mean of sentence scores)",
      choices: ["corpus", "sentence-mean"],
    },
    sentweights: {
      description: "length weights under sentence-mean: auto (what the version prints: " +
        "corpus for 1.1, sentence for 1.0), sentence (SentCLEME's) or corpus",
      choices: ["auto", "sentence", "corpus"],
    },
  },
  needs: ["annotations"],
  needsHypothesisEdits: true,
  headline: "f",
  columns: ["p", "r", "f", "acc", "tp", "fp", "fn", "tn"],
  paperColumns: (options) => ({
    f: `${options.aggregate === "sentence-mean" ? "Sent" : ""}CLEME F${options.beta}`,
  }),
  sentenceIsCorpusOfOne: true,
  // The corpus scorer chooses each sentence's reference against the running totals.
  orderSensitive: (options) => options.aggregate !== "sentence-mean",
  stats(gold, _hypothesis, options, hypothesisEdits) {
    return clemeSentenceStats(gold, hypothesisEditsOf(hypothesisEdits), options).stats;
  },
  corpus(stats, options) {
    return score(stats, options);
  },
  sentence(stats, options) {
    return score([stats], options);
  },
  explain(gold, _hypothesis, options, hypothesisEdits) {
    const { stats, partition, judged } = clemeSentenceStats(
      gold,
      hypothesisEditsOf(hypothesisEdits),
      options,
    );
    const s = score([stats], options);
    const refs = partition.chunks.length ? partition.chunks[0].tokens.length - 1 : 0;
    const header = [
      "chunk",
      "source",
      "hypothesis",
      ...Array.from({ length: refs }, (_, r) => `ref ${r + 1}`),
      ...judged.map((_, k) => judged.length > 1 ? `vs ref ${k + 1}` : "outcome"),
    ];
    const rows = partition.chunks.map((c, i) => [
      String(i),
      gold.source.slice(c.start, c.end).join(" ") || "(insertion)",
      ...c.tokens.map((t, k) => (c.edits[k].length ? "*" : "") + (t.join(" ") || "∅")),
      ...judged.map((list) => list[i].outcome.toUpperCase()),
    ]);
    const explanation: Explanation = {
      summary:
        `CLEME ${options.mode} v${options.version}: P ${s.p} R ${s.r} F${options.beta} ${s.f} ` +
        `(TP ${s.tp} FP ${s.fp} FN ${s.fn} TN ${s.tn}; weights with this sentence's bias ` +
        `${s.bias.toFixed(4)}, the corpus score uses the corpus' bias)`,
      blocks: [{ title: "Chunks (* = the target edits it)", table: [header, ...rows] }],
    };
    return explanation;
  },
  signature(o) {
    const agg = o.aggregate === "sentence-mean"
      ? `|agg:sentence-mean|sentweights:${sentenceWeightsOf(o)}`
      : "";
    return `cleme|mode:${o.mode}|weighting:${o.weighting}|beta:${o.beta}|version:${o.version}${agg}|v:${VERSION}`;
  },
};
