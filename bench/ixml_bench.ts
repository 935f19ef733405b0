/**
 * Speed of the I-measure XML reader, the error-group derivation and the conversion on the
 * CoNLL-2014 gold (skipped when `../shared` is absent). `deno bench --allow-read bench/ixml_bench.ts`
 */
import { readGold } from "../mod.ts";
import { errorGroups } from "../formats/error_groups.ts";
import { parseM2, writeM2 } from "../formats/m2.ts";
import { writeIxml } from "../formats/ixml.ts";
import { shared, SHARED_AVAILABLE } from "../tests/shared.ts";

const M2 = shared("data/conll2014/gold/official-2014.combined.m2");
const XML = shared("data/conll2014/gold/official-2014.combined.ieval.xml");
const m2Text = SHARED_AVAILABLE ? await Deno.readTextFile(M2) : "";
const xml = SHARED_AVAILABLE ? await readGold(XML) : undefined;

Deno.bench({
  name: "readGold() CoNLL-2014 golden I-measure XML (1312 sentences, 4145 errors)",
  ignore: !SHARED_AVAILABLE,
  async fn() {
    await readGold(XML);
  },
});

Deno.bench({
  name: "errorGroups() of every CoNLL-2014 M2 sentence (parse + cluster)",
  ignore: !SHARED_AVAILABLE,
  async fn() {
    const gold = await parseM2([m2Text], "gold.m2");
    for (const s of gold.sentences) errorGroups(s);
  },
});

Deno.bench({
  name: "writeIxml() + writeM2() of the CoNLL-2014 gold",
  ignore: !SHARED_AVAILABLE,
  fn() {
    writeM2(xml!);
    writeIxml(xml!);
  },
});
