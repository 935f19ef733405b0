/**
 * The reference tool's draws of one reference per sentence, by position: iteration `j` seeds
 * Python's generator with `j * 101` and draws `randint(0, k - 1)` (`floor(random() * k)`)
 * for the sentence at each position in turn. The draws depend only on the number of
 * iterations and the corpus length, so every system of a run (and every resample) shares
 * them. A position's draws do not depend on the corpus length either, so the table drawn for
 * the longest corpus so far serves every shorter one (the corpora of a report's length
 * buckets, the resamples of approximate randomization).
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
 * `floor(draw * k)`. The table may be longer than `count` (drawn for a longer corpus).
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
  if (lastDraws?.iterations === iterations && lastDraws.count >= count) return lastDraws.uniforms;
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
   * second of two references at position `p`, for `p` below `count` and possibly beyond (the
   * bits may have been drawn for a longer corpus: a caller gives those positions nothing to
   * add); rows of words are padded to an even number with zeros.
   */
  words: Uint32Array;
  /** `ones[j]`: how many of the first `count` positions iteration `j` sets. */
  ones: Int32Array;
}

/** The bits drawn for the longest corpus so far, and their counts per corpus length. */
let lastWords: { iterations: number; count: number; words: Uint32Array } | undefined;
const onesByCount = new Map<number, Int32Array>();

/**
 * Which of two references each iteration draws at each position: `randint(0, 1)`, that is
 * `random() >= 0.5`, after `seed(j * 101)`, as bits.
 *
 * @example Usage
 * ```ts
 * import { draws, drawWords } from "./draws.ts";
 * import assert from "node:assert/strict";
 *
 * for (const count of [40, 70, 9]) {
 *   const { words, ones } = drawWords(3, count);
 *   const uniforms = draws(3, count);
 *   for (let j = 0; j < 3; j++) {
 *     let set = 0;
 *     for (let p = 0; p < count; p++) {
 *       const bit = (words[(p >> 5) * 3 + j] >>> (p & 31)) & 1;
 *       assert.equal(bit, uniforms[p * 3 + j] >= 0.5 ? 1 : 0);
 *       set += bit;
 *     }
 *     assert.equal(ones[j], set);
 *   }
 * }
 * ```
 *
 * @param iterations Sampling iterations.
 * @param count Positions (sentences).
 * @returns The bits and their counts per iteration.
 */
export function drawWords(iterations: number, count: number): DrawWords {
  if (!lastWords || lastWords.iterations !== iterations || lastWords.count < count) {
    const rows = 2 * Math.ceil(count / 64);
    const words = new Uint32Array(rows * iterations);
    const mt = new MersenneTwister(0);
    const flips = new Uint8Array(count);
    for (let j = 0; j < iterations; j++) {
      mt.seed(j * 101);
      mt.coins(flips, count);
      for (let p = 0; p < count; p++) {
        if (flips[p]) words[(p >> 5) * iterations + j] |= 1 << (p & 31);
      }
    }
    lastWords = { iterations, count, words };
    onesByCount.clear();
  }
  const { words } = lastWords;
  let ones = onesByCount.get(count);
  if (!ones) {
    ones = new Int32Array(iterations);
    for (let j = 0; j < iterations; j++) {
      let set = 0;
      for (let p = 0; p < count; p += 32) {
        let w = words[(p >> 5) * iterations + j];
        if (count - p < 32) w &= (1 << (count - p)) - 1;
        w -= (w >>> 1) & 0x55555555;
        w = (w & 0x33333333) + ((w >>> 2) & 0x33333333);
        set += Math.imul((w + (w >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
      }
      ones[j] = set;
    }
    onesByCount.set(count, ones);
  }
  return { iterations, count, words, ones };
}
