/**
 * A plugin whose one metric throws on any hypothesis with the token "A" (for the REPL tests
 * of a command that fails part-way). Not meant to measure anything.
 */

export default {
  name: "throws-on-a",
  version: "0.1.0",
  metrics: [{
    id: "throws_on_a",
    description: "Fails on hypotheses that contain the token A (test)",
    version: "1.0",
    defaults: {},
    needs: [],
    headline: "n",
    stats(_gold: unknown, hyp: string[]) {
      if (hyp.includes("A")) throw new Error("cannot score A");
      return { n: hyp.length };
    },
    corpus: (stats: { n: number }[]) => ({ n: stats.reduce((a, s) => a + s.n, 0) }),
    sentence(stats: { n: number }) {
      return { n: stats.n };
    },
    explain: () => ({ summary: "", blocks: [] }),
    signature: () => "throws_on_a|v:1.0",
  }],
};
