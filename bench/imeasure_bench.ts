/**
 * I-measure speed on the 13 CoNLL-2014 outputs against the XML gold (skipped when `../shared`
 * is absent). `deno bench --allow-read bench/imeasure_bench.ts`
 *
 * Targets: `mix: false` (as `ieval.py -nomix`) for all 13 in a few seconds; mixed references
 * (the default, which `ieval.py` cannot finish on this gold) for all 13 and all 1312 sentences
 * in well under a minute.
 */
import {
  imeasureMetric,
  type ImeasureOptions,
  readGold,
  readSentences,
  resolveOptions,
  type Tokens,
} from "../mod.ts";
import { CONLL2014_SYSTEMS, shared, SHARED_AVAILABLE } from "../tests/shared.ts";

const GOLD = shared("data/conll2014/gold/official-2014.combined.ieval.xml");
const systems: Tokens[][] = [];
if (SHARED_AVAILABLE) {
  for (const name of CONLL2014_SYSTEMS) {
    systems.push(await readSentences(shared(`data/conll2014/systems/${name}`), 1312));
  }
}
const gold = SHARED_AVAILABLE ? await readGold(GOLD) : undefined;

function run(options: ImeasureOptions): number {
  // A fresh copy of the gold each time: per-sentence caches start cold, as in one CLI run.
  const sentences = structuredClone(gold!.sentences);
  let sum = 0;
  for (const hyps of systems) {
    const stats = sentences.map((g, i) => imeasureMetric.stats(g, hyps[i], options));
    sum += imeasureMetric.corpus(stats, options).correction.i;
  }
  return sum;
}

Deno.bench({
  name: "imeasure 13 systems, mix: false (stats + corpus)",
  ignore: !SHARED_AVAILABLE,
  n: 3,
  fn() {
    run(resolveOptions<ImeasureOptions>(imeasureMetric, { mix: false }));
  },
});

Deno.bench({
  name: "imeasure 13 systems, mixed references (stats + corpus)",
  ignore: !SHARED_AVAILABLE,
  n: 3,
  fn() {
    run(resolveOptions<ImeasureOptions>(imeasureMetric, {}));
  },
});

Deno.bench({
  name: "imeasure 13 systems, mixed references, opt: corpus (stats + corpus)",
  ignore: !SHARED_AVAILABLE,
  n: 3,
  fn() {
    run(resolveOptions<ImeasureOptions>(imeasureMetric, { opt: "corpus" }));
  },
});
