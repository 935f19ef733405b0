/**
 * The sentence browser's orderings: percentile ranks of sentence scores, and how much metrics
 * disagree on a sentence.
 *
 * @module
 */

/**
 * Percentile rank (0..1, ties share their mean rank) of every value.
 *
 * @example Usage
 * ```ts
 * import { percentileRanks } from "./sentence_ranks.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(percentileRanks([0.2, 0.9, 0.2, 0.5]), [1 / 6, 1, 1 / 6, 2 / 3]);
 * ```
 *
 * @param values The values (NaN ranks lowest).
 * @returns The ranks, in the same order.
 */
export function percentileRanks(values: readonly number[]): number[] {
  const n = values.length;
  const key = (i: number) => Number.isFinite(values[i]) ? values[i] : -Infinity;
  const order = [...values.keys()].sort((a, b) => key(a) - key(b));
  const ranks = new Array<number>(n);
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && key(order[j + 1]) === key(order[i])) j++;
    const rank = n > 1 ? ((i + j) / 2) / (n - 1) : 0;
    for (let k = i; k <= j; k++) ranks[order[k]] = rank;
    i = j + 1;
  }
  return ranks;
}

/**
 * Disagreement of each sentence, both in 0..1. `systems`: the largest spread between systems
 * of the percentile ranks of their sentence scores on one metric (ranks per metric over every
 * sentence of every system, so metrics on different scales compare). `metrics`: the largest
 * share, over pairs of metrics, of system pairs that the two metrics order oppositely on this
 * sentence (with one system: the spread of its percentile ranks between metrics).
 *
 * @example Usage
 * ```ts
 * import { disagreement } from "./sentence_ranks.ts";
 * import assert from "node:assert/strict";
 *
 * const input = {
 *   metrics: [{ id: "a" }, { id: "b" }],
 *   systems: [
 *     { sentenceScores: { a: [0, 1, 0.5], b: [0, 1, 0.2] } },
 *     { sentenceScores: { a: [0, 0, 0.7], b: [0, 0.5, 0.1] } },
 *   ],
 * };
 * const d = disagreement(input);
 * assert.deepEqual(d.metrics, [0, 0, 1]);
 * assert.equal(d.systems[0], 0);
 * assert.ok(d.systems[1] > 0);
 * ```
 *
 * @param input The metrics and the systems' sentence scores.
 * @returns Two numbers per sentence.
 */
export function disagreement(input: {
  metrics: readonly { id: string }[];
  systems: readonly { sentenceScores: Record<string, readonly number[]> }[];
}): { systems: number[]; metrics: number[] } {
  const nSys = input.systems.length;
  const n = nSys ? input.systems[0].sentenceScores[input.metrics[0]?.id]?.length ?? 0 : 0;
  // ranks[m][k * n + i]: percentile rank of system k's sentence i on metric m.
  const ranks = input.metrics.map((m) =>
    percentileRanks(input.systems.flatMap((s) => [...s.sentenceScores[m.id]]))
  );
  const scores = input.metrics.map((m) => input.systems.map((s) => s.sentenceScores[m.id]));
  const systems = new Array<number>(n).fill(0), metrics = new Array<number>(n).fill(0);
  const pairs = nSys * (nSys - 1) / 2;
  for (let i = 0; i < n; i++) {
    if (nSys > 1) {
      for (const r of ranks) {
        let lo = Infinity, hi = -Infinity;
        for (let k = 0; k < nSys; k++) {
          lo = Math.min(lo, r[k * n + i]);
          hi = Math.max(hi, r[k * n + i]);
        }
        systems[i] = Math.max(systems[i], hi - lo);
      }
    }
    for (let a = 0; a < scores.length; a++) {
      for (let b = a + 1; b < scores.length; b++) {
        if (nSys === 1) {
          metrics[i] = Math.max(metrics[i], Math.abs(ranks[a][i] - ranks[b][i]));
          continue;
        }
        let discordant = 0;
        for (let k = 0; k < nSys; k++) {
          for (let l = k + 1; l < nSys; l++) {
            const da = scores[a][k][i] - scores[a][l][i], db = scores[b][k][i] - scores[b][l][i];
            if (da * db < 0) discordant++;
          }
        }
        metrics[i] = Math.max(metrics[i], discordant / pairs);
      }
    }
  }
  return { systems, metrics };
}
