/**
 * `gecscore multigec FOLDER`: the MultiGEC-2025 leaderboard of a folder laid out as the task's
 * local evaluation expects, in text, Markdown, LaTeX or JSON.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { type CommandIo, InputError, UsageError } from "../../plugins/mod.ts";
import { type Leaderboard, multigecLeaderboard } from "./leaderboard.ts";

/** Usage line. */
export const MULTIGEC_USAGE =
  "Usage: gecscore multigec FOLDER [--split SPLIT] [--format text|markdown|latex|json] " +
  "[--samples N] [--seed N] [--lines-out DIR]";

const LANGUAGES: Record<string, string> = {
  cs: "Czech",
  de: "German",
  el: "Greek",
  en: "English",
  et: "Estonian",
  is: "Icelandic",
  it: "Italian",
  lv: "Latvian",
  ru: "Russian",
  sl: "Slovene",
  sv: "Swedish",
  uk: "Ukrainian",
};

const fixed = (x: number) => x.toFixed(2);
const interval = (ci?: [number, number]) => ci ? `[${fixed(ci[0])}, ${fixed(ci[1])}]` : "";

interface Row {
  rank: number;
  system: string;
  gleu: string;
  ci: string;
  /** ERRANT precision, recall, F0.5 and the F0.5 interval (English only). */
  errant?: [string, string, string, string];
  missing: string;
}

/** Per language: titled tables of rows (subcorpora, then the average). */
function tables(board: Leaderboard) {
  return board.languages.map((l) => ({
    title: `${LANGUAGES[l.lang.toLowerCase()] ?? l.lang} (${l.lang})`,
    tables: [
      ...l.corpora.map((c) => ({
        title: `${c.corpus} (${c.essays} essays, ${c.references} reference${
          c.references === 1 ? "" : "s"
        })`,
        rankedBy: c.rankedBy,
        rows: c.systems.map((s): Row => ({
          rank: s.rank,
          system: s.system,
          gleu: s.gleuPrinted,
          ci: interval(s.ci),
          errant: s.errant && [
            fixed(s.errant.precision),
            fixed(s.errant.recall),
            fixed(s.errant.f05),
            interval(s.errant.ci?.f05),
          ],
          missing: String(s.missing),
        })),
      })),
      ...(l.corpora.length > 1
        ? [{
          title: "Average",
          rankedBy: l.corpora.every((c) => c.rankedBy === "F0.5") ? "F0.5" : "GLEU",
          rows: l.average.map((a): Row => ({
            rank: a.rank,
            system: a.system,
            gleu: fixed(a.gleu),
            ci: interval(a.ci),
            errant: a.errant && [
              fixed(a.errant.precision),
              fixed(a.errant.recall),
              fixed(a.errant.f05),
              interval(a.errant.f05Ci),
            ],
            missing: "",
          })),
        }]
        : []),
    ],
  }));
}

function header(board: Leaderboard): string[] {
  return [
    `MultiGEC-2025 evaluation, split ${board.split}: GLEU x 100 as the task computes it ` +
    "(shotakoyama/gleu -d 4 -f -n 4 -t word on syntok-tokenized essays)" +
    (board.samples ? `, 95% bootstrap intervals over essays (${board.samples} resamples)` : ""),
    ...board.notes,
  ];
}

/**
 * The leaderboard as text, Markdown, LaTeX or JSON.
 *
 * @param board The leaderboard.
 * @param format `text`, `markdown`, `latex` or `json`.
 * @returns The text.
 */
export function renderLeaderboard(board: Leaderboard, format: string): string {
  if (format === "json") return JSON.stringify(board, null, 2) + "\n";
  const out: string[] = [];
  const ci = board.samples ? ["95% CI"] : [];
  const columnsOf = (t: { rows: Row[] }) => [
    "Rank",
    "System",
    "GLEU",
    ...ci,
    ...(t.rows.some((r) => r.errant) ? ["P", "R", "F0.5", ...ci.map((c) => `F0.5 ${c}`)] : []),
    "Missing",
  ];
  const cellsOf = (t: { rows: Row[] }) => (r: Row) => [
    String(r.rank),
    r.system,
    r.gleu,
    ...(board.samples ? [r.ci] : []),
    ...(t.rows.some((x) => x.errant)
      ? [
        ...(r.errant ?? ["", "", "", ""]).slice(0, 3),
        ...(board.samples ? [r.errant?.[3] ?? ""] : []),
      ]
      : []),
    r.missing,
  ];
  if (format === "markdown") {
    out.push(...header(board).map((l) => `_${l}_`), "");
    for (const lang of tables(board)) {
      out.push(`## ${lang.title}`, "");
      for (const t of lang.tables) {
        const columns = columnsOf(t);
        const cells = cellsOf(t);
        out.push(
          `### ${t.title}`,
          "",
          `_Ranked by ${t.rankedBy}._`,
          "",
          `| ${columns.join(" | ")} |`,
        );
        out.push(`| ${columns.map(() => "---").join(" | ")} |`);
        for (const r of t.rows) out.push(`| ${cells(r).map(escapeMarkdown).join(" | ")} |`);
        out.push("");
      }
    }
  } else if (format === "latex") {
    out.push(...header(board).map((l) => `% ${l}`));
    for (const lang of tables(board)) {
      for (const t of lang.tables) {
        const columns = columnsOf(t);
        const cells = cellsOf(t);
        out.push(
          "\\begin{table}[t]",
          "\\centering",
          `\\begin{tabular}{rl${"r".repeat(columns.length - 2)}}`,
          "\\hline",
          columns.map(escapeLatex).join(" & ") + " \\\\",
          "\\hline",
          ...t.rows.map((r) => cells(r).map(escapeLatex).join(" & ") + " \\\\"),
          "\\hline",
          "\\end{tabular}",
          `\\caption{${escapeLatex(`${lang.title}: ${t.title}; ranked by ${t.rankedBy}`)}}`,
          "\\end{table}",
        );
      }
    }
  } else {
    out.push(...header(board), "");
    for (const lang of tables(board)) {
      out.push(lang.title);
      for (const t of lang.tables) {
        const columns = columnsOf(t);
        out.push(`  ${t.title}, ranked by ${t.rankedBy}`);
        const rows = [columns, ...t.rows.map(cellsOf(t))];
        const widths = columns.map((_, c) => Math.max(...rows.map((r) => r[c].length)));
        for (const r of rows) {
          out.push("    " + r.map((cell, c) => cell.padEnd(widths[c])).join("  ").trimEnd());
        }
      }
      out.push("");
    }
  }
  return out.join("\n").replace(/\n*$/, "\n");
}

function escapeMarkdown(text: string): string {
  return text.replace(/([|\\`*_])/g, "\\$1");
}

function escapeLatex(text: string): string {
  return text.replace(
    /([\\{}$&#^_%~])/g,
    (c) =>
      c === "\\"
        ? "\\textbackslash{}"
        : c === "~"
        ? "\\textasciitilde{}"
        : c === "^"
        ? "\\^{}"
        : `\\${c}`,
  );
}

function count(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) {
    throw new UsageError(`${flag} must be a whole number, got "${value}"; ${MULTIGEC_USAGE}`);
  }
  return Number(value);
}

/**
 * Run `gecscore multigec`.
 *
 * @param args The arguments after the command name.
 * @param io Where to write.
 * @returns The exit status: 0 done, 1 bad input, 2 bad usage.
 */
export async function multigecCommand(args: string[], io: Partial<CommandIo>): Promise<number> {
  const out = io.out ?? (() => {});
  const err = io.err ?? (() => {});
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        strict: true,
        options: {
          split: { type: "string" },
          format: { type: "string" },
          samples: { type: "string" },
          seed: { type: "string" },
          "lines-out": { type: "string" },
          help: { type: "boolean", short: "h" },
        },
      });
    } catch (error) {
      throw new UsageError(`${(error as Error).message.split("\n")[0]}; ${MULTIGEC_USAGE}`);
    }
    const { values, positionals } = parsed;
    if (values.help) {
      out(MULTIGEC_USAGE + "\n");
      return 0;
    }
    if (positionals.length !== 1) {
      throw new UsageError(`Expected one FOLDER, got ${positionals.length}; ${MULTIGEC_USAGE}`);
    }
    const format = values.format ?? "text";
    if (!["text", "markdown", "latex", "json"].includes(format)) {
      throw new UsageError(
        `--format must be text, markdown, latex or json, got "${format}"; ${MULTIGEC_USAGE}`,
      );
    }
    const samples = count(values.samples, "--samples", 1000);
    if (samples > 100_000) throw new UsageError(`--samples must be at most 100000, got ${samples}`);
    const seed = count(values.seed, "--seed", 12345);
    const linesOut = values["lines-out"];
    const written: [string, string][] = [];
    const board = await multigecLeaderboard(positionals[0].replace(/\/+$/, "") || "/", {
      split: values.split,
      samples,
      seed,
      onLines: linesOut ? (file, text) => void written.push([file, text]) : undefined,
    });
    if (!board.languages.length) {
      throw new InputError(`has no original file for split ${board.split}`, positionals[0]);
    }
    for (const [file, text] of written) {
      const path = `${linesOut}/${file}`;
      await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
      await Deno.writeTextFile(path, text);
    }
    for (const warning of board.warnings) err(`multigec: warning: ${warning}\n`);
    out(renderLeaderboard(board, format));
    return 0;
  } catch (error) {
    if (error instanceof InputError) {
      err(`multigec: ${error.message}\n`);
      return 1;
    }
    if (error instanceof UsageError) {
      err(`multigec: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
