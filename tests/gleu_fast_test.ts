import assert from "node:assert/strict";
import type { GoldSentence, Tokens } from "../plugins/types.ts";
import { gleuMetric, type GleuOptions, type GleuStats } from "../metrics/gleu/mod.ts";
import {
  type Gleu2016Stats,
  ngramCounts,
  prepare,
  sentenceStats,
  stats2016,
} from "../metrics/gleu/stats.ts";
import { naiveCorpus } from "./gleu_naive.ts";
import { xorshift } from "./random.ts";
import { resolveOptions } from "../plugins/options.ts";

function options(raw: Record<string, string | number> = {}): GleuOptions {
  return resolveOptions<GleuOptions>(gleuMetric, raw);
}

/** Random gold sentences over a small vocabulary (many repeated n-grams), with 1–4 annotators. */
function randomCorpus(seed: number, count: number, vocabulary: number): {
  gold: GoldSentence[];
  hyps: Tokens[];
} {
  const rand = xorshift(seed);
  const word = () => `w${rand(vocabulary)}`;
  const gold: GoldSentence[] = [];
  const hyps: Tokens[] = [];
  for (let i = 0; i < count; i++) {
    const source = Array.from({ length: rand(12) }, word);
    const annotations = Array.from({ length: 1 + rand(4) }, (_, a) => {
      const edits = [];
      for (let at = 0; at < source.length; at += 1 + rand(4)) {
        if (rand(3) === 0) {
          const end = Math.min(source.length, at + rand(2));
          edits.push({
            start: at,
            end,
            corrections: [Array.from({ length: rand(3) }, word)],
          });
          at = end;
        }
      }
      return { annotator: `${a}`, edits };
    });
    gold.push({ source, annotations, line: i + 1 });
    // Hypotheses: the source, a reference-like edit, or words never seen in the gold.
    const kind = rand(4);
    hyps.push(
      kind === 0
        ? [...source]
        : kind === 1
        ? Array.from({ length: rand(14) }, word)
        : kind === 2
        ? source.map((t) => rand(4) === 0 ? `new${rand(3)}` : t)
        : [...source.slice(0, rand(source.length + 1)), word(), word()],
    );
  }
  return { gold, hyps };
}

Deno.test("stats2016() equals the general sentenceStats() on random sentences", () => {
  const o = options();
  for (const seed of [1, 2, 3, 4, 5]) {
    const { gold, hyps } = randomCorpus(seed, 300, seed === 5 ? 3 : 8);
    gold.forEach((g, i) => {
      const entry = prepare(g, o);
      const general = sentenceStats(entry, hyps[i], ngramCounts(hyps[i], entry.vocab), o);
      const fast = stats2016(entry, hyps[i]);
      assert.deepEqual(fast, general, `seed ${seed}, sentence ${i + 1}`);
      // Identical references share one statistics object, as in the general path.
      const refs = (general as Gleu2016Stats).references;
      fast.references.forEach((r, k) => {
        assert.equal(r === fast.references[refs.indexOf(refs[k])], true);
      });
    });
  }
});

Deno.test("gleuMetric.corpus() equals the sampling loop of the reference tool on random corpora", () => {
  for (const seed of [11, 12, 13]) {
    for (const iterations of [1, 7, 64]) {
      const o = options({ iterations });
      const { gold, hyps } = randomCorpus(seed, 200, 6);
      const stats = gold.map((g, i) => gleuMetric.stats(g, hyps[i], o)) as Gleu2016Stats[];
      assert.deepEqual(
        gleuMetric.corpus(stats as GleuStats[], o),
        naiveCorpus(stats, iterations),
        `seed ${seed}, ${iterations} iterations`,
      );
      // Only one reference each: one iteration.
      const single = stats.map((s) => ({ ...s, references: s.references.slice(0, 1) }));
      assert.deepEqual(gleuMetric.corpus(single, o), naiveCorpus(single, iterations));
      // Two references each (the table path alone).
      const two = stats.map((s) => ({
        ...s,
        references: [s.references[0], s.references[s.references.length - 1]],
      }));
      assert.deepEqual(gleuMetric.corpus(two, o), naiveCorpus(two, iterations));
    }
  }
});

Deno.test("gleuMetric.corpus() equals the reference tool's loop when the draws are too many to keep", () => {
  // 1,100 iterations of 4,000 sentences: more draws than MAX_CACHED_DRAWS (2^22), so the
  // fold draws one iteration at a time; one, two and more references mixed.
  const { gold, hyps } = randomCorpus(21, 4000, 6);
  const o = options({ iterations: 1100 });
  const stats = gold.map((g, i) => gleuMetric.stats(g, hyps[i], o)) as Gleu2016Stats[];
  assert.ok(stats.some((s) => s.references.length === 2));
  assert.ok(stats.some((s) => s.references.length > 2));
  assert.ok(stats.some((s) => s.references.length === 1));
  assert.deepEqual(gleuMetric.corpus(stats as GleuStats[], o), naiveCorpus(stats, 1100));
});
