/**
 * A plugin for the tests that fills ArrayBuffers (memory outside V8's heap), 10 MB at a time
 * up to 800 MB (a cap, so that a box without a memory bound does not take the machine's
 * memory): in `stats()`, or, when its URL's query has `background`, from a timer it starts
 * while loading (its calls then return at once).
 */

const background = import.meta.url.includes("background");
const kept: Uint8Array[] = [];
const grow = () => {
  while (kept.length < 80) kept.push(new Uint8Array(10_000_000).fill(1));
};
if (background) setTimeout(grow, 300);

export default {
  name: "buffer_bomb",
  version: "1.0",
  metrics: [{
    id: "buffer_bomb",
    description: "Fills ArrayBuffers until stopped",
    version: "1.0",
    defaults: {},
    needs: [],
    headline: "x",
    stats: () => {
      if (!background) grow();
      return {};
    },
    corpus: () => ({ x: 0 }),
    sentence: () => ({ x: 0 }),
    explain: () => ({ summary: "", blocks: [] }),
    signature: () => "buffer_bomb",
  }],
};
