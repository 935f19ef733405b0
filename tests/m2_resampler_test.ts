import assert from "node:assert/strict";
import { m2Metric, type M2Stats } from "../metrics/m2/mod.ts";
import { xorshift } from "./random.ts";

Deno.test("M2's resampler equals corpus() on random counts and resamples", () => {
  for (const seed of [1, 2, 3, 4]) {
    const rand = xorshift(seed);
    // One to three annotators; many zero counts and ties, so every tie rule is met.
    const stats = Array.from({ length: 60 }, (): M2Stats => {
      const annotators = 1 + rand(3);
      return {
        annotators: Array.from({ length: annotators }, (_, a) => `${a}`),
        counts: Array.from({ length: annotators }, () => {
          const c = rand(3);
          return [c, c + rand(3), c + rand(3)] as [number, number, number];
        }),
      };
    });
    for (const beta of [0.5, 1, 2]) {
      const options = { ...m2Metric.defaults, beta };
      const score = m2Metric.resampler!(stats, options);
      for (let trial = 0; trial < 20; trial++) {
        const indices = Int32Array.from({ length: 1 + rand(60) }, () => rand(60));
        const picked = Array.from(indices, (i) => stats[i]);
        assert.deepEqual(score(indices), m2Metric.corpus(picked, options), `seed ${seed}`);
      }
    }
  }
});
