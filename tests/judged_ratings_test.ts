/**
 * The ratings of judged sentences: the fast one-game TrueSkill update gives the same numbers,
 * to the bit, as `rateOneVsOne` (the `trueskill` package's message passing) over long random
 * sequences of wins, losses and draws, in gec-metrics' environment and another.
 */
import assert from "node:assert/strict";
import { GECMETRICS_TRUESKILL, judgedTrueSkillWith } from "../stats/judged_ratings.ts";
import { rateOneVsOne, type TrueSkillEnv, trueSkillRating } from "../stats/trueskill.ts";

/** The same games through rateOneVsOne. */
function slow(sentences: (number | null)[][], n: number, env: TrueSkillEnv): number[] {
  const ratings = Array.from({ length: n }, () => trueSkillRating(env.mu, env.sigma));
  for (const scores of sentences) {
    for (let i = 0; i < n; i++) {
      const a = scores[i];
      if (a === null) continue;
      for (let j = i + 1; j < n; j++) {
        const b = scores[j];
        if (b === null) continue;
        const [r1, r2] = rateOneVsOne(
          ratings[i],
          ratings[j],
          a > b ? 0 : 1,
          a < b ? 0 : a > b ? 1 : 1,
          env,
        );
        ratings[i] = r1;
        ratings[j] = r2;
      }
    }
  }
  return ratings.map((r) => r.mu);
}

Deno.test("the fast TrueSkill update equals rateOneVsOne to the bit", () => {
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const envs: TrueSkillEnv[] = [
    GECMETRICS_TRUESKILL,
    { mu: 25, sigma: 25 / 3, beta: 25 / 6, tau: 25 / 300, drawProbability: 0.1 },
  ];
  for (const env of envs) {
    for (let run = 0; run < 20; run++) {
      const n = 2 + Math.floor(random() * 6);
      const sentences = Array.from(
        { length: 5 + Math.floor(random() * 60) },
        () => Array.from({ length: n }, () => random() < 0.2 ? null : 1 + Math.floor(random() * 5)),
      );
      assert.deepEqual(judgedTrueSkillWith(sentences, n, env), slow(sentences, n, env));
    }
  }
});
