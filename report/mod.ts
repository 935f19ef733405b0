/**
 * The HTML report: {@linkcode reportInput} scores systems and gathers what the page shows,
 * {@linkcode buildReport} turns that into one self-contained HTML page.
 *
 * @example Usage
 * ```ts
 * import { buildReport, reportInput } from "./mod.ts";
 * import { createRegistry, readGold } from "../mod.ts";
 * import { readHypotheses } from "../formats/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const system = await readHypotheses("tests/testdata/m2scorer_example_system", 3);
 * const html = await buildReport(await reportInput({ registry: createRegistry(), gold, systems: [system] }));
 * assert.match(html, /<table class="summary">/);
 * ```
 *
 * @module
 */

export { buildReport, disagreement, percentileRanks } from "./build_report.ts";
export {
  type Chart,
  type ChartSpec,
  type EarlyCharts,
  earlyCharts,
  renderChart,
} from "./charts.ts";
export { reportInput, type ReportRequest, reportSignificance } from "./report_input.ts";
export { typeBreakdowns } from "./type_breakdowns.ts";
export type * from "./types.ts";
