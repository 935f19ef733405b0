import assert from "node:assert/strict";
import { align3, alignmentCountsOfIds, intern } from "../metrics/imeasure/align.ts";
import { naiveAlign3, naiveCounts } from "./imeasure_naive.ts";

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
