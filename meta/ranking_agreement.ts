/**
 * Sentence-level agreement of a metric with human rankings, as SEEDA (Kobayashi et al.
 * 2024, `utils/corr_sentence.py`) computes it: pairwise accuracy and Kendall's tau over the
 * pairs of systems that a ranking item ranks differently, with bootstrap confidence
 * intervals over ranking items.
 *
 * Two rules for a metric tie:
 * - `seeda` (the script's rule, the default): the metric says "the system that comes later
 *   in the system order is better", so a tie agrees with the human when the human preferred
 *   the later system and disagrees otherwise. It depends on system names.
 * - `neutral`: a tie counts half agreeing and half disagreeing, which is the mean of the two
 *   tie-breaking directions: accuracy = (C + T/2) / N, tau = (C - D) / N, where C, D and T
 *   count agreeing, disagreeing and metric-tied pairs among the N human non-ties.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import { randBelow } from "../stats/bootstrap.ts";
import { percentileBounds } from "../stats/bootstrap.ts";
import { MersenneTwister } from "../util/mt19937.ts";
import type { RankingItem } from "./appraise.ts";
import type { SentenceScores } from "./wmt_scores.ts";

/** How a metric tie is counted. */
export type TieRule = "seeda" | "neutral";

/** How an item's `src-id` finds the sentence in the metric's sentence scores. */
export type SegmentMapping = "0" | "1" | "judged";

/** Options of {@linkcode rankingAgreement}. */
export interface RankingAgreementOptions {
  /**
   * The systems compared, in the order the tie rule uses (default: every system of the
   * items, in code-unit order, which is SEEDA's alphabetical order).
   */
  systems?: readonly string[];
  /**
   * `"0"`: src-id is the 0-based sentence (the 2015 CoNLL XML); `"1"`: 1-based (SEEDA's
   * XML against full outputs); `"judged"`: the scored outputs hold only the judged sentences
   * in ascending src-id order (SEEDA's `outputs/subset`; src-ids 1-based). Default `"0"`.
   */
  segments?: SegmentMapping;
  /** Bootstrap over ranking items: resamples (default 1000) and seed (default 1); false: none. */
  bootstrap?: { resamples?: number; seed?: number } | false;
}

/** A figure with its bootstrap percentile interval. */
export interface Figure {
  /** The value on all items. */
  value: number;
  /** The 2.5th percentile of the resamples. */
  lower?: number;
  /** The 97.5th percentile. */
  upper?: number;
}

/** One metric's agreement. */
export interface RankingAgreement {
  /** The metric. */
  metric: string;
  /** Human non-tie pairs counted. */
  pairs: number;
  /** Pairs where the metric agrees (metric ties not included). */
  agree: number;
  /** Pairs where the metric disagrees (metric ties not included). */
  disagree: number;
  /** Metric ties where the human preferred the earlier system. */
  tiesFirst: number;
  /** Metric ties where the human preferred the later system. */
  tiesLater: number;
  /** Accuracy and tau by tie rule. */
  rules: Record<TieRule, { accuracy: Figure; kendall: Figure }>;
  /** The same counts for each pair of systems that humans ranked differently. */
  byPair: PairCounts[];
}

/** Counts for one pair of systems (system1 before system2 in the system order). */
export interface PairCounts {
  /** The earlier system. */
  system1: string;
  /** The later system. */
  system2: string;
  /** Metric agrees. */
  agree: number;
  /** Metric disagrees. */
  disagree: number;
  /** Metric tie, human preferred system1. */
  tiesFirst: number;
  /** Metric tie, human preferred system2. */
  tiesLater: number;
}

/** The outcome of {@linkcode rankingAgreement}. */
export interface RankingAgreementResult {
  /** The systems compared, in order. */
  systems: string[];
  /** Ranking items used (those with at least one pair). */
  items: number;
  /** Human non-tie pairs. */
  pairs: number;
  /** The bootstrap settings, or null. */
  bootstrap: { resamples: number; seed: number } | null;
  /** One entry per metric. */
  metrics: RankingAgreement[];
}

/**
 * The human non-tie pairs of each item: `[i, j, sign]` with i < j indices into `systems`
 * and sign +1 when system i was ranked better. Pairs are taken between rank groups (a
 * multi-system output counts for each of its systems); a later write of the same pair in
 * one item replaces an earlier one, as the script's matrix does.
 */
function itemPairs(item: RankingItem, index: Map<string, number>): number[] {
  const groups = new Map<number, number[]>();
  for (const output of item.outputs) {
    for (const system of output.systems) {
      const i = index.get(system);
      if (i === undefined) continue;
      const group = groups.get(output.rank);
      if (group) group.push(i);
      else groups.set(output.rank, [i]);
    }
  }
  const ranks = [...groups.keys()].sort((a, b) => a - b);
  const cells = new Map<number, number>();
  const n = index.size;
  for (let a = 0; a < ranks.length; a++) {
    for (let b = a + 1; b < ranks.length; b++) {
      for (const t1 of groups.get(ranks[a])!) {
        for (const t2 of groups.get(ranks[b])!) {
          if (t1 === t2) continue;
          // t1 is better (lower rank).
          if (t1 < t2) cells.set(t1 * n + t2, 1);
          else cells.set(t2 * n + t1, -1);
        }
      }
    }
  }
  const out: number[] = [];
  for (const [key, sign] of cells) out.push(Math.floor(key / n), key % n, sign);
  return out;
}

const figures = (c: number, d: number, tf: number, tl: number) => {
  const n = c + d + tf + tl;
  const seedaC = c + tl;
  const seedaD = d + tf;
  return {
    seeda: { accuracy: seedaC / n, kendall: (seedaC - seedaD) / n },
    neutral: { accuracy: (c + (tf + tl) / 2) / n, kendall: (c - d) / n },
  };
};

/**
 * Pairwise accuracy and Kendall's tau of each metric against ranking items, under both tie
 * rules, with bootstrap percentile intervals from resampling the ranking items.
 *
 * @example One item, hand-computed
 * ```ts
 * import { rankingAgreement } from "./ranking_agreement.ts";
 * import assert from "node:assert/strict";
 *
 * const item = { id: "1", srcId: "1", user: "a", line: 1, outputs: [
 *   { rank: 1, systems: ["A"] }, { rank: 2, systems: ["B", "C"] },
 * ] };
 * const metric = { name: "m", lp: "", testset: "", path: "m", scores: new Map([
 *   ["A", new Map([["0", 0.5]])], ["B", new Map([["0", 0.9]])], ["C", new Map([["0", 0.5]])],
 * ]) };
 * const [r] = rankingAgreement([item], [metric], { segments: "1", bootstrap: false }).metrics;
 * // Pairs A>B (metric disagrees), A>C (metric tie: SEEDA counts it for C, the later system).
 * assert.deepEqual([r.agree, r.disagree, r.tiesFirst], [0, 1, 1]);
 * assert.equal(r.rules.seeda.accuracy.value, 0);
 * assert.equal(r.rules.neutral.accuracy.value, 0.25);
 * assert.equal(r.rules.neutral.kendall.value, -0.5);
 * ```
 *
 * @param items The ranking items.
 * @param metrics Sentence scores by system and sentence key (`"0"`, `"1"`, ...).
 * @param options Systems, src-id mapping and bootstrap.
 * @returns The figures.
 */
export function rankingAgreement(
  items: readonly RankingItem[],
  metrics: readonly SentenceScores[],
  options: RankingAgreementOptions = {},
): RankingAgreementResult {
  if (!metrics.length) throw new InputError("No sentence-level metric scores given");
  const systems = options.systems
    ? [...options.systems]
    : [...new Set(items.flatMap((it) => it.outputs.flatMap((o) => o.systems)))].sort((a, b) =>
      a < b ? -1 : a > b ? 1 : 0
    );
  const index = new Map(systems.map((s, i) => [s, i]));
  const mapping = options.segments ?? "0";
  let segmentOf: (srcId: string) => string;
  if (mapping === "judged") {
    const ids = [...new Set(items.map((it) => Number(it.srcId)))].sort((a, b) => a - b);
    const position = new Map(ids.map((id, k) => [id, String(k)]));
    segmentOf = (srcId) => position.get(Number(srcId))!;
  } else {
    const base = mapping === "1" ? 1 : 0;
    segmentOf = (srcId) => String(Number(srcId) - base);
  }
  const perItem = items.map((item) => ({ item, pairs: itemPairs(item, index) }))
    .filter((x) => x.pairs.length);
  if (!perItem.length) throw new InputError("No ranking item ranks two of the systems differently");
  // counts[metric][item * 4 + k]: agree, disagree, tie (human: first better), tie (later).
  const counts = metrics.map((metric) => {
    const missing = systems.filter((s) => !metric.scores.has(s));
    if (missing.length) {
      throw new InputError(
        `Systems ranked by humans but without ${metric.name} sentence scores in ${metric.path}: ${
          missing.join(", ")
        }`,
      );
    }
    const table = new Float64Array(perItem.length * 4);
    const n = systems.length;
    const byPair = new Float64Array(n * n * 4);
    perItem.forEach(({ item, pairs }, k) => {
      const segment = segmentOf(item.srcId);
      const score = (i: number) => {
        const value = metric.scores.get(systems[i])!.get(segment);
        if (value === undefined) {
          throw new InputError(
            `No ${metric.name} score of ${
              systems[i]
            } for the sentence of src-id ${item.srcId} (key ${segment})`,
          );
        }
        return value;
      };
      for (let p = 0; p < pairs.length; p += 3) {
        const a = score(pairs[p]);
        const b = score(pairs[p + 1]);
        const sign = pairs[p + 2];
        const cell = a === b ? (sign > 0 ? 2 : 3) : (a > b) === (sign > 0) ? 0 : 1;
        table[k * 4 + cell]++;
        byPair[(pairs[p] * n + pairs[p + 1]) * 4 + cell]++;
      }
    });
    const pairList: PairCounts[] = [];
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const at = (i * n + j) * 4;
        if (byPair[at] + byPair[at + 1] + byPair[at + 2] + byPair[at + 3] === 0) continue;
        pairList.push({
          system1: systems[i],
          system2: systems[j],
          agree: byPair[at],
          disagree: byPair[at + 1],
          tiesFirst: byPair[at + 2],
          tiesLater: byPair[at + 3],
        });
      }
    }
    return { table, pairList };
  });
  const sum = (table: Float64Array, pick?: Uint32Array) => {
    const s = [0, 0, 0, 0];
    const n = pick ? pick.length : table.length / 4;
    for (let q = 0; q < n; q++) {
      const k = pick ? pick[q] : q;
      for (let c = 0; c < 4; c++) s[c] += table[k * 4 + c];
    }
    return s as [number, number, number, number];
  };
  const boot = options.bootstrap === false
    ? null
    : { resamples: options.bootstrap?.resamples ?? 1000, seed: options.bootstrap?.seed ?? 1 };
  const samples: number[][][] = metrics.map(() => [[], [], [], []]);
  if (boot) {
    const mt = new MersenneTwister(boot.seed);
    const pick = new Uint32Array(perItem.length);
    for (let b = 0; b < boot.resamples; b++) {
      for (let q = 0; q < pick.length; q++) pick[q] = randBelow(mt, pick.length);
      counts.forEach(({ table }, m) => {
        const f = figures(...sum(table, pick));
        samples[m][0].push(f.seeda.accuracy);
        samples[m][1].push(f.seeda.kendall);
        samples[m][2].push(f.neutral.accuracy);
        samples[m][3].push(f.neutral.kendall);
      });
    }
  }
  const figure = (value: number, values: number[]): Figure =>
    boot ? { value, ...percentileBounds(values) } : { value };
  const results = metrics.map((metric, m) => {
    const [c, d, tf, tl] = sum(counts[m].table);
    const f = figures(c, d, tf, tl);
    return {
      metric: metric.name,
      pairs: c + d + tf + tl,
      agree: c,
      disagree: d,
      tiesFirst: tf,
      tiesLater: tl,
      rules: {
        seeda: {
          accuracy: figure(f.seeda.accuracy, samples[m][0]),
          kendall: figure(f.seeda.kendall, samples[m][1]),
        },
        neutral: {
          accuracy: figure(f.neutral.accuracy, samples[m][2]),
          kendall: figure(f.neutral.kendall, samples[m][3]),
        },
      },
      byPair: counts[m].pairList,
    };
  });
  return {
    systems,
    items: perItem.length,
    pairs: results[0].pairs,
    bootstrap: boot,
    metrics: results,
  };
}
