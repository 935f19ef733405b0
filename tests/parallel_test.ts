/**
 * Parallel scoring gives the serial numbers exactly, for any number of workers, and a failing
 * job stops the run with the serial error and no output.
 */

import assert from "node:assert/strict";
import { gecscore } from "./run_cli.ts";
import { createRegistry, readGold } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { loadPlugin } from "../sandbox/loader.ts";
import { scoreSystems, scoreSystemsParallel } from "../pipeline/engine.ts";
import { poolSize } from "../pipeline/parallel.ts";
import { CONLL2014_SYSTEMS, shared, sharedTest } from "./shared.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEMS = [
  "tests/testdata/m2scorer_example_system",
  "tests/testdata/m2scorer_example_system2",
];

Deno.test("scoreSystemsParallel() equals scoreSystems() for 1, 2 and 3 workers", async () => {
  const registry = createRegistry().use(await loadPlugin("examples/exact_match.ts"));
  const gold = await readGold(GOLD);
  const systems = await Promise.all(SYSTEMS.map((p) => readHypotheses(p, gold.sentences.length)));
  const request = { registry, gold, systems, sentences: true };
  const serial = JSON.stringify(await scoreSystems(request));
  assert.deepEqual(
    JSON.parse(serial).map((s: { metrics: { metric: string }[] }) =>
      s.metrics.map((m) => m.metric)
    ),
    [0, 1].map(() => ["m2", "imeasure", "gleu", "green", "exact_match", "token_edit_rate"]),
  );
  for (const jobs of [1, 2, 3]) {
    const parallel = await scoreSystemsParallel(request, { jobs });
    assert.equal(JSON.stringify(parallel), serial, `--jobs ${jobs}`);
  }
});

Deno.test("poolSize() uses no workers for small automatic runs and never more than jobs", () => {
  assert.equal(poolSize("auto", 39, 100), 1);
  assert.equal(poolSize(4, 39, 100), 4);
  assert.equal(poolSize(4, 2, 100), 2);
  assert.equal(poolSize(1, 39, 1e9), 1);
  assert.ok(poolSize("auto", 39, 1e9) >= 1);
});

Deno.test("gecscore score --jobs N gives one-line errors and no output when a job fails", async (t) => {
  const cases: [string, string[]][] = [
    ["a system of the wrong length", [
      "--gold",
      GOLD,
      SYSTEMS[0],
      "tests/testdata/bad/four_lines.txt",
    ]],
    ["a bad plugin", [
      "--plugin",
      "tests/testdata/plugins/not_a_plugin.ts",
      "--gold",
      GOLD,
      ...SYSTEMS,
    ]],
    [
      "a throwing metric",
      [
        "--plugin",
        "tests/testdata/plugins/faulty.ts",
        "-m",
        "gleu,throws",
        "--gold",
        GOLD,
        ...SYSTEMS,
      ],
    ],
  ];
  for (const [name, args] of cases) {
    await t.step(name, async () => {
      const serial = await gecscore("score", "--jobs", "1", ...args);
      assert.equal(serial.code, 1);
      assert.equal(serial.stdout, "");
      assert.match(serial.stderr, /^gecscore: [^\n]+\n$/);
      for (const jobs of ["2", "3"]) {
        assert.deepEqual(await gecscore("score", "--jobs", jobs, ...args), serial);
      }
    });
  }
});

sharedTest(
  "gecscore score gives the same JSON for --jobs 1, 2 and 3 on the 13 CoNLL-2014 systems",
  async () => {
    const args = [
      "score",
      "--gold",
      shared("data/conll2014/gold/official-2014.combined.m2"),
      ...CONLL2014_SYSTEMS.map((s) => shared(`data/conll2014/systems/${s}`)),
      "--format",
      "json",
      "--sentences",
    ];
    const serial = await gecscore(...args, "--jobs", "1");
    assert.equal(serial.code, 0, serial.stderr);
    const report = JSON.parse(serial.stdout);
    assert.equal(report.systems.length, 13);
    for (const system of report.systems) {
      assert.deepEqual(Object.keys(system.metrics), ["m2", "imeasure", "gleu", "green"]);
      assert.equal(system.sentences.length, 1312);
    }
    for (const jobs of ["2", "3"]) {
      const parallel = await gecscore(...args, "--jobs", jobs);
      assert.equal(parallel.code, 0, parallel.stderr);
      assert.equal(parallel.stderr, serial.stderr);
      assert.ok(parallel.stdout === serial.stdout, `--jobs ${jobs} differs from --jobs 1`);
    }
  },
);

Deno.test("scoreSystemsParallel() reports progress up to the total, serial or pooled", async () => {
  const registry = createRegistry();
  const gold = await readGold(GOLD);
  const systems = await Promise.all(SYSTEMS.map((p) => readHypotheses(p, gold.sentences.length)));
  const serial = await scoreSystems({ registry, gold, systems });
  for (const jobs of [1, 2]) {
    const seen: [number, number][] = [];
    const request = {
      registry,
      gold,
      systems,
      onProgress: (done: number, total: number) => seen.push([done, total]),
    };
    assert.deepEqual(await scoreSystemsParallel(request, { jobs }), serial);
    const total = systems.length * serial[0].metrics.length * gold.sentences.length;
    assert.ok(seen.length > 1, `jobs ${jobs}: progress reported ${seen.length} times`);
    assert.deepEqual(seen.at(-1), [total, total]);
    assert.ok(seen.every(([d], i) => i === 0 || d >= seen[i - 1][0]));
  }
});
