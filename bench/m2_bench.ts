/**
 * M2 scoring speed: the 13 CoNLL-2014 outputs against the combined gold (skipped when
 * `../shared` is absent), and adversarial sentences that take the reference scorer minutes
 * to hours (long sentences, heavy repetition, long insertions and deletions).
 *
 * `deno bench --allow-read bench/m2_bench.ts`
 */
import { m2Metric, readGold, readHypotheses } from "../mod.ts";
import type { GoldSentence, Tokens } from "../mod.ts";
import { CONLL2014_SYSTEMS, shared, SHARED_AVAILABLE } from "../tests/shared.ts";

const options = m2Metric.defaults;

const conll = SHARED_AVAILABLE
  ? {
    gold: await readGold(shared("data/conll2014/gold/official-2014.combined.m2")),
    systems: await Promise.all(
      CONLL2014_SYSTEMS.map((name) =>
        readHypotheses(shared(`data/conll2014/systems/${name}`), 1312)
      ),
    ),
  }
  : undefined;

Deno.bench({
  name: "m2 13 CoNLL-2014 systems x 1312 sentences, combined gold (stats + corpus)",
  ignore: !conll,
  n: 5,
  warmup: 1,
  fn() {
    for (const system of conll!.systems) {
      const stats = conll!.gold.sentences.map((s, i) =>
        m2Metric.stats(s, system.sentences[i], options)
      );
      m2Metric.corpus(stats, options);
    }
  },
});

function gold(source: Tokens, edits: [number, number, string][] = []): GoldSentence {
  return {
    source,
    annotations: [{
      annotator: "0",
      edits: edits.map(([start, end, c]) => ({
        start,
        end,
        corrections: [c === "" ? [] : c.split(" ")],
      })),
    }],
  };
}

const cycle = (words: string[], n: number) => Array.from({ length: n }, (_, i) => words[i % 4]);
const repeated = cycle(["the", "of", "the", "and"], 220);
const ADVERSARIAL: [string, GoldSentence, Tokens][] = [
  [
    "220 repeated tokens -> their first 110 (12k-node lattice, 2M merged edges)",
    gold(repeated, [[0, 2, ""]]),
    repeated.slice(0, 110),
  ],
  [
    "220 repeated tokens -> every other one",
    gold(repeated, [[1, 2, ""]]),
    repeated.filter((_, i) => i % 2 === 0),
  ],
  [
    "40 tokens with 150 repeated tokens inserted",
    gold(cycle(["a", "b", "c", "d"], 40), [[20, 20, "very"]]),
    [
      ...cycle(["a", "b", "c", "d"], 20),
      ...Array(150).fill("very"),
      ...cycle(["a", "b", "c", "d"], 20),
    ],
  ],
  [
    // Past the merged-edge budget: scored by the implicit fallback (with a warning).
    "200 tokens rewritten as 100 unrelated ones (implicit fallback)",
    gold(Array.from({ length: 200 }, (_, i) => `s${i}`), [[3, 4, "h3"]]),
    Array.from({ length: 100 }, (_, i) => `h${i}`),
  ],
  [
    // Hours for the earlier fallback (about n^3.6): the bounded sweep.
    "1000 tokens rewritten as 1000 unrelated ones (implicit fallback)",
    gold(Array.from({ length: 1000 }, (_, i) => `s${i}`), [[3, 4, "h3"], [500, 500, "h499"]]),
    Array.from({ length: 1000 }, (_, i) => `h${i}`),
  ],
  [
    "6 tokens rewritten as 2000 unrelated ones (implicit fallback)",
    gold(Array.from({ length: 6 }, (_, i) => `s${i}`), [[3, 4, "h3"]]),
    Array.from({ length: 2000 }, (_, i) => `h${i}`),
  ],
  [
    "240 tokens of a repeated 4-gram deleted down to 8",
    gold(cycle(["in", "the", "end", ","], 240), [[0, 232, ""]]),
    cycle(["in", "the", "end", ","], 8),
  ],
];

for (const [name, sentence, hypothesis] of ADVERSARIAL) {
  Deno.bench({
    name: `m2 adversarial: ${name}`,
    n: 3,
    warmup: 0,
    fn() {
      m2Metric.stats(sentence, hypothesis, options);
    },
  });
}
