/**
 * Test plugin for tests/usable_test.ts: `warner` (a warning per long hypothesis, and one of
 * another kind for empty ones), `slow` (busy for 40 ms per sentence, to cancel), `crashy`
 * (throws in stats).
 */
import type { Metric, Plugin } from "../../../mod.ts";
import type { GoldSentence } from "../../../plugins/mod.ts";

type S = { n: number; warning?: string };

const base = {
  description: "test metric",
  version: "1",
  defaults: {},
  needs: [] as never[],
  headline: "n",
  corpus: (stats: readonly S[]) => {
    const warnings = stats.flatMap((s) => (s.warning ? [s.warning] : []));
    const score: Record<string, unknown> = { n: stats.reduce((a, s) => a + s.n, 0) };
    if (warnings.length) score.warnings = warnings;
    return score;
  },
  sentence(stats: S) {
    return { n: stats.n };
  },
  explain: (_g: GoldSentence, h: string[]) => ({ summary: `${h.length} tokens`, blocks: [] }),
};

const warner: Metric<Record<string, never>, S> = {
  ...base,
  id: "warner",
  stats(gold, hyp) {
    const where = `sentence at gold line ${gold.line}`;
    if (hyp.length === 0) return { n: 0, warning: `${where}: empty hypothesis` };
    if (hyp.length > 3) return { n: hyp.length, warning: `${where}: ${hyp.length} tokens, over 3` };
    return { n: hyp.length };
  },
  explain(gold, hyp) {
    const stats = this.stats(gold, hyp, {});
    return {
      summary: `${hyp.length} tokens`,
      blocks: stats.warning ? [{ title: "Warning", lines: [stats.warning] }] : [],
    };
  },
  signature: () => "warner|v:1",
};

const slow: Metric<Record<string, never>, S> = {
  ...base,
  id: "slow",
  stats(_gold, hyp) {
    const until = performance.now() + 40;
    while (performance.now() < until) { /* busy */ }
    return { n: hyp.length };
  },
  signature: () => "slow|v:1",
};

const crashy: Metric<Record<string, never>, S> = {
  ...base,
  id: "crashy",
  stats() {
    throw new TypeError("crashy cannot count");
  },
  signature: () => "crashy|v:1",
};

const plugin: Plugin = { name: "usable-test-metrics", version: "1", metrics: [warner, slow, crashy] };
export default plugin;
