import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { lines, readChunks, tokenizeAscii } from "../formats/text.ts";
import { m2Sentences } from "../formats/m2.ts";
import { createRegistry } from "../mod.ts";
import { streamScores } from "../pipeline/stream.ts";
import { GoldDigest } from "../pipeline/signature.ts";
import { streamOptions } from "../pipeline/scoring.ts";
import { LineCutter, streamScoresParallel } from "../pipeline/stream_parallel.ts";
import { setPluginModule } from "../sandbox/host.ts";
import { MersenneTwister } from "../util/mt19937.ts";

async function run(args: string[]) {
  let out = "", err = "";
  const code = await main(args, { out: (t) => out += t, err: (t) => err += t });
  return { code, out, err };
}

async function* pieces(text: string, sizes: () => number): AsyncGenerator<string> {
  for (let at = 0; at < text.length;) {
    const n = sizes();
    yield text.slice(at, at + n);
    at += n;
  }
}

/** A random file: lines of random words, some empty, "\n" or "\r\n" ends, maybe a BOM. */
function randomText(mt: MersenneTwister, blocks: boolean): string {
  const int = (n: number) => Math.floor(mt.random() * n);
  const out: string[] = [];
  const count = 1 + int(60);
  for (let i = 0; i < count; i++) {
    const words = Array.from({ length: int(4) }, () => `w${int(9)}`).join(" ");
    if (blocks) {
      out.push(int(6) === 0 ? "S" : `S ${words}`);
      for (let a = int(3); a > 0; a--) out.push(`A 0 1|||R:X|||x|||REQUIRED|||-NONE-|||0`);
      if (int(3)) out.push("");
    } else out.push(int(5) === 0 ? "" : words);
  }
  const ends = () => (mt.random() < 0.3 ? "\r\n" : "\n");
  let text = int(4) === 0 ? "\uFEFF" : "";
  out.forEach((line, i) => text += line + (i < out.length - 1 || int(2) ? ends() : ""));
  return text;
}

Deno.test("LineCutter.take() cuts the lines that lines() reads, with their numbers", async () => {
  const mt = new MersenneTwister(25);
  for (let round = 0; round < 300; round++) {
    const blocks = round % 2 === 1;
    const text = randomText(mt, blocks);
    const expected: { line: number; text: string }[] = [];
    for await (const l of lines([text])) expected.push(l);
    const cutter = new LineCutter(pieces(text, () => 1 + Math.floor(mt.random() * 40)));
    const got: { line: number; text: string }[] = [];
    let sentences = 0;
    for (;;) {
      const n = 1 + Math.floor(mt.random() * 5);
      const part = await cutter.take(n, blocks);
      if (part.count === 0) {
        assert.equal(part.text, "");
        break;
      }
      assert.ok(part.count <= n);
      const split = part.text.split("\n").map((t) => t.replace(/\r$/, ""));
      if (blocks) {
        // A run starts at an "S" line (but the first, which starts at the file's start) and
        // holds `count` of them.
        if (sentences) assert.match(split[0], /^S( |$)/);
        assert.equal(split.filter((t) => /^S( |$)/.test(t)).length, part.count);
        sentences += part.count;
      } else assert.equal(split.length, part.count);
      split.forEach((t, i) => got.push({ line: part.line + i, text: t }));
    }
    assert.deepEqual(got, expected, JSON.stringify(text));
    assert.equal((await cutter.take(1, blocks)).count, 0);
  }
});

Deno.test("score on workers reads CRLF files, a BOM and a missing last newline as --jobs 1 does", async () => {
  const { writeCorpus } = await import("../bench/generate_corpus.ts");
  const dir = await Deno.makeTempDir({ prefix: "gecscore_stream_crlf" });
  try {
    await writeCorpus(1200, dir);
    for (const name of ["gold.m2", "hyp.txt", "src.txt", "ref.txt"]) {
      const text = await Deno.readTextFile(`${dir}/${name}`);
      const crlf = "\uFEFF" + text.replaceAll("\n", "\r\n").replace(/\r\n$/, "");
      await Deno.writeTextFile(`${dir}/${name}`, crlf);
    }
    const golds = [
      ["--gold", `${dir}/gold.m2`, "-m", "m2,gleu"],
      ["--src", `${dir}/src.txt`, "--ref", `${dir}/ref.txt`, "-m", "gleu"],
    ];
    for (const gold of golds) {
      const args = ["score", ...gold, `${dir}/hyp.txt`, "--format", "jsonl", "--sentences"];
      const serial = await run([...args, "--jobs", "1"]);
      const workers = await run([...args, "--jobs", "2"]);
      assert.equal(serial.code, 0, serial.err);
      assert.equal(workers.err, serial.err);
      assert.equal(workers.code, 0);
      assert.ok(workers.out === serial.out, `${args.join(" ")}: outputs differ`);
      assert.equal(serial.out.split("\n").length, 1200 + 2);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("streamScoresParallel() gives the records and the fault of the serial stream", async () => {
  const { writeCorpus } = await import("../bench/generate_corpus.ts");
  const { default: plugin } = await import("./testdata/stream_fault_plugin.ts");
  const dir = await Deno.makeTempDir({ prefix: "gecscore_stream_fault" });
  try {
    await writeCorpus(1500, dir);
    const hyps = (await Deno.readTextFile(`${dir}/hyp.txt`)).split("\n");
    hyps[1234] += " BOOM";
    await Deno.writeTextFile(`${dir}/hyp.txt`, hyps.join("\n"));
    const registry = createRegistry().use(plugin);
    setPluginModule(plugin, {
      url: new URL("./testdata/stream_fault_plugin.ts", import.meta.url).href,
      exportName: "default",
      spec: "stream_fault_plugin.ts",
    });
    const path = `${dir}/gold.m2`;
    const metrics = ["m2", "fault_at"].map((id) => registry.metric(id));
    const systems = [{ name: "hyp.txt", path: `${dir}/hyp.txt` }];
    const take = async (records: AsyncIterable<unknown>) => {
      const got: unknown[] = [];
      try {
        for await (const r of records) got.push(r);
      } catch (error) {
        return { got, error: `${(error as Error).name}: ${(error as Error).message}` };
      }
      return { got, error: "" };
    };
    const serial = await take(streamScores({
      metrics,
      gold: m2Sentences(readChunks(path), path, ["0"], undefined, { intern: false }),
      systems: systems.map((s) => ({ name: s.name, hypotheses: hypotheses(s.path) })),
      sentences: true,
      registry,
      goldPath: path,
    }));
    const workers = await take(streamScoresParallel({
      metrics,
      options: streamOptions(metrics, {}),
      gold: { kind: "m2", path, allAnnotators: ["0"] },
      goldPath: path,
      count: 1500,
      systems,
      sentences: true,
      registry,
      digest: new GoldDigest(),
      workers: 2,
    }));
    assert.match(serial.error, /^PluginError: .*fault_at.*met BOOM/);
    assert.equal(workers.error, serial.error);
    assert.equal(serial.got.length, 1234);
    assert.deepEqual(workers.got, serial.got);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

async function* hypotheses(path: string) {
  for await (const { text } of lines(readChunks(path))) yield tokenizeAscii(text);
}
