/**
 * `gecscore errant_compare` against ERRANT v3.0.2's own output on the ERRANT-annotated
 * CoNLL-2014 files (`../shared/data/conll2014/errant/`): every shared system and option
 * combination, byte for byte, and the `-v` traces.
 */
import assert from "node:assert/strict";
import { errantCompare, parseErrantCompareArgs } from "../metrics/errant/errant_compare.ts";
import { main } from "../cli.ts";
import { createRegistry, readGold, scoreSystems } from "../mod.ts";
import type { GoldCorpus } from "../plugins/types.ts";
import { readHypothesisM2 } from "../formats/hypothesis_m2.ts";
import { readSentences } from "../formats/text.ts";
import type { ErrantScore } from "../metrics/errant/mod.ts";
import { pyStr } from "../metrics/errant/python.ts";
import { readShared, shared, sharedTest } from "./shared.ts";

const DIR = "data/conll2014/errant";

/** The systems with saved outputs and the gold each was scored against. */
async function cases(): Promise<{ system: string; hyp: string; gold: string }[]> {
  const out = [];
  for await (const entry of Deno.readDir(shared(`${DIR}/expected`))) {
    if (!entry.isDirectory) continue;
    const system = entry.name;
    const base = system.replace(/@jgold$/, "");
    const gold = system.endsWith("@jgold") ? "jacqle-gold.m2" : "cleme-conll14.errant";
    let hyp = `${DIR}/hyp/${base}.errant`;
    try {
      Deno.statSync(shared(hyp));
    } catch {
      hyp = `${DIR}/hyp/${base}.m2`;
    }
    out.push({ system, hyp: shared(hyp), gold: shared(`${DIR}/gold/${gold}`) });
  }
  return out.sort((a, b) => a.system < b.system ? -1 : 1);
}

async function run(args: string[]): Promise<string> {
  let out = "";
  const status = await errantCompare(args, { out: (t) => out += t });
  assert.equal(status, 0);
  return out;
}

sharedTest(
  "errant_compare output equals ERRANT 3.0.2 for every shared system and option",
  async (t) => {
    const options = (await readShared(`${DIR}/options.tsv`)).split("\n").filter(Boolean)
      .map((line) => line.split("\t")).map(([label, args]) => ({
        label,
        args: (args ?? "").split(" ").filter(Boolean),
      }));
    const all = await cases();
    assert.ok(all.length >= 10, "expected at least 10 systems under expected/");
    for (const { label, args } of options) {
      await t.step(label, async () => {
        const failed: string[] = [];
        for (const { system, hyp, gold } of all) {
          const expected = await readShared(`${DIR}/expected/${system}/${label}.txt`);
          const got = await run(["-hyp", hyp, "-ref", gold, ...args]);
          if (got !== expected) failed.push(system);
        }
        assert.deepEqual(failed, [], `${label}: output differs for ${failed.join(", ")}`);
      });
    }
  },
);

sharedTest("errant_compare -v equals ERRANT 3.0.2's trace", async (t) => {
  for (const { system, hyp, gold } of await cases()) {
    let expected: string;
    try {
      expected = await readShared(`${DIR}/expected/${system}/verbose.txt.gz`);
    } catch {
      continue;
    }
    await t.step(system, async () => {
      const got = await run(["-hyp", hyp, "-ref", gold, "-v"]);
      if (got === expected) return;
      const a = got.split("\n"), b = expected.split("\n");
      const i = a.findIndex((line, k) => line !== b[k]);
      assert.fail(`${system}: first difference at line ${i + 1}: ${a[i]} != ${b[i]}`);
    });
  }
});

sharedTest(
  "score -m errant carries ERRANT's TP/FP/FN/P/R/F overall and per category",
  async (t) => {
    const rows = (await readShared(`${DIR}/summary.csv`)).trim().split("\n").slice(1)
      .map((line) => line.split(","));
    const labels = new Map(
      (await readShared(`${DIR}/options.tsv`)).split("\n").filter(Boolean)
        .map((line) => line.split("\t")).map(([label, args]) => [args ?? "", label]),
    );
    const registry = createRegistry();
    const golds = new Map<string, GoldCorpus>();
    for (const { system, hyp, gold } of await cases()) {
      await t.step(system, async () => {
        if (!golds.has(gold)) golds.set(gold, await readGold(gold));
        const goldCorpus = golds.get(gold)!;
        const hypothesis = await readHypothesisM2(hyp, goldCorpus.sentences.length);
        const mine = rows.filter((r) => r[0] === system);
        assert.ok(mine.length > 0, `no summary rows for ${system}`);
        let checked = 0;
        for (const args of new Set(mine.map((r) => r[1]))) {
          assert.ok(labels.has(args), `unknown options ${args}`);
          const parsed = parseErrantCompareArgs([
            "-hyp",
            hyp,
            "-ref",
            gold,
            ...args.split(" ").filter(Boolean),
          ]);
          const [result] = await scoreSystems({
            registry,
            gold: goldCorpus,
            systems: [hypothesis],
            metrics: ["errant"],
            options: { errant: { ...parsed.options } },
          });
          const score = result.metrics[0].score as ErrantScore;
          for (const [, , category, tp, fp, fn, p, r, f] of mine.filter((row) => row[1] === args)) {
            const counts = category === "ALL" ? score : score.categories[category];
            assert.ok(counts, `${system} ${args}: no category ${category}`);
            assert.deepEqual(
              [
                counts.tp,
                counts.fp,
                counts.fn,
                pyStr(counts.precision),
                pyStr(counts.recall),
                pyStr(counts.f),
              ],
              [Number(tp), Number(fp), Number(fn), p, r, f],
              `${system} ${args} ${category}`,
            );
            checked++;
          }
          if (parsed.cat) {
            const expected = mine.filter((row) => row[1] === args && row[2] !== "ALL").length;
            assert.equal(
              Object.keys(score.categories).length,
              expected,
              `${system} ${args}: categories`,
            );
          }
        }
        assert.ok(checked >= 19, `${system}: only ${checked} rows checked`);
      });
    }
  },
);

sharedTest("gecscore score --hyp-m2 -m errant --format json gives ERRANT's numbers", async () => {
  let out = "", err = "";
  const io = { out: (s: string) => out += s, err: (s: string) => err += s };
  const status = await main([
    "score",
    "--gold",
    shared(`${DIR}/gold/jacqle-gold.m2`),
    "--hyp-m2",
    shared(`${DIR}/hyp/GECTOR.m2`),
    shared(`${DIR}/hyp/GECTOR.txt`),
    "-m",
    "errant,m2",
    "--opt",
    "errant.cat=2",
    "--format",
    "json",
  ], io);
  // GECTOR.txt is plain text: the annotator extracts its edits, and the signatures say so.
  assert.equal(status, 0, err);
  const both = JSON.parse(out).systems;
  assert.match(both[0].metrics.errant.signature, /\|edits:file$/);
  assert.match(both[1].metrics.errant.signature, /\|edits:gecscore-[\d.]+$/);
  assert.doesNotMatch(both[1].metrics.m2.signature, /edits:/);
  out = err = "";
  assert.equal(
    await main([
      "score",
      "--gold",
      shared(`${DIR}/gold/jacqle-gold.m2`),
      "--hyp-m2",
      shared(`${DIR}/hyp/GECTOR.m2`),
      "-m",
      "errant",
      "--opt",
      "errant.cat=2",
      "--format",
      "json",
    ], io),
    0,
  );
  // Sentence 606 of the hypothesis M2 has a truncated source: a warning, and it is still scored.
  assert.match(err, /GECTOR\.m2:\d+: the source of sentence 606 differs from the gold's/);
  const json = JSON.parse(out).systems[0].metrics.errant;
  const expected = await readShared(`${DIR}/expected/GECTOR@jgold/cat2.txt`);
  const overall = expected.trim().split("\n").at(-2)!.split("\t");
  assert.deepEqual(
    [json.tp, json.fp, json.fn, json.precision, json.recall, json.f].map(String),
    overall.map((x) => String(Number(x))),
  );
  const det = expected.split("\n").find((l) => l.startsWith("DET "))!.split(/\s+/);
  assert.deepEqual(
    [json.categories.DET.tp, json.categories.DET.fp, json.categories.DET.fn].map(String),
    det.slice(1, 4),
  );
});

sharedTest("the text of GECToR's hypothesis M2 is its plain-text output", async () => {
  const hyp = await readHypothesisM2(shared(`${DIR}/hyp/GECTOR.m2`));
  const text = await readSentences(shared(`${DIR}/hyp/GECTOR.txt`));
  assert.equal(hyp.sentences.length, text.length);
  const differ = hyp.sentences.flatMap((s, i) => s.join(" ") === text[i].join(" ") ? [] : [i + 1]);
  assert.deepEqual(differ, []);
});
