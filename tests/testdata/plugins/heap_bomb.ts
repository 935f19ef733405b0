/**
 * A plugin for the tests whose metric grows its heap in `stats()`: by 100,000 numbers at a
 * time, up to about 800 MB (a cap, so that a box without a memory bound does not take the
 * machine's memory; it then returns).
 */

const kept: number[][] = [];

export default {
  name: "heap_bomb",
  version: "1.0",
  metrics: [{
    id: "heap_bomb",
    description: "Grows its heap until stopped",
    version: "1.0",
    defaults: {},
    needs: [],
    headline: "x",
    stats: () => {
      while (kept.length < 1000) kept.push(new Array(100_000).fill(kept.length + 0.5));
      return {};
    },
    corpus: () => ({ x: 0 }),
    sentence: () => ({ x: 0 }),
    explain: () => ({ summary: "", blocks: [] }),
    signature: () => "heap_bomb",
  }],
};
