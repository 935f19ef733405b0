/**
 * The planner of the run model: a scoring request becomes a {@linkcode RunPlan} (metrics
 * picked for the gold and the systems, inputs derived, every metric's options resolved and
 * prepared once, systems checked, the refusal policy), which `engine.ts` carries out. The one
 * place options are resolved and `Metric.prepare` is called (`tests/architecture_test.ts`).
 * Shared by the command line, the REPL and library users.
 *
 * @module
 */

import { InputError, UsageError } from "../plugins/errors.ts";
import { type CallSite, checkedPrepare, type MetricJobResult } from "../checked/guard.ts";
import { resolveOptions } from "../plugins/options.ts";
import type { Registry } from "../plugins/registry.ts";
import { fullSignature } from "./signature.ts";
import type {
  AnyMetric,
  GoldCorpus,
  GoldNeed,
  Hypotheses,
  Metric,
  Options,
  OptionValue,
  PrepareContext,
  Score,
} from "../plugins/types.ts";

/**
 * What a gold corpus can give metrics: annotations (edits), error groups (given, or derived
 * from annotations) and references (given, or derived from annotations).
 *
 * @example Usage
 * ```ts
 * import { goldProvides } from "./scoring.ts";
 * import assert from "node:assert/strict";
 *
 * const provides = goldProvides({ path: "x", format: "text", sentences: [
 *   { source: ["a"], references: [["a"]] },
 * ] });
 * assert.deepEqual([...provides], ["references"]);
 * ```
 *
 * @param corpus The gold corpus.
 * @returns The needs it satisfies.
 */
export function goldProvides(corpus: GoldCorpus): Set<GoldNeed> {
  const provides = new Set<GoldNeed>();
  const all = (f: (s: GoldCorpus["sentences"][number]) => unknown) => corpus.sentences.every(f);
  if (all((s) => s.annotations)) provides.add("annotations").add("errors").add("references");
  if (all((s) => s.errors)) provides.add("errors");
  if (all((s) => s.references)) provides.add("references");
  return provides;
}

/**
 * Why a metric cannot run on a gold corpus, or undefined when it can.
 *
 * @param metric The metric.
 * @param corpus The gold.
 * @returns A sentence naming what is missing.
 */
export function unmetNeeds(metric: AnyMetric, corpus: GoldCorpus): string | undefined {
  if (metric.goldFormats && !metric.goldFormats.includes(corpus.format)) {
    return `metric ${metric.id} scores gold of format ${
      metric.goldFormats.join(" or ")
    }, not ${corpus.path} (format ${corpus.format})`;
  }
  const provides = goldProvides(corpus);
  const missing = metric.needs.filter((need) => !provides.has(need));
  if (!missing.length) return undefined;
  return `metric ${metric.id} needs ${
    missing.join(" and ")
  }, which ${corpus.path} (format ${corpus.format}) does not provide`;
}

/**
 * Why a metric that compares the systems' own edits cannot score these systems, or
 * undefined when it can.
 *
 * @param metric The metric.
 * @param systems The systems.
 * @returns A sentence naming the systems given as plain text.
 */
export function missingEdits(
  metric: AnyMetric,
  systems: readonly Hypotheses[],
): string | undefined {
  if (!metric.needsHypothesisEdits) return undefined;
  const plain = systems.filter((s) => !s.edits).map((s) => s.path);
  if (!plain.length) return undefined;
  return `metric ${metric.id} compares the system's own edits, but ${plain.join(", ")} ${
    plain.length === 1 ? "is" : "are"
  } plain text; give ${
    plain.length === 1 ? "it" : "them"
  } as a hypothesis M2 (e.g. from errant_parallel) with --hyp-m2`;
}

/** One metric's results for one system. */
export interface MetricResult {
  /** The metric id. */
  metric: string;
  /**
   * The options the results were computed with: resolved and prepared once, by the planner
   * ({@linkcode planRun}); resampling and rendering read them here and never resolve again.
   */
  options: Options;
  /**
   * The full signature: the metric's own (options, version), the number of references, the
   * gold's fingerprint and the gecscore version (see `pipeline/signature.ts`).
   */
  signature: string;
  /** The metric's own signature, `metric.signature(options)` (set by the scorers). */
  metricSignature?: string;
  /** The corpus score. */
  score: Score;
  /** Sentence scores, when asked for. */
  sentences?: Score[];
  /** The per-sentence statistics (for resampling and caching). */
  stats: unknown[];
  /** The per-error-type breakdown, when asked for and the metric has one. */
  byType?: ReturnType<NonNullable<Metric["byType"]>>;
  /**
   * The sentences (0-based) whose statistics took longer than the run's `slowerThanMs`, when
   * it was given (a run in this thread).
   */
  slow?: number[];
}

/** One system's results. */
export interface SystemResult {
  /** The system's name. */
  name: string;
  /** Its file. */
  path: string;
  /** Results by metric id, in the order the metrics were asked for. */
  metrics: MetricResult[];
}

/** What a scoring run needs (see `pipeline/engine.ts`). */
export interface ScoreRequest {
  /** The registry to look metrics up in. */
  registry: Registry;
  /** The gold. */
  gold: GoldCorpus;
  /** The systems (each with one hypothesis per gold sentence). */
  systems: Hypotheses[];
  /** Metric ids; default: every registered metric the gold can serve. */
  metrics?: string[];
  /** Raw option values by metric id, then option name. */
  options?: Record<string, Options>;
  /** Also compute sentence-level scores. */
  sentences?: boolean;
  /** Also compute per-error-type breakdowns (metrics that have `byType`). */
  byType?: boolean;
  /** Cancels an asynchronous run (`scoreSystemsAsync`), checked between jobs. */
  signal?: AbortSignal;
  /** Progress of an asynchronous run: `done` of `total` sentence evaluations. */
  onProgress?: (done: number, total: number) => void;
  /**
   * What happens when a metric refuses a sentence (an input error raised by its own job, e.g.
   * a sentence past its bounds): `"fail"` (the default) ends the run with that error; `"skip"`
   * leaves the metric out of the results and keeps its error for the caller to report, as
   * long as another metric remains.
   */
  onRefusal?: "fail" | "skip";
}

/** What a run does when a metric refuses a sentence (see {@linkcode ScoreRequest.onRefusal}). */
export type RefusalPolicy = "fail" | "skip";

/**
 * Pick the metrics of a run: the ids asked for (each must be registered and servable by the
 * gold and the systems), or every registered metric the gold can serve (metrics that need the
 * systems' own edits only when every system came with edits).
 *
 * @param registry The registry.
 * @param gold The gold.
 * @param ids The ids asked for, if any.
 * @param systems The systems, when known: metrics that need hypothesis edits are checked.
 * @returns The metrics.
 */
export function selectMetrics(
  registry: Registry,
  gold: GoldCorpus,
  ids?: string[],
  systems?: readonly Hypotheses[],
): AnyMetric[] {
  if (ids && ids.length) {
    const metrics = ids.map((id) => registry.metric(id));
    for (const metric of metrics) {
      const problem = unmetNeeds(metric, gold) ?? (systems && missingEdits(metric, systems));
      if (problem) throw new InputError(problem);
    }
    return metrics;
  }
  // A metric that gathers (asks a model server) runs only when asked for by id.
  const metrics = registry.metrics.filter((m) =>
    !m.gather && !unmetNeeds(m, gold) &&
    !(m.needsHypothesisEdits && (!systems || missingEdits(m, systems)))
  );
  if (!metrics.length) {
    const provides = [...goldProvides(gold)];
    const hint = gold.format === "text" ? "; for plain text give --src SRC --ref REF" : "";
    throw new InputError(
      `No registered metric can score ${gold.path} (format ${gold.format} provides ${
        provides.join(", ") || "no edits or references"
      }); registered: ${
        registry.metrics.map((m) => `${m.id} (needs ${m.needs.join(", ")})`).join(", ") ||
        "(none)"
      }${hint}`,
    );
  }
  return metrics;
}

/**
 * The metrics of a scoring request and their resolved options; every metric id the options
 * name must be registered.
 *
 * @param request What to score.
 * @returns The metrics (as {@linkcode selectMetrics} picks them) and their options, in order.
 */
export function resolveRequest(
  request: ScoreRequest,
): { metrics: AnyMetric[]; resolved: Options[] } {
  const { registry, gold, systems } = request;
  const metrics = selectMetrics(registry, gold, request.metrics, systems);
  for (const id of Object.keys(request.options ?? {})) registry.metric(id);
  const resolved = metrics.map((m) =>
    metricOptions(m, request.options?.[m.id] ?? {}, { gold: gold.sentences, systems }, {
      plugin: pluginLabel(registry, m),
    })
  );
  return { metrics, resolved };
}

/**
 * One metric's options for a run: the raw values resolved against its defaults, then
 * completed by its `prepare()` from everything scored together (GoToScorer's weights from the
 * systems). This is the one place options are resolved and prepared; every path of the engine,
 * the REPL and the renderers take the result from a plan or a result.
 *
 * @example Usage
 * ```ts
 * import { metricOptions } from "./scoring.ts";
 * import { createRegistry } from "../mod.ts";
 * import assert from "node:assert/strict";
 *
 * const m2 = createRegistry().metric("m2");
 * assert.equal(metricOptions(m2, { beta: "1" }, { gold: [], systems: [] }).beta, 1);
 * ```
 *
 * @param metric The metric.
 * @param raw Raw option values by name.
 * @param context The run's gold sentences and systems (for `prepare()`).
 * @param site Who brought the metric (its plugin), for messages.
 * @returns The options to score with.
 */
export function metricOptions(
  metric: AnyMetric,
  raw: Readonly<Record<string, OptionValue>>,
  context: PrepareContext,
  site: CallSite = {},
): Options {
  const options = resolveOptions<Options>(metric, raw);
  return metric.prepare ? checkedPrepare(metric, options, context, site) : options;
}

/**
 * The options of metrics scored as a stream: resolved, and prepared from an empty run (a
 * stream holds no whole corpus); a metric whose `prepare()` needs the whole run (GoToScorer's
 * `weights=systems`) cannot be streamed, which is a usage error naming it.
 *
 * @param metrics The metrics.
 * @param raw Raw option values by metric id, then name.
 * @param registry The registry the metrics come from: a fault then names the metric's plugin.
 * @returns The options, in order.
 */
export function streamOptions(
  metrics: readonly AnyMetric[],
  raw: Readonly<Record<string, Readonly<Record<string, OptionValue>>>>,
  registry?: Registry,
): Options[] {
  return metrics.map((m) => {
    try {
      return metricOptions(m, raw[m.id] ?? {}, { gold: [], systems: [] }, {
        plugin: registry && pluginLabel(registry, m),
      });
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      throw new UsageError(
        `metric ${m.id} completes its options from the whole run (${error.message}); ` +
          "it cannot be scored as a stream: score the corpus whole",
      );
    }
  });
}

/**
 * The metrics a request names that compare the systems' own edits, when a system came as plain
 * text: the planner then derives those edits with the annotator (see
 * {@linkcode deriveInputs}). Metrics picked by default never ask for it: the default set
 * leaves such metrics out for plain-text systems.
 *
 * @param request What to score.
 * @returns Whether the run needs the annotator.
 */
export function needsAnnotation(
  request: Pick<ScoreRequest, "registry" | "metrics" | "systems">,
): boolean {
  if (request.systems.every((s) => s.edits)) return false;
  const ids = request.metrics ?? [];
  return request.registry.metrics.some((m) => m.needsHypothesisEdits && ids.includes(m.id));
}

/**
 * The steps that derive a run's inputs: plain-text systems scored by a metric that compares
 * edits get them from gecscore's annotator (loaded on first need). Systems given with their own
 * edits (a hypothesis M2) keep them.
 *
 * @param request What to score.
 * @returns The systems to score, annotated where the run needs it.
 */
export async function deriveInputs(request: ScoreRequest): Promise<Hypotheses[]> {
  if (!needsAnnotation(request)) return request.systems;
  // Picked (and checked) before the annotator loads: an unknown id is named first.
  selectMetrics(request.registry, request.gold, request.metrics);
  return await deriveEdits(request.gold, request.systems);
}

/**
 * Edits for every plain-text system from gecscore's annotator (loaded on first need), as
 * `edits:gecscore-<version>`; systems with their own edits are kept as they are. The REPL's
 * `annotate` asks for it; runs ask through {@linkcode planRun}.
 *
 * @param gold The gold (its sources are the original sentences).
 * @param systems The systems.
 * @returns The systems, annotated.
 */
export async function deriveEdits(
  gold: GoldCorpus,
  systems: readonly Hypotheses[],
): Promise<Hypotheses[]> {
  const { annotatePlainSystems } = await import("./annotate_systems.ts");
  return await annotatePlainSystems(gold, systems, [{ needsHypothesisEdits: true }]);
}

/**
 * A scoring run, put together once: the metrics picked, their options resolved, every system
 * checked against the gold, and where each (system, metric) job runs for messages. Every
 * path of the engine (serial, on workers, streamed, one sentence at a time) reads from it, so
 * options are resolved and errors are named in one place.
 */
export interface RunPlan {
  /** The registry the metrics come from. */
  readonly registry: Registry;
  /** The gold. */
  readonly gold: GoldCorpus;
  /** The systems, each checked to have one hypothesis per gold sentence. */
  readonly systems: readonly Hypotheses[];
  /** The metrics, in the order asked for. */
  readonly metrics: readonly AnyMetric[];
  /** `options[k]`: the options of `metrics[k]`, resolved and prepared once. */
  readonly options: readonly Options[];
  /** Also compute sentence-level scores. */
  readonly sentences: boolean;
  /** Also compute per-error-type breakdowns. */
  readonly byType: boolean;
  /** What the executor does when a metric refuses a sentence. */
  readonly onRefusal: "fail" | "skip";
  /** True once the metrics' `gather` steps have completed the options (`gatherPlan()`). */
  readonly gathered?: boolean;
}

/**
 * Put a scoring run together: derive the inputs the metrics need ({@linkcode deriveInputs}:
 * plain-text systems annotated for metrics that compare edits), pick the metrics
 * ({@linkcode selectMetrics}), check that every option names a registered metric, resolve and
 * prepare the options once and check each system's length.
 *
 * @example Usage
 * ```ts
 * import { planRun } from "./scoring.ts";
 * import { createRegistry, readGold } from "../mod.ts";
 * import { readHypotheses } from "../formats/text.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const systems = [await readHypotheses("tests/testdata/m2scorer_example_system", 3)];
 * const plan = await planRun({ registry: createRegistry(), gold, systems, metrics: ["m2"],
 *   options: { m2: { beta: "1" } } });
 * assert.equal(plan.options[0].beta, 1);
 * ```
 *
 * @param request What to score.
 * @returns The plan.
 */
export async function planRun(request: ScoreRequest): Promise<RunPlan> {
  return planInputs({ ...request, systems: await deriveInputs(request) });
}

/**
 * {@linkcode planRun} for inputs that need no deriving (every system that a metric compares
 * edits of has them): synchronous.
 *
 * @param request What to score.
 * @returns The plan.
 */
export function planInputs(request: ScoreRequest): RunPlan {
  const { metrics, resolved } = resolveRequest(request);
  for (const system of request.systems) checkLength(system, request.gold);
  return {
    registry: request.registry,
    gold: request.gold,
    systems: request.systems,
    metrics,
    options: resolved,
    sentences: request.sentences === true,
    byType: request.byType === true,
    onRefusal: request.onRefusal ?? "fail",
  };
}

/**
 * Where job (system `s`, metric `k`) of a plan runs, for messages.
 *
 * @param plan The plan.
 * @param s The system's index.
 * @param k The metric's index.
 * @returns The call site.
 */
export function siteOf(plan: RunPlan, s: number, k: number): CallSite {
  return callSite(plan.registry, plan.metrics[k], plan.systems[s], plan.gold);
}

/**
 * Check that a system has one line per gold sentence.
 *
 * @param system The system.
 * @param gold The gold.
 */
export function checkLength(system: Hypotheses, gold: GoldCorpus): void {
  if (system.sentences.length !== gold.sentences.length) {
    throw new InputError(
      `has ${system.sentences.length} lines but the gold has ${gold.sentences.length} sentences`,
      system.path,
    );
  }
}

/** The plugin that brought a metric, `name version`, or undefined for a built-in one. */
function pluginLabel(registry: Registry, metric: AnyMetric): string | undefined {
  const plugin = registry.pluginOf(metric.id);
  return plugin ? `${plugin.name} ${plugin.version}` : undefined;
}

/**
 * Where a metric runs, for messages: its plugin (unless built in), the system, the gold.
 *
 * @param registry The registry the metric is in.
 * @param metric The metric.
 * @param system The system.
 * @param gold The gold.
 * @returns The call site.
 */
export function callSite(
  registry: Registry,
  metric: AnyMetric,
  system: Pick<Hypotheses, "name">,
  gold: Pick<GoldCorpus, "path">,
): CallSite {
  return {
    plugin: pluginLabel(registry, metric),
    system: system.name,
    goldPath: gold.path,
  };
}

/**
 * A {@linkcode MetricResult} from a job's result (the fields in their fixed order).
 *
 * @param metric The metric.
 * @param job What the job computed.
 * @param gold The gold corpus.
 * @param options The metric's options.
 * @param system Where the system's edits came from (`Hypotheses.editsFrom`: a metric that
 * compares edits states it in its signature, `edits:file` by default) and the format it was
 * read with (`SystemOutput.format`: the signature names it when it is not gecscore's own).
 * @returns The result.
 */
export function metricResult(
  metric: AnyMetric,
  job: MetricJobResult,
  gold: GoldCorpus,
  options: Options,
  system: Pick<Hypotheses, "editsFrom"> & { format?: string } = {},
): MetricResult {
  const edits = metric.needsHypothesisEdits ? `|edits:${system.editsFrom ?? "file"}` : "";
  const result: MetricResult = {
    metric: metric.id,
    options,
    signature: fullSignature(metric, options, gold, system.format) + edits,
    metricSignature: job.signature,
    score: job.score,
    stats: job.stats,
  };
  if (job.sentences) result.sentences = job.sentences;
  if (job.byType) result.byType = job.byType;
  if (job.slow) result.slow = job.slow;
  return result;
}
