/**
 * Where metrics rank adversarial outputs (Goto, Sakai & Watanabe 2025, "Reliability Crisis of
 * Reference-free Metrics for Grammatical Error Correction": outputs crafted to fool a
 * reference-free metric, published in gotutiyan/attack-gec-metrics) among real systems: for
 * each metric and each adversarial output, its rank when it joins the real systems alone
 * (1 = best, systems + 1 = last). A metric that sees through the attack ranks it last.
 *
 * @module
 */

import type { SystemScores } from "./wmt_scores.ts";

/** One metric's ranks of the adversarial outputs. */
export interface AttackRanks {
  /** The metric (its score set's name). */
  metric: string;
  /** How many real systems it ranks them among. */
  systems: number;
  /**
   * Per adversarial output (in the order given): its rank among the real systems, 1 = best;
   * a real system with the same score ranks ahead of it.
   */
  ranks: { attack: string; rank: number; score: number }[];
}

/**
 * The rank of each adversarial output among the real systems, per metric.
 *
 * @example An attack that fools one metric and not the other
 * ```ts
 * import { attackRanks } from "./attack_ranks.ts";
 * import assert from "node:assert/strict";
 *
 * const set = (name: string, scores: [string, number][]) =>
 *   ({ name, metric: name, lp: "", testset: "", path: "", scores: new Map(scores) });
 * const ranks = attackRanks(
 *   [set("m2", [["A", 50], ["B", 40], ["attack", 10]]),
 *    set("llm", [["A", 3], ["B", 4], ["attack", 5]])],
 *   ["A", "B"],
 *   ["attack"],
 * );
 * assert.deepEqual(ranks.map((r) => [r.metric, r.ranks[0].rank]), [["m2", 3], ["llm", 1]]);
 * ```
 *
 * @param sets System-level metric scores (of the real systems and the adversarial outputs).
 * @param systems The real systems.
 * @param attacks The adversarial outputs.
 * @param lowerIsBetter Whether a metric's lower score is better (by set name).
 * @returns One entry per metric that scored every real system and adversarial output.
 */
export function attackRanks(
  sets: readonly SystemScores[],
  systems: readonly string[],
  attacks: readonly string[],
  lowerIsBetter: (metric: string) => boolean = () => false,
): AttackRanks[] {
  const out: AttackRanks[] = [];
  for (const set of sets) {
    if (![...systems, ...attacks].every((s) => set.scores.has(s))) continue;
    const lower = lowerIsBetter(set.name);
    const better = (a: number, b: number) => lower ? a <= b : a >= b;
    out.push({
      metric: set.name,
      systems: systems.length,
      ranks: attacks.map((attack) => {
        const score = set.scores.get(attack)!;
        const ahead = systems.filter((s) => better(set.scores.get(s)!, score)).length;
        return { attack, rank: ahead + 1, score };
      }),
    });
  }
  return out;
}
