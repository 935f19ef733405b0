/**
 * A plugin for the tests whose results cannot cross to the program: `?fn`, `?deep`, `?wasm`,
 * `?symbol` pick what `stats()` (metric `odd`) and `prepare()` (metric `oddprep`) return;
 * `?nan`, `?bigint`, `?deepnan` give options `prepare()` must not return.
 */

const kind = new URL(import.meta.url).search.slice(1);
// deno-lint-ignore no-explicit-any
const deep = () => { let o: any = {}; const root = o; for (let i = 0; i < 20000; i++) { o.x = {}; o = o.x; } return root; };
const odd: Record<string, () => unknown> = {
  fn: () => ({ n: 1, f: () => 1 }),
  deep,
  wasm: () => ({ m: new WebAssembly.Memory({ initial: 1 }) }),
  symbol: () => ({ s: Symbol("x") }),
  nan: () => ({ n: NaN }),
  bigint: () => ({ b: 1n }),
  deepnan: () => ({ w: { x: [1, NaN] } }),
};
export default {
  name: "odd", version: "1.0",
  metrics: [{
    id: "odd", description: "odd results", version: "1", defaults: {}, needs: [], headline: "x",
    stats: () => odd[kind](),
    corpus: () => ({ x: 1 }),
    sentence: () => ({ x: 1 }),
    explain: () => ({ summary: "", blocks: [] }),
    signature: () => "odd",
  }, {
    id: "oddprep", description: "odd prepare", version: "1", defaults: {}, needs: [], headline: "x",
    prepare: () => odd[kind](),
    stats: () => ({ n: 1 }),
    corpus: () => ({ x: 1 }),
    sentence: () => ({ x: 1 }),
    explain: () => ({ summary: "", blocks: [] }),
    signature: () => "oddprep",
  }],
};
