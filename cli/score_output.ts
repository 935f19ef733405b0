/**
 * The outputs of `gecscore score` other than the stream: JSON, TSV, the plain tables (one per
 * metric) and the paper table (Markdown, LaTeX: systems by metrics), with significance
 * columns and per-type breakdowns.
 *
 * @module
 */

import {
  formatValue,
  headlineValue,
  renderLatex,
  renderMarkdown,
  renderTable,
  scoreColumns,
} from "../render/text.ts";
import { significanceCells } from "../render/significance.ts";
import { type PaperFormat, renderPaperTable } from "../render/paper.ts";
import type { AnyMetric, GoldCorpus, TypeBreakdown } from "../plugins/types.ts";
import type { SystemResult } from "../pipeline/scoring.ts";
import type { MetricSignificance } from "../pipeline/significance.ts";
import { goldFingerprint } from "../pipeline/signature.ts";
import { VERSION } from "../util/version.ts";

/** A metric's signature, with the resampling's fields when there was resampling. */
function signatureOf(signature: string, sig: MetricSignificance | undefined): string {
  return sig ? `${signature}|${sig.signature}` : signature;
}

/**
 * One system's JSON entry for one metric: the signature, the score's fields and, with
 * resampling, `tested`, `p_value`, `ci` and `rank` beside them. A score field of the same name
 * (GLEU's own `ci`, from its reference sampling) is kept as `metric_<name>`, never overwritten.
 */
function metricJson(
  signature: string,
  score: Record<string, unknown>,
  sig: MetricSignificance | undefined,
  k: number,
): Record<string, unknown> {
  if (!sig) return { signature, ...score };
  const s = sig.systems[k];
  const added: Record<string, unknown> = { tested: sig.headline };
  if (s.p_value !== undefined) added.p_value = s.p_value;
  if (s.ci) added.ci = s.ci;
  if (s.rank) added.rank = s.rank;
  const out: Record<string, unknown> = { signature };
  for (const [key, value] of Object.entries(score)) {
    out[Object.hasOwn(added, key) ? `metric_${key}` : key] = value;
  }
  return { ...out, ...added };
}

export function reportJson(
  gold: GoldCorpus | { path: string; fingerprint: string },
  results: SystemResult[],
  significance?: MetricSignificance[],
): string {
  const head: Record<string, unknown> = {
    version: VERSION,
    gold: gold.path,
    fingerprint: "fingerprint" in gold ? gold.fingerprint : goldFingerprint(gold),
  };
  if (significance?.length) {
    const { test, samples, trials, seed, alpha } = significance[0];
    head.significance = { baseline: results[0].name, test, samples, trials, seed, alpha };
  }
  return JSON.stringify(
    {
      ...head,
      systems: results.map((r, k) => {
        const system: Record<string, unknown> = {
          name: r.name,
          path: r.path,
          metrics: Object.fromEntries(
            r.metrics.map((m, j) => [m.metric, {
              ...metricJson(
                signatureOf(m.signature, significance?.[j]),
                m.score,
                significance?.[j],
                k,
              ),
              ...(m.byType ? { byType: byTypeJson(m.byType) } : {}),
            }]),
          ),
        };
        if (r.metrics.some((m) => m.sentences) && "sentences" in gold) {
          system.sentences = gold.sentences.map((_, i) =>
            Object.fromEntries(r.metrics.map((m) => [m.metric, m.sentences![i]]))
          );
        }
        return system;
      }),
    },
    null,
    2,
  ) + "\n";
}

function byTypeJson(breakdown: TypeBreakdown): Record<string, unknown> {
  return {
    label: breakdown.label,
    ...(breakdown.notes ? { notes: breakdown.notes } : {}),
    types: Object.fromEntries(breakdown.types.map((t) => [t.type, t.score])),
  };
}

function byTypeTable(name: string, breakdown: TypeBreakdown): string {
  const rows = [[breakdown.label, ...breakdown.columns]];
  const rate = breakdown.columns.map((c) =>
    breakdown.types.some(({ score }) => {
      const v = headlineValue(score, c);
      return typeof v === "number" && !Number.isInteger(v);
    })
  );
  const cell = (score: Record<string, unknown>, c: string, i: number) => {
    if (c !== "ci") return formatValue(headlineValue(score, c), rate[i]);
    const ci = score.ci as { lower: number; upper: number } | undefined;
    return ci ? `[${ci.lower.toFixed(4)}, ${ci.upper.toFixed(4)}]` : "n/a";
  };
  for (const { type, score } of breakdown.types) {
    rows.push([type, ...breakdown.columns.map((c, i) => cell(score, c, i))]);
  }
  const notes = (breakdown.notes ?? []).map((n) => `  ${n}`);
  return [`${name} by type:`, renderTable(rows), ...notes].join("\n");
}

export function reportTsv(
  results: SystemResult[],
  metrics: AnyMetric[],
  significance?: MetricSignificance[],
): string {
  const rows = [["system", "metric", "sentence", "field", "value"].join("\t")];
  const clean = (v: string) => v.replace(/[\t\n\r]/g, " ");
  for (const r of results) {
    r.metrics.forEach((m, k) => {
      const emit = (sentence: string, score: Record<string, unknown>) => {
        for (const path of scoreColumns(metrics[k], score)) {
          const value = headlineValue(score, path);
          rows.push([r.name, m.metric, sentence, path, clean(String(value))].map(clean).join("\t"));
        }
      };
      emit("all", m.score);
      const sig = significance?.[k].systems[results.indexOf(r)];
      if (sig) {
        const fields: [string, unknown][] = [];
        if (sig.ci) {
          for (const [key, value] of Object.entries(sig.ci)) fields.push([`ci.${key}`, value]);
        }
        if (sig.p_value !== undefined) fields.push(["p_value", sig.p_value]);
        if (sig.rank) fields.push(["rank", sig.rank.join("-")]);
        for (const [field, value] of fields) {
          rows.push([r.name, m.metric, "all", field, String(value)].map(clean).join("\t"));
        }
      }
      m.sentences?.forEach((s, i) => emit(String(i + 1), s));
      for (const { type, score } of m.byType?.types ?? []) {
        const ci = score.ci as Record<string, number> | undefined;
        const columns = m.byType!.columns.flatMap((c) =>
          c === "ci" ? (ci ? Object.keys(ci).map((key) => `ci.${key}`) : []) : [c]
        );
        for (const column of columns) {
          const value = headlineValue(score, column);
          if (value === undefined) continue;
          rows.push(
            [r.name, m.metric, `type:${type}`, column, String(value)].map(clean).join("\t"),
          );
        }
      }
    });
  }
  return rows.join("\n") + "\n";
}

export function reportTable(
  results: SystemResult[],
  metrics: AnyMetric[],
  format: string,
  wide: boolean,
  significance?: MetricSignificance[],
  byType = false,
  labels: readonly Readonly<Record<string, string>>[] = [],
  paper: readonly Readonly<Record<string, string>>[] = [],
): string {
  if (format === "markdown" || format === "latex") {
    return paperTable(results, metrics, format, significance, byType, paper);
  }
  const parts: string[] = [];
  metrics.forEach((metric, k) => {
    const first = results[0].metrics[k];
    const columns = scoreColumns(metric, first.score, !wide);
    const scores = results.flatMap((r) => [r.metrics[k].score, ...(r.metrics[k].sentences ?? [])]);
    // A column is a rate when any of its values is fractional: then 1 prints as 1.0000.
    const rate = columns.map((c) =>
      scores.some((s) => {
        const v = headlineValue(s, c);
        return typeof v === "number" && !Number.isInteger(v);
      })
    );
    const cells = (score: Record<string, unknown>) =>
      columns.map((c, i) => formatValue(headlineValue(score, c), rate[i]));
    // Intervals as their bounds: a bootstrap interval is seldom symmetric around its mean.
    const sig = significance?.[k]
      ? significanceCells(significance[k], { bounds: true })
      : undefined;
    // Systems whose edits came from different places (a hypothesis M2, the annotator) get
    // an "edits" column, and the signature says "edits:mixed".
    const editsOf = (r: SystemResult) => /\|edits:([^|]+)/.exec(r.metrics[k].signature)?.[1];
    const mixed = new Set(results.map(editsOf)).size > 1;
    // Column names as the metric labels them (F0.5 for an F-beta), else their paths.
    const header = columns.map((c) =>
      (labels[k] && Object.hasOwn(labels[k], c)) ? labels[k][c] : c
    );
    // The interval's column names the tested field as the table does (F0.5 95% CI).
    const sigHeader = (sig?.header ?? []).map((h) =>
      h === `${significance![k].headline} 95% CI` && labels[k]?.[significance![k].headline]
        ? `${labels[k][significance![k].headline]} 95% CI`
        : h
    );
    const rows = [["system", ...header, ...sigHeader, ...(mixed ? ["edits"] : [])]];
    results.forEach((r, j) => {
      const m = r.metrics[k];
      rows.push([
        r.name,
        ...cells(m.score),
        ...(sig?.rows[j] ?? []),
        ...(mixed ? [editsOf(r) ?? ""] : []),
      ]);
      m.sentences?.forEach((s, i) => rows.push([`  ${r.name}:${i + 1}`, ...cells(s)]));
    });
    const signature = signatureOf(
      mixed ? first.signature.replace(/\|edits:[^|]+/, "|edits:mixed") : first.signature,
      significance?.[k],
    );
    if (format === "markdown") {
      parts.push(`**${metric.id}** \`${signature}\`\n\n${renderMarkdown(rows)}`);
    } else if (format === "latex") {
      parts.push(`% ${metric.id}: ${signature}\n${renderLatex(rows)}`);
    } else parts.push(`${metric.id}  (${signature})\n${renderTable(rows)}`);
    for (const r of results) {
      const breakdown = r.metrics[k].byType;
      if (breakdown) parts.push(byTypeTable(`${metric.id}  ${r.name}`, breakdown));
    }
    if (byType && !metric.byType) parts.push(`${metric.id}: no per-type breakdown`);
  });
  return parts.join("\n\n") + "\n";
}

/** A number for a paper table: four decimals, or as it is when it is whole. */
function paperNumber(value: unknown): string {
  return typeof value === "number" ? formatValue(value, true) : formatValue(value);
}

/**
 * The paper table of `score --format markdown|latex`: one row per system, the columns each
 * metric declares for papers (`paperColumns`: `M2 F0.5`, `I-measure I`, `GLEU`), each
 * metric's resampling results beside them (95% CI as `[lower, upper]`, p with `*` below the
 * level, rank range), the signatures under it. With rank ranges the rows go best first by
 * the first ranked metric; sentence rows follow their system.
 */
function paperTable(
  results: SystemResult[],
  metrics: AnyMetric[],
  format: PaperFormat,
  significance: MetricSignificance[] | undefined,
  byType: boolean,
  paper: readonly Readonly<Record<string, string>>[],
): string {
  const columns = metrics.map((metric, k) =>
    Object.entries(paper[k] ?? { [metric.headline]: `${metric.id} ${metric.headline}` })
  );
  const header = ["System"];
  metrics.forEach((_, k) => {
    header.push(...columns[k].map(([, label]) => label));
    const sig = significance?.[k];
    if (!sig) return;
    if (sig.systems.some((s) => s.ci)) header.push("95% CI");
    if (sig.test) header.push(`p (${sig.test})`);
    if (sig.systems.some((s) => s.rank)) header.push("Rank");
  });
  const blocks = results.map((r, j) => {
    const row = [r.name];
    metrics.forEach((_, k) => {
      const m = r.metrics[k];
      row.push(...columns[k].map(([path]) => paperNumber(headlineValue(m.score, path))));
      const sig = significance?.[k];
      if (!sig) return;
      const s = sig.systems[j];
      if (sig.systems.some((x) => x.ci)) {
        row.push(s.ci ? `[${s.ci.lower.toFixed(4)}, ${s.ci.upper.toFixed(4)}]` : "-");
      }
      if (sig.test) {
        row.push(
          j === 0
            ? "baseline"
            : s.p_value === undefined
            ? "-"
            : `${s.p_value.toFixed(4)}${s.p_value < sig.alpha ? "*" : ""}`,
        );
      }
      if (sig.systems.some((x) => x.rank)) {
        row.push(s.rank ? (s.rank[0] === s.rank[1] ? `${s.rank[0]}` : s.rank.join("-")) : "-");
      }
    });
    const sentences = (r.metrics[0].sentences ?? []).map((_, i) => {
      const cells = [`${r.name}:${i + 1}`];
      metrics.forEach((_, k) => {
        const s = r.metrics[k].sentences?.[i];
        cells.push(...columns[k].map(([path]) => s ? paperNumber(headlineValue(s, path)) : "-"));
        const sig = significance?.[k];
        if (!sig) return;
        if (sig.systems.some((x) => x.ci)) cells.push("");
        if (sig.test) cells.push("");
        if (sig.systems.some((x) => x.rank)) cells.push("");
      });
      return cells;
    });
    return { rows: [row, ...sentences], j };
  });
  // --ranks: best first by the first metric ranked (its tested number), else in run order.
  const ranked = significance?.findIndex((sig) => sig.systems.some((s) => s.rank)) ?? -1;
  if (ranked >= 0) {
    const sig = significance![ranked];
    const lower = metrics[ranked].lowerIsBetter === true;
    blocks.sort((a, b) => {
      const d = sig.systems[b.j].value - sig.systems[a.j].value;
      return (lower ? -d : d) || a.j - b.j;
    });
  }
  const notes: string[] = [];
  const code: string[] = [];
  metrics.forEach((_, k) => {
    const first = results[0].metrics[k];
    const editsOf = (r: SystemResult) => /\|edits:([^|]+)/.exec(r.metrics[k].signature)?.[1];
    const mixed = new Set(results.map(editsOf)).size > 1;
    const signature = signatureOf(
      mixed ? first.signature.replace(/\|edits:[^|]+/, "|edits:mixed") : first.signature,
      significance?.[k],
    );
    code.push(signature);
  });
  if (significance?.some((sig) => sig.test)) {
    const alpha = significance.find((sig) => sig.test)!.alpha;
    notes.push(`p-values marked * are below ${alpha} (paired test against the first system).`);
  }
  if (ranked >= 0) notes.push("Rows are sorted by the first ranked metric, best first.");
  notes.push(code.length > 1 ? "Signatures:" : "Signature:");
  const parts = [
    renderPaperTable(
      { rows: [header, ...blocks.flatMap((b) => b.rows)], notes, code },
      format,
    ),
  ];
  metrics.forEach((metric, k) => {
    for (const r of results) {
      const breakdown = r.metrics[k].byType;
      if (!breakdown) continue;
      const rows = [[breakdown.label, ...breakdown.columns]];
      for (const { type, score } of breakdown.types) {
        rows.push([
          type,
          ...breakdown.columns.map((c) => {
            if (c !== "ci") return paperNumber(headlineValue(score, c));
            const ci = score.ci as { lower: number; upper: number } | undefined;
            return ci ? `[${ci.lower.toFixed(4)}, ${ci.upper.toFixed(4)}]` : "n/a";
          }),
        ]);
      }
      parts.push(
        renderPaperTable(
          { rows, title: `${metric.id} by type: ${r.name}`, notes: breakdown.notes },
          format,
        ),
      );
    }
    if (byType && !metric.byType) parts.push(`${metric.id}: no per-type breakdown`);
  });
  return parts.join("\n\n") + "\n";
}
