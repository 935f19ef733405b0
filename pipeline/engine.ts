/**
 * The run engine: every command that scores (`score` in each output format, `show`,
 * `report`, `meta`'s on-the-fly scores, the drop-ins and the REPL) goes through here. A run
 * is put together once ({@linkcode planRun}: metrics picked, options resolved, systems
 * checked), then carried out serially, on workers, or streamed; every metric call goes
 * through `sandbox/guard.ts`, so a fault is named the same way (plugin, metric, system,
 * sentence and gold line) on every path.
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
} from "../sandbox/guard.ts";
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
  metricResult,
  planRun,
  type RunPlan,
  type ScoreRequest,
  siteOf,
  type SystemResult,
} from "./scoring.ts";

export { gatherPlan, planRun, type RunPlan, siteOf };
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
}

/** Run job (system `s`, metric `k`) of a plan in this thread. */
function runJob(plan: RunPlan, s: number, k: number) {
  const system = plan.systems[s];
  const metric = plan.metrics[k];
  const job = runMetricJob(
    metric,
    plan.gold.sentences,
    system.sentences,
    plan.options[k],
    { sentences: plan.sentences, byType: plan.byType, edits: system.edits },
    siteOf(plan, s, k),
  );
  return metricResult(metric, job, plan.gold, plan.options[k], system.editsFrom);
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
 * const [result] = runPlanSync(planRun({ registry: createRegistry(), gold, systems }));
 * assert.equal(result.metrics[0].score.f, 0.8);
 * ```
 *
 * @param plan The plan.
 * @returns One result per system, in order.
 */
export function runPlanSync(plan: RunPlan): SystemResult[] {
  return plan.systems.map((system, s) => ({
    name: system.name,
    path: system.path,
    metrics: plan.metrics.map((_, k) => runJob(plan, s, k)),
  }));
}

/** A plan in this thread, yielding to the event loop between jobs (progress, cancelling). */
async function runPlanAsync(plan: RunPlan, how: RunOptions): Promise<SystemResult[]> {
  how.signal?.throwIfAborted();
  const { gold, systems, metrics } = plan;
  const total = systems.length * metrics.length * gold.sentences.length;
  let done = 0;
  const out: SystemResult[] = [];
  for (let s = 0; s < systems.length; s++) {
    const results = [];
    for (let k = 0; k < metrics.length; k++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      how.signal?.throwIfAborted();
      results.push(runJob(plan, s, k));
      done += gold.sentences.length;
      how.onProgress?.(done, total);
    }
    out.push({ name: systems[s].name, path: systems[s].path, metrics: results });
  }
  return out;
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
 * const plan = planRun({ registry: createRegistry(), gold, systems, sentences: true });
 * assert.deepEqual(await runPlan(plan, { jobs: 2 }), runPlanSync(plan));
 * ```
 *
 * @param plan The plan.
 * @param how Workers, cancelling, progress.
 * @returns One result per system, in order.
 */
export async function runPlan(plan: RunPlan, how: RunOptions = {}): Promise<SystemResult[]> {
  plan = await gatherPlan(plan, how);
  const { workers } = placement(plan, how.jobs ?? 1);
  if (!workers) {
    return how.onProgress || how.signal ? await runPlanAsync(plan, how) : runPlanSync(plan);
  }
  how.signal?.throwIfAborted();
  return await runOnWorkers(plan, how.jobs ?? 1, how.onProgress);
}

/**
 * Score systems: statistics once per system and metric, then the corpus score (and sentence
 * scores when asked) from them; {@linkcode planRun} then {@linkcode runPlanSync}.
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
 * const [result] = scoreSystems({
 *   registry: createRegistry({ builtins: false }).use(plugin),
 *   gold,
 *   systems: [system],
 *   metrics: ["exact_match"],
 * });
 * assert.equal(result.metrics[0].score.matches, 1);
 * ```
 *
 * @param request What to score.
 * @returns One result per system, in order.
 */
export function scoreSystems(request: ScoreRequest): SystemResult[] {
  return runPlanSync(planRun(request));
}

/**
 * {@linkcode scoreSystems}, one metric and system at a time, giving the event loop a turn
 * between them so that a long run can report progress (`onProgress`, in sentences) and be
 * cancelled (`signal`, checked between them).
 *
 * @example Cancelling
 * ```ts
 * import { scoreSystemsAsync } from "./engine.ts";
 * import { createRegistry, readGold } from "../mod.ts";
 * import { readHypotheses } from "../formats/text.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const system = await readHypotheses("tests/testdata/m2scorer_example_system", 3);
 * const request = { registry: createRegistry(), gold, systems: [system] };
 * const [result] = await scoreSystemsAsync(request);
 * assert.equal(result.metrics[0].metric, "m2");
 * await assert.rejects(
 *   scoreSystemsAsync({ ...request, signal: AbortSignal.abort() }),
 *   (e: Error) => e.name === "AbortError",
 * );
 * ```
 *
 * @param request What to score.
 * @returns One result per system, in order.
 */
export async function scoreSystemsAsync(request: ScoreRequest): Promise<SystemResult[]> {
  request.signal?.throwIfAborted();
  return await runPlanAsync(await gatherPlan(planRun(request), request), request);
}

/**
 * Score systems as {@linkcode scoreSystems} does, spreading the (system, metric) jobs over
 * workers ({@linkcode runPlan} with `jobs`, default `"auto"`).
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
 * assert.deepEqual(parallel, scoreSystems(request));
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
  return await runPlan(planRun(request), {
    jobs: options.jobs ?? "auto",
    signal: request.signal,
    onProgress: request.onProgress,
  });
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
