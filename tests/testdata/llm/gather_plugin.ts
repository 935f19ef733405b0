// A third-party plugin whose metric would ask a network service (gather): in its box it has no
// network, and gecscore refuses the step by name (tests/llm_metrics_test.ts).
import type { Metric, Plugin } from "../../../mod.ts";

const metric: Metric<{ answers: string }, number> = {
  id: "remote",
  description: "asks a server",
  version: "1",
  defaults: { answers: "" },
  needs: [],
  headline: "n",
  gather: async (options) => {
    await fetch("http://127.0.0.1:1/");
    return { ...options, answers: "x" };
  },
  stats: () => 1,
  corpus: (stats) => ({ n: stats.length }),
  sentence: () => ({ n: 1 }),
  explain: () => ({ summary: "", blocks: [] }),
  signature: () => "remote|v:1",
};

const plugin: Plugin = { name: "remote-plugin", version: "1.0.0", metrics: [metric] };
export default plugin;
