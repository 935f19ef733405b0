/**
 * Scoring runs: read a gold corpus and system outputs, compute every metric's per-sentence
 * statistics once, then corpus and sentence scores from them. Shared by the command line,
 * the REPL and library users.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type { CallSite, MetricJobResult } from "../sandbox/guard.ts";
import { resolveOptions } from "../plugins/options.ts";
import type { Registry } from "../plugins/registry.ts";
import { fullSignature } from "./signature.ts";
import type {
  AnyMetric,
  GoldCorpus,
  GoldNeed,
  Hypotheses,
  Options,
  OptionValue,
  Score,
  TypeBreakdown,
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
  byType?: TypeBreakdown;
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
  options?: Record<string, Record<string, OptionValue>>;
  /** Also compute sentence-level scores. */
  sentences?: boolean;
  /** Also compute per-error-type breakdowns (metrics that have `byType`). */
  byType?: boolean;
  /** Cancels an asynchronous run (`scoreSystemsAsync`), checked between jobs. */
  signal?: AbortSignal;
  /** Progress of an asynchronous run: `done` of `total` sentence evaluations. */
  onProgress?: (done: number, total: number) => void;
}

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
  const metrics = registry.metrics.filter((m) =>
    !unmetNeeds(m, gold) && !(m.needsHypothesisEdits && (!systems || missingEdits(m, systems)))
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
  const resolved = metrics.map((m) => {
    const options = resolveOptions<Options>(m, request.options?.[m.id] ?? {});
    const context = { gold: gold.sentences, systems };
    return m.prepare ? m.prepare(options, context) : options;
  });
  return { metrics, resolved };
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
  /** `options[k]`: the resolved options of `metrics[k]`. */
  readonly options: readonly Options[];
  /** Also compute sentence-level scores. */
  readonly sentences: boolean;
  /** Also compute per-error-type breakdowns. */
  readonly byType: boolean;
}

/**
 * Put a scoring run together: pick the metrics ({@linkcode selectMetrics}), check that every
 * option names a registered metric, resolve the options once and check each system's length.
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
 * const plan = planRun({ registry: createRegistry(), gold, systems, metrics: ["m2"],
 *   options: { m2: { beta: "1" } } });
 * assert.equal(plan.options[0].beta, 1);
 * ```
 *
 * @param request What to score.
 * @returns The plan.
 */
export function planRun(request: ScoreRequest): RunPlan {
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
  const plugin = registry.pluginOf(metric.id);
  return {
    plugin: plugin ? `${plugin.name} ${plugin.version}` : undefined,
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
 * @param editsFrom Where the system's edits came from (`Hypotheses.editsFrom`): a metric that
 * compares edits states it in its signature, `edits:file` by default.
 * @returns The result.
 */
export function metricResult(
  metric: AnyMetric,
  job: MetricJobResult,
  gold: GoldCorpus,
  options: Options,
  editsFrom?: string,
): MetricResult {
  const edits = metric.needsHypothesisEdits ? `|edits:${editsFrom ?? "file"}` : "";
  const result: MetricResult = {
    metric: metric.id,
    signature: fullSignature(metric, options, gold) + edits,
    metricSignature: job.signature,
    score: job.score,
    stats: job.stats,
  };
  if (job.sentences) result.sentences = job.sentences;
  if (job.byType) result.byType = job.byType;
  return result;
}
