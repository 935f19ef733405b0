/**
 * Rendering a Vega-Lite chart to SVG text, for the meta-evaluation figures: vega and vega-lite
 * are imported on the first chart only, so commands that draw nothing never load them.
 *
 * @module
 */

import { importNpm, type VegaLiteModule, type VegaModule } from "../util/npm.ts";

/**
 * The SVG of a Vega-Lite specification, rendered without a browser.
 *
 * @example A one-bar chart
 * ```ts
 * import { vegaLiteSvg } from "./vega_svg.ts";
 * import assert from "node:assert/strict";
 *
 * const svg = await vegaLiteSvg({
 *   data: { values: [{ x: "a", y: 1 }] },
 *   mark: "bar",
 *   encoding: { x: { field: "x", type: "nominal" }, y: { field: "y", type: "quantitative" } },
 * });
 * assert.match(svg, /^<svg/);
 * ```
 *
 * @param spec The Vega-Lite specification.
 * @returns The SVG text.
 */
export async function vegaLiteSvg(spec: object): Promise<string> {
  // npm: written here so the library works when imported from outside this repository.
  const [vega, vegaLite] = await Promise.all([
    importNpm<VegaModule>("npm:vega@6.4.0"),
    importNpm<VegaLiteModule>("npm:vega-lite@6.4.1"),
  ]);
  // deno-lint-ignore no-explicit-any
  const compiled = vegaLite.compile(spec as any).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
