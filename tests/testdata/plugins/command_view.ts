/**
 * A third-party plugin that brings, beside its metric, its own command and its own sentence
 * view (tests/plugin_commands_test.ts). Not meant to measure anything.
 *
 * - metric `kept`: the share of the first annotator's gold edits whose correction shows up in
 *   the hypothesis at the edit's position (1 when there are none).
 * - view of `kept`: which of those gold edits each system made.
 * - command `kept-hello`: `gecscore kept-hello NAME` prints `kept says hello to NAME`.
 */

import type { Metric, Plugin } from "../../../mod.ts";
import type { GoldSentence, PluginCommand, SentenceView } from "../../../plugins/mod.ts";

type KeptStats = { made: number[]; gold: number };

function made(gold: GoldSentence, hyp: string[]): number[] {
  const edits = gold.annotations?.[0]?.edits ?? [];
  const out: number[] = [];
  edits.forEach((e, k) => {
    const want = e.corrections[0] ?? [];
    const got = hyp.slice(e.start, e.start + want.length);
    if (want.length && want.every((t, i) => got[i] === t)) out.push(k);
  });
  return out;
}

const kept: Metric<Record<string, never>, KeptStats> = {
  id: "kept",
  description: "Share of gold edits whose correction the hypothesis has in place (toy)",
  version: "1.0",
  defaults: {},
  needs: ["annotations"],
  headline: "kept",
  sentenceIsCorpusOfOne: true,
  stats: (gold, hyp) => ({ made: made(gold, hyp), gold: gold.annotations?.[0]?.edits.length ?? 0 }),
  corpus(stats) {
    const m = stats.reduce((n, s) => n + s.made.length, 0);
    const g = stats.reduce((n, s) => n + s.gold, 0);
    return { made: m, gold: g, kept: g ? m / g : 1 };
  },
  sentence(stats) {
    return this.corpus([stats], {});
  },
  explain: (gold, hyp) => ({
    summary: `${made(gold, hyp).length} gold edits kept`,
    blocks: [],
  }),
  signature: () => "kept|v:1.0",
};

const keptView: SentenceView<Record<string, never>, KeptStats> = {
  metric: "kept",
  description: "gold edits each system has in place",
  sentenceEdits: ({ gold, systems, stats }) => ({
    source: "kept",
    gold: gold.map((s) => [
      (s.annotations?.[0]?.edits ?? []).map((e) => ({
        start: e.start,
        end: e.end,
        type: e.type ?? "",
        correction: (e.corrections[0] ?? []).join(" "),
      })),
    ]),
    compared: gold.map((_, i) => systems.map((_, k) => ({ annotator: 0, matched: stats[k][i].made }))),
  }),
};

const hello: PluginCommand = {
  name: "kept-hello",
  summary: "say hello (a plugin's own command)",
  help: "Usage: gecscore kept-hello NAME\n",
  run(args, io) {
    if (args.length !== 1) {
      io.err(`kept-hello: expected one NAME, got ${args.length}\n`);
      return 2;
    }
    io.out(`kept says hello to ${args[0]}\n`);
    return 0;
  },
};

const plugin: Plugin = {
  name: "gecscore-kept",
  version: "0.1.0",
  metrics: [kept],
  commands: [hello],
  views: [keptView],
};

export default plugin;
