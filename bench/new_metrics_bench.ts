/**
 * Speed of the metrics added for issue 22 on the 13 CoNLL-2014 systems (skipped when
 * `../shared` is absent): per metric, statistics and the corpus score of all 13 systems, on
 * one thread. Each iteration starts from fresh gold sentence objects, so the work a metric
 * caches per gold sentence (GREEN's source and reference n-grams) is paid once per iteration,
 * as in one real run over 13 systems; reading the files is outside the timing.
 *
 * `deno bench --allow-read bench/new_metrics_bench.ts`
 */
import { createRegistry, readGold } from "../mod.ts";
import type { GoldCorpus, GoldSentence, Hypotheses } from "../plugins/types.ts";
import { readHypothesisM2 } from "../formats/hypothesis_m2.ts";
import { readReferenceCorpus, readSentences } from "../formats/text.ts";
import { resolveOptions } from "../plugins/options.ts";
import { CONLL2014_SYSTEMS, shared, SHARED_AVAILABLE } from "../tests/shared.ts";

const registry = createRegistry();
const D = "data/conll2014/";

const data = SHARED_AVAILABLE
  ? {
    edits: await readGold(shared(`${D}errant/gold/cleme-conll14.errant`), { format: "m2" }),
    hyps: await Promise.all(
      CONLL2014_SYSTEMS.map((s) => readHypothesisM2(shared(`${D}errant/hyp/${s}.errant`))),
    ),
    text: await readReferenceCorpus(shared(`${D}refs/conll14st-test.tok.src`), [
      shared(`${D}refs/conll14st-test.tok.trg0`),
      shared(`${D}refs/conll14st-test.tok.trg1`),
    ]),
    systems: await Promise.all(CONLL2014_SYSTEMS.map(async (s) => {
      const path = shared(`${D}systems/${s}`);
      return { name: s, path, sentences: await readSentences(path) } as Hypotheses;
    })),
  }
  : undefined;

function fresh(gold: GoldCorpus): GoldSentence[] {
  return gold.sentences.map((s) => ({ ...s }));
}

function all13(id: string, raw: Record<string, string>, kind: "edits" | "text") {
  const metric = registry.metric(id);
  const gold = fresh(kind === "edits" ? data!.edits : data!.text);
  const systems = kind === "edits" ? data!.hyps : data!.systems;
  let options = resolveOptions(metric, raw);
  if (metric.prepare) options = metric.prepare(options, { gold, systems });
  for (const system of systems) {
    const stats = gold.map((g, i) =>
      metric.stats(g, system.sentences[i], options, system.edits?.[i])
    );
    metric.corpus(stats, options);
  }
}

const cases: [string, string, Record<string, string>, "edits" | "text"][] = [
  ["cleme", "cleme (v1.1, dependent, length-weighted)", {}, "edits"],
  ["cleme", "cleme (v1.0, independent, sentence-mean: SentCLEME)", {
    version: "1.0",
    mode: "independent",
    aggregate: "sentence-mean",
  }, "edits"],
  ["cleme2", "cleme2 (dependent, corpus)", {}, "edits"],
  ["gotoscorer", "gotoscorer (unweighted)", {}, "edits"],
  ["gotoscorer", "gotoscorer (weights from the 13 systems, gec-metrics compat)", {
    weights: "systems",
    compat: "gecmetrics",
  }, "edits"],
  ["green", "green (word 4-grams)", {}, "text"],
  ["green", "green (character 4-grams)", { unit: "char" }, "text"],
  ["gleu", "gleu variant=gecmetrics (500 iterations)", { variant: "gecmetrics" }, "text"],
  [
    "errant",
    "errant aggregate=sentence-mean (SentERRANT)",
    { aggregate: "sentence-mean" },
    "edits",
  ],
];

for (const [id, name, raw, kind] of cases) {
  Deno.bench({
    name: `${name}: 13 CoNLL-2014 systems x 1312 sentences`,
    ignore: !data,
    fn() {
      all13(id, raw, kind);
    },
  });
}
