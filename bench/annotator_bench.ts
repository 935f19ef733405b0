/**
 * Annotating CoNLL-2014: the 1,312 sentences of one system output (AMU) against the source,
 * tagging both sides, aligning, merging and classifying (target: under 2 s on one core). The
 * annotator is loaded once, outside the timing (loading imports the tagger and the word list).
 */

import { loadAnnotator } from "../annotator/annotate.ts";
import { parallelToM2 } from "../annotator/parallel.ts";

const data = new URL("../../shared/data/conll2014/", import.meta.url);
const read = (path: string) =>
  Deno.readTextFileSync(new URL(path, data)).replace(/\n$/, "").split("\n");
let source: string[] = [];
let system: string[] = [];
try {
  source = read("refs/conll14st-test.tok.src");
  system = read("systems/AMU");
} catch {
  console.warn("Skipping the annotator bench: ../shared/data/conll2014 is absent.");
}
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
  name: "load the annotator (tagger, lexicon, word list, stemmer)",
  n: 3,
  fn: async () => {
    await loadAnnotator();
  },
});
