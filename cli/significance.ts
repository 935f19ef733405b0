/**
 * Significance on the command line and in the REPL: the `score` options (`--paired bs|ar`,
 * `--ci`, `--ranks`, `--samples`, `--seed`, `--headline`), and the table cells of the
 * results (`mean ± half-width`, p-value with a `*` below 0.05, rank range).
 *
 * @module
 */

import { UsageError } from "../plugins/errors.ts";
import { MARKER_LEVEL } from "../render/significance.ts";
import type { PairedTest, SignificanceRequest } from "../pipeline/significance.ts";
import { MAX_SAMPLES } from "../pipeline/resample.ts";

/** The options' lines in `score --help`. */
export const SIGNIFICANCE_HELP: string =
  `Significance (from the cached statistics; the first system is the baseline):
  --paired bs|ar           test every system against the first: paired bootstrap
                           (1000 resamples) or approximate randomization (10000 trials);
                           p-values count ties as chance (>=), p < 0.05 is marked *
  --ci                     95% bootstrap interval of every system: mean ± half-width
                           (always shown with --paired bs)
  --ranks                  rank ranges from testing every pair (Holm's correction at 0.05);
                           by default with enough resamples to separate pairs after the
                           correction: 2 x pairs / 0.05, in thousands (4000 for 13 systems)
  --samples N              resamples (bs, --ci, --ranks) or trials (ar), at most 1000000
  --seed S                 the seed of every draw (default 12345)
  --headline METRIC=PATH   the score field tested, repeatable (default: the headline)`;

/** The raw option values `parseCommandArgs` gives for the significance options. */
export interface SignificanceFlags {
  /** `--paired`. */
  paired?: string;
  /** `--ci`. */
  ci?: boolean;
  /** `--ranks`. */
  ranks?: boolean;
  /** `--samples`. */
  samples?: string;
  /** `--seed`. */
  seed?: string;
  /** `--headline`, repeated. */
  headline?: string[];
}

/** The `parseArgs` specification of the significance options. */
export const SIGNIFICANCE_OPTIONS = {
  paired: { type: "string" },
  ci: { type: "boolean", default: false },
  ranks: { type: "boolean", default: false },
  samples: { type: "string" },
  seed: { type: "string" },
  headline: { type: "string", multiple: true },
} as const;

function wholeNumber(flag: string, text: string, min: number, max?: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new UsageError(`${flag} must be a whole number of at least ${min}, got ${text}`);
  }
  if (max !== undefined && value > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got ${text}`);
  }
  return value;
}

/**
 * The significance request of the options given, or undefined when none asks for one.
 *
 * @example Usage
 * ```ts
 * import { significanceRequest } from "./significance.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(significanceRequest({}), undefined);
 * assert.deepEqual(significanceRequest({ paired: "ar", samples: "500", headline: ["m2=precision"] }), {
 *   test: "ar", ci: false, ranks: false, trials: 500, alpha: 0.05, headlines: { m2: "precision" },
 * });
 * assert.throws(() => significanceRequest({ paired: "t" }), /--paired must be bs or ar/);
 * ```
 *
 * @param flags The parsed options.
 * @returns The request, with the tested path per metric.
 */
export function significanceRequest(
  flags: SignificanceFlags,
): (SignificanceRequest & { headlines: Record<string, string> }) | undefined {
  const { paired } = flags;
  if (paired !== undefined && paired !== "bs" && paired !== "ar") {
    throw new UsageError(`--paired must be bs or ar, got "${paired}"`);
  }
  const asked = paired !== undefined || flags.ci || flags.ranks;
  if (!asked) {
    const stray = (["samples", "seed", "headline"] as const).find((k) => flags[k] !== undefined);
    if (stray) throw new UsageError(`--${stray} needs --paired bs|ar, --ci or --ranks`);
    return undefined;
  }
  const headlines: Record<string, string> = {};
  for (const item of flags.headline ?? []) {
    const match = /^([^=\s]+)=([^=\s]+)$/.exec(item);
    if (!match) throw new UsageError(`--headline must be METRIC=PATH, got "${item}"`);
    headlines[match[1]] = match[2];
  }
  const request: SignificanceRequest & { headlines: Record<string, string> } = {
    ci: flags.ci ?? false,
    ranks: flags.ranks ?? false,
    alpha: MARKER_LEVEL,
    headlines,
  };
  if (paired) request.test = paired as PairedTest;
  if (flags.samples !== undefined) {
    const n = wholeNumber("--samples", flags.samples, 1, MAX_SAMPLES);
    if (paired === "ar") request.trials = n;
    else request.samples = n;
  }
  if (flags.seed !== undefined) request.seed = wholeNumber("--seed", flags.seed, 0);
  return sortKeys(request);
}

function sortKeys<T extends object>(value: T): T {
  const order = ["test", "ci", "ranks", "samples", "trials", "seed", "alpha", "headlines"];
  return Object.fromEntries(
    Object.entries(value).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)),
  ) as T;
}
