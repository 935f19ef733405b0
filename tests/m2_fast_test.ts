import assert from "node:assert/strict";
import { readGold } from "../mod.ts";
import { readSentences } from "../formats/text.ts";
import { m2Metric } from "../metrics/m2/mod.ts";
import { m2Annotators } from "../metrics/m2/annotators.ts";
import { m2UnchangedCounts } from "../metrics/m2/annotators.ts";
import { bestEditSequence } from "../metrics/m2/best_path.ts";
import { buildEditGraph, type EditGraph, MAX_MERGED_EDGES } from "../metrics/m2/edit_graph.ts";
import { FallbackBudgetError, MAX_FALLBACK_WORK } from "../metrics/m2/lattice.ts";
import type { GoldSentence, Tokens } from "../plugins/types.ts";
import { naiveEditSequence, randomM2Cases } from "./m2_naive.ts";

/** The graph's arrays, copied out (a scratch graph is valid only until the next one). */
function snapshot(graph: EditGraph) {
  const keys = [
    "row",
    "col",
    "from",
    "to",
    "length",
    "start",
    "end",
    "type",
    "list",
    "weights",
    "mult",
  ] as const;
  return {
    nodes: graph.nodes,
    spanBase: graph.spanBase,
    ...Object.fromEntries(keys.map((k) => [k, Array.from(graph[k])])),
  };
}

/** Sentences of the m2scorer fixtures with their gold edits, and their hypotheses. */
async function fixtures(): Promise<[GoldSentence, Tokens][]> {
  const out: [GoldSentence, Tokens][] = [];
  for (
    const [gold, system] of [
      ["m2scorer_example.m2", "m2scorer_example_system"],
      ["m2scorer_example.m2", "m2scorer_example_system2"],
      ["m2_adversarial.m2", "m2_adversarial_system"],
      ["m2_annotator_order.m2", "m2_annotator_order_system"],
    ]
  ) {
    const g = await readGold(`tests/testdata/${gold}`);
    const h = await readSentences(`tests/testdata/${system}`);
    g.sentences.forEach((s, i) => out.push([s, h[i]]));
  }
  return out;
}

Deno.test("buildEditGraph() on scratch buffers equals the graph on its own arrays", async () => {
  const next = randomM2Cases(777, 14);
  const cases: [Tokens, Tokens, number][] = [];
  for (let t = 0; t < 400; t++) {
    const { src, hyp, muw } = next();
    cases.push([src, hyp, muw]);
  }
  for (const [gold, hyp] of await fixtures()) {
    for (const muw of [0, 2, 3]) cases.push([gold.source, hyp, muw]);
  }
  // Edge cases: empty sides, one token, identical, a long pair that grows the buffers
  // between short ones.
  const long = Array.from({ length: 120 }, (_, i) => `t${i % 7}`);
  cases.push(
    [[], [], 2],
    [["a"], [], 2],
    [[], ["a"], 2],
    [["a", "b"], ["a", "b"], 2],
    [long, long.slice(0, 60).reverse(), 2],
    [["x", "y"], ["y", "x"], 1],
  );
  for (const [src, hyp, muw] of cases) {
    const what = JSON.stringify({ src, hyp, muw });
    const own = buildEditGraph(src, hyp, muw);
    const expected = snapshot(own);
    const path = bestEditSequence(own, []);
    const onScratch = buildEditGraph(src, hyp, muw, MAX_MERGED_EDGES, true);
    assert.deepEqual(snapshot(onScratch), expected, what);
    assert.deepEqual(bestEditSequence(onScratch, []), path, what);
  }
});

Deno.test("m2Annotators() on scratch buffers equals the naive implementation, sentence after sentence", () => {
  const next = randomM2Cases(2026, 10);
  for (let t = 0; t < 300; t++) {
    const { src, hyp, muw, gold } = next();
    const sentence: GoldSentence = {
      source: src,
      annotations: [{
        annotator: "0",
        edits: gold.map((g) => ({
          start: g.start,
          end: g.end,
          corrections: g.corrections.map((c) => c === "" ? [] : c.split(" ")),
        })),
      }, { annotator: "1", edits: [] }],
    };
    const [first, second] = m2Annotators(sentence, hyp, { max_unchanged_words: muw });
    const what = JSON.stringify({ src, hyp, muw, gold });
    assert.deepEqual(first.edits, naiveEditSequence(src, hyp, first.gold, muw), what);
    assert.deepEqual(second.edits, naiveEditSequence(src, hyp, [], muw), what);
  }
});

Deno.test("m2Metric.stats() gives cached statistics equal to fresh ones, as copies", async () => {
  for (const [gold, hyp] of await fixtures()) {
    for (const options of [m2Metric.defaults, { ...m2Metric.defaults, max_unchanged_words: 0 }]) {
      const fresh = m2Metric.stats({ ...gold }, hyp, options);
      const first = m2Metric.stats(gold, hyp, options);
      // The same tokens in another array, and a hypothesis with a no-break space inside a
      // token (m2 splits it): the same statistics as the split tokens.
      const again = m2Metric.stats(gold, hyp.slice(), options);
      assert.deepEqual(first, fresh);
      assert.deepEqual(again, fresh);
      again.counts[0][0] = -1;
      assert.deepEqual(m2Metric.stats(gold, hyp, options), fresh);
    }
    if (hyp.length >= 2) {
      const joined = [`${hyp[0]}\u00a0${hyp[1]}`, ...hyp.slice(2)];
      assert.deepEqual(
        m2Metric.stats(gold, joined, m2Metric.defaults),
        m2Metric.stats({ ...gold }, hyp, m2Metric.defaults),
      );
    }
  }
  // A gold sentence whose annotations are replaced is scored anew.
  const gold: GoldSentence = {
    source: ["a", "cat"],
    annotations: [{ annotator: "0", edits: [{ start: 0, end: 1, corrections: [["A"]] }] }],
  };
  assert.deepEqual(m2Metric.stats(gold, ["A", "cat"], m2Metric.defaults).counts, [[1, 1, 1]]);
  gold.annotations = [{ annotator: "0", edits: [] }];
  assert.deepEqual(m2Metric.stats(gold, ["A", "cat"], m2Metric.defaults).counts, [[0, 1, 0]]);
});

Deno.test("m2Metric.stats() refuses a pair past the fallback's work budget, naming the sentence", () => {
  // 1,000 tokens over 97 words against their reverse: nearly every alignment is as good as
  // any other, and the fallback's search would visit over 10^8 cells.
  const source = Array.from({ length: 1000 }, (_, i) => `w${i % 97}`);
  const gold: GoldSentence = {
    source,
    annotations: [{ annotator: "0", edits: [{ start: 5, end: 6, corrections: [["c"]] }] }],
    line: 7,
  };
  assert.throws(
    () => m2Metric.stats(gold, source.slice().reverse(), m2Metric.defaults),
    (error: Error) =>
      error instanceof FallbackBudgetError &&
      error.message.startsWith("m2: sentence at gold line 7: a 1000-token source") &&
      error.message.includes(String(MAX_FALLBACK_WORK)),
  );
});

Deno.test("m2UnchangedCounts() equals the counts of m2Annotators() wherever it answers", async () => {
  const counts = (gold: GoldSentence, hyp: Tokens) => {
    const results = m2Annotators(gold, hyp);
    return {
      annotators: results.map((r) => r.annotator),
      counts: results.map((r) => [r.correct.length, r.edits.length, r.gold.length]),
    };
  };
  let answered = 0;
  for (const [gold] of await fixtures()) {
    const quick = m2UnchangedCounts(gold, gold.source.slice());
    assert.ok(quick);
    answered++;
    assert.deepEqual(quick, counts(gold, gold.source));
    // Any change: no answer.
    if (gold.source.length) {
      assert.equal(m2UnchangedCounts(gold, gold.source.slice(1)), undefined);
      assert.equal(m2UnchangedCounts(gold, ["x", ...gold.source.slice(1)]), undefined);
    }
  }
  assert.ok(answered > 5);
  // A source token holding a no-break space (a gold from another format): m2 splits the
  // hypothesis' copy of it, so the pair is not unchanged.
  const spaced: GoldSentence = {
    source: ["a\u00a0b", "c"],
    annotations: [{ annotator: "0", edits: [{ start: 1, end: 2, corrections: [["d"]] }] }],
  };
  assert.equal(m2UnchangedCounts(spaced, ["a\u00a0b", "c"]), undefined);
  assert.deepEqual(
    m2Metric.stats(spaced, ["a\u00a0b", "c"], m2Metric.defaults),
    counts(spaced, ["a\u00a0b", "c"]),
  );
  // No annotations: one annotator "0" without edits.
  assert.deepEqual(m2UnchangedCounts({ source: ["a"] }, ["a"]), {
    annotators: ["0"],
    counts: [[0, 0, 0]],
  });
});
