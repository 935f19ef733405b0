import assert from "node:assert/strict";
import type { GoldSentence } from "../plugins/types.ts";
import { imeasureMetric } from "../metrics/imeasure/mod.ts";
import type { ImeasureOptions } from "../metrics/imeasure/types.ts";
import { resolveOptions } from "../plugins/options.ts";

function options(raw: Record<string, string | number | boolean> = {}): ImeasureOptions {
  return resolveOptions<ImeasureOptions>(imeasureMetric, raw);
}

/** A 200-token sentence, 20 annotators with 50 one-token substitutions each. */
function crowdedSentence(): { gold: GoldSentence; hypothesis: string[] } {
  const source = Array.from({ length: 200 }, (_, i) => `w${i}`);
  const annotations = Array.from({ length: 20 }, (_, k) => ({
    annotator: String(k),
    edits: Array.from({ length: 50 }, (_, j) => {
      const start = (4 * j + (k % 4)) % 200;
      return { start, end: start + 1, corrections: [[`x${k % 3}`]] };
    }),
  }));
  const hypothesis = source.map((t, i) => i % 8 === 0 ? "x0" : t);
  return { gold: { source, annotations, line: 1 }, hypothesis };
}

Deno.test("imeasureMetric scores a 200-token sentence of 20 annotators with 50 edits each", () => {
  const { gold, hypothesis } = crowdedSentence();
  for (const mix of [true, false]) {
    const opts = options({ mix });
    const stats = imeasureMetric.stats(gold, hypothesis, opts);
    const score = imeasureMetric.sentence(stats, opts);
    assert.ok(score.correction.tp > 0, `mix ${mix}: no true positive`);
  }
});
