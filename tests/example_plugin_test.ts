import assert from "node:assert/strict";
import { createRegistry, readGold } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import plugin, { exactMatchMetric, tokenEditRateMetric } from "../examples/exact_match.ts";
import { importPlugin, loadPlugin } from "../sandbox/loader.ts";
import { assertMetricConformance } from "../plugins/testkit.ts";

const gold = await readGold("tests/testdata/m2scorer_example.m2");
const system = await readHypotheses("tests/testdata/m2scorer_example_system", 3);
const fixture = {
  gold: gold.sentences,
  hypotheses: system.sentences,
  options: [{}, { ignore_case: true }, { references: "conll2014" }],
};

Deno.test("exactMatchMetric passes the conformance kit", async (t) => {
  await assertMetricConformance(t, exactMatchMetric, fixture);
});

Deno.test("tokenEditRateMetric passes the conformance kit", async (t) => {
  await assertMetricConformance(t, tokenEditRateMetric, fixture);
});

Deno.test("exactMatchMetric.stats() finds the matching reference", () => {
  const [first, second] = gold.sentences;
  const options = exactMatchMetric.defaults;
  // Sentence 1: annotator 0 gives "The cat sat on the mat ."; the system wrote "A cat ...".
  assert.deepEqual(exactMatchMetric.stats(first, system.sentences[0], options), {
    exact: 0,
    reference: -1,
  });
  assert.deepEqual(
    exactMatchMetric.stats(first, "The cat sat on the mat .".split(" "), options),
    { exact: 1, reference: 0 },
  );
  // Sentence 2: annotator 1 (noop) keeps "The dog ." unchanged.
  assert.deepEqual(exactMatchMetric.stats(second, system.sentences[1], options), {
    exact: 1,
    reference: 1,
  });
});

Deno.test("tokenEditRateMetric.corpus() sums edits over nearest-reference lengths", () => {
  const stats = gold.sentences.map((g, i) =>
    tokenEditRateMetric.stats(g, system.sentences[i], tokenEditRateMetric.defaults)
  );
  // "A cat sat on the mat ." vs "The cat sat on the mat .": 1 edit of 7 tokens;
  // "The dog ." equals annotator 1's reference: 0 of 3;
  // "Giant otters are apex predator ." vs annotator 0's "Giant otters are apex predators .":
  // 1 of 6 (annotator 1's "Giant otter is an apex predator ." needs 3 of 7).
  assert.deepEqual(stats.map((s) => [s.edits, s.length]), [[1, 7], [0, 3], [1, 6]]);
  assert.deepEqual(tokenEditRateMetric.corpus(stats, tokenEditRateMetric.defaults), {
    edits: 2,
    length: 16,
    rate: 2 / 16,
  });
});

Deno.test("loadPlugin() loads the example plugin by path, boxed, and it registers", async () => {
  const loaded = await loadPlugin("./examples/exact_match.ts");
  assert.notEqual(loaded, plugin);
  assert.deepEqual(loaded.metrics?.map((m) => m.id), plugin.metrics?.map((m) => m.id));
  const registry = createRegistry().use(loaded);
  const boxed = registry.metric("exact_match");
  const gold = { source: ["a", "b"], references: [["a", "c"], ["a", "b"]] };
  for (const hyp of [["a", "b"], ["x"]]) {
    const stats = boxed.stats(gold, hyp, boxed.defaults);
    assert.deepEqual(stats, exactMatchMetric.stats(gold, hyp, exactMatchMetric.defaults));
    assert.deepEqual(
      boxed.corpus([stats], boxed.defaults),
      exactMatchMetric.corpus([stats], exactMatchMetric.defaults),
    );
  }
  assert.equal(
    boxed.signature(boxed.defaults),
    exactMatchMetric.signature(exactMatchMetric.defaults),
  );
  assert.throws(
    () => registry.use(loaded),
    /^UsageError: Plugins gecscore-example-plugin 1\.0\.0 and gecscore-example-plugin 1\.0\.0 both register metric "exact_match"/,
  );
});

Deno.test("importPlugin() imports the example plugin into this program", async () => {
  assert.equal(await importPlugin("./examples/exact_match.ts"), plugin);
});

Deno.test("loadPlugin() refuses modules that do not export a plugin", async () => {
  await assert.rejects(
    loadPlugin("tests/testdata/plugins/not_a_plugin.ts"),
    /not_a_plugin\.ts: default export is not a plugin: metrics\[0\] \("Bad Id"\): "description" must be a string/,
  );
  await assert.rejects(
    loadPlugin("tests/testdata/plugins/no_default.ts"),
    /no_default\.ts has no default export/,
  );
  await assert.rejects(loadPlugin("tests/testdata/plugins/missing.ts"), /Cannot load plugin/);
});

Deno.test("loadPlugin() loads by file: URL", async () => {
  const url = new URL("../examples/exact_match.ts", import.meta.url).href;
  assert.ok(url.startsWith("file:"));
  assert.equal((await loadPlugin(url)).name, plugin.name);
});
