/**
 * The conformance kit's resampling checks catch false claims: order sensitivity declared
 * where there is none (and missing where there is), and a resampler that differs from
 * corpus(). And the I-measure's declaration: order-sensitive with `opt: "corpus"` only.
 */
import assert from "node:assert/strict";
import { assertMetricConformance } from "../plugins/testkit.ts";
import type { Metric } from "../plugins/types.ts";
import { imeasureMetric } from "../metrics/imeasure/mod.ts";

/** Run the kit with a context that records which steps fail instead of failing. */
async function failedSteps(
  metric: Metric<Record<string, never>, number, { v: number }>,
  witness = true,
) {
  const failed: string[] = [];
  const t = {
    step: async (name: string, fn: () => unknown) => {
      try {
        await fn();
      } catch {
        failed.push(name.replace(/^.*?: /, ""));
      }
      return true;
    },
  } as unknown as Deno.TestContext;
  await assertMetricConformance(t, metric, {
    gold: [1, 2, 3, 4].map((n) => ({ source: Array(n).fill("a") })),
    hypotheses: [["a"], ["a", "b"], ["c"], []],
    orderWitness: witness,
  });
  return failed;
}

const base: Metric<Record<string, never>, number, { v: number }> = {
  id: "len",
  description: "hypothesis length",
  version: "1",
  defaults: {},
  needs: [],
  headline: "v",
  stats: (_g, h) => h.length,
  corpus: (s) => ({ v: s.reduce((a, x) => a + x, 0) }),
  sentence: (s) => ({ v: s }),
  explain: () => ({ summary: "", blocks: [] }),
  signature: () => "len",
};

/** Depends on the order: a weighted sum by position. */
const positional = {
  ...base,
  corpus: (s: readonly number[]) => ({ v: s.reduce((a, x, i) => a + i * x, 0) }),
};

Deno.test("assertMetricConformance() passes true order claims and resamplers", async () => {
  assert.deepEqual(await failedSteps(base), []);
  assert.deepEqual(await failedSteps({ ...positional, orderSensitive: true }), []);
  assert.deepEqual(
    await failedSteps({
      ...base,
      resampler: (stats) => (indices) => ({
        v: Array.from(indices).reduce((a, i) => a + stats[i], 0),
      }),
    }),
    [],
  );
});

Deno.test("assertMetricConformance() fails false order claims and a wrong resampler", async () => {
  const order = "corpus() is order-sensitive exactly as declared";
  assert.deepEqual(await failedSteps({ ...base, orderSensitive: true }), [order]);
  // Without orderWitness, a declared sensitivity the fixture does not show is accepted.
  assert.deepEqual(await failedSteps({ ...base, orderSensitive: true }, false), []);
  assert.deepEqual(await failedSteps(positional, false), [order]);
  assert.deepEqual(await failedSteps(positional), [order]);
  assert.deepEqual(await failedSteps({ ...positional, orderSensitive: () => false }), [order]);
  // Off by one on resamples that repeat a sentence.
  const wrong = {
    ...base,
    resampler: (stats: readonly number[]) => (indices: Int32Array) => ({
      v: [...new Set(indices)].reduce((a, i) => a + stats[i], 0),
    }),
  };
  assert.deepEqual(await failedSteps(wrong), ["resampled corpora score as corpus() scores them"]);
});

Deno.test("imeasureMetric is order-sensitive with opt corpus only", () => {
  // Two sentences found by search: the corpus-level reference choice of the first depends on
  // whether the second's counts are already in the running totals.
  const a = {
    candidates: [
      [0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 4, 0, 0, 0, 0, 4, 0, 0, 0],
      [0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ],
    best: 0,
  };
  const b = { candidates: [[1, 4, 2, 2, 0, 1, 4, 2, 2, 0, 0, 4, 0, 0, 0, 0, 4, 0, 0, 0]], best: 0 };
  const corpus = { ...imeasureMetric.defaults, opt: "corpus" };
  const sent = { ...imeasureMetric.defaults, opt: "sent" };
  assert.equal(imeasureMetric.corpus([a, b], corpus).correction.i, -0.625);
  assert.equal(imeasureMetric.corpus([b, a], corpus).correction.i, -7 / 13);
  assert.deepEqual(imeasureMetric.corpus([a, b], sent), imeasureMetric.corpus([b, a], sent));
  const declared = imeasureMetric.orderSensitive as (o: typeof corpus) => boolean;
  assert.equal(declared(corpus), true);
  assert.equal(declared(sent), false);
});
