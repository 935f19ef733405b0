/**
 * M2 against the official m2scorer 3.2 output on CoNLL-2014 (`../shared/golden/m2scorer/`):
 * the 13 systems against the combined gold and each annotator's derived gold.
 */
import assert from "node:assert/strict";
import { readGold } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { m2Metric } from "../metrics/m2/mod.ts";
import { m2scorerCommand } from "./m2scorer_run.ts";
import { CONLL2014_SYSTEMS, readShared, shared, sharedTest } from "./shared.ts";
import { pyFixed } from "../util/python_number.ts";

const GOLDS = [
  { dir: "combined", file: "official-2014.combined.m2" },
  { dir: "ann0", file: "official-2014.0.derived.m2" },
  { dir: "ann1", file: "official-2014.1.derived.m2" },
];

function printed(text: string): string[] {
  return [...text.matchAll(/: (\d\.\d{4})$/gm)].map((m) => m[1]);
}

sharedTest("m2Metric equals m2scorer 3.2 on the 13 CoNLL-2014 systems, 3 golds", async (t) => {
  for (const { dir, file } of GOLDS) {
    const gold = await readGold(shared(`data/conll2014/gold/${file}`));
    await t.step(dir, async () => {
      for (const name of CONLL2014_SYSTEMS) {
        const hyp = await readHypotheses(shared(`data/conll2014/systems/${name}`), 1312);
        const options = m2Metric.defaults;
        const stats = gold.sentences.map((s, i) => m2Metric.stats(s, hyp.sentences[i], options));
        const score = m2Metric.corpus(stats, options);
        // The implicit fallback for oversized lattices never triggers on CoNLL-2014.
        assert.equal(score.warnings, undefined, `${name} against ${file}: fallback used`);
        assert.ok(stats.every((s) => s.warnings === undefined));
        const expected = printed(await readShared(`golden/m2scorer/${dir}/${name}.txt`));
        assert.deepEqual(
          [pyFixed(score.precision, 4), pyFixed(score.recall, 4), pyFixed(score.f, 4)],
          expected,
          `${name} against ${file}`,
        );
        if (dir === "combined") {
          const trace = await readShared(`golden/m2scorer/combined/${name}.verbose.txt.gz`);
          const counts = /CORRECT EDITS {2}: (\d+)\nPROPOSED EDITS : (\d+)\nGOLD EDITS {5}: (\d+)/
            .exec(trace)!.slice(1).map(Number);
          assert.deepEqual([score.tp, score.tp + score.fp, score.tp + score.fn], counts, name);
        }
      }
    });
  }
});

sharedTest(
  "m2scorerCommand() prints what m2scorer 3.2 prints on CoNLL-2014, -v included",
  async (t) => {
    const gold = shared("data/conll2014/gold/official-2014.combined.m2");
    for (const name of CONLL2014_SYSTEMS) {
      await t.step(name, async () => {
        const system = shared(`data/conll2014/systems/${name}`);
        let out = "";
        assert.equal(await m2scorerCommand([system, gold], { out: (s) => out += s }), 0);
        assert.equal(out, await readShared(`golden/m2scorer/combined/${name}.txt`));
        let verbose = "";
        assert.equal(await m2scorerCommand(["-v", system, gold], { out: (s) => verbose += s }), 0);
        const expected = await readShared(`golden/m2scorer/combined/${name}.verbose.txt.gz`);
        // Compare line by line first, for a readable failure.
        const got = verbose.split("\n"), want = expected.split("\n");
        const first = got.findIndex((line, i) => line !== want[i]);
        assert.equal(first, -1, `first difference at line ${first + 1}: ${got[first]}`);
        assert.equal(verbose, expected);
      });
    }
  },
);
