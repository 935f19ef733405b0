/**
 * The run model for drop-in commands: a {@linkcode DropInRunner} that plans a run given by
 * files ({@linkcode planFiles}, read whole) and carries it out with the one executor
 * ({@linkcode runFiles}, in this thread), as `score` does.
 *
 * @module
 */

import type { DropInRequest, DropInResult, DropInRunner } from "../plugins/drop_in.ts";
import type { Registry } from "../plugins/registry.ts";
import { lines, readChunks } from "../formats/text.ts";
import { planFiles, runFiles } from "./run.ts";

/**
 * The runner of the drop-ins of a registry.
 *
 * @example Usage
 * ```ts
 * import { dropInRunner } from "./drop_in.ts";
 * import { createRegistry } from "../mod.ts";
 * import assert from "node:assert/strict";
 *
 * const run = dropInRunner(() => createRegistry());
 * const result = await run({
 *   command: "m2scorer",
 *   gold: "tests/testdata/m2scorer_example.m2",
 *   goldFormat: "m2",
 *   system: "tests/testdata/m2scorer_example_system2",
 *   systemFormat: "text",
 *   metric: "m2",
 *   options: { beta: "1" },
 * });
 * assert.equal(result.options.beta, 1);
 * assert.equal(result.score.precision, 0.75); // 3 of the 4 edits it made are in the gold
 * assert.equal(result.gold.sentences.length, result.system.sentences.length);
 * ```
 *
 * @param registry The registry the metric and the formats come from (asked when a run starts).
 * @returns The runner.
 */
export function dropInRunner(registry: () => Registry): DropInRunner {
  return async (request: DropInRequest): Promise<DropInResult> => {
    const plan = await planFiles({
      registry: registry(),
      command: request.command,
      gold: request.gold,
      goldFormat: request.goldFormat,
      systems: [{ path: request.system, m2: false }],
      systemFormat: request.systemFormat,
      metrics: [request.metric],
      options: { [request.metric]: request.options },
      limits: request.limits,
    });
    const outcome = await runFiles(plan, { slowerThanMs: request.slowerThanMs });
    const [result] = outcome.results[0].metrics;
    const out: DropInResult = {
      gold: outcome.plan!.gold,
      system: outcome.plan!.systems[0],
      options: result.options,
      score: result.score,
      slow: result.slow ?? [],
    };
    if (request.lines) {
      // The plan keeps tokens; a verbose trace prints the lines as they were.
      out.lines = [];
      const { maxLineLength } = request.limits ?? {};
      for await (const line of lines(readChunks(request.system), { maxLineLength })) {
        out.lines.push(line.text);
      }
    }
    return out;
  };
}
