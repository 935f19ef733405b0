/**
 * REPL commands on significance, from the cached statistics: `ci` (corpus scores with 95%
 * bootstrap intervals) and `compare` (paired tests of systems against a baseline).
 *
 * @module
 */

import { UsageError } from "../../plugins/errors.ts";
import type { AnyMetric, Hypotheses } from "../../plugins/types.ts";
import { formatValue, renderTable } from "../../render/text.ts";
import { MARKER_LEVEL, significanceCells } from "../../render/significance.ts";
import {
  assessSignificanceCancellable,
  type SignificanceRequest,
} from "../../pipeline/significance.ts";
import { MAX_SAMPLES } from "../../pipeline/resample.ts";
import type { ReplCommand } from "../command.ts";
import type { SessionState } from "../state.ts";

const SETTINGS_HELP =
  `samples=N  bootstrap resamples (default 1000; more with ranks) or, with ar, trials (default 10000)
seed=S     the seed of every draw (default 12345)`;

/** `ci [SYSTEM|METRIC...] [samples=N] [seed=S]`. */
export const ciCommand: ReplCommand = {
  usage: "[SYSTEM|METRIC...] [samples=N] [seed=S]",
  summary: "corpus scores with 95% bootstrap intervals (mean ± half-width)",
  details: `Each metric's tested number (its headline) on the whole corpus, then the mean and
half-width of the 95% interval over bootstrap resamples of the sentences, scored by the
metric's own corpus() from the cached statistics.
${SETTINGS_HELP}`,
  run: async (s, args) => {
    await warmFor(s, args);
    return ciView(s, args);
  },
};

/** `compare BASELINE SYSTEM... [METRIC...] [bs|ar] [ranks] [samples=N] [seed=S]`. */
export const compareCommand: ReplCommand = {
  aliases: ["sig"],
  usage: "BASELINE SYSTEM... [METRIC...] [bs|ar] [ranks] [samples=N] [seed=S]",
  summary: "paired tests: p-values of each system against the first named",
  details: `bs (default): paired bootstrap resampling; ar: paired approximate randomization.
p-values count ties as chance (a system against itself gets p = 1); * marks p < ${MARKER_LEVEL}.
ranks adds rank ranges from testing every pair (Holm's correction).
${SETTINGS_HELP}`,
  run: async (s, args) => {
    await warmFor(s, args);
    return compareView(s, args);
  },
};

/** Compute the statistics first, cancellable with Ctrl-C (the views then use the cache). */
async function warmFor(s: SessionState, args: string[]): Promise<void> {
  if (!s.gold || !s.systems.length) return;
  const { systems, metrics } = s.select(settings(args).names);
  await s.warm(systems, metrics);
}

/** Split `samples=N`, `seed=S`, `bs`/`ar` and `ranks` from the names. */
function settings(args: string[]): { names: string[]; request: SignificanceRequest } {
  const names: string[] = [];
  const request: SignificanceRequest = {};
  let count: number | undefined;
  for (const arg of args) {
    const match = /^(samples|seed)=(.*)$/.exec(arg);
    if (match) {
      const value = /^\d+$/.test(match[2]) ? Number(match[2]) : NaN;
      if (!Number.isSafeInteger(value) || value < (match[1] === "seed" ? 0 : 1)) {
        throw new UsageError(`${match[1]} must be a whole number, got "${match[2]}"`);
      }
      if (match[1] === "samples" && value > MAX_SAMPLES) {
        throw new UsageError(`samples must be at most ${MAX_SAMPLES}, got ${match[2]}`);
      }
      if (match[1] === "seed") request.seed = value;
      else count = value;
    } else if (arg === "bs" || arg === "ar") request.test = arg;
    else if (arg === "ranks") request.ranks = true;
    else names.push(arg);
  }
  if (count !== undefined) {
    if (request.test === "ar") request.trials = count;
    else request.samples = count;
  }
  return { names, request };
}

async function assess(
  state: SessionState,
  systems: Hypotheses[],
  metrics: AnyMetric[],
  request: SignificanceRequest,
): Promise<string> {
  const parts: string[] = [];
  for (const metric of metrics) {
    const na = state.unavailable(metric);
    if (na) {
      parts.push(`${metric.id}: ${na}`);
      continue;
    }
    const options = state.options(metric);
    let result;
    try {
      // Cancellable: Ctrl-C stops the resampling too, not only the statistics.
      result = await assessSignificanceCancellable(
        metric,
        options,
        systems.map((s) => ({ name: s.name, stats: state.corpusStats(s, metric) })),
        request,
        state.signal,
      );
    } catch (error) {
      if (error instanceof UsageError) throw error;
      if (error instanceof Error && error.name === "AbortError") throw error;
      state.failures.push(
        `${metric.id}: ${error instanceof Error ? error.message.split("\n")[0] : error}`,
      );
      continue;
    }
    const { header, rows } = significanceCells(result);
    const table = [
      ["system", result.headline, ...header],
      ...result.systems.map((s, k) => [s.name, formatValue(s.value, true), ...rows[k]]),
    ];
    parts.push(
      [
        state.bold(`== ${metric.id}`) + `  (${metric.signature(options)}|${result.signature})`,
        renderTable(table),
        ...(result.warnings ?? []).map((w) => `warning: ${w}`),
      ].join("\n"),
    );
  }
  return parts.join("\n\n");
}

/**
 * Corpus scores with bootstrap intervals for the loaded (or named) systems and metrics.
 *
 * @param state The session.
 * @param args System names, metric ids, `samples=N`, `seed=S`.
 * @returns The text.
 */
export function ciView(state: SessionState, args: string[] = []): Promise<string> {
  state.needGold();
  const { names, request } = settings(args);
  if (request.test || request.ranks) {
    throw new UsageError("ci takes no test: use compare BASELINE SYSTEM... [bs|ar] [ranks]");
  }
  const { systems, metrics } = state.select(names);
  return assess(state, systems, metrics, { ...request, ci: true });
}

/**
 * Paired tests of systems against the first named one, per metric.
 *
 * @param state The session.
 * @param args The baseline and the systems, metric ids, `bs`/`ar`, `ranks`, `samples=N`,
 * `seed=S`.
 * @returns The text.
 */
export function compareView(state: SessionState, args: string[] = []): Promise<string> {
  state.needGold();
  const { names, request } = settings(args);
  const named = names.filter((n) => state.systems.some((s) => s.name === n));
  if (named.length < 2 && state.systems.length !== 2) {
    throw new UsageError(
      `Usage: compare BASELINE SYSTEM... (name at least two of: ${
        state.systems.map((s) => s.name).join(", ") || "none loaded"
      })`,
    );
  }
  const { systems, metrics } = state.select(names);
  return assess(state, systems, metrics, { test: "bs", ...request });
}
