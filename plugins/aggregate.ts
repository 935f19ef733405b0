/**
 * Sentence-averaged scores for any metric: {@linkcode withSentenceMean} adds the option
 * `aggregate` (`corpus`, the metric's own corpus score, or `sentence-mean`, the mean of its
 * sentence scores: SentM2, SentERRANT, ...), so `--opt m2.aggregate=sentence-mean` works for
 * every metric wrapped with it, with confidence intervals, paired tests and reports as usual.
 *
 * Under `sentence-mean` the corpus score is the arithmetic mean (Python's `sum(x) / len(x)`,
 * left to right) of every numeric field of the sentence scores (nested fields and arrays
 * element by element; a field missing from some sentences is averaged over the sentences that
 * have it), plus `sentences`, how many were averaged. A metric whose reference implementation
 * scores sentences by other rules than its `sentence()` (which reference is chosen, what an
 * empty sentence scores, rounding) passes those rules as `rule.sentence`. A metric that already
 * has an `aggregate` option implements the mean itself and is returned unchanged.
 *
 * @module
 */

import type { AnyMetric, Options, Score } from "./types.ts";

/** A metric's own per-sentence rules for its sentence mean. */
export interface SentenceMeanRule {
  /** The sentence score to average (default: the metric's `sentence()`). */
  sentence?(stats: unknown, options: Options): Score;
}

/**
 * The field-wise mean of score objects.
 *
 * @example Usage
 * ```ts
 * import { meanScore } from "./aggregate.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(meanScore([{ f: 1, ci: [0, 1], n: { a: 2 } }, { f: 0, ci: [1, 1], n: {} }]), {
 *   f: 0.5,
 *   ci: [0.5, 1],
 *   n: { a: 2 },
 * });
 * ```
 *
 * @param scores The scores.
 * @returns Their mean.
 */
export function meanScore(scores: readonly unknown[]): Score {
  return mean(scores) as Score;
}

function mean(values: readonly unknown[]): unknown {
  const present = values.filter((v) => v !== undefined && v !== null);
  if (!present.length) return undefined;
  if (present.every((v) => typeof v === "number")) {
    let sum = 0;
    for (const v of present as number[]) sum += v;
    return sum / present.length;
  }
  if (present.every(Array.isArray)) {
    const length = Math.max(...present.map((v) => (v as unknown[]).length));
    return Array.from({ length }, (_, i) => mean(present.map((v) => (v as unknown[])[i])));
  }
  if (present.every((v) => typeof v === "object" && !Array.isArray(v))) {
    const keys = [...new Set(present.flatMap((v) => Object.keys(v as object)))];
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      const m = mean(present.map((v) => (v as Record<string, unknown>)[k]));
      if (m !== undefined) out[k] = m;
    }
    return out;
  }
  return present[0];
}

/**
 * A metric with the `aggregate` option (`corpus` by default, or `sentence-mean`).
 *
 * @example SentM2-style averaging of a toy metric
 * ```ts
 * import { withSentenceMean } from "./aggregate.ts";
 * import assert from "node:assert/strict";
 *
 * const exact = {
 *   id: "exact", description: "", version: "1", defaults: {}, needs: [], headline: "acc",
 *   stats: (_g: unknown, h: string[]) => ({ ok: h.length ? 1 : 0, n: 1 }),
 *   corpus: (s: { ok: number; n: number }[]) => ({ acc: s.reduce((a, x) => a + x.ok, 0) / 10 }),
 *   sentence: (s: { ok: number }) => ({ acc: s.ok }),
 *   explain: () => ({ summary: "", blocks: [] }),
 *   signature: () => "exact",
 * };
 * // deno-lint-ignore no-explicit-any
 * const m = withSentenceMean(exact as any);
 * const stats = [{ ok: 1, n: 1 }, { ok: 0, n: 1 }];
 * assert.equal(m.corpus(stats, { aggregate: "corpus" }).acc, 0.1);
 * assert.deepEqual(m.corpus(stats, { aggregate: "sentence-mean" }), { acc: 0.5, sentences: 2 });
 * assert.equal(m.signature({ aggregate: "sentence-mean" }), "exact|agg:sentence-mean");
 * ```
 *
 * @param metric The metric.
 * @param rule Its per-sentence rules, when they differ from `sentence()`.
 * @returns The metric with the option (or the metric itself if it has one).
 */
export function withSentenceMean<M extends AnyMetric>(metric: M, rule: SentenceMeanRule = {}): M {
  if (Object.hasOwn(metric.defaults, "aggregate")) return metric;
  const m = metric as AnyMetric;
  const sentenceOf = (s: unknown, o: Options): Score =>
    rule.sentence ? rule.sentence(s, o) : m.sentence(s, o);
  const isMean = (o: Options) => o.aggregate === "sentence-mean";
  const meanOf = (stats: readonly unknown[], o: Options): Score => ({
    ...meanScore(stats.map((s) => sentenceOf(s, o))),
    sentences: stats.length,
  });
  const wrapped: AnyMetric = {
    ...m,
    defaults: { ...m.defaults, aggregate: "corpus" },
    optionSpecs: {
      ...m.optionSpecs,
      aggregate: {
        description: "corpus (the metric's corpus score) or sentence-mean (the mean of its " +
          "sentence scores, e.g. SentM2)",
        choices: ["corpus", "sentence-mean"],
      },
    },
    orderSensitive: (o: Options) => {
      if (isMean(o)) return false;
      const own = m.orderSensitive;
      return typeof own === "function" ? own(o) : own === true;
    },
    corpus: (stats: readonly unknown[], o: Options) =>
      isMean(o) ? meanOf(stats, o) : m.corpus(stats, o),
    // Under sentence-mean a sentence scores as the mean of itself alone (`sentences: 1`).
    sentence: (s: unknown, o: Options) =>
      isMean(o) ? { ...sentenceOf(s, o), sentences: 1 } : m.sentence(s, o),
    signature: (o: Options) => isMean(o) ? `${m.signature(o)}|agg:sentence-mean` : m.signature(o),
  };
  if (m.resampler) {
    const own = m.resampler.bind(m);
    wrapped.resampler = (stats: readonly unknown[], o: Options) => {
      if (!isMean(o)) return own(stats, o);
      const each = stats.map((s) => sentenceOf(s, o));
      return (indices: Int32Array) => ({
        ...meanScore(Array.from(indices, (i) => each[i])),
        sentences: indices.length,
      });
    };
  }
  if (m.accumulator) {
    const own = m.accumulator.bind(m);
    wrapped.accumulator = (o: Options) => {
      if (!isMean(o)) return own(o);
      const all: Score[] = [];
      return {
        add: (s: unknown) => all.push(sentenceOf(s, o)),
        score: () => ({ ...meanScore(all), sentences: all.length }),
      };
    };
  }
  return wrapped as M;
}
