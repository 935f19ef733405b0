/**
 * ERRANT scoring speed on the ERRANT-annotated CoNLL-2014 files (skipped when `../shared` is
 * absent): `errant_compare` text to text, and the metric from parsed files.
 *
 * `deno bench --allow-read bench/errant_bench.ts`
 */
import { readGold } from "../mod.ts";
import { readHypothesisM2 } from "../formats/hypothesis_m2.ts";
import { errantMetric } from "../metrics/errant/mod.ts";
import { errantCompareText } from "../metrics/errant/report.ts";
import { shared, SHARED_AVAILABLE } from "../tests/shared.ts";

const DIR = "data/conll2014/errant";

const data = SHARED_AVAILABLE
  ? {
    goldText: Deno.readTextFileSync(shared(`${DIR}/gold/cleme-conll14.errant`)),
    hypText: Deno.readTextFileSync(shared(`${DIR}/hyp/AMU.errant`)),
    gold: await readGold(shared(`${DIR}/gold/cleme-conll14.errant`)),
    hyp: await readHypothesisM2(shared(`${DIR}/hyp/AMU.errant`)),
  }
  : undefined;

Deno.bench({
  name: "errant_compare AMU x 1312 sentences, -cat 3 (read, compare, print)",
  ignore: !data,
  fn() {
    errantCompareText(data!.hypText, data!.goldText, "AMU", "gold", {
      options: errantMetric.defaults,
      cat: 3,
    });
  },
});

Deno.bench({
  name: "errant metric AMU x 1312 sentences (stats + corpus)",
  ignore: !data,
  fn() {
    const options = errantMetric.defaults;
    const stats = data!.gold.sentences.map((g, i) =>
      errantMetric.stats(g, data!.hyp.sentences[i], options, data!.hyp.edits[i])
    );
    errantMetric.corpus(stats, options);
  },
});
