import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { createRegistry, readGold, scoreSystems, streamScores } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { checkedLines, checkLineCount, hypothesesOf, tokenized } from "../pipeline/stream_files.ts";
import plugin from "../examples/exact_match.ts";
import { CONLL2014_SYSTEMS, shared, sharedTest } from "./shared.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";
const SYSTEM2 = "tests/testdata/m2scorer_example_system2";

async function run(args: string[]) {
  let out = "", err = "";
  const code = await main(args, { out: (t) => out += t, err: (t) => err += t });
  return { code, out, err };
}

type Report = {
  systems: {
    name: string;
    metrics: Record<string, unknown>;
    sentences?: Record<string, unknown>[];
  }[];
};

/** Checks that the jsonl lines carry exactly the numbers of the json report. */
function assertSameNumbers(json: string, jsonl: string, count: number) {
  const report: Report = JSON.parse(json);
  const lines = jsonl.trimEnd().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines.length, count + 1);
  lines.slice(0, count).forEach((line, i) => assert.equal(line.sentence, i + 1));
  const corpus = lines[count];
  assert.equal(corpus.sentences, count);
  for (const system of report.systems) {
    assert.deepEqual(corpus.systems[system.name], system.metrics, `${system.name}: corpus`);
    const differ = system.sentences!.flatMap((s, i) =>
      JSON.stringify(lines[i].systems[system.name]) === JSON.stringify(s) ? [] : [i + 1]
    );
    assert.deepEqual(differ, [], `${system.name}: sentences that differ`);
  }
}

Deno.test("score --format jsonl gives the numbers of --format json, M2 and text gold", async () => {
  for (
    const gold of [
      ["--gold", GOLD],
      ["--src", SYSTEM2, "--ref", SYSTEM, "--ref", GOLD.replace(".m2", "_system")],
    ]
  ) {
    const args = ["score", ...gold, SYSTEM, SYSTEM2, "--sentences"];
    const json = await run([...args, "--format", "json"]);
    const jsonl = await run([...args, "--format", "jsonl"]);
    assert.equal(json.code, 0, json.err);
    assert.equal(jsonl.code, 0, jsonl.err);
    assert.equal(jsonl.err, json.err);
    assertSameNumbers(json.out, jsonl.out, 3);
  }
  // Without --sentences: the corpus line only.
  const corpus = await run(["score", "--gold", GOLD, SYSTEM, "--format", "jsonl", "-m", "m2"]);
  assert.equal(corpus.out.trimEnd().split("\n").length, 1);
  assert.equal(JSON.parse(corpus.out).systems.m2scorer_example_system.m2.f, 0.8);
});

Deno.test("score --format jsonl checks every input before writing anything", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const short = `${dir}/short`;
    await Deno.writeTextFile(short, "a b\n");
    for (
      const args of [
        ["--gold", GOLD, SYSTEM, short],
        ["--src", SYSTEM, "--ref", short, SYSTEM2],
        ["--gold", GOLD, SYSTEM, SYSTEM],
        ["--gold", GOLD, SYSTEM, "--ci"],
      ]
    ) {
      const r = await run(["score", ...args, "--sentences", "--format", "jsonl"]);
      assert.notEqual(r.code, 0);
      assert.equal(r.out, "");
      assert.equal(r.err.trimEnd().split("\n").length, 1, r.err);
      assert.match(r.err, /^gecscore: /);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("streamScores() keeps the statistics of a metric without accumulator", async () => {
  const registry = createRegistry().use(plugin);
  const gold = await readGold(GOLD);
  const systems = [await readHypotheses(SYSTEM, 3), await readHypotheses(SYSTEM2, 3)];
  const metric = registry.metric("exact_match");
  assert.equal(metric.accumulator, undefined);
  const serial = await scoreSystems({ registry, gold, systems, metrics: ["exact_match", "m2"] });
  const records = [];
  for await (
    const r of streamScores({
      metrics: [metric, registry.metric("m2")],
      gold: gold.sentences,
      systems: systems.map((s) => ({ name: s.name, hypotheses: s.sentences })),
    })
  ) records.push(r);
  assert.equal(records.length, 1);
  const last = records[0];
  assert.equal(last.kind, "corpus");
  assert.deepEqual(last.scores, serial.map((s) => s.metrics.map((m) => m.score)));
});

sharedTest(
  "score --format jsonl gives the numbers of --format json on the 13 CoNLL-2014 outputs",
  async () => {
    const systems = CONLL2014_SYSTEMS.map((s) => shared(`data/conll2014/systems/${s}`));
    const gold = shared("data/conll2014/gold/official-2014.combined.m2");
    const args = ["score", "--gold", gold, ...systems, "-m", "m2,gleu,imeasure", "--sentences"];
    const json = await run([...args, "--format", "json"]);
    const jsonl = await run([...args, "--format", "jsonl"]);
    assert.equal(json.code, 0, json.err);
    assert.equal(jsonl.code, 0, jsonl.err);
    assertSameNumbers(json.out, jsonl.out, 1312);
  },
);

Deno.test("score streams on workers with the bytes of the serial stream, M2 and text gold", async () => {
  const { writeCorpus } = await import("../bench/generate_corpus.ts");
  const dir = await Deno.makeTempDir({ prefix: "gecscore_stream_workers" });
  try {
    // 3,000 sentences: several chunks per worker, chunk edges inside the M2 blocks' lines.
    await writeCorpus(3000, dir);
    const systems = [`${dir}/hyp.txt`, `${dir}/src.txt`];
    const golds = [
      ["--gold", `${dir}/gold.m2`, "-m", "m2,gleu"],
      [
        "--src",
        `${dir}/src.txt`,
        "--ref",
        `${dir}/ref.txt`,
        "--ref",
        `${dir}/hyp.txt`,
        "-m",
        "gleu",
      ],
    ];
    for (const gold of golds) {
      for (const format of [["--format", "jsonl", "--sentences"], ["--format", "json"]]) {
        const args = ["score", ...gold, ...systems, ...format];
        const serial = await run([...args, "--jobs", "1"]);
        const workers = await run([...args, "--jobs", "2"]);
        assert.equal(serial.code, 0, serial.err);
        assert.equal(workers.err, serial.err);
        assert.equal(workers.code, 0);
        assert.ok(workers.out === serial.out, `${args.join(" ")}: outputs differ`);
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a stream's small system files are read once, with the checks of a second reading", async () => {
  const dir = await Deno.makeTempDir({ dir: "/tmp" });
  try {
    const path = `${dir}/sys`;
    await Deno.writeTextFile(path, "a b\r\nc  d\n\ne\n");
    const kept = await checkedLines(path, 4, {});
    const streamed = [];
    for await (const tokens of hypothesesOf(path, {})) streamed.push(tokens);
    assert.deepEqual([...tokenized(kept)], streamed);
    assert.deepEqual(streamed, [["a", "b"], ["c", "d"], [], ["e"]]);
    for (const count of [2, 3, 5, 9]) {
      const message = (error: unknown) => (error as Error).message;
      const twice = await checkLineCount(path, count, {}).catch(message);
      const once = await checkedLines(path, count, {}).catch(message);
      assert.match(String(twice), /^.*sys: has (more than )?\d+ lines? but the gold has/);
      assert.equal(once, twice);
    }
    await Deno.writeTextFile(path, "x".repeat(50) + "\n");
    const long = (p: Promise<unknown>) => p.catch((e) => (e as Error).message);
    assert.equal(
      await long(checkedLines(path, 1, { maxLineLength: 10 })),
      await long(checkLineCount(path, 1, { maxLineLength: 10 })),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
