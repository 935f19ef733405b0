/**
 * The reference tool's draws of one reference per sentence, by position: iteration `j` seeds
 * Python's generator with `j * 101` and draws `randint(0, k - 1)` (`floor(random() * k)`)
 * for the sentence at each position in turn. The draws depend only on the number of
 * iterations and the corpus length, so every system of a run (and every resample) shares
 * them; the last table of each kind is kept.
 *
 * @module
 */

import { MersenneTwister } from "../../util/mt19937.ts";

/** The largest table of uniform draws kept between calls (32 MB). */
export const MAX_CACHED_DRAWS = 1 << 22;

/** The last table of uniform draws. */
let lastDraws: { iterations: number; count: number; uniforms: Float64Array } | undefined;

/**
 * Python's `random()` draws of the reference tool's sampling, by position: entry
 * `i * iterations + j` is the `i`-th draw after `seed(j * 101)`; `randint(0, k - 1)` is then
 * `floor(draw * k)`.
 *
 * @example Usage
 * ```ts
 * import { draws } from "./draws.ts";
 * import assert from "node:assert/strict";
 *
 * // Python: random.seed(0); random.random()
 * assert.equal(draws(2, 3)[0], 0.8444218515250481);
 * ```
 *
 * @param iterations Sampling iterations.
 * @param count Positions (sentences).
 * @returns `count * iterations` draws.
 */
export function draws(iterations: number, count: number): Float64Array {
  if (lastDraws?.iterations === iterations && lastDraws.count === count) return lastDraws.uniforms;
  const uniforms = new Float64Array(iterations * count);
  const mt = new MersenneTwister(0);
  for (let j = 0; j < iterations; j++) {
    mt.seed(j * 101);
    for (let i = 0, at = j; i < count; i++, at += iterations) uniforms[at] = mt.random();
  }
  lastDraws = { iterations, count, uniforms };
  return uniforms;
}

/** The draw bits of {@linkcode drawWords}. */
export interface DrawWords {
  /** Sampling iterations. */
  iterations: number;
  /** Positions. */
  count: number;
  /**
   * Bit `p % 32` of word `floor(p / 32) * iterations + j` is set when iteration `j` draws the
   * second of two references at position `p`; rows of words are padded to an even number
   * with zeros (bits past `count` are never set).
   */
  words: Uint32Array;
  /** `ones[j]`: how many bits iteration `j` sets. */
  ones: Int32Array;
}

/** The last bits drawn. */
let lastWords: DrawWords | undefined;

/**
 * Which of two references each iteration draws at each position: `randint(0, 1)`, that is
 * `random() >= 0.5`, after `seed(j * 101)`, as bits.
 *
 * @example Usage
 * ```ts
 * import { draws, drawWords } from "./draws.ts";
 * import assert from "node:assert/strict";
 *
 * const { words, ones } = drawWords(3, 40);
 * const uniforms = draws(3, 40);
 * for (let j = 0; j < 3; j++) {
 *   let set = 0;
 *   for (let p = 0; p < 40; p++) {
 *     const bit = (words[(p >> 5) * 3 + j] >>> (p & 31)) & 1;
 *     assert.equal(bit, uniforms[p * 3 + j] >= 0.5 ? 1 : 0);
 *     set += bit;
 *   }
 *   assert.equal(ones[j], set);
 * }
 * ```
 *
 * @param iterations Sampling iterations.
 * @param count Positions (sentences).
 * @returns The bits and their counts per iteration.
 */
export function drawWords(iterations: number, count: number): DrawWords {
  if (lastWords?.iterations === iterations && lastWords.count === count) return lastWords;
  const rows = 2 * Math.ceil(count / 64);
  const words = new Uint32Array(rows * iterations);
  const ones = new Int32Array(iterations);
  const mt = new MersenneTwister(0);
  for (let j = 0; j < iterations; j++) {
    mt.seed(j * 101);
    let set = 0;
    for (let p = 0; p < count; p++) {
      if (mt.random() >= 0.5) {
        words[(p >> 5) * iterations + j] |= 1 << (p & 31);
        set++;
      }
    }
    ones[j] = set;
  }
  return lastWords = { iterations, count, words, ones };
}
