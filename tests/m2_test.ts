import assert from "node:assert/strict";
import { registry } from "../mod.ts";
import { parseM2 } from "../formats/m2.ts";
import { chooseAnnotator, m2Metric } from "../metrics/m2/mod.ts";
import { m2Annotators } from "../metrics/m2/annotators.ts";
import { m2scorerCommand } from "./m2scorer_run.ts";
import { bestEditSequence } from "../metrics/m2/best_path.ts";
import { buildEditGraph } from "../metrics/m2/edit_graph.ts";
import { annotatorOrder } from "../metrics/m2/annotators.ts";
import { naiveEditSequence, randomM2Cases } from "./m2_naive.ts";
import { readShared, sharedTest } from "./shared.ts";

const EXAMPLE = "tests/testdata/m2scorer_example.m2";

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "", err = "";
  const code = await m2scorerCommand(args, { out: (s) => out += s, err: (s) => err += s });
  return { code, out, err };
}

Deno.test("m2scorerCommand() prints the m2scorer example's output, plain and verbose", async () => {
  for (const name of ["system", "system2"]) {
    const system = `tests/testdata/m2scorer_example_${name}`;
    const expected = await Deno.readTextFile(`tests/testdata/m2scorer_example_${name}.txt`);
    assert.equal((await run([system, EXAMPLE])).out, expected);
    const verbose = await Deno.readTextFile(`tests/testdata/m2scorer_example_${name}.verbose.txt`);
    assert.equal((await run(["-v", system, EXAMPLE])).out, verbose);
    assert.equal((await run(["--verbose", system, EXAMPLE])).out, verbose);
  }
});

Deno.test("m2scorerCommand() walks annotators in m2scorer's Python 2 dict order", async () => {
  // Ids 5, 8, 16 come out 8, 16, 5; of 9, 1, 17 (a tie), 9 is tried first and chosen.
  const system = "tests/testdata/m2_annotator_order_system";
  const verbose = await Deno.readTextFile("tests/testdata/m2_annotator_order.verbose.txt");
  assert.equal((await run(["-v", system, "tests/testdata/m2_annotator_order.m2"])).out, verbose);
  assert.match(verbose, />> Annotator: 8\n[^]*>> Annotator: 16\n[^]*>> Annotator: 5\n/);
  assert.match(verbose, />> Chosen Annotator for line 4 : 9\n/);
});

Deno.test("annotatorOrder() is CPython 2.7's iteration order of the m2scorer's dicts", () => {
  // Each pair: ids in order of first appearance, and `d2.keys()` printed by CPython 2.7.18
  // after `d1 = {}; for k in ids: d1[k] = 1; d2 = {}; for k, v in d1.iteritems(): d2[k] = v`
  // (collisions, a resize, the hash of -1 being -2, ids past 32 bits).
  const cases: [number[], number[]][] = [
    [[5, 8, 16], [8, 16, 5]],
    [[2, 16], [16, 2]],
    [[-1, -2, 7, 15], [7, -1, -2, 15]],
    [[3, 11, 19, 27, 35, 43, 51], [19, 35, 3, 11, 43, 51, 27]],
    [[100, 7, 64, 1, 9, 2, 16, 3, 40, 12, 33], [64, 1, 2, 3, 100, 33, 40, 9, 7, 12, 16]],
    [[1000000000000, 5, 1099511627776], [1000000000000, 1099511627776, 5]],
  ];
  for (const [ids, expected] of cases) {
    assert.deepEqual(annotatorOrder(ids.map(String)), expected.map(String));
  }
  assert.deepEqual(annotatorOrder(["0", "1", "2", "3"]), ["0", "1", "2", "3"]);
});

Deno.test("m2scorerCommand() reports bad usage and bad input in one line", async () => {
  let r = await run([EXAMPLE]);
  assert.equal(r.code, 2);
  assert.match(r.err, /^m2scorer: Expected SYSTEM and SOURCE_GOLD/);
  r = await run(["--beta", "x", "tests/testdata/m2scorer_example_system", EXAMPLE]);
  assert.equal(r.code, 2);
  assert.match(r.err, /m2\.beta must be a number/);
  r = await run([
    "--max_unchanged_words",
    "1.5",
    "tests/testdata/m2scorer_example_system",
    EXAMPLE,
  ]);
  assert.equal(r.code, 2);
  r = await run(["--bogus", "tests/testdata/m2scorer_example_system", EXAMPLE]);
  assert.equal(r.code, 2);
  assert.equal(r.err.trim().split("\n").length, 1);
  r = await run([EXAMPLE, EXAMPLE]);
  assert.equal(r.code, 1);
  assert.match(r.err, /m2scorer_example\.m2: has more than 3 lines but the gold has 3 sentences/);
  r = await run(["no/such/system", EXAMPLE]);
  assert.equal(r.code, 1);
  assert.match(r.err, /no\/such\/system: cannot open file/);
});

Deno.test("m2Metric is registered and scores the example as the reference does", async () => {
  assert.equal(registry.metric("m2"), m2Metric);
  const gold = await parseM2([await Deno.readTextFile(EXAMPLE)], EXAMPLE);
  const hyp = (await Deno.readTextFile("tests/testdata/m2scorer_example_system")).trim()
    .split("\n").map((l) => l.split(" "));
  const stats = gold.sentences.map((s, i) => m2Metric.stats(s, hyp[i], m2Metric.defaults));
  // Reference -v: sentence 2 has annotators 0 (gold "dogs") and 1 (noop).
  assert.deepEqual(stats[1], { annotators: ["0", "1"], counts: [[0, 0, 1], [0, 0, 0]] });
  const score = m2Metric.corpus(stats, m2Metric.defaults);
  assert.deepEqual(score, {
    tp: 4,
    fp: 1,
    fn: 1,
    precision: 0.8,
    recall: 0.8,
    f: 0.8,
    beta: 0.5,
  });
  // A sentence alone: the annotator chosen against zero totals (the noop one here).
  assert.deepEqual(m2Metric.sentence(stats[1], m2Metric.defaults).f, 1);
  assert.equal(m2Metric.signature(m2Metric.defaults), "m2|beta:0.5|muw:2|v:1.0");
  const explanation = m2Metric.explain(gold.sentences[2], hyp[2], m2Metric.defaults);
  // References are numbered from 1 where a person reads them: M2's annotator 0 is reference 1.
  assert.match(explanation.summary, /2 correct of 2 proposed, 3 gold \(reference 1\)/);
  assert.equal(explanation.blocks[1].title, "Gold edits of reference 1");
  assert.deepEqual(explanation.blocks[2].table?.map((row) => row[0]), ["reference", "1", "2"]);
  assert.deepEqual(explanation.blocks[0].table?.[1], ["2-3", "is", "are", "yes"]);
});

Deno.test("chooseAnnotator() breaks ties as the reference does", () => {
  // Equal F: more correct wins.
  assert.equal(chooseAnnotator([0, 0, 0], [[1, 2, 2], [2, 4, 4]], 0.5), 1);
  // Equal F and correct: smaller proposed + beta^2 gold wins.
  assert.equal(chooseAnnotator([0, 0, 0], [[0, 1, 1], [0, 1, 0]], 0.5), 1);
  // Complete tie: the first annotator.
  assert.equal(chooseAnnotator([1, 1, 1], [[0, 0, 1], [0, 0, 1]], 0.5), 0);
  // Nothing proposed, nothing in gold: F = 1 (zero denominator, nothing correct).
  assert.equal(chooseAnnotator([0, 0, 0], [[0, 0, 1], [0, 0, 0]], 0.5), 1);
});

Deno.test("m2Annotators() keeps the reference's quirks", () => {
  // Insertions before the first source token carry the hypothesis offset (row 0 of the
  // lattice), so "Yes ," inserted at 0 becomes part of the edit 0-1 and misses the gold
  // insertion at 0 (the reference prints EDIT SEQ [(0, 0, '', u'Yes ,')], shrunk, and 0
  // correct of 1 proposed).
  const [result] = m2Annotators(
    {
      source: ["the", "cat"],
      annotations: [{ annotator: "0", edits: [{ start: 0, end: 0, corrections: [["Yes", ","]] }] }],
    },
    ["Yes", ",", "the", "cat"],
  );
  assert.deepEqual(result.edits, [{ start: 0, end: 1, original: "the", correction: "Yes , the" }]);
  assert.equal(result.correct.length, 0);
  // A system edit matching two identical gold edits counts twice (reference: 2 correct of 2
  // proposed for this sentence).
  const [twice] = m2Annotators(
    {
      source: ["a", "b"],
      annotations: [{
        annotator: "0",
        edits: [{ start: 1, end: 2, corrections: [["c"]] }, {
          start: 1,
          end: 2,
          corrections: [["c"]],
        }],
      }],
    },
    ["a", "c"],
  );
  assert.equal(twice.correct.length, 2);
  assert.equal(twice.edits.length, 1);
});

Deno.test("bestEditSequence() equals a naive literal implementation on random small inputs", () => {
  const next = randomM2Cases(20140, 9);
  for (let t = 0; t < 300; t++) {
    const { src, hyp, muw, gold } = next();
    const graph = buildEditGraph(src, hyp, muw);
    const expected = naiveEditSequence(src, hyp, gold, muw);
    assert.deepEqual(bestEditSequence(graph, gold), expected, JSON.stringify({ src, hyp, muw }));
    // Gold edits that the system did make: the matching path is rewarded.
    for (const e of expected.slice(0, 2)) {
      gold.push({ start: e.start, end: e.end, original: e.original, corrections: [e.correction] });
    }
    assert.deepEqual(
      bestEditSequence(graph, gold),
      naiveEditSequence(src, hyp, gold, muw),
      JSON.stringify({ src, hyp, muw, gold }),
    );
  }
});

sharedTest(
  "m2Metric scores a 227-token sentence shortened to 95 tokens as the reference",
  async () => {
    const gold = await parseM2(
      [await readShared("data/conll2014/gold/official-2014.combined.m2")],
      "official-2014.combined.m2",
    );
    const sentence = gold.sentences[332];
    assert.equal(sentence.source.length, 227);
    const hyp = sentence.source.filter((_, i) => (i * 7) % 227 < 95);
    assert.equal(hyp.length, 95);
    const stats = m2Metric.stats(sentence, hyp, m2Metric.defaults);
    // The reference (m2scorer 3.2 ported to Python 3) on this pair: see SHORTENED_333 below.
    assert.deepEqual(stats, SHORTENED_333);
  },
);

/** Reference run (m2scorer 3.2 ported to Python 3): annotator 0 5/17/31, annotator 1 4/15/31. */
const SHORTENED_333 = { annotators: ["0", "1"], counts: [[5, 17, 31], [4, 15, 31]] };

/**
 * The reference (m2scorer 3.2 ported to Python 3, run by hand outside the repository) on
 * `tests/testdata/m2_adversarial*`: running `# correct/proposed/gold` after each annotator of
 * each sentence, the chosen annotators, and the three printed numbers.
 */
const OPTION_CASES = [
  {
    args: [],
    running: [
      [[2, 4, 2], [1, 2, 1]],
      [[3, 6, 3], [3, 6, 3]],
      [[4, 9, 5], [3, 7, 3]],
      [[6, 11, 7], [5, 11, 6]],
      [[6, 29, 14], [6, 29, 13]],
      [[7, 32, 15], [7, 31, 14]],
    ],
    chosen: [0, 0, 0, 0, 1, 1],
    printed: ["0.2258", "0.5000", "0.2536"],
  },
  {
    args: ["--max_unchanged_words", "0"],
    running: [
      [[2, 4, 2], [1, 2, 1]],
      [[3, 6, 3], [3, 6, 3]],
      [[4, 9, 5], [3, 8, 3]],
      [[6, 11, 7], [5, 11, 6]],
      [[6, 36, 14], [6, 36, 13]],
      [[7, 39, 15], [7, 38, 14]],
    ],
    chosen: [0, 0, 0, 0, 1, 1],
    printed: ["0.1842", "0.5000", "0.2108"],
  },
  {
    args: ["--max_unchanged_words", "1"],
    running: [
      [[2, 4, 2], [1, 2, 1]],
      [[3, 6, 3], [3, 6, 3]],
      [[4, 9, 5], [3, 7, 3]],
      [[6, 11, 7], [5, 11, 6]],
      [[6, 32, 14], [6, 32, 13]],
      [[7, 35, 15], [7, 34, 14]],
    ],
    chosen: [0, 0, 0, 0, 1, 1],
    printed: ["0.2059", "0.5000", "0.2333"],
  },
  {
    args: ["--max_unchanged_words", "3"],
    running: [
      [[2, 4, 2], [1, 2, 1]],
      [[3, 6, 3], [3, 6, 3]],
      [[4, 9, 5], [3, 7, 3]],
      [[6, 11, 7], [5, 11, 6]],
      [[6, 24, 14], [6, 24, 13]],
      [[7, 27, 15], [7, 26, 14]],
    ],
    chosen: [0, 0, 0, 0, 1, 1],
    printed: ["0.2692", "0.5000", "0.2966"],
  },
  {
    args: ["--beta", "1"],
    running: [
      [[2, 4, 2], [1, 2, 1]],
      [[3, 6, 3], [3, 6, 3]],
      [[4, 9, 5], [3, 7, 3]],
      [[5, 9, 5], [4, 9, 4]],
      [[5, 27, 12], [5, 27, 11]],
      [[6, 30, 13], [6, 29, 12]],
    ],
    chosen: [0, 0, 1, 0, 1, 1],
    printed: ["0.2069", "0.5000", "0.2927"],
  },
  {
    args: ["--ignore_whitespace_casing"],
    running: [
      [[2, 4, 2], [1, 2, 1]],
      [[3, 6, 3], [3, 6, 3]],
      [[4, 9, 5], [3, 7, 3]],
      [[6, 11, 7], [5, 11, 6]],
      [[6, 29, 14], [6, 29, 13]],
      [[6, 30, 15], [6, 30, 14]],
    ],
    chosen: [0, 0, 0, 0, 1, 1],
    printed: ["0.2000", "0.4286", "0.2239"],
  },
];

const ADVERSARIAL = ["tests/testdata/m2_adversarial_system", "tests/testdata/m2_adversarial.m2"];

Deno.test("m2scorerCommand() options behave as the reference's on adversarial cases", async (t) => {
  for (const c of OPTION_CASES) {
    await t.step(c.args.join(" ") || "defaults", async () => {
      const plain = await run([...c.args, ...ADVERSARIAL]);
      assert.equal(plain.code, 0);
      assert.deepEqual([...plain.out.matchAll(/: (\d\.\d{4})$/gm)].map((m) => m[1]), c.printed);
      const verbose = (await run(["-v", ...c.args, ...ADVERSARIAL])).out;
      const running = verbose.split(">> Chosen Annotator for line").slice(0, -1).map((block) =>
        [...block.matchAll(/# correct {5}: (\d+)\n# proposed {4}: (\d+)\n# gold {8}: (\d+)/g)]
          .map((m) => m.slice(1).map(Number))
      );
      assert.deepEqual(running, c.running);
      const chosen = [...verbose.matchAll(/>> Chosen Annotator for line \d+ : (\d+)/g)]
        .map((m) => Number(m[1]));
      assert.deepEqual(chosen, c.chosen);
    });
  }
  await t.step("the whole -v trace, floats aside", async () => {
    const verbose = (await run(["-v", ...ADVERSARIAL])).out
      .replace(/([([ ])u'/g, "$1'")
      .split("\n")
      .filter((line) => !/^(precision|recall|f_|P =|R =|F_[0-9.]+ =)/.test(line))
      .join("\n");
    assert.equal(verbose, await Deno.readTextFile("tests/testdata/m2_adversarial.reference.txt"));
  });
});

Deno.test("buildEditGraph() stops with a clear error past its merged-edge budget", () => {
  // 30 tokens against 20 others, none shared: every lattice node links to every later one.
  const source = Array.from({ length: 30 }, (_, i) => `s${i}`);
  const hypothesis = Array.from({ length: 20 }, (_, i) => `h${i}`);
  const graph = buildEditGraph(source, hypothesis, 2);
  assert.ok(graph.list.length > 10000);
  assert.throws(
    () => buildEditGraph(source, hypothesis, 2, 1000),
    /edit lattice of a 30-token source and a 20-token hypothesis needs more than 1000 merged edges/,
  );
});

Deno.test("m2scorerCommand() --beta prints as the reference, zero and ties included", async () => {
  // Reference runs (m2scorer 3.2 ported to Python 3) on the m2scorer example, system2.
  const expected: [string, string][] = [
    ["0", "Precision   : 0.7500\nRecall      : 0.5000\nF_0.0       : 0.7500\n"],
    ["2", "Precision   : 0.7500\nRecall      : 0.6000\nF_2.0       : 0.6250\n"],
    ["0.25", "Precision   : 0.7500\nRecall      : 0.6000\nF_0.2       : 0.7391\n"],
  ];
  for (const [beta, out] of expected) {
    const r = await run(["--beta", beta, "tests/testdata/m2scorer_example_system2", EXAMPLE]);
    assert.equal(r.out, out, `--beta ${beta}`);
  }
});
