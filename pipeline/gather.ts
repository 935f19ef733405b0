/**
 * The asynchronous step of a run: metrics with a `gather` hook (answers from a model server)
 * complete their options from the whole run once, before any statistics, so that statistics
 * stay synchronous and every path of the engine (serial, workers, resampling) uses them as it
 * uses any option.
 *
 * @module
 */

import { InputError, PluginError, UsageError } from "../plugins/errors.ts";
import type { RunPlan } from "./scoring.ts";

/** How to carry out the gathering step. */
export interface GatherOptions {
  /** Cancels the step. */
  signal?: AbortSignal;
  /** Progress: `done` of `total` requests, over every gathering metric. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * A plan whose gathering metrics have completed their options (the same plan when none has
 * a `gather` hook or it was gathered already). A fault that is not an input or usage error is
 * named by metric.
 *
 * @example A plan without gathering metrics is returned as it is
 * ```ts
 * import { gatherPlan } from "./gather.ts";
 * import { planRun } from "./scoring.ts";
 * import { createRegistry, readGold } from "../mod.ts";
 * import { readHypotheses } from "../formats/text.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const systems = [await readHypotheses("tests/testdata/m2scorer_example_system", 3)];
 * const plan = await planRun({ registry: createRegistry(), gold, systems, metrics: ["m2"] });
 * assert.equal(await gatherPlan(plan), plan);
 * ```
 *
 * @param plan The plan.
 * @param how Cancelling and progress.
 * @returns The plan with gathered options.
 */
export async function gatherPlan(plan: RunPlan, how: GatherOptions = {}): Promise<RunPlan> {
  if (plan.gathered || !plan.metrics.some((m) => m.gather)) return plan;
  const options = [...plan.options];
  const gathering = plan.metrics.flatMap((m, k) => m.gather ? [k] : []);
  // One progress over the gathering metrics: each reports its own total; they run in turn.
  const totals = new Map<number, number>();
  const done = new Map<number, number>();
  for (const k of gathering) {
    const metric = plan.metrics[k];
    how.signal?.throwIfAborted();
    try {
      options[k] = await metric.gather!(plan.options[k], {
        gold: plan.gold.sentences,
        systems: plan.systems,
        signal: how.signal,
        onProgress: how.onProgress &&
          ((d, t) => {
            done.set(k, d);
            totals.set(k, t);
            const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
            how.onProgress!(sum(done), sum(totals));
          }),
      });
    } catch (error) {
      if (
        error instanceof InputError || error instanceof UsageError ||
        error instanceof PluginError || (error as Error)?.name === "AbortError"
      ) throw error;
      const what = error instanceof Error
        ? `${error.name}: ${error.message.split("\n")[0]}`
        : String(error).split("\n")[0];
      const named = new PluginError(`Metric "${metric.id}": gather() threw ${what}`);
      Object.defineProperty(named, "cause", { value: error, enumerable: false });
      throw named;
    }
  }
  return { ...plan, options, gathered: true };
}
