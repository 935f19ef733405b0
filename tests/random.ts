/**
 * A small deterministic generator for random test cases (xorshift32): `rand(n)` gives an
 * integer below `n`. The same seed gives the same cases on every run.
 *
 * @module
 */

/**
 * A generator of integers below `n`, from `seed` (0 counts as 1).
 *
 * @param seed The seed.
 * @returns `rand(n)`.
 */
export function xorshift(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}
