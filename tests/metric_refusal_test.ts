import assert from "node:assert/strict";
import { gecscore } from "./run_cli.ts";

/** A gold of one 400-token sentence (past the I-measure's bound) and a short one, and a system. */
async function longInput(): Promise<{ gold: string; system: string }> {
  const words = Array.from({ length: 400 }, (_, i) => `w${i % 37}`);
  const gold = await Deno.makeTempFile({ suffix: ".m2" });
  const system = await Deno.makeTempFile();
  await Deno.writeTextFile(
    gold,
    `S ${words.join(" ")}\nA 3 4|||Vt|||x|||REQUIRED|||-NONE-|||0\n\n` +
      "S a b c\nA 0 1|||Vt|||x|||REQUIRED|||-NONE-|||0\n\n",
  );
  const hyp = [...words];
  hyp[3] = "x";
  await Deno.writeTextFile(system, `${hyp.join(" ")}\nx b c\n`);
  return { gold, system };
}

Deno.test("gecscore score prints the other metrics when one refuses an over-long sentence", async () => {
  const { gold, system } = await longInput();
  try {
    const table = await gecscore("score", "--gold", gold, system, "-m", "m2,imeasure,gleu");
    assert.equal(table.code, 1);
    assert.match(table.stdout, /^m2 {2}\(m2\|/m);
    assert.match(table.stdout, /^gleu {2}\(gleu\|/m);
    assert.doesNotMatch(table.stdout, /imeasure/);
    assert.match(table.stderr, /^gecscore: imeasure: sentence at gold line 1: a 400-token source/m);
    assert.equal(
      table.stderr.trim().split("\n").filter((l) => l.startsWith("gecscore:")).length,
      1,
    );

    const json = await gecscore(
      "score",
      "--gold",
      gold,
      system,
      "-m",
      "m2,imeasure",
      "--format",
      "json",
      "--jobs",
      "2",
    );
    assert.equal(json.code, 1);
    const parsed = JSON.parse(json.stdout);
    assert.deepEqual(Object.keys(parsed.systems[0].metrics), ["m2"]);
    assert.equal(parsed.systems[0].metrics.m2.f, 1);

    const alone = await gecscore("score", "--gold", gold, system, "-m", "imeasure");
    assert.equal(alone.code, 1);
    assert.equal(alone.stdout, "");
    assert.match(alone.stderr, /^gecscore: imeasure: sentence at gold line 1/);
  } finally {
    await Deno.remove(gold);
    await Deno.remove(system);
  }
});
