/**
 * Annotating CoNLL-2014 on one core: the 1,312 sentences of one system output (AMU) against the
 * source (target: under 2 s), and the 13 system outputs as `score -m errant` annotates plain
 * systems, sources analysed once and each distinct output of a sentence annotated once (target,
 * issue 25: under 1 s). The annotator is loaded once, outside the timing (loading imports the
 * tagger and the word list); its load time is a bench of its own, and the last case loads a new
 * annotator and annotates the 13 outputs, its caches (token facts, lemmas, words looked up)
 * empty as in one run of the command. The command itself, as a process:
 * `/usr/bin/time -f "%e s %U user %M KB" deno run --allow-read cli.ts score --gold
 * ../shared/data/conll2014/errant/gold/cleme-conll14.errant -m errant --jobs 1
 * ../shared/data/conll2014/systems/*`.
 *
 * `deno bench --allow-read bench/annotator_bench.ts`
 */

import { loadAnnotator } from "../annotator/annotate.ts";
import { parallelToM2 } from "../annotator/parallel.ts";
import { annotatePlainSystems } from "../pipeline/annotate_systems.ts";
import type { GoldCorpus, Hypotheses } from "../plugins/types.ts";
import { CONLL2014_SYSTEMS } from "../tests/shared.ts";

const data = new URL("../../shared/data/conll2014/", import.meta.url);
const read = (path: string) =>
  Deno.readTextFileSync(new URL(path, data)).replace(/\n$/, "").split("\n");
let source: string[] = [];
let system: string[] = [];
let systems: Hypotheses[] = [];
try {
  source = read("refs/conll14st-test.tok.src");
  system = read("systems/AMU");
  systems = CONLL2014_SYSTEMS.map((name) => ({
    name,
    path: name,
    sentences: read(`systems/${name}`).map((line) => line.split(" ").filter((t) => t !== "")),
  }));
} catch {
  console.warn("Skipping the annotator bench: ../shared/data/conll2014 is absent.");
}
const gold: GoldCorpus = {
  path: "src",
  format: "text",
  sentences: source.map((line) => ({
    source: line.split(" ").filter((t) => t !== ""),
    references: [],
  })),
};
const annotator = await loadAnnotator();

Deno.bench({
  name: "annotate 1,312 CoNLL-2014 sentences (AMU), errant_parallel",
  ignore: source.length === 0,
  n: 5,
  fn: () => {
    parallelToM2(source, [system], annotator);
  },
});

Deno.bench({
  name: "annotate the 13 CoNLL-2014 outputs as score -m errant does",
  ignore: source.length === 0,
  n: 5,
  fn: async () => {
    await annotatePlainSystems(gold, systems, [{ needsHypothesisEdits: true }], annotator);
  },
});

Deno.bench({
  name: "load the annotator (tagger, lexicon, word list, stemmer)",
  n: 3,
  fn: async () => {
    await loadAnnotator();
  },
});

Deno.bench({
  name: "load a new annotator and annotate the 13 outputs (empty caches, as one run)",
  ignore: source.length === 0,
  n: 5,
  fn: async () => {
    await annotatePlainSystems(
      gold,
      systems,
      [{ needsHypothesisEdits: true }],
      await loadAnnotator(),
    );
  },
});
