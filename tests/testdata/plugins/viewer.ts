/**
 * A plugin for the tests with a sentence view (`viewer`: every system matched the first gold
 * edit of each sentence) and, in `commander`, a command: a box forwards the view and refuses
 * the command.
 */

const metric = {
  id: "viewed",
  description: "A metric with a sentence view",
  version: "1.0",
  defaults: {},
  needs: [],
  headline: "score",
  stats: (_gold: unknown, hyp: string[]) => ({ n: hyp.length }),
  corpus: () => ({ score: 1 }),
  sentence: () => ({ score: 1 }),
  explain: () => ({ summary: "", blocks: [] }),
  signature: () => "viewed",
};

export const view = {
  metric: "viewed",
  description: "The first gold edit, matched by every system",
  sentenceEdits: (input: { gold: { source: string[] }[]; systems: unknown[][] }) => ({
    source: "viewed",
    gold: input.gold.map((g) => [[{ start: 0, end: 1, type: "X", correction: g.source[0] }]]),
    compared: input.gold.map(() => input.systems.map(() => ({ annotator: 0, matched: [0] }))),
  }),
};

export const commander = {
  name: "commander",
  version: "1.0",
  commands: [{ name: "hello", summary: "Says hello", help: "gecscore hello", run: () => 0 }],
};

export default { name: "viewer", version: "1.0", metrics: [metric], views: [view] };
