/** A plugin for the tests whose metric never finishes: `stats()` loops forever. */

export default {
  name: "runaway",
  version: "1.0",
  metrics: [{
    id: "runaway",
    description: "Never finishes",
    version: "1.0",
    defaults: {},
    needs: [],
    headline: "x",
    stats: () => {
      while (true) {
        // Spin.
      }
    },
    corpus: () => ({ x: 0 }),
    sentence: () => ({ x: 0 }),
    explain: () => ({ summary: "", blocks: [] }),
    signature: () => "runaway",
  }],
};
