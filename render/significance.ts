/**
 * Significance results as table cells (intervals, p-values with their marker, rank ranges),
 * shared by `score` and the REPL's `ci` and `compare`.
 *
 * @module
 */

import type { MetricSignificance } from "../pipeline/significance.ts";

/** The level of the `*` marker and of the rank ranges. */
export const MARKER_LEVEL = 0.05;

/**
 * Table columns for one metric's significance results: headers, and one row of cells per
 * system (in the order of the results).
 *
 * @example Usage
 * ```ts
 * import { significanceCells } from "./significance.ts";
 * import assert from "node:assert/strict";
 *
 * const { header, rows } = significanceCells({
 *   metric: "m2", headline: "f", test: "bs", samples: 1000, seed: 12345, alpha: 0.05,
 *   signature: "bs:1000|seed:12345",
 *   systems: [
 *     { name: "A", value: 0.35, ci: { mean: 0.3497, lower: 0.33, upper: 0.37, half_width: 0.02 }, rank: [1, 2] },
 *     { name: "B", value: 0.37, ci: { mean: 0.3733, lower: 0.35, upper: 0.39, half_width: 0.02 }, p_value: 0.024, rank: [1, 2] },
 *   ],
 * });
 * assert.deepEqual(header, ["f mean ± 95% CI", "p (bs)", "rank"]);
 * assert.deepEqual(rows[1], ["0.3733 ± 0.0200", "0.0240*", "1-2"]);
 * assert.deepEqual(rows[0][1], "baseline");
 * // The bounds themselves: a bootstrap interval need not be symmetric around its mean.
 * const bounds = significanceCells({
 *   metric: "m2", headline: "f", samples: 1000, seed: 1, alpha: 0.05, signature: "bs:1000|seed:1",
 *   systems: [{ name: "A", value: 0.35, ci: { mean: 0.35, lower: 0.3, upper: 0.36, half_width: 0.03 } }],
 * }, { bounds: true });
 * assert.deepEqual(bounds.header, ["f 95% CI"]);
 * assert.deepEqual(bounds.rows[0], ["[0.3000, 0.3600]"]);
 * ```
 *
 * @param result One metric's results.
 * @param options `bounds`: show each interval as `[lower, upper]` (`gecscore score`) rather
 *   than `mean ± half-width` (the REPL).
 * @returns Header cells and rows.
 */
export function significanceCells(
  result: MetricSignificance,
  options: { bounds?: boolean } = {},
): {
  header: string[];
  rows: string[][];
} {
  const header: string[] = [];
  const hasCi = result.systems.some((s) => s.ci);
  const hasRank = result.systems.some((s) => s.rank);
  if (hasCi) {
    header.push(options.bounds ? `${result.headline} 95% CI` : `${result.headline} mean ± 95% CI`);
  }
  if (result.test) header.push(`p (${result.test})`);
  if (hasRank) header.push("rank");
  // Rank ranges written to one width, aligned on the dash ("1-3", " 2  ", "10-12").
  const ranks = result.systems.map((s) => s.rank).filter((r) => r !== undefined);
  const bestWidth = Math.max(0, ...ranks.map((r) => String(r[0]).length));
  const worstWidth = Math.max(0, ...ranks.map((r) => r[0] === r[1] ? 0 : String(r[1]).length));
  const rankCell = (r: [number, number]) =>
    String(r[0]).padStart(bestWidth) +
    (r[0] === r[1]
      ? " ".repeat(worstWidth ? worstWidth + 1 : 0)
      : `-${String(r[1]).padEnd(worstWidth)}`);
  const starred = result.systems.some((s) => s.p_value !== undefined && s.p_value < result.alpha);
  const rows = result.systems.map((s, k) => {
    const row: string[] = [];
    if (hasCi) {
      row.push(
        !s.ci
          ? "-"
          : options.bounds
          ? `[${fixed(s.ci.lower)}, ${fixed(s.ci.upper)}]`
          : `${fixed(s.ci.mean)} ± ${fixed(s.ci.half_width)}`,
      );
    }
    if (result.test) {
      row.push(
        k === 0 ? "baseline" : s.p_value === undefined
          ? "-"
          // An unstarred value keeps a space where the star goes: the digits stay aligned.
          : `${fixed(s.p_value)}${s.p_value < result.alpha ? "*" : starred ? " " : ""}`,
      );
    }
    if (hasRank) {
      row.push(s.rank ? rankCell(s.rank) : "-");
    }
    return row;
  });
  return { header, rows };
}

function fixed(x: number): string {
  return x.toFixed(4);
}
