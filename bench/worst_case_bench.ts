/**
 * Worst cases per metric: one sentence pair of 1,000 tokens each (issue "speed": any pair up
 * to 1,000 tokens each under 2 s for every metric, or a clear refusal naming the bound).
 *
 * - m2: 1,000 source tokens against 1,000 unrelated ones (every lattice node linked to every
 *   later one: past the merged-edge budget, the linear-memory fallback scores it), and against
 *   a lightly edited copy (the ordinary path).
 * - m2, pairs past both of its budgets: 1,000 tokens over 97 words against their reverse
 *   (nearly every alignment as good as any other) is refused with a `FallbackBudgetError`
 *   naming the sentence once the fallback's search passes `MAX_FALLBACK_WORK` (2^23 cells
 *   visited, about a second of CPU); the bench times the refusal.
 * - gleu: n-gram counts are linear in the lengths.
 *
 * GLEU and the I-measure keep work per gold sentence (n-gram tables, search memos, statistics
 * per hypothesis): each iteration scores a fresh copy of the gold sentence, so that every
 * iteration pays the whole cost.
 * - imeasure: its exact three-way alignment needs `(n+1)(m+1)(r+1)` cells; past
 *   `MAX_ALIGNMENT_CELLS` (2^25, about 320 tokens each) the sentence is refused with an
 *   `InputError` naming it, checked before any table is made: the bench times the refusal,
 *   and the largest pair it scores (320 tokens each).
 *
 * `deno bench --allow-read bench/worst_case_bench.ts`
 *
 * @module
 */
import assert from "node:assert/strict";
import type { GoldSentence } from "../plugins/types.ts";
import { gleuMetric, type GleuOptions } from "../metrics/gleu/mod.ts";
import { imeasureMetric } from "../metrics/imeasure/mod.ts";
import type { ImeasureOptions } from "../metrics/imeasure/types.ts";
import { m2Metric } from "../metrics/m2/mod.ts";
import { FallbackBudgetError } from "../metrics/m2/lattice.ts";
import { resolveOptions } from "../plugins/options.ts";

function words(n: number, prefix: string): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}${i % 97}`);
}

/** A gold sentence of `n` tokens with an edit every 10 tokens, and a copy making half of them. */
function pair(n: number): { gold: GoldSentence; edited: string[]; unrelated: string[] } {
  const source = words(n, "w");
  const edits = [];
  for (let i = 5; i < n; i += 10) edits.push({ start: i, end: i + 1, corrections: [[`c${i}`]] });
  const edited = source.map((t, i) => i % 20 === 5 ? `c${i}` : t);
  return {
    gold: { source, annotations: [{ annotator: "0", edits }], line: 1 },
    edited,
    unrelated: words(n, "u"),
  };
}

const big = pair(1000), mid = pair(320);
const gleu = resolveOptions<GleuOptions>(gleuMetric, {});
const imeasure = resolveOptions<ImeasureOptions>(imeasureMetric, {});

// Fresh gold objects: M2 caches statistics per gold sentence.
Deno.bench({
  name: "m2: 1000 tokens against 1000 unrelated ones (fallback)",
  n: 1,
  warmup: 0,
  fn() {
    m2Metric.stats({ ...big.gold }, big.unrelated, m2Metric.defaults);
  },
});

Deno.bench({
  name: "m2: 1000 tokens against an edited copy",
  n: 3,
  fn() {
    m2Metric.stats({ ...big.gold }, big.edited, m2Metric.defaults);
  },
});

Deno.bench({
  name: "m2: 1000 tokens against their reverse is refused (bound MAX_FALLBACK_WORK)",
  n: 1,
  warmup: 0,
  fn() {
    assert.throws(
      () => m2Metric.stats({ ...big.gold }, big.gold.source.slice().reverse(), m2Metric.defaults),
      FallbackBudgetError,
    );
  },
});

Deno.bench({
  name: "gleu: 1000 tokens against 1000 unrelated ones",
  n: 3,
  fn() {
    gleuMetric.stats(structuredClone(big.gold), big.unrelated, gleu);
  },
});

Deno.bench({
  name: "imeasure: 1000 tokens each is refused (bound 2^25 alignment cells)",
  n: 3,
  fn() {
    try {
      imeasureMetric.stats(structuredClone(big.gold), big.edited, imeasure);
    } catch (error) {
      if (!(error instanceof Error) || !/more than the \d+ the I-measure/.test(error.message)) {
        throw error;
      }
      return;
    }
    throw new Error("not refused");
  },
});

Deno.bench({
  name: "imeasure: 320 tokens against an edited copy (largest scored)",
  n: 1,
  warmup: 0,
  fn() {
    imeasureMetric.stats(structuredClone(mid.gold), mid.edited, imeasure);
  },
});

Deno.bench({
  name: "imeasure: 320 tokens against 320 unrelated ones (the whole alignment cube)",
  n: 1,
  warmup: 0,
  fn() {
    imeasureMetric.stats(structuredClone(mid.gold), mid.unrelated, imeasure);
  },
});
