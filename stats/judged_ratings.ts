/**
 * System ratings from sentence-level judgements that may be missing, as gec-metrics
 * (`MetricBase.run_trueskill`, `run_expected_wins`) computes them for its LLM metrics: per
 * sentence, every system has a score or none (its output was not judged), and each pair of
 * systems is a win, a tie or a loss by comparing their scores, or no comparison when either
 * is missing.
 *
 * - **TrueSkill**: every pair (i < j) of every sentence, in order, is one game of the
 *   `trueskill` package with mu 0, sigma 0.5, beta 0.25, tau 0 and draw probability 0.25;
 *   pairs without a comparison are skipped. The rating is the final mu.
 * - **Expected Wins**: `EW(i) = 1/(n-1) * sum_{j != i} wins(i,j) / (wins(i,j) + wins(j,i))`,
 *   where, as gec-metrics counts, a pair without a comparison counts as a win for both sides.
 *   A pair with no wins either way adds 0 (gec-metrics divides by zero there), and one system
 *   alone has Expected Wins 0 (no opponent).
 *
 * @module
 */

import { rateOneVsOne, type TrueSkillEnv, trueSkillRating } from "./trueskill.ts";

/** The TrueSkill environment of gec-metrics' `run_trueskill`. */
export const GECMETRICS_TRUESKILL: TrueSkillEnv = {
  mu: 0,
  sigma: 0.5,
  beta: 0.25,
  tau: 0,
  drawProbability: 0.25,
};

/** One sentence: each system's score, or null when its output was not judged. */
export type JudgedSentence = readonly (number | null)[];

/**
 * TrueSkill mu of every system from judged sentences (gec-metrics' `run_trueskill`).
 *
 * @example A system that wins every comparison rates highest
 * ```ts
 * import { judgedTrueSkill } from "./judged_ratings.ts";
 * import assert from "node:assert/strict";
 *
 * const mu = judgedTrueSkill([[5, 3, null], [4, 2, 2]], 3);
 * assert.ok(mu[0] > mu[1] && mu[0] > 0);
 * assert.equal(judgedTrueSkill([], 2).join(), "0,0");
 * ```
 *
 * @param sentences The sentences, in order.
 * @param systems The number of systems.
 * @returns The final mu of each system.
 */
export function judgedTrueSkill(sentences: readonly JudgedSentence[], systems: number): number[] {
  const env = GECMETRICS_TRUESKILL;
  const ratings = Array.from({ length: systems }, () => trueSkillRating(env.mu, env.sigma));
  for (const scores of sentences) {
    for (let i = 0; i < systems; i++) {
      const a = scores[i];
      if (a === null) continue;
      for (let j = i + 1; j < systems; j++) {
        const b = scores[j];
        if (b === null) continue;
        const [r1, r2] = a > b
          ? rateOneVsOne(ratings[i], ratings[j], 0, 1, env)
          : a < b
          ? rateOneVsOne(ratings[i], ratings[j], 1, 0, env)
          : rateOneVsOne(ratings[i], ratings[j], 0, 0, env);
        ratings[i] = r1;
        ratings[j] = r2;
      }
    }
  }
  return ratings.map((r) => r.mu);
}

/**
 * Expected Wins of every system from judged sentences (gec-metrics' `run_expected_wins`).
 *
 * @example Hand-computed
 * ```ts
 * import { judgedExpectedWins } from "./judged_ratings.ts";
 * import assert from "node:assert/strict";
 *
 * // Sentence 3 has C unjudged: a win for A and B over C, and for C over both.
 * const ew = judgedExpectedWins([[5, 3, 1], [2, 4, 4], [3, 3, null]], 3);
 * // A-B 1:1, A-C 2:2, B-C 2:1 (B and C tie in sentence 2: no win).
 * assert.deepEqual(ew, [(1 / 2 + 2 / 4) / 2, (1 / 2 + 2 / 3) / 2, (2 / 4 + 1 / 3) / 2]);
 * ```
 *
 * @param sentences The sentences.
 * @param systems The number of systems.
 * @returns The Expected Wins of each system.
 */
export function judgedExpectedWins(
  sentences: readonly JudgedSentence[],
  systems: number,
): number[] {
  // wins[i * n + j]: the sentences on which i beat j, or had no comparison with j.
  const n = systems;
  const wins = new Float64Array(n * n);
  for (const scores of sentences) {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const a = scores[i];
        const b = scores[j];
        if (a === null || b === null || a > b) wins[i * n + j]++;
      }
    }
  }
  return Array.from({ length: n }, (_, i) => {
    if (n < 2) return 0;
    let total = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const won = wins[i * n + j];
      const lost = wins[j * n + i];
      if (won + lost > 0) total += won / (won + lost);
    }
    return total / (n - 1);
  });
}
