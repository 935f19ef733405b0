/**
 * errant_parallel and errant_m2 at scale and without data loss (issues 36 and 37): output never
 * over an input, every M2 block kept, `-out -` on standard output, TSV input, the same M2 on
 * workers as in chunks, nothing left by an interrupted run.
 */

import assert from "node:assert/strict";
import { errantM2Command, errantParallelCommand } from "../annotator/commands.ts";
import { loadAnnotator } from "../annotator/annotate.ts";
import { m2ToM2 } from "../annotator/m2_to_m2.ts";
import { parallelToM2 } from "../annotator/parallel.ts";
import { annotateParallelStream, jobsFor, SMALL_INPUT_BYTES } from "../annotator/stream.ts";
import { generatePairs, m2Sources } from "../bench/generate_pairs.ts";

const ROOT = new URL("..", import.meta.url).pathname;

function capture() {
  const io = { out: "", err: "" };
  return {
    io,
    sink: { out: (t: string) => io.out += t, err: (t: string) => io.err += t },
  };
}

async function withDir(body: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_annot_" });
  try {
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function pairs(n: number, seed = 1): Promise<[string, string][]> {
  const bases = m2Sources(await Deno.readTextFile(`${ROOT}tests/testdata/errant/ref.m2`));
  return [...generatePairs(bases, n, seed)];
}

Deno.test("errant_parallel and errant_m2 refuse to write over their own input", async () => {
  await withDir(async (dir) => {
    const orig = "He go home .\nFine .\n";
    await Deno.writeTextFile(`${dir}/orig`, orig);
    await Deno.writeTextFile(`${dir}/cor`, "He goes home .\nFine .\n");
    await Deno.writeTextFile(`${dir}/p.tsv`, "He go home .\tHe goes home .\n");
    for (
      const [args, input] of [
        [["-orig", `${dir}/orig`, "-cor", `${dir}/cor`, "-out", `${dir}/orig`], "orig"],
        [["-orig", `${dir}/orig`, "-cor", `${dir}/cor`, "-out", `${dir}/cor`], "cor"],
        [["-tsv", `${dir}/p.tsv`, "-out", `${dir}/p.tsv`], "p.tsv"],
      ] as const
    ) {
      const before = await Deno.readTextFile(`${dir}/${input}`);
      const { io, sink } = capture();
      assert.equal(await errantParallelCommand([...args], sink), 1, args.join(" "));
      assert.match(
        io.err,
        /^[^\n]+: -out is the same file as -\w+ [^\n]+; refusing to overwrite an input\n$/,
      );
      assert.equal(await Deno.readTextFile(`${dir}/${input}`), before);
    }
    // A second name for the same file (a hard link) is the same file.
    const m2 = "S He go home .\nA 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0\n\n";
    await Deno.writeTextFile(`${dir}/g.m2`, m2);
    await Deno.link(`${dir}/g.m2`, `${dir}/link.m2`);
    for (const out of [`${dir}/g.m2`, `${dir}/link.m2`]) {
      const { io, sink } = capture();
      assert.equal(await errantM2Command(["-gold", `${dir}/g.m2`, "-out", out], sink), 1);
      assert.equal(
        io.err,
        `${out}: -out is the same file as the M2 file ${dir}/g.m2; refusing to overwrite an input\n`,
      );
      assert.equal(await Deno.readTextFile(`${dir}/g.m2`), m2);
    }
  });
});

Deno.test("errant_m2 keeps the last sentence of an M2 file without a blank line at its end", async () => {
  await withDir(async (dir) => {
    const one = "S He go home .\nA 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0";
    const two = `S Fine .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n${one}\n`;
    for (const [name, text, blocks] of [["one", one, 1], ["two", two, 2]] as const) {
      await Deno.writeTextFile(`${dir}/${name}.m2`, text);
      const { sink } = capture();
      const out = `${dir}/${name}.out.m2`;
      assert.equal(await errantM2Command(["-gold", `${dir}/${name}.m2`, "-out", out], sink), 0);
      const got = await Deno.readTextFile(out);
      assert.equal(got.split("\n").filter((l) => l.startsWith("S ")).length, blocks, name);
      assert.ok(got.endsWith("A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n"), got);
    }
  });
});

Deno.test("-out - writes the M2 to standard output, not to a file named -", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/p.tsv`, "He go home .\tHe goes home .\n");
    const { io, sink } = capture();
    assert.equal(await errantParallelCommand(["-tsv", `${dir}/p.tsv`, "-out", "-"], sink), 0);
    assert.equal(io.out, "S He go home .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n");
    await Deno.writeTextFile(
      `${dir}/g.m2`,
      "S He go home .\nA 1 2|||X|||goes|||REQUIRED|||-NONE-|||0\n\n",
    );
    const m2 = capture();
    assert.equal(await errantM2Command(["-gold", `${dir}/g.m2`, "-out", "-"], m2.sink), 0);
    assert.equal(m2.io.out, io.out);
    await assert.rejects(Deno.stat("-"), Deno.errors.NotFound);
  });
});

Deno.test("errant_parallel -tsv reads (source, correction...) lines and names a bad line", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/orig`, "He go home .\nFine .\n");
    await Deno.writeTextFile(`${dir}/c1`, "He goes home .\nFine .\n");
    await Deno.writeTextFile(`${dir}/c2`, "He went home .\nFine !\n");
    await Deno.writeTextFile(
      `${dir}/p.tsv`,
      "He go home .\tHe goes home .\tHe went home .\nFine .\tFine .\tFine !\n",
    );
    const { sink } = capture();
    const files = ["-orig", `${dir}/orig`, "-cor", `${dir}/c1`, `${dir}/c2`, "-out", `${dir}/a`];
    assert.equal(await errantParallelCommand(files, sink), 0);
    assert.equal(
      await errantParallelCommand(["-tsv", `${dir}/p.tsv`, "-out", `${dir}/b`], sink),
      0,
    );
    assert.equal(await Deno.readTextFile(`${dir}/b`), await Deno.readTextFile(`${dir}/a`));
    await Deno.writeTextFile(`${dir}/bad.tsv`, "a .\tb .\nc .\n");
    const bad = capture();
    assert.equal(
      await errantParallelCommand(["-tsv", `${dir}/bad.tsv`, "-out", `${dir}/c`], bad.sink),
      1,
    );
    assert.equal(
      bad.io.err,
      `${dir}/bad.tsv:2: expected 2 tab-separated columns as on line 1, found 1\n`,
    );
    await assert.rejects(Deno.stat(`${dir}/c`), Deno.errors.NotFound);
  });
});

Deno.test("errant_parallel on workers gives the M2 of the same pairs annotated in chunks", async () => {
  await withDir(async (dir) => {
    const all = await pairs(3000);
    const tsv = (ps: [string, string][]) => ps.map(([s, t]) => `${s}\t${t}\n`).join("");
    await Deno.writeTextFile(`${dir}/all.tsv`, tsv(all));
    const { io, sink } = capture();
    const whole = ["-tsv", `${dir}/all.tsv`, "-out", `${dir}/all.m2`, "--jobs", "2"];
    assert.equal(await errantParallelCommand(whole, sink), 0, io.err);
    let chunks = "";
    for (let k = 0; k < 3; k++) {
      await Deno.writeTextFile(`${dir}/${k}.tsv`, tsv(all.slice(k * 1000, (k + 1) * 1000)));
      const args = ["-tsv", `${dir}/${k}.tsv`, "-out", `${dir}/${k}.m2`, "--jobs", "1"];
      assert.equal(await errantParallelCommand(args, sink), 0);
      chunks += await Deno.readTextFile(`${dir}/${k}.m2`);
    }
    const m2 = await Deno.readTextFile(`${dir}/all.m2`);
    assert.equal(m2.split("\n").filter((l) => l.startsWith("S ")).length, 3000);
    assert.equal(m2, chunks);
    // errant_m2 on workers: the same text as in this thread.
    const auto = ["-auto", `${dir}/all.m2`, "-out", `${dir}/auto.m2`, "--jobs", "2"];
    assert.equal(await errantM2Command(auto, sink), 0);
    assert.equal(
      await Deno.readTextFile(`${dir}/auto.m2`),
      m2ToM2(m2, await loadAnnotator(), { mode: "auto" }),
    );
  });
});

Deno.test("errant_parallel --jobs must be a positive whole number", async () => {
  const { io, sink } = capture();
  assert.equal(await errantParallelCommand(["-tsv", "x", "-out", "y", "--jobs", "0"], sink), 2);
  assert.match(io.err, /^--jobs must be a whole number of at least 1, not "0"\n/);
});

Deno.test({
  name: "an interrupted errant_parallel leaves no output and no temporary file",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    await withDir(async (dir) => {
      const all = await pairs(20000, 5);
      await Deno.writeTextFile(`${dir}/in.tsv`, all.map(([s, t]) => `${s}\t${t}\n`).join(""));
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          `${ROOT}cli.ts`,
          "errant_parallel",
          "-tsv",
          `${dir}/in.tsv`,
          "-out",
          `${dir}/out.m2`,
          "--jobs",
          "1",
        ],
        stdout: "null",
        stderr: "null",
      }).spawn();
      // Wait until the output is being written, then interrupt.
      for (let i = 0; i < 600; i++) {
        if ([...Deno.readDirSync(dir)].some((e) => e.name.endsWith(".tmp"))) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      child.kill("SIGINT");
      const status = await child.status;
      assert.equal(status.code, 130);
      assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["in.tsv"]);
    });
  },
});

/** The M2 of a stream, as text, or its error's message. */
async function streamed(
  input: { tsv: string } | { orig: string; cors: string[] },
  jobs: number,
  chunkSize: number,
): Promise<string> {
  const decoder = new TextDecoder();
  let m2 = "";
  try {
    for await (const piece of annotateParallelStream(input, {}, { jobs, chunkSize })) {
      m2 += decoder.decode(piece, { stream: true });
    }
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
  return m2;
}

Deno.test("errant_parallel cuts its input as bytes and reads it as lines() does, in any chunks", async () => {
  await withDir(async (dir) => {
    const a = await loadAnnotator();
    // A BOM, CRLF line ends, an empty line, a last line without a newline.
    const orig = ["\uFEFFHe go home .", "Fine .", "", "She like it .", "Thé cat sat ."];
    const cor = ["He goes home .", "Fine !", "", "She likes it .", "The cat sat ."];
    await Deno.writeTextFile(`${dir}/o`, orig.join("\r\n"));
    await Deno.writeTextFile(`${dir}/c`, cor.join("\n") + "\n");
    await Deno.writeTextFile(
      `${dir}/p.tsv`,
      orig.map((o, i) => `${o}\t${cor[i]}`).join("\n") + "\n",
    );
    const expected = parallelToM2(["He go home .", ...orig.slice(1)], [cor], a);
    for (const [jobs, size] of [[1, 500], [1, 2], [2, 1], [2, 2], [2, 3]]) {
      const input = { orig: `${dir}/o`, cors: [`${dir}/c`] };
      assert.equal(await streamed(input, jobs, size), expected, `files, ${jobs} jobs, ${size}`);
      assert.equal(await streamed({ tsv: `${dir}/p.tsv` }, jobs, size), expected);
    }
  });
});

Deno.test("errant_parallel names the first faulty line of its input, whatever the chunks", async () => {
  await withDir(async (dir) => {
    const lines = Array.from({ length: 9 }, (_, i) => `Line ${i} is here .`);
    const write = (name: string, text: string | Uint8Array) =>
      typeof text === "string"
        ? Deno.writeTextFileSync(`${dir}/${name}`, text)
        : Deno.writeFileSync(`${dir}/${name}`, text);
    write("good", lines.join("\n") + "\n");
    write("bom", [...lines.slice(0, 6), "\uFEFF" + lines[6], ...lines.slice(7)].join("\n"));
    write("cr", [...lines.slice(0, 4), "a\rb", ...lines.slice(5)].join("\n"));
    write("short", lines.slice(0, 7).join("\n") + "\n");
    write("long", [...lines, "one more ."].join("\n") + "\n");
    const bytes = new TextEncoder().encode(lines.join("\n") + "\n");
    const bad = new Uint8Array([...bytes.slice(0, bytes.indexOf(10, 60) + 1), 0xff, 10]);
    write("latin1", bad);
    write("nul", new Uint8Array([...bytes.slice(0, 40), 0, 10]));
    const files = (o: string, c: string) => ({ orig: `${dir}/${o}`, cors: [`${dir}/${c}`] });
    const badLine = new TextDecoder().decode(bad).split("\n").length - 1;
    const nulLine = bytes.slice(0, 40).filter((b) => b === 10).length + 1;
    const cases: [{ orig: string; cors: string[] }, string][] = [
      [files("good", "bom"), `${dir}/bom:7: found a U+FEFF byte order mark in mid-file`],
      [files("cr", "good"), `${dir}/cr:5: found a carriage return`],
      [files("good", "short"), `${dir}/short: has 7 lines, but ${dir}/good has 9`],
      [files("good", "long"), `${dir}/long: has 10 lines, but ${dir}/good has 9`],
      [files("short", "good"), `${dir}/good: has 9 lines, but ${dir}/short has 7`],
      // A fault before the line where a file ends comes first.
      [files("cr", "short"), `${dir}/cr:5: found a carriage return`],
      [files("latin1", "good"), `${dir}/latin1:${badLine}: line is not valid UTF-8`],
      [files("nul", "good"), `${dir}/nul:${nulLine}: line has a NUL byte`],
    ];
    for (const [input, message] of cases) {
      for (const [jobs, size] of [[1, 500], [1, 2], [2, 2], [2, 3]]) {
        const got = await streamed(input, jobs, size);
        assert.ok(got.startsWith(`error: ${message}`), `${message} (${jobs}, ${size}): ${got}`);
      }
    }
  });
});

Deno.test("errant_parallel keeps small regular files in this thread unless --jobs says otherwise", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/small`, "a .\n".repeat(10));
    await Deno.writeTextFile(`${dir}/large`, "a .\n".repeat(SMALL_INPUT_BYTES / 4));
    assert.equal(await jobsFor(undefined, [`${dir}/small`, `${dir}/small`]), 1);
    assert.equal(await jobsFor(2, [`${dir}/small`]), 2);
    assert.equal(await jobsFor(undefined, [`${dir}/large`]), undefined);
    assert.equal(await jobsFor(undefined, [`${dir}/small`, `${dir}/missing`]), undefined);
    if (Deno.build.os !== "windows") {
      // A pipe says nothing of its length.
      const fifo = new Deno.Command("mkfifo", { args: [`${dir}/fifo`] }).outputSync();
      if (fifo.success) assert.equal(await jobsFor(undefined, [`${dir}/fifo`]), undefined);
    }
  });
});
