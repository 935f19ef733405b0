/**
 * TrueSkill for one player against one player, computed the way the Python `trueskill`
 * package (sublee/trueskill 0.4.5, its built-in backend) computes it: the normal CDF from
 * its own erfc approximation (Numerical Recipes' Chebyshev fit, relative error < 1.2e-7), the
 * inverse CDF by two Newton steps from an approximate start, and the update as messages on
 * the factor graph (prior, performance, team performance, difference, truncation), in the
 * package's order of operations, so that results agree with it to rounding.
 *
 * @module
 */

/** The package's erfc approximation (not the exact function). */
export function tsErfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + z / 2);
  const r = t * Math.exp(
    -z * z - 1.26551223 + t * (1.00002368 + t * (
              0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (
                          0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (
                                      -0.82215223 + t * 0.17087277
                                    )))
                        )))
            )),
  );
  return x < 0 ? 2 - r : r;
}

/**
 * The standard normal CDF as the package computes it (from {@linkcode tsErfc}).
 *
 * @example The package's values (Python: `trueskill.backends.cdf(0)`, `cdf(1.96)`)
 * ```ts
 * import { tsCdf } from "./trueskill.ts";
 * import assert from "node:assert/strict";
 *
 * // The exact values are 0.5 and 0.9750021048517795.
 * assert.equal(tsCdf(0), 0.5000000150000002);
 * assert.equal(tsCdf(1.96), 0.9750021070359539);
 * ```
 *
 * @param x The value.
 * @returns P(X <= x).
 */
export function tsCdf(x: number): number {
  return 0.5 * tsErfc(-x / Math.SQRT2);
}

/** The standard normal density (the package's `pdf` with mu = 0, sigma = 1). */
export function tsPdf(x: number): number {
  return 1 / Math.sqrt(2 * Math.PI) * Math.exp(-((x ** 2) / 2));
}

function erfcinv(y: number): number {
  if (y >= 2) return -100;
  if (y <= 0) return 100;
  const zeroPoint = y < 1;
  if (!zeroPoint) y = 2 - y;
  const t = Math.sqrt(-2 * Math.log(y / 2));
  let x = -0.70711 * ((2.30753 + t * 0.27061) / (1 + t * (0.99229 + t * 0.04481)) - t);
  for (let i = 0; i < 2; i++) {
    const err = tsErfc(x) - y;
    x += err / (1.12837916709551257 * Math.exp(-(x ** 2)) - x * err);
  }
  return zeroPoint ? x : -x;
}

/** The inverse of {@linkcode tsCdf} as the package computes it. */
export function tsPpf(p: number): number {
  return -Math.SQRT2 * erfcinv(2 * p);
}

/**
 * A rating as the package keeps it: a Gaussian stored by precision `pi` and
 * precision-adjusted mean `tau`; `mu` and `sigma` are derived from them (so a rating made
 * from (mu, sigma) may report a `mu` that differs from the given one in the last bit, as in
 * the package). Make one with {@linkcode trueSkillRating}.
 */
export interface TrueSkillRating {
  /** Precision, 1 / sigma². */
  readonly pi: number;
  /** Precision times mean. */
  readonly tau: number;
  /** The mean skill (tau / pi). */
  readonly mu: number;
  /** The standard deviation of the skill (sqrt(1 / pi)). */
  readonly sigma: number;
}

/** The constants of a TrueSkill environment. */
export interface TrueSkillEnv {
  /** Prior mean of a new rating. */
  mu: number;
  /** Prior standard deviation of a new rating. */
  sigma: number;
  /** Performance noise. */
  beta: number;
  /** Dynamics added to sigma before each game. */
  tau: number;
  /** Probability of a draw between two equal players. */
  drawProbability: number;
}

// A Gaussian in natural parameters: precision pi and precision-adjusted mean tau.
type G = { pi: number; tau: number };
const mul = (a: G, b: G): G => ({ pi: a.pi + b.pi, tau: a.tau + b.tau });
const div = (a: G, b: G): G => ({ pi: a.pi - b.pi, tau: a.tau - b.tau });
const muOf = (g: G) => g.pi === 0 ? 0 : g.tau / g.pi;
const sigmaOf = (g: G) => g.pi ? Math.sqrt(1 / g.pi) : Infinity;
const fromMuSigma = (mu: number, sigma: number): G => {
  const pi = sigma ** -2;
  return { pi, tau: pi * mu };
};

/** A variable node: its value and the last message from each factor. */
class Variable {
  value: G = { pi: 0, tau: 0 };
  messages = new Map<object, G>();
  set(val: G): number {
    const piDelta = Math.abs(this.value.pi - val.pi);
    const delta = piDelta === Infinity
      ? 0
      : Math.max(Math.abs(this.value.tau - val.tau), Math.sqrt(piDelta));
    this.value = { pi: val.pi, tau: val.tau };
    return delta;
  }
  updateMessage(factor: object, message: G): number {
    const old = this.messages.get(factor)!;
    this.messages.set(factor, message);
    return this.set(mul(div(this.value, old), message));
  }
  updateValue(factor: object, value: G): number {
    const old = this.messages.get(factor)!;
    this.messages.set(factor, div(mul(value, old), this.value));
    return this.set(value);
  }
}

function connect(factor: object, ...vars: Variable[]): void {
  for (const v of vars) v.messages.set(factor, { pi: 0, tau: 0 });
}

// SumFactor.update: the message to `target` from the other variables with coefficients.
function sumUpdate(
  factor: object,
  target: Variable,
  vals: Variable[],
  coeffs: number[],
): number {
  let piInv = 0;
  let mu = 0;
  for (let k = 0; k < vals.length; k++) {
    const d = div(vals[k].value, vals[k].messages.get(factor)!);
    mu += coeffs[k] * muOf(d);
    if (piInv === Infinity) continue;
    if (d.pi === 0) piInv = Infinity;
    else piInv += coeffs[k] ** 2 / d.pi;
  }
  const pi = 1 / piInv;
  return target.updateMessage(factor, { pi, tau: pi * mu });
}

function vWin(diff: number, margin: number): number {
  const x = diff - margin;
  const denom = tsCdf(x);
  return denom ? tsPdf(x) / denom : -x;
}

function vDraw(diff: number, margin: number): number {
  const absDiff = Math.abs(diff);
  const a = margin - absDiff;
  const b = -margin - absDiff;
  const denom = tsCdf(a) - tsCdf(b);
  const numer = tsPdf(b) - tsPdf(a);
  return (denom ? numer / denom : a) * (diff < 0 ? -1 : 1);
}

function wWin(diff: number, margin: number): number {
  const x = diff - margin;
  const v = vWin(diff, margin);
  const w = v * (v + x);
  if (0 < w && w < 1) return w;
  throw new RangeError("TrueSkill: floating point error in the win update (w outside (0, 1))");
}

function wDraw(diff: number, margin: number): number {
  const absDiff = Math.abs(diff);
  const a = margin - absDiff;
  const b = -margin - absDiff;
  const denom = tsCdf(a) - tsCdf(b);
  if (!denom) throw new RangeError("TrueSkill: floating point error in the draw update");
  const v = vDraw(absDiff, margin);
  return v ** 2 + (a * tsPdf(a) - b * tsPdf(b)) / denom;
}

/**
 * A rating from a mean and a standard deviation, as the package's `Rating(mu, sigma)`.
 *
 * @example Usage
 * ```ts
 * import { trueSkillRating } from "./trueskill.ts";
 * import assert from "node:assert/strict";
 *
 * const r = trueSkillRating(0, 0.5);
 * assert.deepEqual([r.pi, r.tau, r.mu, r.sigma], [4, 0, 0, 0.5]);
 * ```
 *
 * @param mu The mean.
 * @param sigma The standard deviation (> 0).
 * @returns The rating.
 */
export function trueSkillRating(mu: number, sigma: number): TrueSkillRating {
  if (!(sigma > 0)) throw new RangeError(`A rating needs sigma > 0, got ${sigma}`);
  const g = fromMuSigma(mu, sigma);
  return { pi: g.pi, tau: g.tau, mu: muOf(g), sigma: sigmaOf(g) };
}

/** The package's convergence bound of the message loop. */
export const MIN_DELTA = 0.0001;

/**
 * Rate one game between two players: `rank1 < rank2` means the first won, equal ranks a
 * draw (the package's `rate([(r1,), (r2,)], ranks=[rank1, rank2])`).
 *
 * @example A win moves the winner up and the loser down by the same amount
 * ```ts
 * import { rateOneVsOne, trueSkillRating } from "./trueskill.ts";
 * import assert from "node:assert/strict";
 *
 * const env = { mu: 25, sigma: 25 / 3, beta: 25 / 6, tau: 25 / 300, drawProbability: 0.1 };
 * const [a, b] = rateOneVsOne(trueSkillRating(25, 25 / 3), trueSkillRating(25, 25 / 3), 0, 1, env);
 * // The package gives 29.396 and 20.604 (its documentation's rate_1vs1 example).
 * assert.equal(a.mu.toFixed(3), "29.396");
 * assert.equal(b.mu.toFixed(3), "20.604");
 * ```
 *
 * @param r1 The first player's rating.
 * @param r2 The second player's rating.
 * @param rank1 The first player's rank (lower is better).
 * @param rank2 The second player's rank.
 * @param env The constants.
 * @returns The two new ratings, in input order.
 */
export function rateOneVsOne(
  r1: TrueSkillRating,
  r2: TrueSkillRating,
  rank1: number | string,
  rank2: number | string,
  env: TrueSkillEnv,
): [TrueSkillRating, TrueSkillRating] {
  // The package sorts the teams by rank (stably).
  const swap = rank2 < rank1;
  const ratings = swap ? [r2, r1] : [r1, r2];
  const ratingVars = [new Variable(), new Variable()];
  const perfVars = [new Variable(), new Variable()];
  const teamVars = [new Variable(), new Variable()];
  const diffVar = new Variable();
  // Prior factors (down).
  const priors = ratings.map((rating, k) => {
    const factor = {};
    connect(factor, ratingVars[k]);
    return { factor, rating, k };
  });
  const likelihoods = ratingVars.map((mean, k) => {
    const factor = {};
    connect(factor, mean, perfVars[k]);
    return { factor, mean, value: perfVars[k] };
  });
  const teamSums = teamVars.map((sum, k) => {
    const factor = {};
    connect(factor, sum, perfVars[k]);
    return { factor, sum, term: perfVars[k] };
  });
  const variance = env.beta ** 2;
  const calcA = (g: G) => 1 / (1 + variance * g.pi);
  for (const { factor, rating, k } of priors) {
    const sigma = Math.sqrt(rating.sigma ** 2 + env.tau ** 2);
    ratingVars[k].updateValue(factor, fromMuSigma(rating.mu, sigma));
  }
  for (const { factor, mean, value } of likelihoods) {
    const msg = div(mean.value, mean.messages.get(factor)!);
    const a = calcA(msg);
    value.updateMessage(factor, { pi: a * msg.pi, tau: a * msg.tau });
  }
  for (const { factor, sum, term } of teamSums) sumUpdate(factor, sum, [term], [1]);
  const diffFactor = {};
  connect(diffFactor, diffVar, teamVars[0], teamVars[1]);
  const truncFactor = {};
  connect(truncFactor, diffVar);
  const draw = rank1 === rank2;
  const margin = tsPpf((env.drawProbability + 1) / 2) * Math.sqrt(2) * env.beta;
  for (let i = 0; i < 10; i++) {
    sumUpdate(diffFactor, diffVar, teamVars, [1, -1]);
    const d = div(diffVar.value, diffVar.messages.get(truncFactor)!);
    const sqrtPi = Math.sqrt(d.pi);
    const x = d.tau / sqrtPi;
    const m = margin * sqrtPi;
    const v = draw ? vDraw(x, m) : vWin(x, m);
    const w = draw ? wDraw(x, m) : wWin(x, m);
    const denom = 1 - w;
    const delta = diffVar.updateValue(truncFactor, {
      pi: d.pi / denom,
      tau: (d.tau + sqrtPi * v) / denom,
    });
    if (delta <= MIN_DELTA) break;
  }
  // Up both ends: to the left team (coefficients 1, 1) and to the right (-1... as the package).
  sumUpdate(diffFactor, teamVars[0], [diffVar, teamVars[1]], [1, 1]);
  sumUpdate(diffFactor, teamVars[1], [teamVars[0], diffVar], [1, -1]);
  for (const { factor, sum, term } of teamSums) sumUpdate(factor, term, [sum], [1]);
  for (const { factor, mean, value } of likelihoods) {
    const msg = div(value.value, value.messages.get(factor)!);
    const a = calcA(msg);
    mean.updateMessage(factor, { pi: a * msg.pi, tau: a * msg.tau });
  }
  const out = ratingVars.map((v) => trueSkillRating(muOf(v.value), sigmaOf(v.value)));
  return swap ? [out[1], out[0]] : [out[0], out[1]];
}
