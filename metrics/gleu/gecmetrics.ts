/**
 * GLEU as gec-metrics 0.1.1 computes it (commit 875a2f7), beside the official 2016 and 2015
 * formulations of `mod.ts`:
 *
 * - `variant=gecmetrics` (gec-metrics' `GLEU`, its "corrected" GLEU in the GREEN
 *   reformulation): per order, over the hypothesis' n-grams, TP = TI + TK − UD and
 *   FP = OI + 2·UD, so that precision = (TI + TK − UD) / (TI + TK + OI + UD).
 * - `variant=gecmetrics-official` (gec-metrics' `GLEUOfficial`): the official counting as
 *   gec-metrics re-expresses it (an n-gram kept from the source gets its under-deletions
 *   halved and moved to TK; an order whose TP is negative moves it to FP), which equals the
 *   official script except for the reference sampling below.
 *
 * Both draw one reference per sentence with Python 3's `random.randint` after
 * `random.seed(iteration * 101)` (the official script is Python 2, whose `randint` draws
 * differently: the two agree on one reference and differ by up to 0.0004 on CoNLL-2014),
 * sum the counts and lengths of the 500 iterations separately, and average the iteration
 * scores. Precision is 1 when FP is 0; a score is 0 when any order's precision is <= 0; the
 * brevity penalty is `min(0, 1 − r/c)` in the log. Lengths are Python's `len(s.split(' '))`:
 * an empty line has length 1. A sentence score is the mean over its references, each scored
 * alone with the sentence's own lengths.
 *
 * @module
 */

import { prf } from "../../edits/prf.ts";
import type { Tokens } from "../../plugins/types.ts";
import { MersenneTwister } from "../../util/mt19937.ts";

/** The gec-metrics variants. */
export const GECMETRICS_VARIANTS: readonly string[] = ["gecmetrics", "gecmetrics-official"];

/** Per-reference counts: length and `[tp_1..tp_4, fp_1..fp_4]`. */
export interface GecMetricsReference {
  /** The reference's length as `len(r.split(' '))`. */
  length: number;
  /** `[tp_1..tp_n, fp_1..fp_n]`. */
  counts: number[];
}

/** Per-sentence statistics of the gec-metrics variants. */
export interface GleuGecMetricsStats {
  /** The variant. */
  variant: "gecmetrics" | "gecmetrics-official";
  /** The hypothesis length as `len(h.split(' '))`. */
  length: number;
  /** One entry per reference, in reference order. */
  references: GecMetricsReference[];
}

const ORDER = 4;

function counts(tokens: Tokens): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i < tokens.length; i++) {
    let key = "";
    for (let n = 0; n < ORDER && i + n < tokens.length; n++) {
      key = n ? `${key}\u0001${tokens[i + n]}` : tokens[i];
      out.set(`${n}\u0002${key}`, (out.get(`${n}\u0002${key}`) ?? 0) + 1);
    }
  }
  return out;
}

/** Python's `len(" ".join(tokens).split(" "))`. */
function pyLength(tokens: Tokens): number {
  return Math.max(1, tokens.length);
}

/**
 * One sentence's statistics.
 *
 * @example Usage
 * ```ts
 * import { gecMetricsStats } from "./gecmetrics.ts";
 * import assert from "node:assert/strict";
 *
 * const s = gecMetricsStats("gecmetrics", "a b".split(" "), ["a c".split(" ")], "a b".split(" "));
 * // "a" kept (TK), "b" kept but the reference deleted it (UD: TP -1, FP +2), "a b" likewise.
 * assert.deepEqual(s.references[0].counts, [0, 0, 0, 0, 2, 2, 0, 0]);
 * ```
 *
 * @param variant The variant.
 * @param source The source.
 * @param references The references.
 * @param hypothesis The hypothesis.
 * @returns The statistics.
 */
export function gecMetricsStats(
  variant: string,
  source: Tokens,
  references: readonly Tokens[],
  hypothesis: Tokens,
): GleuGecMetricsStats {
  const official = variant === "gecmetrics-official";
  const s = counts(source), h = counts(hypothesis);
  const memo = new Map<Tokens, GecMetricsReference>();
  return {
    variant: official ? "gecmetrics-official" : "gecmetrics",
    length: pyLength(hypothesis),
    references: references.map((ref) => {
      let entry = memo.get(ref);
      if (entry) return entry;
      const r = counts(ref);
      const c = new Array<number>(2 * ORDER).fill(0);
      for (const [key, mh] of h) {
        const n = Number(key[0]);
        const ms = s.get(key) ?? 0, mr = r.get(key) ?? 0;
        const ti = Math.max(Math.min(mr, mh) - ms, 0);
        let tk = Math.min(ms, mh, mr);
        const oi = Math.max(mh - Math.max(ms, mr), 0);
        let ud = Math.max(Math.min(ms, mh) - mr, 0);
        if (official && tk > 0) {
          ud = ud / 2;
          tk += ud;
        }
        c[n] += ti + tk - ud;
        c[ORDER + n] += oi + 2 * ud;
      }
      if (official) {
        for (let n = 0; n < ORDER; n++) {
          if (c[n] < 0) {
            c[ORDER + n] += c[n];
            c[n] = 0;
          }
        }
      }
      memo.set(ref, entry = { length: pyLength(ref), counts: c });
      return entry;
    }),
  };
}

/**
 * gec-metrics' `GLEU.aggregate_score`: 0 if any order's precision is <= 0, else
 * `exp(min(0, 1 − r/c) + mean log p_n)`.
 *
 * @param c Per-order `[tp.., fp..]` sums.
 * @param hypLength Hypothesis length (sum).
 * @param refLength Reference length (sum).
 * @returns The score.
 */
export function gecMetricsScore(
  c: ArrayLike<number>,
  hypLength: number,
  refLength: number,
): number {
  const logBp = Math.min(0, 1 - refLength / hypLength);
  let logPrecision = 0;
  for (let n = 0; n < ORDER; n++) {
    const p = prf({ tp: c[n], fp: c[ORDER + n], fn: 0 }, { beta: 1, convention: "gec-metrics" })
      .precision;
    if (p <= 0) return 0;
    logPrecision += Math.log(p);
  }
  return Math.exp(logBp + logPrecision / ORDER);
}

let lastDraws: { iterations: number; key: string; picks: Uint8Array | Uint16Array } | undefined;

/**
 * Python 3's `random.randint(0, k − 1)` for each sentence (in order) after
 * `random.seed(j * 101)`, for iterations `j = 0..iterations−1`: `_randbelow(k)` takes the top
 * `k.bit_length()` bits of a 32-bit draw and draws again while the value is `>= k`.
 *
 * @example Python 3: `random.seed(0); [random.randint(0, 1) for _ in range(8)]`
 * ```ts
 * import { python3Picks } from "./gecmetrics.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual([...python3Picks(1, new Array(8).fill(2))], [1, 1, 0, 1, 1, 1, 1, 1]);
 * ```
 *
 * @param iterations Iterations.
 * @param sizes References per sentence.
 * @returns Row `j` holds iteration `j`'s picks.
 */
export function python3Picks(
  iterations: number,
  sizes: readonly number[],
): Uint8Array | Uint16Array {
  const key = sizes.join(",");
  if (lastDraws?.iterations === iterations && lastDraws.key === key) return lastDraws.picks;
  const count = sizes.length;
  const picks = sizes.some((k) => k > 255)
    ? new Uint16Array(iterations * count)
    : new Uint8Array(iterations * count);
  const mt = new MersenneTwister(0);
  for (let j = 0, at = 0; j < iterations; j++) {
    mt.seed(j * 101);
    for (let i = 0; i < count; i++) {
      const k = sizes[i];
      const bits = 32 - Math.clz32(k);
      let r: number;
      do r = mt.uint32() >>> (32 - bits); while (r >= k);
      picks[at++] = r;
    }
  }
  lastDraws = { iterations, key, picks };
  return picks;
}

/** The corpus score: mean over iterations of the sampled references' summed counts. */
export function gecMetricsCorpus(
  stats: readonly GleuGecMetricsStats[],
  iterations: number,
): { gleu: number; values: number[] } {
  const picks = python3Picks(iterations, stats.map((s) => s.references.length));
  const values: number[] = [];
  const totals = new Float64Array(2 * ORDER);
  const count = stats.length;
  for (let j = 0, at = 0; j < iterations; j++) {
    totals.fill(0);
    let c = 0, r = 0;
    for (let i = 0; i < count; i++) {
      const s = stats[i];
      const ref = s.references[picks[at++]];
      const x = ref.counts;
      for (let k = 0; k < 2 * ORDER; k++) totals[k] += x[k];
      c += s.length;
      r += ref.length;
    }
    values.push(gecMetricsScore(totals, c, r));
  }
  let sum = 0;
  for (const v of values) sum += v;
  return { gleu: sum / values.length, values };
}

/** The sentence score: the mean over references, each scored alone. */
export function gecMetricsSentence(stats: GleuGecMetricsStats): number[] {
  return stats.references.map((ref) => gecMetricsScore(ref.counts, stats.length, ref.length));
}

/** The score shape `mod.ts` gives every variant. */
interface Summary {
  gleu: number;
  std: number;
  ci: [number, number];
  iterations: number;
}

/** What `mod.ts` calls for the gec-metrics variants (its only hook into this file). */
export const gecMetrics = {
  /** Whether the options select a gec-metrics variant. */
  is(options: { variant: string }): boolean {
    return GECMETRICS_VARIANTS.includes(options.variant);
  },
  /** Per-sentence statistics. */
  stats(
    options: { variant: string },
    source: Tokens,
    references: readonly Tokens[],
    hypothesis: Tokens,
  ): GleuGecMetricsStats {
    return gecMetricsStats(options.variant, source, references, hypothesis);
  },
  /** The corpus score, with the spread of the iteration scores. */
  corpus<R extends Summary>(
    stats: readonly GleuGecMetricsStats[],
    options: { iterations: number },
    summarize: (values: number[]) => R,
  ): R {
    if (!stats.length) return summarize([0]);
    const { gleu, values } = gecMetricsCorpus(stats, options.iterations);
    return { ...summarize(values), gleu };
  },
  /** The sentence values (one per reference). */
  sentence(stats: GleuGecMetricsStats): number[] {
    return gecMetricsSentence(stats);
  },
  /** A collecting accumulator (the iterations need every sentence). */
  accumulator<R extends Summary>(
    options: { iterations: number },
    summarize: (values: number[]) => R,
  ): { add(s: unknown): void; score(): R } {
    const all: GleuGecMetricsStats[] = [];
    return {
      add: (s) => all.push(s as GleuGecMetricsStats),
      score: () => gecMetrics.corpus(all, options, summarize),
    };
  },
  /** The sentence explanation: per reference, the per-order counts and the score. */
  explain(
    options: { variant: string },
    source: Tokens,
    references: readonly Tokens[],
    hypothesis: Tokens,
  ): { summary: string; blocks: { title: string; table: string[][] }[] } {
    const stats = gecMetricsStats(options.variant, source, references, hypothesis);
    const values = gecMetricsSentence(stats);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return {
      summary: `GLEU (${stats.variant}) ${mean.toFixed(4)}: the mean over ${values.length} ` +
        `reference(s), each scored alone (TP = TI + TK − UD, FP = OI + 2·UD per order)`,
      blocks: stats.references.map((ref, i) => ({
        title: `Reference ${i}: GLEU ${values[i].toFixed(4)} (hypothesis length ${stats.length}, ` +
          `reference length ${ref.length})`,
        table: [
          ["order", "TP", "FP"],
          ...Array.from(
            { length: ORDER },
            (_, n) => [n + 1, ref.counts[n], ref.counts[ORDER + n]].map(String),
          ),
        ],
      })),
    };
  },
};
