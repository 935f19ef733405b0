/**
 * The conformance kit against every metric the registry holds (the built-ins as they land)
 * and the example third-party plugin, on the m2scorer example plus edge cases: a hypothesis
 * equal to the source, an empty hypothesis, an insertion at the end of the sentence, and two
 * sentences whose M2 score depends on their order.
 */
import { createRegistry, loadPlugin, readGold } from "../mod.ts";
import { parseHypothesisM2, readHypothesisM2 } from "../formats/hypothesis_m2.ts";
import { parseM2 } from "../formats/m2.ts";
import { readSentences } from "../formats/text.ts";
import { unmetNeeds } from "../pipeline/scoring.ts";
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

// Metrics that compare the system's own edits (errant) get a hypothesis M2 fixture: the
// hand-made ERRANT cases plus two sentences whose ERRANT score depends on their order, as
// for M2 above: after the first (2 of 2 edits right), the second picks its noop annotator;
// first in the corpus, it picks annotator 0 (1 of 16 edits found, no false positive). The 16
// edits are apart, so CLEME's chunks keep them apart too (touching edits would merge).
const errantOrder = (coder0: string[], extra: string[]) =>
  [
    "S w1 w2 w3 w4",
    "A 0 1|||R:X|||x1|||REQUIRED|||-NONE-|||0",
    "A 2 3|||R:X|||x3|||REQUIRED|||-NONE-|||0",
    "",
    `S ${Array.from({ length: 16 }, (_, i) => `t${i + 1} s${i + 1}`).join(" ")}`,
    ...coder0,
    ...extra,
    "",
  ].join("\n");
const sixteen = Array.from(
  { length: 16 },
  (_, i) => `A ${2 * i} ${2 * i + 1}|||R:X|||u${i + 1}|||REQUIRED|||-NONE-|||0`,
);
const errantGold = await readGold("tests/testdata/errant/ref.m2");
// First in the fixture: CLEME's choice then depends on the order even against the running
// totals of the other sentences (a rotation moves the second sentence to the front).
errantGold.sentences.unshift(
  ...(await parseM2(
    [errantOrder(sixteen, ["A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1"])],
    "o.m2",
  ))
    .sentences,
);
const errantHyp = await readHypothesisM2("tests/testdata/errant/hyp.m2");
const errantOrderHyp = await parseHypothesisM2([errantOrder([sixteen[0]], [])], "o_hyp.m2");
errantHyp.sentences.unshift(...errantOrderHyp.sentences);
errantHyp.edits.unshift(...errantOrderHyp.edits);

// Metrics that ask a model server (gather) run the kit on their gathered answers in
// tests/llm_metrics_test.ts.
for (const metric of registry.metrics.filter((m) => !m.gather)) {
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
      // Every built-in metric has the sentence-mean aggregation (SentM2, SentERRANT, ...).
      if (Object.hasOwn(metric.defaults, "aggregate")) {
        options.push({ aggregate: "sentence-mean" } as never);
      }
      if (metric.needsHypothesisEdits) {
        await assertMetricConformance(t, metric, {
          gold: errantGold.sentences,
          hypotheses: errantHyp.sentences,
          hypothesisEdits: errantHyp.edits,
          options,
          orderWitness: true,
        });
      } else {
        await assertMetricConformance(t, metric, {
          gold: sentences,
          hypotheses,
          options,
          orderWitness: true,
        });
      }
    },
  });
}
