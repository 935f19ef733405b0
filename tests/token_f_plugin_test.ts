/**
 * The twenty-line example plugin (`examples/token_f.ts`): at most 20 lines of code, the
 * conformance kit, and loaded boxed through the command line with `--ci`, `--paired ar` and
 * `--ranks`, giving what the same metric gives in this program.
 */

import assert from "node:assert/strict";
import { readGold } from "../mod.ts";
import { assessSignificance } from "../pipeline/significance.ts";
import { readHypotheses } from "../formats/text.ts";
import { assertMetricConformance } from "../plugins/testkit.ts";
import plugin, { metric as tokenF } from "../examples/token_f.ts";
import { codeLines } from "./code_lines.ts";
import { runCli } from "./run_cli.ts";

const EXAMPLE = "examples/token_f.ts";
const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEMS = [
  "tests/testdata/m2scorer_example_system",
  "tests/testdata/m2scorer_example_system2",
];

Deno.test("codeLines() counts code, not comments or blank lines", () => {
  const planted = [
    "/**",
    " * A doc comment of",
    " * three lines. */",
    "",
    "// a comment line",
    "import { x } from './x.ts';",
    "const a = 1; // a comment after code counts",
    "/* inline */ const b = 2;",
    "  ",
    ...Array.from({ length: 18 }, (_, i) => `export const c${i} = ${i};`),
  ].join("\n");
  assert.equal(codeLines(planted).length, 21);
});

Deno.test("the example plugin is at most 20 lines of code", async () => {
  const lines = codeLines(await Deno.readTextFile(EXAMPLE)).length;
  assert.ok(lines <= 20, `${EXAMPLE} has ${lines} lines of code`);
});

Deno.test("the example plugin passes the conformance kit", async (t) => {
  const gold = await readGold(GOLD);
  const systems = await Promise.all(SYSTEMS.map((p) => readHypotheses(p, gold.sentences.length)));
  // Both systems' hypotheses, so the fixture has sentences with and without errors.
  await assertMetricConformance(t, tokenF, {
    gold: [...gold.sentences, ...gold.sentences],
    hypotheses: systems.flatMap((s) => s.sentences),
    options: [{}, { beta: 0.5 }],
  });
  assert.deepEqual(plugin.metrics, [tokenF]);
});

Deno.test("the example plugin runs boxed with --ci, --paired ar and --ranks", async () => {
  const args = ["score", "--plugin", EXAMPLE, "-m", "token_f", "--gold", GOLD, ...SYSTEMS];
  const table = await runCli(["--allow-read"], [...args, "--ci", "--paired", "ar", "--ranks"]);
  assert.equal(table.code, 0, table.stderr);
  assert.equal(table.stderr, "");
  const lines = table.stdout.split("\n");
  assert.match(lines[0], /^token_f {2}\(token_f\|beta:1\|v:1\.0\|nrefs:2\|gold:\w+\|.*ar:10000/);
  assert.match(lines[1], /^system +f +precision +recall +.*f 95% CI +p \(ar\) +rank$/);
  assert.match(lines[3], /^m2scorer_example_system +0\.8750 .* \[[\d.]+, [\d.]+\] +baseline +\d/);

  // The same numbers as the metric imported into this program gives.
  const json = await runCli(["--allow-read"], [
    ...args,
    "--ci",
    "--paired",
    "ar",
    "--ranks",
    "--format",
    "json",
  ]);
  assert.equal(json.code, 0, json.stderr);
  const cli = JSON.parse(json.stdout).systems.map((s: { metrics: { token_f: unknown } }) =>
    s.metrics.token_f
  );
  const gold = await readGold(GOLD);
  const systems = await Promise.all(SYSTEMS.map((p) => readHypotheses(p, gold.sentences.length)));
  const stats = systems.map((s) => ({
    name: s.name,
    stats: gold.sentences.map((g, i) => tokenF.stats(g, s.sentences[i], tokenF.defaults)),
  }));
  const local = assessSignificance(tokenF, tokenF.defaults, stats, {
    test: "ar",
    ci: true,
    ranks: true,
  });
  local.systems.forEach((s, k) => {
    assert.equal(cli[k].f, s.value);
    assert.deepEqual(cli[k].ci, s.ci);
    assert.equal(cli[k].p_value, s.p_value);
    assert.deepEqual(cli[k].rank, s.rank);
  });
  assert.equal(cli[0].f, 14 / 16);
});
