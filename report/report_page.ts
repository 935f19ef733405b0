/**
 * The report page in one call: the input on several cores ({@linkcode reportInputParallel}),
 * with the charts that need no resampling results drawn on this thread while workers score
 * the resamples, then the page ({@linkcode buildReport}). The page is the one
 * `buildReport(reportInput(request))` gives.
 *
 * @module
 */

import { buildReport } from "./build_report.ts";
import { type EarlyCharts, earlyCharts } from "./charts.ts";
import { reportInputParallel, type ReportRequest } from "./report_input.ts";
import type { ReportInput } from "./types.ts";

/**
 * The report's input and page.
 *
 * @example Usage
 * ```ts
 * import { reportPage } from "./report_page.ts";
 * import { buildReport } from "./build_report.ts";
 * import { reportInput } from "./report_input.ts";
 * import { createRegistry, readGold } from "../mod.ts";
 * import { readHypotheses } from "../formats/text.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const systems = await Promise.all(["m2scorer_example_system", "m2scorer_example_system2"]
 *   .map((f) => readHypotheses(`tests/testdata/${f}`, 3)));
 * const request = {
 *   registry: createRegistry(), gold, systems, metrics: ["m2", "gleu"],
 *   resampling: { test: "bs" as const, ci: true, samples: 200 },
 * };
 * const { input, html } = await reportPage(request, { jobs: 2 });
 * assert.deepEqual(input, await reportInput(request));
 * assert.equal(html, await buildReport(await reportInput(request)));
 * ```
 *
 * @param request The systems, gold, metrics and options, and the optional extra sections.
 * @param how Threads: a number, or `"auto"` (default: one per core for runs big enough).
 * @returns The input and the HTML page.
 */
export async function reportPage(
  request: ReportRequest,
  how: { jobs?: number | "auto" } = {},
): Promise<{ input: ReportInput; html: string }> {
  let early: Promise<EarlyCharts> | undefined;
  const input = await reportInputParallel(request, {
    ...how,
    whileResampling: (partial) => early = earlyCharts(partial),
  });
  return { input, html: await buildReport(input, early) };
}

/**
 * The report as one self-contained HTML page: scores, intervals and tests when asked for,
 * charts and the sentence browser. The same page as {@linkcode reportPage}'s `html`.
 *
 * @example Usage
 * ```ts
 * import { reportHtml } from "./report_page.ts";
 * import { readGold, readSystem, registry } from "../mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const system = await readSystem("tests/testdata/m2scorer_example_system", { registry });
 * const html = await reportHtml({ registry, gold, systems: [system], metrics: ["m2"] });
 * assert.match(html, /<table class="summary">/);
 * ```
 *
 * @param request The systems, gold, metrics and options, and the optional extra sections.
 * @param how Threads: a number, or `"auto"` (default: one per core for runs big enough).
 * @returns The HTML page.
 */
export async function reportHtml(
  request: ReportRequest,
  how: { jobs?: number | "auto" } = {},
): Promise<string> {
  return (await reportPage(request, how)).html;
}
