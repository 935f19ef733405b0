/**
 * Expected Wins (Bojar et al. 2013), the system ranking of WMT13 and of Grundkiewicz et al.
 * (2015), from pairwise judgments.
 *
 * @module
 */

import type { PairwiseJudgment } from "./judgments.ts";

/**
 * Expected Wins of every system: the mean, over all other systems, of the share of non-tied
 * comparisons the system won against that one,
 * `EW(i) = 1/(|S| - 1) * sum_{j != i, wins(i,j) + wins(j,i) > 0} wins(i,j) / (wins(i,j) + wins(j,i))`.
 * Ties are ignored; an opponent never compared without a tie adds 0 but still counts in
 * |S| - 1. This is `infer_EW.py` of wmt-trueskill run on all judgments (its `-n` mode), with
 * S = every system that occurs in a judgment.
 *
 * @example Hand-computed
 * ```ts
 * import { expectedWins } from "./expected_wins.ts";
 * import assert from "node:assert/strict";
 *
 * const pair = (system1: string, rank1: number, system2: string, rank2: number) =>
 *   ({ segment: "0", judge: "j", rankingId: "1", system1, rank1, system2, rank2 });
 * // A beats B twice and loses once; A ties C; B beats C.
 * const ew = expectedWins([pair("A", 1, "B", 2), pair("A", 1, "B", 2), pair("A", 2, "B", 1),
 *   pair("A", 1, "C", 1), pair("B", 1, "C", 3)]);
 * assert.deepEqual([...ew], [["A", (2 / 3) / 2], ["B", (1 / 3 + 1) / 2], ["C", 0]]);
 * ```
 *
 * @param pairs The comparisons.
 * @returns Expected Wins by system, systems sorted by name.
 */
export function expectedWins(pairs: readonly PairwiseJudgment[]): Map<string, number> {
  const wins = new Map<string, number>();
  const systems = new Set<string>();
  const key = (a: string, b: string) => `${a}\u0000${b}`;
  for (const p of pairs) {
    systems.add(p.system1).add(p.system2);
    if (p.rank1 === p.rank2) continue;
    const [winner, loser] = p.rank1 < p.rank2 ? [p.system1, p.system2] : [p.system2, p.system1];
    wins.set(key(winner, loser), (wins.get(key(winner, loser)) ?? 0) + 1);
  }
  const names = [...systems].sort();
  const result = new Map<string, number>();
  for (const i of names) {
    let total = 0;
    for (const j of names) {
      if (i === j) continue;
      const won = wins.get(key(i, j)) ?? 0;
      const lost = wins.get(key(j, i)) ?? 0;
      if (won + lost > 0) total += won / (won + lost);
    }
    result.set(i, names.length > 1 ? total / (names.length - 1) : NaN);
  }
  return result;
}
