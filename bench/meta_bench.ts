/**
 * Sentence-level meta-evaluation speed: Kendall's tau with the bootstrap over as many pairwise
 * judgments as the expanded CoNLL-2014 set (109,098), three metrics, synthetic data (no files).
 * `deno bench bench/meta_bench.ts`
 *
 * Target: 100 resamples (both variants, three metrics) in under 1.5 s, so the paper's 1000 take
 * about 10 s (measured 1.1 s on 2 shared cores); gecmetrics' script took 29 minutes for 1000.
 */
import { sentenceLevel } from "../meta/sentence_level.ts";
import { MersenneTwister } from "../util/mt19937.ts";

const N = 109098;
const SYSTEMS = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M"];
const SENTENCES = 1312;
const mt = new MersenneTwister(7);
const pairs = Array.from({ length: N }, (_, i) => {
  const a = Math.floor(mt.random() * SYSTEMS.length);
  const b = (a + 1 + Math.floor(mt.random() * (SYSTEMS.length - 1))) % SYSTEMS.length;
  return {
    segment: String(i % SENTENCES),
    judge: "j",
    rankingId: String(i),
    system1: SYSTEMS[a],
    rank1: 1 + Math.floor(mt.random() * 5),
    system2: SYSTEMS[b],
    rank2: 1 + Math.floor(mt.random() * 5),
  };
});
const metrics = ["m1", "m2", "m3"].map((name) => ({
  name,
  lp: "src-trg",
  testset: "synthetic",
  path: name,
  scores: new Map(SYSTEMS.map((s) => [
    s,
    new Map(
      Array.from({ length: SENTENCES }, (_, i) => [String(i), Math.round(mt.random() * 20) / 20]),
    ),
  ])),
}));

Deno.bench("sentenceLevel(): 109,098 pairs, 3 metrics, 100 resamples", { n: 3 }, () => {
  sentenceLevel(pairs, metrics, { bootstrap: { resamples: 100, seed: 1 } });
});

Deno.bench("sentenceLevel(): 109,098 pairs, 3 metrics, no bootstrap", () => {
  sentenceLevel(pairs, metrics, { bootstrap: false });
});
