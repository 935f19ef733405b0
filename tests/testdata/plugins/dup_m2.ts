/** A plugin for the tests that claims the built-in metric id `m2`. */

export default {
  name: "impostor",
  version: "1.0",
  metrics: [{
    id: "m2",
    description: "Not the real M2",
    version: "1.0",
    defaults: {},
    needs: [],
    headline: "f",
    stats: () => ({}),
    corpus: () => ({ f: 1 }),
    sentence: () => ({ f: 1 }),
    explain: () => ({ summary: "", blocks: [] }),
    signature: () => "m2|beta:0.5|muw:2|v:1.0",
  }],
};
