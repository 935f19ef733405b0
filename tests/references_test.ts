import assert from "node:assert/strict";
import { readGold } from "../mod.ts";
import { CONLL2014_CONVENTIONS, referenceRewrites } from "../formats/references.ts";
import { readSentences } from "../formats/text.ts";
import { shared, sharedTest } from "./shared.ts";

sharedTest("referenceRewrites() with the CoNLL-2014 conventions equals trg0 and trg1", async () => {
  const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.m2"));
  assert.equal(gold.sentences.length, 1312);
  for (const k of [0, 1]) {
    const refs = await readSentences(shared(`data/conll2014/refs/conll14st-test.tok.trg${k}`));
    assert.equal(refs.length, 1312);
    gold.sentences.forEach((sentence, i) => {
      assert.equal(
        referenceRewrites(sentence, CONLL2014_CONVENTIONS)[k].join(" "),
        refs[i].join(" "),
        `trg${k} line ${i + 1}`,
      );
    });
  }
});

sharedTest(
  "referenceRewrites() without conventions differs from trg1 where annotator 1 is absent",
  async () => {
    const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.m2"));
    const trg1 = await readSentences(shared("data/conll2014/refs/conll14st-test.tok.trg1"));
    const differing =
      gold.sentences.filter((s, i) => referenceRewrites(s)[1].join(" ") !== trg1[i].join(" "))
        .length;
    assert.ok(differing > 0, "the plain rule should not reproduce trg1");
  },
);

sharedTest("readGold() parses the three CoNLL-2014 M2 gold files", async () => {
  for (const name of ["combined", "0.derived", "1.derived"]) {
    const gold = await readGold(shared(`data/conll2014/gold/official-2014.${name}.m2`));
    assert.equal(gold.sentences.length, 1312, name);
  }
  const combined = await readGold(shared("data/conll2014/gold/official-2014.combined.m2"));
  const lines = combined.sentences.flatMap((s) =>
    s.annotations!.map((a) => a.noop ? 1 : a.edits.length)
  );
  // 5873 A lines in the file, and sentences with no A lines at all get one empty annotation.
  const aLines = lines.reduce((x, y) => x + y, 0);
  assert.ok(aLines <= 5873 && aLines > 5000, `A lines ${aLines}`);
});
