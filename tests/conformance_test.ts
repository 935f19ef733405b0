/**
 * The conformance kit against every metric the registry holds (the built-ins as they land)
 * and the example third-party plugin, on the m2scorer example plus edge cases: a hypothesis
 * equal to the source, an empty hypothesis, and an insertion at the end of the sentence.
 */
import { createRegistry, loadPlugin, readGold, readSentences, unmetNeeds } from "../mod.ts";
import { assertMetricConformance } from "../plugins/testkit.ts";

const registry = createRegistry().use(await loadPlugin("examples/exact_match.ts"));
const gold = await readGold("tests/testdata/m2scorer_example.m2");
const system = await readSentences("tests/testdata/m2scorer_example_system");
const system2 = await readSentences("tests/testdata/m2scorer_example_system2");

const sentences = [...gold.sentences, ...gold.sentences, ...gold.sentences];
const hypotheses = [
  ...system,
  ...system2,
  sentences[0].source.slice(), // unchanged source
  [], // empty hypothesis
  [...sentences[2].source, "indeed"], // insertion at the end
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
      await assertMetricConformance(t, metric, { gold: sentences, hypotheses, options });
    },
  });
}
