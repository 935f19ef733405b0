/**
 * A table drawn as Python's `prettytable` draws one with its defaults (`str(PrettyTable(...))`):
 * `+---+` rules, every cell centred with one space of padding, for byte-identical output of
 * tools that print such tables (shotakoyama/gleu's `-v`). Cells are measured in code points,
 * which equals prettytable's display width for text without wide or combining characters.
 *
 * @module
 */

/**
 * Draw a table the way prettytable's default style does.
 *
 * @example Usage
 * ```ts
 * import { prettyTable } from "./pretty_table.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   prettyTable(["", "p"], [["1", "87.41"], ["total", "100.00"]]),
 *   [
 *     "+-------+--------+",
 *     "|       |   p    |",
 *     "+-------+--------+",
 *     "|   1   | 87.41  |",
 *     "| total | 100.00 |",
 *     "+-------+--------+",
 *   ].join("\n"),
 * );
 * ```
 *
 * @param header The header cells.
 * @param rows The rows, each as long as the header.
 * @returns The table, lines joined by newlines, without a final newline.
 */
export function prettyTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const width = (text: string) => Array.from(text).length;
  const widths = header.map((h, c) => Math.max(width(h), ...rows.map((r) => width(r[c]))));
  const rule = "+" + widths.map((w) => "-".repeat(w + 2)).join("+") + "+";
  const line = (cells: readonly string[]) =>
    "|" + cells.map((cell, c) => " " + centre(cell, widths[c], width(cell)) + " ").join("|") +
    "|";
  return [rule, line(header), rule, ...rows.map(line), rule].join("\n");
}

/**
 * prettytable's centring: an odd excess puts the extra space on the right of text of odd
 * width and on the left of text of even width.
 */
function centre(text: string, length: number, textWidth: number): string {
  const excess = length - textWidth;
  const half = Math.floor(excess / 2);
  if (excess % 2 === 0) return " ".repeat(half) + text + " ".repeat(half);
  return textWidth % 2
    ? " ".repeat(half) + text + " ".repeat(half + 1)
    : " ".repeat(half + 1) + text + " ".repeat(half);
}
