/**
 * The report's per-type breakdowns: each metric's `byType` rows of every system, in one
 * table per metric with the types ordered by size.
 *
 * @module
 */

import type { SystemResult } from "../pipeline/scoring.ts";
import type { TypeBreakdown } from "../plugins/types.ts";
import type { ReportTypeBreakdown } from "./types.ts";

/** The field a per-type chart shows: the breakdown's headline, else F, else recall. */
function chartedField(breakdown: TypeBreakdown): string {
  if (breakdown.headline) return breakdown.headline;
  for (const field of ["f", "recall"]) if (breakdown.columns.includes(field)) return field;
  return breakdown.columns[breakdown.columns.length - 1] ?? "";
}

/**
 * The per-type breakdowns of a scoring run (metrics with `byType`), with the types sorted by
 * how many gold edits the first system was compared with (`tp + fn`), most first. A metric
 * whose breakdown has no typed rows (a gold without types) is left out.
 *
 * @example Usage
 * ```ts
 * import { typeBreakdowns } from "./type_breakdowns.ts";
 * import assert from "node:assert/strict";
 *
 * const byType = (rows: [string, number, number][]) => ({
 *   label: "gold error type",
 *   columns: ["tp", "fn", "recall"],
 *   types: rows.map(([type, tp, fn]) => ({ type, score: { tp, fn, recall: tp / (tp + fn) } })),
 * });
 * const results = [
 *   { name: "A", path: "A", metrics: [{ metric: "m2", options: {}, signature: "", score: {}, stats: [],
 *     byType: byType([["Mec", 1, 1], ["Nn", 2, 4]]) }] },
 *   { name: "B", path: "B", metrics: [{ metric: "m2", options: {}, signature: "", score: {}, stats: [],
 *     byType: byType([["Nn", 0, 6]]) }] },
 * ];
 * const [m2] = typeBreakdowns(results, ["m2"]);
 * assert.deepEqual(m2.types, ["Nn", "Mec"]);
 * assert.equal(m2.value, "recall");
 * assert.equal(m2.scores.B.Mec, undefined);
 * assert.equal(m2.scores.B.Nn.fn, 6);
 * ```
 *
 * @param results The results of `scoreSystems` with `byType`.
 * @param metrics The metric ids, in the order of each result's `metrics`.
 * @returns One breakdown per metric that has one.
 */
export function typeBreakdowns(
  results: readonly SystemResult[],
  metrics: readonly string[],
): ReportTypeBreakdown[] {
  const out: ReportTypeBreakdown[] = [];
  metrics.forEach((metric, k) => {
    const first = results[0]?.metrics[k]?.byType;
    if (!first) return;
    const scores: ReportTypeBreakdown["scores"] = {};
    const all = new Set<string>();
    for (const r of results) {
      const rows = r.metrics[k].byType?.types ?? [];
      scores[r.name] = Object.fromEntries(rows.map((row) => [row.type, { ...row.score }]));
      for (const row of rows) all.add(row.type);
    }
    if (![...all].some((t) => t && t !== "(none)")) return;
    const size = (t: string) => {
      const row = scores[results[0].name][t] as { tp?: unknown; fn?: unknown } | undefined;
      return (typeof row?.tp === "number" ? row.tp : 0) +
        (typeof row?.fn === "number" ? row.fn : 0);
    };
    const order = first.types.map((t) => t.type);
    const position = (t: string) => {
      const at = order.indexOf(t);
      return at < 0 ? order.length : at;
    };
    const breakdown: ReportTypeBreakdown = {
      metric,
      label: first.label,
      columns: [...first.columns],
      value: chartedField(first),
      types: [...all].sort((a, b) => size(b) - size(a) || position(a) - position(b)),
      scores,
    };
    if (first.notes?.length) breakdown.notes = [...first.notes];
    out.push(breakdown);
  });
  return out;
}
