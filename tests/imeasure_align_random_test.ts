import assert from "node:assert/strict";
import { align3, alignmentCountsOfIds, copiedTokens, intern } from "../metrics/imeasure/align.ts";
import { naiveAlign3, naiveCounts } from "./imeasure_naive.ts";
import { xorshift } from "./random.ts";

Deno.test("align3() and alignmentCountsOfIds() equal the plain Sum-of-Pairs cube on unrelated random sequences", () => {
  // Sequences drawn independently (not edits of each other): few ties, so every move of the
  // cube's recurrence decides some alignments. Consecutive references of one source and
  // hypothesis share prefixes, as a segment's combinations do (the cube's planes are reused).
  let seed = 2024;
  const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  let checked = 0;
  for (let round = 0; round < 500; round++) {
    const vocab = ["a", "b", "c", "d", "e", "f", "g"].slice(0, 2 + rnd(6));
    const seq = (n: number) => Array.from({ length: n }, () => vocab[rnd(vocab.length)]);
    const src = seq(1 + rnd(14));
    const hyp = seq(1 + rnd(14));
    let ref = seq(rnd(14));
    for (let q = 0; q < 4; q++) {
      const keep = rnd(ref.length + 1);
      ref = [...ref.slice(0, keep), ...seq(rnd(6))];
      const a = align3(src, hyp, ref);
      const [x, y, z] = naiveAlign3(src, hyp, ref);
      assert.deepEqual(
        [a.source, a.hypothesis, a.reference],
        [x, y, z],
        JSON.stringify([src, hyp, ref]),
      );
      assert.deepEqual(
        alignmentCountsOfIds(...intern([src, hyp, ref]) as [Int32Array, Int32Array, Int32Array]),
        naiveCounts(src, hyp, ref),
      );
      checked++;
    }
  }
  assert.equal(checked, 2000);
});

Deno.test("align3() and alignmentCountsOfIds() equal the plain cube on edits of one sentence (the banded cube's case)", () => {
  // Source, hypothesis and references made by a few edits of one sentence, as in a corpus:
  // the optimum is often the sum of the pairwise distances (one banded pass), sometimes not
  // (a second, wider pass); runs of references share a prefix and some share a length, so
  // planes are reused after both kinds of pass, and long references give cubes past the
  // kept size. Small vocabularies make ties, which the backtrace's order settles.
  const rand = xorshift(77);
  let checked = 0, distinct = 0;
  for (let round = 0; round < 400; round++) {
    const vocab = ["a", "b", "c", "d", "e", "f", "g", "h"].slice(0, 2 + rand(7));
    const word = () => vocab[rand(vocab.length)];
    const edit = (s: string[], edits: number) => {
      const out = s.slice();
      for (let e = 0; e < edits; e++) {
        const at = rand(out.length + 1), kind = rand(4);
        if (kind === 0) out.splice(at, 0, word());
        else if (kind === 1 && out.length > 1) out.splice(Math.min(at, out.length - 1), 1);
        else if (kind === 2 && out.length) out[Math.min(at, out.length - 1)] = word();
        else if (out.length > 2) out.splice(Math.min(at, out.length - 2), 2, word());
      }
      return out;
    };
    const base = Array.from({ length: 1 + rand(round % 100 === 99 ? 120 : 24) }, word);
    const src = edit(base, rand(3)), hyp = edit(base, rand(5));
    let ref = edit(src, 1 + rand(4));
    for (let q = 0; q < 5; q++) {
      const keep = rand(ref.length + 1);
      ref = [...ref.slice(0, keep), ...edit(ref.slice(keep), rand(3))];
      const a = align3(src, hyp, ref);
      const [x, y, z] = naiveAlign3(src, hyp, ref);
      const rows = JSON.stringify([x, y, z]);
      assert.equal(
        JSON.stringify([a.source, a.hypothesis, a.reference]),
        rows,
        JSON.stringify([src, hyp, ref]),
      );
      assert.deepEqual(
        alignmentCountsOfIds(...intern([src, hyp, ref]) as [Int32Array, Int32Array, Int32Array]),
        naiveCounts(src, hyp, ref),
      );
      checked++;
      if (new Set([src, hyp, ref].map((t) => t.join(" "))).size === 3) distinct++;
    }
  }
  assert.equal(checked, 2000);
  // Most cases reach the cube (three distinct rows).
  assert.ok(distinct > 1500, `${distinct}`);
});

Deno.test("copiedTokens() equals the plain pairwise alignment on edits of one sentence, shifted and unrelated ones", () => {
  // The pairwise table is filled on a band of diagonals, widened when an optimal alignment
  // could leave it: hypotheses close to the source stay in the first band, others do not.
  const rand = xorshift(91);
  let banded = 0;
  for (let round = 0; round < 1500; round++) {
    const vocab = ["a", "b", "c", "d", "e", "f"].slice(0, 2 + rand(5));
    const word = () => vocab[rand(vocab.length)];
    const a = Array.from({ length: rand(40) }, word);
    let b: string[];
    if (round % 4 === 0) b = Array.from({ length: rand(40) }, word);
    else if (round % 4 === 3) {
      // Shifted: the optimal alignment runs on a diagonal far from the ends' ones.
      const k = 1 + rand(8);
      b = [...Array.from({ length: k }, word), ...a.slice(0, Math.max(a.length - k, 0))];
    } else {
      b = a.slice();
      for (let e = rand(round % 4 === 1 ? 4 : 12); e > 0; e--) {
        const at = rand(b.length + 1), kind = rand(3);
        if (kind === 0) b.splice(at, 0, word());
        else if (kind === 1) b.splice(at, 1);
        else if (at < b.length) b[at] = word();
      }
    }
    if (Math.abs(a.length - b.length) + 3 < Math.max(a.length, b.length)) banded++;
    // With two equal rows the plain alignment is the pairwise one of the other two.
    const [x, , z] = naiveAlign3(a, a, b);
    const expected = new Int32Array(a.length).fill(-1);
    for (let c = 0, i = 0, j = 0; c < x.length; c++) {
      if (x[c] !== "" && z[c] !== "" && x[c] === z[c]) expected[i] = j;
      if (x[c] !== "") i++;
      if (z[c] !== "") j++;
    }
    const [ia, ib] = intern([a, b]);
    assert.deepEqual(copiedTokens(ia, ib), expected, JSON.stringify([a, b]));
  }
  assert.ok(banded > 1000, `${banded}`);
});
