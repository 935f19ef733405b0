/** The score tables as people read and quote them. */
import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { significanceCells } from "../render/significance.ts";
import type { MetricSignificance } from "../pipeline/significance.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYS = "tests/testdata/m2scorer_example_system";
const SYS2 = "tests/testdata/m2scorer_example_system2";

async function score(...args: string[]): Promise<string> {
  let out = "", err = "";
  const code = await main(["score", ...args], { out: (t) => out += t, err: (t) => err += t });
  assert.equal(code, 0, err);
  return out;
}

Deno.test("gecscore score heads the F-beta column F0.5 (M2, ERRANT), with P and R for ERRANT", async () => {
  const m2 = await score("--gold", GOLD, SYS, "-m", "m2");
  assert.match(m2, /^system +precision +recall +F0\.5$/m);
  const beta1 = await score("--gold", GOLD, SYS, "-m", "m2", "--opt", "m2.beta=1");
  assert.match(beta1, /^system +precision +recall +F1$/m);
  const errant = await score(
    "--gold",
    "tests/testdata/errant/ref.m2",
    "--hyp-m2",
    "tests/testdata/errant/hyp.m2",
    "-m",
    "errant",
  );
  assert.match(errant, /^system +precision +recall +F0\.5$/m);
  // JSON keeps the field names.
  const json = JSON.parse(await score("--gold", GOLD, SYS, "-m", "m2", "--format", "json"));
  assert.equal(typeof json.systems[0].metrics.m2.f, "number");
});

Deno.test("gecscore score says which GLEU interval samples references", async () => {
  const out = await score("--gold", GOLD, SYS, SYS2, "-m", "gleu", "--ci");
  assert.match(out, /^system +gleu +ci \(ref\. sampling\) +gleu 95% CI$/m);
});

Deno.test("significanceCells() keeps starred p-values and rank ranges aligned", () => {
  const system = (name: string, p: number | undefined, rank: [number, number]) => ({
    name,
    value: 0,
    ...(p === undefined ? {} : { p_value: p }),
    rank,
  });
  const result: MetricSignificance = {
    metric: "m",
    headline: "f",
    seed: 1,
    alpha: 0.05,
    signature: "bs:1000|seed:1",
    test: "bs",
    systems: [
      system("base", undefined, [1, 3]),
      system("a", 0.2, [2, 2]),
      system("b", 0.001, [10, 12]),
      system("c", 0.04, [4, 4]),
    ],
  };
  const { rows } = significanceCells(result);
  const p = rows.slice(1).map((r) => r[0]);
  assert.deepEqual(p, ["0.2000 ", "0.0010*", "0.0400*"]);
  const ranks = rows.map((r) => r[1]);
  assert.deepEqual(ranks, [" 1-3 ", " 2   ", "10-12", " 4   "]);
});

Deno.test("gecscore score --paired --ranks prints aligned p-value and rank columns", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_tables_" });
  try {
    const systems = [];
    for (const [name, from] of [["A", SYS], ["B", SYS2], ["C", SYS], ["D", SYS2]]) {
      await Deno.copyFile(from, `${dir}/${name}`);
      systems.push(`${dir}/${name}`);
    }
    const out = await score(
      "--gold",
      GOLD,
      ...systems,
      "-m",
      "imeasure",
      "--paired",
      "bs",
      "--ranks",
    );
    const lines = out.split("\n").filter((l) => /^[A-D] /.test(l));
    assert.equal(lines.length, 4);
    // Every row ends at the same column, and the p-values' decimal points line up.
    const ends = new Set(lines.map((l) => l.length));
    assert.equal(ends.size, 1, lines.join("\n"));
    const points = new Set(lines.slice(1).map((l) => l.search(/\d\.\d{4}[* ] /)));
    assert.equal(points.size, 1, lines.join("\n"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
