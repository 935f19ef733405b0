import assert from "node:assert/strict";
import { gecscore } from "./run_cli.ts";
import { createRegistry, readGold } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { planRun, runPlan, runPlanSync } from "../pipeline/engine.ts";
import { streamScores } from "../pipeline/stream.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";
const SYSTEM2 = "tests/testdata/m2scorer_example_system2";
const THROWS = "tests/testdata/plugins/throws_on_a.ts";

Deno.test("score names a throwing plugin identically in table, json and jsonl output", async () => {
  const expected = 'gecscore: Plugin throws-on-a 0.1.0, metric "throws_on_a", system ' +
    `m2scorer_example_system, sentence 1 (${GOLD}:1): stats() threw Error: cannot score A ` +
    "(--debug shows the stack)\n";
  for (const format of ["table", "json", "jsonl", "tsv"]) {
    const { code, stdout, stderr } = await gecscore(
      "score",
      "--plugin",
      THROWS,
      "--gold",
      GOLD,
      SYSTEM,
      SYSTEM2,
      "-m",
      "throws_on_a",
      "--format",
      format,
    );
    assert.equal(stderr, expected, format);
    assert.equal(stdout, "", format);
    assert.equal(code, 1, format);
  }
});

Deno.test("planRun() resolves options once and every way of running gives the same results", async () => {
  const registry = createRegistry();
  const gold = await readGold(GOLD);
  const systems = [await readHypotheses(SYSTEM, 3), await readHypotheses(SYSTEM2, 3)];
  const plan = await planRun({
    registry,
    gold,
    systems,
    metrics: ["m2", "gleu"],
    options: { m2: { beta: "1" } },
    sentences: true,
  });
  assert.deepEqual(plan.metrics.map((m) => m.id), ["m2", "gleu"]);
  assert.equal(plan.options[0].beta, 1);
  const serial = runPlanSync(plan);
  assert.deepEqual(await runPlan(plan, { jobs: 2 }), serial);
  let progress = 0;
  assert.deepEqual(await runPlan(plan, { onProgress: (done) => (progress = done) }), serial);
  assert.equal(progress, 2 * 2 * 3);
  // The streamed path gives the same corpus and sentence scores.
  const records = [];
  for await (
    const record of streamScores({
      metrics: plan.metrics,
      options: { m2: { beta: "1" } },
      gold: gold.sentences,
      systems: systems.map((s) => ({ name: s.name, hypotheses: s.sentences })),
      sentences: true,
    })
  ) records.push(record);
  const corpus = records.at(-1)!;
  assert.equal(corpus.kind, "corpus");
  serial.forEach((r, j) =>
    r.metrics.forEach((m, k) => assert.deepEqual(corpus.scores[j][k], m.score))
  );
  records.slice(0, -1).forEach((record, i) =>
    serial.forEach((r, j) =>
      r.metrics.forEach((m, k) => assert.deepEqual(record.scores[j][k], m.sentences![i]))
    )
  );
});

Deno.test("planRun() refuses a system of the wrong length and an option of an unknown metric", async () => {
  const registry = createRegistry();
  const gold = await readGold(GOLD);
  const short = { name: "short", path: "short", sentences: [["a"]] };
  await assert.rejects(() => planRun({ registry, gold, systems: [short] }), /short: has 1 lines/);
  await assert.rejects(
    () => planRun({ registry, gold, systems: [], options: { nosuch: { x: "1" } } }),
    /Unknown metric "nosuch"/,
  );
});

Deno.test("streamScores() names a faulty metric with its plugin, system, sentence and gold line", async () => {
  const registry = createRegistry({ builtins: false }).use({
    name: "faulty",
    version: "2",
    metrics: [{
      id: "bad",
      description: "throws on sentence 2",
      version: "1",
      defaults: {},
      needs: [],
      headline: "n",
      stats: (_g, hyp) => {
        if (hyp.length === 0) throw new Error("empty");
        return 1;
      },
      corpus: () => ({ n: 1 }),
      sentence: () => ({ n: 1 }),
      explain: () => ({ summary: "", blocks: [] }),
      signature: () => "bad",
    }],
  });
  const gold = await readGold(GOLD);
  const run = async () => {
    for await (
      const _ of streamScores({
        registry,
        goldPath: GOLD,
        metrics: registry.metrics,
        gold: gold.sentences,
        systems: [{ name: "sys", hypotheses: [["a"], [], ["b"]] }],
      })
    ) { /* drain */ }
  };
  await assert.rejects(
    run(),
    new RegExp(
      `^PluginError: Plugin faulty 2, metric "bad", system sys, sentence 2 \\(${GOLD}:\\d+\\): ` +
        "stats\\(\\) threw Error: empty$",
    ),
  );
});
