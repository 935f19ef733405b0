/**
 * Files that are not UTF-8 text are refused at every door, with the file, the line and what the
 * file looks like: UTF-16 and UTF-32 (with or without a byte-order mark; ASCII text in them is
 * valid UTF-8 with a NUL after each character, which was once scored) and NUL bytes.
 */

import assert from "node:assert/strict";
import { readSentences } from "../formats/text.ts";

const SYSTEM = "tests/testdata/m2scorer_example_system";
const GOLD = "tests/testdata/m2scorer_example.m2";

/** The text encoded as `encoding`, with a byte-order mark or without. */
function encode(text: string, encoding: string, bom: boolean): Uint8Array {
  const units = [...(bom ? "\ufeff" : "") + text].map((c) => c.codePointAt(0)!);
  const width = encoding.startsWith("UTF-32") ? 4 : 2;
  const out = new Uint8Array(units.length * width);
  const view = new DataView(out.buffer);
  units.forEach((u, i) => {
    const le = encoding.endsWith("LE");
    if (width === 4) view.setUint32(i * 4, u, le);
    else view.setUint16(i * 2, u, le);
  });
  return out;
}

async function run(args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--no-prompt", "cli.ts", ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

Deno.test("UTF-16 and UTF-32 files are refused with what they look like, at every door", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const text = await Deno.readTextFile(SYSTEM);
    for (const encoding of ["UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"]) {
      for (const bom of [false, true]) {
        const path = `${dir}/${encoding}${bom ? "-bom" : ""}`;
        await Deno.writeFile(path, encode(text, encoding, bom));
        const expect = new RegExp(
          `^[a-z_0-9]+: ${path}:1: file looks like ${encoding} text, not UTF-8 \\(convert it, e\\.g\\. iconv -f ${encoding} -t UTF-8\\)\\n$`,
        );
        for (
          const args of [
            ["score", "--gold", GOLD, "-m", "m2", path],
            ["m2scorer", path, GOLD],
            ["errant_compare", "-hyp", path, "-ref", GOLD],
          ]
        ) {
          const { code, stdout, stderr } = await run(args);
          assert.equal(code, 1, `${args.join(" ")}: ${stderr}`);
          assert.equal(stdout, "", args.join(" "));
          assert.match(stderr, expect, args.join(" "));
        }
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a NUL byte inside a text file is an error at its line", async () => {
  const path = await Deno.makeTempFile();
  try {
    await Deno.writeTextFile(path, "A cat sat on the mat .\nThe\0 dog .\nx\n");
    await assert.rejects(
      () => readSentences(path),
      (e: Error) =>
        e.message === `${path}:2: line has a NUL byte: the file looks binary, not UTF-8 text`,
    );
    const { code, stderr } = await run(["score", "--gold", GOLD, "-m", "m2", path]);
    assert.equal(code, 1);
    assert.match(stderr, /:2: line has a NUL byte/);
  } finally {
    await Deno.remove(path);
  }
});
