import assert from "node:assert/strict";
import { gecscore } from "./run_cli.ts";
import { CONLL2014_SYSTEMS, shared, sharedTest } from "./shared.ts";

const GOLD = shared("data/conll2014/errant/gold/cleme-conll14.errant");
const HUMAN = shared("data/conll2014/human/expected_wins.txt.gz");
const SYSTEMS = CONLL2014_SYSTEMS.map((s) => shared(`data/conll2014/systems/${s}`));
/** The edit-based metrics of 2023-2024 and the field `score` reports as each one's headline. */
const HEADLINES: Record<string, string> = {
  cleme: "f",
  cleme2: "com",
  gotoscorer: "f",
  green: "f",
};

function pearson(x: number[], y: number[]): number {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(x), my = mean(y);
  let sxy = 0, sxx = 0, syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

sharedTest(
  "meta correlates the edit-based metrics' corpus scores from score with human ranks",
  async () => {
    const metrics = Object.keys(HEADLINES).join(",");
    const scored = await gecscore(
      "score",
      "--gold",
      GOLD,
      "-m",
      metrics,
      "--format",
      "json",
      ...SYSTEMS,
    );
    assert.equal(scored.code, 0, scored.stderr);
    const meta = await gecscore(
      "meta",
      "--human",
      HUMAN,
      "--gold",
      GOLD,
      "-m",
      metrics,
      "--format",
      "json",
      ...SYSTEMS,
    );
    assert.equal(meta.code, 0, meta.stderr);
    const scores = JSON.parse(scored.stdout).systems as {
      name: string;
      metrics: Record<string, Record<string, number>>;
    }[];
    const system = JSON.parse(meta.stdout).system;
    // The human file read here, not through meta: the fifth column is the Expected Wins score.
    const text = await new Response(
      (await Deno.open(HUMAN)).readable.pipeThrough(new DecompressionStream("gzip")),
    ).text();
    const human: Record<string, number> = Object.fromEntries(
      text.trim().split("\n").map((line) => line.split("\t")).map((f) => [f[3], Number(f[4])]),
    );
    for (const [metric, field] of Object.entries(HEADLINES)) {
      const x = scores.map((s) => s.metrics[metric][field]);
      const y = scores.map((s) => human[s.name]);
      const row = system.correlations.find((c: { metric: string }) => c.metric === metric);
      assert.equal(row.n, 13);
      for (const p of system.points) {
        const fromScore = scores.find((s) => s.name === p.system)!.metrics[metric][field];
        assert.equal(p.metric[metric], fromScore, `${metric} ${p.system}`);
      }
      assert.ok(Math.abs(row.pearson - pearson(x, y)) < 1e-12, `${metric}: ${row.pearson}`);
      assert.ok(row.pearson > 0.5, `${metric} correlates with Expected Wins (r = ${row.pearson})`);
    }
  },
);
