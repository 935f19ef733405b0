/** Readers keep memory bounded whatever the file: devices, random bytes, gzip bombs. */
import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { readChunks } from "../formats/text.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";

async function run(...args: string[]) {
  let stdout = "", stderr = "";
  const code = await main(args, { out: (t) => stdout += t, err: (t) => stderr += t });
  return { code, stdout, stderr };
}

async function readAll(path: string): Promise<string> {
  let text = "";
  for await (const chunk of readChunks(path)) text += chunk;
  return text;
}

Deno.test("readChunks() names the first line that is not UTF-8 in any chunk, across boundaries", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_utf8_" });
  try {
    // 60,000 lines of 20 bytes (1.2 MB: two chunks), an "é" split by the 1 MiB boundary.
    const line = "abcdefghijklmnopqrs\n";
    const lines = Array.from({ length: 60_000 }, () => line);
    const good = new TextEncoder().encode(lines.join(""));
    const cut = 1 << 20;
    const split = new Uint8Array([...good.subarray(0, cut - 1), 0xc3, 0xa9, ...good.subarray(cut)]);
    await Deno.writeFile(`${dir}/split`, split);
    assert.ok((await readAll(`${dir}/split`)).includes("é"));
    // A stray 0xff on line 55,000 (in the second chunk).
    const bad = good.slice();
    bad[54_999 * 20 + 3] = 0xff;
    await Deno.writeFile(`${dir}/bad`, bad);
    await assert.rejects(readAll(`${dir}/bad`), /bad:55000: line is not valid UTF-8/);
    // A character cut off by the end of the file: its last line.
    await Deno.writeFile(`${dir}/cut`, new Uint8Array([...good.subarray(0, 40), 0xe2, 0x82]));
    await assert.rejects(readAll(`${dir}/cut`), /cut:3: line is not valid UTF-8/);
    // UTF-16 is named as such.
    await Deno.writeFile(`${dir}/utf16`, new Uint8Array([0xff, 0xfe, 0x41, 0, 0x0a, 0]));
    await assert.rejects(
      readAll(`${dir}/utf16`),
      /utf16:1: file looks like UTF-16LE text, not UTF-8/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name: "gecscore score with /dev/urandom as a system stops at its first bad line",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const result = await run("score", "--gold", GOLD, "/dev/urandom");
    assert.equal(result.code, 1, result.stderr);
    assert.equal(result.stdout, "");
    assert.match(result.stderr, /^gecscore: \/dev\/urandom(:\d+)?: [^\n]+\n$/);
  },
});

Deno.test({
  name: "gecscore meta bounds its human and score readers (/dev/zero, a gzip bomb)",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "gecscore_bomb_" });
    try {
      const human = `${dir}/human.txt`;
      await Deno.writeTextFile(human, "human\tsrc-trg\tt\tA\t0.6\nhuman\tsrc-trg\tt\tB\t0.5\n");
      for (
        const args of [
          ["--human", "/dev/zero", "--scores", human],
          ["--human", human, "--scores", "/dev/zero"],
        ]
      ) {
        const { code, stderr } = await run("meta", ...args);
        assert.equal(code, 1, stderr);
        assert.match(stderr, /^gecscore: \/dev\/zero: holds more than 67108864 bytes, [^\n]+\n$/);
      }
      // 100 MiB of zeros in a gzip of about 100 KB.
      const zeros = new Uint8Array(1 << 20);
      let n = 0;
      const packed = new ReadableStream<Uint8Array<ArrayBuffer>>({
        pull(c) {
          if (n++ < 100) c.enqueue(zeros);
          else c.close();
        },
      }).pipeThrough(new CompressionStream("gzip"));
      await Deno.writeFile(`${dir}/bomb.txt.gz`, packed);
      assert.ok((await Deno.stat(`${dir}/bomb.txt.gz`)).size < 1 << 20);
      const { code, stderr } = await run(
        "meta",
        "--human",
        `${dir}/bomb.txt.gz`,
        "--scores",
        human,
      );
      assert.equal(code, 1, stderr);
      assert.match(stderr, /bomb\.txt\.gz: unpacks to more than 67108864 bytes, [^\n]+\n$/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
