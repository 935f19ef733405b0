/**
 * A plugin for the tests that misbehaves in its output: it prints with console.log when loaded
 * and on every call, waits a tick at the top level before exporting, and its metric `noisy`
 * has a NaN in a non-headline field and a score field named `signature`. `summed` has every
 * optional member a box must forward: `compactColumns`, `columnLabels`, `paperColumns`,
 * `prepare`, `resampler` and `accumulator`.
 */

console.log("noisy: loading");
await new Promise((resolve) => setTimeout(resolve, 10));

const stats = () => {
  console.log("noisy: stats");
  console.info("noisy: info");
  return { n: 1 };
};

const base = {
  description: "Prints and returns odd scores",
  version: "1.0",
  defaults: {},
  needs: [],
  headline: "score",
  stats,
  explain: () => ({ summary: "", blocks: [] }),
};

export default {
  name: "noisy",
  version: "1.0",
  metrics: [
    {
      ...base,
      id: "noisy",
      corpus: () => ({ score: 1 }),
      sentence: () => ({ score: 1 }),
      signature: () => "noisy",
    },
    {
      ...base,
      id: "nan_field",
      corpus: () => ({ score: 1, detail: { p: NaN } }),
      sentence: () => ({ score: 1, detail: { p: NaN } }),
      signature: () => "nan_field",
    },
    {
      ...base,
      id: "sig_field",
      corpus: () => ({ score: 1, signature: "forged" }),
      sentence: () => ({ score: 1 }),
      signature: () => "sig_field",
    },
    {
      ...base,
      id: "summed",
      columns: ["score", "n"],
      compactColumns: ["n"],
      columnLabels: (options: { label?: string }) => ({ n: options.label ?? "sentences" }),
      paperColumns: (options: { label?: string }) => ({ n: `Summed ${options.label ?? "n"}` }),
      // The run as the plugin sees it: how many gold sentences and systems crossed.
      prepare: (
        options: Record<string, unknown>,
        context: { gold: unknown[]; systems: { name: string }[] },
      ) => ({
        ...options,
        label: `${context.gold.length} sentences, ${context.systems.map((s) => s.name)}`,
      }),
      corpus: (all: { n: number }[]) => ({ score: all.length, n: all.length }),
      sentence: () => ({ score: 1, n: 1 }),
      // Resampled corpora report how they were scored, so a test can see the path taken.
      resampler: (all: { n: number }[]) => (indices: Int32Array) => ({
        score: indices.length,
        n: indices.length,
        via: "resampler",
        first: all.length,
      }),
      accumulator: () => {
        let n = 0;
        return { add: () => void n++, score: () => ({ score: n, n, via: "accumulator" }) };
      },
      signature: () => "summed",
    },
  ],
};
