/**
 * `defineSimpleMetric()` and the derived members of `defineMetric()`: the sentence score is
 * the corpus score of one sentence, resampling equals rescoring the resampled corpora, the
 * accumulator folds to the corpus score, the signature is generic, and a faulty `measure()`
 * is an error naming the metric.
 */

import assert from "node:assert/strict";
import { defineMetric, defineSimpleMetric } from "../plugins/mod.ts";
import type { AnyMetric, GoldSentence, Tokens } from "../plugins/mod.ts";
import { assertMetricConformance } from "../plugins/testkit.ts";
import { xorshift } from "./random.ts";

const rand = xorshift(20261129);
const WORDS = ["a", "b", "c", "d", "e"];
const sentence = (): Tokens => Array.from({ length: rand(6) }, () => WORDS[rand(5)]);
const gold: GoldSentence[] = Array.from(
  { length: 12 },
  () => ({ source: sentence(), references: [sentence(), sentence()] }),
);
const hypotheses = gold.map(() => sentence());

/** Three metrics, one per aggregation, with an option each. */
const mean = defineSimpleMetric({
  id: "same_length",
  description: "Share of hypotheses as long as the source (mean of booleans)",
  defaults: { slack: 0 },
  measure: (g, h, o) => Math.abs(g.source.length - h.length) <= o.slack,
  aggregate: "mean",
});
const sum = defineSimpleMetric({
  id: "weighted_tokens",
  description: "Hypothesis tokens, weighted (a sum of fractions)",
  defaults: { weight: 0.1 },
  headline: "tokens",
  measure: (_g, h, o) => h.length * o.weight,
  aggregate: "sum",
});
const counts = defineSimpleMetric({
  id: "first_ref_overlap",
  description: "Tokens shared with the first reference (counts to a ratio)",
  defaults: { ignore_case: false },
  needs: ["references"],
  measure: (g, h, o) => {
    const ref = new Set(g.references![0].map((t) => o.ignore_case ? t.toLowerCase() : t));
    const tp = h.filter((t) => ref.has(o.ignore_case ? t.toLowerCase() : t)).length;
    return { tp, fp: h.length - tp, fn: Math.max(0, ref.size - tp) };
  },
  aggregate: {
    counts: ["tp", "fp", "fn"],
    score: ({ tp, fp, fn }) => ({ f: tp ? 2 * tp / (2 * tp + fp + fn) : fp + fn ? 0 : 1 }),
  },
});
const metrics: [AnyMetric, Record<string, unknown>[]][] = [
  [mean, [{}, { slack: 1 }]],
  [sum, [{}, { weight: 0.3 }]],
  [counts, [{}, { ignore_case: true }]],
];

Deno.test("defineSimpleMetric: each aggregation passes the conformance kit", async (t) => {
  for (const [metric, options] of metrics) {
    await assertMetricConformance(t, metric, { gold, hypotheses, options: options as never });
  }
});

Deno.test("defineSimpleMetric: the sentence score is the corpus score of one sentence", () => {
  for (const [metric] of metrics) {
    assert.equal(metric.sentenceIsCorpusOfOne, true);
    gold.forEach((g, i) => {
      const stats = metric.stats(g, hypotheses[i], metric.defaults);
      assert.deepEqual(
        metric.sentence(stats, metric.defaults),
        metric.corpus([stats], metric.defaults),
      );
    });
  }
});

Deno.test("defineSimpleMetric: resampling equals rescoring the resampled corpora", () => {
  for (const [metric, optionSets] of metrics) {
    for (const extra of optionSets) {
      const options = { ...metric.defaults, ...extra };
      const stats = gold.map((g, i) => metric.stats(g, hypotheses[i], options));
      const fast = metric.resampler!(stats, options);
      for (let r = 0; r < 200; r++) {
        const length = 1 + rand(2 * gold.length);
        const row = Int32Array.from({ length }, () => rand(gold.length));
        // The resampled corpus, scored from its text.
        const rescored = metric.corpus(
          Array.from(row, (i) => metric.stats(gold[i], hypotheses[i], options)),
          options,
        );
        assert.deepEqual(fast(row), rescored, `${metric.id} ${JSON.stringify(extra)} row ${row}`);
      }
      const fold = metric.accumulator!(options);
      for (const s of stats) fold.add(s);
      assert.deepEqual(fold.score(), metric.corpus(stats, options));
    }
  }
});

Deno.test("defineSimpleMetric: scores, columns, headline and signature are derived", () => {
  const stats = [true, false, true].map(Number);
  assert.deepEqual(mean.corpus(stats, mean.defaults), { score: 2 / 3, sentences: 3 });
  assert.deepEqual(mean.corpus([], mean.defaults), { score: 0, sentences: 0 });
  assert.deepEqual(sum.corpus([0.1, 0.2], sum.defaults), { tokens: 0.1 + 0.2, sentences: 2 });
  assert.deepEqual(
    counts.corpus([{ tp: 1, fp: 1, fn: 0 }, { tp: 1, fp: 0, fn: 2 }], counts.defaults),
    {
      f: 4 / 7,
      tp: 2,
      fp: 1,
      fn: 2,
    },
  );
  assert.equal(mean.headline, "score");
  assert.equal(counts.headline, "f");
  assert.deepEqual(counts.columns, ["f", "tp", "fp", "fn"]);
  assert.deepEqual(sum.columns, ["tokens", "sentences"]);
  assert.equal(mean.signature({ slack: 2 }), "same_length|slack:2|v:1.0");
  assert.equal(counts.signature({ ignore_case: true }), "first_ref_overlap|ignore_case:true|v:1.0");
  assert.equal(counts.orderSensitive, false);
  assert.equal(counts.notResamplable, undefined);
  const explanation = counts.explain(
    { source: ["a"], references: [["a", "b"]] },
    ["a", "c"],
    counts.defaults,
  );
  assert.equal(explanation.summary, "f 0.5000: tp 1, fp 1, fn 1");
  assert.deepEqual(explanation.blocks.map((b) => b.title), [
    "Sentence statistics",
    "Sentence score",
  ]);
});

Deno.test("defineSimpleMetric: a measure() that gives no finite number is an error naming the metric", () => {
  const nan = defineSimpleMetric({
    id: "nan",
    description: "x",
    measure: () => NaN,
    aggregate: "mean",
  });
  assert.throws(
    () => nan.stats({ source: [] }, [], {}),
    /^Error: Metric nan: measure\(\) gave NaN, not a finite number$/,
  );
  const missing = defineSimpleMetric({
    id: "missing",
    description: "x",
    measure: () => ({ tp: 1 }) as { tp: number; fp: number },
    aggregate: { counts: ["tp", "fp"], score: (c) => ({ p: c.tp / (c.tp + c.fp) }) },
  });
  assert.throws(
    () => missing.stats({ source: [] }, [], {}),
    /^Error: Metric missing: measure\(\) gave fp = undefined, not a finite number$/,
  );
});

Deno.test("defineSimpleMetric refuses an unknown aggregation by name", () => {
  for (const aggregate of ["average", { counts: [], score: () => ({}) }, { counts: ["tp"] }]) {
    assert.throws(
      () =>
        defineSimpleMetric({
          id: "odd",
          description: "x",
          measure: () => 1,
          aggregate: aggregate as "sum",
        }),
      /^TypeError: Metric odd: aggregate must be "sum", "mean" or \{ counts: \[names\.\.\.\], score\(\) \}, got (object|"average")$/,
    );
  }
});

Deno.test("defineMetric derives sentence, signature and explain only when they are missing", () => {
  const core = {
    id: "len",
    description: "Hypothesis tokens",
    version: "2",
    defaults: { scale: 1 },
    needs: [],
    headline: "n",
    stats: (_g: GoldSentence, h: Tokens) => h.length,
    corpus: (s: readonly number[], o: { scale: number }) => ({
      n: o.scale * s.reduce((a, b) => a + b, 0),
    }),
  };
  const derived = defineMetric(core);
  assert.notEqual(derived, core);
  assert.deepEqual(derived.sentence(3, { scale: 2 }), { n: 6 });
  assert.equal(derived.sentenceIsCorpusOfOne, true);
  assert.equal(derived.signature({ scale: 2 }), "len|scale:2|v:2");
  assert.equal(derived.explain({ source: [] }, ["a"], { scale: 1 }).summary, "n 1");
  const full = {
    ...core,
    sentence: () => ({ n: -1 }),
    signature: () => "own",
    explain: () => ({ summary: "own", blocks: [] }),
  };
  // A complete metric is returned as it is: built-in metrics keep their identity.
  assert.equal(defineMetric(full), full);
  assert.equal(defineMetric(full).sentenceIsCorpusOfOne, undefined);
});
