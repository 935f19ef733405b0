import assert from "node:assert/strict";
import { compareWithBruteForce } from "../bench/imeasure_brute.ts";
import { readGold } from "../mod.ts";
import type { GoldSentence } from "../plugins/types.ts";
import { readSentences } from "../formats/text.ts";
import { imeasureMetric, searchReferences } from "../metrics/imeasure/mod.ts";
import type { ImeasureOptions } from "../metrics/imeasure/types.ts";
import { chosenTotals } from "../metrics/imeasure/rates.ts";
import { resolveOptions } from "../plugins/options.ts";
import {
  align3,
  alignmentCounts,
  alignmentCountsOfIds,
  intern,
} from "../metrics/imeasure/align.ts";
import { ratioOf, segmentedSearch } from "../metrics/imeasure/search.ts";
import { assertMetricConformance } from "../plugins/testkit.ts";
import { naiveAlign3, naiveCounts } from "./imeasure_naive.ts";
import { CONLL2014_SYSTEMS, readShared, shared, sharedTest } from "./shared.ts";

function options(raw: Record<string, string | number | boolean> = {}): ImeasureOptions {
  return resolveOptions<ImeasureOptions>(imeasureMetric, raw);
}

/** Rows of an `ieval.py` table: id ("1", ..., or Detection/Correction) and aspect. */
function ievalRows(text: string): Map<string, number[]> {
  const rows = new Map<string, number[]>();
  for (const line of text.split("\n")) {
    const m = line.match(/^(\d+)\s+(Det|Cor)\s+(.*)$/) ??
      line.match(/^(Detection|Correction)()\s+(.*)$/);
    if (m) rows.set(`${m[1]}${m[2] ? " " + m[2] : ""}`, m[3].trim().split(/\s+/).map(Number));
  }
  return rows;
}

/** Our score as an `ieval.py` row: five counts then the rates in percent. */
function asRow(a: Record<string, number>): number[] {
  return [
    a.tp,
    a.tn,
    a.fp,
    a.fn,
    a.fpn,
    ...[a.precision, a.recall, a.f, a.accuracy, a.accuracy_base, a.wacc, a.wacc_base, a.i]
      .map((x) => x * 100),
  ];
}

function assertRow(mine: number[], printed: number[] | undefined, where: string) {
  assert.ok(printed, `${where}: no row`);
  assert.deepEqual(mine.slice(0, 5), printed.slice(0, 5), `${where}: counts`);
  for (let i = 5; i < printed.length; i++) {
    assert.ok(
      Math.abs(mine[i] - printed[i]) <= 0.005 + 1e-9,
      `${where}: column ${i}: ${mine[i]} vs ${printed[i]}`,
    );
  }
}

// Hand-made example (tests/testdata/imeasure_small.xml and _sys.txt): see the README there.
Deno.test("imeasureMetric reproduces the hand-derived small example", async () => {
  const gold = await readGold("tests/testdata/imeasure_small.xml");
  const hyps = await readSentences("tests/testdata/imeasure_small_sys.txt");
  const o = options();
  const stats = gold.sentences.map((g, i) => imeasureMetric.stats(g, hyps[i], o));
  const score = imeasureMetric.corpus(stats, o);
  // Sentence 1: the best mixed reference is "the cat sat at the mat ." (annotator 0's "the"
  // and "at", annotator 1's inserted "the"); against the hypothesis "the cat sat to the mat .":
  // a/the/the TP, cat TN, sat TN, in/to/at TP for detection and FP+FN+FPN for correction,
  // -/the/the TP, mat TN, . TN. The source against it: TN 4, FN 3 (a, in, the).
  // Sentence 2: no errors; the system deleted "very": FP 1, TN 4; baseline TN 5.
  const counts = (a: Record<string, number>) => [a.tp, a.tn, a.fp, a.fn, a.fpn];
  assert.deepEqual(counts(score.detection), [3, 8, 1, 0, 0]);
  assert.deepEqual(counts(score.correction), [2, 8, 2, 1, 1]);
  assert.equal(score.detection.wacc, (2 * 3 + 8) / (2 * (3 + 1) + 8));
  assert.equal(score.detection.wacc_base, 9 / 12);
  assert.equal(score.detection.i, 0.5);
  assert.equal(score.detection.accuracy, 11 / 12);
  assert.equal(score.correction.wacc, (2 * 2 + 8) / (2 * (2 + 2) + 8 + 1 - 3 * (1 / 2)));
  assert.equal(score.correction.accuracy, 10 / 12);
  assert.equal(score.correction.wacc_base, 0.75);
  assert.equal(score.correction.i, (12 / 15.5 - 0.75) / (1 - 0.75));
  assert.equal(score.correction.precision, 2 / 4);
  assert.equal(score.correction.recall, 2 / 3);
  // Without mixing no single annotator's reference has both "the"s: strictly worse.
  const nomix = imeasureMetric.corpus(
    gold.sentences.map((g, i) => imeasureMetric.stats(g, hyps[i], options({ mix: false }))),
    options({ mix: false }),
  );
  assert.ok(nomix.correction.wacc < score.correction.wacc);
});

sharedTest("imeasureMetric reproduces ieval.py on its shipped example (mixing on)", async () => {
  const gold = await readGold(shared("data/imeasure-example/gold.xml"));
  const hyps = await readSentences(shared("data/imeasure-example/sys.txt"));
  const rows = ievalRows(await readShared("golden/imeasure/example/sys.txt"));
  const o = options();
  const stats = gold.sentences.map((g, i) => imeasureMetric.stats(g, hyps[i], o));
  stats.forEach((s, i) => {
    const sc = imeasureMetric.sentence(s, o);
    assertRow(asRow(sc.detection), rows.get(`${i + 1} Det`), `sentence ${i + 1} Det`);
    assertRow(asRow(sc.correction), rows.get(`${i + 1} Cor`), `sentence ${i + 1} Cor`);
  });
  const score = imeasureMetric.corpus(stats, o);
  assertRow(asRow(score.detection), rows.get("Detection"), "Detection");
  assertRow(asRow(score.correction), rows.get("Correction"), "Correction");
});

sharedTest(
  "imeasureMetric with mix: false equals ieval.py -nomix on the 13 CoNLL-2014 outputs",
  async (t) => {
    const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.ieval.xml"));
    const o = options({ mix: false, beta: 0.5 });
    for (const system of CONLL2014_SYSTEMS) {
      await t.step(system, async () => {
        const hyps = await readSentences(shared(`data/conll2014/systems/${system}`));
        const rows = ievalRows(await readShared(`golden/imeasure/nomix/${system}.txt.gz`));
        const stats = gold.sentences.map((g, i) => imeasureMetric.stats(g, hyps[i], o));
        let differ = 0;
        stats.forEach((s, i) => {
          const c = s.candidates[s.best];
          const det = rows.get(`${i + 1} Det`)!.slice(0, 5),
            cor = rows.get(`${i + 1} Cor`)!.slice(0, 5);
          if (c.slice(0, 5).join() !== det.join() || c.slice(5, 10).join() !== cor.join()) differ++;
        });
        assert.equal(differ, 0, `${differ} sentences differ`);
        const score = imeasureMetric.corpus(stats, o);
        assertRow(asRow(score.detection), rows.get("Detection"), "Detection");
        assertRow(asRow(score.correction), rows.get("Correction"), "Correction");
      });
    }
  },
);

Deno.test("align3() breaks ties like the reference and aligns gaps together", () => {
  const a = align3(["a", "b", "c"], ["a", "c"], ["a", "x", "c"]);
  assert.deepEqual(a.source, ["a", "b", "c"]);
  assert.deepEqual(a.hypothesis, ["a", "", "c"]);
  assert.deepEqual(a.reference, ["a", "x", "c"]);
  assert.deepEqual(alignmentCounts(a), [1, 2, 0, 0, 0, 0, 2, 1, 1, 1]);
  // Two equal rows: pairwise alignment of the odd one out.
  const b = align3(["a", "b"], ["a", "b"], ["a", "b", "c"]);
  assert.deepEqual(b.reference, ["a", "b", "c"]);
  assert.deepEqual(b.source, ["a", "b", ""]);
});

Deno.test("imeasureMetric explain() shows the aligned columns with their classes", () => {
  const gold: GoldSentence = {
    source: ["a", "cat", "sat"],
    numAnnotators: 1,
    errors: [{
      id: "1",
      required: true,
      alternatives: [{ annotator: "0", corrections: [{ start: 0, end: 1, tokens: ["the"] }] }],
    }],
  };
  const e = imeasureMetric.explain(gold, ["an", "cat", "sat"], options());
  assert.deepEqual(e.blocks[0].table, [
    ["source", "hypothesis", "reference", "det", "cor"],
    ["a", "an", "the", "TP", "FPN"],
    ["cat", "cat", "cat", "TN", "TN"],
    ["sat", "sat", "sat", "TN", "TN"],
  ]);
  assert.match(e.summary, /^I /);
});

Deno.test("imeasureMetric works on M2 gold through derived error groups", async (t) => {
  const gold = await readGold("tests/testdata/m2scorer_example.m2");
  const hyps = await readSentences("tests/testdata/m2scorer_example_system");
  await assertMetricConformance(t, imeasureMetric, {
    gold: gold.sentences,
    hypotheses: hyps,
    options: [{}, { mix: false }, { opt: "corpus" }, { max: "dwacc", beta: 0.5 }],
  });
  const o = options();
  const score = imeasureMetric.corpus(
    gold.sentences.map((g, i) => imeasureMetric.stats(g, hyps[i], o)),
    o,
  );
  assert.ok(score.correction.tp > 0);
});

sharedTest(
  "imeasureMetric's segmented mixed search equals brute-force enumeration (IITB, IPN)",
  async (t) => {
    // Every sentence with at most 1,024 mixed references; all 13 systems: bench/imeasure_brute.ts.
    const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.ieval.xml"));
    for (const system of ["IITB", "IPN"]) {
      await t.step(system, async () => {
        const hyps = await readSentences(shared(`data/conll2014/systems/${system}`));
        const r = compareWithBruteForce(gold.sentences, hyps, 1024);
        assert.ok(r.checked > 1300);
        assert.deepEqual(r.differences, []);
      });
    }
  },
);

sharedTest(
  "imeasureMetric scores every CoNLL-2014 sentence with mixing, without warnings",
  async () => {
    const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.ieval.xml"));
    const hyps = await readSentences(shared("data/conll2014/systems/CAMB"));
    const o = options();
    const stats = gold.sentences.map((g, i) => imeasureMetric.stats(g, hyps[i], o));
    const score = imeasureMetric.corpus(stats, o);
    assert.equal(score.warnings, undefined);
    // Mixing can only find better references than whole annotator sets.
    const nomix = options({ mix: false });
    const base = imeasureMetric.corpus(
      gold.sentences.map((g, i) => imeasureMetric.stats(g, hyps[i], nomix)),
      nomix,
    );
    assert.ok(score.correction.wacc > base.correction.wacc);
    // opt: corpus from the kept candidates equals the choice over every candidate reference.
    const oc = options({ opt: "corpus" });
    const first = gold.sentences.slice(0, 150);
    const kept = first.map((g, i) => imeasureMetric.stats(g, hyps[i], oc));
    const all = first.map((g, i) => {
      const r = searchReferences(g, hyps[i], oc, true);
      return { candidates: r.counts, best: r.best };
    });
    assert.deepEqual(chosenTotals(kept, oc), chosenTotals(all, oc));
  },
);

Deno.test("imeasureMetric warns loudly when a sentence cannot be searched exactly", () => {
  // 17 optional errors of one token each, densely packed (no anchor), with `max: cf` (not a
  // ratio, so nothing is pruned): 2^17 combinations in one segment exceed the limits.
  const source = Array.from({ length: 17 }, (_, i) => `w${i}`);
  const gold: GoldSentence = {
    source,
    numAnnotators: 1,
    errors: source.map((_, i) => ({
      id: `${i + 1}`,
      required: false,
      alternatives: [{ annotator: "0", corrections: [{ start: i, end: i + 1, tokens: ["x"] }] }],
    })),
  };
  const o = options({ max: "cf" });
  const s = imeasureMetric.stats(gold, source, o);
  assert.match(s.warning ?? "", /131072 mixed references .*not the exact mixed maximum/);
  assert.equal(imeasureMetric.corpus([s], o).warnings?.length, 1);
});

Deno.test("searchReferences() with mix: false counts segment by segment as the whole alignment does", () => {
  const source = "a cat sat on mat and a dog sit on the mat in house .".split(" ");
  const alt = (annotator: string, start: number, end: number, tokens: string[]) => ({
    annotator,
    corrections: [{ start, end, tokens }],
  });
  const errors = [
    { id: "1", required: true, alternatives: [alt("0", 0, 1, ["the"]), alt("1", 0, 1, ["one"])] },
    { id: "2", required: false, alternatives: [alt("0", 4, 4, ["the"])] },
    { id: "3", required: true, alternatives: [alt("0", 8, 9, ["sat"]), alt("1", 8, 9, ["sits"])] },
    { id: "4", required: false, alternatives: [alt("1", 12, 13, ["at"])] },
    { id: "5", required: false, alternatives: [alt("1", 13, 13, ["the"])] },
  ];
  const hypotheses = [
    "the cat sat on the mat and a dog sat on the mat in house .",
    "one cat sat on mat and the dog sits on mat at the house .",
    "a cat sat on mat and a dog sit on the mat in house .",
    "cat sat on a mat and a dog sit on the mat in the house",
  ].map((h) => h.split(" "));
  const o = options({ mix: false });
  for (const gold of [{ source, numAnnotators: 3, errors }, { source, numAnnotators: 2, errors }]) {
    for (const hyp of hypotheses) {
      const r = searchReferences(gold, hyp, o);
      assert.equal(r.references.length, gold.numAnnotators === 3 ? 3 : 2);
      r.references.forEach((ref, n) => {
        const whole = [
          ...alignmentCounts(align3(source, hyp, ref)),
          ...alignmentCounts(align3(source, source, ref)),
        ];
        assert.deepEqual(r.counts[n], whole, `${hyp.join(" ")} / ${ref.join(" ")}`);
      });
    }
  }
  // The same error list with another source is not served from the per-sentence cache.
  const other = source.map((t) => (t === "house" ? "home" : t));
  const r = searchReferences({ source: other, numAnnotators: 2, errors }, other, o);
  assert.ok(r.references.every((ref) => ref.includes("home")));
});

Deno.test("alignmentCountsOfIds() and align3() equal a plain Sum-of-Pairs alignment, for references sharing prefixes too", () => {
  // Seeded LCG; small vocabularies make ties (and "" tokens) frequent.
  let seed = 12345;
  const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  const vocab = ["a", "b", "c", "d", "e", ""];
  const seq = (n: number) => Array.from({ length: n }, () => vocab[rnd(rnd(2) ? 3 : 6)]);
  const edit = (s: string[]) => {
    const t = s.slice();
    for (let m = rnd(4); m > 0; m--) {
      const p = rnd(t.length + 1), op = rnd(3);
      if (op === 0) t.splice(p, 1);
      else if (op === 1) t.splice(p, 0, vocab[rnd(6)]);
      else if (p < t.length) t[p] = vocab[rnd(6)];
    }
    return t;
  };
  let checked = 0;
  for (let round = 0; round < 400; round++) {
    const src = seq(rnd(10));
    const hyp = rnd(4) ? edit(src) : src.slice();
    let ref = edit(src);
    // Consecutive references differ in their tails only, as a segment's combinations do.
    for (let q = 0; q < 6; q++) {
      const keep = rnd(ref.length + 1);
      ref = [...ref.slice(0, keep), ...edit(ref.slice(keep))];
      const [x, y, z] = naiveAlign3(src, hyp, ref);
      const a = align3(src, hyp, ref);
      assert.deepEqual(
        [a.source, a.hypothesis, a.reference],
        [x, y, z],
        JSON.stringify([src, hyp, ref]),
      );
      const want = naiveCounts(src, hyp, ref);
      assert.deepEqual(alignmentCounts(a), want);
      assert.deepEqual(
        alignmentCountsOfIds(...intern([src, hyp, ref]) as [Int32Array, Int32Array, Int32Array]),
        want,
      );
      checked++;
    }
  }
  assert.equal(checked, 2400);
});

Deno.test("segmentedSearch() serves repeated hypotheses from its memo without sharing results", () => {
  const src = "a cat sat on mat and a dog sat on mat".split(" ");
  const alt = (annotator: string, start: number, end: number, t: string) => ({
    annotator,
    corrections: [{ start, end, tokens: [t] }],
  });
  const errors = [
    { id: "1", required: false, alternatives: [alt("0", 0, 1, "the"), alt("1", 0, 1, "one")] },
    { id: "2", required: true, alternatives: [alt("0", 4, 5, "mats"), alt("1", 4, 4, "the")] },
    { id: "3", required: false, alternatives: [alt("0", 6, 7, "the")] },
  ];
  const ratio = ratioOf("cwacc", 2);
  for (
    const hyp of ["the cat sat on the mat and a dog sat on mat", "a cat sat on mats and the dog"]
  ) {
    const h = hyp.split(" ");
    const first = segmentedSearch(src, h, errors, ratio, 4096);
    const again = segmentedSearch(src, h, errors, ratio, 4096);
    // A copy of the error list has no memo: computed afresh.
    const fresh = segmentedSearch(src, h, structuredClone(errors), ratio, 4096);
    assert.deepEqual(again, first);
    assert.deepEqual(fresh, first);
    first.candidates[0].counts[0] = -1;
    first.candidates[0].spans.length = 0;
    assert.deepEqual(segmentedSearch(src, h, errors, ratio, 4096), fresh);
  }
  // The same error list with another source is not served from the memo.
  const other = src.map((t) => (t === "dog" ? "cow" : t));
  const r = searchReferences({ source: other, numAnnotators: 2, errors }, other, options());
  assert.ok(r.references.every((ref) => ref.includes("cow")));
});

sharedTest(
  "imeasureMetric's mixed search gives the recorded counts on the 13 CoNLL-2014 outputs",
  async (t) => {
    // Recorded before the search was memoised (see tests/testdata/README.md).
    const bytes = await Deno.readFile("tests/testdata/imeasure_conll2014_mixed.json.gz");
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    const want = JSON.parse(await new Response(stream).text());
    const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.ieval.xml"));
    const line = (c: number[]) => c.join(" ");
    for (const system of CONLL2014_SYSTEMS) {
      await t.step(system, async () => {
        const hyps = await readSentences(shared(`data/conll2014/systems/${system}`));
        for (const mode of ["mixed", "corpus"]) {
          const o = options(mode === "corpus" ? { opt: "corpus" } : {});
          const stats = gold.sentences.map((g, i) => imeasureMetric.stats(g, hyps[i], o));
          const sentences: string[] | undefined = want.sentences[mode][system];
          if (sentences) {
            const got = stats.map((s) =>
              mode === "mixed"
                ? line(s.candidates[s.best])
                : `${s.candidates.map(line).join(";")}|${s.best}`
            );
            const differ = got.flatMap((g, i) => (g === sentences[i] ? [] : [i + 1]));
            assert.deepEqual(differ, [], `${mode}: sentences that differ`);
          }
          assert.deepEqual(imeasureMetric.corpus(stats, o), want.scores[mode][system], mode);
        }
      });
    }
  },
);
