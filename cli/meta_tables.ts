/**
 * The tables of `gecscore meta` (plain text, Markdown or LaTeX): system level, system sets
 * side by side, sentence level, sentence-level agreement from rankings (SEEDA) and window
 * analysis. Metrics computed on the spot and metrics read from a scores file are labelled
 * in a `source` column.
 *
 * @module
 */

import { displayWidth, renderTable } from "../render/text.ts";
import { type PaperFormat, renderPaperTable } from "../render/paper.ts";
import type { RankingAgreementResult } from "../meta/ranking_agreement.ts";
import type { SystemLevelResult } from "../meta/system_level.ts";
import type { SentenceLevelResult } from "../meta/sentence_level.ts";
import type { WindowAnalysis } from "../meta/window.ts";
import type { AttackRanks } from "../meta/attack_ranks.ts";

const f3 = (x: number | undefined) =>
  x === undefined || Number.isNaN(x) ? "n/a" : x.toFixed(3).replace(/^-0\.000$/, "0.000");

/** How `meta` prints its tables: plain text (`table`), Markdown or LaTeX. */
export type MetaFormat = "table" | PaperFormat;

/**
 * Where each metric's scores came from, by metric name: `computed` (scored on the spot from
 * the outputs) or `file` (read from a `--scores` file). Given when both kinds are compared:
 * the tables then say it in a `source` column.
 */
export type MetricSources = ReadonlyMap<string, "computed" | "file">;

/** Marks that follow a number in a cell. */
const MARK = /[†*]$/;

/**
 * Cells of columns that hold marks (`0.812†`) padded to one width, an unmarked number
 * keeping a space where the mark goes, so that the digits line up in a plain-text table.
 */
function alignMarks(rows: readonly (readonly string[])[]): string[][] {
  const out = rows.map((r) => [...r]);
  const columns = Math.max(...rows.map((r) => r.length));
  for (let i = 1; i < columns; i++) {
    if (!rows.slice(1).some((r) => MARK.test(r[i] ?? ""))) continue;
    const cells = out.slice(1).map((r) => MARK.test(r[i] ?? "") ? r[i] : `${r[i] ?? ""} `);
    const width = Math.max(displayWidth(out[0][i] ?? ""), ...cells.map(displayWidth));
    cells.forEach((cell, k) => {
      out[k + 1][i] = " ".repeat(width - displayWidth(cell)) + cell;
    });
  }
  return out;
}

/** One table in the chosen format, with its title above and notes below. */
function table(
  format: MetaFormat,
  rows: readonly (readonly string[])[],
  title?: string,
  notes: readonly string[] = [],
): string {
  if (format !== "table") return renderPaperTable({ rows, title, notes }, format);
  return [...(title ? [title] : []), renderTable(alignMarks(rows)), ...notes].join("\n");
}

/** The `source` header and cell of a metric's row, when sources are given. */
function sourceHeader(sources?: MetricSources): string[] {
  return sources ? ["source"] : [];
}

function sourceCell(metric: string, sources?: MetricSources): string[] {
  return sources ? [sources.get(metric) ?? "file"] : [];
}

/** What the `source` column means. */
function sourceNote(sources?: MetricSources): string[] {
  return sources
    ? [
      "source: computed = scored here from the system outputs; file = read from a --scores file",
    ]
    : [];
}

/** System-level results of one system set. */
export interface SetResult {
  /** The set's name. */
  set: string;
  /** The result on its systems. */
  result: SystemLevelResult;
}

/**
 * Metrics not significantly worse than the best one for a human ranking and method: the best
 * (highest correlation) and every metric whose Williams test against it gives p >= 0.05.
 */
function topCluster(result: SystemLevelResult, human: string, method: "pearson" | "spearman") {
  const rows = result.correlations.filter((c) => c.human === human && !Number.isNaN(c[method]));
  if (rows.length < 2) return new Set<string>();
  const best = rows.reduce((a, b) => b[method] > a[method] ? b : a).metric;
  const cluster = new Set([best]);
  for (const row of rows) {
    if (row.metric === best) continue;
    const w = result.williams.find((x) =>
      x.human === human && x.method === method && x.better === best && x.worse === row.metric
    );
    if (!w || !(w.p < 0.05)) cluster.add(row.metric);
  }
  return cluster;
}

/**
 * System-level correlations of several system sets side by side: one table per human
 * ranking, one row per metric, r and rho for each set. A `†` marks the metrics whose
 * correlation is not significantly below the best one in that column (Williams' test,
 * one-tailed p >= 0.05 against the best); the p-values are in the JSON output.
 *
 * @example Usage
 * ```ts
 * import { renderSystemSets } from "./meta_tables.ts";
 * import { systemLevel } from "../meta/system_level.ts";
 * import assert from "node:assert/strict";
 *
 * const set = (name: string, values: Record<string, number>) =>
 *   ({ name, metric: name, lp: "", testset: "", path: name, scores: new Map(Object.entries(values)) });
 * const result = systemLevel([set("h", { A: 1, B: 2, C: 3 })], [set("m", { A: 1, B: 3, C: 2 })]);
 * const text = renderSystemSets([{ set: "all", result }]);
 * assert.match(text, /^m +0\.500 +0\.500$/m);
 * ```
 *
 * @param sets The results, one per set.
 * @returns The tables.
 */
export function renderSystemSets(
  sets: readonly SetResult[],
  format: MetaFormat = "table",
  sources?: MetricSources,
): string {
  const first = sets[0].result;
  const title = `System level: ${
    sets.map((s) => `${s.set} (${s.result.systems.length} systems)`).join(", ")
  }`;
  const dagger = first.metrics.length > 1
    ? [
      "† not significantly below the best metric of the column (Williams' test, one-tailed p >= 0.05)",
    ]
    : [];
  const parts = format === "table" ? [title] : [];
  for (const human of first.humans) {
    const header = [
      "metric",
      ...sourceHeader(sources),
      ...sets.flatMap((s) => [`${s.set} r`, `${s.set} rho`]),
    ];
    const clusters = sets.map((s) => ({
      pearson: topCluster(s.result, human, "pearson"),
      spearman: topCluster(s.result, human, "spearman"),
    }));
    const rows = first.metrics.map((metric) => [
      metric,
      ...sourceCell(metric, sources),
      ...sets.flatMap((s, k) => {
        const c = s.result.correlations.find((x) => x.human === human && x.metric === metric)!;
        const mark = (m: "pearson" | "spearman") => clusters[k][m].has(metric) ? "†" : "";
        return [f3(c.pearson) + mark("pearson"), f3(c.spearman) + mark("spearman")];
      }),
    ]);
    parts.push(
      format === "table"
        ? table(format, [header, ...rows], `Human: ${human}`)
        : table(format, [header, ...rows], `${title}; human: ${human}`, [
          ...dagger,
          ...sourceNote(sources),
        ]),
    );
  }
  if (format === "table") parts.push(...dagger, ...sourceNote(sources));
  return parts.join("\n\n");
}

const interval = (f: { lower?: number; upper?: number }) =>
  f.lower === undefined ? "" : `[${f3(f.lower)}, ${f3(f.upper)}]`;

/**
 * Sentence-level agreement from rankings, one row per system set and metric: accuracy and
 * Kendall's tau under SEEDA's tie rule with bootstrap 95% intervals, and under the
 * tie-neutral rule.
 *
 * @example Usage
 * ```ts
 * import { renderRankingAgreement } from "./meta_tables.ts";
 * import { rankingAgreement } from "../meta/ranking_agreement.ts";
 * import assert from "node:assert/strict";
 *
 * const item = { id: "1", srcId: "0", user: "a", line: 1, outputs: [
 *   { rank: 1, systems: ["A"] }, { rank: 2, systems: ["B"] },
 * ] };
 * const metric = { name: "m", lp: "", testset: "", path: "m", scores: new Map([
 *   ["A", new Map([["0", 1]])], ["B", new Map([["0", 0]])],
 * ]) };
 * const result = rankingAgreement([item], [metric], { bootstrap: false });
 * assert.match(renderRankingAgreement("j.xml", [{ set: "all", result }]), /^all +m +1\.000/m);
 * ```
 *
 * @param label The rankings file.
 * @param sets Results per system set.
 * @returns The table.
 */
export function renderRankingAgreement(
  label: string,
  sets: readonly { set: string; result: RankingAgreementResult }[],
  format: MetaFormat = "table",
  sources?: MetricSources,
): string {
  const boot = sets[0].result.bootstrap;
  const header = [
    "set",
    "metric",
    ...sourceHeader(sources),
    "acc",
    ...(boot ? ["95% CI"] : []),
    "tau",
    ...(boot ? ["95% CI"] : []),
    "acc neutral",
    ...(boot ? ["95% CI"] : []),
    "tau neutral",
    ...(boot ? ["95% CI"] : []),
  ];
  const rows = sets.flatMap(({ set, result }) =>
    result.metrics.map((m) => {
      const cells = [set, m.metric, ...sourceCell(m.metric, sources)];
      for (
        const f of [
          m.rules.seeda.accuracy,
          m.rules.seeda.kendall,
          m.rules.neutral.accuracy,
          m.rules.neutral.kendall,
        ]
      ) {
        cells.push(f3(f.value));
        if (boot) cells.push(interval(f));
      }
      return cells;
    })
  );
  const counts = sets.map(({ set, result }) => `${set} ${result.pairs}`).join(", ");
  return table(
    format,
    [header, ...rows],
    `Sentence level from rankings: ${label}: human non-tie pairs ${counts}${
      boot ? `; bootstrap over ranking items, ${boot.resamples} resamples, seed ${boot.seed}` : ""
    }`,
    [
      "acc/tau: a metric tie counts for the later system in name order (SEEDA's rule); " +
      "neutral: a tie counts half for each side",
      ...sourceNote(sources),
    ],
  );
}

/**
 * The window analysis as two tables (Pearson r, then Spearman rho): one row per metric,
 * one column per window (the human ranks it covers).
 *
 * @example Usage
 * ```ts
 * import { renderWindows } from "./meta_tables.ts";
 * import assert from "node:assert/strict";
 *
 * const text = renderWindows({ human: "h", size: 3, ranking: ["A", "B", "C"], metrics: ["m"],
 *   windows: [{ from: 1, to: 3, systems: ["A", "B", "C"], correlations: { m: { pearson: 1, spearman: 1 } } }] });
 * assert.match(text, /^m +1\.000$/m);
 * ```
 *
 * @param analysis What `windowAnalysis` returned.
 * @returns The tables.
 */
export function renderWindows(
  analysis: WindowAnalysis,
  format: MetaFormat = "table",
  sources?: MetricSources,
): string {
  const rows = (method: "pearson" | "spearman") => [
    [
      method === "pearson" ? "Pearson r" : "Spearman rho",
      ...sourceHeader(sources),
      ...analysis.windows.map((w) => `${w.from}-${w.to}`),
    ],
    ...analysis.metrics.map((m) => [
      m,
      ...sourceCell(m, sources),
      ...analysis.windows.map((w) => f3(w.correlations[m][method])),
    ]),
  ];
  const title = `Window analysis: ${analysis.human}, windows of ${analysis.size} systems; ` +
    `ranking ${analysis.ranking.join(" > ")}`;
  if (format === "table") {
    return [title, table(format, rows("pearson")), "", table(format, rows("spearman"))]
      .join("\n") + sourceNote(sources).map((n) => "\n" + n).join("");
  }
  return ["pearson", "spearman"].map((method) =>
    table(
      format,
      rows(method as "pearson" | "spearman"),
      `${title} (${method === "pearson" ? "Pearson r" : "Spearman rho"})`,
      sourceNote(sources),
    )
  ).join("\n\n");
}

/**
 * Render system-level results as text tables (3 decimals).
 *
 * @example Usage
 * ```ts
 * import { renderSystemLevel } from "./meta.ts";
 * import { systemLevel } from "../meta/system_level.ts";
 * import assert from "node:assert/strict";
 *
 * const set = (name: string, values: Record<string, number>) =>
 *   ({ name, metric: name, lp: "", testset: "", path: name, scores: new Map(Object.entries(values)) });
 * const text = renderSystemLevel(systemLevel([set("h", { A: 1, B: 2, C: 3 })], [set("m", { A: 1, B: 3, C: 2 })]));
 * assert.match(text, /^m +0\.500 +0\.500$/m);
 * ```
 *
 * @param result What `systemLevel` returned.
 * @returns The tables.
 */
export function renderSystemLevel(
  result: SystemLevelResult,
  format: MetaFormat = "table",
  sources?: MetricSources,
): string {
  const title = `System level: ${result.systems.length} systems (${result.systems.join(", ")})${
    result.excluded.length ? `; excluded: ${result.excluded.join(", ")}` : ""
  }`;
  const header = [
    "metric",
    ...sourceHeader(sources),
    ...result.humans.flatMap((h) => [`${h} r`, `${h} rho`]),
  ];
  const rows = result.metrics.map((metric) => [
    metric,
    ...sourceCell(metric, sources),
    ...result.humans.flatMap((human) => {
      const c = result.correlations.find((x) => x.human === human && x.metric === metric)!;
      return [f3(c.pearson), f3(c.spearman)];
    }),
  ]);
  const parts = format === "table"
    ? [title, table(format, [header, ...rows], undefined, sourceNote(sources))]
    : [table(format, [header, ...rows], title, sourceNote(sources))];
  if (result.metrics.length > 1) {
    for (const human of result.humans) {
      for (const method of ["pearson", "spearman"] as const) {
        const cell = (a: string, b: string) => {
          const w = result.williams.find((x) =>
            x.human === human && x.method === method && x.better === a && x.worse === b
          );
          return w ? f3(w.p) : "-";
        };
        parts.push(
          table(
            format,
            [
              ["", ...result.metrics],
              ...result.metrics.map((a) => [a, ...result.metrics.map((b) => cell(a, b))]),
            ],
            `Williams' test, ${human}, ${method === "pearson" ? "Pearson r" : "Spearman rho"} ` +
              `(one-tailed p that the row metric correlates better than the column metric)`,
          ),
        );
      }
    }
  }
  return parts.join("\n\n");
}

/**
 * Render sentence-level results as a text table (3 decimals).
 *
 * @example Usage
 * ```ts
 * import { renderSentenceLevel } from "./meta.ts";
 * import { sentenceLevel } from "../meta/sentence_level.ts";
 * import assert from "node:assert/strict";
 *
 * const pair = { segment: "0", judge: "j", rankingId: "1", system1: "A", rank1: 1, system2: "B", rank2: 2 };
 * const metric = { name: "m", lp: "", testset: "", path: "m", scores: new Map([
 *   ["A", new Map([["0", 1]])], ["B", new Map([["0", 0]])],
 * ]) };
 * const text = renderSentenceLevel("j.csv", sentenceLevel([pair], [metric], { bootstrap: false }));
 * assert.match(text, /^m +1\.000 +1\.000$/m);
 * ```
 *
 * @param label The judgments' file.
 * @param result What `sentenceLevel` returned.
 * @returns The table.
 */
export function renderSentenceLevel(
  label: string,
  result: SentenceLevelResult,
  format: MetaFormat = "table",
  sources?: MetricSources,
): string {
  const boot = result.bootstrap;
  const variants = result.metrics[0].variants.map((v) => v.variant);
  const name = (v: string) => v === "hties" ? "HTies" : "NoTies";
  const header = [
    "metric",
    ...sourceHeader(sources),
    ...variants.flatMap((v) => boot ? [`tau ${name(v)}`, "95% CI"] : [`tau ${name(v)}`]),
  ];
  const rows = result.metrics.map((m) => [
    m.metric,
    ...sourceCell(m.metric, sources),
    ...m.variants.flatMap((v) =>
      boot
        ? [
          `${f3(v.tau)}±${f3(v.halfWidth)}${v.aboveOthers ? "*" : ""}`,
          `[${f3(v.lower)}, ${f3(v.upper)}]`,
        ]
        : [f3(v.tau)]
    ),
  ]);
  const pairs =
    `${result.pairs} comparisons (HTies), ${result.humanNonTies} without human ties (NoTies)`;
  return table(
    format,
    [header, ...rows],
    `Sentence level: ${label}: ${pairs}${
      result.dropped ? `; ${result.dropped} dropped with excluded systems` : ""
    }${boot ? `; bootstrap ${boot.resamples} resamples, seed ${boot.seed}` : ""}`,
    [
      ...(boot && result.metrics.length > 1
        ? ["* the highest tau, with a 95% CI above every other metric's"]
        : []),
      ...sourceNote(sources),
    ],
  );
}

/**
 * The adversarial outputs' ranks among the real systems, one row per metric.
 *
 * @param ranks What `attackRanks()` gave.
 * @returns The table.
 */
export function renderAttackRanks(ranks: readonly AttackRanks[]): string {
  if (!ranks.length) return "Adversarial outputs: no computed metric scored them";
  const attacks = ranks[0].ranks.map((r) => r.attack);
  return `Adversarial outputs: rank among the ${ranks[0].systems} real systems (1 = best, ${
    ranks[0].systems + 1
  } = last)\n` + renderTable([
    ["metric", ...attacks],
    ...ranks.map((m) => [m.metric, ...m.ranks.map((r) => `${r.rank}/${m.systems + 1}`)]),
  ]);
}
