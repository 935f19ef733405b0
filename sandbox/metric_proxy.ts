/**
 * The main thread's stand-in for a boxed metric (see `host.ts`): its plain fields as the
 * plugin's worker described them (frozen), its functions as synchronous calls into the worker.
 * Every optional member crosses: `columns`, `compactColumns`, `columnLabels`, `paperColumns`,
 * `orderSensitive`
 * (a function of the options too), `notResamplable`, `needsHypothesisEdits`, `prepare`,
 * `byType`, `accumulator` and `resampler`. A metric without its own `resampler` gets one too:
 * its statistics cross once and the worker scores resamples from their indices. `gather` (a
 * model server's answers) is refused by name: the box has no network.
 *
 * @module
 */

import { PluginError } from "../plugins/errors.ts";
import { explanationProblem } from "./output_shape.ts";
import type { MetricDescriptor } from "./host_worker.ts";
import type {
  AnyMetric,
  Edit,
  Explanation,
  GoldSentence,
  Options,
  Score,
  Tokens,
  TypeBreakdown,
} from "../plugins/types.ts";

/** How a metric proxy reaches its worker (see `PluginHost`). */
export interface MetricBridge {
  /**
   * A synchronous call of one of the metric's functions in the worker; `extraMs` more than the
   * time limit (a batch of calls, see {@linkcode statsAhead}).
   */
  call(fn: string, args: unknown[], extraMs?: number): unknown;
  /** Whether the plugin was stopped (at a limit, or for good). */
  stopped(): boolean;
  /** "Plugin NAME VERSION, metric ID", for messages. */
  label: string;
  /** A fresh key for state kept in the worker (resampled statistics, an accumulator). */
  key(): number;
  /** Put resample rows in the call buffer; false when they must travel in the message. */
  share(rows: Int32Array): boolean;
}

/**
 * Freeze a value and everything in it.
 *
 * @param value A plain value.
 * @returns The same value, frozen.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The proxy of one boxed metric.
 *
 * @param d What the worker said of the metric.
 * @param bridge The calls into the worker.
 * @returns The metric, frozen.
 */
export function metricProxy(d: MetricDescriptor, bridge: MetricBridge): AnyMetric {
  const { call } = bridge;
  /** Statistics fetched ahead (see {@linkcode statsAhead}), each given once, by gold sentence. */
  let fetched = new WeakMap<GoldSentence, Fetched>();
  const metric: { -readonly [K in keyof AnyMetric]: AnyMetric[K] } = {
    id: d.id,
    description: d.description,
    version: d.version,
    defaults: deepFreeze(d.defaults) as Options,
    optionSpecs: d.optionSpecs === undefined ? undefined : deepFreeze(d.optionSpecs),
    needs: deepFreeze(d.needs) as AnyMetric["needs"],
    goldFormats: d.goldFormats === undefined ? undefined : deepFreeze(d.goldFormats),
    headline: d.headline,
    columns: d.columns === undefined ? undefined : deepFreeze(d.columns),
    compactColumns: d.compactColumns === undefined ? undefined : deepFreeze(d.compactColumns),
    sentenceIsCorpusOfOne: d.sentenceIsCorpusOfOne,
    lowerIsBetter: d.lowerIsBetter,
    orderSensitive: d.orderSensitive === "function"
      ? (options: Options) => call("orderSensitive", [options]) === true
      : d.orderSensitive,
    notResamplable: d.notResamplable,
    needsHypothesisEdits: d.needsHypothesisEdits,
    stats: (gold: GoldSentence, hypothesis: Tokens, options: Options, edits?: readonly Edit[]) => {
      const ahead = fetched.get(gold);
      if (
        ahead && ahead.hypothesis === hypothesis && ahead.options === options &&
        ahead.edits === edits
      ) {
        fetched.delete(gold);
        return ahead.value;
      }
      return call("stats", [gold, hypothesis, options, edits]);
    },
    corpus: (stats: readonly unknown[], options: Options) =>
      call("corpus", [stats, options]) as Score,
    sentence: (stats: unknown, options: Options) => call("sentence", [stats, options]) as Score,
    explain: (
      gold: GoldSentence,
      hypothesis: Tokens,
      options: Options,
      edits?: readonly Edit[],
    ) => {
      const explanation = call("explain", [gold, hypothesis, options, edits]);
      const problem = explanationProblem(explanation);
      if (problem) {
        throw new PluginError(
          `${bridge.label}: explain() returned a malformed explanation: ${problem}`,
        );
      }
      return explanation as Explanation;
    },
    signature: (options: Options) => call("signature", [options]) as string,
  };
  // Resampling sends the statistics once; each resample then crosses with its indices only.
  // Without the metric's own resampler, the worker scores corpus() of the picked statistics.
  metric.resampler = (stats: readonly unknown[], options: Options) => {
    const key = bridge.key();
    call("resampler", [key, stats, options]);
    const score = (indices: Int32Array) => call("resample", [key, indices]) as Score;
    // Many resamples in one call: the numbers at `path` (see pipeline/resample.ts). The rows
    // go through the call buffer (copied in place, nothing to clone or collect).
    score.values = (rows: Int32Array, n: number, path: string) => {
      const shared = bridge.share(rows);
      return call("resample.values", [key, shared ? rows.length : rows, n, path]) as Float64Array;
    };
    return score;
  };
  if (d.accumulator) {
    metric.accumulator = (options: Options) => {
      const key = bridge.key();
      call("accumulator", [key, options]);
      return {
        add: (stats: unknown) => void call("accumulator.add", [key, stats]),
        score: () => call("accumulator.score", [key]) as Score,
      };
    };
  }
  for (const member of ["columnLabels", "paperColumns"] as const) {
    if (!d[member]) continue;
    metric[member] = (options: Options) => {
      const labels = call(member, [options]);
      if (
        labels === null || typeof labels !== "object" ||
        Object.values(labels).some((label) => typeof label !== "string")
      ) {
        throw new PluginError(
          `${bridge.label}: ${member}() returned ${
            labels === null ? "null" : typeof labels
          }, not labels by column`,
        );
      }
      return labels as Record<string, string>;
    };
  }
  // The run's gold and systems cross once per run, to the plugin's own prepare().
  if (d.prepare) {
    metric.prepare = (options, context) => call("prepare", [options, context]) as Options;
  }
  // A boxed plugin has no network: its gather() (a model server's answers) is refused by name.
  if (d.gather) {
    metric.gather = () =>
      Promise.reject(
        new PluginError(
          `${bridge.label}: gather() asks for network access, which a plugin in its box never ` +
            "has; such a metric must be built in",
        ),
      );
  }
  if (d.byType) {
    metric.byType = (stats, options, gold, hypotheses, edits) =>
      call("byType", [stats, options, gold, hypotheses, edits]) as TypeBreakdown;
  }
  for (const key of Object.keys(metric) as (keyof AnyMetric)[]) {
    if (metric[key] === undefined) delete metric[key];
  }
  const frozen = Object.freeze(metric);
  aheadOf.set(frozen, (golds, hypotheses, options, edits) => {
    fetched = new WeakMap();
    let values: unknown[];
    try {
      values = call(
        "stats.batch",
        [golds, hypotheses, options, edits, AHEAD_BUDGET_MS],
        AHEAD_BUDGET_MS,
      ) as unknown[];
    } catch (error) {
      // A stop (time, memory) is the caller's, as a single call's would be; anything else (a
      // value that cannot cross) is left to the single calls, which say it in their words.
      if (bridge.stopped()) throw error;
      return 0;
    }
    if (!Array.isArray(values)) return 0;
    const n = Math.min(values.length, golds.length);
    for (let i = 0; i < n; i++) {
      fetched.set(golds[i], {
        hypothesis: hypotheses[i],
        options,
        edits: edits?.[i],
        value: values[i],
      });
    }
    return n;
  });
  return frozen;
}

/**
 * How long a batch of statistics may go on starting sentences in the box, in milliseconds; the
 * batch's time limit is the plugin's plus this, so that a batch is stopped only when one of its
 * sentences alone ran over the plugin's limit, as a single call would be.
 */
const AHEAD_BUDGET_MS = 20;

/** One sentence's statistics fetched ahead, with the arguments they answer. */
interface Fetched {
  hypothesis: Tokens;
  options: Options;
  edits: readonly Edit[] | undefined;
  value: unknown;
}

type Ahead = (
  golds: readonly GoldSentence[],
  hypotheses: readonly Tokens[],
  options: Options,
  edits?: readonly (readonly Edit[] | undefined)[],
) => number;

const aheadOf = new WeakMap<AnyMetric, Ahead>();

/**
 * Fetch many sentences' statistics of a boxed metric in one call, so that the `stats()` calls
 * that follow with the same objects (gold sentence, hypothesis, options, edits) are answered
 * without crossing to the box one by one; each answer is given once. The box computes them in
 * order for about 20 ms, up to the first that throws (which is then asked alone, to fail as a
 * single call fails). A stop at a limit is thrown as a single call's; a metric that is not boxed
 * is left alone.
 *
 * @example Usage
 * ```ts
 * import { statsAhead } from "./metric_proxy.ts";
 * import assert from "node:assert/strict";
 *
 * // Not boxed: nothing fetched.
 * assert.equal(statsAhead({} as never, [], [], {}), 0);
 * ```
 *
 * @param metric A metric.
 * @param golds Gold sentences.
 * @param hypotheses Their hypotheses.
 * @param options The options.
 * @param edits The hypotheses' own edits, when the metric takes them.
 * @returns How many sentences' statistics were fetched (from the first).
 */
export function statsAhead(
  metric: AnyMetric,
  golds: readonly GoldSentence[],
  hypotheses: readonly Tokens[],
  options: Options,
  edits?: readonly (readonly Edit[] | undefined)[],
): number {
  const ahead = aheadOf.get(metric);
  return ahead ? ahead(golds, hypotheses, options, edits) : 0;
}
