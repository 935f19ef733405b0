/**
 * I-measure speed on the 13 CoNLL-2014 outputs against the XML gold (skipped when `../shared`
 * is absent), and adversarial sentences (long segments with many combinations, a long
 * unrelated hypothesis, a long sentence with many errors copied unchanged).
 * `deno bench --allow-read bench/imeasure_bench.ts`
 *
 * Targets: `mix: false` (as `ieval.py -nomix`) for all 13 in a few seconds; mixed references
 * (the default, which `ieval.py` cannot finish on this gold) for all 13 and all 1312 sentences
 * in under a second of scoring. Every run starts from a fresh copy of the gold, so the
 * per-sentence memos start cold as in one command-line run.
 */
import { readGold } from "../mod.ts";
import type { GoldSentence, Tokens } from "../plugins/types.ts";
import { readSentences } from "../formats/text.ts";
import { imeasureMetric } from "../metrics/imeasure/mod.ts";
import type { ImeasureOptions } from "../metrics/imeasure/types.ts";
import type { ErrorGroup } from "../plugins/mod.ts";
import { resolveOptions } from "../plugins/options.ts";
import { align3 } from "../metrics/imeasure/align.ts";
import { CONLL2014_SYSTEMS, shared, SHARED_AVAILABLE } from "../tests/shared.ts";

const GOLD = shared("data/conll2014/gold/official-2014.combined.ieval.xml");
const systems: Tokens[][] = [];
if (SHARED_AVAILABLE) {
  for (const name of CONLL2014_SYSTEMS) {
    systems.push(await readSentences(shared(`data/conll2014/systems/${name}`), 1312));
  }
}
const gold = SHARED_AVAILABLE ? await readGold(GOLD) : undefined;

function run(options: ImeasureOptions): number {
  // A fresh copy of the gold each time: per-sentence caches start cold, as in one CLI run.
  const sentences = structuredClone(gold!.sentences);
  let sum = 0;
  for (const hyps of systems) {
    const stats = sentences.map((g, i) => imeasureMetric.stats(g, hyps[i], options));
    sum += imeasureMetric.corpus(stats, options).correction.i;
  }
  return sum;
}

/** The 12 teams sentence by sentence, as `score` streams them (INPUT left out, as in README). */
function runBySentence(options: ImeasureOptions): number {
  const sentences = structuredClone(gold!.sentences);
  const teams = systems.filter((_, j) => CONLL2014_SYSTEMS[j] !== "INPUT");
  const folds = teams.map(() => imeasureMetric.accumulator!(options));
  sentences.forEach((g, i) => {
    teams.forEach((hyps, j) => folds[j].add(imeasureMetric.stats(g, hyps[i], options)));
  });
  return folds.reduce((sum, f) => sum + f.score().correction.i, 0);
}

// First: the memos keep only the current sentence until a run comes back to an old one (the
// system-by-system runs below), and then keep every sentence for the rest of the process.
Deno.bench({
  name: "imeasure 12 teams sentence by sentence, as score streams them (stats + accumulator)",
  ignore: !SHARED_AVAILABLE,
  n: 5,
  warmup: 1,
  fn() {
    runBySentence(resolveOptions<ImeasureOptions>(imeasureMetric, {}));
  },
});

Deno.bench({
  name: "imeasure 13 systems, mix: false (stats + corpus)",
  ignore: !SHARED_AVAILABLE,
  n: 3,
  fn() {
    run(resolveOptions<ImeasureOptions>(imeasureMetric, { mix: false }));
  },
});

Deno.bench({
  name: "imeasure 13 systems, mixed references (stats + corpus)",
  ignore: !SHARED_AVAILABLE,
  n: 3,
  fn() {
    run(resolveOptions<ImeasureOptions>(imeasureMetric, {}));
  },
});

Deno.bench({
  name: "imeasure 13 systems, mixed references, opt: corpus (stats + corpus)",
  ignore: !SHARED_AVAILABLE,
  n: 3,
  fn() {
    run(resolveOptions<ImeasureOptions>(imeasureMetric, { opt: "corpus" }));
  },
});

/** `n` tokens over `vocabulary` words, deterministic. */
function words(n: number, seed: number, vocabulary: number): string[] {
  return Array.from(
    { length: n },
    (_, i) => `w${(i * 7 + seed * 13 + ((i * i) % 5)) % vocabulary}`,
  );
}

/** Error `id` replacing token `at` by one of `options` (one alternative per annotator). */
function error(id: number, at: number, options: string[], required = false): ErrorGroup {
  return {
    id: `${id}`,
    required,
    alternatives: options.map((t, n) => ({
      annotator: `${n}`,
      corrections: [{ start: at, end: at + 1, tokens: [t] }],
    })),
  };
}

const src60 = words(60, 1, 9);
const src150 = words(150, 2, 40);
const src200 = words(200, 3, 50);
const ADVERSARIAL: [string, GoldSentence, Tokens][] = [
  [
    "60 tokens, 6 optional errors with 2 alternatives in one segment (729 combinations), " +
    "hypothesis changing every other token",
    {
      source: src60,
      numAnnotators: 2,
      errors: Array.from({ length: 6 }, (_, e) => error(e + 1, 3 + 9 * e, ["x", "y"])),
    },
    src60.map((t, i) => (i % 2 === 0 ? "z" : t)),
  ],
  [
    "200 tokens against 100 unrelated ones, one error",
    { source: src200, numAnnotators: 1, errors: [error(1, 100, ["x"], true)] },
    words(100, 4, 50).map((t) => t + "'"),
  ],
  [
    "150 tokens copied unchanged, 40 errors with 2 alternatives spread out",
    {
      source: src150,
      numAnnotators: 2,
      errors: Array.from({ length: 40 }, (_, e) => error(e + 1, 3 * e + 1, ["x", "y"])),
    },
    src150,
  ],
];

const defaults = resolveOptions<ImeasureOptions>(imeasureMetric, {});
for (const [name, sentence, hypothesis] of ADVERSARIAL) {
  Deno.bench({
    name: `imeasure adversarial: ${name}`,
    n: 5,
    warmup: 1,
    fn() {
      // Another alignment in between and a fresh gold: nothing is reused from the last run.
      align3(["p"], ["q"], ["r"]);
      imeasureMetric.stats(structuredClone(sentence), hypothesis, defaults);
    },
  });
}
