/**
 * CLEME, CLEME2.0, GoToScorer, GREEN, GLEU's gec-metrics variants and the sentence-mean
 * aggregation: small cases from the papers, and every face (score --format json, --ci,
 * --paired, --by-type, report, show, the REPL, meta) on the test data.
 */
import { FULL_LOCK } from "./run_cli.ts";
import assert from "node:assert/strict";
import { createRegistry, readGold } from "../mod.ts";
import { readHypothesisM2 } from "../formats/hypothesis_m2.ts";
import { Session } from "../repl/session.ts";
import { clemeTargets, judgeChunks } from "../edits/chunk_match.ts";
import { chunkPartition } from "../edits/chunk.ts";
import { chunkWeight, CORPUS_WEIGHTS } from "../metrics/cleme/weight.ts";
import { gotoChunks } from "../metrics/gotoscorer/chunk.ts";
import { sentenceWeights } from "../metrics/gotoscorer/weights.ts";
import { greenMetric } from "../metrics/green/mod.ts";
import { createCleme2Metric } from "../metrics/cleme2/mod.ts";

const GOLD = "tests/testdata/errant/ref.m2";
const HYP = "tests/testdata/errant/hyp.m2";
// hyp.m2 without its wrong edits in three sentences and with the right tense in one.
const HYP2 = "tests/testdata/cleme/hyp_b.m2";
const M2GOLD = "tests/testdata/m2scorer_example.m2";
const SYS1 = "tests/testdata/m2scorer_example_system";
const SYS2 = "tests/testdata/m2scorer_example_system2";
const EDIT_METRICS = ["cleme", "cleme2", "gotoscorer"];

async function gecscore(...args: string[]) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", FULL_LOCK, "--allow-read", "--allow-write=/tmp", "cli.ts", ...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

Deno.test("chunk partition merges touching edits of all targets (CLEME, Ye et al. 2023, Fig. 1)", () => {
  // Two references correct "a apple" differently; their edits touch, so one chunk holds both.
  const source = "I have a apple .".split(" ");
  const hyp = [{ start: 2, end: 3, corrections: [["an"]] }];
  const ref0 = [{ start: 2, end: 3, corrections: [["an"]] }];
  const ref1 = [{ start: 1, end: 2, corrections: [["had"]] }, {
    start: 3,
    end: 4,
    corrections: [["apples"]],
  }];
  const chunks = chunkPartition(source, [hyp, ref0, ref1]);
  assert.deepEqual(chunks.map((c) => [c.start, c.end]), [[0, 1], [1, 4], [4, 5]]);
  const [dep0, dep1] = judgeChunks(chunks, "dependent");
  // The hypothesis' "have an apple" is reference 0's chunk, not reference 1's "had a apples".
  assert.equal(dep0[1].outcome, "tp");
  assert.deepEqual(chunks[1].tokens, [["have", "an", "apple"], ["have", "an", "apple"], [
    "had",
    "a",
    "apples",
  ]]);
  assert.equal(dep1[1].outcome, "fp_ne");
  const [ind] = judgeChunks(chunks, "independent");
  assert.equal(ind[1].outcome, "tp");
});

Deno.test("judgeChunks() counts a chunk matched by any reference as TP when independent", () => {
  const source = "He go home".split(" ");
  const hyp = [{ start: 1, end: 2, corrections: [["goes"]] }];
  const ref0 = [{ start: 1, end: 2, corrections: [["went"]] }];
  const ref1 = [{ start: 1, end: 2, corrections: [["goes"]] }];
  const chunks = chunkPartition(source, [hyp, ref0, ref1]);
  assert.deepEqual(judgeChunks(chunks, "dependent").map((l) => l[1].outcome), ["fp_ne", "tp"]);
  assert.deepEqual(judgeChunks(chunks, "independent").map((l) => l[1].outcome), ["tp"]);
  // Unchanged by the hypothesis: FN only when every reference changed it (independent).
  const none = chunkPartition(source, [[], ref0, []]);
  assert.equal(judgeChunks(none, "independent")[0][1].outcome, "tn");
  assert.equal(judgeChunks(none, "dependent")[0][1].outcome, "fn");
});

Deno.test("clemeTargets() reproduces v1.0's deletion of an empty hypothesis (POST sentence 23)", () => {
  const del = [{ start: 0, end: 1, corrections: [[]] }];
  const gold = {
    source: ['"'],
    annotations: [{ annotator: "0", edits: [] }, { annotator: "1", edits: del }],
  };
  assert.deepEqual(clemeTargets(gold, del, "1.0").references, [del]);
  assert.deepEqual(clemeTargets(gold, del, "1.1").hypothesis, del);
});

Deno.test("chunkWeight() follows the paper's length weighting curve", () => {
  // Longer correct chunks weigh more, longer wrong ones less, clipped to [0.75, 1.25].
  const b = 1.7905201847760595; // AMU's bias on CoNLL-2014
  assert.equal(chunkWeight(2, CORPUS_WEIGHTS.tp, b, false), 2 * (1 / (1 + 1 * Math.exp(-2 + b))));
  assert.equal(chunkWeight(1, CORPUS_WEIGHTS.tp, b, false), 0.75);
  assert.equal(chunkWeight(9, CORPUS_WEIGHTS.tp, b, false), 1.25);
  assert.equal(chunkWeight(9, CORPUS_WEIGHTS.fp, b, true), 0.75);
});

Deno.test("GoToScorer weights: position-aware versus gec-metrics' generator", () => {
  const source = "a b c".split(" ");
  const ref = gotoChunks(source, [{ start: 0, end: 1, corrections: [["A"]], type: "R:X" }]);
  // Two systems: one writes "A" at 0, one writes "A" at 2 (right text, wrong place).
  const systems = [
    gotoChunks(source, [{ start: 0, end: 1, corrections: [["A"]], type: "R:X" }]),
    gotoChunks(source, [{ start: 2, end: 3, corrections: [["A"]], type: "R:X" }]),
  ];
  const k = ref.findIndex((c) => c.edited);
  assert.equal(sentenceWeights(ref, systems, "position").weights[k], 0.5);
  assert.equal(sentenceWeights(ref, systems, "gecmetrics").weights[k], 0);
});

Deno.test("GREEN counts n-grams kept, deleted and inserted (Koyama et al. 2024)", () => {
  const gold = { source: "a b c".split(" "), references: ["a c d".split(" ")] };
  const o = { ...greenMetric.defaults, n: 1, beta: 1 };
  // Unigrams: a TK, b TD, c TK, d TI -> TP 4; nothing over or under.
  const s = greenMetric.sentence(greenMetric.stats(gold, "a c d".split(" "), o), o);
  assert.deepEqual([s.tp, s.fp, s.fn, s.f], [4, 0, 0, 1]);
  // The source itself: b under-deleted, d under-inserted.
  const t = greenMetric.sentence(greenMetric.stats(gold, gold.source, o), o);
  assert.deepEqual([t.tp, t.fp, t.fn], [2, 0, 2]);
});

Deno.test("createCleme2Metric() takes a chunk weigher (the similarity-weighting extension point)", async () => {
  const gold = await readGold(GOLD);
  const hyp = await readHypothesisM2(HYP);
  const plain = createCleme2Metric();
  const halves = createCleme2Metric({ id: "cleme2_half", weigher: () => 0.5, weigherName: "half" });
  const o = plain.defaults;
  const stats = gold.sentences.map((g, i) => plain.stats(g, hyp.sentences[i], o, hyp.edits[i]));
  const half = gold.sentences.map((g, i) => halves.stats(g, hyp.sentences[i], o, hyp.edits[i]));
  // Ratios do not change when every weight halves; counts do.
  const a = plain.corpus(stats, o), b = halves.corpus(half, o);
  assert.equal(a.com, b.com);
  assert.equal(b.tp * 2, a.tp);
  assert.notEqual(plain.signature(o), halves.signature(o));
});

Deno.test("score --format json shows every new metric's fields; sentence-mean for all", async () => {
  const { code, stdout, stderr } = await gecscore(
    "score",
    "--gold",
    GOLD,
    "--hyp-m2",
    HYP,
    "-m",
    "cleme,cleme2,gotoscorer,errant,m2,green",
    "--opt",
    "errant.aggregate=sentence-mean",
    "--opt",
    "m2.aggregate=sentence-mean",
    "--format",
    "json",
  );
  assert.equal(stderr, "");
  assert.equal(code, 0);
  const m = JSON.parse(stdout).systems[0].metrics;
  for (const k of ["p", "r", "f", "acc", "tp", "fp", "fn", "tn"]) {
    assert.equal(typeof m.cleme[k], "number");
  }
  for (const k of ["com", "hit", "err", "und", "ove", "fp_ne", "fp_un"]) {
    assert.equal(typeof m.cleme2[k], "number");
  }
  for (const k of ["p", "r", "f", "tp", "fp", "fn", "tn"]) {
    assert.equal(typeof m.gotoscorer[k], "number");
  }
  for (const k of ["p", "r", "f", "tp", "fp", "fn"]) assert.equal(typeof m.green[k], "number");
  assert.match(m.errant.signature, /\|agg:sentence-mean\|/);
  assert.equal(m.errant.sentences, 9);
  assert.equal(m.m2.sentences, 9);
});

Deno.test("score --ci and --paired work with the new metrics", async () => {
  const common = [
    "score",
    "--gold",
    GOLD,
    "--hyp-m2",
    HYP,
    "--hyp-m2",
    HYP2,
    "-m",
    EDIT_METRICS.join(","),
    "--samples",
    "200",
  ];
  const ci = await gecscore(...common, "--ci", "--format", "json");
  assert.equal(ci.stderr, "");
  assert.equal(ci.code, 0);
  const systems = JSON.parse(ci.stdout).systems;
  for (const id of EDIT_METRICS) assert.ok(systems[0].metrics[id].ci, `${id} has an interval`);
  const paired = await gecscore(...common, "--paired", "bs");
  assert.equal(paired.code, 0, paired.stderr);
  for (const id of EDIT_METRICS) assert.match(paired.stdout, new RegExp(`^${id} `, "m"));
});

Deno.test("score --by-type breaks GoToScorer down by reference chunk type", async () => {
  const { code, stdout } = await gecscore(
    "score",
    "--gold",
    GOLD,
    "--hyp-m2",
    HYP,
    "-m",
    "gotoscorer",
    "--by-type",
  );
  assert.equal(code, 0);
  assert.match(stdout, /R:VERB:SVA/);
  assert.match(stdout, /DUMMY:DUMMY/);
});

Deno.test("show and report explain the new metrics", async () => {
  const show = await gecscore(
    "show",
    "--gold",
    GOLD,
    "--hyp-m2",
    HYP,
    "--sentence",
    "1",
    "-m",
    EDIT_METRICS.join(","),
  );
  assert.equal(show.code, 0, show.stderr);
  assert.match(show.stdout, /CLEME dependent/);
  assert.match(show.stdout, /CLEME2\.0 dependent/);
  assert.match(show.stdout, /GoToScorer \(reference 0/);
  const out = await Deno.makeTempFile({ suffix: ".html" });
  try {
    const report = await gecscore(
      "report",
      "--gold",
      GOLD,
      "--hyp-m2",
      HYP,
      "--hyp-m2",
      HYP2,
      "-m",
      EDIT_METRICS.join(","),
      "-o",
      out,
    );
    assert.equal(report.code, 0, report.stderr);
    const html = await Deno.readTextFile(out);
    for (const id of EDIT_METRICS) assert.ok(html.includes(id), `report mentions ${id}`);
  } finally {
    await Deno.remove(out);
  }
});

Deno.test("the REPL scores and explains the new metrics", async () => {
  const s = new Session({ registry: createRegistry() });
  await s.execute(`load gold ${GOLD}`);
  await s.execute(`load hyp ${HYP}`);
  const out = await s.execute("score hyp cleme");
  assert.match(out, /cleme/);
  assert.match(await s.execute("align cleme2"), /Chunks/);
  // References are numbered from 1, as the REPL's show and the report number them.
  const green = await s.execute("align green");
  assert.match(green, /; reference 1 of 2: /);
  assert.match(green, /^Reference 1 \(chosen\): P /m);
  assert.match(green, /^Reference 2: P /m);
  for (const id of ["cleme", "cleme2"]) {
    const header = (await s.execute(`align ${id}`)).split("\n").find((l) => /^chunk /.test(l));
    assert.match(header ?? "", /^chunk +source +hypothesis +ref 1\b/, id);
    assert.doesNotMatch(header ?? "", /\bref 0\b/, id);
  }
  assert.match(await s.execute("align gotoscorer"), /Reference chunks/);
});

Deno.test("meta computes GREEN and gec-metrics' GLEU on the spot", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_new_meta_" });
  try {
    // A third system: the sources themselves.
    const sources = (await Deno.readTextFile(M2GOLD)).split("\n").filter((l) => l.startsWith("S "))
      .map((l) => l.slice(2));
    await Deno.writeTextFile(`${dir}/source`, sources.join("\n") + "\n");
    const human = { m2scorer_example_system: 0.9, m2scorer_example_system2: 0.5, source: 0.1 };
    await Deno.writeTextFile(
      `${dir}/human.txt`,
      Object.entries(human).map(([k, v]) => `human\tsrc-trg\tt\t${k}\t${v}\n`).join(""),
    );
    const { code, stdout, stderr } = await gecscore(
      "meta",
      "--human",
      `${dir}/human.txt`,
      "--gold",
      M2GOLD,
      SYS1,
      SYS2,
      `${dir}/source`,
      "-m",
      "green,gleu",
      "--opt",
      "gleu.variant=gecmetrics",
    );
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^green +/m);
    assert.match(stdout, /^gleu +/m);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("bad GoToScorer options are one-line errors", async () => {
  const missing = await gecscore(
    "score",
    "--gold",
    GOLD,
    "--hyp-m2",
    HYP,
    "-m",
    "gotoscorer",
    "--opt",
    "gotoscorer.weights=no/such.json",
  );
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /no\/such\.json: cannot read the GoToScorer weight file/);
  assert.equal(missing.stderr.trim().split("\n").length, 1);
  const noEdits = await gecscore("score", "--gold", GOLD, SYS1, "-m", "cleme");
  assert.equal(noEdits.code, 1);
});
