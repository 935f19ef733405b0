/**
 * The resampling fast path of GLEU's 2016 formulation: the score of a resampled corpus equal
 * to `corpus2016` on the resampled statistics (the same draw per position, the same integer
 * totals, the same final arithmetic), for corpora with at most two references per sentence.
 *
 * Iteration `j` adds to the first references' totals, at every position whose draw bit is set,
 * the difference between the second and the first reference's `[length, numerator_1..4]`.
 * Those sums are done for all iterations at once by the "four Russians" trick: per block of
 * 8 positions, a table of the 256 subset sums of the block's differences, then one lookup per
 * block and iteration. The five integer sums are packed into two or three doubles (fields of
 * `fieldBits` bits, offset by `bound` to stay non-negative, packed once per sentence), so
 * every addition is exact; fields are taken apart with multiplications by powers of two
 * (never `%`, which is slow on doubles).
 *
 * @module
 */

import { corpus2016, gleuFromTotals, summarize } from "./corpus.ts";
import { drawWords } from "./draws.ts";
import { packedSumsWasm } from "./packed_sums_wasm.ts";
import {
  available,
  type Gleu2016Stats,
  type GleuOptions,
  type GleuReferenceStats,
  type GleuScore,
  ORDER,
} from "./stats.ts";

/** Reference length and the four numerators. */
const WIDTH = 1 + ORDER;

/** Blocks of 8 positions per pass: two words of draw bits per iteration. */
const PASS = 8;

/** How the differences are packed for resamples of one length. */
interface Packing {
  /** The resample length. */
  m: number;
  /** Bits per field. */
  fieldBits: number;
  /** Fields per double. */
  perWord: number;
  /** Doubles per sentence. */
  words: number;
  /** `2 ** fieldBits`. */
  scale: number;
  /** Per sentence `i`, its offset differences at `i * words`. */
  packed: Float64Array;
  /** The subset sums of one pass: `PASS` tables of 256 entries of `words` doubles. */
  table: Float64Array;
  /** Per iteration `j`, its packed sums at `j * words`. */
  sums: Float64Array;
}

/**
 * The resampler of the 2016 formulation (see the module doc); statistics with no reference
 * or more than two, or corpora too long for the packing, use `corpus2016`.
 *
 * @example Equal to the corpus score of the resampled statistics
 * ```ts
 * import { resampler2016 } from "./resampler.ts";
 * import { corpus2016 } from "./corpus.ts";
 * import assert from "node:assert/strict";
 *
 * const ref = (length: number, m: number) => ({ length, matches: [m, m, 1, 0], penalties: [0, 1, 0, 0] });
 * const stats = [
 *   { variant: "2016" as const, length: 4, references: [ref(4, 3), ref(5, 4)] },
 *   { variant: "2016" as const, length: 6, references: [ref(6, 5), ref(6, 2)] },
 * ];
 * const options = { variant: "2016", iterations: 20, lambda: 1, refs: "plain" };
 * const score = resampler2016(stats, options);
 * assert.deepEqual(score(Int32Array.of(1, 0, 1)), corpus2016([stats[1], stats[0], stats[1]], options));
 * ```
 *
 * @param stats The statistics, one per sentence.
 * @param options Resolved options.
 * @returns The scorer of resamples (rows of indices into `stats`).
 */
export function resampler2016(
  stats: readonly Gleu2016Stats[],
  options: GleuOptions,
): (indices: Int32Array) => GleuScore {
  const n = stats.length;
  const picked: Gleu2016Stats[] = [];
  const slow = (indices: Int32Array) => {
    picked.length = indices.length;
    for (let k = 0; k < indices.length; k++) picked[k] = stats[indices[k]];
    return corpus2016(picked, options);
  };
  if (stats.some((s) => s.references.length > 2 || s.references.length === 0)) return slow;
  // Per sentence: hypothesis length, denominators, first reference, second minus first.
  const length = new Float64Array(n);
  const denominators = new Float64Array(n * ORDER);
  const first = new Float64Array(n * WIDTH);
  const diff = new Float64Array(n * WIDTH);
  const refs = new Int32Array(n);
  let bound = 0;
  const row = (ref: GleuReferenceStats, out: Float64Array) => {
    out[0] = ref.length;
    for (let o = 0; o < ORDER; o++) out[1 + o] = Math.max(ref.matches[o] - ref.penalties[o], 0);
  };
  const a = new Float64Array(WIDTH), b = new Float64Array(WIDTH);
  stats.forEach((s, i) => {
    length[i] = s.length;
    refs[i] = s.references.length;
    for (let o = 0; o < ORDER; o++) denominators[i * ORDER + o] = available(s.length, o);
    row(s.references[0], a);
    row(s.references[s.references.length - 1], b);
    for (let f = 0; f < WIDTH; f++) {
      first[i * WIDTH + f] = a[f];
      diff[i * WIDTH + f] = b[f] - a[f];
      bound = Math.max(bound, Math.abs(b[f] - a[f]));
    }
  });
  const iterations = options.iterations;
  let packing: Packing | null | undefined;
  const values = new Float64Array(iterations);
  const squares = new Float64Array(iterations);
  const fields = new Float64Array(WIDTH);
  const dens = new Float64Array(ORDER);
  const base = new Float64Array(WIDTH);
  // Per sentence, side by side: hypothesis length, denominators, first reference's row.
  const SIDE = 1 + ORDER + WIDTH;
  const sides = new Float64Array(n * SIDE);
  for (let i = 0; i < n; i++) {
    sides[i * SIDE] = length[i];
    sides.set(denominators.subarray(i * ORDER, (i + 1) * ORDER), i * SIDE + 1);
    sides.set(first.subarray(i * WIDTH, (i + 1) * WIDTH), i * SIDE + 1 + ORDER);
  }
  return (indices) => {
    const m = indices.length;
    // Sums of integers: exact in any grouping.
    let c = 0, maxRefs = 0, d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    let b0 = 0, b1 = 0, b2 = 0, b3 = 0, b4 = 0;
    for (let k = 0; k < m; k++) {
      const i = indices[k];
      if (refs[i] > maxRefs) maxRefs = refs[i];
      const at = i * SIDE;
      c += sides[at];
      d0 += sides[at + 1];
      d1 += sides[at + 2];
      d2 += sides[at + 3];
      d3 += sides[at + 4];
      b0 += sides[at + 5];
      b1 += sides[at + 6];
      b2 += sides[at + 7];
      b3 += sides[at + 8];
      b4 += sides[at + 9];
    }
    dens[0] = d0, dens[1] = d1, dens[2] = d2, dens[3] = d3;
    base[0] = b0, base[1] = b1, base[2] = b2, base[3] = b3, base[4] = b4;
    if (maxRefs <= 1) {
      return summarize([gleuFromTotals(c, base[0], base.subarray(1), dens)]);
    }
    if (packing === undefined || (packing !== null && packing.m !== m)) {
      packing = pack(diff, bound, m, iterations);
    }
    if (packing === null) return slow(indices);
    const { words, ones } = drawWords(iterations, m);
    const { perWord, scale } = packing;
    const sums = packedSums(packing, indices, words, iterations);
    const stride = packing.words;
    const inv = 1 / scale;
    const zero = c === 0 || d0 === 0 || d1 === 0 || d2 === 0 || d3 === 0;
    // Two words of three fields and two (the usual packing), taken apart without loops.
    const usual = stride === 2 && perWord === 3;
    for (let j = 0; j < iterations; j++) {
      // The fields of each word, lowest first: x = field + scale * rest (exact).
      let f0, f1, f2, f3, f4;
      if (usual) {
        let x = sums[2 * j], rest = Math.floor(x * inv);
        f0 = x - rest * scale;
        x = rest, rest = Math.floor(x * inv);
        f1 = x - rest * scale;
        x = rest, rest = Math.floor(x * inv);
        f2 = x - rest * scale;
        x = sums[2 * j + 1], rest = Math.floor(x * inv);
        f3 = x - rest * scale;
        x = rest, rest = Math.floor(x * inv);
        f4 = x - rest * scale;
      } else {
        for (let w = 0, f = 0; w < stride; w++) {
          let x = sums[j * stride + w];
          for (let p = 0; p < perWord && f < WIDTH; p++, f++) {
            const rest = Math.floor(x * inv);
            fields[f] = x - rest * scale;
            x = rest;
          }
        }
        f0 = fields[0], f1 = fields[1], f2 = fields[2], f3 = fields[3], f4 = fields[4];
      }
      // gleuFromTotals(c, r, numerators, dens), inlined (the same operations in order).
      const offset = bound * ones[j];
      const r = b0 + f0 - offset;
      const n0 = b1 + f1 - offset, n1 = b2 + f2 - offset;
      const n2 = b3 + f3 - offset, n3 = b4 + f4 - offset;
      if (zero || r === 0 || n0 === 0 || n1 === 0 || n2 === 0 || n3 === 0) {
        values[j] = 0;
        continue;
      }
      let logPrecision = 0;
      logPrecision += Math.log(n0 / d0);
      logPrecision += Math.log(n1 / d1);
      logPrecision += Math.log(n2 / d2);
      logPrecision += Math.log(n3 / d3);
      logPrecision /= ORDER;
      values[j] = Math.exp(Math.min(0, 1 - r / c) + logPrecision);
    }
    return summarize(values, squares);
  };
}

/**
 * The packing of the differences for resamples of `m` positions: a sum of `m` values in
 * `[0, 2 * bound]` must fit a field; null when a field would not fit a double.
 */
function pack(diff: Float64Array, bound: number, m: number, iterations: number): Packing | null {
  const fieldBits = Math.max(1, Math.ceil(Math.log2(m * 2 * bound + 1)));
  const perWord = Math.floor(53 / fieldBits);
  if (perWord < 1) return null;
  const words = Math.ceil(WIDTH / perWord);
  const scale = 2 ** fieldBits;
  const n = diff.length / WIDTH;
  const packed = new Float64Array(n * words);
  for (let i = 0; i < n; i++) {
    for (let f = 0; f < WIDTH; f++) {
      packed[i * words + Math.floor(f / perWord)] += (diff[i * WIDTH + f] + bound) *
        scale ** (f % perWord);
    }
  }
  return {
    m,
    fieldBits,
    perWord,
    words,
    scale,
    packed,
    table: new Float64Array(PASS * 256 * words),
    sums: new Float64Array(iterations * words),
  };
}

/**
 * Per iteration, the packed sums of the differences at the positions whose bit is set, for
 * the resample `indices`: passes of 8 blocks of 8 positions, each building the blocks' tables
 * of subset sums (entry `mask` is entry `mask` without its top bit plus that position's
 * value) and then adding one entry per block and iteration. Entry 0 is never written (0), and
 * bits past the last position are 0.
 */
function packedSums(
  packing: Packing,
  indices: Int32Array,
  bits: Uint32Array,
  iterations: number,
): Float64Array {
  const { packed, table, sums, words } = packing;
  if (words === 2) {
    // The same loop in WebAssembly with 128-bit vectors, where it runs (the same sums).
    const fast = packedSumsWasm(packed, indices, bits, iterations);
    if (fast) return fast;
  }
  const m = indices.length;
  sums.fill(0);
  const blocks = Math.ceil(m / 8);
  const span = 256 * words;
  for (let q0 = 0; q0 < blocks; q0 += PASS) {
    for (let g = 0; g < PASS; g++) {
      const t = g * span;
      for (let p = 0, k = (q0 + g) * 8; p < 8; p++, k++) {
        const size = 1 << p;
        const from = k < m ? indices[k] * words : -1;
        if (words === 2) {
          const v0 = from < 0 ? 0 : packed[from], v1 = from < 0 ? 0 : packed[from + 1];
          for (let x = t, y = t + 2 * size, end = t + 2 * size; x < end; x += 2, y += 2) {
            table[y] = table[x] + v0;
            table[y + 1] = table[x + 1] + v1;
          }
        } else {
          for (let w = 0; w < words; w++) {
            const v = from < 0 ? 0 : packed[from + w];
            for (let x = t + w, y = x + words * size, end = y; x < end; x += words, y += words) {
              table[y] = table[x] + v;
            }
          }
        }
      }
    }
    // Two words of bits per iteration: byte g of the pair is block q0 + g's bits.
    const wa = (q0 >> 2) * iterations, wb = wa + iterations;
    if (words === 2) {
      for (let j = 0; j < iterations; j++) {
        const u = bits[wa + j], v = bits[wb + j];
        const a = (u << 1) & 510, b = 512 + ((u >>> 7) & 510);
        const c = 1024 + ((u >>> 15) & 510), d = 1536 + ((u >>> 23) & 510);
        const e = 2048 + ((v << 1) & 510), f = 2560 + ((v >>> 7) & 510);
        const g = 3072 + ((v >>> 15) & 510), h = 3584 + ((v >>> 23) & 510);
        sums[2 * j] += table[a] + table[b] + table[c] + table[d] +
          table[e] + table[f] + table[g] + table[h];
        sums[2 * j + 1] += table[a + 1] + table[b + 1] + table[c + 1] + table[d + 1] +
          table[e + 1] + table[f + 1] + table[g + 1] + table[h + 1];
      }
    } else {
      for (let j = 0; j < iterations; j++) {
        const u = bits[wa + j], v = bits[wb + j];
        for (let g = 0; g < PASS; g++) {
          const byte = ((g < 4 ? u : v) >>> ((g & 3) * 8)) & 255;
          const t = g * span + byte * words;
          for (let w = 0; w < words; w++) sums[j * words + w] += table[t + w];
        }
      }
    }
  }
  return sums;
}
