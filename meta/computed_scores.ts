/**
 * Turn scoring results of registered metrics (computed on the spot) into the system- and
 * sentence-level score sets that meta-evaluation compares with human judgments.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type { Registry } from "../plugins/registry.ts";
import type { SystemResult } from "../pipeline/scoring.ts";
import { headlineValue } from "../plugins/headline.ts";
import type { SentenceScores, SystemScores } from "./wmt_scores.ts";

/**
 * One system-level set per metric (the headline of each system's corpus score) and, when the
 * results carry sentence scores, one sentence-level set per metric (the headline of
 * `metric.sentence()`, sentence ids `"0"`, `"1"`, ... as in the WMT files). A headline that is
 * not a number is an `InputError`.
 *
 * @example Usage
 * ```ts
 * import { computedScores } from "./computed_scores.ts";
 * import { createRegistry, readGold, scoreSystems } from "../mod.ts";
 * import { readHypotheses } from "../formats/text.ts";
 * import assert from "node:assert/strict";
 *
 * const registry = createRegistry();
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const systems = [await readHypotheses("tests/testdata/m2scorer_example_system", 3)];
 * const results = await scoreSystems({ registry, gold, systems, metrics: ["m2"], sentences: true });
 * const { system, sentence } = computedScores(results, registry, "src-trg", "test");
 * assert.equal(system[0].name, "m2");
 * assert.equal(sentence[0].scores.get("m2scorer_example_system")!.size, 3);
 * ```
 *
 * @param results What `scoreSystems` returned.
 * @param registry The registry the metrics came from (for their headline fields).
 * @param lp The language-pair field to give the sets.
 * @param testset The test-set field to give the sets.
 * @returns The score sets.
 */
export function computedScores(
  results: readonly SystemResult[],
  registry: Registry,
  lp = "src-trg",
  testset = "",
): { system: SystemScores[]; sentence: SentenceScores[] } {
  const system: SystemScores[] = [];
  const sentence: SentenceScores[] = [];
  if (!results.length) return { system, sentence };
  results[0].metrics.forEach((first, k) => {
    const metric = registry.metric(first.metric);
    const number = (score: unknown, who: string) => {
      const value = headlineValue(score, metric.headline);
      if (typeof value !== "number") {
        throw new InputError(
          `Metric ${metric.id}'s headline ${metric.headline} is not a number for ${who}`,
        );
      }
      return value;
    };
    system.push({
      name: metric.id,
      metric: metric.id,
      lp,
      testset,
      path: `${metric.id} (${first.signature})`,
      scores: new Map(results.map((r) => [r.name, number(r.metrics[k].score, r.name)])),
    });
    if (results.every((r) => r.metrics[k].sentences)) {
      sentence.push({
        name: metric.id,
        lp,
        testset,
        path: `${metric.id} (${first.signature})`,
        scores: new Map(results.map((r) => [
          r.name,
          new Map(r.metrics[k].sentences!.map((s, i) => [String(i), number(s, `${r.name}:${i}`)])),
        ])),
      });
    }
  });
  return { system, sentence };
}
