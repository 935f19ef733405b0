/** A plugin for the tests with two metrics of one id. */

const metric = (value: number) => ({
  id: "twice",
  description: "Registered twice",
  version: "1.0",
  defaults: {},
  needs: [],
  headline: "x",
  stats: () => ({}),
  corpus: () => ({ x: value }),
  sentence: () => ({ x: value }),
  explain: () => ({ summary: "", blocks: [] }),
  signature: () => "twice",
});

export default { name: "doubler", version: "1.0", metrics: [metric(1), metric(2)] };
