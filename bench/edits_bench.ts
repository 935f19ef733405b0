/**
 * Speed of the edit layer on CoNLL-2014 (skipped when `../shared` is absent): extracting a
 * system's edits from its text, CLEME-style chunk partitions of the system's edits with both
 * annotators', and GoToScorer-style chunks (tokens and insertion slots) of one annotator.
 *
 * `deno bench --allow-read bench/edits_bench.ts`
 */
import { extractEdits, prf } from "../edits/mod.ts";
import { chunkPartition } from "../edits/chunk.ts";
import { readGold } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { shared, SHARED_AVAILABLE } from "../tests/shared.ts";

const data = SHARED_AVAILABLE
  ? await (async () => {
    const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.m2"));
    const hyp = await readHypotheses(
      shared("data/conll2014/systems/AMU"),
      gold.sentences.length,
    );
    const sources = gold.sentences.map((s) => s.source);
    const edits = sources.map((s, i) => extractEdits(s, hyp.sentences[i]));
    const annotators = gold.sentences.map((s) => (s.annotations ?? []).map((a) => a.edits));
    return { sources, hyp, edits, annotators };
  })()
  : undefined;

Deno.bench({
  name: "extractEdits() AMU x 1312 sentences (Levenshtein, all-merge)",
  ignore: !data,
  fn() {
    data!.sources.forEach((s, i) => extractEdits(s, data!.hyp.sentences[i]));
  },
});

Deno.bench({
  name: "chunkPartition() AMU + 2 annotators x 1312 sentences (CLEME chunks)",
  ignore: !data,
  fn() {
    data!.sources.forEach((s, i) => chunkPartition(s, [data!.edits[i], ...data!.annotators[i]]));
  },
});

Deno.bench({
  name: "chunkPartition() annotator 0 x 1312 sentences (GoToScorer chunks: tokens, slots)",
  ignore: !data,
  fn() {
    data!.sources.forEach((s, i) =>
      chunkPartition(s, [data!.annotators[i][0] ?? []], {
        unchanged: "tokens",
        slots: true,
        touching: false,
      })
    );
  },
});

Deno.bench({
  name: "prf() 100 000 count triples, errant convention (rounded)",
  fn() {
    for (let k = 0; k < 100_000; k++) {
      prf({ tp: k % 97, fp: k % 89, fn: k % 83 }, { beta: 0.5, convention: "errant" });
    }
  },
});
