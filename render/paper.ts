/**
 * Tables for papers: Markdown (GitHub) and LaTeX (booktabs) with proper minus signs, marks
 * (`†`, `*`) that keep the digits of a column aligned, and a caption and notes (the
 * signatures) under or around the table. `gecscore score --format markdown|latex` and
 * `gecscore meta --format markdown|latex` print through it.
 *
 * @module
 */

import type { AnyMetric, Options } from "../plugins/types.ts";

/** The formats a paper table is written in. */
export type PaperFormat = "markdown" | "latex";

/** A table with what goes around it. */
export interface PaperTable {
  /** The rows; the first is the header. Numbers are written with ASCII `-` (converted). */
  rows: readonly (readonly string[])[];
  /** A title: a bold line above a Markdown table, the start of a LaTeX caption. */
  title?: string;
  /** Notes (signatures, what a mark means): lines under a Markdown table, the LaTeX caption. */
  notes?: readonly string[];
  /** Text shown as code in the notes (signatures): `code` in Markdown, `\texttt` in LaTeX. */
  code?: readonly string[];
}

/** Marks a numeric cell may end with. */
const MARKS = /[†‡*]+$/;

/** A cell that is a number, an interval, a rank range or a placeholder, marks aside. */
const NUMERIC =
  /^([-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?%?|n\/a|-|\[[^\]]*\]|\d+\s*-\s*\d+|\d+|baseline)$/i;

function isNumeric(cell: string): boolean {
  return NUMERIC.test(cell.replace(MARKS, "").trim());
}

/** A hyphen-minus that is a minus sign: before a digit, at the start or after `[`, `(`, space. */
const MINUS = /(^|[[(\s,])-(?=\.?\d)/g;

/** A rank range (`1-3`): an en dash in print. */
const RANGE = /^(\d+)-(\d+)$/;

/**
 * The columns a paper table shows for a metric, by dotted path, with their headers: the
 * metric's own `paperColumns` (e.g. `M2 P`, `M2 R`, `M2 F0.5`), else its headline, headed by
 * its id and the headline's label (`columnLabels`) or path.
 *
 * @example Usage
 * ```ts
 * import { paperColumns } from "./paper.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(paperColumns({ id: "x", headline: "f" }, {}), { f: "x f" });
 * assert.deepEqual(
 *   paperColumns({ id: "x", headline: "f", columnLabels: () => ({ f: "F2" }) }, {}),
 *   { f: "x F2" },
 * );
 * assert.deepEqual(
 *   paperColumns({ id: "gleu", headline: "gleu", paperColumns: () => ({ gleu: "GLEU" }) }, {}),
 *   { gleu: "GLEU" },
 * );
 * ```
 *
 * @param metric The metric.
 * @param options Its resolved options.
 * @returns Headers by dotted path, in order.
 */
export function paperColumns(
  metric:
    & Pick<AnyMetric, "id" | "headline">
    & Partial<
      Pick<AnyMetric, "paperColumns" | "columnLabels">
    >,
  options: Options,
): Record<string, string> {
  const own = metric.paperColumns?.(options as never);
  if (own && Object.keys(own).length) return { ...own };
  const label = metric.columnLabels?.(options as never)?.[metric.headline] ?? metric.headline;
  return { [metric.headline]: `${metric.id} ${label}` };
}

function escapeLatex(text: string): string {
  return text.replace(
    /[\\{}$&#^_%~|<>±†]/g,
    (ch) =>
      ch === "\\"
        ? "\\textbackslash{}"
        : ch === "^"
        ? "\\^{}"
        : ch === "~"
        ? "\\~{}"
        : ch === "|"
        ? "\\textbar{}"
        : ch === "<"
        ? "\\textless{}"
        : ch === ">"
        ? "\\textgreater{}"
        : ch === "±"
        ? "$\\pm$"
        : ch === "†"
        ? "\\textdagger{}"
        : "\\" + ch,
  );
}

const LATEX_MARK: Record<string, string> = { "†": "\\dagger", "‡": "\\ddagger", "*": "*" };

/** A body cell in LaTeX: escaped, minus signs as `$-$`, marks as zero-width superscripts. */
function latexCell(cell: string, numeric: boolean): string {
  if (!numeric) return escapeLatex(cell).replace(MINUS, "$1$-$");
  const mark = MARKS.exec(cell)?.[0] ?? "";
  const body = cell.slice(0, cell.length - mark.length).trimEnd();
  const text = escapeLatex(body).replace(MINUS, "$1$-$").replace(RANGE, "$1--$2");
  const sup = [...mark].map((m) => LATEX_MARK[m]).join("");
  // \rlap: the mark takes no width, so the digits of a right-aligned column stay aligned.
  return mark ? `${text}\\rlap{$^{${sup}}$}` : text;
}

/** A body cell in Markdown: `|` and `*` escaped, minus signs as U+2212. */
function markdownCell(cell: string, numeric: boolean): string {
  const text = cell.trimEnd().replace(/[|*]/g, "\\$&").replace(MINUS, "$1\u2212");
  return numeric ? text.replace(RANGE, "$1\u2013$2") : text;
}

/**
 * Write a table for a paper. Markdown: an optional bold title, a GitHub table (numeric
 * columns right-aligned), then the notes; LaTeX: a `table` float holding a booktabs
 * `tabular` (numeric columns `r`), captioned with the title and notes. In numeric cells a
 * minus sign is U+2212 (Markdown) or `$-$` (LaTeX), never a hyphen; a trailing `†` or `*`
 * counts as part of a number (in LaTeX a zero-width superscript, so digits stay aligned).
 *
 * @example Markdown
 * ```ts
 * import { renderPaperTable } from "./paper.ts";
 * import assert from "node:assert/strict";
 *
 * const text = renderPaperTable({
 *   rows: [["metric", "r"], ["A", "-0.500†"], ["B", "0.250"]],
 *   title: "Human: h",
 *   notes: ["† best"],
 * }, "markdown");
 * assert.equal(text, "**Human: h**\n\n| metric | r |\n| :-- | --: |\n" +
 *   "| A | \u22120.500† |\n| B | 0.250 |\n\n† best");
 * ```
 *
 * @example LaTeX
 * ```ts
 * import { renderPaperTable } from "./paper.ts";
 * import assert from "node:assert/strict";
 *
 * const text = renderPaperTable({
 *   rows: [["System", "M2 F0.5"], ["A_1", "-0.5000*"]],
 *   notes: ["Signature:"],
 *   code: ["m2|beta:0.5"],
 * }, "latex");
 * assert.match(text, /^A\\_1 & \$-\$0\.5000\\rlap\{\$\^\{\*\}\$\} \\\\$/m);
 * assert.match(text, /\\caption\{Signature: \\texttt\{m2\\textbar\{\}beta:0\.5\}\}/);
 * ```
 *
 * @param table The table.
 * @param format `markdown` or `latex`.
 * @returns The text, no trailing newline.
 */
export function renderPaperTable(table: PaperTable, format: PaperFormat): string {
  const { rows } = table;
  if (!rows.length) return "";
  const numeric = rows[0].map((_, i) =>
    rows.length > 1 && rows.slice(1).every((r) => isNumeric(r[i] ?? ""))
  );
  const code = table.code ?? [];
  if (format === "markdown") {
    const line = (row: readonly string[], head = false) =>
      `| ${
        row.map((c, i) => head ? markdownCell(c, false) : markdownCell(c, numeric[i])).join(" | ")
      } |`;
    const parts = [
      [
        line(rows[0], true),
        `| ${numeric.map((r) => r ? "--:" : ":--").join(" | ")} |`,
        ...rows.slice(1).map((r) => line(r)),
      ].join("\n"),
    ];
    if (table.title) parts.unshift(`**${table.title}**`);
    // A note starting with * would be a list item: escape it.
    const notes = [
      ...(table.notes ?? []).map((n) => n.replace(/^([*+-])/, "\\$1")),
      ...code.map((c) => `\`${c}\``),
    ];
    if (notes.length) parts.push(notes.join("  \n"));
    return parts.join("\n\n");
  }
  const line = (row: readonly string[], head = false) =>
    `${row.map((c, i) => head ? escapeLatex(c) : latexCell(c, numeric[i])).join(" & ")} \\\\`;
  const caption = [
    ...(table.title ? [escapeLatex(table.title) + "."] : []),
    ...(table.notes ?? []).map(escapeLatex),
    ...code.map((c) => `\\texttt{${escapeLatex(c)}}`),
  ].join(" ");
  return [
    "\\begin{table}",
    "\\centering",
    `\\begin{tabular}{${numeric.map((r) => r ? "r" : "l").join("")}}`,
    "\\toprule",
    line(rows[0], true),
    "\\midrule",
    ...rows.slice(1).map((r) => line(r)),
    "\\bottomrule",
    "\\end{tabular}",
    ...(caption ? [`\\caption{${caption}}`] : []),
    "\\end{table}",
  ].join("\n");
}
