/**
 * The Mersenne Twister MT19937 with Python's seeding and `random()`, so that sampling done by
 * Python tools (GLEU's reference picks) can be reproduced draw for draw.
 *
 * @module
 */

const N = 624;
/** The state of `init_genrand(19650218)`, where every seeding starts. */
let INIT_STATE: Uint32Array | undefined;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

/**
 * MT19937 as Python's `random` module runs it: `seed(n)` for a non-negative integer seeds
 * with `init_by_array` over the 32-bit words of `|n|` (least significant first; `[0]` for 0),
 * and `random()` is the 53-bit float `(a * 2^26 + b) / 2^53` from two draws `a = x >>> 5`,
 * `b = y >>> 6`. Python 2 and Python 3 agree on both for integer seeds.
 *
 * @example Python's first draw after `random.seed(101)`
 * ```ts
 * import { MersenneTwister } from "./mt19937.ts";
 * import assert from "node:assert/strict";
 *
 * const mt = new MersenneTwister(101);
 * assert.equal(mt.random(), 0.5811521325045647);
 * // Python 2's randint(0, 1) is 0 + int(random() * 2):
 * assert.equal(mt.randint(0, 1), 0);
 * ```
 */
export class MersenneTwister {
  #mt = new Uint32Array(N);
  #index = N + 1;

  /**
   * A generator seeded like Python's `random.seed(seed)`.
   *
   * @param seed A whole number (its absolute value is used, as Python does).
   */
  constructor(seed: number | bigint = 5489) {
    this.seed(seed);
  }

  /**
   * Re-seed like Python's `random.seed(seed)` with an integer.
   *
   * @example Usage
   * ```ts
   * import { MersenneTwister } from "./mt19937.ts";
   * import assert from "node:assert/strict";
   *
   * const mt = new MersenneTwister(0);
   * const first = mt.random();
   * mt.seed(0);
   * assert.equal(mt.random(), first);
   * ```
   *
   * @param seed A whole number; its absolute value is split into 32-bit words.
   */
  seed(seed: number | bigint): void {
    if (typeof seed === "number" && !Number.isSafeInteger(seed)) {
      throw new RangeError(`Seed must be a safe integer or a bigint, got ${seed}`);
    }
    let n = BigInt(seed);
    if (n < 0n) n = -n;
    const key: number[] = [];
    do {
      key.push(Number(n & 0xffffffffn));
      n >>= 32n;
    } while (n > 0n);
    this.#initByArray(key);
  }

  #initGenrand(s: number): void {
    const mt = this.#mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      // 1812433253 * prev + i, modulo 2^32, without losing bits to floating point.
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.#index = N;
  }

  #initByArray(key: readonly number[]): void {
    // Every seed starts from the same state: made once, copied.
    if (!INIT_STATE) {
      this.#initGenrand(19650218);
      INIT_STATE = this.#mt.slice();
    } else {
      this.#mt.set(INIT_STATE);
    }
    const mt = this.#mt;
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
    this.#index = N;
  }

  #twist(): void {
    const mt = this.#mt;
    let kk = 0;
    let y: number;
    for (; kk < N - M; kk++) {
      y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
      mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
    for (; kk < N - 1; kk++) {
      y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
      mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
    y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
    mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    this.#index = 0;
  }

  /**
   * The next 32-bit output (Python's `getrandbits(32)`).
   *
   * @example Usage
   * ```ts
   * import { MersenneTwister } from "./mt19937.ts";
   * import assert from "node:assert/strict";
   *
   * assert.equal(new MersenneTwister(101).uint32(), 2496029389);
   * ```
   *
   * @returns A whole number in [0, 2^32).
   */
  uint32(): number {
    if (this.#index >= N) this.#twist();
    let y = this.#mt[this.#index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /**
   * Python's `random()`: a float in [0, 1) with 53 random bits, from two 32-bit outputs.
   *
   * @example Usage
   * ```ts
   * import { MersenneTwister } from "./mt19937.ts";
   * import assert from "node:assert/strict";
   *
   * assert.equal(new MersenneTwister(0).random(), 0.8444218515250481);
   * ```
   *
   * @returns The draw.
   */
  random(): number {
    const a = this.uint32() >>> 5;
    const b = this.uint32() >>> 6;
    return (a * 67108864 + b) * (1 / 9007199254740992);
  }

  /**
   * The next `count` draws of `random() >= 0.5`, at once, 1 for true and 0 for false: each
   * takes the two outputs `random()` takes, and is the top bit of the first (the second only
   * moves the generator on).
   *
   * @example Usage
   * ```ts
   * import { MersenneTwister } from "./mt19937.ts";
   * import assert from "node:assert/strict";
   *
   * const a = new MersenneTwister(3), b = new MersenneTwister(3);
   * const flips = new Uint8Array(1500);
   * a.coins(flips, 1500);
   * for (let i = 0; i < 1500; i++) assert.equal(flips[i], b.random() >= 0.5 ? 1 : 0);
   * assert.equal(a.random(), b.random());
   * ```
   *
   * @param out Where the draws go, from index 0.
   * @param count How many.
   */
  coins(out: Uint8Array, count: number): void {
    const mt = this.#mt;
    let index = this.#index;
    for (let p = 0; p < count; p++) {
      if (index >= N) {
        this.#twist();
        index = 0;
      }
      let y = mt[index++];
      y ^= y >>> 11;
      y ^= (y << 7) & 0x9d2c5680;
      y ^= (y << 15) & 0xefc60000;
      // The last tempering step (y ^= y >>> 18) leaves the top bit as it is.
      out[p] = y >>> 31;
      if (index >= N) {
        this.#twist();
        index = 0;
      }
      index++;
    }
    this.#index = index;
  }

  /**
   * Python 2's `randint(a, b)`: `a + int(random() * (b - a + 1))` (one draw; Python 3's
   * `randint` draws differently and is not reproduced).
   *
   * @example Usage
   * ```ts
   * import { MersenneTwister } from "./mt19937.ts";
   * import assert from "node:assert/strict";
   *
   * const mt = new MersenneTwister(303);
   * const bits = Array.from({ length: 8 }, () => mt.randint(0, 1)).join("");
   * assert.equal(bits, "01011010");
   * ```
   *
   * @param a The smallest value.
   * @param b The largest value (at least `a`; the span must stay below 2^53).
   * @returns A whole number in [a, b].
   */
  randint(a: number, b: number): number {
    if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || b < a) {
      throw new RangeError(`randint needs whole numbers a <= b, got ${a} and ${b}`);
    }
    return a + Math.floor(this.random() * (b - a + 1));
  }
}
