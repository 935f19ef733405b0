/**
 * The report's charts: Vega-Lite specifications compiled and rendered to SVG strings at build
 * time (Vega's headless `View` with `renderer: "none"`), so the page needs no script to show
 * them. Each SVG gets a `<title>` and a `<desc>` for screen readers.
 *
 * Vega and Vega-Lite are loaded on first use: importing the library does not pay for them.
 *
 * @module
 */

import { headlineValue } from "../plugins/headline.ts";
import { pearson } from "../stats/pearson.ts";
import { spearman } from "../stats/spearman.ts";
import type { ReportInput, ReportTypeBreakdown } from "./types.ts";
import { placeLabels } from "./label_places.ts";
import { importNpm, type VegaLiteModule, type VegaModule } from "../util/npm.ts";
export { type LabelPlace, placeLabels } from "./label_places.ts";

/** A chart rendered to SVG. */
export interface Chart {
  /** Its element id (unique in the page). */
  id: string;
  /** Its title: also the SVG's `<title>`. */
  title: string;
  /** What it shows, in words: the SVG's `<desc>`. */
  description: string;
  /** The SVG markup. */
  svg: string;
}

/** A Vega-Lite specification, as plain JSON-like data. */
// deno-lint-ignore no-explicit-any
export type ChartSpec = Record<string, any>;

const CONFIG = {
  font: "system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
  axis: { labelFontSize: 11, titleFontSize: 12 },
  // Few enough ticks on a number axis that every one keeps its label (Vega hides every
  // other label when they crowd, which left the 0 tick unlabelled).
  axisQuantitative: { tickCount: 5 },
  legend: { labelFontSize: 11, titleFontSize: 12 },
  view: { stroke: null },
};

let engine: Promise<
  { vega: VegaModule; compile: (s: ChartSpec) => ChartSpec }
>;

function loadEngine() {
  engine ??= Promise.all([
    importNpm<VegaModule>("npm:vega@6.4.0"),
    importNpm<VegaLiteModule>("npm:vega-lite@6.4.1"),
  ]).then(([vega, vegaLite]) => ({
    vega,
    // deno-lint-ignore no-explicit-any
    compile: (spec: ChartSpec) => vegaLite.compile(spec as any).spec as ChartSpec,
  }));
  return engine;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(
    /"/g,
    "&quot;",
  );
}

/**
 * Render a Vega-Lite specification to an SVG with a `<title>` and `<desc>`.
 *
 * @example Usage
 * ```ts
 * import { renderChart } from "./charts.ts";
 * import assert from "node:assert/strict";
 *
 * const chart = await renderChart("c1", "Two bars", "A is 1, B is 2", {
 *   data: { values: [{ x: "A", y: 1 }, { x: "B", y: 2 }] },
 *   mark: "bar",
 *   encoding: { x: { field: "x", type: "nominal" }, y: { field: "y", type: "quantitative" } },
 * });
 * assert.match(chart.svg, /^<svg [^>]*role="img" aria-labelledby="c1-title c1-desc"/);
 * assert.match(chart.svg, /<title id="c1-title">Two bars<\/title><desc id="c1-desc">A is 1, B is 2<\/desc>/);
 * ```
 *
 * @param id Element id prefix.
 * @param title The title.
 * @param description The chart in words.
 * @param spec A Vega-Lite specification (without `$schema` or `config`).
 * @returns The chart.
 */
export async function renderChart(
  id: string,
  title: string,
  description: string,
  spec: ChartSpec,
): Promise<Chart> {
  const { vega, compile } = await loadEngine();
  const compiled = compile({ ...spec, config: { ...CONFIG, ...(spec.config ?? {}) } });
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  const raw = await view.toSVG();
  view.finalize();
  const svg = raw.replace(
    /^<svg([^>]*)>/,
    (_, attributes: string) =>
      `<svg${
        attributes.replace(/ class="marks"/, ' class="chart"')
      } role="img" aria-labelledby="${id}-title ${id}-desc" id="${id}"><title id="${id}-title">${
        escapeXml(title)
      }</title><desc id="${id}-desc">${escapeXml(description)}</desc>`,
  );
  return { id, title, description, svg };
}

function fixed(x: number): string {
  return Number.isFinite(x) ? x.toFixed(4) : "n/a";
}

/** Pearson's r, or NaN with fewer than two pairs. */
function r(x: readonly number[], y: readonly number[]): number {
  return x.length < 2 ? NaN : pearson(x, y);
}

/** Spearman's rho, or NaN with fewer than two pairs. */
function rho(x: readonly number[], y: readonly number[]): number {
  return x.length < 2 ? NaN : spearman(x, y);
}

const SYSTEM_SCALE = { scheme: "category20" };

/** The charts that need no resampling results: per error type, by length, metric against metric. */
export interface EarlyCharts {
  /** {@linkcode typeCharts}. */
  types: Chart[];
  /** {@linkcode bucketCharts}. */
  buckets: Chart[];
  /** {@linkcode scatterCharts}. */
  scatters: Chart[];
}

/**
 * Draw the charts that need no resampling results (so that they can be drawn while the
 * resamples are scored elsewhere).
 *
 * @example Nothing to draw without per-type data, buckets or a second metric
 * ```ts
 * import { earlyCharts } from "./charts.ts";
 * import assert from "node:assert/strict";
 *
 * const input = { title: "t", gold: "g.m2", goldFormat: "m2", metrics: [], systems: [], sentences: [] };
 * assert.deepEqual(await earlyCharts(input), { types: [], buckets: [], scatters: [] });
 * ```
 *
 * @param input The report input, before or after its significance results.
 * @returns The charts.
 */
export async function earlyCharts(input: ReportInput): Promise<EarlyCharts> {
  const [types, buckets, scatters] = await Promise.all([
    typeCharts(input),
    bucketCharts(input),
    scatterCharts(input),
  ]);
  return { types, buckets, scatters };
}

/**
 * How a metric's headline is named on a chart or in a table: `m2 f`, `imeasure correction.i`,
 * and `gleu` alone where the headline repeats the id (not `gleu gleu`).
 *
 * @example Usage
 * ```ts
 * import { headlineLabel } from "./charts.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(headlineLabel({ id: "gleu", headline: "gleu" }), "gleu");
 * assert.equal(headlineLabel({ id: "m2", headline: "f" }), "m2 f");
 * ```
 *
 * @param metric The metric's id and headline path.
 * @returns The label.
 */
export function headlineLabel(metric: { id: string; headline: string }): string {
  return metric.headline === metric.id ? metric.id : `${metric.id} ${metric.headline}`;
}

/**
 * One chart per metric: the headline of each system, with its confidence interval when the
 * input has one.
 *
 * @param input The report input.
 * @returns The charts.
 */
export function scoreCharts(input: ReportInput): Promise<Chart[]> {
  return Promise.all(input.metrics.map((metric, m) => {
    const intervals = input.significance?.intervals ?? [];
    const values = input.systems.map((s) => {
      const score = headlineOf(s.scores[metric.id], metric.headline);
      const ci = intervals.find((c) => c.system === s.name && c.metric === metric.id);
      return { system: s.name, score, low: ci?.low ?? score, high: ci?.high ?? score };
    });
    const withCi = values.some((v) => v.low !== v.score || v.high !== v.score);
    const order = input.systems.map((s) => s.name);
    const name = headlineLabel(metric);
    const y = { field: "system", type: "nominal", sort: order, title: null };
    // A dot per system on an axis fitted to the scores (not from 0, where scores as close as
    // GLEU's would look equal), its interval as a line, and a line at 0 when 0 is in range.
    const x = { field: "score", type: "quantitative", title: name, scale: { zero: false } };
    const layers: ChartSpec[] = [];
    const finite = values.flatMap((v) => [v.low, v.high]).filter(Number.isFinite);
    if (finite.some((v) => v < 0) && finite.some((v) => v > 0)) {
      layers.push({
        data: { values: [{ zero: 0 }] },
        mark: { type: "rule", color: "#999", strokeDash: [4, 3] },
        encoding: { x: { field: "zero", type: "quantitative" } },
      });
    }
    if (withCi) {
      layers.push({
        mark: { type: "rule", color: "#222", strokeWidth: 1.5 },
        encoding: { y, x: { field: "low", type: "quantitative" }, x2: { field: "high" } },
      });
    }
    layers.push({
      mark: { type: "point", filled: true, color: "#4c78a8", size: 60, opacity: 1 },
      encoding: { y, x, tooltip: [{ field: "system" }, { field: "score", format: ".4f" }] },
    });
    const level = input.significance ? ` (${Math.round(input.significance.level * 100)}% CI)` : "";
    return renderChart(
      `chart-score-${m}`,
      `${name} by system${withCi ? level : ""}`,
      `Dots of the ${name} of each system${withCi ? ", with confidence intervals as lines" : ""}: ${
        values.map((v) =>
          `${v.system} ${fixed(v.score)}${withCi ? ` [${fixed(v.low)}, ${fixed(v.high)}]` : ""}`
        ).join("; ")
      }.`,
      {
        width: 420,
        height: { step: 18 },
        data: { values },
        layer: layers,
      },
    );
  }));
}

function headlineOf(score: unknown, path: string): number {
  const value = headlineValue(score, path);
  return typeof value === "number" ? value : NaN;
}

/** How many error types the per-type chart shows (the table has them all). */
export const TYPE_CHART_LIMIT = 12;

/**
 * One chart per per-type breakdown: its charted field (recall for M2, F for ERRANT...) per
 * error type and system, for the most frequent types: grouped bars for up to five systems, a
 * heat map for more.
 *
 * @param input The report input (with `types`).
 * @returns The charts (none without per-type data).
 */
export function typeCharts(input: ReportInput): Promise<Chart[]> {
  return Promise.all((input.types ?? []).map((breakdown, k) => typeChart(input, breakdown, k)));
}

function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function typeChart(input: ReportInput, types: ReportTypeBreakdown, k: number): Promise<Chart> {
  const shown = types.types.slice(0, TYPE_CHART_LIMIT);
  const order = input.systems.map((s) => s.name);
  const field = types.value;
  const values = order.flatMap((system) =>
    shown.flatMap((type) => {
      const row = types.scores[system]?.[type];
      const value = num(row?.[field]);
      if (value === undefined) return [];
      const tp = num(row?.tp), fn = num(row?.fn);
      return [{
        system,
        type,
        value,
        counts: tp !== undefined && fn !== undefined ? `${tp}/${tp + fn}` : "",
      }];
    })
  );
  const title = `${types.metric}: ${field} per ${types.label} (${shown.length} most frequent)`;
  const description = `${field} of each system for each ${types.label}, from the metric ` +
    `${types.metric}${values.some((v) => v.counts) ? " (matched/gold edits in brackets)" : ""}. ` +
    shown.map((type) =>
      `${type}: ${
        values.filter((v) => v.type === type).map((v) =>
          `${v.system} ${fixed(v.value)}${v.counts ? ` (${v.counts})` : ""}`
        ).join(", ")
      }`
    ).join("; ") + ".";
  const tooltip = [{ field: "system" }, { field: "type" }, {
    field: "value",
    title: field,
    format: ".3f",
  }, { field: "counts", title: "matched/gold" }];
  const spec: ChartSpec = order.length <= 5
    ? {
      width: 420,
      height: { step: 8 * order.length + 6, for: "position" },
      data: { values },
      mark: "bar",
      encoding: {
        y: { field: "type", type: "nominal", sort: shown, title: null },
        yOffset: { field: "system", sort: order },
        x: { field: "value", type: "quantitative", title: field },
        color: { field: "system", sort: order, scale: SYSTEM_SCALE, title: "system" },
        tooltip,
      },
    }
    : {
      width: { step: 34 },
      height: { step: 20 },
      data: { values },
      encoding: {
        x: {
          field: "system",
          type: "nominal",
          sort: order,
          title: null,
          axis: { labelAngle: -40 },
        },
        y: { field: "type", type: "nominal", sort: shown, title: null },
      },
      layer: [
        {
          mark: "rect",
          encoding: {
            color: {
              field: "value",
              type: "quantitative",
              scale: { scheme: "blues" },
              title: field,
            },
            tooltip,
          },
        },
        {
          mark: { type: "text", fontSize: 9 },
          encoding: {
            text: { field: "value", type: "quantitative", format: ".2f" },
            color: { condition: { test: "datum.value > 0.5", value: "white" }, value: "black" },
          },
        },
      ],
    };
  return renderChart(`chart-types-${k}`, title, description, spec);
}

/**
 * Corpus score per sentence-length bucket: one line per system, one chart per metric.
 *
 * @param input The report input (with `buckets`).
 * @returns The charts.
 */
export function bucketCharts(input: ReportInput): Promise<Chart[]> {
  const buckets = input.buckets ?? [];
  if (buckets.length < 2) return Promise.resolve([]);
  const order = input.systems.map((s) => s.name);
  const labels = buckets.map((b) => `${b.label} (${b.count})`);
  return Promise.all(input.metrics.map((metric, m) => {
    const values = buckets.flatMap((b, k) =>
      order.map((system) => ({
        bucket: labels[k],
        system,
        score: b.scores[system]?.[metric.id] ?? NaN,
      }))
    ).filter((v) => Number.isFinite(v.score));
    const name = headlineLabel(metric);
    return renderChart(
      `chart-length-${m}`,
      `${name} by source length`,
      `Lines of the corpus ${name} of the sentences in each source-length ` +
        `bucket (tokens, with the number of sentences), one line per system. ` +
        order.map((system) =>
          `${system}: ${
            values.filter((v) => v.system === system).map((v) => `${v.bucket} ${fixed(v.score)}`)
              .join(", ")
          }`
        ).join("; ") + ".",
      {
        width: 420,
        height: 220,
        data: { values },
        mark: { type: "line", point: true },
        encoding: {
          x: {
            field: "bucket",
            type: "ordinal",
            sort: labels,
            title: "source tokens (sentences)",
            axis: { labelAngle: 0 },
          },
          y: { field: "score", type: "quantitative", title: name, scale: { zero: false } },
          color: { field: "system", sort: order, scale: SYSTEM_SCALE, title: "system" },
          tooltip: [{ field: "system" }, { field: "bucket" }, {
            field: "score",
            format: ".4f",
          }],
        },
      },
    );
  }));
}

function extent(values: readonly number[]): [number, number] {
  let lo = Infinity, hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return values.length ? [lo, hi] : [0, 1];
}

/** How many metric pairs get a scatter plot. */
const SCATTER_PAIR_LIMIT = 3;

/**
 * Sentence scores of one metric against another, over every sentence of every system: a
 * binned scatter (circle area = number of sentence-system pairs), with Pearson's r.
 *
 * @param input The report input.
 * @returns The charts (none with fewer than two metrics).
 */
export function scatterCharts(input: ReportInput): Promise<Chart[]> {
  const pairs: [number, number][] = [];
  for (let a = 0; a < input.metrics.length; a++) {
    for (let b = a + 1; b < input.metrics.length; b++) pairs.push([a, b]);
  }
  return Promise.all(
    pairs.slice(0, SCATTER_PAIR_LIMIT).map(([a, b], k) => {
      const ma = input.metrics[a], mb = input.metrics[b];
      const xs: number[] = [], ys: number[] = [];
      for (const s of input.systems) {
        const x = s.sentenceScores[ma.id], y = s.sentenceScores[mb.id];
        for (let i = 0; i < x.length; i++) {
          if (Number.isFinite(x[i]) && Number.isFinite(y[i])) {
            xs.push(x[i]);
            ys.push(y[i]);
          }
        }
      }
      // Bin on a 25x25 grid here: the SVG stays small however many sentences there are.
      const cells = new Map<string, { x: number; y: number; n: number }>();
      const [x0, x1] = extent(xs), [y0, y1] = extent(ys);
      const step = (a0: number, a1: number) => (a1 - a0) / 25 || 1;
      const sx = step(x0, x1), sy = step(y0, y1);
      xs.forEach((x, i) => {
        const cx = x0 + (Math.min(Math.floor((x - x0) / sx), 24) + 0.5) * sx;
        const cy = y0 + (Math.min(Math.floor((ys[i] - y0) / sy), 24) + 0.5) * sy;
        const key = `${cx},${cy}`;
        const cell = cells.get(key);
        if (cell) cell.n++;
        else cells.set(key, { x: cx, y: cy, n: 1 });
      });
      const corr = r(xs, ys);
      const nameA = headlineLabel(ma), nameB = headlineLabel(mb);
      return renderChart(
        `chart-scatter-${k}`,
        `Sentence scores: ${nameA} against ${nameB} (Pearson r = ${fixed(corr)})`,
        `Binned scatter plot of the sentence-level ${nameA} (x) and ${nameB} (y) of ${xs.length} ` +
          `sentence-system pairs; circle area is the number of pairs in a cell. Pearson r = ${
            fixed(corr)
          }.`,
        {
          width: 300,
          height: 300,
          data: { values: [...cells.values()] },
          mark: { type: "circle", color: "#4c78a8", opacity: 0.7 },
          encoding: {
            // Padding: the largest circles at the edges stay inside the plot, off the legend.
            x: {
              field: "x",
              type: "quantitative",
              title: nameA,
              scale: { zero: false, padding: 12 },
            },
            y: {
              field: "y",
              type: "quantitative",
              title: nameB,
              scale: { zero: false, padding: 12 },
            },
            size: { field: "n", type: "quantitative", title: "pairs", scale: { range: [4, 400] } },
            tooltip: [{ field: "x", format: ".3f" }, { field: "y", format: ".3f" }, {
              field: "n",
              title: "pairs",
            }],
          },
        },
      );
    }),
  );
}

/** A domain around the values with 8% of their range (or 0.05) of room on each side. */
function paddedDomain(values: readonly number[]): [number, number] {
  const [lo, hi] = extent(values);
  const room = (hi - lo) * 0.08 || 0.05;
  return [lo - room, hi + room];
}

/**
 * A scatter plot of systems (metric against human score), each point labelled with its
 * system's name where the labels do not overlap ({@linkcode placeLabels}).
 */
function labelledScatter(
  values: { system: string; metric: number; human: number }[],
  xTitle: string,
  yTitle: string,
): ChartSpec {
  const width = 320, height = 260;
  const xDomain = paddedDomain(values.map((v) => v.metric));
  const yDomain = paddedDomain(values.map((v) => v.human));
  const places = placeLabels(
    values.map((v) => ({ x: v.metric, y: v.human, label: v.system })),
    xDomain,
    yDomain,
    width,
    height,
  );
  const labels = values.map((v, i) => ({ system: v.system, ...places[i] }));
  const text = (align: "left" | "right") => ({
    data: { values: labels.filter((l) => l.align === align) },
    mark: { type: "text", align, baseline: "middle", fontSize: 10 },
    encoding: {
      x: { field: "x", type: "quantitative" },
      y: { field: "y", type: "quantitative" },
      text: { field: "system" },
    },
  });
  return {
    width,
    height,
    encoding: {
      x: {
        field: "metric",
        type: "quantitative",
        title: xTitle,
        scale: { domain: xDomain, nice: false },
      },
      y: {
        field: "human",
        type: "quantitative",
        title: yTitle,
        scale: { domain: yDomain, nice: false },
      },
    },
    layer: [
      { data: { values }, mark: { type: "point", filled: true, color: "#4c78a8", size: 50 } },
      text("left"),
      text("right"),
    ],
  };
}

/**
 * Each metric's corpus headline against the human score, one point per judged system, with
 * Pearson's r.
 *
 * @param input The report input (with `human`).
 * @returns The charts (none without human judgments).
 */
export function humanCharts(input: ReportInput): Promise<Chart[]> {
  return Promise.all((input.human ?? []).flatMap((human, h) => {
    const judged = input.systems.filter((s) => Number.isFinite(human.scores[s.name]));
    if (judged.length < 2) return [];
    return input.metrics.map((metric, m) => {
      const values = judged.map((s) => ({
        system: s.name,
        metric: headlineOf(s.scores[metric.id], metric.headline),
        human: human.scores[s.name],
      }));
      const xs = values.map((v) => v.metric), ys = values.map((v) => v.human);
      const correlation = `Pearson r = ${fixed(r(xs, ys))}, Spearman rho = ${fixed(rho(xs, ys))}`;
      const name = headlineLabel(metric);
      return renderChart(
        `chart-human-${h}-${m}`,
        `${name} against ${human.label} (${correlation})`,
        `Scatter plot of the corpus ${name} (x) and ${human.label} (y) of ${values.length} ` +
          `systems: ${
            values.map((v) => `${v.system} ${fixed(v.metric)}, ${fixed(v.human)}`).join("; ")
          }.`,
        labelledScatter(values, name, human.label),
      );
    });
  }));
}
