/**
 * Plain-text rendering shared by the command line and the REPL: aligned tables, score
 * fields, and metric explanations.
 *
 * @module
 */

import type { AnyMetric, Explanation, Score } from "../plugins/types.ts";
import { headlineValue, numericPaths } from "../plugins/headline.ts";
import { fieldText } from "./fields.ts";
import { importNpm } from "../util/npm.ts";

export { headlineValue };

const NUMERIC = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?%?$|^n\/a$|^-$|^\[.*\]$/i;

/**
 * Text whose every character takes one column without the width tables: printable ASCII, Latin,
 * Greek and Cyrillic letters (no combining marks), and general punctuation with `±`, `−` and `†`
 * (no emoji presentation). Most tables hold only these, so string-width is loaded only for others
 * (`tests/display_width_test.ts` checks every character here against string-width).
 */
export const PLAIN =
  /^[\x20-\x7e\u00a0-\u00a8\u00aa-\u00ac\u00af-\u02ff\u0370-\u0482\u048a-\u052f\u2010-\u2027\u2030-\u203b\u203d-\u2048\u204a-\u205e\u2212]*$/;

/** string-width, once {@linkcode loadDisplayWidth} has loaded it. */
let wideWidth: ((text: string) => number) | undefined;

/**
 * Thrown by {@linkcode displayWidth} for text beyond printable ASCII before
 * {@linkcode loadDisplayWidth} has run. {@linkcode renderWithWidths} catches it.
 */
export class DisplayWidthNotLoaded extends Error {
  constructor(text: string) {
    super(`displayWidth() needs loadDisplayWidth() first for the text ${JSON.stringify(text)}`);
    this.name = "DisplayWidthNotLoaded";
  }
}

/**
 * Load the width rules for text beyond printable ASCII (string-width, with its emoji and
 * East Asian width tables). Printable ASCII needs nothing: most runs print only that, and
 * loading the rules takes longer than the rest of a short run's start-up.
 *
 * @example Usage
 * ```ts
 * import { displayWidth, loadDisplayWidth } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * await loadDisplayWidth();
 * assert.equal(displayWidth("日本語"), 6);
 * ```
 */
export async function loadDisplayWidth(): Promise<void> {
  wideWidth ??= (await importNpm<{ default: (text: string) => number }>("npm:string-width@7.2.0"))
    .default;
}

/**
 * The width of a text in terminal columns: East Asian wide and full-width characters count 2,
 * combining marks and other zero-width characters 0, ANSI colour codes 0. Text beyond
 * printable ASCII needs {@linkcode loadDisplayWidth} first (else
 * {@linkcode DisplayWidthNotLoaded}).
 *
 * @example Usage
 * ```ts
 * import { displayWidth, loadDisplayWidth } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(displayWidth("abc"), 3);
 * await loadDisplayWidth();
 * assert.equal(displayWidth("日本語"), 6);
 * assert.equal(displayWidth("e\u0301"), 1);
 * assert.equal(displayWidth("\x1b[1mbold\x1b[0m"), 4);
 * ```
 *
 * @param text The text (one line).
 * @returns Its width in columns.
 */
export function displayWidth(text: string): number {
  if (PLAIN.test(text)) return [...text].length;
  if (!wideWidth) throw new DisplayWidthNotLoaded(text);
  return wideWidth(text);
}

/**
 * Run a rendering that measures text with {@linkcode displayWidth}, loading the width rules
 * first when it meets text beyond printable ASCII (then it runs again: rendering must have no
 * side effects).
 *
 * @example Usage
 * ```ts
 * import { renderTable, renderWithWidths } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * const table = await renderWithWidths(() => renderTable([["s", "t"], ["日本", "x"]]));
 * assert.equal(table, "s     t\n----  -\n日本  x");
 * ```
 *
 * @param render The rendering.
 * @returns What it returned.
 */
export async function renderWithWidths<T>(render: () => T): Promise<T> {
  try {
    return render();
  } catch (error) {
    if (!(error instanceof DisplayWidthNotLoaded)) throw error;
    await loadDisplayWidth();
    return render();
  }
}

/**
 * Lay out rows as an aligned table: the first row is the header, followed by a rule. Cells
 * that look numeric are right-aligned. Widths are display widths ({@linkcode displayWidth}),
 * so columns stay aligned around CJK text and combining marks (load them first for text beyond
 * printable ASCII: {@linkcode renderWithWidths}).
 *
 * @example Usage
 * ```ts
 * import { loadDisplayWidth, renderTable } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(renderTable([["system", "f"], ["CAMB", "0.3733"]]),
 *   "system  f\n------  ------\nCAMB    0.3733");
 * await loadDisplayWidth();
 * assert.equal(renderTable([["s", "t"], ["日本", "x"], ["ab", "y"]]),
 *   "s     t\n----  -\n日本  x\nab    y");
 * ```
 *
 * @param rows The rows; the first is the header.
 * @returns The table, lines joined with `\n`, no trailing newline.
 */
export function renderTable(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return "";
  const width: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => width[i] = Math.max(width[i] ?? 0, displayWidth(cell)));
  }
  const line = (row: readonly string[]) =>
    row.map((cell, i) => {
      const pad = " ".repeat(width[i] - displayWidth(cell));
      return NUMERIC.test(cell) && row !== rows[0] ? pad + cell : cell + pad;
    }).join("  ").replace(/\s+$/, "");
  const out = [line(rows[0]), width.map((w) => "-".repeat(w)).join("  ")];
  for (const row of rows.slice(1)) out.push(line(row));
  return out.join("\n");
}

/**
 * Lay out rows as a Markdown (GitHub) table: the first row is the header; numeric columns are
 * right-aligned; `|` in cells is escaped.
 *
 * @example Usage
 * ```ts
 * import { renderMarkdown } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(renderMarkdown([["system", "f"], ["CAMB", "0.3733"]]),
 *   "| system | f |\n| :-- | --: |\n| CAMB | 0.3733 |");
 * ```
 *
 * @param rows The rows; the first is the header.
 * @returns The table, no trailing newline.
 */
export function renderMarkdown(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return "";
  const cell = (c: string) => c.replace(/\|/g, "\\|");
  const line = (row: readonly string[]) => `| ${row.map(cell).join(" | ")} |`;
  const right = rows[0].map((_, i) =>
    rows.length > 1 && rows.slice(1).every((r) => NUMERIC.test(r[i] ?? ""))
  );
  return [
    line(rows[0]),
    `| ${right.map((r) => r ? "--:" : ":--").join(" | ")} |`,
    ...rows.slice(1).map(line),
  ]
    .join("\n");
}

/**
 * Lay out rows as a LaTeX `tabular` (booktabs rules): the first row is the header; numeric
 * columns are right-aligned; LaTeX special characters in cells are escaped.
 *
 * @example Usage
 * ```ts
 * import { renderLatex } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(renderLatex([["system", "f"], ["A_1", "0.3733"]]), [
 *   "\\begin{tabular}{lr}",
 *   "\\toprule",
 *   "system & f \\\\",
 *   "\\midrule",
 *   "A\\_1 & 0.3733 \\\\",
 *   "\\bottomrule",
 *   "\\end{tabular}",
 * ].join("\n"));
 * ```
 *
 * @param rows The rows; the first is the header.
 * @returns The table, no trailing newline.
 */
export function renderLatex(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return "";
  const escape = (c: string) =>
    c.replace(
      /[\\{}$&#^_%~]/g,
      (ch) =>
        ch === "\\" ? "\\textbackslash{}" : ch === "^" ? "\\^{}" : ch === "~" ? "\\~{}" : "\\" + ch,
    );
  const right = rows[0].map((_, i) =>
    rows.length > 1 && rows.slice(1).every((r) => NUMERIC.test(r[i] ?? ""))
  );
  const line = (row: readonly string[]) => `${row.map(escape).join(" & ")} \\\\`;
  return [
    `\\begin{tabular}{${right.map((r) => r ? "r" : "l").join("")}}`,
    "\\toprule",
    line(rows[0]),
    "\\midrule",
    ...rows.slice(1).map(line),
    "\\bottomrule",
    "\\end{tabular}",
  ].join("\n");
}

/**
 * Format a score field for a table: integers as they are, other numbers to 4 decimals.
 *
 * @example Usage
 * ```ts
 * import { formatValue } from "./text.ts";
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
 * Compact tables (`compact: true`, the default of `gecscore score`) show the metric's
 * `compactColumns` instead when it has them, else its headline and at most 3 more columns.
 *
 * @example Usage
 * ```ts
 * import { scoreColumns } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(scoreColumns({ columns: ["f"] }, { f: 1, p: 1 }), ["f"]);
 * assert.deepEqual(scoreColumns({}, { f: 1, p: 1 }), ["f", "p"]);
 * const metric = { headline: "f", columns: ["tp", "fp", "p", "f"], compactColumns: ["p", "f"] };
 * assert.deepEqual(scoreColumns(metric, { f: 1 }, true), ["p", "f"]);
 * assert.deepEqual(scoreColumns({ ...metric, compactColumns: undefined }, {}, true),
 *   ["f", "tp", "fp", "p"]);
 * ```
 *
 * @param metric The metric.
 * @param score One of its scores.
 * @param compact Only the few columns people quote.
 * @returns Dotted paths.
 */
export function scoreColumns(
  metric: Pick<AnyMetric, "columns"> & Partial<Pick<AnyMetric, "compactColumns" | "headline">>,
  score: Score,
  compact = false,
): string[] {
  const all = metric.columns ? [...metric.columns] : numericPaths(score);
  if (!compact) return all;
  if (metric.compactColumns) return [...metric.compactColumns];
  if (metric.headline === undefined) return all.slice(0, 4);
  return [metric.headline, ...all.filter((c) => c !== metric.headline)].slice(0, 4);
}

/**
 * Render a metric explanation as text: the summary, then each block with its title.
 *
 * @example Usage
 * ```ts
 * import { renderExplanation } from "./text.ts";
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
