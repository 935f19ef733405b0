/**
 * A plugin for the streaming tests: `fault_at` counts hypothesis tokens and throws on a
 * hypothesis holding the token "BOOM" (a faulty metric, met in the middle of a stream).
 *
 * @module
 */

import type { Metric, Plugin } from "../../mod.ts";

/** `fault_at`: tokens per hypothesis; a hypothesis with "BOOM" makes it throw. */
export const faultAtMetric: Metric<Record<string, never>, { tokens: number }, { tokens: number }> =
  {
    id: "fault_at",
    description: "Counts hypothesis tokens; throws on the token BOOM",
    version: "1.0",
    defaults: {},
    needs: [],
    headline: "tokens",
    stats(_gold, hypothesis) {
      if (hypothesis.includes("BOOM")) throw new RangeError("met BOOM");
      return { tokens: hypothesis.length };
    },
    corpus(stats) {
      return { tokens: stats.reduce((n, s) => n + s.tokens, 0) };
    },
    sentence(stats) {
      return { tokens: stats.tokens };
    },
    explain(_gold, hypothesis) {
      return { summary: `${hypothesis.length} tokens`, blocks: [] };
    },
    signature() {
      return "fault_at|v:1.0";
    },
  };

/** The plugin. */
const plugin: Plugin = { name: "stream-fault", version: "1.0", metrics: [faultAtMetric] };
export default plugin;
