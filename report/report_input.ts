/**
 * Score systems for the report: the same statistics and scores as `gecscore score` (one
 * {@linkcode scoreSystems} run with sentence scores), plus what the page shows beyond them:
 * corpus scores per sentence-length bucket (from the statistics of the bucket's sentences), the
 * references, and the gold edits each system matched (when M2 runs on an annotated gold).
 * The per-type breakdowns come from `type_breakdowns.ts`.
 *
 * @module
 */

import { fullSignature } from "../pipeline/signature.ts";
import { referenceRewrites } from "../formats/references.ts";
import { headlineValue } from "../plugins/headline.ts";
import { tableFields } from "../render/fields.ts";
import type { ScoreRequest, SystemResult } from "../pipeline/scoring.ts";
import { gatherPlan, planRun, type RunPlan, runPlan, scoreOf } from "../pipeline/engine.ts";
import { callSite } from "../pipeline/scoring.ts";
import type { AnyMetric, GoldSentence, Options, Score, Tokens } from "../plugins/types.ts";
import {
  assessSignificance,
  assessWithResamples,
  bootstrapCount,
  type MetricSignificance,
  type SignificanceRequest,
  type SystemStats,
} from "../pipeline/significance.ts";
import {
  bootstrapOnWorkers,
  type BootstrapTask,
  startBootstrap,
} from "../pipeline/bootstrap_pool.ts";
import { placement } from "../pipeline/parallel.ts";
import { DEFAULT_SEED } from "../pipeline/resample.ts";
import { typeBreakdowns } from "./type_breakdowns.ts";
import { attackRanks } from "../meta/attack_ranks.ts";
import type {
  ReportBucket,
  ReportHuman,
  ReportInput,
  ReportSentence,
  ReportSignificance,
  ReportSystem,
  ReportTypeBreakdown,
} from "./types.ts";

/** What {@linkcode reportInput} needs: a scoring request and the optional extra sections. */
export interface ReportRequest extends ScoreRequest {
  /** The page title (default: "gecscore report: " and the gold's file name). */
  title?: string;
  /**
   * Resample for confidence intervals, paired tests against the first system and rank ranges
   * (each metric's headline; metrics that are not resamplable are left out, with a warning).
   */
  resampling?: SignificanceRequest;
  /** Confidence intervals and paired p-values computed elsewhere (instead of `resampling`). */
  significance?: ReportSignificance;
  /** Per-type breakdowns (default: from every metric with `byType`, when the gold has types). */
  types?: ReportTypeBreakdown[];
  /** Human judgments of the systems: one entry per human ranking. */
  human?: ReportHuman[];
  /** What made the page. */
  generator?: string;
  /**
   * The names of systems that are adversarial outputs (attack-gec-metrics): the page shows
   * where each metric ranks them among the other systems.
   */
  attacks?: readonly string[];
}

/** Upper bounds (inclusive) of the sentence-length buckets, in source tokens. */
const BUCKET_EDGES = [10, 20, 30, 40];

function bucketOf(length: number): number {
  const k = BUCKET_EDGES.findIndex((edge) => length <= edge);
  return k < 0 ? BUCKET_EDGES.length : k;
}

function bucketLabel(k: number): string {
  if (k === 0) return `1-${BUCKET_EDGES[0]}`;
  if (k === BUCKET_EDGES.length) return `${BUCKET_EDGES[k - 1] + 1}+`;
  return `${BUCKET_EDGES[k - 1] + 1}-${BUCKET_EDGES[k]}`;
}

function headline(score: Score, path: string): number {
  const value = headlineValue(score, path);
  return typeof value === "number" ? value : NaN;
}

function references(sentence: GoldSentence): Tokens[] {
  if (!sentence.references && !sentence.annotations) return [];
  return referenceRewrites(sentence);
}

function editTypes(sentence: GoldSentence): string[] {
  const types = new Set<string>();
  for (const a of sentence.annotations ?? []) {
    for (const e of a.edits) if (e.type) types.add(e.type);
  }
  for (const e of sentence.errors ?? []) if (e.type) types.add(e.type);
  return [...types].sort();
}

function describeResampling(sig: MetricSignificance): string {
  const parts: string[] = [];
  if (sig.test === "bs") parts.push(`paired bootstrap test (${sig.samples} resamples)`);
  if (sig.test === "ar") parts.push(`paired approximate randomization (${sig.trials} trials)`);
  if (sig.samples !== undefined) {
    parts.push(`95% bootstrap percentile intervals (${sig.samples} resamples)`);
  }
  if (sig.systems.some((s) => s.rank)) {
    parts.push(`rank ranges from every pair (Holm's correction at ${sig.alpha})`);
  }
  return `${parts.join("; ")}; seed ${sig.seed}`;
}

/**
 * The report's significance data from resampling results (one per metric).
 *
 * @example Usage
 * ```ts
 * import { reportSignificance } from "./report_input.ts";
 * import assert from "node:assert/strict";
 *
 * const sig = reportSignificance([{
 *   metric: "m2", headline: "f", test: "bs", samples: 100, seed: 1, alpha: 0.05,
 *   signature: "bs:100|seed:1",
 *   systems: [
 *     { name: "A", value: 0.5, ci: { mean: 0.5, lower: 0.4, upper: 0.6, half_width: 0.1 } },
 *     { name: "B", value: 0.3, p_value: 0.02, ci: { mean: 0.3, lower: 0.2, upper: 0.4, half_width: 0.1 } },
 *   ],
 * }]);
 * assert.deepEqual(sig.pValues, [{ system: "B", metric: "m2", p: 0.02 }]);
 * assert.deepEqual(sig.intervals[0], { system: "A", metric: "m2", low: 0.4, high: 0.6 });
 * assert.equal(sig.signatures?.m2, "bs:100|seed:1");
 * ```
 *
 * @param results Resampling results of each metric.
 * @returns Intervals, p-values, rank ranges and signatures.
 */
export function reportSignificance(results: readonly MetricSignificance[]): ReportSignificance {
  const out: ReportSignificance = {
    method: results.length ? describeResampling(results[0]) : "",
    level: 0.95,
    intervals: [],
    pValues: [],
    signatures: {},
  };
  for (const sig of results) {
    out.signatures![sig.metric] = sig.signature;
    for (const s of sig.systems) {
      if (s.ci) {
        out.intervals.push({
          system: s.name,
          metric: sig.metric,
          low: s.ci.lower,
          high: s.ci.upper,
        });
      }
      if (s.p_value !== undefined) {
        out.pValues.push({ system: s.name, metric: sig.metric, p: s.p_value });
      }
      if (s.rank) {
        (out.ranks ??= []).push({
          system: s.name,
          metric: sig.metric,
          best: s.rank[0],
          worst: s.rank[1],
        });
      }
    }
  }
  return out;
}

/** A planned run for the report: the engine's plan with sentence scores and per-type data. */
async function reportPlan(request: ReportRequest): Promise<RunPlan> {
  return await planRun({ ...request, sentences: true, byType: !request.types });
}

/**
 * Score the systems and gather everything the report page shows.
 *
 * @example Usage
 * ```ts
 * import { reportInput } from "./report_input.ts";
 * import { createRegistry, readGold } from "../mod.ts";
 * import { readHypotheses } from "../formats/text.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const system = await readHypotheses("tests/testdata/m2scorer_example_system2", 3);
 * const input = await reportInput({ registry: createRegistry(), gold, systems: [system], metrics: ["m2"] });
 * assert.equal((input.systems[0].scores.m2.f as number).toFixed(4), "0.7143");
 * assert.equal(input.systems[0].sentenceScores.m2.length, 3);
 * assert.equal(input.edits?.compared.length, 3);
 * ```
 *
 * @param request The systems, gold, metrics and options, and the optional extra sections.
 * @returns The report's input.
 */
export async function reportInput(request: ReportRequest): Promise<ReportInput> {
  // Metrics that ask a model server get their answers first, for every system at once.
  const plan = await gatherPlan(await reportPlan(request));
  const results = await runPlan(plan);
  const input = gatherInput(request, plan, results);
  const significance = resamplable(request, plan, results);
  const assessed = significance.map(({ k, metric, systems }) =>
    assessSignificance(metric, plan.options[k], systems, request.resampling!)
  );
  return finishInput(input, request, results, plan.metrics, assessed);
}

/** How {@linkcode reportInputParallel} uses threads. */
export interface ReportThreads {
  /** A number, or `"auto"` (default: one per core for runs big enough). */
  jobs?: number | "auto";
  /**
   * Force scoring here while the first metrics resample (true) or scoring first (false), for
   * tests and benchmarks (default: the former when the engine would score here).
   */
  overlap?: boolean;
  /**
   * Work for this thread while workers resample, on the input gathered so far (everything but
   * the significance results, warnings, human judgments and generator); awaited before this
   * thread joins the resampling. Called only when the scoring and resampling overlap.
   */
  whileResampling?: (input: ReportInput) => Promise<unknown>;
}

/**
 * {@linkcode reportInput} on several cores. When the engine would score the run on this
 * thread (a run too small to repay its workers), the systems are scored here one metric
 * after another, and the bootstrap resamples of each (behind the intervals and paired tests)
 * start on workers as soon as its statistics are ready, while this thread scores the next
 * one and then gathers the rest of the page. Larger runs are scored on the engine's
 * workers (`runPlan` with `jobs`), then resampled on workers while this thread gathers the
 * page. The input is the one {@linkcode reportInput} gives, number for number.
 *
 * @example Usage
 * ```ts
 * import { reportInput, reportInputParallel } from "./report_input.ts";
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
 * const serial = await reportInput(request);
 * assert.deepEqual(await reportInputParallel(request, { jobs: 2 }), serial);
 * assert.deepEqual(await reportInputParallel(request, { jobs: 2, overlap: false }), serial);
 * ```
 *
 * @param request The systems, gold, metrics and options, and the optional extra sections.
 * @param how Threads, and work for this thread while workers resample.
 * @returns The report's input.
 */
export async function reportInputParallel(
  request: ReportRequest,
  how: ReportThreads = {},
): Promise<ReportInput> {
  const jobs = how.jobs ?? "auto";
  // Metrics that ask a model server get their answers first, for every system at once.
  const plan = await gatherPlan(await reportPlan(request));
  const overlapped = await overlappedInput(request, plan, jobs, how);
  if (overlapped) return overlapped;
  const results = await runPlan(plan, { jobs });
  const significance = resamplable(request, plan, results);
  let input: ReportInput | undefined;
  const gather = () => input = gatherInput(request, plan, results);
  let assessed: MetricSignificance[] = [];
  if (significance.length) {
    const n = plan.gold.sentences.length;
    const seed = request.resampling!.seed ?? DEFAULT_SEED;
    const samples = bootstrapCount(request.resampling!, results.length);
    if (samples !== undefined && n > 0) {
      // Every system's bootstrap scores of every metric, spread over the threads while this
      // one gathers the page's other data; then intervals and tests from them.
      const tasks = significance.flatMap(({ k, metric, systems }) =>
        systems.map((s) => bootstrapTask(request, plan, k, metric, s.stats))
      );
      const scores = await bootstrapOnWorkers(plan.registry, tasks, { samples, seed }, {
        jobs,
        meanwhile: gather,
      });
      assessed = assessAll(request, plan, significance, scores);
    } else {
      assessed = significance.map(({ k, metric, systems }) =>
        assessSignificance(metric, plan.options[k], systems, request.resampling!)
      );
    }
  }
  input ??= gather();
  return finishInput(input, request, results, plan.metrics, assessed);
}

/** One metric's bootstrap task for one system. */
function bootstrapTask(
  request: ReportRequest,
  plan: RunPlan,
  k: number,
  metric: AnyMetric,
  stats: readonly unknown[],
): BootstrapTask {
  return {
    metric,
    options: plan.options[k],
    stats,
    path: request.resampling!.headline ?? metric.headline,
  };
}

/** Intervals and tests of each resampled metric from its systems' bootstrap scores. */
function assessAll(
  request: ReportRequest,
  plan: RunPlan,
  significance: ReturnType<typeof resamplable>,
  scores: readonly Float64Array[],
): MetricSignificance[] {
  let at = 0;
  return significance.map(({ k, metric, systems }) =>
    assessWithResamples(
      metric,
      plan.options[k],
      systems,
      request.resampling!,
      scores.slice(at, at += systems.length),
    )
  );
}

/**
 * The input of a run whose scoring stays on this thread (the engine would not start workers
 * for it) but whose bootstrap gets several threads: each system's metrics are scored here one
 * after another, and the resamples of each start on the workers as soon as its statistics are
 * ready, while this thread scores the next one; then this thread gathers the page's data and
 * joins the workers. Undefined when the run does not fit that shape (`overlap` forces the choice).
 */
async function overlappedInput(
  request: ReportRequest,
  plan: RunPlan,
  jobs: number | "auto",
  { overlap, whileResampling }: ReportThreads,
): Promise<ReportInput | undefined> {
  const { resampling } = request;
  const n = plan.gold.sentences.length;
  const count = plan.systems.length;
  const samples = resampling && count ? bootstrapCount(resampling, count) : undefined;
  const tested = plan.metrics.flatMap((m, k) => m.notResamplable ? [] : [k]);
  if (samples === undefined || n === 0 || !tested.length || overlap === false) return undefined;
  if (overlap === undefined && placement(plan, "auto").workers) return undefined;
  const run = startBootstrap(plan.registry, { samples, seed: resampling!.seed ?? DEFAULT_SEED }, {
    jobs,
    n,
    metrics: tested.flatMap((k) => plan.systems.map(() => plan.metrics[k])),
  });
  if (run.threads <= 1) {
    run.cancel();
    return undefined;
  }
  // System by system, every metric of a system in turn (the engine's order on one thread):
  // each system's resamples of each metric go to the workers as soon as its statistics are
  // ready, so the workers get work of every metric all along, whichever resamples slowest.
  const results: SystemResult[] = [];
  /** The order tasks were added in: the task of metric `tested[t]` and system `s`. */
  const added: { t: number; s: number }[] = [];
  try {
    for (let s = 0; s < plan.systems.length; s++) {
      let result: SystemResult | undefined;
      for (let k = 0; k < plan.metrics.length; k++) {
        const [part] = await runPlan({
          ...plan,
          systems: [plan.systems[s]],
          metrics: [plan.metrics[k]],
          options: [plan.options[k]],
        }, { jobs: 1 });
        if (result) result.metrics.push(part.metrics[0]);
        else result = part;
        const t = tested.indexOf(k);
        if (t >= 0) {
          run.add([bootstrapTask(request, plan, k, plan.metrics[k], part.metrics[0].stats)]);
          added.push({ t, s });
        }
      }
      results.push(result!);
    }
  } catch (error) {
    run.cancel();
    throw error;
  }
  const significance = resamplable(request, plan, results);
  let input: ReportInput;
  try {
    input = gatherInput(request, plan, results);
    await whileResampling?.(input);
  } catch (error) {
    run.cancel();
    throw error;
  }
  const scores: Float64Array[] = [];
  (await run.finish()).forEach((values, a) => {
    scores[added[a].t * plan.systems.length + added[a].s] = values;
  });
  const assessed = assessAll(request, plan, significance, scores);
  return finishInput(input, request, results, plan.metrics, assessed);
}

/** The metrics that get intervals and tests (all but those that cannot be resampled). */
function resamplable(request: ReportRequest, plan: RunPlan, results: readonly SystemResult[]) {
  if (!request.resampling || !results.length) return [];
  return plan.metrics.flatMap((metric, k) =>
    metric.notResamplable ? [] : [{
      k,
      metric,
      systems: results.map((r): SystemStats => ({ name: r.name, stats: r.metrics[k].stats })),
    }]
  );
}

/** Everything the page shows but the significance results and warnings. */
function gatherInput(
  request: ReportRequest,
  plan: RunPlan,
  results: readonly SystemResult[],
): ReportInput {
  const { registry, gold, metrics } = plan;
  const options = plan.options as Options[];
  const input: ReportInput = {
    title: request.title ?? `gecscore report: ${gold.path.split(/[\\/]/).pop()}`,
    gold: gold.path,
    goldFormat: gold.format,
    metrics: metrics.map((metric, k) => ({
      id: metric.id,
      headline: metric.headline,
      columns: tableFields(metric, results[0]?.metrics[k].score ?? {}),
      signature: results[0]?.metrics[k].signature ?? fullSignature(metric, options[k], gold),
      ...(metric.lowerIsBetter ? { lowerIsBetter: true } : {}),
    })),
    systems: results.map((r, s): ReportSystem => {
      const system = plan.systems[s];
      return {
        name: r.name,
        sentences: system.sentences,
        scores: Object.fromEntries(r.metrics.map((m) => [m.metric, m.score])),
        sentenceScores: Object.fromEntries(
          r.metrics.map((
            m,
            k,
          ) => [m.metric, m.sentences!.map((x) => headline(x, metrics[k].headline))]),
        ),
        ...(system.edits ? { edits: system.edits } : {}),
        ...(system.edits && system.editsFrom ? { editsFrom: system.editsFrom } : {}),
      };
    }),
    sentences: gold.sentences.map((sentence): ReportSentence => ({
      source: sentence.source,
      references: references(sentence),
      types: editTypes(sentence),
    })),
  };
  // Where each metric ranks the adversarial outputs among the other systems.
  const attacked = new Set(request.attacks ?? []);
  if (attacked.size) {
    const names = input.systems.map((s) => s.name);
    input.attacks = attackRanks(
      input.metrics.map((m) => ({
        name: m.id,
        metric: m.id,
        lp: "",
        testset: "",
        path: "",
        scores: new Map(input.systems.map((s) => [s.name, headline(s.scores[m.id], m.headline)])),
      })),
      names.filter((n) => !attacked.has(n)),
      names.filter((n) => attacked.has(n)),
      (id) => input.metrics.find((m) => m.id === id)?.lowerIsBetter === true,
    );
  }
  // Corpus scores of each length bucket, from the statistics of its sentences.
  const byBucket = new Map<number, number[]>();
  gold.sentences.forEach((s, i) => {
    const k = bucketOf(s.source.length);
    if (!byBucket.has(k)) byBucket.set(k, []);
    byBucket.get(k)!.push(i);
  });
  input.buckets = [...byBucket.keys()].sort((a, b) => a - b).map((k): ReportBucket => {
    const indices = byBucket.get(k)!;
    return {
      label: bucketLabel(k),
      count: indices.length,
      scores: Object.fromEntries(results.map((r) => [
        r.name,
        Object.fromEntries(metrics.map((metric, m) => {
          const stats = indices.map((i) => r.metrics[m].stats[i]);
          const site = callSite(registry, metric, r, gold);
          const score = scoreOf(metric, site, "corpus", stats, options[m]);
          return [metric.id, headline(score, metric.headline)];
        })),
      ])),
    };
  });
  // Gold edits matched and missed, from the sentence view of the first scored metric that
  // has one (the built-in M2 metric's counts them as the m2scorer does).
  const viewed = metrics.findIndex((m) => registry.viewsOf(m.id).length > 0);
  if (viewed >= 0 && results.length) {
    input.edits = registry.viewsOf(metrics[viewed].id)[0].sentenceEdits({
      gold: gold.sentences,
      systems: plan.systems.map((s) => s.sentences),
      stats: results.map((r) => r.metrics[viewed].stats),
      options: options[viewed],
    });
  }
  const breakdowns = request.types ?? typeBreakdowns(results, metrics.map((m) => m.id));
  if (breakdowns.length) input.types = breakdowns;
  return input;
}

/** The significance results, the human judgments and the warnings, added to the input. */
function finishInput(
  input: ReportInput,
  request: ReportRequest,
  results: readonly SystemResult[],
  metrics: readonly AnyMetric[],
  assessed: readonly MetricSignificance[],
): ReportInput {
  const warnings: string[] = [];
  if (request.resampling && results.length) {
    let next = 0;
    for (const metric of metrics) {
      if (metric.notResamplable) {
        warnings.push(`${metric.id}: no intervals or tests: ${metric.notResamplable}`);
        continue;
      }
      for (const w of assessed[next++].warnings ?? []) warnings.push(`${metric.id}: ${w}`);
    }
    input.significance = reportSignificance(assessed);
  }
  if (request.significance) input.significance = request.significance;
  if (request.human?.length) input.human = request.human;
  if (request.generator) input.generator = request.generator;
  warnings.unshift(...results.flatMap((r) =>
    r.metrics.flatMap((m) => {
      const list = (m.score as { warnings?: unknown }).warnings;
      return Array.isArray(list) ? list.map((w) => `${m.metric} on ${r.name}: ${w}`) : [];
    })
  ));
  if (warnings.length) input.warnings = warnings;
  return input;
}
