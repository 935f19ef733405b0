/**
 * A scatter plot of metric scores against human scores as a static SVG, drawn with Vega-Lite
 * and Vega (no browser, no network: the data are inline and the renderer is the headless
 * SVG string renderer).
 *
 * @module
 */

import { vegaLiteSvg } from "./vega_svg.ts";
/** One dot. */
export interface ScatterPoint {
  /** The label next to the dot (the system's name). */
  label: string;
  /** The metric's score (x axis). */
  x: number;
  /** The human score (y axis). */
  y: number;
}

/** What {@linkcode scatterSvg} draws. */
export interface ScatterOptions {
  /** The metric's name (x axis title). */
  metric: string;
  /** The human ranking's name (y axis title). */
  human: string;
  /** Pearson's r, shown in the title. */
  pearson: number;
  /** Spearman's rho, shown in the title. */
  spearman: number;
  /** Width of the plotting area in pixels (default 360). */
  width?: number;
  /** Height of the plotting area in pixels (default 300). */
  height?: number;
}

const fixed3 = (x: number) => Number.isNaN(x) ? "n/a" : x.toFixed(3);

/**
 * Draw metric against human scores, one labelled dot per system, with r and rho in the title.
 * Vega and Vega-Lite are loaded on the first call only, so importing this module is cheap.
 *
 * @example Usage
 * ```ts
 * import { scatterSvg } from "./scatter_svg.ts";
 * import assert from "node:assert/strict";
 *
 * const svg = await scatterSvg(
 *   [{ label: "AMU", x: 0.35, y: 0.628 }, { label: "IPN", x: 0.07, y: 0.3 }, { label: "CAMB", x: 0.37, y: 0.561 }],
 *   { metric: "m2", human: "expected_wins", pearson: 0.623, spearman: 0.687 },
 * );
 * assert.ok(svg.startsWith("<svg"));
 * assert.ok(svg.includes("AMU") && svg.includes("r = 0.623"));
 * ```
 *
 * @param points The systems.
 * @param options Names and correlations.
 * @returns The SVG document.
 */
export async function scatterSvg(
  points: readonly ScatterPoint[],
  options: ScatterOptions,
): Promise<string> {
  const x = {
    field: "x",
    type: "quantitative",
    title: options.metric,
    scale: { zero: false, padding: 12 },
  };
  const y = {
    field: "y",
    type: "quantitative",
    title: options.human,
    scale: { zero: false, padding: 12 },
  };
  const spec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: {
      text: `${options.metric} vs ${options.human}: r = ${fixed3(options.pearson)}, ρ = ${
        fixed3(options.spearman)
      } (n = ${points.length})`,
      fontSize: 13,
    },
    width: options.width ?? 360,
    height: options.height ?? 300,
    background: "white",
    data: { values: points.map((p) => ({ label: p.label, x: p.x, y: p.y })) },
    layer: [
      { mark: { type: "point", filled: true, size: 50 }, encoding: { x, y } },
      {
        mark: { type: "text", align: "left", dx: 6, dy: -4, fontSize: 10 },
        encoding: { x, y, text: { field: "label", type: "nominal" } },
      },
    ],
  };
  return await vegaLiteSvg(spec);
}
