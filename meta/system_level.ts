/**
 * System-level meta-evaluation: how well metric scores of systems agree with human rankings
 * of the same systems (Pearson r, Spearman rho), and Williams' test between metrics.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import { pearson } from "../stats/pearson.ts";
import { spearman } from "../stats/spearman.ts";
import { williamsTest } from "../stats/williams.ts";
import type { SystemScores } from "./wmt_scores.ts";

/** Options of {@linkcode systemLevel}. */
export interface SystemLevelOptions {
  /** Systems to leave out (e.g. `["IPN"]`, or `["INPUT"]`). Each must occur in some file. */
  exclude?: readonly string[];
}

/** The correlation type. */
export type CorrelationMethod = "pearson" | "spearman";

/** One metric against one human ranking. */
export interface SystemCorrelation {
  /** The human ranking's name. */
  human: string;
  /** The metric's name. */
  metric: string;
  /** Number of systems. */
  n: number;
  /** Pearson's r (NaN when a side is constant). */
  pearson: number;
  /** Spearman's rho with average ranks for ties (NaN when a side is constant). */
  spearman: number;
}

/**
 * Williams' test that `better` correlates with the human ranking more than `worse` does
 * (tested only in the direction of the higher signed correlation, as gecmetrics does).
 */
export interface WilliamsComparison {
  /** The human ranking. */
  human: string;
  /** Pearson or Spearman (Spearman uses Spearman's rho for all three correlations). */
  method: CorrelationMethod;
  /** The metric with the higher correlation. */
  better: string;
  /** The other metric. */
  worse: string;
  /** Correlation of the human ranking with `better`. */
  r12: number;
  /** Correlation of the human ranking with `worse`. */
  r13: number;
  /** Correlation between the two metrics. */
  r23: number;
  /** Williams' t. */
  t: number;
  /** Degrees of freedom, n - 3. */
  df: number;
  /** One-tailed p-value; NaN when n < 4 (no degrees of freedom). */
  p: number;
}

/** Scores of one system, for tables and plots. */
export interface SystemPoint {
  /** The system. */
  system: string;
  /** Human score by human ranking name. */
  human: Record<string, number>;
  /** Metric score by metric name. */
  metric: Record<string, number>;
}

/** The outcome of {@linkcode systemLevel}. */
export interface SystemLevelResult {
  /** The human rankings, in input order. */
  humans: string[];
  /** The metrics, in input order. */
  metrics: string[];
  /** The systems compared (sorted by name). */
  systems: string[];
  /** The systems left out. */
  excluded: string[];
  /** One row per human ranking and metric. */
  correlations: SystemCorrelation[];
  /** Every tested pair of metrics, per human ranking and method. */
  williams: WilliamsComparison[];
  /** The scores behind the correlations. */
  points: SystemPoint[];
}

function differ(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((x) => !b.has(x)).sort();
}

/**
 * Correlate metric scores with human scores of the same systems. Every metric must score
 * exactly the systems of every human ranking (after `exclude`); otherwise it is an
 * `InputError` naming the systems found on one side only. At least 3 systems are needed.
 *
 * @example Three systems, hand-checkable
 * ```ts
 * import { systemLevel } from "./system_level.ts";
 * import assert from "node:assert/strict";
 *
 * const set = (name: string, values: Record<string, number>) =>
 *   ({ name, metric: name, lp: "src-trg", testset: "t", path: name, scores: new Map(Object.entries(values)) });
 * const result = systemLevel(
 *   [set("human", { A: 3, B: 2, C: 1 })],
 *   [set("m", { A: 0.9, B: 0.5, C: 0.4 }), set("anti", { A: 1, B: 2, C: 3 })],
 * );
 * assert.ok(Math.abs(result.correlations[0].spearman - 1) < 1e-12);
 * assert.ok(Math.abs(result.correlations[1].pearson + 1) < 1e-12);
 * assert.throws(
 *   () => systemLevel([set("human", { A: 3, B: 2, C: 1 })], [set("m", { A: 1, B: 2, D: 3 })]),
 *   /only in the human ranking: C; only in the metric scores: D/,
 * );
 * ```
 *
 * @param humans Human rankings.
 * @param metrics Metric scores.
 * @param options Systems to exclude.
 * @returns Correlations, Williams' tests and the points.
 */
export function systemLevel(
  humans: readonly SystemScores[],
  metrics: readonly SystemScores[],
  options: SystemLevelOptions = {},
): SystemLevelResult {
  if (!humans.length) throw new InputError("No human ranking given");
  if (!metrics.length) throw new InputError("No system-level metric scores given");
  const exclude = new Set(options.exclude ?? []);
  const known = new Set([...humans, ...metrics].flatMap((s) => [...s.scores.keys()]));
  const unknown = [...exclude].filter((s) => !known.has(s));
  if (unknown.length) {
    throw new InputError(
      `Cannot exclude ${unknown.join(", ")}: no such system in the scores (systems: ${
        [...known].sort().join(", ")
      })`,
    );
  }
  const keep = (set: SystemScores) =>
    new Set([...set.scores.keys()].filter((s) => !exclude.has(s)));
  const systems = [...keep(humans[0])].sort();
  const first = new Set(systems);
  for (const human of humans.slice(1)) {
    const other = keep(human);
    const a = differ(first, other);
    const b = differ(other, first);
    if (a.length || b.length) {
      throw new InputError(
        `The human rankings ${humans[0].name} (${
          humans[0].path
        }) and ${human.name} (${human.path}) rank different systems: only in the first: ${
          a.join(", ") || "none"
        }; only in the second: ${b.join(", ") || "none"}`,
      );
    }
  }
  for (const metric of metrics) {
    const other = keep(metric);
    const a = differ(first, other);
    const b = differ(other, first);
    if (a.length || b.length) {
      throw new InputError(
        `Systems differ between the human ranking ${humans[0].name} (${
          humans[0].path
        }) and the metric ${metric.name} (${metric.path}): only in the human ranking: ${
          a.join(", ") || "none"
        }; only in the metric scores: ${
          b.join(", ") || "none"
        } (exclude systems to compare the rest)`,
      );
    }
  }
  const n = systems.length;
  if (n < 3) {
    throw new InputError(
      `System-level correlation needs at least 3 systems, got ${n}${
        n ? ` (${systems.join(", ")})` : ""
      }${exclude.size ? ` after excluding ${[...exclude].join(", ")}` : ""}`,
    );
  }
  const vector = (set: SystemScores) => systems.map((s) => set.scores.get(s)!);
  const humanVectors = humans.map(vector);
  const metricVectors = metrics.map(vector);
  const correlations: SystemCorrelation[] = [];
  const williams: WilliamsComparison[] = [];
  humans.forEach((human, h) => {
    const r = {
      pearson: metricVectors.map((m) => pearson(humanVectors[h], m)),
      spearman: metricVectors.map((m) => spearman(humanVectors[h], m)),
    };
    metrics.forEach((metric, m) => {
      correlations.push({
        human: human.name,
        metric: metric.name,
        n,
        pearson: r.pearson[m],
        spearman: r.spearman[m],
      });
    });
    for (const method of ["pearson", "spearman"] as const) {
      const correlate = method === "pearson" ? pearson : spearman;
      for (let a = 0; a < metrics.length; a++) {
        for (let b = 0; b < metrics.length; b++) {
          const r12 = r[method][a];
          const r13 = r[method][b];
          if (a === b || !(r12 > r13)) continue;
          const r23 = correlate(metricVectors[a], metricVectors[b]);
          if (Number.isNaN(r23)) continue;
          const test = n >= 4 ? williamsTest({ n, r12, r13, r23 }) : { t: NaN, df: n - 3, p: NaN };
          williams.push({
            human: human.name,
            method,
            better: metrics[a].name,
            worse: metrics[b].name,
            r12,
            r13,
            r23,
            ...test,
          });
        }
      }
    }
  });
  const points = systems.map((system, i) => ({
    system,
    human: Object.fromEntries(humans.map((h, k) => [h.name, humanVectors[k][i]])),
    metric: Object.fromEntries(metrics.map((m, k) => [m.name, metricVectors[k][i]])),
  }));
  return {
    humans: humans.map((h) => h.name),
    metrics: metrics.map((m) => m.name),
    systems,
    excluded: [...exclude].sort(),
    correlations,
    williams,
    points,
  };
}
