/**
 * Plain-text rendering shared by the command line and the REPL: aligned tables, score
 * fields, and metric explanations.
 *
 * @module
 */

import type { AnyMetric, Explanation, Score } from "../plugins/types.ts";
import { headlineValue, numericPaths } from "../plugins/headline.ts";
import { fieldText } from "../report/fields.ts";

export { headlineValue };

/**
 * Lay out rows as an aligned table: the first row is the header, followed by a rule. Cells
 * that look numeric are right-aligned.
 *
 * @example Usage
 * ```ts
 * import { renderTable } from "./render.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(renderTable([["system", "f"], ["CAMB", "0.3733"]]),
 *   "system  f\n------  ------\nCAMB    0.3733");
 * ```
 *
 * @param rows The rows; the first is the header.
 * @returns The table, lines joined with `\n`, no trailing newline.
 */
export function renderTable(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return "";
  const width: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => width[i] = Math.max(width[i] ?? 0, [...cell].length));
  }
  const numeric = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?%?$|^n\/a$|^-$/i;
  const line = (row: readonly string[]) =>
    row.map((cell, i) => {
      const pad = " ".repeat(width[i] - [...cell].length);
      return numeric.test(cell) && row !== rows[0] ? pad + cell : cell + pad;
    }).join("  ").replace(/\s+$/, "");
  const out = [line(rows[0]), width.map((w) => "-".repeat(w)).join("  ")];
  for (const row of rows.slice(1)) out.push(line(row));
  return out.join("\n");
}

/**
 * Format a score field for a table: integers as they are, other numbers to 4 decimals.
 *
 * @example Usage
 * ```ts
 * import { formatValue } from "./render.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(formatValue(12), "12");
 * assert.equal(formatValue(1 / 3), "0.3333");
 * assert.equal(formatValue([0.5, 0.25]), "[0.5000, 0.2500]");
 * assert.equal(formatValue(1, true), "1.0000");
 * ```
 *
 * @param value The value.
 * @param rate Format whole numbers with 4 decimals too (a column of rates).
 * @returns Its text.
 */
export function formatValue(value: unknown, rate = false): string {
  return fieldText(value, rate);
}

/**
 * The fields a table shows for a metric's score: its `columns`, else every number in it.
 *
 * @example Usage
 * ```ts
 * import { scoreColumns } from "./render.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(scoreColumns({ columns: ["f"] }, { f: 1, p: 1 }), ["f"]);
 * assert.deepEqual(scoreColumns({}, { f: 1, p: 1 }), ["f", "p"]);
 * ```
 *
 * @param metric The metric.
 * @param score One of its scores.
 * @returns Dotted paths.
 */
export function scoreColumns(metric: Pick<AnyMetric, "columns">, score: Score): string[] {
  return metric.columns ? [...metric.columns] : numericPaths(score);
}

/**
 * Render a metric explanation as text: the summary, then each block with its title.
 *
 * @example Usage
 * ```ts
 * import { renderExplanation } from "./render.ts";
 * import assert from "node:assert/strict";
 *
 * const text = renderExplanation({
 *   summary: "2 of 3 edits correct",
 *   blocks: [{ title: "Edits", table: [["edit", "gold"], ["at -> on", "yes"]] }],
 * });
 * assert.equal(text, "2 of 3 edits correct\n\nEdits\nedit      gold\n--------  ----\nat -> on  yes");
 * ```
 *
 * @param explanation The explanation.
 * @returns The text, no trailing newline.
 */
export function renderExplanation(explanation: Explanation): string {
  const parts = [explanation.summary];
  for (const block of explanation.blocks) {
    const body = [block.title];
    if (block.table?.length) body.push(renderTable(block.table));
    if (block.lines?.length) body.push(...block.lines);
    parts.push(body.join("\n"));
  }
  return parts.join("\n\n");
}
