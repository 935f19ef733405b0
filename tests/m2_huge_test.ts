import assert from "node:assert/strict";
import { tokenize } from "../formats/tokenize.ts";
import { parseM2 } from "../formats/m2.ts";
import { m2Metric } from "../metrics/m2/mod.ts";
import { m2GoldEdits } from "../metrics/m2/annotators.ts";
import { m2scorerCommand } from "./m2scorer_run.ts";
import { bestEditSequence, bestPathCost } from "../metrics/m2/best_path.ts";
import { buildEditGraph } from "../metrics/m2/edit_graph.ts";
import { implicitEditSequence } from "../metrics/m2/fallback.ts";
import type { M2Edit, M2GoldEdit } from "../metrics/m2/lattice.ts";
import { randomM2Cases } from "./m2_naive.ts";

/**
 * Whether the edits, in order, turn the source into the hypothesis: both split into the same
 * unchanged stretches around each edit's original and correction. Offsets are not used, as
 * edits starting with an insertion before the first token carry a hypothesis offset.
 */
function transforms(source: string[], hyp: string[], edits: M2Edit[]): boolean {
  const words = (text: string) => text === "" ? [] : text.split(" ");
  const at = (tokens: string[], i: number, part: string[]) =>
    part.every((token, k) => tokens[i + k] === token);
  const go = (i: number, j: number, x: number): boolean => {
    if (x === edits.length) return source.slice(i).join(" ") === hyp.slice(j).join(" ");
    const o = words(edits[x].original), c = words(edits[x].correction);
    for (let g = 0; i + g <= source.length && j + g <= hyp.length; g++) {
      if (g > 0 && source[i + g - 1] !== hyp[j + g - 1]) break;
      if (
        at(source, i + g, o) && at(hyp, j + g, c) && go(i + g + o.length, j + g + c.length, x + 1)
      ) {
        return true;
      }
    }
    return false;
  };
  return go(0, 0, 0);
}

/** Check the fallback against the exact method on one case; true when the edits differ. */
function check(src: string[], hyp: string[], muw: number, gold: M2GoldEdit[]): boolean {
  const what = JSON.stringify({ src, hyp, muw, gold });
  const graph = buildEditGraph(src, hyp, muw);
  const exact = bestEditSequence(graph, gold);
  const { edits, cost } = implicitEditSequence(src, hyp, muw, gold);
  // Same cost; the reference's floating-point sums may differ from the exact one by rounding.
  const reference = bestPathCost(graph, gold);
  assert.ok(Math.abs(cost - reference) < 1e-6, `${cost} vs ${reference} for ${what}`);
  assert.ok(transforms(src, hyp, edits), what);
  assert.ok(transforms(src, hyp, exact), what);
  return JSON.stringify(edits) !== JSON.stringify(exact);
}

Deno.test("implicitEditSequence() finds paths as cheap as the exact method's on random inputs", () => {
  const next = randomM2Cases(4242, 10);
  let cases = 0, differ = 0;
  for (let t = 0; t < 1000; t++) {
    const { src, hyp, muw, gold } = next();
    if (check(src, hyp, muw, [])) differ++;
    if (check(src, hyp, muw, gold)) differ++;
    // Gold edits the system did make, so that merged gold matches occur.
    const graph = buildEditGraph(src, hyp, muw);
    for (const e of bestEditSequence(graph, []).slice(0, 2)) {
      gold.push({ start: e.start, end: e.end, original: e.original, corrections: [e.correction] });
    }
    if (check(src, hyp, muw, gold)) differ++;
    cases += 3;
  }
  assert.equal(cases, 3000);
  // Ties among equal-cost paths are broken differently in some cases; the costs never differ.
  console.log(`implicitEditSequence: ${differ} of ${cases} random cases chose other edits`);
});

Deno.test("implicitEditSequence() finds paths as cheap as the exact method's on the adversarial fixture", async () => {
  const gold = await parseM2(
    [await Deno.readTextFile("tests/testdata/m2_adversarial.m2")],
    "m2_adversarial.m2",
  );
  const system = (await Deno.readTextFile("tests/testdata/m2_adversarial_system")).split("\n");
  let cases = 0, differ = 0;
  for (const [i, sentence] of gold.sentences.entries()) {
    const hyp = tokenize(system[i]);
    for (const muw of [0, 2]) {
      for (const { edits } of m2GoldEdits(sentence)) {
        if (check(sentence.source, hyp, muw, edits)) differ++;
        cases++;
      }
    }
  }
  assert.equal(cases, 2 * 12);
  console.log(`implicitEditSequence: ${differ} of ${cases} adversarial cases chose other edits`);
});

const SOURCE_200 = Array.from({ length: 200 }, (_, i) => `s${i}`);
const HYP_100 = Array.from({ length: 100 }, (_, i) => `h${i}`);

Deno.test("m2Metric scores a 200-token sentence against 100 unrelated tokens, with a warning", async () => {
  // Past the merged-edge budget (about 10^8 merged edges): once refused, now the fallback.
  const sentence = {
    source: SOURCE_200,
    annotations: [{ annotator: "0", edits: [{ start: 3, end: 4, corrections: [["h3"]] }] }],
    line: 7,
  };
  const options = m2Metric.defaults;
  const stats = m2Metric.stats(sentence, HYP_100, options);
  assert.equal(stats.warnings?.length, 1);
  assert.match(stats.warnings![0], /^sentence at gold line 7: .*200-token source.*equal-cost/);
  const [[correct, proposed, goldCount]] = stats.counts;
  assert.deepEqual([correct, goldCount], [1, 1]);
  assert.ok(proposed >= 1 && proposed <= 3, `proposed ${proposed}`);
  assert.deepEqual(structuredClone(stats), JSON.parse(JSON.stringify(stats)));
  const score = m2Metric.corpus([stats, stats], options);
  assert.deepEqual(score.warnings, [stats.warnings![0], stats.warnings![0]]);
  assert.equal(m2Metric.corpus([], options).warnings, undefined);
  const explained = m2Metric.explain(sentence, HYP_100, options);
  assert.deepEqual(explained.blocks.at(-1), { title: "Warning", lines: stats.warnings });
  // The edits rewrite the source into the hypothesis.
  const { edits } = implicitEditSequence(SOURCE_200, HYP_100, 2, []);
  assert.ok(edits.length >= 1 && transforms(SOURCE_200, HYP_100, edits));
  // The m2scorer command prints the warning once on stderr and still scores.
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/gold.m2`,
      `S ${SOURCE_200.join(" ")}\nA 3 4|||R|||h3|||REQUIRED|||-NONE-|||0\n\n`,
    );
    await Deno.writeTextFile(`${dir}/system`, HYP_100.join(" ") + "\n");
    let out = "", err = "";
    const code = await m2scorerCommand([`${dir}/system`, `${dir}/gold.m2`], {
      out: (s) => out += s,
      err: (s) => err += s,
    });
    assert.equal(code, 0);
    assert.match(out, /^Precision {3}: 0\.\d{4}\nRecall {6}: 1\.0000\n/);
    assert.equal(err.match(/warning/g)?.length, 1, err);
    assert.match(err, /^m2scorer: warning: sentence at gold line 1: /);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("implicitEditSequence() matches the exact cost on lattices of over 2000 nodes", () => {
  // 50 x 40 unrelated tokens (a full grid): large enough for the bounded sweep to prune, small
  // enough for the exact method; gold edits of every kind (substitution, deletion,
  // insertion, a merged span), matched or not.
  const src = Array.from({ length: 50 }, (_, i) => `s${i}`);
  const hyp = Array.from({ length: 40 }, (_, i) => `h${i}`);
  const golds: M2GoldEdit[][] = [
    [],
    [{ start: 3, end: 4, original: "s3", corrections: ["h3"] }],
    [
      { start: 10, end: 12, original: "s10 s11", corrections: ["h10 h11 h12", "x"] },
      { start: 20, end: 20, original: "", corrections: ["h18"] },
      { start: 30, end: 31, original: "s30", corrections: [""] },
      { start: 45, end: 50, original: src.slice(45).join(" "), corrections: ["h38 h39"] },
    ],
  ];
  for (const muw of [0, 2]) {
    const graph = buildEditGraph(src, hyp, muw);
    assert.ok(graph.nodes > 2000, `${graph.nodes} nodes`);
    for (const gold of golds) check(src, hyp, muw, gold);
  }
});

const unrelated = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => prefix + i);

Deno.test("m2Metric scores 1000 tokens against 1000 unrelated ones and 6 against 2000", () => {
  // Once hours (about n^3.6 seconds): now bounded (see bench/m2_bench.ts for the times).
  const options = m2Metric.defaults;
  for (const [n, m] of [[1000, 1000], [6, 2000]]) {
    const sentence = {
      source: unrelated("s", n),
      annotations: [
        { annotator: "0", edits: [{ start: 3, end: 4, corrections: [["h3"]] }] },
        { annotator: "1", edits: [{ start: 2, end: 2, corrections: [["h2"]] }] },
      ],
      line: 1,
    };
    const stats = m2Metric.stats(sentence, unrelated("h", m), options);
    assert.equal(stats.warnings?.length, 1);
    // The gold substitution is matched; the edits around it rewrite the rest.
    assert.deepEqual(stats.counts[0][0], 1);
    assert.deepEqual(stats.counts[0][2], 1);
    assert.ok(stats.counts[0][1] >= 2 && stats.counts[0][1] <= 3, `${stats.counts[0]}`);
    assert.equal(stats.counts[1][2], 1);
  }
});

Deno.test("m2Metric refuses a sentence pair past its lattice bound, naming the gold line", () => {
  const sentence = { source: unrelated("s", 2000), line: 12 };
  assert.throws(
    () => m2Metric.stats(sentence, unrelated("h", 1000), m2Metric.defaults),
    /^InputError: m2: sentence at gold line 12: a 2000-token source against a 1000-token hypothesis needs an edit lattice of 2003001 cells, more than the 1572864/,
  );
});
