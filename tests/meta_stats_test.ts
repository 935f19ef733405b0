/**
 * The statistics behind meta-evaluation on small cases with independently known answers:
 * hand computations (shown in the comments) and values printed on this project's machine by
 * CPython 3.11.7 (`random`), scipy 1.17.1 (`pearsonr`, `spearmanr`, `rankdata`, `t.sf`) and
 * R 4.2.2 with psych 2.2.9 (`r.test`; the values are in ../shared/golden/meta-eval).
 */
import assert from "node:assert/strict";
import { averageRanks } from "../stats/ranks.ts";
import { pearson } from "../stats/pearson.ts";
import { spearman } from "../stats/spearman.ts";
import { studentTUpperTail } from "../stats/student_t.ts";
import { williamsTest } from "../stats/williams.ts";
import { pairwiseTau, scoreRelation, tallyOutcomes } from "../stats/pairwise_tau.ts";
import { bootstrapResamples, percentileBounds, randBelow } from "../stats/bootstrap.ts";
import { MersenneTwister } from "../util/mt19937.ts";

const close = (actual: number, expected: number, tolerance = 1e-12) =>
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `expected ${expected}, got ${actual} (tolerance ${tolerance})`,
  );

Deno.test("averageRanks() gives tied values the mean of their ranks", () => {
  // scipy.stats.rankdata([2, 2, 1, 4, 4, 4]) = [2.5, 2.5, 1, 5, 5, 5]
  assert.deepEqual(averageRanks([2, 2, 1, 4, 4, 4]), [2.5, 2.5, 1, 5, 5, 5]);
  assert.deepEqual(averageRanks([]), []);
  assert.throws(() => averageRanks([1, NaN]), /NaN/);
});

Deno.test("pearson() equals a hand computation and scipy with tied values", () => {
  // Hand: x - mean = -1 0 1, y - mean = -2 1 1: sum xy = 3, sum x² = 2, sum y² = 6.
  close(pearson([1, 2, 3], [0, 3, 3]), 3 / Math.sqrt(12));
  // scipy.stats.pearsonr([0.1, 0.4, 0.4, 0.9], [3, 1, 2, 7]).statistic
  close(pearson([0.1, 0.4, 0.4, 0.9], [3, 1, 2, 7]), 0.7451926983819666);
  close(pearson([1, 2, 3], [30, 20, 10]), -1);
});

Deno.test("pearson() is NaN for a constant sample and refuses fewer than 2 pairs", () => {
  assert.ok(Number.isNaN(pearson([1, 2, 3], [5, 5, 5])));
  assert.throws(() => pearson([1], [2]), /at least 2 pairs, got 1/);
  assert.throws(() => pearson([1, 2], [2]), /same length/);
});

Deno.test("spearman() handles ties on both sides as scipy.stats.spearmanr does", () => {
  // scipy.stats.spearmanr([1, 2, 2, 3, 5], [2, 2, 1, 4, 4]).statistic
  close(spearman([1, 2, 2, 3, 5], [2, 2, 1, 4, 4]), 0.7299963950884315);
  // scipy.stats.spearmanr([3, 3, 3, 1], [1, 2, 3, 4]).statistic
  close(spearman([3, 3, 3, 1], [1, 2, 3, 4]), -0.7745966692414834);
  // Hand: a monotone transform does not change rho.
  close(spearman([1, 2, 3, 4], [1, 8, 27, 64]), 1);
});

Deno.test("studentTUpperTail() equals scipy.stats.t.sf", () => {
  close(studentTUpperTail(2.228138852, 10), 0.024999999999418234, 1e-15);
  close(studentTUpperTail(1.5, 3), 0.11529193262241147, 1e-15);
  close(studentTUpperTail(-0.7, 12), 0.7513629231046463, 1e-15);
  close(studentTUpperTail(4, 1), 0.07797913037736932, 1e-15);
  assert.throws(
    () => studentTUpperTail(1, 0),
    /Degrees of freedom must be positive and finite, got 0/,
  );
});

Deno.test("williamsTest() equals psych::r.test(twotailed = FALSE) with df = n - 3", () => {
  // R 4.2.2, psych 2.2.9 (../shared/golden/meta-eval/cn18-expected.json, all13, EW, Pearson):
  // m2score > imeasure: t = 1.7681620389670216, p = 0.053736189216049834
  const result = williamsTest({
    n: 13,
    r12: 0.6229837260166085,
    r13: -0.2504481740908068,
    r23: -0.8153064208366154,
  });
  assert.equal(result.df, 10);
  close(result.t, 1.7681620389670216);
  close(result.p, 0.053736189216049834);
  // Hand: equal correlations give t = 0 and p = 0.5; swapping them flips the sign of t only.
  const same = williamsTest({ n: 10, r12: 0.5, r13: 0.5, r23: 0.3 });
  assert.equal(same.t, 0);
  close(same.p, 0.5);
  const swapped = williamsTest({
    n: 13,
    r12: -0.2504481740908068,
    r13: 0.6229837260166085,
    r23: -0.8153064208366154,
  });
  close(swapped.t, -1.7681620389670216);
  close(swapped.p, 0.053736189216049834);
});

Deno.test("williamsTest() refuses n < 4 and correlations outside [-1, 1]", () => {
  assert.throws(
    () => williamsTest({ n: 3, r12: 0.5, r13: 0.1, r23: 0.2 }),
    /at least 4 observations, got 3/,
  );
  assert.throws(
    () => williamsTest({ n: 10, r12: 1.5, r13: 0.1, r23: 0.2 }),
    /r12 must be in \[-1, 1\], got 1.5/,
  );
  assert.throws(() => williamsTest({ n: 10, r12: 0.5, r13: NaN, r23: 0.2 }), /r13 must be/);
});

Deno.test("pairwiseTau() follows the gecmetrics coefficient tables", () => {
  // Pairs (human, metric): 2 concordant, 1 discordant, 1 human-prefers/metric-ties,
  // 1 human tie + metric tie, 1 human tie + metric prefers.
  const human = new Uint8Array([0, 2, 0, 2, 1, 1]);
  const metric = new Uint8Array([0, 2, 2, 1, 1, 0]);
  const counts = tallyOutcomes(human, metric);
  // noties: (2 - 1 + 0) / 4 pairs; hties: (2 - 1 + 0 + 1 + 0) / 6 pairs.
  assert.deepEqual(pairwiseTau(counts, "noties"), { tau: 1 / 4, numerator: 1, denominator: 4 });
  assert.deepEqual(pairwiseTau(counts, "hties"), { tau: 2 / 6, numerator: 2, denominator: 6 });
  // Only human ties: noties has no pair and gives 1, as the reference script does.
  const ties = tallyOutcomes(new Uint8Array([1, 1]), new Uint8Array([0, 1]));
  assert.deepEqual(pairwiseTau(ties, "noties"), { tau: 1, numerator: 0, denominator: 0 });
  // A resample counts repeated indices again.
  const resampled = tallyOutcomes(human, metric, new Uint32Array([2, 2, 0]));
  assert.deepEqual(pairwiseTau(resampled, "noties"), {
    tau: -1 / 3,
    numerator: -1,
    denominator: 3,
  });
  assert.throws(() => pairwiseTau(counts, "other" as "hties"), /Unknown tau variant: other/);
});

Deno.test("scoreRelation() ties only exactly equal scores", () => {
  assert.equal(scoreRelation(0.1 + 0.2, 0.3), 0);
  assert.equal(scoreRelation(0.3, 0.3), 1);
  assert.equal(scoreRelation(-1, 0), 2);
});

Deno.test("randBelow() replays Python 3's random.choice", () => {
  // python3 -c "import random; random.seed(7); print([random.choice(range(1000)) for _ in range(5)])"
  const a = new MersenneTwister(7);
  assert.deepEqual(Array.from({ length: 5 }, () => randBelow(a, 1000)), [331, 970, 154, 404, 666]);
  // random.seed(2**40 + 3); [random.choice(range(3)) for _ in range(8)]
  const b = new MersenneTwister(2 ** 40 + 3);
  assert.deepEqual(Array.from({ length: 8 }, () => randBelow(b, 3)), [0, 0, 2, 0, 2, 1, 2, 1]);
  // ../shared/docs/meta-evaluation.md §5: seed 1, n = 109,098 (expanded judgments).
  const c = new MersenneTwister(1);
  assert.deepEqual(
    Array.from({ length: 10 }, () => randBelow(c, 109098)),
    [17611, 74606, 105154, 100109, 8271, 33432, 15455, 64937, 99740, 58915],
  );
  assert.throws(() => randBelow(c, 0), /whole number in \[1, 2\^32\), got 0/);
});

Deno.test("bootstrapResamples() draws n indices per resample from one seeded stream", () => {
  const seen: number[][] = [];
  bootstrapResamples(20516, (indices) => seen.push([...indices.subarray(0, 3)]), {
    resamples: 2,
    seed: 1,
  });
  // The first resample starts like random.seed(1); [random.choice(range(20516)) ...].
  assert.deepEqual(seen[0], [4402, 18651, 2067]);
  assert.notDeepEqual(seen[1], seen[0]);
  assert.throws(
    () => bootstrapResamples(5, () => {}, { resamples: 0 }),
    /positive whole number, got 0/,
  );
});

Deno.test("percentileBounds() takes values[floor(B q)] of the sorted values", () => {
  // B = 10: floor(0.25) = 0 and floor(9.75) = 9.
  assert.deepEqual(percentileBounds([5, 3, 9, 1, 7, 2, 8, 4, 6, 0]), { lower: 0, upper: 9 });
  // B = 40: values[1] and values[39].
  const values = Array.from({ length: 40 }, (_, i) => i);
  assert.deepEqual(percentileBounds(values), { lower: 1, upper: 39 });
  assert.throws(() => percentileBounds([]), /No bootstrap values/);
});
