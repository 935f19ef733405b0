/**
 * Bootstrap resampling that replays Python's `random.choice` draw for draw, and percentile
 * bounds as the gecmetrics scripts take them.
 *
 * @module
 */

import { MersenneTwister } from "../util/mt19937.ts";

/**
 * Python 3's `Random._randbelow(n)` for n below 2^32: k = bit length of n, draw
 * `getrandbits(k)` (the top k bits of one 32-bit output) until it is below n. This is what
 * `random.choice(seq)` uses to pick an index.
 *
 * @example After `random.seed(1)`, `random.choice(range(20516))` gives 4402 first
 * ```ts
 * import { randBelow } from "./bootstrap.ts";
 * import { MersenneTwister } from "../util/mt19937.ts";
 * import assert from "node:assert/strict";
 *
 * const mt = new MersenneTwister(1);
 * assert.deepEqual([randBelow(mt, 20516), randBelow(mt, 20516)], [4402, 18651]);
 * ```
 *
 * @param mt The generator.
 * @param n The bound, 1 <= n < 2^32.
 * @returns A whole number in [0, n).
 */
export function randBelow(mt: MersenneTwister, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n >= 2 ** 32) {
    throw new RangeError(`randBelow needs a whole number in [1, 2^32), got ${n}`);
  }
  const k = Math.floor(Math.log2(n)) + 1;
  const shift = 32 - k;
  let r = mt.uint32() >>> shift;
  while (r >= n) r = mt.uint32() >>> shift;
  return r;
}

/** How to resample. */
export interface BootstrapOptions {
  /** Number of resamples (default 1000). */
  resamples?: number;
  /** Seed of Python's `random.seed` (default 1). */
  seed?: number;
}

/**
 * Draw bootstrap resamples of n items: each resample is n indices drawn with replacement, as
 * `[random.choice(items) for _ in items]` after `random.seed(seed)` in Python 3. The same
 * `Uint32Array` is reused for every resample; `visit` must not keep it.
 *
 * @example Two resamples of 3 items
 * ```ts
 * import { bootstrapResamples } from "./bootstrap.ts";
 * import assert from "node:assert/strict";
 *
 * const seen: number[][] = [];
 * bootstrapResamples(3, (indices) => seen.push([...indices]), { resamples: 2, seed: 1 });
 * assert.equal(seen.length, 2);
 * assert.ok(seen.flat().every((i) => i >= 0 && i < 3));
 * ```
 *
 * @param n Number of items.
 * @param visit Called with the indices of each resample, in order.
 * @param options Resample count and seed.
 */
export function bootstrapResamples(
  n: number,
  visit: (indices: Uint32Array, resample: number) => void,
  options: BootstrapOptions = {},
): void {
  const resamples = options.resamples ?? 1000;
  const seed = options.seed ?? 1;
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new RangeError(
      `The number of resamples must be a positive whole number, got ${resamples}`,
    );
  }
  if (n < 1) throw new RangeError(`Cannot resample ${n} items`);
  const mt = new MersenneTwister(seed);
  const indices = new Uint32Array(n);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) indices[i] = randBelow(mt, n);
    visit(indices, b);
  }
}

/** Percentile bounds of a bootstrap distribution. */
export interface PercentileBounds {
  /** The value at the lower quantile. */
  lower: number;
  /** The value at the upper quantile. */
  upper: number;
}

/**
 * Percentile bounds as gecmetrics takes them: sort the B values ascending, then
 * `lower = values[floor(B * lowerQuantile)]` and `upper = values[floor(B * upperQuantile)]`
 * (0-based; for B = 1000 and 95% that is values[25] and values[975], so 25 values lie below
 * and 24 above).
 *
 * @example Usage
 * ```ts
 * import { percentileBounds } from "./bootstrap.ts";
 * import assert from "node:assert/strict";
 *
 * const values = Array.from({ length: 1000 }, (_, i) => 999 - i);
 * assert.deepEqual(percentileBounds(values), { lower: 25, upper: 975 });
 * ```
 *
 * @param values The bootstrap statistics (not modified).
 * @param lowerQuantile Default 0.025.
 * @param upperQuantile Default 0.975.
 * @returns The bounds.
 */
export function percentileBounds(
  values: readonly number[],
  lowerQuantile = 0.025,
  upperQuantile = 0.975,
): PercentileBounds {
  if (!values.length) throw new RangeError("No bootstrap values to take percentiles of");
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
  return { lower: at(lowerQuantile), upper: at(upperQuantile) };
}
