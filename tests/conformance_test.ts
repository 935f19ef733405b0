/**
 * The conformance kit against every metric the registry holds (the built-ins as they land)
 * and the example third-party plugin, on the m2scorer example plus edge cases: a hypothesis
 * equal to the source, an empty hypothesis, an insertion at the end of the sentence, and two
 * sentences whose M2 score depends on their order.
 */
import {
  createRegistry,
  loadPlugin,
  parseM2,
  readGold,
  readSentences,
  unmetNeeds,
} from "../mod.ts";
import { assertMetricConformance } from "../plugins/testkit.ts";

const registry = createRegistry().use(await loadPlugin("examples/exact_match.ts"));
const gold = await readGold("tests/testdata/m2scorer_example.m2");
const system = await readSentences("tests/testdata/m2scorer_example_system");
const system2 = await readSentences("tests/testdata/m2scorer_example_system2");

// Two sentences on which M2's greedy annotator choice depends on the order: after the first
// (2 of 2 edits right), the second picks its noop annotator (counts 0,1,0) over annotator 0
// (1 of 8 edits found: 1,1,8); first in the corpus, it picks annotator 0.
const ordered = await parseM2(
  [
    "S w1 w2 w3 w4",
    "A 0 1|||X|||x1|||REQUIRED|||-NONE-|||0",
    "A 2 3|||X|||x3|||REQUIRED|||-NONE-|||0",
    "",
    "S t1 t2 t3 t4 t5 t6 t7 t8",
    ...Array.from(
      { length: 8 },
      (_, i) => `A ${i} ${i + 1}|||X|||u${i + 1}|||REQUIRED|||-NONE-|||0`,
    ),
    "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1",
    "",
  ].join("\n"),
  "order.m2",
);

const sentences = [...gold.sentences, ...gold.sentences, ...gold.sentences, ...ordered.sentences];
const hypotheses = [
  ...system,
  ...system2,
  sentences[0].source.slice(), // unchanged source
  [], // empty hypothesis
  [...sentences[2].source, "indeed"], // insertion at the end
  "x1 w2 x3 w4".split(" "),
  "u1 t2 t3 t4 t5 t6 t7 t8".split(" "),
];

for (const metric of registry.metrics) {
  const problem = unmetNeeds(metric, gold);
  Deno.test({
    name: `${metric.id} passes the conformance kit`,
    ignore: problem !== undefined,
    async fn(t) {
      const options = [{}];
      // A second option set, to check that signatures tell option sets apart.
      const numeric = Object.entries(metric.defaults).find(([, v]) => typeof v === "number");
      const flag = Object.entries(metric.defaults).find(([, v]) => typeof v === "boolean");
      if (flag) options.push({ [flag[0]]: !flag[1] } as Record<string, boolean>);
      else if (numeric) options.push({ [numeric[0]]: (numeric[1] as number) + 1 } as never);
      await assertMetricConformance(t, metric, {
        gold: sentences,
        hypotheses,
        options,
        orderWitness: true,
      });
    },
  });
}
