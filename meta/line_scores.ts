/**
 * Readers for score files without WMT fields: one value per line in a known system order
 * (SEEDA's `scores/human/*.txt`, metric files for its `corr_system.py`), and a table with a
 * header row, one system per row and one metric per column (SEEDA's published metric table).
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type { SystemScores } from "./wmt_scores.ts";

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A number's text as a number, refusing one too large for a double (`1e999`). */
function finite(text: string, path: string, line: number): number {
  const value = Number(text);
  if (!Number.isFinite(value)) {
    throw new InputError(
      `expected a finite number, found ${JSON.stringify(text)} (too large for a number)`,
      path,
      line,
    );
  }
  return value;
}

function lines(text: string): string[] {
  const all = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  while (all.length && all[all.length - 1].trim() === "") all.pop();
  return all;
}

/**
 * Whether a text is one number per line (and nothing else).
 *
 * @example Usage
 * ```ts
 * import { isLineScores } from "./line_scores.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(isLineScores("0.364\n0.556\n"), true);
 * assert.equal(isLineScores("human\tsrc-trg\tt\tAMU\t0.628\n"), false);
 * ```
 *
 * @param text The file's text.
 * @returns True when every line holds one number.
 */
export function isLineScores(text: string): boolean {
  const all = lines(text);
  return all.length > 0 && all.every((line) => NUMBER.test(line.trim()));
}

/**
 * Parse one value per line, the i-th line scoring the i-th system of `systems` (SEEDA
 * writes its systems in alphabetical order). A line that is not a number, or a line count
 * other than the number of systems, is an `InputError` naming the file (and line).
 *
 * @example SEEDA-style
 * ```ts
 * import { parseLineScores } from "./line_scores.ts";
 * import assert from "node:assert/strict";
 *
 * const set = parseLineScores("0.5\n0.25\n", "TS_sent.txt", ["A", "B"], "TS_sent");
 * assert.deepEqual([...set.scores], [["A", 0.5], ["B", 0.25]]);
 * assert.throws(() => parseLineScores("0.5\n", "x.txt", ["A", "B"], "x"), /x\.txt: .*1 line.*2 systems/);
 * assert.throws(() => parseLineScores("0.5\nabc\n", "x.txt", ["A", "B"], "x"), /x\.txt:2: /);
 * assert.throws(() => parseLineScores("0.5\n1e999\n", "x.txt", ["A", "B"], "x"), /x\.txt:2: .*finite/);
 * ```
 *
 * @param text The file's text.
 * @param path The file, for messages.
 * @param systems The systems, in the file's order.
 * @param name The name of the score set.
 * @returns The scores.
 */
export function parseLineScores(
  text: string,
  path: string,
  systems: readonly string[],
  name: string,
): SystemScores {
  const all = lines(text);
  all.forEach((line, i) => {
    if (!NUMBER.test(line.trim())) {
      throw new InputError(
        `expected one number a line, found ${JSON.stringify(line)}`,
        path,
        i + 1,
      );
    }
  });
  if (all.length !== systems.length) {
    throw new InputError(
      `has ${all.length} line${
        all.length === 1 ? "" : "s"
      } but there are ${systems.length} systems (${
        systems.join(", ")
      }); one value per system is expected, in that order (see --order)`,
      path,
    );
  }
  const scores = new Map<string, number>();
  systems.forEach((system, i) => scores.set(system, finite(all[i].trim(), path, i + 1)));
  return { name, metric: name, lp: "", testset: "", path, scores };
}

function splitRow(line: string, separator: string): string[] {
  return line.split(separator).map((cell) => cell.trim().replace(/^"(.*)"$/, "$1"));
}

/**
 * Whether a text looks like a score table: a header row whose cells are separated by commas
 * or tabs, the first cell not a number, and more than one column.
 *
 * @example Usage
 * ```ts
 * import { isScoreTable } from "./line_scores.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(isScoreTable("System,M2,GLEU\nBART,50.3,63.46\n"), true);
 * assert.equal(isScoreTable("m2\tsrc-trg\tt\tAMU\t0.5\n"), false);
 * ```
 *
 * @param text The text.
 * @returns True for a table.
 */
export function isScoreTable(text: string): boolean {
  const [header, second] = lines(text);
  if (header === undefined || second === undefined) return false;
  const separator = header.includes(",") ? "," : "\t";
  const cells = splitRow(header, separator);
  const row = splitRow(second, separator);
  return cells.length > 1 && row.length === cells.length && !NUMBER.test(cells[0]) &&
    row.slice(1).every((c) => NUMBER.test(c)) && !cells.slice(1).some((c) => NUMBER.test(c));
}

/**
 * Parse a score table: a header row (`System,M2,GLEU,...`), then one row per system with a
 * number in every metric column; commas or tabs separate the cells. Each column becomes one
 * metric's system scores, named after its header cell. A short row, a cell that is not a
 * number, or a system listed twice is an `InputError` naming the file and line.
 *
 * @example SEEDA's published table
 * ```ts
 * import { parseScoreTable } from "./line_scores.ts";
 * import assert from "node:assert/strict";
 *
 * const sets = parseScoreTable("System,M2,GLEU\nBART,50.3,63.46\nT5,65.07,68.81\n", "t.csv");
 * assert.deepEqual(sets.map((s) => s.name), ["M2", "GLEU"]);
 * assert.deepEqual([...sets[1].scores], [["BART", 63.46], ["T5", 68.81]]);
 * assert.throws(() => parseScoreTable("System,M2\nBART,x\n", "t.csv"), /t\.csv:2: /);
 * ```
 *
 * @param text The text.
 * @param path The file, for messages.
 * @returns One score set per metric column.
 */
export function parseScoreTable(text: string, path: string): SystemScores[] {
  const all = lines(text);
  if (!all.length) throw new InputError("is empty; expected a header row", path);
  const separator = all[0].includes(",") ? "," : "\t";
  const header = splitRow(all[0], separator);
  if (header.length < 2) {
    throw new InputError("expected a header row: System, then one column per metric", path, 1);
  }
  const sets = header.slice(1).map((name) => ({
    name,
    metric: name,
    lp: "",
    testset: "",
    path,
    scores: new Map<string, number>(),
  }));
  all.forEach((line, i) => {
    if (i === 0 || line.trim() === "") return;
    const cells = splitRow(line, separator);
    if (cells.length !== header.length) {
      throw new InputError(
        `expected ${header.length} cells as in the header, found ${cells.length}`,
        path,
        i + 1,
      );
    }
    const system = cells[0];
    if (sets[0].scores.has(system)) {
      throw new InputError(`system ${system} is listed twice`, path, i + 1);
    }
    cells.slice(1).forEach((cell, k) => {
      if (!NUMBER.test(cell)) {
        throw new InputError(
          `expected a number in column ${header[k + 1]}, found ${JSON.stringify(cell)}`,
          path,
          i + 1,
        );
      }
      sets[k].scores.set(system, finite(cell, path, i + 1));
    });
  });
  return sets;
}
