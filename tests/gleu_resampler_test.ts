import assert from "node:assert/strict";
import type { Gleu2016Stats, GleuOptions, GleuReferenceStats } from "../metrics/gleu/mod.ts";
import { resampler2016 } from "../metrics/gleu/resampler.ts";
import { naiveCorpus } from "./gleu_naive.ts";
import { xorshift } from "./random.ts";

/**
 * Random 2016 statistics: one or two references (sometimes the same object), hypotheses of
 * 0 to `longest` tokens (short ones leave higher orders with nothing to match), counts up to
 * `most`.
 */
function randomStats(seed: number, count: number, longest: number, most: number) {
  const rand = xorshift(seed);
  const ref = (): GleuReferenceStats => ({
    length: rand(longest + 1),
    matches: Array.from({ length: 4 }, () => rand(most + 1)),
    penalties: Array.from({ length: 4 }, () => rand(3) ? 0 : rand(most + 1)),
  });
  return Array.from({ length: count }, (): Gleu2016Stats => {
    const a = ref();
    const kind = rand(5);
    return {
      variant: "2016",
      length: rand(longest + 1),
      references: kind === 0 ? [a] : kind === 1 ? [a, a] : [a, ref()],
    };
  });
}

/** The reference tool's loop on the resampled statistics: one iteration at a time. */
function plainLoop(stats: readonly Gleu2016Stats[], indices: Int32Array, iterations: number) {
  return naiveCorpus(Array.from(indices, (i) => stats[i]), iterations);
}

function options(iterations: number): GleuOptions {
  return { variant: "2016", iterations, lambda: 1, refs: "plain" };
}

Deno.test("resampler2016() equals the reference tool's loop on random resamples", () => {
  // Corpus lengths around the blocks of 8 and passes of 64 positions; resamples as long as
  // the corpus (bootstrap) and half as long (approximate randomization scores n of 2n).
  for (const [seed, count] of [[1, 1], [2, 7], [3, 8], [4, 63], [5, 64], [6, 65], [7, 200]]) {
    for (const iterations of [1, 5, 33]) {
      const stats = randomStats(seed * 10 + iterations, count, 30, 12);
      const score = resampler2016(stats, options(iterations));
      const rand = xorshift(seed);
      for (const m of [count, Math.max(1, count >> 1)]) {
        for (let trial = 0; trial < 4; trial++) {
          const indices = Int32Array.from({ length: m }, () => rand(count));
          assert.deepEqual(
            score(indices),
            plainLoop(stats, indices, iterations),
            `seed ${seed}, ${count} sentences, ${iterations} iterations, ${m} drawn`,
          );
        }
      }
    }
  }
});

Deno.test("resampler2016() is exact with three and five packed words per sentence", () => {
  // Large differences widen the fields: 2 fields per double (3 words), then 1 (5 words).
  for (const [seed, most] of [[21, 40_000], [22, 3_000_000]]) {
    const stats = randomStats(seed, 150, most, most);
    const score = resampler2016(stats, options(17));
    const rand = xorshift(seed);
    for (let trial = 0; trial < 3; trial++) {
      const indices = Int32Array.from({ length: 150 }, () => rand(150));
      assert.deepEqual(score(indices), plainLoop(stats, indices, 17), `most ${most}`);
    }
  }
});

Deno.test("resampler2016() scores sentences with no 4-gram and empty hypotheses as the loop does", () => {
  // Hypotheses of 0-3 tokens: some orders have no n-gram in the resample, and GLEU is 0.
  const stats = randomStats(31, 40, 3, 2);
  const score = resampler2016(stats, options(9));
  const rand = xorshift(31);
  for (const m of [1, 2, 40]) {
    const indices = Int32Array.from({ length: m }, () => rand(40));
    assert.deepEqual(score(indices), plainLoop(stats, indices, 9));
  }
});
