/**
 * Reading speed of the gold and hypothesis readers on the CoNLL-2014 data (skipped when
 * `../shared` is absent). `deno bench --allow-read bench/formats_bench.ts`
 */
import { readGold } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { CONLL2014_SYSTEMS, shared, SHARED_AVAILABLE } from "../tests/shared.ts";

const GOLD = shared("data/conll2014/gold/official-2014.combined.m2");

Deno.bench({
  name: "readGold() CoNLL-2014 combined M2 (1312 sentences, 438 KB)",
  ignore: !SHARED_AVAILABLE,
  async fn() {
    await readGold(GOLD);
  },
});

Deno.bench({
  name: "readHypotheses() 13 CoNLL-2014 system outputs",
  ignore: !SHARED_AVAILABLE,
  async fn() {
    for (const name of CONLL2014_SYSTEMS) {
      await readHypotheses(shared(`data/conll2014/systems/${name}`), 1312);
    }
  },
});
