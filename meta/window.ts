/**
 * Window analysis (Kobayashi et al. 2024, `utils/window_analysis_system.py`): sort the
 * systems by human score, best first, and correlate metric and human scores inside each
 * window of consecutive ranks, to see whether a metric separates the top systems as well
 * as the whole field.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import { pearson } from "../stats/pearson.ts";
import { spearman } from "../stats/spearman.ts";
import type { SystemScores } from "./wmt_scores.ts";

/** One window. */
export interface Window {
  /** 1-based human rank of the window's first system. */
  from: number;
  /** 1-based human rank of its last system. */
  to: number;
  /** The systems, best first. */
  systems: string[];
  /** Pearson r and Spearman rho by metric name. */
  correlations: Record<string, { pearson: number; spearman: number }>;
}

/** The outcome of {@linkcode windowAnalysis}. */
export interface WindowAnalysis {
  /** The human ranking. */
  human: string;
  /** The window size. */
  size: number;
  /** The systems sorted by human score, best first. */
  ranking: string[];
  /** The metrics, in input order. */
  metrics: string[];
  /** The windows, from the top ranks down. */
  windows: Window[];
}

/**
 * Correlations in every window of `size` consecutive systems ranked by the human score.
 * Equal human scores keep the reverse of the system order (as reversing numpy's stable
 * ascending argsort does).
 *
 * @example Four systems, windows of 3
 * ```ts
 * import { windowAnalysis } from "./window.ts";
 * import assert from "node:assert/strict";
 *
 * const set = (name: string, values: Record<string, number>) =>
 *   ({ name, metric: name, lp: "", testset: "", path: name, scores: new Map(Object.entries(values)) });
 * const result = windowAnalysis(
 *   set("h", { A: 4, B: 3, C: 2, D: 1 }),
 *   [set("m", { A: 4, B: 3, C: 1, D: 2 })],
 *   ["A", "B", "C", "D"],
 *   3,
 * );
 * assert.deepEqual(result.windows.map((w) => [w.from, w.to]), [[1, 3], [2, 4]]);
 * assert.equal(result.windows[0].correlations.m.spearman.toFixed(9), "1.000000000");
 * assert.equal(result.windows[1].correlations.m.spearman.toFixed(9), "0.500000000");
 * ```
 *
 * @param human The human scores.
 * @param metrics The metric scores.
 * @param systems The systems to rank (in the order that breaks human ties, reversed).
 * @param size The window size (at least 3, at most the number of systems).
 * @returns The windows.
 */
export function windowAnalysis(
  human: SystemScores,
  metrics: readonly SystemScores[],
  systems: readonly string[],
  size: number,
): WindowAnalysis {
  if (!Number.isInteger(size) || size < 3 || size > systems.length) {
    throw new InputError(
      `The window size must be a whole number from 3 to the number of systems (${systems.length}), got ${size}`,
    );
  }
  for (const set of [human, ...metrics]) {
    const missing = systems.filter((s) => !set.scores.has(s));
    if (missing.length) {
      throw new InputError(`No ${set.name} score (${set.path}) for ${missing.join(", ")}`);
    }
  }
  const order = systems.map((s, i) => ({ s, i, h: human.scores.get(s)! }))
    .sort((a, b) => a.h - b.h || a.i - b.i).reverse().map((x) => x.s);
  const windows: Window[] = [];
  for (let start = 0; start + size <= order.length; start++) {
    const inside = order.slice(start, start + size);
    const h = inside.map((s) => human.scores.get(s)!);
    const correlations: Window["correlations"] = {};
    for (const metric of metrics) {
      const m = inside.map((s) => metric.scores.get(s)!);
      correlations[metric.name] = { pearson: pearson(h, m), spearman: spearman(h, m) };
    }
    windows.push({ from: start + 1, to: start + size, systems: inside, correlations });
  }
  return {
    human: human.name,
    size,
    ranking: order,
    metrics: metrics.map((m) => m.name),
    windows,
  };
}
