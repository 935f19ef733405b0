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

import { MIN_DELTA, type TrueSkillEnv, trueSkillRating, tsCdf, tsPdf, tsPpf } from "./trueskill.ts";

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
  return judgedTrueSkillWith(sentences, systems, GECMETRICS_TRUESKILL);
}

/**
 * {@linkcode judgedTrueSkill} in any environment (for tests).
 *
 * @param sentences The sentences, in order.
 * @param systems The number of systems.
 * @param env The TrueSkill environment.
 * @returns The final mu of each system.
 */
export function judgedTrueSkillWith(
  sentences: readonly JudgedSentence[],
  systems: number,
  env: TrueSkillEnv,
): number[] {
  const margin = tsPpf((env.drawProbability + 1) / 2) * Math.sqrt(2) * env.beta;
  const ratings = Array.from({ length: systems }, () => {
    const r = trueSkillRating(env.mu, env.sigma);
    return { pi: r.pi, tau: r.tau };
  });
  for (const scores of sentences) {
    for (let i = 0; i < systems; i++) {
      const a = scores[i];
      if (a === null) continue;
      for (let j = i + 1; j < systems; j++) {
        const b = scores[j];
        if (b === null) continue;
        if (a > b) rateInPlace(ratings[i], ratings[j], 0, 1, env, margin);
        else if (a < b) rateInPlace(ratings[i], ratings[j], 1, 0, env, margin);
        else rateInPlace(ratings[i], ratings[j], 0, 0, env, margin);
      }
    }
  }
  return ratings.map((r) => r.pi === 0 ? 0 : r.tau / r.pi);
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

/**
 * `vWin` and `wWin` of `stats/trueskill.ts` at once: the same operations, the CDF and density
 * computed once instead of twice (the same inputs give the same numbers).
 */
function vwWin(diff: number, margin: number): [number, number] {
  const x = diff - margin;
  const denom = tsCdf(x);
  const v = denom ? tsPdf(x) / denom : -x;
  const w = v * (v + x);
  if (0 < w && w < 1) return [v, w];
  throw new RangeError("TrueSkill: floating point error in the win update (w outside (0, 1))");
}

/** `vDraw` and `wDraw` at once, as {@linkcode vwWin}. */
function vwDraw(diff: number, margin: number): [number, number] {
  const absDiff = Math.abs(diff);
  const a = margin - absDiff;
  const b = -margin - absDiff;
  const cdfA = tsCdf(a);
  const cdfB = tsCdf(b);
  const pdfA = tsPdf(a);
  const pdfB = tsPdf(b);
  const denom = cdfA - cdfB;
  const numer = pdfB - pdfA;
  const magnitude = denom ? numer / denom : a;
  if (!denom) throw new RangeError("TrueSkill: floating point error in the draw update");
  return [magnitude * (diff < 0 ? -1 : 1), (magnitude * 1) ** 2 + (a * pdfA - b * pdfB) / denom];
}

/** A rating as two numbers: precision and precision-adjusted mean. */
interface Rating {
  pi: number;
  tau: number;
}

/**
 * {@linkcode rateOneVsOne} for one game between two players, the same message passing written
 * out on plain numbers (no factor graph objects), operation for operation, so the results are
 * the same to the bit (`tests/judged_ratings_test.ts` checks it on random games). `rank1 <
 * rank2`: the first won; equal ranks: a draw. The ratings are updated in place.
 */
function rateInPlace(
  first: Rating,
  second: Rating,
  rank1: number,
  rank2: number,
  env: TrueSkillEnv,
  margin: number,
): void {
  const swap = rank2 < rank1;
  const r0 = swap ? second : first;
  const r1 = swap ? first : second;
  const variance = env.beta ** 2;
  // Priors down: each rating variable takes the prior (sigma with the dynamics added).
  const prior = (r: Rating) => {
    const mu = r.pi === 0 ? 0 : r.tau / r.pi;
    const sigma0 = r.pi ? Math.sqrt(1 / r.pi) : Infinity;
    const sigma = Math.sqrt(sigma0 ** 2 + env.tau ** 2);
    const pi = sigma ** -2;
    return { pi, tau: pi * mu };
  };
  const v0 = prior(r0);
  const v1 = prior(r1);
  // Likelihoods down: performance = rating + noise.
  const a0 = 1 / (1 + variance * v0.pi);
  const a1 = 1 / (1 + variance * v1.pi);
  const p0 = { pi: a0 * v0.pi, tau: a0 * v0.tau };
  const p1 = { pi: a1 * v1.pi, tau: a1 * v1.tau };
  // Team sums down (one player per team).
  const teamDown = (p: Rating) => {
    const mu = 0 + 1 * (p.pi === 0 ? 0 : p.tau / p.pi);
    const pi = 1 / (0 + 1 / p.pi);
    return { pi, tau: pi * mu };
  };
  const t0 = teamDown(p0);
  const t1 = teamDown(p1);
  // The difference and its truncation, until the message settles.
  let diff = { pi: 0, tau: 0 };
  let diffFromD = { pi: 0, tau: 0 };
  let diffFromT = { pi: 0, tau: 0 };
  const muOf = (g: Rating) => g.pi === 0 ? 0 : g.tau / g.pi;
  const set = (val: Rating) => {
    const piDelta = Math.abs(diff.pi - val.pi);
    const delta = piDelta === Infinity
      ? 0
      : Math.max(Math.abs(diff.tau - val.tau), Math.sqrt(piDelta));
    diff = { pi: val.pi, tau: val.tau };
    return delta;
  };
  const draw = rank1 === rank2;
  for (let i = 0; i < 10; i++) {
    {
      const mu = 0 + 1 * muOf(t0) + -1 * muOf(t1);
      const piInv = 0 + 1 / t0.pi + 1 / t1.pi;
      const pi = 1 / piInv;
      const message = { pi, tau: pi * mu };
      const old = diffFromD;
      diffFromD = message;
      set({ pi: diff.pi - old.pi + message.pi, tau: diff.tau - old.tau + message.tau });
    }
    const d = { pi: diff.pi - diffFromT.pi, tau: diff.tau - diffFromT.tau };
    const sqrtPi = Math.sqrt(d.pi);
    const x = d.tau / sqrtPi;
    const m = margin * sqrtPi;
    const [v, w] = draw ? vwDraw(x, m) : vwWin(x, m);
    const denom = 1 - w;
    const value = { pi: d.pi / denom, tau: (d.tau + sqrtPi * v) / denom };
    const old = diffFromT;
    diffFromT = { pi: value.pi + old.pi - diff.pi, tau: value.tau + old.tau - diff.tau };
    if (set(value) <= MIN_DELTA) break;
  }
  // Up to the teams: the sum factor's messages to each side.
  const sumTo = (a: Rating, ca: number, b: Rating, cb: number): Rating => {
    let mu = 0;
    let piInv = 0;
    for (const [g, c] of [[a, ca], [b, cb]] as const) {
      mu += c * muOf(g);
      if (piInv === Infinity) continue;
      if (g.pi === 0) piInv = Infinity;
      else piInv += c ** 2 / g.pi;
    }
    const pi = 1 / piInv;
    return { pi, tau: pi * mu };
  };
  const diffOut = { pi: diff.pi - diffFromD.pi, tau: diff.tau - diffFromD.tau };
  const m0 = sumTo(diffOut, 1, t1, 1);
  const team0 = { pi: t0.pi - 0 + m0.pi, tau: t0.tau - 0 + m0.tau };
  const m1 = sumTo({ pi: team0.pi - m0.pi, tau: team0.tau - m0.tau }, 1, diffOut, -1);
  const team1 = { pi: t1.pi - 0 + m1.pi, tau: t1.tau - 0 + m1.tau };
  // Team sums up to the performances, then the likelihoods up to the ratings.
  const up = (team: Rating, teamFromT: Rating, perf: Rating, v: Rating): Rating => {
    const t = { pi: team.pi - teamFromT.pi, tau: team.tau - teamFromT.tau };
    const mu = 0 + 1 * muOf(t);
    const pi = 1 / (0 + 1 ** 2 / t.pi);
    const msgT = { pi, tau: pi * mu };
    const perfValue = { pi: perf.pi - 0 + msgT.pi, tau: perf.tau - 0 + msgT.tau };
    const msg = { pi: perfValue.pi - perf.pi, tau: perfValue.tau - perf.tau };
    const a = 1 / (1 + variance * msg.pi);
    const rating = { pi: v.pi - 0 + a * msg.pi, tau: v.tau - 0 + a * msg.tau };
    const mu2 = muOf(rating);
    const sigma = rating.pi ? Math.sqrt(1 / rating.pi) : Infinity;
    const pi2 = sigma ** -2;
    return { pi: pi2, tau: pi2 * mu2 };
  };
  const n0 = up(team0, t0, p0, v0);
  const n1 = up(team1, t1, p1, v1);
  r0.pi = n0.pi;
  r0.tau = n0.tau;
  r1.pi = n1.pi;
  r1.tau = n1.tau;
}
