/**
 * Checked metric calls: every call into a metric goes through these, so a metric that throws,
 * returns nothing, returns a promise or gives a non-finite headline is reported by name (plugin,
 * metric, system, sentence and what was wrong) instead of as an internal error or a silently
 * wrong number. The scoring engine, the parallel workers and the plugin host all use them.
 *
 * @module
 */

import { InputError, PluginError, UsageError } from "../plugins/errors.ts";
import { headlineValue } from "../plugins/headline.ts";
import type {
  AnyMetric,
  Edit,
  GoldSentence,
  Options,
  PrepareContext,
  Score,
  Tokens,
  TypeBreakdown,
} from "../plugins/types.ts";

/** Where a call happens, for messages. */
export interface CallSite {
  /** The plugin that brought the metric (`name version`), when known. */
  plugin?: string;
  /** The system being scored, when known. */
  system?: string;
  /** The gold file, for `FILE:LINE`. */
  goldPath?: string;
}

/** The statistics and scores of one metric on one system: what a scoring job returns. */
export interface MetricJobResult {
  /** The signature with the options used. */
  signature: string;
  /** The corpus score. */
  score: Score;
  /** Per-sentence statistics, in corpus order (plain data). */
  stats: unknown[];
  /** Sentence scores, when asked for. */
  sentences?: Score[];
  /** The per-error-type breakdown, when asked for and the metric has one. */
  byType?: TypeBreakdown;
  /** The sentences (0-based) whose statistics took longer than `JobExtras.slowerThanMs`. */
  slow?: number[];
}

/** What else a job computes, and the system's own edits when it came as a hypothesis M2. */
export interface JobExtras {
  /** Compute sentence scores too. */
  sentences?: boolean;
  /** Compute the per-error-type breakdown (when the metric has one). */
  byType?: boolean;
  /** The system's edits per sentence (a hypothesis M2). */
  edits?: readonly (readonly Edit[])[];
  /** Time each sentence's statistics and name those that took longer than this (ms). */
  slowerThanMs?: number;
}

/** A plugin error that keeps what the plugin threw (its stack, for `--debug`). */
function withCause(error: PluginError, cause: unknown): PluginError {
  Object.defineProperty(error, "cause", { value: cause, enumerable: false, configurable: true });
  return error;
}

/**
 * What a plugin threw, in one line. A permission refused to a boxed plugin keeps Deno's
 * "Requires ... access" but not its advice to run again with an `--allow-` flag, which gives a
 * boxed plugin nothing.
 *
 * @example Usage
 * ```ts
 * import { describeError } from "./guard.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(describeError(new TypeError("x is not a function")), "TypeError: x is not a function");
 * const refused = new Deno.errors.NotCapable(
 *   'Requires read access to "/etc/passwd", run again with the --allow-read flag',
 * );
 * assert.equal(
 *   describeError(refused),
 *   'NotCapable: Requires read access to "/etc/passwd" (a boxed plugin gets no permissions)',
 * );
 * ```
 *
 * @param error What was thrown.
 * @returns One line.
 */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const first = error.message.split("\n")[0];
    if (error.name === "NotCapable" || error.name === "PermissionDenied") {
      const access = first.replace(/, run again with the --allow-\w+ flag$/, "");
      return `${error.name}: ${access} (a boxed plugin gets no permissions)`;
    }
    return `${error.name}: ${first}`;
  }
  return String(error).split("\n")[0];
}

/**
 * The start of a message about a metric: `Plugin P, metric "m", system S, sentence N (FILE:L)`.
 *
 * @example Usage
 * ```ts
 * import { where } from "./guard.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   where({ id: "bad" } as never, { plugin: "evil 1.0", system: "CAMB", goldPath: "g.m2" }, 2, 7),
 *   'Plugin evil 1.0, metric "bad", system CAMB, sentence 3 (g.m2:7)',
 * );
 * ```
 *
 * @param metric The metric.
 * @param site The plugin, system and gold file.
 * @param index The 0-based sentence index, when a sentence is at fault.
 * @param line The sentence's line in the gold file.
 * @returns The phrase.
 */
export function where(metric: AnyMetric, site: CallSite, index?: number, line?: number): string {
  const parts = [site.plugin ? `Plugin ${site.plugin}` : "", `metric "${metric.id}"`];
  if (site.system) parts.push(`system ${site.system}`);
  if (index !== undefined) {
    const at = site.goldPath && line !== undefined ? ` (${site.goldPath}:${line})` : "";
    parts.push(`sentence ${index + 1}${at}`);
  }
  const text = parts.filter(Boolean).join(", ");
  return text[0].toUpperCase() + text.slice(1);
}

function isThenable(value: unknown): boolean {
  return value !== null && (typeof value === "object" || typeof value === "function") &&
    typeof (value as { then?: unknown }).then === "function";
}

/**
 * What is wrong with a score a metric returned, or undefined: it must be an object whose
 * headline is a finite number.
 *
 * @example Usage
 * ```ts
 * import { scoreProblem } from "./guard.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(scoreProblem({ f: 0.5 }, "f"), undefined);
 * assert.equal(scoreProblem({ f: NaN }, "f"), 'its headline "f" is NaN, not a finite number');
 * assert.equal(scoreProblem(undefined, "f"), "it returned undefined, not a score object");
 * assert.equal(scoreProblem({ f: 1, detail: { p: NaN } }, "f"), 'its field "detail.p" is NaN');
 * assert.match(scoreProblem({ f: 1, signature: "x" }, "f")!, /field named "signature"/);
 * ```
 *
 * @param score The value returned.
 * @param headline The metric's headline path.
 * @returns The problem, or undefined.
 */
export function scoreProblem(score: unknown, headline: string): string | undefined {
  if (isThenable(score)) return "it returned a promise; metric functions must be synchronous";
  if (score === null || typeof score !== "object" || Array.isArray(score)) {
    return `it returned ${
      score === null
        ? "null"
        : Array.isArray(score)
        ? "an array"
        : typeof score === "undefined"
        ? "undefined"
        : `a ${typeof score}`
    }, not a score object`;
  }
  const value = headlineValue(score, headline);
  if (value === undefined) return `its headline field "${headline}" is missing`;
  if (typeof value !== "number") {
    return `its headline "${headline}" is ${typeof value}, not a finite number`;
  }
  if (!Number.isFinite(value)) return `its headline "${headline}" is ${value}, not a finite number`;
  if (Object.hasOwn(score, "signature")) {
    return 'it has a field named "signature", which gecscore keeps for the metric\'s signature';
  }
  const nan = nanField(score);
  if (nan !== undefined) return `its field "${nan}" is NaN`;
  return undefined;
}

/**
 * The path of the first NaN in a score (objects and arrays, a few levels deep), if any: `""`
 * for `value` itself. Every score is checked, so the path is made only once a NaN is found.
 */
function nanField(value: unknown, depth = 0): string | undefined {
  if (typeof value === "number") return value !== value ? "" : undefined;
  if (value === null || typeof value !== "object" || depth > 8) return undefined;
  // An array's indices first, in order, as `for...in` takes them (about three times faster);
  // an array with holes or other keys is walked again below, its indices known to be clean.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (!hasOwn.call(value, i)) continue;
      const found = nanField(value[i], depth + 1);
      if (found !== undefined) return found === "" ? String(i) : `${i}.${found}`;
    }
    if (Object.keys(value).length === value.length) return undefined;
  }
  for (const key in value) {
    // (`hasOwnProperty` in a `for...in` loop is the form V8 makes cheap.)
    if (!hasOwn.call(value, key)) continue;
    const found = nanField((value as Record<string, unknown>)[key], depth + 1);
    if (found !== undefined) return found === "" ? key : `${key}.${found}`;
  }
  return undefined;
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * What is wrong with the options a metric's `prepare()` returned, or undefined: they must be an
 * object, and no value in them (a few levels deep) may be NaN or a BigInt, which no option
 * parser gives and no signature or output can carry faithfully.
 *
 * @example Usage
 * ```ts
 * import { preparedProblem } from "./guard.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(preparedProblem({ beta: 0.5, w: [1, 2] }), undefined);
 * assert.equal(preparedProblem({ beta: NaN }), 'option "beta" is NaN');
 * assert.equal(preparedProblem({ w: { x: [1, 2n] } }), 'option "w.x.1" is a BigInt');
 * assert.equal(preparedProblem(null), "it is null, not options");
 * ```
 *
 * @param options What `prepare()` returned.
 * @returns The problem, or undefined.
 */
export function preparedProblem(options: unknown): string | undefined {
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    const what = options === null
      ? "null"
      : Array.isArray(options)
      ? "an array"
      : isThenable(options)
      ? "a promise"
      : typeof options === "undefined"
      ? "undefined"
      : `a ${typeof options}`;
    return `it is ${what}, not options`;
  }
  if (isThenable(options)) return "it is a promise, not options";
  const found = oddOption(options, 0);
  return found && `option "${found.path}" is ${found.what}`;
}

/** The first NaN or BigInt in prepared options (objects and arrays, a few levels deep). */
function oddOption(value: unknown, depth: number): { path: string; what: string } | undefined {
  if (typeof value === "number") return Number.isNaN(value) ? { path: "", what: "NaN" } : undefined;
  if (typeof value === "bigint") return { path: "", what: "a BigInt" };
  if (value === null || typeof value !== "object" || depth > 8) return undefined;
  if (ArrayBuffer.isView(value)) {
    if (value instanceof Float64Array || value instanceof Float32Array) {
      const i = value.findIndex(Number.isNaN);
      return i < 0 ? undefined : { path: String(i), what: "NaN" };
    }
    if (value instanceof BigInt64Array || value instanceof BigUint64Array) {
      return value.length ? { path: "0", what: "a BigInt" } : undefined;
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const found = oddOption((value as Record<string, unknown>)[key], depth + 1);
    if (found) return { path: found.path === "" ? key : `${key}.${found.path}`, what: found.what };
  }
  return undefined;
}

/**
 * Call `metric.prepare` on resolved options; what it returns must be options without NaN or
 * BigInt values (see {@linkcode preparedProblem}), else a {@linkcode PluginError} names the
 * plugin, the metric and the hook. What it throws is thrown unchanged (an
 * {@linkcode InputError} says the run cannot give what the options need).
 *
 * @example Usage
 * ```ts
 * import { checkedPrepare } from "./guard.ts";
 * import assert from "node:assert/strict";
 *
 * const metric = { id: "bad", prepare: () => ({ k: NaN }) } as never;
 * assert.throws(
 *   () => checkedPrepare(metric, {}, { gold: [], systems: [] }, { plugin: "evil 1.0" }),
 *   /^PluginError: Plugin evil 1.0, metric "bad": prepare\(\) returned options that cannot be used: option "k" is NaN$/,
 * );
 * ```
 *
 * @param metric The metric (with `prepare`).
 * @param options The resolved options.
 * @param context The run's gold sentences and systems.
 * @param site Who, for messages (the plugin).
 * @returns The prepared options.
 */
export function checkedPrepare(
  metric: AnyMetric,
  options: Options,
  context: PrepareContext,
  site: CallSite = {},
): Options {
  const prepared = metric.prepare!(options, context);
  const problem = preparedProblem(prepared);
  if (problem) {
    throw new PluginError(
      `${where(metric, { plugin: site.plugin })}: prepare() returned options that cannot be ` +
        `used: ${problem}`,
    );
  }
  return prepared;
}

/**
 * Call `metric.stats` on one sentence; a throw, `undefined` or a promise becomes a
 * {@linkcode PluginError} naming the plugin, metric, system and sentence.
 *
 * @example Usage
 * ```ts
 * import { checkedStats } from "./guard.ts";
 * import assert from "node:assert/strict";
 *
 * const metric = { id: "bad", stats: () => undefined } as never;
 * assert.throws(
 *   () => checkedStats(metric, { source: ["a"] }, ["a"], {}, 0, { plugin: "evil 1.0" }),
 *   /^PluginError: Plugin evil 1.0, metric "bad", sentence 1: stats\(\) returned undefined$/,
 * );
 * ```
 *
 * @param metric The metric.
 * @param gold The gold sentence.
 * @param hypothesis The hypothesis tokens.
 * @param options The resolved options.
 * @param index The sentence's 0-based index.
 * @param site Who and where, for messages.
 * @param edits The system's own edits of this sentence (a hypothesis M2), if any.
 * @returns The statistics.
 */
export function checkedStats(
  metric: AnyMetric,
  gold: GoldSentence,
  hypothesis: Tokens,
  options: Options,
  index: number,
  site: CallSite,
  edits?: readonly Edit[],
): unknown {
  let stats: unknown;
  try {
    stats = metric.stats(gold, hypothesis, options, edits);
  } catch (error) {
    // A metric may refuse its input the way readers do: that is the user's to fix.
    if (error instanceof InputError || error instanceof UsageError) throw error;
    if (error instanceof PluginError) {
      if (!error.detail) throw error;
      throw new PluginError(`${where(metric, site, index, gold.line)}: ${error.detail}`);
    }
    throw withCause(
      new PluginError(
        `${where(metric, site, index, gold.line)}: stats() threw ${describeError(error)}`,
      ),
      error,
    );
  }
  if (stats === undefined) {
    throw new PluginError(`${where(metric, site, index, gold.line)}: stats() returned undefined`);
  }
  if (isThenable(stats)) {
    throw new PluginError(
      `${
        where(metric, site, index, gold.line)
      }: stats() returned a promise; metric functions must be synchronous`,
    );
  }
  return stats;
}

/**
 * Call `metric.corpus` or `metric.sentence` and check the score it gives.
 *
 * @example Usage
 * ```ts
 * import { checkedScore } from "./guard.ts";
 * import assert from "node:assert/strict";
 *
 * const metric = { id: "nan", headline: "f", corpus: () => ({ f: NaN }) } as never;
 * assert.throws(
 *   () => checkedScore(metric, "corpus", [], {}, { system: "A" }),
 *   /^PluginError: Metric "nan", system A: corpus\(\) is wrong: its headline "f" is NaN/,
 * );
 * ```
 *
 * @param metric The metric.
 * @param fn Which function.
 * @param stats The statistics (an array for `corpus`, one sentence's for `sentence`).
 * @param options The resolved options.
 * @param site Who and where, for messages.
 * @param index For `sentence`: the 0-based sentence index.
 * @param line For `sentence`: its line in the gold file.
 * @returns The score.
 */
export function checkedScore(
  metric: AnyMetric,
  fn: "corpus" | "sentence",
  stats: unknown,
  options: Options,
  site: CallSite,
  index?: number,
  line?: number,
): Score {
  let score: unknown;
  try {
    score = fn === "corpus"
      ? metric.corpus(stats as unknown[], options)
      : metric.sentence(stats, options);
  } catch (error) {
    if (error instanceof InputError || error instanceof UsageError) throw error;
    if (error instanceof PluginError) {
      if (!error.detail) throw error;
      throw new PluginError(`${where(metric, site, index, line)}: ${error.detail}`);
    }
    throw withCause(
      new PluginError(`${where(metric, site, index, line)}: ${fn}() threw ${describeError(error)}`),
      error,
    );
  }
  const problem = scoreProblem(score, metric.headline);
  if (problem) {
    throw new PluginError(`${where(metric, site, index, line)}: ${fn}() is wrong: ${problem}`);
  }
  return score as Score;
}

/**
 * Run one metric on one system: statistics once per sentence, then the corpus score and (when
 * asked) the sentence scores from them, every call checked.
 *
 * @example Usage
 * ```ts
 * import { runMetricJob } from "./guard.ts";
 * import plugin from "../examples/exact_match.ts";
 * import assert from "node:assert/strict";
 *
 * const metric = plugin.metrics![0];
 * const gold = [{ source: ["a"], references: [["b"]] }];
 * const result = runMetricJob(metric, gold, [["b"]], metric.defaults, { sentences: true }, {});
 * assert.equal(result.stats.length, 1);
 * assert.equal(result.sentences?.length, 1);
 * ```
 *
 * @param metric The metric.
 * @param gold The gold sentences.
 * @param hypotheses One hypothesis per gold sentence.
 * @param options The resolved options.
 * @param extras Sentence scores, per-type breakdown, the system's own edits.
 * @param site Who and where, for messages.
 * @returns Statistics, signature and scores.
 */
export function runMetricJob(
  metric: AnyMetric,
  gold: readonly GoldSentence[],
  hypotheses: readonly Tokens[],
  options: Options,
  extras: JobExtras,
  site: CallSite,
): MetricJobResult {
  const bound = extras.slowerThanMs;
  const slow: number[] = [];
  const stats = gold.map((g, i) => {
    if (bound === undefined) {
      return checkedStats(metric, g, hypotheses[i], options, i, site, extras.edits?.[i]);
    }
    const start = performance.now();
    const s = checkedStats(metric, g, hypotheses[i], options, i, site, extras.edits?.[i]);
    if (performance.now() - start > bound) slow.push(i);
    return s;
  });
  let signature: unknown;
  try {
    signature = metric.signature(options);
  } catch (error) {
    throw new PluginError(`${where(metric, site)}: signature() threw ${describeError(error)}`);
  }
  if (typeof signature !== "string") {
    throw new PluginError(
      `${where(metric, site)}: signature() returned ${typeof signature}, not a string`,
    );
  }
  const result: MetricJobResult = {
    signature,
    score: checkedScore(metric, "corpus", stats, options, site),
    stats,
  };
  if (bound !== undefined) result.slow = slow;
  if (extras.sentences) {
    result.sentences = stats.map((s, i) =>
      checkedScore(metric, "sentence", s, options, site, i, gold[i].line)
    );
  }
  if (extras.byType && metric.byType) {
    try {
      result.byType = metric.byType(stats, options, gold, hypotheses, extras.edits);
    } catch (error) {
      if (error instanceof InputError || error instanceof UsageError) throw error;
      throw new PluginError(`${where(metric, site)}: byType() threw ${describeError(error)}`);
    }
  }
  return result;
}
