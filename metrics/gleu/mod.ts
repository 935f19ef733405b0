/**
 * GLEU (Napoles et al.): n-gram precision of the hypothesis against a reference, minus the
 * n-grams it keeps from the source that the reference changed, with a brevity penalty. The
 * default is the 2016 formulation ("GLEU without tuning", as `compute_gleu` of
 * cnap/gec-ranking computes it, with its Python 2 reference sampling reproduced draw for
 * draw); `variant: "2015"` gives the original GLEU with the weight lambda; `variant:
 * "gecmetrics"` and `"gecmetrics-official"` give gec-metrics 0.1.1's GLEU and GLEUOfficial
 * (`gecmetrics.ts`, reached through the hooks marked below); `variant: "koyama"` gives
 * shotakoyama/gleu's GLEU (the one MultiGEC-2025 scores with; `koyama_metric.ts`, through the
 * same hooks), with options `order`, `unit` (word or char n-grams) and `select` (sample or
 * max), and the drop-in commands `gleu`, `sgleu` and `mgleu` (`koyama_command.ts`).
 *
 * @module
 */

import { withSentenceMean } from "../../plugins/aggregate.ts";
import type { Accumulator, Metric } from "../../plugins/types.ts";
import { gecMetrics, GECMETRICS_VARIANTS, type GleuGecMetricsStats } from "./gecmetrics.ts";
import { checkVariant, fold, score2015, single, summarize } from "./corpus.ts";
import { resampler2016 } from "./resampler.ts";
import { explain2015, explain2016, sentenceValues2016 } from "./explain.ts";
import {
  type Gleu2015Stats,
  type Gleu2016Stats,
  type GleuOptions,
  type GleuScore,
  type GleuStats as BaseGleuStats,
  ngramCounts,
  prepare,
  sentenceStats,
  stats2016,
} from "./stats.ts";
import { HypothesisMemo } from "../../util/hypothesis_memo.ts";
import { checkKoyamaOptions, koyamaVariant, MAX_KOYAMA_ORDER } from "./koyama_metric.ts";
import type { GleuKoyamaStats } from "./koyama.ts";

export type { GecMetricsReference, GleuGecMetricsStats } from "./gecmetrics.ts";
export type {
  GleuKoyamaStats,
  GleuSeeding,
  GleuSelect,
  GleuUnit,
  KoyamaGold,
  KoyamaReferenceStats,
  KoyamaTable,
} from "./koyama.ts";
export type {
  Gleu2015Stats,
  Gleu2016Stats,
  GleuOptions,
  GleuReferenceStats,
  GleuScore,
} from "./stats.ts";

// Systems of one run often give the same hypothesis for a sentence: its 2016 statistics are
// computed once (they depend only on the prepared gold sentence and the hypothesis).
const memo2016 = new HypothesisMemo<Gleu2016Stats>();

/** GLEU per-sentence statistics, of any variant. */
export type GleuStats = Gleu2016Stats | Gleu2015Stats | GleuGecMetricsStats | GleuKoyamaStats;

/**
 * The GLEU metric.
 *
 * Statistics keep, per sentence, the hypothesis length and per reference its length and the
 * clipped n-gram matches and source penalties (n = 1..4), so corpus scores, sampling and
 * resampling of sentences need no text. With several references, `corpus()` reproduces the
 * reference tool's sampling: iteration `j` seeds Python's Mersenne Twister with `j * 101` and
 * draws one reference per sentence with Python 2's `randint`; the score is the mean over
 * iterations, with the population standard deviation and the 95% normal interval. Sentence
 * scores are smoothed (zero counts replaced by 1, the tool's `-d` mode) and averaged over the
 * references.
 *
 * Gold sentences are treated as immutable: the n-grams of a sentence's source and references
 * are counted once per sentence object (and `refs` option) and reused for every system.
 *
 * @example Scoring two sentences against one reference each
 * ```ts
 * import { gleuMetric } from "./mod.ts";
 * import { resolveOptions } from "../../plugins/options.ts";
 * import assert from "node:assert/strict";
 *
 * const options = resolveOptions<typeof gleuMetric.defaults>(gleuMetric, {});
 * const gold = [
 *   { source: "He go to school every days .".split(" "),
 *     references: ["He goes to school every day .".split(" ")] },
 *   { source: "She like cats .".split(" "), references: ["She likes cats .".split(" ")] },
 * ];
 * const hyps = ["He goes to school every days .", "She likes cats ."].map((s) => s.split(" "));
 * const stats = gold.map((g, i) => gleuMetric.stats(g, hyps[i], options));
 * const score = gleuMetric.corpus(stats, options);
 * // Matches minus penalties over hypothesis n-grams, n = 1..4: "days", "every days",
 * // "days ." ... are kept from the source where the reference changed them.
 * const precisions = [(5 + 4) / (7 + 4), (2 + 3) / (6 + 3), (1 + 2) / (5 + 2), (0 + 1) / (4 + 1)];
 * assert.equal(score.gleu, Math.exp(precisions.reduce((a, p) => a + Math.log(p), 0) / 4));
 * assert.equal(score.iterations, 1);
 * assert.equal(gleuMetric.sentence(stats[1], options).gleu, 1);
 * ```
 */
export const gleuMetric: Metric<GleuOptions, GleuStats, GleuScore> = withSentenceMean({
  id: "gleu",
  description: "GLEU: n-gram precision against references, penalising n-grams left unchanged " +
    "from the source (Napoles et al. 2016; 2015 with variant=2015)",
  version: "1.0",
  defaults: {
    variant: "2016",
    iterations: 500,
    lambda: 0,
    refs: "plain",
    order: 4,
    unit: "word",
    select: "sample",
  },
  optionSpecs: {
    variant: {
      description: "2016 (GLEU without tuning), 2015 (original GLEU with lambda), gecmetrics or " +
        "gecmetrics-official (gec-metrics 0.1.1 GLEU and GLEUOfficial, Python 3 sampling), " +
        "koyama (shotakoyama/gleu, MultiGEC-2025's GLEU)",
      choices: ["2016", "2015", ...GECMETRICS_VARIANTS, "koyama"],
    },
    iterations: {
      description: "2016 with several references: sampling iterations (one reference: 1)",
      min: 1,
      // A typo such as 1e12 would otherwise run for hours.
      max: 100_000,
      integer: true,
    },
    lambda: { description: "2015: weight of the unchanged-source-n-gram penalty", min: 0 },
    order: {
      description: "koyama: the largest n-gram order (its -n)",
      min: 1,
      max: MAX_KOYAMA_ORDER,
      integer: true,
    },
    unit: {
      description: "koyama: n-grams of words or of characters (its -t)",
      choices: ["word", "char"],
    },
    select: {
      description: "koyama: sample a reference per sentence per iteration, seeded as " +
        "compute_gleu (its -f), or take each sentence's best reference, max (its -m)",
      choices: ["sample", "max"],
    },
    refs: {
      description: "references from M2 annotations: plain, or conll2014 (skip Um edits, an " +
        "absent annotator copies the first one) as the CoNLL-2014 .trg files",
      choices: ["plain", "conll2014"],
    },
  },
  needs: ["references"],
  headline: "gleu",
  columns: ["gleu", "std", "ci"],
  compactColumns: ["gleu", "ci"],
  // GLEU's own interval comes from sampling a reference per sentence (iter), not from
  // resampling sentences as --ci does.
  columnLabels: () => ({ ci: "ci (ref. sampling)" }),
  paperColumns: (options) => ({
    gleu: `${(options as { aggregate?: string }).aggregate === "sentence-mean" ? "Sent" : ""}GLEU`,
  }),
  stats(gold, hypothesis, options) {
    checkKoyamaOptions(options);
    // Hook: shotakoyama/gleu.
    if (koyamaVariant.is(options)) return koyamaVariant.stats(gold, hypothesis, options);
    const entry = prepare(gold, options);
    // Hook: gec-metrics' variants.
    if (gecMetrics.is(options)) {
      return gecMetrics.stats(
        options,
        gold.source,
        entry.references.map((r) => r.tokens),
        hypothesis,
      );
    }
    if (options.variant === "2016") {
      return memo2016.get(entry, "", hypothesis, () => stats2016(entry, hypothesis));
    }
    return sentenceStats(entry, hypothesis, ngramCounts(hypothesis, entry.vocab), options);
  },
  corpus(stats, options) {
    // Hook: shotakoyama/gleu.
    if (koyamaVariant.is(options)) return koyamaVariant.corpus(stats, options);
    // Hook: gec-metrics' variants.
    if (gecMetrics.is(options)) {
      return gecMetrics.corpus(gecMetricsStats(stats, options), options, summarize);
    }
    for (const s of stats) checkVariant(s as BaseGleuStats, options);
    const acc = fold(options);
    for (const s of stats) acc.add(s as BaseGleuStats);
    return acc.score();
  },
  orderSensitive: (options) =>
    options.variant !== "2015" && !(options.variant === "koyama" && options.select === "max"),
  resampler(stats, options) {
    // Hook: shotakoyama/gleu.
    if (koyamaVariant.is(options)) return koyamaVariant.resampler(stats, options);
    // Hook: gec-metrics' variants.
    if (gecMetrics.is(options)) {
      const all = gecMetricsStats(stats, options);
      return (indices) => gecMetrics.corpus(Array.from(indices, (i) => all[i]), options, summarize);
    }
    for (const s of stats) checkVariant(s as BaseGleuStats, options);
    if (options.variant === "2016") {
      return resampler2016(stats as readonly Gleu2016Stats[], options);
    }
    const picked: Gleu2015Stats[] = [];
    return (indices) => {
      picked.length = indices.length;
      for (let k = 0; k < indices.length; k++) picked[k] = stats[indices[k]] as Gleu2015Stats;
      return single(score2015(picked, options.lambda));
    };
  },
  sentence(stats, options) {
    // Hook: shotakoyama/gleu.
    if (koyamaVariant.is(options)) return koyamaVariant.sentence(stats, options);
    // Hook: gec-metrics' variants.
    if (gecMetrics.is(options)) {
      return summarize(gecMetrics.sentence(gecMetricsStats([stats], options)[0]));
    }
    checkVariant(stats as BaseGleuStats, options);
    if (stats.variant === "2015") {
      const acc = fold(options);
      acc.add(stats);
      return acc.score();
    }
    return summarize(sentenceValues2016(stats as Gleu2016Stats));
  },
  accumulator(options) {
    // Hook: shotakoyama/gleu.
    if (koyamaVariant.is(options)) {
      return koyamaVariant.accumulator(options) as Accumulator<GleuStats, GleuScore>;
    }
    // Hook: gec-metrics' variants.
    if (gecMetrics.is(options)) return gecMetrics.accumulator(options, summarize);
    return fold(options) as Accumulator<GleuStats, GleuScore>;
  },
  explain(gold, hypothesis, options) {
    checkKoyamaOptions(options);
    // Hook: shotakoyama/gleu.
    if (koyamaVariant.is(options)) return koyamaVariant.explain(gold, hypothesis, options);
    const entry = prepare(gold, options);
    // Hook: gec-metrics' variants.
    if (gecMetrics.is(options)) {
      return gecMetrics.explain(
        options,
        gold.source,
        entry.references.map((r) => r.tokens),
        hypothesis,
      );
    }
    const hyp = ngramCounts(hypothesis, entry.vocab);
    const stats = sentenceStats(entry, hypothesis, hyp, options);
    if (stats.variant === "2015") {
      return explain2015(hypothesis, hyp, entry, stats, options.lambda);
    }
    return explain2016(gold, hypothesis, hyp, entry, stats);
  },
  signature(options) {
    // Hook: shotakoyama/gleu.
    if (koyamaVariant.is(options)) return koyamaVariant.signature(options);
    const variant = options.variant === "2015"
      ? `variant:2015|lambda:${options.lambda}`
      : `variant:${options.variant}|iter:${options.iterations}`;
    return `gleu|${variant}|refs:${options.refs}|v:1.0`;
  },
});

/** The statistics of a gec-metrics variant, checked against the options' variant. */
function gecMetricsStats(
  stats: readonly GleuStats[],
  options: GleuOptions,
): GleuGecMetricsStats[] {
  for (const s of stats) {
    if (s.variant !== options.variant) {
      throw new TypeError(
        `GLEU statistics of variant ${s.variant} cannot be scored with variant ${options.variant}`,
      );
    }
  }
  return stats as GleuGecMetricsStats[];
}
