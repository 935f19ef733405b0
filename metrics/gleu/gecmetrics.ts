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

type Counts = Map<number | string, number>[];

/** A source with its references' n-grams, numbered with the sentence's own vocabulary. */
interface Prepared {
  ids: Map<string, number>;
  /** Keys are numbers in this base (small ones: V8 hashes them fastest), or 0: text keys. */
  base: number;
  source: Counts;
  references: Map<Tokens, Counts>;
}

/** Sources prepared once, kept while their token arrays live. */
const preparedSources = new WeakMap<Tokens, Prepared>();

function countIds(ids: readonly number[], base: number): Counts {
  const out: Counts = [new Map(), new Map(), new Map(), new Map()];
  for (let i = 0; i < ids.length; i++) {
    let key: number | string = 0;
    for (let n = 0; n < ORDER && i + n < ids.length; n++) {
      key = base ? (key as number) * base + ids[i + n] : n ? `${key},${ids[i + n]}` : `${ids[i]}`;
      out[n].set(key, (out[n].get(key) ?? 0) + 1);
    }
  }
  return out;
}

function prepare(source: Tokens, references: readonly Tokens[]): Prepared {
  let p = preparedSources.get(source);
  if (!p || references.some((r) => !p!.references.has(r))) {
    const ids = new Map<string, number>();
    const number = (t: Tokens) =>
      t.map((x) => {
        let id = ids.get(x);
        if (id === undefined) ids.set(x, id = ids.size + 1);
        return id;
      });
    const src = number(source);
    const refs = references.map(number);
    // Ids 1..size, 0 for tokens of the hypothesis only: exact while base^4 < 2^53.
    const base = (ids.size + 1) ** ORDER < 2 ** 53 ? ids.size + 1 : 0;
    p = {
      ids,
      base,
      source: countIds(src, base),
      references: new Map(references.map((r, k) => [r, countIds(refs[k], base)])),
    };
    preparedSources.set(source, p);
  }
  return p;
}

/**
 * The hypothesis' n-grams numbered with the sentence's vocabulary. Tokens in neither the
 * source nor a reference share id 0: their n-grams only ever count as over-insertions (OI), one
 * per occurrence, so sharing a key changes no total.
 */
function hypothesisCounts(p: Prepared, hypothesis: Tokens): Counts {
  return countIds(hypothesis.map((x) => p.ids.get(x) ?? 0), p.base);
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
 * // Unigrams: "a" kept (TK: TP +1); "b" kept though the reference deleted it (UD: TP -1,
 * // FP +2). Bigram "a b": UD again. So TP [0, -1, 0, 0] and FP [2, 2, 0, 0].
 * assert.deepEqual(s.references[0].counts, [0, -1, 0, 0, 2, 2, 0, 0]);
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
  const p = prepare(source, references);
  const s = p.source, h = hypothesisCounts(p, hypothesis);
  const memo = new Map<Tokens, GecMetricsReference>();
  return {
    variant: official ? "gecmetrics-official" : "gecmetrics",
    length: pyLength(hypothesis),
    references: references.map((ref) => {
      let entry = memo.get(ref);
      if (entry) return entry;
      const r = p.references.get(ref)!;
      const c = new Array<number>(2 * ORDER).fill(0);
      for (let n = 0; n < ORDER; n++) {
        const sn = s[n], rn = r[n];
        for (const [key, mh] of h[n]) {
          const ms = sn.get(key) ?? 0, mr = rn.get(key) ?? 0;
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
  const count = stats.length;
  // Per sentence and reference: [tp_1..tp_4, fp_1..fp_4, hypothesis length, reference length].
  const width = 2 * ORDER + 2;
  const start = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) start[i + 1] = start[i] + stats[i].references.length * width;
  const flat = new Float64Array(start[count]);
  stats.forEach((s, i) =>
    s.references.forEach((ref, k) => {
      const at = start[i] + k * width;
      flat.set(ref.counts, at);
      flat[at + 2 * ORDER] = s.length;
      flat[at + 2 * ORDER + 1] = ref.length;
    })
  );
  const totals = new Float64Array(width);
  for (let j = 0, at = 0; j < iterations; j++) {
    totals.fill(0);
    for (let i = 0; i < count; i++) {
      const o = start[i] + picks[at++] * width;
      for (let k = 0; k < width; k++) totals[k] += flat[o + k];
    }
    values.push(gecMetricsScore(totals, totals[2 * ORDER], totals[2 * ORDER + 1]));
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
