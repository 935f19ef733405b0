import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { readChunks } from "../formats/text.ts";
import { m2Sentences } from "../formats/m2.ts";
import { createRegistry } from "../mod.ts";
import { hypothesesOf, streamScores } from "../pipeline/stream.ts";
import { streamOptions } from "../pipeline/scoring.ts";
import { planFiles } from "../pipeline/run.ts";
import { splitPairs, streamScoresSplit } from "../pipeline/stream_split.ts";
import { setPluginModule } from "../sandbox/host.ts";

async function run(args: string[]) {
  let out = "", err = "";
  const code = await main(args, { out: (t) => out += t, err: (t) => err += t });
  return { code, out, err };
}

async function take(records: AsyncIterable<unknown>) {
  const got: unknown[] = [];
  try {
    for await (const r of records) got.push(r);
  } catch (error) {
    return { got, error: `${(error as Error).name}: ${(error as Error).message}` };
  }
  return { got, error: "" };
}

Deno.test("splitPairs() keeps each metric on one thread, this one taking the first half", () => {
  assert.deepEqual(splitPairs(1, 2), [[true, false]]);
  assert.deepEqual(splitPairs(2, 4), [[true, true, false, false], [true, true, false, false]]);
});

Deno.test("streamScoresSplit() gives the corpus record and the fault of the serial stream", async () => {
  const { writeCorpus } = await import("../bench/generate_corpus.ts");
  const { default: plugin } = await import("./testdata/stream_fault_plugin.ts");
  const dir = await Deno.makeTempDir({ prefix: "gecscore_stream_split" });
  try {
    await writeCorpus(300, dir);
    const faulty = `${dir}/faulty.txt`;
    const hyps = (await Deno.readTextFile(`${dir}/hyp.txt`)).split("\n");
    hyps[123] += " BOOM";
    await Deno.writeTextFile(faulty, hyps.join("\n"));
    const registry = createRegistry().use(plugin);
    setPluginModule(plugin, {
      url: new URL("./testdata/stream_fault_plugin.ts", import.meta.url).href,
      exportName: "default",
      spec: "stream_fault_plugin.ts",
    });
    const path = `${dir}/gold.m2`;
    for (
      const [ids, files] of [
        [["m2", "gleu", "imeasure"], [`${dir}/hyp.txt`, `${dir}/src.txt`]],
        // The faulty metric on the worker, then on this thread.
        [["m2", "fault_at"], [`${dir}/hyp.txt`, faulty]],
        [["fault_at", "m2"], [faulty, `${dir}/hyp.txt`]],
      ]
    ) {
      const metrics = ids.map((id) => registry.metric(id));
      const options = streamOptions(metrics, {});
      const systems = files.map((f, j) => ({ name: `s${j}`, path: f }));
      const request = () => ({
        metrics,
        prepared: options,
        gold: m2Sentences(readChunks(path), path, ["0"], undefined, { intern: false }),
        systems: systems.map((s) => ({ ...s, hypotheses: hypothesesOf(s.path, {}) })),
        registry,
        goldPath: path,
      });
      const serial = await take(streamScores(request()));
      const split = await take(streamScoresSplit({
        metrics,
        options,
        gold: { kind: "m2", path, allAnnotators: ["0"] },
        goldPath: path,
        systems,
        registry,
        serial: request,
      }));
      assert.equal(split.error, serial.error, ids.join(","));
      assert.deepEqual(split.got, serial.got, ids.join(","));
      if (ids.includes("fault_at")) {
        assert.match(serial.error, /^PluginError: .*fault_at.*met BOOM/);
      } else assert.equal(serial.got.length, 1);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("score splits a mid-sized run with a worker and prints what --jobs 1 prints", async () => {
  const { writeCorpus } = await import("../bench/generate_corpus.ts");
  const dir = await Deno.makeTempDir({ prefix: "gecscore_stream_split_cli" });
  try {
    // 3,500 sentences x 2 systems x 3 metrics: 21,000 evaluations, past the split's threshold.
    await writeCorpus(3500, dir);
    // The plan splits (on two cores or more) without --jobs, and not with --jobs 1.
    const plan = (jobs: number | "auto") =>
      planFiles({
        registry: createRegistry(),
        command: "score",
        gold: `${dir}/gold.m2`,
        systems: [`${dir}/hyp.txt`, `${dir}/src.txt`].map((path) => ({ path, m2: false })),
        metrics: ["imeasure", "m2", "gleu"],
        stream: "corpus",
        jobs,
      });
    const split = (await plan("auto")).streamed!.records;
    const serial = (await plan(1)).streamed!.records;
    if (navigator.hardwareConcurrency > 1) {
      assert.equal(Object.getPrototypeOf(split), streamScoresSplit.prototype);
    }
    assert.notEqual(Object.getPrototypeOf(serial), streamScoresSplit.prototype);
    await split.return(undefined);
    await serial.return(undefined);
    for (const format of ["table", "json"]) {
      const args = [
        "score",
        "--gold",
        `${dir}/gold.m2`,
        `${dir}/hyp.txt`,
        `${dir}/src.txt`,
        "-m",
        "imeasure,m2,gleu",
        "--format",
        format,
        "-q",
      ];
      const split = await run(args);
      const serial = await run([...args, "--jobs", "1"]);
      assert.equal(split.code, 0, split.err);
      assert.equal(split.err, serial.err);
      assert.ok(split.out === serial.out, `${format}: outputs differ`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
