/**
 * The executor of the run model: every command that scores (`score` in each output format,
 * `show`, `report`, `meta`'s on-the-fly scores and the REPL) carries out a plan here. The
 * planner ({@linkcode planRun}, `scoring.ts`) puts a run together once: metrics picked, inputs
 * derived (plain-text systems annotated for metrics that compare edits), options resolved and
 * prepared, systems checked, and what a metric refusing a sentence does. The executor
 * ({@linkcode executePlan}) carries it out in this thread or on workers (streamed runs:
 * `run.ts`); results carry the options they were computed with. Every metric call goes through
 * the checked calls of `checked/guard.ts`, so a fault is named the same way (plugin, metric,
 * system, sentence and gold line) on every path.
 *
 * @module
 */

import { InputError, PluginError, UsageError } from "../plugins/errors.ts";
import {
  type CallSite,
  checkedScore,
  checkedStats,
  runMetricJob,
  where,
} from "../checked/guard.ts";
import type {
  AnyMetric,
  Edit,
  Explanation,
  GoldSentence,
  Options,
  Score,
  Tokens,
} from "../plugins/types.ts";
import { gatherPlan } from "./gather.ts";
import { placement, runOnWorkers } from "./parallel.ts";
import {
  type MetricResult,
  metricResult,
  planInputs,
  planRun,
  type RunPlan,
  type ScoreRequest,
  siteOf,
  type SystemResult,
} from "./scoring.ts";

export { gatherPlan, planInputs, planRun, type RunPlan, siteOf };
export type { GatherOptions } from "./gather.ts";

/** How to carry out a plan. */
export interface RunOptions {
  /**
   * Workers: a number (1, the default, scores in this thread unless a plugin lives in its
   * own worker), or `"auto"`: one per core, but none for runs too small to repay starting
   * workers.
   */
  jobs?: number | "auto";
  /** Cancels the run, checked between jobs (in this thread). */
  signal?: AbortSignal;
  /** Progress: `done` of `total` sentence evaluations. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Time each sentence's statistics (in this thread) and name, in each result's `slow`, the
   * sentences that took longer than this many milliseconds.
   */
  slowerThanMs?: number;
}

/** Run job (system `s`, metric `k`) of a plan in this thread. */
function runJob(plan: RunPlan, s: number, k: number, slowerThanMs?: number): MetricResult {
  const system = plan.systems[s];
  const metric = plan.metrics[k];
  const job = runMetricJob(
    metric,
    plan.gold.sentences,
    system.sentences,
    plan.options[k],
    { sentences: plan.sentences, byType: plan.byType, edits: system.edits, slowerThanMs },
    siteOf(plan, s, k),
  );
  return metricResult(metric, job, plan.gold, plan.options[k], system);
}

/**
 * What a plan gave: the results of the metrics that scored every system and, when the plan
 * lets metrics refuse (`onRefusal: "skip"`), the errors of those that did not.
 */
export interface RunOutcome {
  /** The metrics in the results, in the plan's order (refusing ones left out). */
  metrics: AnyMetric[];
  /** One result per system, in order. */
  results: SystemResult[];
  /** The input errors of the metrics that refused a sentence, in the order met. */
  refusals: InputError[];
}

/**
 * Settles the jobs of a plan in serial order (system by system, metric by metric): the first
 * failure ends the run unless it is a metric refusing a sentence under `onRefusal: "skip"` and
 * another metric remains, in which case that metric is left out. `job(s, k)` gives a job's
 * result or throws its error; it is not called for jobs of metrics already left out.
 */
async function settle(
  plan: RunPlan,
  job: (s: number, k: number) => MetricResult | Promise<MetricResult>,
): Promise<RunOutcome> {
  const refused = new Set<number>();
  const refusals: InputError[] = [];
  const rows: MetricResult[][] = plan.systems.map(() => []);
  for (let s = 0; s < plan.systems.length; s++) {
    for (let k = 0; k < plan.metrics.length; k++) {
      if (refused.has(k)) continue;
      try {
        rows[s][k] = await job(s, k);
      } catch (error) {
        const left = plan.metrics.length - refused.size;
        if (!(error instanceof InputError) || plan.onRefusal !== "skip" || left === 1) throw error;
        refused.add(k);
        refusals.push(error);
      }
    }
  }
  const kept = (_: unknown, k: number) => !refused.has(k);
  return {
    metrics: plan.metrics.filter(kept),
    results: plan.systems.map((system, s) => ({
      name: system.name,
      path: system.path,
      metrics: rows[s].filter(kept),
    })),
    refusals,
  };
}

/**
 * Carry out a plan in this thread, one job after another.
 *
 * @example Usage
 * ```ts
 * import { planRun, runPlanSync } from "./engine.ts";
 * import { createRegistry, readGold } from "../mod.ts";
 * import { readHypotheses } from "../formats/text.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const systems = [await readHypotheses("tests/testdata/m2scorer_example_system", 3)];
 * const [result] = runPlanSync(await planRun({ registry: createRegistry(), gold, systems }));
 * assert.equal(result.metrics[0].score.f, 0.8);
 * ```
 *
 * @param plan The plan (its refusal policy is not applied: a refusal ends the run).
 * @returns One result per system, in order.
 */
export function runPlanSync(plan: RunPlan): SystemResult[] {
  return plan.systems.map((system, s) => ({
    name: system.name,
    path: system.path,
    metrics: plan.metrics.map((_, k) => runJob(plan, s, k)),
  }));
}

/**
 * Carry out a plan and say which metrics refused: in this thread, or spread over workers
 * (`jobs`), or in the workers of boxed plugins. The results are the same, byte for byte,
 * whichever way it runs.
 *
 * @example A metric that refuses is left out under `onRefusal: "skip"`
 * ```ts
 * import { executePlan, planRun } from "./engine.ts";
 * import { createRegistry, readGold } from "../mod.ts";
 * import { InputError } from "../plugins/mod.ts";
 * import { readHypotheses } from "../formats/text.ts";
 * import assert from "node:assert/strict";
 *
 * const registry = createRegistry().use({
 *   name: "picky",
 *   version: "1",
 *   metrics: [{
 *     id: "picky", version: "1", description: "refuses", needs: [], defaults: {}, headline: "x",
 *     stats: () => { throw new InputError("picky: no"); },
 *     corpus: () => ({ x: 0 }), sentence: () => ({ x: 0 }),
 *     explain: () => ({ summary: "", blocks: [] }),
 *     signature: () => "picky",
 *   }],
 * });
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const systems = [await readHypotheses("tests/testdata/m2scorer_example_system", 3)];
 * const plan = await planRun({ registry, gold, systems, metrics: ["m2", "picky"], onRefusal: "skip" });
 * const outcome = await executePlan(plan);
 * assert.deepEqual(outcome.metrics.map((m) => m.id), ["m2"]);
 * assert.match(outcome.refusals[0].message, /^picky: no/);
 * ```
 *
 * @param plan The plan.
 * @param how Workers, cancelling, progress.
 * @returns The results and the refusals.
 */
export async function executePlan(plan: RunPlan, how: RunOptions = {}): Promise<RunOutcome> {
  how.signal?.throwIfAborted();
  // Metrics that ask a model server complete their options first (once: a gathered plan says so).
  plan = await gatherPlan(plan, how);
  const { workers } = placement(plan, how.jobs ?? 1);
  if (workers) {
    const jobs = await runOnWorkers(plan, how.jobs ?? 1, how.onProgress, plan.onRefusal);
    return await settle(plan, (s, k) => jobs(s, k));
  }
  const bound = how.slowerThanMs;
  if (!how.onProgress && !how.signal) {
    return await settle(plan, (s, k) => runJob(plan, s, k, bound));
  }
  // Yielding to the event loop between jobs (progress, cancelling).
  const total = plan.systems.length * plan.metrics.length * plan.gold.sentences.length;
  let done = 0;
  return await settle(plan, async (s, k) => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    how.signal?.throwIfAborted();
    const result = runJob(plan, s, k, bound);
    done += plan.gold.sentences.length;
    how.onProgress?.(done, total);
    return result;
  });
}

/**
 * Carry out a plan: in this thread, or spread over workers (`jobs`), or in the workers of
 * boxed plugins. The results are the same, byte for byte, whichever way it runs.
 *
 * @example Usage
 * ```ts
 * import { planRun, runPlan, runPlanSync } from "./engine.ts";
 * import { createRegistry, readGold } from "../mod.ts";
 * import { readHypotheses } from "../formats/text.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const systems = [await readHypotheses("tests/testdata/m2scorer_example_system", 3)];
 * const plan = await planRun({ registry: createRegistry(), gold, systems, sentences: true });
 * assert.deepEqual(await runPlan(plan, { jobs: 2 }), runPlanSync(plan));
 * ```
 *
 * @param plan The plan.
 * @param how Workers, cancelling, progress.
 * @returns One result per system, in order (metrics that refused left out, as the plan says).
 */
export async function runPlan(plan: RunPlan, how: RunOptions = {}): Promise<SystemResult[]> {
  return (await executePlan(plan, how)).results;
}

/**
 * Score systems, the one scripted way: {@linkcode planRun} (metrics picked, plain-text systems
 * annotated for metrics that compare edits, options resolved and prepared once), then
 * {@linkcode runPlan}: statistics once per system and metric, then the corpus score (and
 * sentence scores when asked) from them. `signal` cancels and `onProgress` reports between
 * jobs; `jobs` spreads them over workers (the same results).
 *
 * @example Usage
 * ```ts
 * import { scoreSystems } from "./engine.ts";
 * import { createRegistry, readGold } from "../mod.ts";
 * import { readHypotheses } from "../formats/text.ts";
 * import plugin from "../examples/exact_match.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const system = await readHypotheses("tests/testdata/m2scorer_example_system", 3);
 * const [result] = await scoreSystems({
 *   registry: createRegistry({ builtins: false }).use(plugin),
 *   gold,
 *   systems: [system],
 *   metrics: ["exact_match"],
 * });
 * assert.equal(result.metrics[0].score.matches, 1);
 * ```
 *
 * @example Cancelling
 * ```ts
 * import { scoreSystems } from "./engine.ts";
 * import { createRegistry, readGold } from "../mod.ts";
 * import { readHypotheses } from "../formats/text.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const system = await readHypotheses("tests/testdata/m2scorer_example_system", 3);
 * const request = { registry: createRegistry(), gold, systems: [system] };
 * await assert.rejects(
 *   scoreSystems({ ...request, signal: AbortSignal.abort() }),
 *   (e: Error) => e.name === "AbortError",
 * );
 * ```
 *
 * @param request What to score.
 * @param how Workers (default 1: this thread).
 * @returns One result per system, in order.
 */
export async function scoreSystems(
  request: ScoreRequest,
  how: { jobs?: number | "auto" } = {},
): Promise<SystemResult[]> {
  request.signal?.throwIfAborted();
  return await runPlan(await planRun(request), {
    jobs: how.jobs,
    signal: request.signal,
    onProgress: request.onProgress,
  });
}

/**
 * {@linkcode scoreSystems} (kept for callers of the earlier name).
 *
 * @param request What to score.
 * @returns One result per system, in order.
 */
export async function scoreSystemsAsync(request: ScoreRequest): Promise<SystemResult[]> {
  return await scoreSystems(request);
}

/**
 * {@linkcode scoreSystems} on workers (`jobs`, default `"auto"`).
 *
 * @example Usage
 * ```ts
 * import { scoreSystems, scoreSystemsParallel } from "./engine.ts";
 * import { createRegistry, readGold } from "../mod.ts";
 * import { readHypotheses } from "../formats/text.ts";
 * import assert from "node:assert/strict";
 *
 * const registry = createRegistry();
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const systems = [await readHypotheses("tests/testdata/m2scorer_example_system", 3)];
 * const request = { registry, gold, systems, sentences: true };
 * const parallel = await scoreSystemsParallel(request, { jobs: 2 });
 * assert.deepEqual(parallel, await scoreSystems(request));
 * ```
 *
 * @param request What to score.
 * @param options How many workers.
 * @returns One result per system, in order.
 */
export async function scoreSystemsParallel(
  request: ScoreRequest,
  options: { jobs?: number | "auto" } = {},
): Promise<SystemResult[]> {
  return await scoreSystems(request, { jobs: options.jobs ?? "auto" });
}

/**
 * One metric's statistics for one sentence, checked and named as every path names faults.
 *
 * @example Usage
 * ```ts
 * import { sentenceStats } from "./engine.ts";
 * import assert from "node:assert/strict";
 *
 * const metric = { id: "bad", stats: () => { throw new Error("no"); } } as never;
 * assert.throws(
 *   () => sentenceStats(metric, { system: "A", goldPath: "g" }, { source: ["a"], line: 3 }, ["a"], {}, 0),
 *   /^PluginError: Metric "bad", system A, sentence 1 \(g:3\): stats\(\) threw Error: no$/,
 * );
 * ```
 *
 * @param metric The metric.
 * @param site Plugin, system and gold file.
 * @param gold The gold sentence.
 * @param hypothesis The hypothesis.
 * @param options Resolved options.
 * @param index The sentence's 0-based index.
 * @param edits The system's own edits of this sentence, if any.
 * @returns The statistics.
 */
export function sentenceStats(
  metric: AnyMetric,
  site: CallSite,
  gold: GoldSentence,
  hypothesis: Tokens,
  options: Options,
  index: number,
  edits?: readonly Edit[],
): unknown {
  return checkedStats(metric, gold, hypothesis, options, index, site, edits);
}

/**
 * One metric's score from statistics, checked: `corpus` (an array of sentence statistics)
 * or `sentence` (one sentence's).
 *
 * @param metric The metric.
 * @param site Plugin, system and gold file.
 * @param fn Which score.
 * @param stats The statistics.
 * @param options Resolved options.
 * @param index For `sentence`: the 0-based index.
 * @param line For `sentence`: its line in the gold file.
 * @returns The score.
 */
export function scoreOf(
  metric: AnyMetric,
  site: CallSite,
  fn: "corpus" | "sentence",
  stats: unknown,
  options: Options,
  index?: number,
  line?: number,
): Score {
  return checkedScore(metric, fn, stats, options, site, index, line);
}

/**
 * One metric's explanation of one sentence; a fault is named like a fault in scoring.
 *
 * @example Usage
 * ```ts
 * import { explainSentence } from "./engine.ts";
 * import assert from "node:assert/strict";
 *
 * const metric = { id: "bad", explain: () => { throw new Error("no"); } } as never;
 * assert.throws(
 *   () => explainSentence(metric, { system: "A" }, { source: ["a"] }, ["a"], {}, 1),
 *   /^PluginError: Metric "bad", system A, sentence 2: explain\(\) threw Error: no$/,
 * );
 * ```
 *
 * @param metric The metric.
 * @param site Plugin, system and gold file.
 * @param gold The gold sentence.
 * @param hypothesis The hypothesis.
 * @param options Resolved options.
 * @param index The sentence's 0-based index.
 * @param edits The system's own edits of this sentence, if any.
 * @returns The explanation.
 */
export function explainSentence(
  metric: AnyMetric,
  site: CallSite,
  gold: GoldSentence,
  hypothesis: Tokens,
  options: Options,
  index: number,
  edits?: readonly Edit[],
): Explanation {
  try {
    return metric.explain(gold, hypothesis, options, edits);
  } catch (error) {
    if (error instanceof InputError || error instanceof UsageError) throw error;
    if (error instanceof PluginError) {
      if (!error.detail) throw error;
      throw new PluginError(`${where(metric, site, index, gold.line)}: ${error.detail}`);
    }
    const what = error instanceof Error
      ? `${error.name}: ${error.message.split("\n")[0]}`
      : String(error).split("\n")[0];
    const named = new PluginError(
      `${where(metric, site, index, gold.line)}: explain() threw ${what}`,
    );
    Object.defineProperty(named, "cause", { value: error, enumerable: false, configurable: true });
    throw named;
  }
}
