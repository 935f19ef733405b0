/**
 * Pairwise comparisons from Appraise ranking items in the order and form the GEC ranking
 * scripts of Grundkiewicz et al. (2015) produce them (`print_pairs.pl`), the input of their
 * Expected Wins (`EW.py`) and TrueSkill (`TS.py`) runs, which SEEDA reuses.
 *
 * @module
 */

import type { RankingItem } from "./appraise.ts";

/** One comparison as `print_pairs.pl -r` writes it. */
export interface RankedPair {
  /** The system that sorts first (string order). */
  system1: string;
  /** The other system. */
  system2: string;
  /** The 1-based position of system1's rank among the item's distinct ranks. */
  rank1: number;
  /** The same for system2 (equal ranks: a tie). */
  rank2: number;
}

const byCodeUnit = (a: string, b: string) => a < b ? -1 : a > b ? 1 : 0;

/**
 * The comparisons of every ranking item, as the GEC ranking scripts list them: items of the
 * user `admin` are skipped; an item's systems are grouped by rank (ascending); inside a group
 * every pair (in name order) is a tie; across groups every system of the better group meets
 * every system of the worse one, the pair written in name order with the group positions
 * (1-based) as ranks. Duplicates are kept, in file order.
 *
 * @example One item
 * ```ts
 * import { rankedPairs } from "./ranking_pairs.ts";
 * import assert from "node:assert/strict";
 *
 * const pairs = rankedPairs([{ id: "1", srcId: "1", user: "a", line: 1, outputs: [
 *   { rank: 5, systems: ["C"] }, { rank: 2, systems: ["B", "A"] },
 * ] }]);
 * assert.deepEqual(pairs.map((p) => `${p.system1}${p.rank1}${p.system2}${p.rank2}`), [
 *   "A1B1", "A1C2", "B1C2",
 * ]);
 * ```
 *
 * @param items The ranking items.
 * @returns The comparisons.
 */
export function rankedPairs(items: readonly RankingItem[]): RankedPair[] {
  const pairs: RankedPair[] = [];
  for (const item of items) {
    if (item.user === "admin") continue;
    const groups = new Map<number, string[]>();
    for (const output of item.outputs) {
      const group = groups.get(output.rank);
      if (group) group.push(...output.systems);
      else groups.set(output.rank, [...output.systems]);
    }
    const ordered = [...groups.keys()].sort((a, b) => a - b).map((r) => groups.get(r)!);
    for (let i = 0; i < ordered.length; i++) {
      const a1 = [...ordered[i]].sort(byCodeUnit);
      for (let x = 0; x < a1.length; x++) {
        for (let y = x + 1; y < a1.length; y++) {
          pairs.push({ system1: a1[x], system2: a1[y], rank1: i + 1, rank2: i + 1 });
        }
      }
      for (let j = i + 1; j < ordered.length; j++) {
        for (const s1 of a1) {
          for (const s2 of ordered[j]) {
            pairs.push(
              s1 < s2
                ? { system1: s1, system2: s2, rank1: i + 1, rank2: j + 1 }
                : { system1: s2, system2: s1, rank1: j + 1, rank2: i + 1 },
            );
          }
        }
      }
    }
  }
  return pairs;
}
