import assert from "node:assert/strict";
import { m2Metric, type M2Stats } from "../metrics/m2/mod.ts";
import { xorshift } from "./random.ts";

/**
 * Checks that M2's resampler scores `trials` random resamples (1 to `stats.length` positions) as
 * `corpus()` scores the resampled statistics, for each beta.
 */
function sameAsCorpus(
  stats: M2Stats[],
  betas: number[],
  trials: number,
  rand: (n: number) => number,
  label: string,
): void {
  for (const beta of betas) {
    const options = { ...m2Metric.defaults, beta };
    const score = m2Metric.resampler!(stats, options);
    for (let trial = 0; trial < trials; trial++) {
      const indices = Int32Array.from(
        { length: 1 + rand(stats.length) },
        () => rand(stats.length),
      );
      const picked = Array.from(indices, (i) => stats[i]);
      assert.deepEqual(score(indices), m2Metric.corpus(picked, options), label);
    }
  }
}

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
    sameAsCorpus(stats, [0.5, 1, 2], 20, rand, `seed ${seed}`);
  }
});

Deno.test("M2's resampler equals corpus() when annotators share counts or have none", () => {
  // Sentences whose annotators all have the same counts (the resampler adds them without
  // choosing), next to ones that differ in a single count, and sentences with no annotator.
  for (const seed of [5, 6, 7]) {
    const rand = xorshift(seed);
    const stats = Array.from({ length: 80 }, (): M2Stats => {
      const annotators = rand(8) === 0 ? 0 : 1 + rand(3);
      const first: [number, number, number] = [rand(3), 0, 0];
      first[1] = first[0] + rand(3);
      first[2] = first[0] + rand(4);
      const counts = Array.from({ length: annotators }, (): [number, number, number] => {
        const copy: [number, number, number] = [...first];
        if (rand(3) === 0) copy[1 + rand(2)] += 1;
        return copy;
      });
      return { annotators: counts.map((_, a) => `${a}`), counts };
    });
    sameAsCorpus(stats, [0, 0.5, 1, 3], 30, rand, `seed ${seed}`);
  }
});

Deno.test("M2's resampler scores many resamples at once as corpus() scores each", () => {
  // values() replays four resamples side by side, then the rest one by one.
  const rand = xorshift(8);
  const stats = Array.from({ length: 50 }, (): M2Stats => {
    const annotators = 1 + rand(3);
    const counts = Array.from({ length: annotators }, (): [number, number, number] => {
      const c = rand(3);
      return [c, c + rand(3), c + rand(3)];
    });
    return { annotators: counts.map((_, a) => `${a}`), counts };
  });
  const score = m2Metric.resampler!(stats, m2Metric.defaults) as unknown as {
    values(rows: Int32Array, n: number, path: string): Float64Array | undefined;
  };
  for (const [rowCount, n] of [[1, 50], [4, 50], [7, 30], [9, 1]]) {
    const rows = Int32Array.from({ length: rowCount * n }, () => rand(50));
    for (const path of ["f", "precision", "fn"]) {
      const expected = Array.from({ length: rowCount }, (_, r) => {
        const picked = Array.from(rows.subarray(r * n, (r + 1) * n), (i) => stats[i]);
        return m2Metric.corpus(picked, m2Metric.defaults)[path as "f"];
      });
      assert.deepEqual([...score.values(rows, n, path)!], expected, `${rowCount} rows, ${path}`);
    }
  }
  // An empty resample after a full one: nothing is left over from the last.
  const one = m2Metric.resampler!(stats, m2Metric.defaults);
  one(Int32Array.of(1, 2, 3));
  assert.deepEqual(one(new Int32Array(0)), m2Metric.corpus([], m2Metric.defaults));
  // A path that is not a number of M2's score is left to the one-by-one scoring (and its error).
  assert.equal(score.values(new Int32Array(50), 50, "nope"), undefined);
});
