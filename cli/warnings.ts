/**
 * Which metric warnings the CLI and the REPL echo on standard error as they arise, and how.
 * Metrics never print: a warning travels in the sentence's statistics (`warning` or
 * `warnings`), the corpus score (`warnings`) and the explanation (a block titled
 * `Warning`). The I-measure's warnings (a sentence not searched exactly) are echoed; the M2
 * fallback's are shown in scores and explanations only, and by the `m2scorer` command.
 *
 * @module
 */

import type { AnyMetric } from "../plugins/types.ts";

/** The metrics whose warnings are echoed on standard error. */
export const ECHOED_METRICS: ReadonlySet<string> = new Set(["imeasure"]);

/**
 * The warnings carried by statistics, a score or an explanation.
 *
 * @example Usage
 * ```ts
 * import { warningsIn } from "./warnings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(warningsIn({ warning: "a" }), ["a"]);
 * assert.deepEqual(warningsIn({ warnings: ["a", "b"] }), ["a", "b"]);
 * assert.deepEqual(warningsIn({ blocks: [{ title: "Warning", lines: ["c"] }] }), ["c"]);
 * assert.deepEqual(warningsIn(3), []);
 * ```
 *
 * @param value Statistics, a score or an explanation.
 * @returns The warnings, in order.
 */
export function warningsIn(value: unknown): string[] {
  if (value === null || typeof value !== "object") return [];
  const v = value as {
    warning?: unknown;
    warnings?: unknown;
    blocks?: { title?: string; lines?: string[] }[];
  };
  const out: string[] = [];
  if (typeof v.warning === "string") out.push(v.warning);
  if (Array.isArray(v.warnings)) out.push(...v.warnings.map(String));
  if (Array.isArray(v.blocks)) {
    for (const block of v.blocks) if (block.title === "Warning") out.push(...(block.lines ?? []));
  }
  return out;
}

/**
 * The lines to write on standard error for a metric's warnings (empty unless the metric is
 * one whose warnings are echoed).
 *
 * @example Usage
 * ```ts
 * import { echoedWarnings } from "./warnings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(echoedWarnings({ id: "imeasure" }, { warning: "w" }), "Warning: imeasure: w\n");
 * assert.equal(echoedWarnings({ id: "m2" }, { warning: "w" }), "");
 * ```
 *
 * @param metric The metric (its id).
 * @param value Its statistics, score or explanation.
 * @returns The text, one line per warning.
 */
export function echoedWarnings(metric: Pick<AnyMetric, "id">, value: unknown): string {
  if (!ECHOED_METRICS.has(metric.id)) return "";
  return warningsIn(value).map((w) => `Warning: ${metric.id}: ${w}\n`).join("");
}
