/**
 * GLEU speed on the 13 CoNLL-2014 outputs with the two references (skipped when `../shared`
 * is absent). `deno bench --allow-read bench/gleu_bench.ts`
 *
 * Target: under 1 s for all 13 systems, statistics and 500 sampling iterations included.
 */
import type { Tokens } from "../plugins/types.ts";
import { readReferenceCorpus, readSentences } from "../formats/text.ts";
import { gleuMetric, type GleuOptions, type GleuStats } from "../metrics/gleu/mod.ts";
import { resolveOptions } from "../plugins/options.ts";
import { CONLL2014_SYSTEMS, shared, SHARED_AVAILABLE } from "../tests/shared.ts";

const SRC = shared("data/conll2014/refs/conll14st-test.tok.src");
const REFS = [0, 1].map((k) => shared(`data/conll2014/refs/conll14st-test.tok.trg${k}`));
const options = resolveOptions<GleuOptions>(gleuMetric, {});
const options2015 = resolveOptions<GleuOptions>(gleuMetric, { variant: "2015" });

const systems: Tokens[][] = [];
let stats: GleuStats[][] = [];
if (SHARED_AVAILABLE) {
  for (const name of CONLL2014_SYSTEMS) {
    systems.push(await readSentences(shared(`data/conll2014/systems/${name}`), 1312));
  }
  const gold = await readReferenceCorpus(SRC, REFS);
  stats = systems.map((hyps) =>
    gold.sentences.map((g, i) => gleuMetric.stats(g, hyps[i], options))
  );
}

Deno.bench({
  name: "gleu 13 systems: read source and references, stats, corpus (500 iterations)",
  ignore: !SHARED_AVAILABLE,
  async fn() {
    // A freshly read gold: source and reference n-grams are counted anew.
    const gold = await readReferenceCorpus(SRC, REFS);
    for (const hyps of systems) {
      gleuMetric.corpus(
        gold.sentences.map((g, i) => gleuMetric.stats(g, hyps[i], options)),
        options,
      );
    }
  },
});

Deno.bench({
  name: "gleu 13 systems: corpus (500 iterations) from cached stats",
  ignore: !SHARED_AVAILABLE,
  fn() {
    for (const s of stats) gleuMetric.corpus(s, options);
  },
});

Deno.bench({
  name: "gleu 13 systems: sentence scores from cached stats",
  ignore: !SHARED_AVAILABLE,
  fn() {
    for (const s of stats) s.forEach((x) => gleuMetric.sentence(x, options));
  },
});

Deno.bench({
  name: "gleu 2015 13 systems: read source and references, stats, corpus",
  ignore: !SHARED_AVAILABLE,
  async fn() {
    const gold = await readReferenceCorpus(SRC, REFS);
    for (const hyps of systems) {
      gleuMetric.corpus(
        gold.sentences.map((g, i) => gleuMetric.stats(g, hyps[i], options2015)),
        options2015,
      );
    }
  },
});
