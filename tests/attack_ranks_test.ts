/**
 * The adversarial outputs of attack-gec-metrics (shipped in `data/attack-gec-metrics/`) ranked
 * among the 13 CoNLL-2014 outputs by `meta --attack`: reference-based GLEU ranks every one
 * last; M2 ranks the Scribendi attack near the bottom but three others mid-table. Correlations
 * leave the adversarial outputs out.
 */
import assert from "node:assert/strict";
import { gecscore } from "./run_cli.ts";
import { CONLL2014_SYSTEMS, shared, sharedTest } from "./shared.ts";

const ATTACKS = ["impara", "llmsent", "scribendi", "some"];

Deno.test("the shipped attack outputs have one line per CoNLL-2014 sentence", async () => {
  for (const a of ATTACKS) {
    const text = await Deno.readTextFile(`data/attack-gec-metrics/conll14/${a}.txt`);
    assert.equal(text.replace(/\n$/, "").split("\n").length, 1312, a);
  }
  assert.match(await Deno.readTextFile("data/attack-gec-metrics/LICENSE"), /^MIT License/);
});

sharedTest("meta --attack ranks the adversarial outputs among the real systems", async () => {
  const args = [
    "meta",
    "--human",
    shared("data/conll2014/human/expected_wins.txt.gz"),
    "--gold",
    shared("data/conll2014/gold/official-2014.combined.m2"),
    ...CONLL2014_SYSTEMS.map((s) => shared(`data/conll2014/systems/${s}`)),
    "-m",
    "m2,gleu",
    "--opt",
    "gleu.refs=conll2014",
  ];
  const run = await gecscore(
    ...args,
    ...ATTACKS.flatMap((a) => ["--attack", `${a}=data/attack-gec-metrics/conll14/${a}.txt`]),
  );
  assert.equal(run.code, 0, run.stderr);
  const table = run.stdout.split("Adversarial outputs: ")[1];
  assert.match(table, /^rank among the 13 real systems \(1 = best, 14 = last\)\n/);
  assert.match(table, /^m2 +6\/14 +6\/14 +13\/14 +6\/14$/m);
  assert.match(table, /^gleu +14\/14 +14\/14 +14\/14 +14\/14$/m);
  // The correlations are those of the real systems alone.
  const plain = await gecscore(...args);
  assert.equal(
    run.stdout.split("\n\nAdversarial outputs")[0] + "\n",
    plain.stdout.replace(/^(System level: .*)$/m, "$1; excluded: impara, llmsent, scribendi, some"),
  );
});
