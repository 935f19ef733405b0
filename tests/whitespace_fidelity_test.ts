import assert from "node:assert/strict";
import { gleuMetric, type GleuOptions } from "../metrics/gleu/mod.ts";
import { imeasureMetric } from "../metrics/imeasure/mod.ts";
import type { ImeasureOptions } from "../metrics/imeasure/types.ts";
import { m2Metric } from "../metrics/m2/mod.ts";
import { parseM2 } from "../formats/m2.ts";
import { readSentences } from "../formats/text.ts";
import { resolveOptions } from "../plugins/options.ts";

const GOLD = [
  "S He go home .\n",
  "A 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0\n\n",
];

/** Hypotheses read from a file: one joins two tokens with a no-break space. */
async function hypotheses(): Promise<string[][]> {
  const path = await Deno.makeTempFile({ suffix: ".txt" });
  try {
    await Deno.writeTextFile(path, "He\u00a0goes home .\nHe goes home .\n");
    return await readSentences(path);
  } finally {
    await Deno.remove(path);
  }
}

Deno.test("gleu and imeasure split hypotheses on ASCII whitespace only, as compute_gleu and ieval.py do", async () => {
  const [sentence] = (await parseM2(GOLD, "nbsp.m2")).sentences;
  const [nbsp, plain] = await hypotheses();
  const asBytes = ["He\u00a0goes", "home", "."];
  const gleu = resolveOptions<GleuOptions>(gleuMetric, {});
  const gleuOf = (hyp: string[]) =>
    gleuMetric.sentence(gleuMetric.stats(sentence, hyp, gleu), gleu).gleu;
  assert.equal(gleuOf(plain), 1);
  assert.equal(gleuOf(nbsp), gleuOf(asBytes));
  assert.ok(gleuOf(nbsp) < 1);
  const im = resolveOptions<ImeasureOptions>(imeasureMetric, {});
  const imOf = (hyp: string[]) =>
    imeasureMetric.sentence(imeasureMetric.stats(sentence, hyp, im), im).correction;
  assert.deepEqual(imOf(nbsp), imOf(asBytes));
  assert.notDeepEqual(imOf(nbsp), imOf(plain));
});

Deno.test("m2 splits hypotheses on Unicode whitespace, as m2scorer does", async () => {
  const [sentence] = (await parseM2(GOLD, "nbsp.m2")).sentences;
  const [nbsp, plain] = await hypotheses();
  const m2 = m2Metric.defaults;
  assert.deepEqual(m2Metric.stats(sentence, nbsp, m2), m2Metric.stats(sentence, plain, m2));
  assert.deepEqual(m2Metric.stats(sentence, plain, m2).counts, [[1, 1, 1]]);
});
