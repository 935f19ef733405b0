/**
 * GLEU as shotakoyama/gleu computes it (the `gleu` package MultiGEC-2025 scores with): any
 * maximum n-gram order, word or character n-grams, one reference per sentence drawn per
 * iteration (with compute_gleu's seeding under `-f`) or the best reference per sentence
 * (`-m`), and sentence scores.
 *
 * Where it agrees with compute_gleu (word n-grams, order 4, `-f`, every sentence and reference
 * non-empty) it gives compute_gleu's numbers; it differs in three places, all reproduced here:
 * an order with no hypothesis n-gram has precision 1 (compute_gleu scores 0), sentence scores
 * are not smoothed (a zero precision gives 0), and with one reference it still averages its
 * iterations (`np.mean` of equal values).
 *
 * The per-sentence computation is the reference's "NVerbose" row: per order the matches
 * (hypothesis n-grams in the reference, clipped), the penalties (hypothesis n-grams in the
 * source but not in the reference, clipped), the numerator `match - min(match, penalty)`, the
 * denominator (hypothesis n-grams), `p` (1 when the denominator is 0), the brevity penalty
 * `exp(1 - r/h)` when the reference is not shorter, and `exp(log bp + mean log p)`; logs of
 * orders are averaged as numpy averages them (`numpySum`).
 *
 * @module
 */

import { numpySum } from "../../util/numpy_sum.ts";
import { MersenneTwister } from "../../util/mt19937.ts";
import { draws, MAX_CACHED_DRAWS } from "./draws.ts";

/** What n-grams are made of: whitespace-separated words or characters (code points). */
export type GleuUnit = "word" | "char";

/** How one reference per sentence is chosen for a corpus score. */
export type GleuSelect = "sample" | "max";

/** Python's `str.split()` whitespace. */
const WHITESPACE =
  // deno-lint-ignore no-control-regex
  /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

/**
 * The units of a line: its words as Python's `str.split()` gives them, or its code points.
 *
 * @example Usage
 * ```ts
 * import { gleuUnits } from "./koyama.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(gleuUnits(" a\u00a0b  c ", "word"), ["a", "b", "c"]);
 * assert.deepEqual(gleuUnits("añ😀", "char"), ["a", "ñ", "😀"]);
 * ```
 *
 * @param line The line.
 * @param unit Words or characters.
 * @returns The units.
 */
export function gleuUnits(line: string, unit: GleuUnit): string[] {
  if (unit === "char") return Array.from(line);
  return line.split(WHITESPACE).filter((w) => w !== "");
}

type Counts = Map<string, number>;

/** N-gram counts of units for orders 1..`order` (index 0 = unigrams). */
function counts(units: readonly string[], order: number, unit: GleuUnit): Counts[] {
  const glue = unit === "char" ? "" : " ";
  const out: Counts[] = [];
  for (let n = 1; n <= order; n++) {
    const m: Counts = new Map();
    for (let i = 0; i + n <= units.length; i++) {
      const key = n === 1 ? units[i] : units.slice(i, i + n).join(glue);
      m.set(key, (m.get(key) ?? 0) + 1);
    }
    out.push(m);
  }
  return out;
}

/** A gold sentence prepared for one order and unit: the n-grams of its source and references. */
export interface KoyamaGold {
  /** The maximum n-gram order. */
  order: number;
  /** Words or characters. */
  unit: GleuUnit;
  /** The source's n-gram counts per order. */
  source: Map<string, number>[];
  /** Per reference: its length in units and its n-gram counts per order. */
  references: { length: number; counts: Map<string, number>[] }[];
}

/**
 * Prepare a gold sentence: count the n-grams of its source and references once.
 *
 * @param source The source line.
 * @param references The reference lines (at least one).
 * @param order The maximum n-gram order.
 * @param unit Words or characters.
 * @returns The prepared sentence.
 */
export function koyamaGold(
  source: string,
  references: readonly string[],
  order: number,
  unit: GleuUnit,
): KoyamaGold {
  return {
    order,
    unit,
    source: counts(gleuUnits(source, unit), order, unit),
    references: references.map((r) => {
      const units = gleuUnits(r, unit);
      return { length: units.length, counts: counts(units, order, unit) };
    }),
  };
}

/** What a hypothesis shares with one reference, per order (index 0 = unigrams). */
export interface KoyamaReferenceStats {
  /** The reference's length in units. */
  length: number;
  /** Hypothesis n-grams in the reference (clipped to the reference's counts). */
  matches: number[];
  /**
   * Hypothesis n-grams in the source but not in the reference (clipped to the source's
   * counts), before the reference's `min(match, penalty)`.
   */
  penalties: number[];
}

/** Per-sentence statistics of shotakoyama/gleu's GLEU. */
export interface GleuKoyamaStats {
  /** The formulation. */
  variant: "koyama";
  /** The maximum n-gram order. */
  order: number;
  /** Words or characters. */
  unit: GleuUnit;
  /** The hypothesis length in units. */
  length: number;
  /** One entry per reference, in reference order. */
  references: KoyamaReferenceStats[];
}

/**
 * The statistics of a hypothesis against a prepared gold sentence.
 *
 * @param gold The prepared gold sentence.
 * @param hypothesis The hypothesis line.
 * @returns The statistics.
 */
export function koyamaStats(gold: KoyamaGold, hypothesis: string): GleuKoyamaStats {
  const { order, unit } = gold;
  const units = gleuUnits(hypothesis, unit);
  const hyp = counts(units, order, unit);
  return {
    variant: "koyama",
    order,
    unit,
    length: units.length,
    references: gold.references.map((ref) => {
      const matches: number[] = [];
      const penalties: number[] = [];
      for (let n = 0; n < order; n++) {
        let match = 0;
        let penalty = 0;
        const inRef = ref.counts[n];
        const inSource = gold.source[n];
        for (const [key, h] of hyp[n]) {
          const r = inRef.get(key) ?? 0;
          if (r > 0) match += Math.min(r, h);
          else penalty += Math.min(inSource.get(key) ?? 0, h);
        }
        matches.push(match);
        penalties.push(penalty);
      }
      return { length: ref.length, matches, penalties };
    }),
  };
}

/** One row of the reference's verbose table, unrounded: what `-v` prints. */
export interface KoyamaTable {
  /** Matches per order, as given. */
  matches: number[];
  /** Penalties per order, as given. */
  penalties: number[];
  /** `match - min(match, penalty)` per order. */
  numerators: number[];
  /** Hypothesis n-grams per order. */
  denominators: number[];
  /** Precision per order (1 when the denominator is 0). */
  precisions: number[];
  /** The brevity penalty. */
  bp: number;
  /** The geometric mean of the precisions. */
  precision: number;
  /** `bp * p_n` per order. */
  gleus: number[];
  /** The score: `bp` times the geometric mean of the precisions. */
  gleu: number;
}

/** log of the brevity penalty of reference length `r` and hypothesis length `h`. */
function logBrevity(r: number, h: number): number {
  if (r === 0 && h === 0) return 0;
  if (h === 0) return -Infinity;
  return r < h ? 0 : 1 - r / h;
}

/**
 * The verbose row of counts: precisions, brevity penalty and GLEU, as shotakoyama/gleu's
 * `NVerbose` computes them.
 *
 * @example A sentence with one changed word (reference "a b c", hypothesis "a b d")
 * ```ts
 * import { koyamaTable } from "./koyama.ts";
 * import assert from "node:assert/strict";
 *
 * const t = koyamaTable([2, 1], [0, 0], [3, 2], 3, 3);
 * assert.deepEqual(t.precisions, [2 / 3, 1 / 2]);
 * assert.equal(t.bp, 1);
 * assert.equal(t.gleu, Math.exp((Math.log(2 / 3) + Math.log(1 / 2)) / 2));
 * ```
 *
 * @param matches Matches per order.
 * @param penalties Penalties per order.
 * @param denominators Hypothesis n-grams per order.
 * @param refLength The reference length.
 * @param hypLength The hypothesis length.
 * @returns The row.
 */
export function koyamaTable(
  matches: readonly number[],
  penalties: readonly number[],
  denominators: readonly number[],
  refLength: number,
  hypLength: number,
): KoyamaTable {
  const order = matches.length;
  const numerators = matches.map((m, n) => m - Math.min(m, penalties[n]));
  const precisions = numerators.map((x, n) => denominators[n] === 0 ? 1 : x / denominators[n]);
  const logs = precisions.map(Math.log);
  const logBp = logBrevity(refLength, hypLength);
  const logMean = numpySum(logs) / order;
  return {
    matches: [...matches],
    penalties: [...penalties],
    numerators,
    denominators: [...denominators],
    precisions,
    bp: Math.exp(logBp),
    precision: Math.exp(logMean),
    gleus: logs.map((l) => Math.exp(logBp + l)),
    gleu: Math.exp(logBp + logMean),
  };
}

/** Hypothesis n-grams of each order 1..`order` in a hypothesis of `length` units. */
export function koyamaDenominators(length: number, order: number): number[] {
  return Array.from({ length: order }, (_, n) => Math.max(length - n, 0));
}

/**
 * The verbose row of each reference of a sentence.
 *
 * @param stats The sentence's statistics.
 * @returns One row per reference.
 */
export function koyamaSentenceTables(stats: GleuKoyamaStats): KoyamaTable[] {
  const denominators = koyamaDenominators(stats.length, stats.order);
  return stats.references.map((r) =>
    koyamaTable(r.matches, r.penalties, denominators, r.length, stats.length)
  );
}

/**
 * The reference `-m` chooses: the highest GLEU, ties broken by the highest per-order scores
 * from the highest order down; the first of equals.
 *
 * @param tables The rows of a sentence's references.
 * @returns The index of the chosen reference.
 */
export function bestReference(tables: readonly KoyamaTable[]): number {
  let best = 0;
  for (let k = 1; k < tables.length; k++) {
    if (greater(tables[k], tables[best])) best = k;
  }
  return best;
}

function greater(a: KoyamaTable, b: KoyamaTable): boolean {
  if (a.gleu !== b.gleu) return a.gleu > b.gleu;
  for (let n = a.gleus.length - 1; n >= 0; n--) {
    if (a.gleus[n] !== b.gleus[n]) return a.gleus[n] > b.gleus[n];
  }
  return false;
}

/**
 * A sentence score: the mean of its references' GLEU (`numpy.mean`), or the best one.
 *
 * @param stats The sentence's statistics.
 * @param select `sample` (mean over references) or `max`.
 * @returns The score and the per-reference values.
 */
export function koyamaSentence(
  stats: GleuKoyamaStats,
  select: GleuSelect,
): { gleu: number; values: number[] } {
  const values = koyamaSentenceTables(stats).map((t) => t.gleu);
  const gleu = select === "max" ? Math.max(...values) : numpySum(values) / values.length;
  return { gleu, values };
}

/** Rectified statistics summed over sentences, with the reference chosen per sentence. */
function corpusTable(
  stats: readonly GleuKoyamaStats[],
  choose: (i: number) => number,
  order: number,
): KoyamaTable {
  const matches = new Array<number>(order).fill(0);
  const penalties = new Array<number>(order).fill(0);
  const denominators = new Array<number>(order).fill(0);
  let r = 0;
  let h = 0;
  stats.forEach((s, i) => {
    const ref = s.references[choose(i)];
    r += ref.length;
    h += s.length;
    for (let n = 0; n < order; n++) {
      matches[n] += ref.matches[n];
      penalties[n] += Math.min(ref.matches[n], ref.penalties[n]);
      denominators[n] += Math.max(s.length - n, 0);
    }
  });
  return koyamaTable(matches, penalties, denominators, r, h);
}

/**
 * The corpus score with the best reference of each sentence (`-m`): the verbose row of the
 * summed statistics.
 *
 * @param stats The sentences' statistics.
 * @returns The row (its `gleu` is the score).
 */
export function koyamaCorpusMax(stats: readonly GleuKoyamaStats[]): KoyamaTable {
  const order = checkedOrder(stats);
  const chosen = stats.map((s) => bestReference(koyamaSentenceTables(s)));
  return corpusTable(stats, (i) => chosen[i], order);
}

/**
 * Per sampling iteration, the reference index drawn for each sentence: `python2` draws as
 * compute_gleu and `-f` do (iteration `j` seeds Python's Mersenne Twister with `j * 101`; a
 * sentence with `k` references takes `int(random() * k)`); `random` draws afresh each run, as
 * the reference does without `-f`.
 */
export type GleuSeeding = "python2" | "random";

/**
 * The GLEU of each sampling iteration (the corpus score is their `numpy.mean`).
 *
 * @example Two sentences, one reference each: every iteration gives the same value
 * ```ts
 * import { koyamaGold, koyamaIterations, koyamaStats } from "./koyama.ts";
 * import assert from "node:assert/strict";
 *
 * const stats = [
 *   koyamaStats(koyamaGold("a b c", ["a b d"], 4, "word"), "a b d"),
 *   koyamaStats(koyamaGold("e f", ["e g"], 4, "word"), "e f"),
 * ];
 * const values = koyamaIterations(stats, 3, "python2");
 * assert.equal(values.length, 3);
 * assert.ok(values.every((v) => v === values[0] && v > 0 && v < 1));
 * ```
 *
 * @param stats The sentences' statistics.
 * @param iterations How many iterations.
 * @param seeding How references are drawn.
 * @returns One value per iteration.
 */
export function koyamaIterations(
  stats: readonly GleuKoyamaStats[],
  iterations: number,
  seeding: GleuSeeding,
): number[] {
  const order = checkedOrder(stats);
  const count = stats.length;
  // What does not depend on the draws: hypothesis lengths and n-grams; per sentence and
  // reference, a row of its length, matches and rectified penalties.
  let h = 0;
  const denominators = new Array<number>(order).fill(0);
  const width = 1 + 2 * order;
  const rows = stats.map((s) => {
    h += s.length;
    for (let n = 0; n < order; n++) denominators[n] += Math.max(s.length - n, 0);
    const row = new Float64Array(s.references.length * width);
    s.references.forEach((ref, k) => {
      row[k * width] = ref.length;
      for (let n = 0; n < order; n++) {
        row[k * width + 1 + n] = ref.matches[n];
        row[k * width + 1 + order + n] = Math.min(ref.matches[n], ref.penalties[n]);
      }
    });
    return row;
  });
  const mt = new MersenneTwister(0);
  // compute_gleu's draws, kept between calls (resampling scores many corpora of one size).
  const kept = seeding === "python2" && iterations * count <= MAX_CACHED_DRAWS
    ? draws(iterations, count)
    : undefined;
  const sums = new Float64Array(width);
  const values: number[] = [];
  for (let j = 0; j < iterations; j++) {
    if (seeding === "python2" && !kept) mt.seed(j * 101);
    sums.fill(0);
    for (let i = 0; i < count; i++) {
      const u = kept
        ? kept[i * iterations + j]
        : seeding === "python2"
        ? mt.random()
        : Math.random();
      const row = rows[i];
      const at = Math.floor(u * (row.length / width)) * width;
      for (let f = 0; f < width; f++) sums[f] += row[at + f];
    }
    const matches = Array.from(sums.subarray(1, 1 + order));
    const penalties = Array.from(sums.subarray(1 + order));
    values.push(koyamaTable(matches, penalties, denominators, sums[0], h).gleu);
  }
  return values;
}

/**
 * The corpus score by sampling: the mean of the iterations' values (`numpy.mean`).
 *
 * @param stats The sentences' statistics.
 * @param iterations How many iterations.
 * @param seeding How references are drawn.
 * @returns The score and the iterations' values.
 */
export function koyamaCorpusSample(
  stats: readonly GleuKoyamaStats[],
  iterations: number,
  seeding: GleuSeeding,
): { gleu: number; values: number[] } {
  const values = koyamaIterations(stats, iterations, seeding);
  return { gleu: numpySum(values) / values.length, values };
}

function checkedOrder(stats: readonly GleuKoyamaStats[]): number {
  const order = stats.length ? stats[0].order : 1;
  stats.forEach((s, i) => {
    if (s.variant !== "koyama" || s.order !== order || s.unit !== stats[0].unit) {
      throw new TypeError(
        `GLEU statistics of sentence ${
          i + 1
        } were not computed with the same variant, order and unit`,
      );
    }
    if (s.references.length === 0) {
      throw new TypeError(`GLEU statistics of sentence ${i + 1} have no reference`);
    }
  });
  return order;
}
