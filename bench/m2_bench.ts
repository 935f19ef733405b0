/**
 * M2 scoring speed: the 13 CoNLL-2014 outputs against the combined gold (skipped when
 * `../shared` is absent), and adversarial sentences that take the reference scorer minutes
 * to hours (long sentences, heavy repetition, long insertions and deletions).
 *
 * The implicit fallback's cost (see `metrics/m2/fallback.ts`): at worst quadratic in the
 * lattice's `(n+1)(m+1)` nodes, in practice close to linear in them. Measured on n tokens
 * against n unrelated ones with one gold edit (CPU time of `m2Metric.stats`, start-up
 * subtracted): n = 125: 0.18 s, 250: 0.28 s, 500: 0.39 s, 1000: 0.66 s and 320 MB (the
 * earlier sweep: 2.9 s at 100, 37 s at 250, over 590 s at 500). Pairs past 1.5 million
 * lattice cells (about 1250 tokens each) are refused (`MAX_LATTICE_CELLS`).
 *
 * `deno bench --allow-read bench/m2_bench.ts`
 */
import { readGold } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { m2Metric } from "../metrics/m2/mod.ts";
import { FallbackBudgetError } from "../metrics/m2/lattice.ts";
import type { GoldSentence, Tokens } from "../plugins/types.ts";
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

// First: the caches keep only the current sentence until a run comes back to an old one (the
// system-by-system run below), and then keep every sentence for the rest of the process.
Deno.bench({
  name: "m2 12 teams sentence by sentence, as score streams them (stats + accumulator)",
  ignore: !conll,
  n: 5,
  warmup: 1,
  fn() {
    const gold = conll!.gold.sentences.map((s) => ({ ...s }));
    const teams = conll!.systems.filter((_, j) => CONLL2014_SYSTEMS[j] !== "INPUT");
    const folds = teams.map(() => m2Metric.accumulator!(options));
    gold.forEach((s, i) => {
      teams.forEach((system, j) => folds[j].add(m2Metric.stats(s, system.sentences[i], options)));
    });
    for (const f of folds) f.score();
  },
});

Deno.bench({
  name: "m2 13 CoNLL-2014 systems x 1312 sentences, combined gold (stats + corpus)",
  ignore: !conll,
  n: 5,
  warmup: 1,
  fn() {
    // Fresh gold objects, as in a new run: M2 caches per gold sentence within a run.
    const gold = conll!.gold.sentences.map((s) => ({ ...s }));
    for (const system of conll!.systems) {
      const stats = gold.map((s, i) => m2Metric.stats(s, system.sentences[i], options));
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
    "1000 random tokens over 200 words against 1000 others, 10 gold edits (implicit fallback)",
    ...(() => {
      let seed = 12345;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      const words = (n: number) =>
        Array.from({ length: n }, () => `w${Math.floor(random() * 200)}`);
      const source = words(1000), hypothesis = words(1000);
      const edits: [number, number, string][] = Array.from({ length: 10 }, () => {
        const start = Math.floor(random() * 1000), x = Math.floor(random() * 1000);
        return [start, Math.min(1000, start + 1), hypothesis.slice(x, x + 1).join(" ")];
      });
      return [gold(source, edits), hypothesis] as [GoldSentence, Tokens];
    })(),
  ],
  [
    // Refused past MAX_FALLBACK_WORK (every alignment about as good as any other).
    "1000 tokens over 97 words against their reverse (refused by the fallback's budget)",
    gold(Array.from({ length: 1000 }, (_, i) => `w${i % 97}`), [[5, 6, "c5"]]),
    Array.from({ length: 1000 }, (_, i) => `w${(999 - i) % 97}`),
  ],
  [
    "300 tokens over 97 words against a shuffled copy",
    gold(Array.from({ length: 300 }, (_, i) => `w${i % 97}`), [[5, 6, "c5"]]),
    Array.from({ length: 300 }, (_, i) => `w${((i * 7919) % 300) % 97}`),
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
      // A fresh gold object: M2 caches the statistics per gold sentence.
      try {
        m2Metric.stats({ ...sentence }, hypothesis, options);
      } catch (error) {
        // Past MAX_FALLBACK_WORK: refused (an InputError naming the sentence).
        if (!(error instanceof FallbackBudgetError)) throw error;
      }
    },
  });
}
