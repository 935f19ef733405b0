/**
 * REPL commands that score and explain: `align`, `score`, `try`, `corpus`.
 *
 * @module
 */

import { benchmarkNotes } from "../../pipeline/benchmarks.ts";
import { fullSignature } from "../../pipeline/signature.ts";
import { PluginError, UsageError } from "../../plugins/errors.ts";
import type { ReplCommand } from "../command.ts";
import type { AnyMetric, Hypotheses, Score } from "../../plugins/types.ts";
import { tokenize } from "../../formats/text.ts";
import { formatValue, headlineValue, renderExplanation, renderTable } from "../../render/text.ts";
import type { SessionState } from "../state.ts";

/** `align METRIC [SYSTEM...]`. */
export const alignCommand: ReplCommand = {
  aliases: ["a", "explain"],
  usage: "METRIC [SYSTEM...]",
  summary: "a metric's explanation of the sentence (alignment, edits, n-grams)",
  run: (s, args) => {
    if (!args.length) {
      throw new UsageError(
        `Usage: align METRIC [SYSTEM...]; metrics: ${
          s.registry.metrics.map((m) => m.id).join(", ") || "(none)"
        }`,
      );
    }
    return alignView(s, args[0], args.slice(1));
  },
};

/** `score [SYSTEM|METRIC...]`. */
export const scoreCommand: ReplCommand = {
  usage: "[SYSTEM|METRIC...]",
  summary: "each metric's sentence score for every system, side by side",
  details: `One row per system; per metric its headline value and its integer counts (from
metric.sentence() of the sentence's statistics). Name systems and/or metrics to see only
those. Metrics the gold cannot serve show n/a (needs ...).`,
  run: (s, args) => scoreView(s, args),
};

/** `try [-v] TEXT`. */
export const tryCommand: ReplCommand = {
  aliases: ["t"],
  usage: "[-v] TEXT",
  summary: "score a hypothesis you type with every metric (-v: with alignments)",
  details: `Shows the source, your text as a diff, each metric's score and its one-line summary.
With -v, each metric's whole explanation (alignment, edits, n-grams), as align shows it.`,
  run: (s, _args, rest) => {
    const verbose = /^\s*-v(\s|$)/.test(rest);
    const text = verbose ? rest.replace(/^\s*-v/, "") : rest;
    if (!text.trim()) throw new UsageError("Usage: try [-v] TEXT");
    return tryView(s, text, verbose);
  },
};

/** `corpus [SYSTEM|METRIC...]`. */
export const corpusCommand: ReplCommand = {
  usage: "[SYSTEM|METRIC...]",
  summary: "corpus scores, every system and metric (statistics cached)",
  details: `Statistics are computed once per system, metric and options, and reused by later
corpus, score, find disagree, ci and compare commands. ci adds 95% bootstrap intervals;
compare gives p-values of systems against a baseline. Ctrl-C cancels a long computation.`,
  run: async (s, args) => {
    if (s.gold) {
      const { systems, metrics } = s.select(args);
      await s.warm(systems, metrics);
    }
    return corpusView(s, args);
  },
};

/**
 * Every metric's sentence score for every system, side by side; or only the systems and
 * metrics named.
 *
 * @param names System names and metric ids (default: all).
 * @returns The table, as text.
 */
export function scoreView(state: SessionState, names: string[] = []): string {
  state.needGold();
  const { systems, metrics } = state.select(names);
  return scoreTable(
    state,
    systems.map((s) => ({ name: s.name, system: s })),
    metrics,
    (row, metric) => {
      const stats = state.sentenceStats(row.system!, metric, state.index);
      return { score: state.scoreOf(metric, "sentence", stats, row.system!.name), stats };
    },
  );
}

/**
 * A metric's explanation of the current sentence for each system (or the named ones).
 *
 * @param metricId The metric id.
 * @param names System names (default: all).
 * @returns The text.
 */
export function alignView(state: SessionState, metricId: string, names: string[] = []): string {
  const gold = state.needGold();
  const metric = state.registry.metric(metricId);
  const na = state.unavailable(metric);
  if (na) return `${metric.id}: ${na}`;
  const systems = names.length ? names.map((n) => state.system(n)) : state.systems;
  if (!systems.length) throw new UsageError("No systems loaded: load hyp PATH..., or try TEXT");
  const options = state.options(metric);
  const sentence = gold.sentences[state.index];
  return systems.map((system) => {
    const hyp = system.sentences[state.index];
    if (metric.needsHypothesisEdits && !system.edits) {
      return state.bold(`== ${metric.id} on ${system.name}`) +
        `\nn/a: ${metric.id} compares the system's own edits; load the system as a ` +
        "hypothesis M2 (load hyp FILE.m2, e.g. from errant_parallel) or run annotate";
    }
    const explanation = state.explain(
      metric,
      sentence,
      hyp,
      options,
      system.edits?.[state.index],
      system.name,
    );
    return state.bold(`== ${metric.id} on ${system.name}`) +
      `  (${metric.signature(options)})\n` +
      `hypothesis  ${state.diff(sentence, hyp)}\n${renderExplanation(explanation)}`;
  }).join("\n\n");
}

/**
 * Score a typed hypothesis against the current sentence with every metric, and show each
 * metric's one-line summary, or with `verbose` its whole explanation.
 *
 * @param text The hypothesis (tokens separated by spaces).
 * @param verbose Every metric's whole explanation (alignment, edits, n-grams).
 * @returns The text.
 */
export function tryView(state: SessionState, text: string, verbose = false): string {
  const gold = state.needGold();
  const tokens = tokenize(text);
  const sentence = gold.sentences[state.index];
  // A typed hypothesis has no edits of its own: metrics that compare edits cannot score it.
  // Nor can metrics that ask a model server for a whole run.
  const metrics = state.registry.metrics.filter((m) => !m.needsHypothesisEdits && !m.gather);
  const parts = [
    `source  ${sentence.source.join(" ")}\ntyped   ${state.diff(sentence, tokens)}`,
    scoreTable(state, [{ name: "typed", tokens }], metrics, (_, metric) => {
      const options = state.options(metric);
      const stats = state.statsOf(metric, sentence, tokens, options);
      return { score: state.scoreOf(metric, "sentence", stats), stats };
    }),
  ];
  for (const metric of metrics) {
    if (state.unavailable(metric)) continue;
    const options = state.options(metric);
    const explanation = state.explain(metric, sentence, tokens, options);
    parts.push(
      state.bold(`== ${metric.id}`) + `  (${metric.signature(options)})\n` +
        (verbose ? renderExplanation(explanation) : explanation.summary),
    );
  }
  if (verbose) return parts.join("\n\n");
  // The diff and the table as with -v, then a line per metric's summary.
  const [head, table, ...summaries] = parts;
  return [
    head,
    table,
    [...summaries, "(try -v TEXT: each metric's alignment and counts)"].join("\n"),
  ]
    .join("\n\n");
}

/**
 * Every metric's corpus score for every loaded system (statistics cached), or only the
 * systems and metrics named.
 *
 * @param names System names and metric ids (default: all).
 * @returns The table, as text.
 */
export function corpusView(state: SessionState, names: string[] = []): string {
  state.needGold();
  const { systems, metrics } = state.select(names);
  const table = scoreTable(
    state,
    systems.map((s) => ({ name: s.name, system: s })),
    metrics,
    (row, metric) => ({
      score: state.scoreOf(metric, "corpus", state.corpusStats(row.system!, metric), row.name),
    }),
  );
  const signed = metrics.filter((m) => !state.unavailable(m)).map((m) => ({
    metric: m.id,
    signature: fullSignature(m, state.options(m), state.gold!),
  }));
  state.note(benchmarkNotes(signed));
  return [table, ...signed.map((s) => `${s.metric}: ${s.signature}`)].join("\n");
}

/**
 * A table of sentence or corpus scores: a row per system (or typed hypothesis), per metric
 * its headline and its counts; a metric that throws shows `error`, and why goes to the
 * session's failures.
 */
export function scoreTable<R extends { name: string; system?: Hypotheses }>(
  state: SessionState,
  rows: R[],
  metrics: AnyMetric[],
  scoreOf: (row: R, metric: AnyMetric) => { score: Score; stats?: unknown },
): string {
  const header = ["system"];
  const cells: string[][] = rows.map((r) => [r.name]);
  const notes: string[] = [];
  for (const metric of metrics) {
    const na = state.unavailable(metric);
    if (na) {
      header.push(metric.id);
      cells.forEach((c) => c.push(na));
      continue;
    }
    // A metric that compares the system's own edits cannot score a plain-text system.
    const textOnly = (row: R) => metric.needsHypothesisEdits === true && !row.system?.edits;
    const plain = rows.filter(textOnly).map((r) => r.name);
    if (plain.length) {
      notes.push(
        `${metric.id}: n/a for ${plain.join(", ")} (it compares the system's own edits: ` +
          "load the system as a hypothesis M2)",
      );
    }
    const scores = rows.map((row) => {
      if (textOnly(row)) return undefined;
      try {
        return scoreOf(row, metric);
      } catch (error) {
        // A plugin fault names the metric and system itself, as on every other path.
        state.failures.push(
          error instanceof PluginError
            ? oneLine(error)
            : `${metric.id} on ${row.name}: ${oneLine(error)}`,
        );
        return undefined;
      }
    });
    const samples = scores.filter((s) => s !== undefined);
    const counts = samples.length ? state.countPaths(metric, samples) : [];
    header.push(metric.headline === metric.id ? metric.id : `${metric.id} ${metric.headline}`);
    if (counts.length) header.push(countsHeader(counts));
    scores.map((s) => s?.score).forEach((score, k) => {
      const missing = textOnly(rows[k]) ? "n/a" : "error";
      cells[k].push(score ? formatValue(headlineValue(score, metric.headline)) : missing);
      if (counts.length) {
        cells[k].push(
          score ? counts.map((p) => formatValue(headlineValue(score, p))).join("/") : "",
        );
      }
    });
  }
  if (metrics.length === 0) notes.push("No metrics registered: load plugin SPEC");
  return [renderTable([header, ...cells]), ...notes].join("\n");
}

/** `tp/fp/fn`, or `correction tp/fp/fn` when every path is under `correction.`. */
function countsHeader(paths: string[]): string {
  const parts = paths.map((p) => p.split("."));
  let common = 0;
  while (
    parts.every((p) => p.length > common + 1 && p[common] === parts[0][common])
  ) common++;
  const prefix = parts[0].slice(0, common).join(".");
  const rest = parts.map((p) => p.slice(common).join(".")).join("/");
  return prefix ? `${prefix} ${rest}` : rest;
}

function oneLine(error: unknown): string {
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
}
