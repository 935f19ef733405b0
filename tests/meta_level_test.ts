/**
 * System- and sentence-level meta-evaluation on small hand-checkable inputs: mismatched
 * systems, too few systems, exclusions, ties and the bootstrap.
 */
import assert from "node:assert/strict";
import { systemLevel } from "../meta/system_level.ts";
import { sentenceLevel } from "../meta/sentence_level.ts";
import type { SentenceScores, SystemScores } from "../meta/wmt_scores.ts";

const set = (name: string, values: Record<string, number>): SystemScores => ({
  name,
  metric: name,
  lp: "src-trg",
  testset: "t",
  path: `${name}.txt`,
  scores: new Map(Object.entries(values)),
});

const close = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-12, `expected ${expected}, got ${actual}`);

Deno.test("systemLevel() names the systems found on one side only", () => {
  assert.throws(
    () =>
      systemLevel([set("ew", { A: 1, B: 2, C: 3, INPUT: 0 })], [
        set("m2", { A: 1, B: 2, C: 3, X: 4 }),
      ]),
    /^InputError: Systems differ between the human ranking ew \(ew\.txt\) and the metric m2 \(m2\.txt\): only in the human ranking: INPUT; only in the metric scores: X/,
  );
  // Excluding both makes the sets equal.
  const result = systemLevel([set("ew", { A: 1, B: 2, C: 3, INPUT: 0 })], [
    set("m2", { A: 1, B: 2, C: 3, X: 4 }),
  ], {
    exclude: ["INPUT", "X"],
  });
  assert.deepEqual(result.systems, ["A", "B", "C"]);
  assert.deepEqual(result.excluded, ["INPUT", "X"]);
});

Deno.test("systemLevel() refuses fewer than 3 systems and unknown exclusions", () => {
  assert.throws(
    () => systemLevel([set("ew", { A: 1, B: 2 })], [set("m", { A: 1, B: 3 })]),
    /^InputError: System-level correlation needs at least 3 systems, got 2 \(A, B\)$/,
  );
  assert.throws(
    () =>
      systemLevel([set("ew", { A: 1, B: 2, C: 3 })], [set("m", { A: 1, B: 3, C: 2 })], {
        exclude: ["C"],
      }),
    /needs at least 3 systems, got 2 \(A, B\) after excluding C$/,
  );
  assert.throws(
    () =>
      systemLevel([set("ew", { A: 1, B: 2, C: 3 })], [set("m", { A: 1, B: 3, C: 2 })], {
        exclude: ["IPN"],
      }),
    /^InputError: Cannot exclude IPN: no such system in the scores \(systems: A, B, C\)$/,
  );
});

Deno.test("systemLevel() computes r and rho with ties, and Williams in the direction of the higher r", () => {
  const human = set("h", { A: 1, B: 2, C: 3, D: 4, E: 5 });
  const good = set("good", { A: 0.1, B: 0.2, C: 0.2, D: 0.5, E: 0.6 });
  const bad = set("bad", { A: 0.3, B: 0.1, C: 0.5, D: 0.2, E: 0.4 });
  const result = systemLevel([human], [good, bad]);
  // Hand: good's ranks are 1 2.5 2.5 4 5; centred -2 -0.5 -0.5 1 2 against -2 -1 0 1 2:
  // sum xy = 9.5, sum x² = 9.5, sum y² = 10, rho = 9.5 / sqrt(95).
  close(result.correlations[0].spearman, 9.5 / Math.sqrt(95));
  // Hand: bad's ranks 3 1 5 2 4, centred 0 -2 2 -1 1 against -2 -1 0 1 2: sum xy = 3, rho = 3/10.
  close(result.correlations[1].spearman, 0.3);
  const tests = result.williams.filter((w) => w.method === "pearson");
  assert.deepEqual(tests.map((w) => [w.better, w.worse, w.df]), [["good", "bad", 2]]);
  assert.ok(tests[0].p > 0 && tests[0].p < 0.5);
  assert.deepEqual(result.points[0], {
    system: "A",
    human: { h: 1 },
    metric: { good: 0.1, bad: 0.3 },
  });
});

Deno.test("systemLevel() gives NaN correlations for a constant metric and p = NaN for n = 3", () => {
  const result = systemLevel(
    [set("h", { A: 1, B: 2, C: 3 })],
    [
      set("flat", { A: 0.5, B: 0.5, C: 0.5 }),
      set("up", { A: 1, B: 2, C: 4 }),
      set("down", { A: 3, B: 2, C: 1 }),
    ],
  );
  assert.ok(Number.isNaN(result.correlations[0].pearson));
  assert.ok(Number.isNaN(result.correlations[0].spearman));
  const williams = result.williams.find((w) => w.method === "pearson" && w.better === "up")!;
  assert.equal(williams.worse, "down");
  assert.ok(Number.isNaN(williams.p));
  // The constant metric is never tested.
  assert.ok(result.williams.every((w) => w.better !== "flat" && w.worse !== "flat"));
});

const pair = (segment: string, system1: string, rank1: number, system2: string, rank2: number) => ({
  segment,
  judge: "j",
  rankingId: "1",
  system1,
  rank1,
  system2,
  rank2,
});

const sentences = (name: string, values: Record<string, number[]>): SentenceScores => ({
  name,
  lp: "src-trg",
  testset: "t",
  path: `${name}.txt`,
  scores: new Map(
    Object.entries(values).map(([system, v]) => [system, new Map(v.map((x, i) => [String(i), x]))]),
  ),
});

Deno.test("sentenceLevel() counts every comparison with the HTies and NoTies coefficients", () => {
  const metric = sentences("m", { A: [0.9, 0.1], B: [0.5, 0.1], C: [0.5, 0.7] });
  const judgments = [
    pair("0", "A", 1, "B", 2), // concordant
    pair("0", "A", 1, "B", 2), // the same again: counts twice
    pair("0", "B", 1, "C", 2), // metric tie, human prefers B: 0, counted
    pair("1", "A", 3, "C", 1), // concordant (C better in both)
    pair("1", "A", 2, "B", 2), // human tie, metric tie: +1 in hties only
    pair("1", "B", 2, "C", 2), // human tie, metric prefers C: 0 in hties only
  ];
  const result = sentenceLevel(judgments, [metric], { bootstrap: false });
  assert.equal(result.pairs, 6);
  assert.equal(result.humanNonTies, 4);
  assert.equal(result.bootstrap, null);
  const [hties, noties] = result.metrics[0].variants;
  assert.deepEqual([hties.numerator, hties.denominator, hties.tau], [4, 6, 4 / 6]);
  assert.deepEqual([noties.numerator, noties.denominator, noties.tau], [3, 4, 3 / 4]);
  assert.deepEqual(result.metrics[0].counts, {
    "<<": 2,
    "<=": 1,
    "<>": 0,
    "=<": 0,
    "==": 1,
    "=>": 1,
    "><": 0,
    ">=": 0,
    ">>": 1,
  });
  // Excluding C drops the three pairs with C.
  const without = sentenceLevel(judgments, [metric], { bootstrap: false, exclude: ["C"] });
  assert.deepEqual([without.pairs, without.dropped], [3, 3]);
  assert.throws(
    () => sentenceLevel(judgments, [metric], { bootstrap: false, exclude: ["Z"] }),
    /^InputError: Cannot exclude Z: no such system in the judgments or the scores$/,
  );
});

Deno.test("sentenceLevel() names judged systems and sentences that have no scores", () => {
  const metric = sentences("m", { A: [0.9], B: [0.5] });
  assert.throws(
    () =>
      sentenceLevel([pair("0", "A", 1, "C", 2), pair("0", "D", 1, "B", 2)], [metric], {
        bootstrap: false,
      }),
    /^InputError: Systems judged by humans but without m sentence scores in m\.txt: C, D$/,
  );
  assert.throws(
    () => sentenceLevel([pair("3", "A", 1, "B", 2)], [metric], { bootstrap: false }),
    /^InputError: m\.txt: no m score of A for the judged sentence 3$/,
  );
});

Deno.test("sentenceLevel() bootstrap bounds bracket tau and repeat with the seed", () => {
  const metric = sentences("m", { A: [0.9, 0.2, 0.5], B: [0.5, 0.1, 0.6] });
  const judgments = [
    pair("0", "A", 1, "B", 2),
    pair("1", "A", 1, "B", 2),
    pair("2", "A", 1, "B", 2),
    pair("0", "A", 2, "B", 1),
    pair("1", "A", 1, "B", 1),
  ];
  const run = (seed: number) =>
    sentenceLevel(judgments, [metric], { bootstrap: { resamples: 200, seed } }).metrics[0].variants;
  const [hties] = run(5);
  assert.ok(hties.lower! <= hties.tau && hties.tau <= hties.upper!);
  assert.equal(hties.halfWidth, (hties.upper! - hties.lower!) / 2);
  assert.deepEqual(run(5), run(5));
});
