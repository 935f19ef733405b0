/**
 * A plugin for the tests whose answers have the wrong shape: the format `bad_gold` (files
 * ending in .badgold) reads sentences whose source is not a token list, and the metric
 * `bad_explain` explains a sentence with blocks that are not a list.
 */

export default {
  name: "malformed",
  version: "1.0",
  formats: [{
    id: "bad_gold",
    description: "Gold whose sentences are malformed",
    extensions: [".badgold"],
    parse: () => ({ sentences: [{ source: "a b c", references: [["a"]] }] }),
  }],
  metrics: [{
    id: "bad_explain",
    description: "Explains with a malformed explanation",
    version: "1.0",
    defaults: {},
    needs: [],
    headline: "score",
    stats: () => ({ n: 1 }),
    corpus: () => ({ score: 1 }),
    sentence: () => ({ score: 1 }),
    explain: () => ({ summary: 42, blocks: "none" }),
    signature: () => "bad_explain",
  }],
};
