/**
 * REPL commands that show a metric's sentence view: `edits`.
 *
 * @module
 */

import { UsageError } from "../../plugins/errors.ts";
import type { AnyMetric, SentenceView } from "../../plugins/types.ts";
import type { ReplCommand } from "../command.ts";
import type { SessionState } from "../state.ts";

/** `edits [METRIC] [SYSTEM...]`. */
export const editsCommand: ReplCommand = {
  aliases: ["e"],
  usage: "[METRIC] [SYSTEM...]",
  summary: "the gold edits each system made or missed here, as a metric's sentence view counts",
  details: `A metric that comes with a sentence view (M2's, or a plugin's) says which gold edits
of the current sentence each system made (+) or missed (-), with the annotator it was compared
with. That annotator is chosen over the whole corpus, as for the corpus score, so the first use
computes every sentence's statistics (cached, like corpus). Without METRIC: the first loaded
metric that has a view.`,
  run: async (s, args) => {
    s.needGold();
    const [first, ...rest] = args;
    const named = first !== undefined && s.registry.hasMetric(first);
    const metric = named ? s.registry.metric(first) : viewed(s);
    const names = named ? rest : args;
    const systems = names.length ? names.map((n) => s.system(n)) : s.systems;
    if (!systems.length) throw new UsageError("No systems loaded: load hyp PATH...");
    await s.warm(systems, [metric]);
    return editsView(s, metric, s.registry.viewsOf(metric.id)[0], systems.map((x) => x.name));
  },
};

/** The first metric (in registration order) that has a sentence view. */
function viewed(state: SessionState): AnyMetric {
  const metric = state.registry.metrics.find((m) => state.registry.viewsOf(m.id).length > 0);
  if (!metric) throw new UsageError("No loaded metric has a sentence view");
  return metric;
}

/**
 * The gold edits of the current sentence each system made or missed, by a metric's view.
 *
 * @param state The session.
 * @param metric The metric.
 * @param view Its sentence view (none: a usage error).
 * @param names The systems.
 * @returns The text.
 */
export function editsView(
  state: SessionState,
  metric: AnyMetric,
  view: SentenceView | undefined,
  names: string[],
): string {
  if (!view) throw new UsageError(`Metric ${metric.id} has no sentence view`);
  const na = state.unavailable(metric);
  if (na) return `${metric.id}: ${na}`;
  const gold = state.needGold();
  const systems = names.map((n) => state.system(n));
  const i = state.index;
  const result = view.sentenceEdits({
    gold: gold.sentences,
    systems: systems.map((s) => s.sentences),
    stats: systems.map((s) => state.corpusStats(s, metric)),
    options: state.options(metric),
    sentences: [i],
  });
  const source = gold.sentences[i].source;
  const annotators = result.gold[i] ?? [];
  return systems.map((system, k) => {
    const { annotator, matched } = result.compared[i]?.[k] ?? { annotator: 0, matched: [] };
    const edits = annotators[annotator] ?? [];
    const head = state.bold(`== ${metric.id} gold edits on ${system.name}`) +
      `  (annotator ${annotator + 1} of ${annotators.length}: ${matched.length} of ` +
      `${edits.length} made)`;
    const made = new Set(matched);
    const lines = edits.map((e, j) => {
      const original = source.slice(e.start, e.end).join(" ");
      return `  ${made.has(j) ? "+" : "-"} ${e.start}-${e.end}  ${original} -> ${e.correction}` +
        (e.type ? `  (${e.type})` : "");
    });
    return [head, ...(lines.length ? lines : ["  no gold edits"])].join("\n");
  }).join("\n\n");
}
