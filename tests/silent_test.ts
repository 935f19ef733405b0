/**
 * Inputs that used to change a result, or fail, without saying why: a byte order mark in
 * mid-file, CR-only line ends, extra "|" in M2 fields, hexadecimal numbers, prototype names
 * as help topics, backslashes in file names, /dev/stdout as an output, metric failures in a
 * piped REPL session.
 */

import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { m2scorerCommand } from "./m2scorer_run.ts";
import { readGold } from "../builtin.ts";
import { parseM2, writeM2 } from "../formats/m2.ts";
import { parseIxml } from "../formats/ixml.ts";
import { baseName, lines, readHypotheses } from "../formats/text.ts";
import { readTextFile } from "../meta/read_text.ts";
import { coerceOption } from "../plugins/options.ts";
import { m2Metric } from "../metrics/m2/mod.ts";
import { Session } from "../repl/session.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";

async function run(...args: string[]) {
  let out = "", err = "";
  const code = await main(args, { out: (t) => out += t, err: (t) => err += t });
  return { code, out, err };
}

async function tempDir(): Promise<string> {
  return await Deno.makeTempDir({ prefix: "gecscore_silent_" });
}

Deno.test("readers refuse a byte order mark in mid-file (files joined with cat), naming the line", async () => {
  const dir = await tempDir();
  try {
    const system = await Deno.readTextFile(SYSTEM);
    const gold = await Deno.readTextFile(GOLD);
    // `cat a b` of two files that each start with a BOM.
    const joined = `${dir}/joined`;
    await Deno.writeTextFile(joined, "\uFEFF" + system + "\uFEFF" + system);
    await assert.rejects(
      readHypotheses(joined, 6),
      /joined:4: found a U\+FEFF byte order mark in mid-file \(files joined with cat\?\)/,
    );
    const m2 = `${dir}/gold.m2`;
    await Deno.writeTextFile(m2, "\uFEFF" + gold + "S a \uFEFFb .\n");
    await assert.rejects(readGold(m2), /gold\.m2:15: found a U\+FEFF byte order mark/);
    await assert.rejects(
      parseIxml(['<scripts>\n<script id="1">\uFEFF'], "x.xml"),
      /^InputError: x\.xml:2:16: found a U\+FEFF byte order mark in mid-file/,
    );
    const scores = `${dir}/scores.txt`;
    await Deno.writeTextFile(scores, "m2\tx\tt\tA\t0.5\n\uFEFFm2\tx\tt\tB\t0.4\n");
    await assert.rejects(readTextFile(scores), /scores\.txt:2: found a U\+FEFF byte order mark/);
    // Through the command line: a one-line error, exit 1, nothing scored.
    await Deno.writeTextFile(`${dir}/gold2.m2`, "\uFEFF" + gold + "\uFEFF" + gold);
    const r = await run("score", "--gold", `${dir}/gold2.m2`, joined);
    assert.equal(r.code, 1);
    assert.match(r.err, /^gecscore: .*gold2\.m2:15: found a U\+FEFF byte order mark.*\n$/);
    assert.equal(r.out, "");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("readers refuse CR-only line ends, saying the file uses them", async () => {
  const dir = await tempDir();
  try {
    const system = (await Deno.readTextFile(SYSTEM)).replaceAll("\n", "\r");
    await Deno.writeTextFile(`${dir}/sys`, system);
    await assert.rejects(
      readHypotheses(`${dir}/sys`, 3),
      /sys:1: found a carriage return \(\\r\) not followed by a newline: the file seems to use CR-only line ends/,
    );
    const gold = (await Deno.readTextFile(GOLD)).replaceAll("\n", "\r");
    await Deno.writeTextFile(`${dir}/gold.m2`, gold);
    const r = await run("score", "--gold", `${dir}/gold.m2`, SYSTEM);
    assert.equal(r.code, 1);
    assert.match(r.err, /gold\.m2:1: found a carriage return.*CR-only line ends/);
    await Deno.writeTextFile(`${dir}/scores.txt`, "m2 x t A 0.5\rm2 x t B 0.4\r");
    await assert.rejects(readTextFile(`${dir}/scores.txt`), /scores\.txt:1: .*CR-only line ends/);
    // Longer than the line limit, a CR-only file is still said to be one.
    await assert.rejects(
      async () => {
        for await (
          const _ of lines(["ab\r".repeat(20), "cd\r".repeat(20)], {
            maxLineLength: 50,
            file: "l.txt",
          })
        );
      },
      /^InputError: l\.txt:1: found a carriage return.*CR-only line ends/,
    );
    // CRLF stays fine, and XML reads a lone CR as a line end, as XML says.
    await Deno.writeTextFile(`${dir}/crlf`, system.replaceAll("\r", "\r\n"));
    assert.equal((await readHypotheses(`${dir}/crlf`, 3)).sentences[1].join(" "), "The dog .");
    const xml = await Deno.readTextFile("tests/testdata/imeasure_example.xml");
    const fromCr = await parseIxml([xml.replaceAll("\n", "\r")], "cr.xml");
    assert.deepEqual(fromCr, { ...await parseIxml([xml], "cr.xml") });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("parseM2() refuses a | next to a ||| separator instead of dropping REQUIRED", async () => {
  const parse = (a: string) => parseM2([`S a b c\n${a}\n`], "x.m2");
  // Six "|" in a row: an empty correction field (a deletion), as in the CoNLL-2014 gold.
  const [s] = (await parse("A 1 2|||Det||||||REQUIRED|||-NONE-|||0")).sentences;
  assert.deepEqual(s.annotations![0].edits[0].corrections, [[]]);
  assert.equal(s.annotations![0].edits[0].required, true);
  for (
    const line of [
      "A 1 2|||Det|||the||||REQUIRED|||-NONE-|||0",
      "A 1 2|||Det|||the|||||REQUIRED|||-NONE-|||0",
      "A 1 2||||Det|||the|||REQUIRED|||-NONE-|||0",
      "A 1 2|||Det|||the|||REQUIRED||||-NONE-|||0",
      "A 1 2|||Det|||the|||REQUIRED|||-NONE-||||0",
    ]
  ) {
    await assert.rejects(
      parse(line),
      /^InputError: x\.m2:2: expected "A start end\|\|\|.*found "\|" next to a "\|\|\|" separator/,
      line,
    );
  }
  await assert.rejects(
    parse("A 1 2|||Det|||the|||||||REQUIRED|||-NONE-|||0"),
    /^InputError: x\.m2:2: expected "A start end.*found 7 fields/,
  );
  // A "|" that starts the correction field is read as m2scorer reads it: part of it.
  const [t] = (await parse("A 1 2|||Det||||the|||REQUIRED|||-NONE-|||0")).sentences;
  assert.deepEqual(t.annotations![0].edits[0].corrections, [["|the"]]);
});

Deno.test("coerceOption() and the m2scorer drop-in take only decimal numbers, as Python does", async () => {
  assert.equal(coerceOption(m2Metric, "beta", "1e1"), 10);
  assert.equal(coerceOption(m2Metric, "beta", " .5 "), 0.5);
  assert.equal(coerceOption(m2Metric, "beta", 2), 2);
  for (const raw of ["0x10", "0b1", "0o7", "0X1f"]) {
    assert.throws(
      () => coerceOption(m2Metric, "beta", raw),
      new RegExp(`^UsageError: m2\\.beta must be a decimal number, got "${raw}"$`),
    );
    assert.throws(
      () => coerceOption(m2Metric, "max_unchanged_words", raw),
      new RegExp(`^UsageError: m2\\.max_unchanged_words must be a decimal number, got "${raw}"$`),
    );
  }
  for (const raw of ["Infinity", "1_0", "", "1e1e1", "."]) {
    assert.throws(
      () => coerceOption(m2Metric, "beta", raw),
      new RegExp(`^UsageError: m2\\.beta must be a number, got "${raw}"$`),
    );
  }
  assert.equal(coerceOption(m2Metric, "max_unchanged_words", "3"), 3);
  let err = "";
  const io = { out: () => {}, err: (t: string) => err += t };
  assert.equal(await m2scorerCommand(["--beta", "0x10", SYSTEM, GOLD], io), 2);
  assert.match(err, /m2\.beta must be a decimal number, got "0x10"/);
  const r = await run("score", "--gold", GOLD, SYSTEM, "--opt", "m2.beta=0x10");
  assert.equal(r.code, 2);
  assert.equal(r.err, 'gecscore: m2.beta must be a decimal number, got "0x10"\n');
});

Deno.test("gecscore help refuses topics that are not commands, prototype names included", async () => {
  for (const topic of ["toString", "constructor", "__proto__", "hasOwnProperty", "nonsense"]) {
    const r = await run("help", topic);
    assert.equal(r.code, 2, topic);
    assert.equal(r.out, "");
    assert.match(r.err, new RegExp(`^gecscore: Unknown command "${topic}"; commands: score, `));
  }
  const r = await run("help", "score");
  assert.equal(r.code, 0);
  assert.match(r.out, /^Usage:/);
});

Deno.test("baseName() splits on / only (off Windows), so a \\ in a file name keeps two systems apart", async () => {
  assert.equal(baseName("a\\b", "linux"), "a\\b");
  assert.equal(baseName("x/a\\b", "darwin"), "a\\b");
  assert.equal(baseName("x\\a\\b", "windows"), "b");
  if (Deno.build.os === "windows") return;
  const dir = await tempDir();
  try {
    const system = await Deno.readTextFile(SYSTEM);
    await Deno.writeTextFile(`${dir}/a\\b`, system);
    await Deno.writeTextFile(`${dir}/b`, system.replace("The dog", "The dogs"));
    const r = await run("score", "--gold", GOLD, `${dir}/a\\b`, `${dir}/b`, "--format", "json");
    assert.equal(r.code, 0, r.err);
    const names = JSON.parse(r.out).systems.map((s: { name: string }) => s.name);
    assert.deepEqual(names, ["a\\b", "b"]);
    // Two files with one base name are still an error, never a silent clash.
    await Deno.mkdir(`${dir}/other`);
    await Deno.writeTextFile(`${dir}/other/b`, system);
    const clash = await run("score", "--gold", GOLD, `${dir}/b`, `${dir}/other/b`);
    assert.equal(clash.code, 2);
    assert.match(clash.err, /Two systems are named b: give files distinct base names/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

async function deno(args: string[], stdin = "") {
  const child = new Deno.Command(Deno.execPath(), {
    args,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(stdin));
  await writer.close();
  const output = await child.output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

Deno.test("gecscore convert writes to /dev/stdout (and -) under --allow-write", async () => {
  const expected = writeM2(await readGold(GOLD));
  for (const out of ["/dev/stdout", "-"]) {
    const r = await deno([
      "run",
      "--allow-read",
      "--allow-write=/dev/stdout",
      "cli.ts",
      "convert",
      GOLD,
      out,
      "--to",
      "m2",
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, expected);
    assert.equal(r.stderr, `Converted 3 sentences: ${GOLD} (m2) -> ${out} (m2)\n`);
  }
});

Deno.test("repl.ts: a metric that fails part-way is an error on stderr, and a piped session exits 1", async () => {
  const r = await deno(
    [
      "run",
      "--allow-read",
      "repl.ts",
      "--plugin",
      "tests/testdata/plugins/throws_on_a.ts",
      "--gold",
      GOLD,
      SYSTEM,
    ],
    "score throws_on_a\ngoto 2\nscore throws_on_a\n",
  );
  assert.equal(r.code, 1);
  assert.equal(
    r.stderr,
    'error: line 1: Plugin throws-on-a 0.1.0, metric "throws_on_a", system ' +
      `m2scorer_example_system, sentence 1 (${GOLD}:1): stats() threw Error: cannot score A\n`,
  );
  assert.match(r.stdout, /^m2scorer_example_system +error$/m);
  assert.match(r.stdout, /^m2scorer_example_system +3$/m);
  assert.doesNotMatch(r.stdout, /cannot score/);
});

Deno.test("Session goto and next take decimal numbers only", async () => {
  const session = new Session();
  await session.execute(`load gold ${GOLD}`);
  await assert.rejects(session.execute("goto 0x2"), /Sentence must be a whole number from 1 to 3/);
  await assert.rejects(session.execute("next 0b1"), /Step must be a whole number >= 1, got "0b1"/);
  await assert.rejects(session.execute("help toString"), /Unknown command "toString"/);
  assert.match(await session.execute("goto 2"), /^Sentence 2 of 3/);
});

Deno.test("imeasure on a sentence whose required errors overlap is a one-line error, not an internal error", async () => {
  const dir = await tempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/gold.xml`,
      `<scripts><script id="1">
<sentence id="1" numann="1"><text>a cat sat in mat .</text><error-list>
<error id="1" req="yes"><alt ann="0"><c start="3" end="4">at</c></alt></error>
<error id="2" req="yes"><alt ann="0"><c start="3" end="4">into</c></alt></error>
</error-list></sentence></script></scripts>
`,
    );
    await Deno.writeTextFile(`${dir}/sys`, "a cat sat on mat .\n");
    const r = await run("score", "--gold", `${dir}/gold.xml`, `${dir}/sys`, "-m", "imeasure");
    assert.equal(r.code, 1);
    assert.equal(
      r.err,
      `gecscore: gold sentence "a cat sat in mat ." (line 2) has no valid reference: every combination of its errors' alternatives corrects one span twice (overlapping required errors?)\n`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
