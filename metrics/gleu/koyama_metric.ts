/**
 * The `koyama` variant of the GLEU metric (shotakoyama/gleu, as MultiGEC-2025 scores), reached
 * through the hooks of `mod.ts`: options `order`, `unit` and `select`, statistics from the
 * gold sentence's source and references joined by spaces (word n-grams split them again as
 * Python's `str.split()` does; character n-grams count the spaces), corpus scores by
 * compute_gleu-seeded sampling or the best reference per sentence, sentence scores and the
 * per-order table of `-v` as the explanation.
 *
 * @module
 */

import type { Accumulator, Explanation, GoldSentence, Tokens } from "../../plugins/types.ts";
import { InputError } from "../../plugins/errors.ts";
import { decimalRoundHalfUp } from "../../util/decimal_round.ts";
import { single, summarize } from "./corpus.ts";
import {
  bestReference,
  type GleuKoyamaStats,
  type GleuSelect,
  type GleuUnit,
  koyamaCorpusMax,
  type KoyamaGold,
  koyamaGold,
  koyamaIterations,
  koyamaSentence,
  koyamaSentenceTables,
  koyamaStats,
} from "./koyama.ts";
import { type GleuOptions, type GleuScore, prepare } from "./stats.ts";

/** The largest n-gram order the option accepts. */
export const MAX_KOYAMA_ORDER = 100;

const prepared = new WeakMap<GoldSentence, Map<string, KoyamaGold>>();

function settings(options: GleuOptions): { order: number; unit: GleuUnit; select: GleuSelect } {
  return {
    order: options.order ?? 4,
    unit: (options.unit ?? "word") as GleuUnit,
    select: (options.select ?? "sample") as GleuSelect,
  };
}

/**
 * Throw when `order`, `unit` or `select` differ from their defaults under a variant other
 * than `koyama` (only shotakoyama/gleu has them).
 */
export function checkKoyamaOptions(options: GleuOptions): void {
  if (options.variant === "koyama") return;
  const { order, unit, select } = settings(options);
  if (order !== 4 || unit !== "word" || select !== "sample") {
    throw new InputError(
      `GLEU options order, unit and select need variant koyama, not ${options.variant}`,
    );
  }
}

function checkStats(stats: readonly unknown[]): GleuKoyamaStats[] {
  for (const s of stats) {
    if ((s as { variant?: string }).variant !== "koyama") {
      throw new TypeError(
        `GLEU statistics of variant ${(s as { variant?: string }).variant} cannot be scored ` +
          "with variant koyama",
      );
    }
  }
  return stats as GleuKoyamaStats[];
}

/** The hooks of the `koyama` variant. */
export const koyamaVariant = {
  /** Is this the `koyama` variant? */
  is: (options: GleuOptions): boolean => options.variant === "koyama",

  stats(gold: GoldSentence, hypothesis: Tokens, options: GleuOptions): GleuKoyamaStats {
    const { order, unit } = settings(options);
    let byKey = prepared.get(gold);
    if (!byKey) prepared.set(gold, byKey = new Map());
    const key = `${options.refs}|${order}|${unit}`;
    let entry = byKey.get(key);
    if (!entry) {
      const references = prepare(gold, options).references.map((r) => r.tokens.join(" "));
      entry = koyamaGold(gold.source.join(" "), references, order, unit);
      byKey.set(key, entry);
    }
    return koyamaStats(entry, hypothesis.join(" "));
  },

  corpus(stats: readonly unknown[], options: GleuOptions): GleuScore {
    const all = checkStats(stats);
    if (settings(options).select === "max") return single(koyamaCorpusMax(all).gleu);
    return summarize(koyamaIterations(all, options.iterations, "python2"));
  },

  sentence(stats: unknown, options: GleuOptions): GleuScore {
    const [s] = checkStats([stats]);
    const { select } = settings(options);
    const { gleu, values } = koyamaSentence(s, select);
    return select === "max" ? single(gleu) : summarize(values);
  },

  resampler(stats: readonly unknown[], options: GleuOptions) {
    const all = checkStats(stats);
    const picked: GleuKoyamaStats[] = [];
    return (indices: Int32Array): GleuScore => {
      picked.length = indices.length;
      for (let k = 0; k < indices.length; k++) picked[k] = all[indices[k]];
      return koyamaVariant.corpus(picked, options);
    };
  },

  accumulator(options: GleuOptions): Accumulator<unknown, GleuScore> {
    const all: GleuKoyamaStats[] = [];
    return {
      add: (s: unknown) => all.push(...checkStats([s])),
      score: () => koyamaVariant.corpus(all, options),
    };
  },

  explain(gold: GoldSentence, hypothesis: Tokens, options: GleuOptions): Explanation {
    const stats = koyamaVariant.stats(gold, hypothesis, options);
    const tables = koyamaSentenceTables(stats);
    const best = bestReference(tables);
    const { select } = settings(options);
    const score = koyamaVariant.sentence(stats, options);
    const references = prepare(gold, options).references;
    const pct = (x: number) => decimalRoundHalfUp(100 * x, 2);
    return {
      summary: `GLEU ${pct(score.gleu)} (shotakoyama/gleu, ${
        select === "max" ? "best reference" : `mean over ${tables.length} reference(s)`
      }, not smoothed)`,
      blocks: tables.map((t, k) => ({
        title: `Reference ${k + 1}${k === best ? " (best)" : ""}: ${
          references[k].tokens.join(" ")
        }`,
        table: [
          ["", "match", "penal", "numer", "denom", "p", "bp", "gleu"],
          ...t.matches.map((m, n) => [
            String(n + 1),
            String(m),
            String(t.penalties[n]),
            String(t.numerators[n]),
            String(t.denominators[n]),
            pct(t.precisions[n]),
            pct(t.bp),
            pct(t.gleus[n]),
          ]),
          ["total", "", "", "", "", pct(t.precision), pct(t.bp), pct(t.gleu)],
        ],
      })),
    };
  },

  signature(options: GleuOptions): string {
    const { order, unit, select } = settings(options);
    const how = select === "max" ? "select:max" : `select:sample|iter:${options.iterations}`;
    return `gleu|variant:koyama|n:${order}|unit:${unit}|${how}|refs:${options.refs}|v:1.0`;
  },
};
