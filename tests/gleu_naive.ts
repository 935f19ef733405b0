/**
 * The reference tool's GLEU sampling loop, one iteration at a time, on 2016 statistics: the
 * oracle the fast corpus fold (`gleu_fast_test.ts`) and the resampler (`gleu_resampler_test.ts`)
 * are compared with.
 *
 * @module
 */

import type { Gleu2016Stats } from "../metrics/gleu/mod.ts";
import { gleuFromTotals, summarize } from "../metrics/gleu/corpus.ts";
import { MersenneTwister } from "../util/mt19937.ts";

/**
 * GLEU of `stats` as `compute_gleu` samples it: `iterations` rounds (one when no sentence has
 * several references), a reference drawn per sentence from MT19937 seeded `round * 101`.
 *
 * @param stats The statistics, in corpus order.
 * @param iterations The sampling iterations.
 * @returns The summary of the rounds' values.
 */
export function naiveCorpus(stats: readonly Gleu2016Stats[], iterations: number) {
  const several = stats.some((s) => s.references.length > 1);
  const rounds = several ? iterations : 1;
  const mt = new MersenneTwister(0);
  const values: number[] = [];
  for (let j = 0; j < rounds; j++) {
    mt.seed(j * 101);
    let c = 0, r = 0;
    const num = [0, 0, 0, 0], den = [0, 0, 0, 0];
    for (const s of stats) {
      const draw = mt.random();
      const ref =
        s.references[s.references.length > 1 ? Math.floor(draw * s.references.length) : 0];
      c += s.length;
      r += ref.length;
      for (let n = 0; n < 4; n++) {
        num[n] += Math.max(ref.matches[n] - ref.penalties[n], 0);
        den[n] += Math.max(s.length - n, 0);
      }
    }
    values.push(gleuFromTotals(c, r, num, den));
  }
  return summarize(values);
}
