/**
 * `gecscore errant_compare` against ERRANT v3.0.2's own output on the ERRANT-annotated
 * CoNLL-2014 files (`../shared/data/conll2014/errant/`): every shared system and option
 * combination, byte for byte, and the `-v` traces.
 */
import assert from "node:assert/strict";
import { errantCompareCommand } from "../cli/errant_compare.ts";
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
  const status = await errantCompareCommand(args, { out: (t) => out += t });
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
