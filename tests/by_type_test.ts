/**
 * Per-type breakdowns on CoNLL-2014: M2 TP/FN per gold error type add up to the corpus TP and
 * FN for all 13 systems; ERRANT categories add up to ERRANT's totals.
 */
import assert from "node:assert/strict";
import { createRegistry, readGold, scoreSystems } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { readHypothesisM2 } from "../formats/hypothesis_m2.ts";
import type { M2Score } from "../metrics/m2/mod.ts";
import type { TypeBreakdown } from "../plugins/mod.ts";
import { CONLL2014_SYSTEMS, shared, sharedTest } from "./shared.ts";

function sum(breakdown: TypeBreakdown, key: string): number {
  return breakdown.types.reduce((n, t) => n + (t.score[key] as number), 0);
}

sharedTest(
  "M2 TP and FN per gold error type add up to the corpus TP and FN (CoNLL-2014)",
  async () => {
    const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.m2"));
    const systems = [];
    for (const name of CONLL2014_SYSTEMS) {
      systems.push(await readHypotheses(shared(`data/conll2014/systems/${name}`), 1312));
    }
    const results = await scoreSystems({
      registry: createRegistry(),
      gold,
      systems,
      metrics: ["m2"],
      byType: true,
    });
    for (const r of results) {
      const { score, byType } = r.metrics[0];
      const m2 = score as M2Score;
      assert.ok(byType, r.name);
      assert.equal(sum(byType, "tp"), m2.tp, `${r.name} tp`);
      assert.equal(sum(byType, "fn"), m2.fn, `${r.name} fn`);
      assert.ok(byType.types.every((t) => t.score.precision === undefined));
      assert.ok(byType.types.some((t) => t.type === "ArtOrDet"));
    }
    const camb = results.find((r) => r.name === "CAMB")!.metrics[0].byType!;
    assert.deepEqual(camb.types.find((t) => t.type === "ArtOrDet")?.score.tp, 189);
  },
);

sharedTest("ERRANT categories add up to ERRANT's totals at every level", async () => {
  const dir = "data/conll2014/errant";
  const gold = await readGold(shared(`${dir}/gold/cleme-conll14.errant`));
  const system = await readHypothesisM2(shared(`${dir}/hyp/CUUI.errant`), 1312);
  for (const cat of [1, 2, 3]) {
    const [r] = await scoreSystems({
      registry: createRegistry(),
      gold,
      systems: [system],
      metrics: ["errant"],
      options: { errant: { cat } },
      byType: true,
    });
    const { score, byType } = r.metrics[0];
    for (const key of ["tp", "fp", "fn"]) {
      assert.equal(sum(byType!, key), score[key], `${cat} ${key}`);
    }
  }
});
