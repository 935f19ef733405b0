/**
 * The window analysis as an SVG line chart: one line per metric, the window's correlation
 * over its position (the human rank of its first system).
 *
 * @module
 */

import { vegaLiteSvg } from "./vega_svg.ts";
import type { WindowAnalysis } from "./window.ts";

/**
 * Render a window analysis as a standalone SVG (Vega-Lite, rendered without a browser).
 *
 * @example Usage
 * ```ts
 * import { windowSvg } from "./window_svg.ts";
 * import assert from "node:assert/strict";
 *
 * const svg = await windowSvg({
 *   human: "TS_sent", size: 3, ranking: ["A", "B", "C", "D"], metrics: ["m"],
 *   windows: [
 *     { from: 1, to: 3, systems: ["A", "B", "C"], correlations: { m: { pearson: 0.9, spearman: 1 } } },
 *     { from: 2, to: 4, systems: ["B", "C", "D"], correlations: { m: { pearson: 0.1, spearman: 0.5 } } },
 *   ],
 * }, "pearson");
 * assert.match(svg, /^<svg/);
 * assert.match(svg, /TS_sent/);
 * ```
 *
 * @param analysis What `windowAnalysis` returned.
 * @param method Which correlation to draw.
 * @returns The SVG text.
 */
export async function windowSvg(
  analysis: WindowAnalysis,
  method: "pearson" | "spearman",
): Promise<string> {
  const values = analysis.windows.flatMap((w) =>
    analysis.metrics.map((metric) => ({
      window: `${w.from}-${w.to}`,
      from: w.from,
      metric,
      value: w.correlations[metric][method],
    }))
  );
  const spec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: {
      text: `Window analysis: ${
        method === "pearson" ? "Pearson r" : "Spearman ρ"
      } against ${analysis.human}, windows of ${analysis.size} systems`,
      fontSize: 13,
    },
    width: 420,
    height: 280,
    background: "white",
    data: { values },
    mark: { type: "line", point: true },
    encoding: {
      x: {
        field: "window",
        type: "ordinal",
        sort: { field: "from" },
        title: "human ranks in the window (1 = best)",
        axis: { labelAngle: 0 },
      },
      y: {
        field: "value",
        type: "quantitative",
        title: method === "pearson" ? "Pearson r" : "Spearman ρ",
        scale: { domain: [-1, 1] },
      },
      color: { field: "metric", type: "nominal", title: "metric", scale: { scheme: "tableau20" } },
    },
  };
  return await vegaLiteSvg(spec);
}
