/**
 * The HTML report: {@linkcode reportHtml} scores the systems (with intervals, paired tests
 * and rank ranges when `resampling` asks for them) and gives one self-contained HTML page,
 * the page `gecscore report` writes.
 *
 * @example Usage
 * ```ts
 * import { reportHtml } from "./mod.ts";
 * import { readGold, readSystem, registry } from "../mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const system = await readSystem("tests/testdata/m2scorer_example_system", { registry });
 * const html = await reportHtml({ registry, gold, systems: [system] });
 * assert.match(html, /<table class="summary">/);
 * ```
 *
 * @module
 */

export type { ReportRequest } from "./report_input.ts";
export { reportHtml } from "./report_page.ts";
// The run and contract types a report request uses, so this entry's docs stand on their own.
export type { ScoreRequest } from "../pipeline/scoring.ts";
export type { SignificanceRequest } from "../pipeline/significance.ts";
export type { Registry } from "../plugins/registry.ts";
export type {
  Edit,
  Explanation,
  Format,
  GoldCorpus,
  GoldSentence,
  Hypotheses,
  Metric,
  Options,
  Plugin,
  PluginCommand,
  ReadLimits,
  Score,
  SentenceView,
  Tokenizer,
} from "../plugins/types.ts";
export type {
  ReportHuman,
  ReportInterval,
  ReportPValue,
  ReportRank,
  ReportSignificance,
  ReportTypeBreakdown,
} from "./types.ts";
