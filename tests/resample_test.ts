/**
 * The resampling engine on small hand-made corpora whose intervals and p-values are derived
 * independently: by hand, by enumerating every resample or swap, or by a naive replay of the
 * definitions on the same draws.
 */
import assert from "node:assert/strict";
import {
  approximateRandomization,
  bootstrapIndices,
  bootstrapValues,
  confidenceInterval,
  corpusScorer,
  pairedBootstrapPValue,
} from "../pipeline/resample.ts";
import { assessSignificance } from "../pipeline/significance.ts";
import { MersenneTwister } from "../util/mt19937.ts";
import { m2Metric, type M2Stats } from "../metrics/m2/mod.ts";
import { type Gleu2016Stats, gleuMetric } from "../metrics/gleu/mod.ts";
import { imeasureMetric } from "../metrics/imeasure/mod.ts";
import { createRegistry, readGold, scoreSystems } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import plugin from "../examples/exact_match.ts";
import { UsageError } from "../plugins/errors.ts";
import type { Metric } from "../plugins/types.ts";

/** An additive metric: the mean of per-sentence numbers. */
const mean: Metric<Record<string, never>, number, { mean: number }> = {
  id: "mean",
  description: "mean of the sentence values",
  version: "1",
  defaults: {},
  needs: [],
  headline: "mean",
  stats: () => 0,
  corpus: (s) => ({ mean: s.reduce((a, x) => a + x, 0) / s.length }),
  sentence: (s) => ({ mean: s }),
  explain: () => ({ summary: "", blocks: [] }),
  signature: () => "mean",
};

/** A seeded stream of M2 statistics with two annotators per sentence. */
function randomM2Stats(n: number, seed: number): M2Stats[] {
  const mt = new MersenneTwister(seed);
  const draw = (k: number) => Math.floor(mt.random() * k);
  return Array.from({ length: n }, () => {
    const counts = [0, 1].map(() => {
      const proposed = draw(4), gold = draw(4);
      return [draw(Math.min(proposed, gold) + 1), proposed, gold] as [number, number, number];
    });
    return { annotators: ["0", "1"], counts };
  });
}

Deno.test("pairedBootstrapPValue() and approximateRandomization() give p = 1 for a system against itself", () => {
  const stats = randomM2Stats(40, 1);
  const indices = bootstrapIndices(40, 200, 12345);
  const values = bootstrapValues(m2Metric, stats, m2Metric.defaults, indices);
  const f = m2Metric.corpus(stats, m2Metric.defaults).f;
  assert.equal(pairedBootstrapPValue(values, values, f, f), 1);
  const ar = approximateRandomization(m2Metric, m2Metric.defaults, stats, stats, { trials: 500 });
  assert.deepEqual(ar, { p_value: 1, observed: 0, trials: 500 });
  // sacrebleu's strict ">" would give 1 / (N + 1) here.
  const result = assessSignificance(m2Metric, m2Metric.defaults, [
    { name: "a", stats },
    { name: "a again", stats },
  ], { test: "bs", samples: 200 });
  assert.equal(result.systems[1].p_value, 1);
});

Deno.test("confidenceInterval() of a corpus of identical sentences has zero width", () => {
  const stats: M2Stats[] = Array(25).fill({
    annotators: ["0", "1"],
    counts: [[1, 2, 3], [0, 1, 1]],
  });
  const result = assessSignificance(m2Metric, m2Metric.defaults, [{ name: "s", stats }], {
    ci: true,
  });
  const f = m2Metric.corpus(stats, m2Metric.defaults).f;
  const { ci } = result.systems[0];
  assert.equal(ci!.lower, f);
  assert.equal(ci!.upper, f);
  assert.equal(ci!.half_width, 0);
  assert.ok(Math.abs(ci!.mean - f) < 1e-12);
});

Deno.test("bootstrapValues() of an additive metric have a mean that converges to its score", () => {
  const mt = new MersenneTwister(7);
  const stats = Array.from({ length: 200 }, () => mt.random());
  const score = mean.corpus(stats, {}).mean;
  const sd = Math.sqrt(stats.reduce((a, x) => a + (x - score) ** 2, 0) / stats.length);
  for (const samples of [100, 1000, 10000]) {
    const values = bootstrapValues(mean, stats, {}, bootstrapIndices(200, samples, 12345));
    const { mean: m } = confidenceInterval(values);
    // The bootstrap mean of a mean is unbiased: its error has sd / sqrt(n * N).
    const se = sd / Math.sqrt(stats.length * samples);
    assert.ok(Math.abs(m - score) < 4 * se, `N=${samples}: ${m} vs ${score} (se ${se})`);
  }
});

Deno.test("bootstrap and randomization agree with exact enumeration on a tiny corpus", () => {
  // Approximate randomization: A = [1,1,1,0,1], B = [0,0,1,0,0]. Only sentences 0, 1 and 4
  // differ; |mean A - mean B| = 3/5 needs all three to stay or all to swap: 2 of the 8
  // assignments. The exact permutation p-value is 2/8.
  const a = [1, 1, 1, 0, 1], b = [0, 0, 1, 0, 0];
  const ar = approximateRandomization(mean, {}, a, b, { trials: 10000 });
  assert.ok(Math.abs(ar.observed - 0.6) < 1e-12);
  // Binomial standard error of the estimate: sqrt(0.25 * 0.75 / 10000) = 0.0043.
  assert.ok(Math.abs(ar.p_value - 0.25) < 0.02, `p = ${ar.p_value}`);

  // Bootstrap: enumerate the 5^5 resamples of 5 sentences (each has probability 1/3125).
  // sys - base = [1, 0, 0, 1, -1]: d = |#{0, 3} - #{4}| / 5 is a multiple of 1/5, and the
  // threshold observed + E[d] = 0.2 + 0.312 stays far from one, so the Monte Carlo mean(d)
  // cannot tip a tie.
  const sys = [1, 1, 0, 1, 0], base = [0, 1, 0, 0, 1];
  const all: number[][] = [];
  for (let k = 0; k < 3125; k++) {
    all.push([0, 1, 2, 3, 4].map((p) => Math.floor(k / 5 ** p) % 5));
  }
  const meanOf = (s: number[], idx: number[]) => idx.reduce((t, i) => t + s[i], 0) / 5;
  const exactMean = all.reduce((t, idx) => t + meanOf(sys, idx), 0) / all.length;
  const d = all.map((idx) => Math.abs(meanOf(sys, idx) - meanOf(base, idx)));
  const meanD = d.reduce((t, x) => t + x, 0) / all.length;
  const observed = 0.2;
  assert.ok(Math.abs(meanD - 0.312) < 1e-9);
  const exactP = d.filter((x) => x - meanD >= observed).length / all.length;
  const samples = 20000;
  const indices = bootstrapIndices(5, samples, 12345);
  const vs = bootstrapValues(mean, sys, {}, indices);
  const vb = bootstrapValues(mean, base, {}, indices);
  assert.ok(Math.abs(exactMean - 0.6) < 1e-12);
  assert.ok(Math.abs(confidenceInterval(vs).mean - exactMean) < 0.01);
  const p = pairedBootstrapPValue(vs, vb, 0.6, 0.4);
  const se = Math.sqrt(exactP * (1 - exactP) / samples);
  assert.ok(Math.abs(p - exactP) < 4 * se + 1e-3, `p = ${p}, exact ${exactP}`);
});

Deno.test("assessSignificance() equals a naive replay of the definitions on the same draws", () => {
  const n = 60, samples = 300, trials = 400, seed = 99;
  const systems = [1, 2, 3].map((k) => ({ name: `s${k}`, stats: randomM2Stats(n, k) }));
  const bs = assessSignificance(m2Metric, m2Metric.defaults, systems, {
    test: "bs",
    samples,
    seed,
  });
  const ar = assessSignificance(m2Metric, m2Metric.defaults, systems, { test: "ar", trials, seed });

  // Naive bootstrap: the same stream of Python-style draws, corpus() on copied arrays.
  const mt = new MersenneTwister(seed);
  const rows = Array.from(
    { length: samples },
    () => Array.from({ length: n }, () => Math.floor(mt.random() * n)),
  );
  const f = (stats: M2Stats[]) => m2Metric.corpus(stats, m2Metric.defaults).f;
  const scores = systems.map((s) => rows.map((row) => f(row.map((i) => s.stats[i]))));
  const observed = systems.map((s) => f(s.stats));
  systems.forEach((_, k) => {
    const sorted = [...scores[k]].sort((x, y) => x - y);
    const lower = sorted[Math.floor(samples / 40)];
    const upper = sorted[samples - Math.floor(samples / 40) - 1];
    const ci = bs.systems[k].ci!;
    assert.equal(ci.lower, lower);
    assert.equal(ci.upper, upper);
    assert.equal(ci.half_width, (upper - lower) / 2);
    assert.ok(Math.abs(ci.mean - scores[k].reduce((a, x) => a + x, 0) / samples) < 1e-12);
    if (k === 0) return;
    const d = scores[k].map((x, b) => Math.abs(x - scores[0][b]));
    const md = d.reduce((a, x) => a + x, 0) / samples;
    const real = Math.abs(observed[k] - observed[0]);
    const count = d.filter((x) => x - md >= real).length;
    assert.equal(bs.systems[k].p_value, (count + 1) / (samples + 1));
  });

  // Naive randomization: 32 swap bits per draw, sentence i uses bit i % 32 of word i / 32.
  const words = Math.ceil(n / 32);
  systems.slice(1).forEach((s, k) => {
    const rng = new MersenneTwister(seed);
    let count = 0;
    for (let t = 0; t < trials; t++) {
      const masks = Array.from({ length: words }, () => rng.uint32());
      const x: M2Stats[] = [], y: M2Stats[] = [];
      for (let i = 0; i < n; i++) {
        const swap = (masks[Math.floor(i / 32)] >>> (i % 32)) & 1;
        x.push(swap ? systems[0].stats[i] : s.stats[i]);
        y.push(swap ? s.stats[i] : systems[0].stats[i]);
      }
      if (Math.abs(f(x) - f(y)) >= Math.abs(observed[k + 1] - observed[0])) count++;
    }
    assert.equal(ar.systems[k + 1].p_value, (count + 1) / (trials + 1));
  });
});

Deno.test("assessSignificance() does not depend on the other systems or their order", () => {
  const [a, b, c] = [4, 5, 6].map((k) => ({ name: `s${k}`, stats: randomM2Stats(50, k) }));
  const request = { test: "bs" as const, samples: 200 };
  const alone = assessSignificance(m2Metric, m2Metric.defaults, [a, c], request);
  const more = assessSignificance(m2Metric, m2Metric.defaults, [a, b, c], request);
  assert.deepEqual(more.systems[2], alone.systems[1]);
  const again = assessSignificance(m2Metric, m2Metric.defaults, [a, b, c], request);
  assert.deepEqual(again, more);
  const other = assessSignificance(m2Metric, m2Metric.defaults, [a, b, c], {
    ...request,
    seed: 1,
  });
  assert.notDeepEqual(other.systems[2].ci, more.systems[2].ci);
  assert.equal(other.signature, "bs:200|seed:1");
});

Deno.test("assessSignificance() gives rank ranges that span the systems it cannot separate", () => {
  // Three clearly different systems and a copy of the middle one.
  const sentences = 120;
  const make = (rate: number, seed: number) => {
    const mt = new MersenneTwister(seed);
    return Array.from({ length: sentences }, () => (mt.random() < rate ? 1 : 0));
  };
  const low = make(0.1, 1), mid = make(0.5, 2), high = make(0.9, 3);
  const result = assessSignificance(mean, {}, [
    { name: "mid", stats: mid },
    { name: "high", stats: high },
    { name: "low", stats: low },
    { name: "mid copy", stats: mid },
  ], { test: "bs", ranks: true });
  assert.deepEqual(result.systems.map((s) => s.rank), [[2, 3], [1, 1], [4, 4], [2, 3]]);
  // With lowerIsBetter the order flips.
  const flipped = assessSignificance({ ...mean, lowerIsBetter: true }, {}, [
    { name: "high", stats: high },
    { name: "low", stats: low },
  ], { ranks: true });
  assert.deepEqual(flipped.systems.map((s) => s.rank), [[2, 2], [1, 1]]);
  assert.equal(flipped.test, undefined);
  assert.equal(flipped.signature, "bs:1000|seed:12345");
});

Deno.test("assessSignificance() tests the selected headline path", () => {
  const stats = randomM2Stats(30, 8);
  const result = assessSignificance(m2Metric, m2Metric.defaults, [{ name: "s", stats }], {
    ci: true,
    headline: "precision",
    samples: 100,
  });
  assert.equal(result.headline, "precision");
  assert.equal(result.systems[0].value, m2Metric.corpus(stats, m2Metric.defaults).precision);
  assert.equal(result.signature, "bs:100|seed:12345|headline:precision");
  assert.throws(
    () =>
      assessSignificance(m2Metric, m2Metric.defaults, [{ name: "s", stats }], {
        ci: true,
        headline: "nope",
      }),
    (e: Error) =>
      e instanceof UsageError && /Metric m2 has no number at "nope".*precision/.test(e.message),
  );
});

Deno.test("corpusScorer() refuses a metric that declares it cannot be resampled", () => {
  const fixed = { ...mean, notResamplable: "its statistics refer to other sentences" };
  assert.throws(
    () => assessSignificance(fixed, {}, [{ name: "s", stats: [1, 2] }], { ci: true }),
    (e: Error) =>
      e instanceof UsageError &&
      e.message === "Metric mean cannot be resampled: its statistics refer to other sentences",
  );
  assert.throws(() => corpusScorer(fixed, [1], {}), UsageError);
});

Deno.test("bootstrapIndices() and assessSignificance() reject bad counts and seeds", () => {
  assert.throws(() => bootstrapIndices(3, 0, 1), /from 1 to/);
  assert.throws(() => bootstrapIndices(3, 1.5, 1), UsageError);
  assert.throws(() => bootstrapIndices(3, 10, -1), /seed must be a whole number/);
  assert.throws(
    () => assessSignificance(mean, {}, [{ name: "s", stats: [1] }], { ci: true, alpha: 2 }),
    /level must be between 0 and 1/,
  );
});

Deno.test("GLEU resamples draw references by position in the resampled corpus", () => {
  // Two references per sentence; with three iterations, iteration j picks reference
  // floor(random() * 2) at position p from Python's generator seeded j * 101, whatever
  // sentence the resample put at p.
  const options = { ...gleuMetric.defaults, iterations: 3 };
  const ref = (length: number, m: number[], pen: number[]) => ({
    length,
    matches: m,
    penalties: pen,
  });
  const stats: Gleu2016Stats[] = [
    {
      variant: "2016",
      length: 5,
      references: [ref(5, [5, 4, 3, 2], [0, 0, 0, 0]), ref(6, [3, 1, 0, 0], [1, 1, 0, 0])],
    },
    {
      variant: "2016",
      length: 4,
      references: [ref(4, [2, 1, 0, 0], [1, 0, 0, 0]), ref(4, [4, 3, 2, 1], [0, 0, 0, 0])],
    },
    {
      variant: "2016",
      length: 6,
      references: [ref(7, [5, 3, 2, 1], [0, 1, 0, 0]), ref(6, [6, 5, 4, 3], [0, 0, 0, 0])],
    },
  ];
  const indices = Int32Array.of(2, 0, 2);
  const byHand = (() => {
    const values: number[] = [];
    for (let j = 0; j < 3; j++) {
      const mt = new MersenneTwister(j * 101);
      let c = 0, r = 0;
      const num = [0, 0, 0, 0], den = [0, 0, 0, 0];
      for (const i of indices) {
        const s = stats[i];
        const pick = s.references[Math.floor(mt.random() * 2)];
        c += s.length;
        r += pick.length;
        for (let o = 0; o < 4; o++) {
          num[o] += Math.max(pick.matches[o] - pick.penalties[o], 0);
          den[o] += Math.max(s.length - o, 0);
        }
      }
      const logp = num.reduce((t, x, o) => t + Math.log(x / den[o]), 0) / 4;
      values.push(Math.exp(Math.min(0, 1 - r / c) + logp));
    }
    return values.reduce((t, x) => t + x, 0) / 3;
  })();
  const fast = corpusScorer(gleuMetric, stats, options)(indices);
  const slow = gleuMetric.corpus([stats[2], stats[0], stats[2]], options);
  assert.deepEqual(fast, slow);
  assert.ok(Math.abs(fast.gleu - byHand) < 1e-12, `${fast.gleu} vs ${byHand}`);
});

Deno.test("GLEU, M2 and I-measure resamplers equal corpus() on random resamples", async () => {
  const gold = await readGold("tests/testdata/m2scorer_example.m2");
  const hyps = [
    ...(await readHypotheses("tests/testdata/m2scorer_example_system", 3)).sentences,
    ...(await readHypotheses("tests/testdata/m2scorer_example_system2", 3)).sentences,
  ];
  const sentences = [...gold.sentences, ...gold.sentences];
  for (const metric of [m2Metric, gleuMetric, imeasureMetric] as const) {
    const optionSets = metric === imeasureMetric
      ? [{ ...metric.defaults }, { ...metric.defaults, opt: "corpus" }]
      : metric === gleuMetric
      ? [{ ...metric.defaults, iterations: 50 }, { ...metric.defaults, variant: "2015" }]
      : [metric.defaults];
    for (const options of optionSets) {
      // deno-lint-ignore no-explicit-any
      const m = metric as Metric<any, any, any>;
      const stats = sentences.map((g, i) => m.stats(g, hyps[i], options));
      const indices = bootstrapIndices(stats.length, 30, 5);
      const fast = m.resampler!(stats, options);
      for (let b = 0; b < 30; b++) {
        const row = indices.subarray(b * 6, b * 6 + 6);
        assert.deepEqual(fast(row), m.corpus(Array.from(row, (i) => stats[i]), options));
      }
    }
  }
});

Deno.test("the example plugin gets intervals and paired tests with no code of its own", async () => {
  const registry = createRegistry({ builtins: false }).use(plugin);
  const gold = await readGold("tests/testdata/m2scorer_example.m2");
  const systems = await Promise.all(
    ["m2scorer_example_system", "m2scorer_example_system2"].map((f) =>
      readHypotheses(`tests/testdata/${f}`, 3)
    ),
  );
  const results = await scoreSystems({ registry, gold, systems });
  for (const [k, metric] of registry.metrics.entries()) {
    const result = assessSignificance(
      metric,
      metric.defaults,
      results.map((r) => ({ name: r.name, stats: r.metrics[k].stats })),
      { test: "ar", ci: true, ranks: true, trials: 200, samples: 200 },
    );
    assert.equal(result.signature, "ar:200|bs:200|seed:12345");
    for (const s of result.systems) {
      assert.ok(s.ci!.lower <= s.value && s.value <= s.ci!.upper);
      assert.ok(s.rank![0] >= 1 && s.rank![1] <= 2);
    }
    assert.ok(result.systems[1].p_value! > 0 && result.systems[1].p_value! <= 1);
  }
});

Deno.test("assessSignificance() fails on a resample whose score is not a finite number", () => {
  // sum(x) / sum(y): a resample of the second sentence alone is 0 / 0.
  const ratio: Metric<Record<string, never>, number[], { r: number }> = {
    id: "mean",
    description: "sum of x over sum of y",
    version: "1",
    defaults: {},
    needs: [],
    explain: () => ({ summary: "", blocks: [] }),
    signature: () => "ratio",
    headline: "r",
    stats: () => [0, 0],
    corpus: (s: readonly number[][]) => ({
      r: s.reduce((a, x) => a + x[0], 0) / s.reduce((a, x) => a + x[1], 0),
    }),
    sentence: (s: number[]) => ({ r: s[0] / s[1] }),
  };
  const stats = [[1, 1], [0, 0]];
  assert.throws(
    () => assessSignificance(ratio, {}, [{ name: "s", stats }], { ci: true }),
    (e: Error) => e instanceof RangeError && /Metric mean gave NaN at "r"/.test(e.message),
  );
  assert.throws(
    () => approximateRandomization(ratio, {}, stats, [[0, 0], [1, 1]], { trials: 50 }),
    /gave NaN/,
  );
});
