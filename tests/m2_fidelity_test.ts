import assert from "node:assert/strict";
import { m2Metric } from "../metrics/m2/mod.ts";
import { m2GoldEdits } from "../metrics/m2/annotators.ts";
import { parseM2 } from "../formats/m2.ts";

Deno.test("m2Metric takes annotator ids 0, 00 and +0 as one annotator, as m2scorer's int keys do", async () => {
  const gold = await parseM2([
    "S He go to school every days .\n",
    "A 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0\n",
    "A 5 6|||Noun|||day|||REQUIRED|||-NONE-|||00\n",
    "A 2 3|||Prep|||into|||REQUIRED|||-NONE-|||+0\n",
    "A 1 2|||SVA|||went|||REQUIRED|||-NONE-|||1\n\n",
  ], "ids.m2");
  const [sentence] = gold.sentences;
  assert.deepEqual(m2GoldEdits(sentence).map((a) => [a.annotator, a.edits.length]), [
    ["0", 3],
    ["1", 1],
  ]);
  const hyp = "He goes to school every day .".split(" ");
  const stats = m2Metric.stats(sentence, hyp, m2Metric.defaults);
  assert.deepEqual(stats.counts, [[2, 2, 3], [0, 2, 1]]);
  const score = m2Metric.corpus([stats], m2Metric.defaults);
  assert.deepEqual([score.tp, score.fp, score.fn], [2, 0, 1]);
});
