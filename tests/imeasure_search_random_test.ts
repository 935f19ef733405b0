import assert from "node:assert/strict";
import type { ErrorGroup, Tokens } from "../plugins/types.ts";
import { prune, type RatioOf, ratioOf, segmentedSearch } from "../metrics/imeasure/search.ts";
import { applySpans, compatible } from "../metrics/imeasure/refs.ts";
import {
  plainApplySpans,
  plainCompatible,
  plainPrune,
  plainSegmentedSearch,
} from "./imeasure_search_plain.ts";

/** A seeded generator of integers below `n` (mulberry32: exact in 32-bit arithmetic). */
function random(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % n);
  };
}

/** A random gold sentence (source and error groups) with hypotheses that edit it. */
function randomCase(rnd: (n: number) => number, hyps: number) {
  const vocab = ["a", "b", "c", "d", "e", "the", "of"];
  const word = () => vocab[rnd(vocab.length)];
  const source = Array.from({ length: 1 + rnd(36) }, word);
  const errors: ErrorGroup[] = [];
  // Errors over disjoint ranges, left to right, some of them insertion points.
  const gap = 2 + rnd(6);
  for (let at = rnd(3); at <= source.length && errors.length < 7; at += 1 + rnd(gap)) {
    const end = Math.min(source.length, at + rnd(3));
    const alternatives = Array.from({ length: 1 + rnd(3) }, (_, n) => ({
      annotator: `${n}`,
      corrections: Array.from({ length: 1 + rnd(2) }, () => {
        const s = at + rnd(end - at + 1);
        return {
          start: s,
          end: Math.min(end, s + rnd(2)),
          tokens: Array.from({ length: rnd(3) }, word),
        };
      }),
    }));
    errors.push({ id: `${errors.length + 1}`, required: rnd(3) === 0, alternatives });
    at = end;
  }
  const hypotheses: Tokens[] = [source.slice()];
  while (hypotheses.length < hyps) {
    const h = source.slice();
    // Rewrite some errors' ranges (right to left: offsets stay valid), so that hypotheses
    // often share their cuts and differ inside segments; then a few edits anywhere.
    for (let e = errors.length - 1; e >= 0; e--) {
      if (rnd(2)) continue;
      const { start, end } = errors[e].alternatives[0].corrections[0];
      h.splice(start, end - start, ...Array.from({ length: rnd(4) }, word));
    }
    for (let e = rnd(3); e > 0; e--) {
      const p = rnd(h.length + 1);
      const op = rnd(3);
      if (op === 0) h.splice(p, 0, word());
      else if (op === 1 && h.length > 1) h.splice(p, 1);
      else if (p < h.length) h[p] = word();
    }
    hypotheses.push(h);
  }
  return { source, errors, hypotheses };
}

const RATIOS: [string, RatioOf][] = [
  ["cwacc w=2", ratioOf("cwacc", 2)],
  ["dwacc w=1", ratioOf("dwacc", 1)],
  ["cacc", ratioOf("cacc", 2)],
  ["none (cf)", ratioOf("cf", 2)],
];

Deno.test("segmentedSearch() equals a plain search without memos, sentence after sentence and system after system", () => {
  const rnd = random(4242);
  const cases = Array.from({ length: 60 }, () => randomCase(rnd, 5));
  let checked = 0, overflows = 0;
  const check = (c: (typeof cases)[number], h: Tokens, ratio: RatioOf, what: string) => {
    for (const [limit, segmentLimit] of [[4096, 65536], [3, 6]]) {
      const got = segmentedSearch(c.source, h, c.errors, ratio, limit, segmentLimit);
      const want = plainSegmentedSearch(c.source, h, c.errors, ratio, limit, segmentLimit);
      assert.deepEqual(got, want, JSON.stringify({ what, limit, ...c, h }));
      if (got.overflow) overflows++;
      checked++;
    }
  };
  for (const [name, ratio] of RATIOS) {
    // Sentence by sentence (the memos of recent sentences only), then system by system (the
    // memos come back to old sentences: every sentence's memo is kept from then on).
    for (const c of cases) for (const h of c.hypotheses) check(c, h, ratio, `${name}, by sentence`);
    for (let s = 0; s < 5; s++) {
      for (const c of cases) check(c, c.hypotheses[s], ratio, `${name}, by system`);
    }
  }
  assert.equal(checked, 2 * 2 * 4 * 60 * 5);
  assert.ok(overflows > 50, `${overflows} overflows`);
});

Deno.test("prune() keeps the candidates the plain sweep keeps, the same objects in order", () => {
  const rnd = random(99);
  let dropped = 0;
  for (let round = 0; round < 3000; round++) {
    const m = 1 + rnd(round % 10 === 0 ? 80 : round % 2 ? 12 : 3);
    // Sparse counts: numerators of 0 (no TP, no TN) too.
    const cands = Array.from({ length: m }, () => ({
      counts: Array.from({ length: 20 }, (_, i) => (i % 5 === 4 ? rnd(2) : rnd(3) && rnd(4))),
      spans: [],
    }));
    // Repeats of earlier vectors.
    for (let x = 1; x < m; x++) if (rnd(4) === 0) cands[x].counts = cands[rnd(x)].counts.slice();
    const [name, ratio] = RATIOS[round % RATIOS.length];
    const got = prune(cands, ratio), want = plainPrune(cands, ratio);
    assert.equal(got.length, want.length, `${name}: ${JSON.stringify(cands.map((c) => c.counts))}`);
    got.forEach((c, x) => assert.equal(c, want[x]));
    dropped += m - got.length;
  }
  assert.ok(dropped > 1000);
});

Deno.test("applySpans() and compatible() equal the plain ones, odd spans included", () => {
  const rnd = random(7);
  let emptied = 0;
  for (let round = 0; round < 20000; round++) {
    const source = Array.from({ length: rnd(6) }, (_, i) => `t${i}`);
    // Spans past the end, before the start and reversed too: splice's clamping decides.
    const spans = Array.from({ length: rnd(5) }, () => {
      const start = rnd(8) - 1;
      return {
        start,
        end: start + rnd(4) - 1,
        tokens: Array.from({ length: rnd(3) }, () => `x${rnd(3)}`),
      };
    });
    const what = JSON.stringify({ source, spans });
    const want = plainApplySpans(source, spans);
    assert.deepEqual(applySpans(source, spans), want, what);
    assert.equal(compatible(spans), plainCompatible(spans), what);
    // A correction that would leave nothing is skipped: count the inputs that need the rule.
    if (
      spans.some((s) =>
        plainApplySpans(source, [s]).length === source.length && s.start <= 0 &&
        s.end >= source.length && source.length && !s.tokens.length
      )
    ) emptied++;
  }
  assert.ok(emptied > 10, `${emptied}`);
});
