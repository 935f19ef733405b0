/**
 * TrueSkill system ranking from pairwise comparisons as the WMT/GEC scripts compute it
 * (`TS.py -n 2 -d 0` of wmt-trueskill, as adapted by Grundkiewicz et al. 2015 and reused by
 * SEEDA): active sampling of one pair at a time, rated with the `trueskill` package's update.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import { randBelow } from "../stats/bootstrap.ts";
import { rateOneVsOne, type TrueSkillRating, trueSkillRating } from "../stats/trueskill.ts";
import { MersenneTwister } from "../util/mt19937.ts";
import type { RankedPair } from "./ranking_pairs.ts";

/** Options of {@linkcode trueSkillRanking}. */
export interface TrueSkillRankingOptions {
  /** Seed of the Python-style generator (`random.seed(seed)`); default 1. */
  seed?: number;
  /**
   * Independent runs to average, as `cluster.py` averages the runs' mu (run k is seeded
   * with seed + k); default 1.
   */
  runs?: number;
}

/** One system's TrueSkill. */
export interface TrueSkillScore {
  /** The mean skill, averaged over the runs. */
  mu: number;
  /** The variance of the skill (sigma²) of the last run, as the script writes it. */
  variance: number;
}

/**
 * One run of the script with a given generator: every system starts at N(0, 0.5²);
 * beta = 0.5 · n / 40 and no dynamics (tau = 0), draw probability 0.25, where n = the
 * number of comparisons + 1 is also the number of games played. Each game: the system with
 * the largest variance (ties: the larger name) meets another one drawn with weight
 * exp(-|mu_a - mu_b|) (one `random()`); one comparison of that pair is drawn uniformly
 * (`random.choice`) and rated.
 */
function oneRun(pairs: readonly RankedPair[], mt: MersenneTwister): Map<string, TrueSkillRating> {
  const systems: string[] = [];
  const seen = new Set<string>();
  const comparisons = new Map<string, RankedPair[]>();
  for (const p of pairs) {
    for (const s of [p.system1, p.system2]) {
      if (!seen.has(s)) {
        seen.add(s);
        systems.push(s);
      }
    }
    const [a, b] = p.system1 < p.system2 ? [p.system1, p.system2] : [p.system2, p.system1];
    const key = `${a}\u0000${b}`;
    const list = comparisons.get(key);
    if (list) list.push(p);
    else comparisons.set(key, [p]);
  }
  const games = Math.trunc(pairs.length + 1);
  const env = { mu: 0, sigma: 0.5, beta: 0.5 * (games / 40), tau: 0, drawProbability: 0.25 };
  const ratings = new Map(systems.map((s) => [s, trueSkillRating(0, 0.5)]));
  const weights = new Float64Array(systems.length);
  for (let game = 0; game < games; game++) {
    let a = systems[0];
    let aVar = -Infinity;
    for (const s of systems) {
      const r = ratings.get(s)!;
      const v = r.sigma * r.sigma;
      if (v > aVar || (v === aVar && s > a)) {
        a = s;
        aVar = v;
      }
    }
    const muA = ratings.get(a)!.mu;
    const others = systems.filter((s) => s !== a);
    let total = 0;
    others.forEach((s, k) => {
      total += 1 / Math.exp(Math.abs(muA - ratings.get(s)!.mu));
      weights[k] = total;
    });
    const u = mt.random();
    let b = others[others.length - 1];
    for (let k = 0; k < others.length; k++) {
      if (u < weights[k] / total) {
        b = others[k];
        break;
      }
    }
    const [s1, s2] = a < b ? [a, b] : [b, a];
    const list = comparisons.get(`${s1}\u0000${s2}`);
    if (!list) {
      throw new InputError(
        `TrueSkill needs comparisons of every pair of systems, but ${s1} and ${s2} were never compared`,
      );
    }
    const obs = list[randBelow(mt, list.length)];
    // The script rates the pair in name order with the ranks as the comparison lists them.
    const [r1, r2] = rateOneVsOne(
      ratings.get(s1)!,
      ratings.get(s2)!,
      String(obs.rank1),
      String(obs.rank2),
      env,
    );
    ratings.set(s1, r1);
    ratings.set(s2, r2);
  }
  return ratings;
}

/**
 * TrueSkill of every system from pairwise comparisons (see {@linkcode rankedPairs} for how
 * the GEC scripts make them from Appraise rankings). Under the same seed one run equals the
 * original `TS.py` run with Python 3 after `random.seed(seed)`, to rounding.
 *
 * @example Three systems
 * ```ts
 * import { trueSkillRanking } from "./trueskill_ranking.ts";
 * import assert from "node:assert/strict";
 *
 * const pair = (system1: string, rank1: number, system2: string, rank2: number) =>
 *   ({ system1, system2, rank1, rank2 });
 * const games = [pair("A", 1, "B", 2), pair("A", 1, "C", 2), pair("B", 1, "C", 2), pair("A", 1, "B", 1)];
 * const pairs = Array.from({ length: 50 }, () => games).flat();
 * const ts = trueSkillRanking(pairs, { seed: 1 });
 * assert.ok(ts.get("A")!.mu > ts.get("B")!.mu && ts.get("B")!.mu > ts.get("C")!.mu);
 * ```
 *
 * @param pairs The comparisons.
 * @param options Seed and number of runs.
 * @returns mu and variance by system, systems sorted by name.
 */
export function trueSkillRanking(
  pairs: readonly RankedPair[],
  options: TrueSkillRankingOptions = {},
): Map<string, TrueSkillScore> {
  const seed = options.seed ?? 1;
  const runs = options.runs ?? 1;
  if (!Number.isInteger(runs) || runs < 1) {
    throw new RangeError(`TrueSkill runs must be a whole number >= 1, got ${runs}`);
  }
  if (!pairs.length) throw new InputError("TrueSkill needs at least one comparison");
  const sums = new Map<string, number>();
  let last = new Map<string, TrueSkillRating>();
  for (let k = 0; k < runs; k++) {
    last = oneRun(pairs, new MersenneTwister(seed + k));
    for (const [s, r] of last) sums.set(s, (sums.get(s) ?? 0) + r.mu);
  }
  const names = [...sums.keys()].sort();
  return new Map(names.map((s) => {
    const r = last.get(s)!;
    return [s, { mu: runs === 1 ? r.mu : sums.get(s)! / runs, variance: r.sigma * r.sigma }];
  }));
}
