import assert from "node:assert/strict";
import { readGold } from "../mod.ts";
import { parseM2, writeM2 } from "../formats/m2.ts";
import { xorshift } from "./random.ts";

const EXAMPLE = [
  "S The cat sat at mat .",
  "A 3 4|||Prep|||on|||REQUIRED|||-NONE-|||0",
  "A 4 4|||ArtOrDet|||the||a|||REQUIRED|||-NONE-|||0",
  "",
  "S The dog .",
  "A 1 2|||NN|||dogs|||REQUIRED|||-NONE-|||0",
  "A -1 -1|||noop|||-NONE-|||-NONE-|||-NONE-|||1",
  "",
  "S Giant otters is an apex predator .",
  "A 3 4|||ArtOrDet|||-NONE-|||REQUIRED|||-NONE-|||0",
  "A 1 2|||NN|||otter|||REQUIRED|||a comment|||1",
  "",
].join("\n");

Deno.test("parseM2() reads annotators, alternatives, deletions, insertions and noop", async () => {
  const gold = await parseM2([EXAMPLE], "example.m2");
  assert.equal(gold.format, "m2");
  assert.equal(gold.sentences.length, 3);
  const [first, second, third] = gold.sentences;
  assert.deepEqual(first.source, ["The", "cat", "sat", "at", "mat", "."]);
  assert.equal(first.line, 1);
  assert.deepEqual(first.annotations, [{
    annotator: "0",
    edits: [
      { start: 3, end: 4, corrections: [["on"]], type: "Prep", required: true },
      { start: 4, end: 4, corrections: [["the"], ["a"]], type: "ArtOrDet", required: true },
    ],
  }]);
  assert.deepEqual(second.annotations?.map((a) => [a.annotator, a.edits.length, !!a.noop]), [
    ["0", 1, false],
    ["1", 0, true],
  ]);
  assert.deepEqual(third.annotations?.[0].edits[0].corrections, [[]]);
  assert.equal(third.annotations?.[1].edits[0].comment, "a comment");
  assert.deepEqual(first.allAnnotators, ["0", "1"]);
});

Deno.test("parseM2() gives a sentence without A lines one empty annotation", async () => {
  const gold = await parseM2(["S Nothing to fix .\n\nS Two .\n"], "x.m2");
  assert.deepEqual(gold.sentences.map((s) => s.annotations), [
    [{ annotator: "0", edits: [] }],
    [{ annotator: "0", edits: [] }],
  ]);
});

Deno.test("parseM2() handles CRLF, a BOM, trailing whitespace, extra blank lines and any chunking", async () => {
  const messy = "\uFEFF" + EXAMPLE.split("\n").map((l) => l + "  ").join("\r\n") + "\r\n\r\n\r\n";
  const clean = await parseM2([EXAMPLE], "a.m2");
  const chunked = [...messy].map((c) => c); // one character per chunk
  const got = await parseM2(chunked, "a.m2");
  assert.deepEqual(
    got.sentences.map((s) => [s.source, s.annotations]),
    clean.sentences.map((s) => [s.source, s.annotations]),
  );
});

Deno.test("parseM2() starts a new sentence at an S line even without a blank line", async () => {
  const gold = await parseM2(["S a b\nA 0 1|||X|||c|||REQUIRED|||-NONE-|||0\nS d e\n"], "x.m2");
  assert.equal(gold.sentences.length, 2);
  assert.equal(gold.sentences[1].annotations?.[0].edits.length, 0);
});

Deno.test("parseM2() refuses malformed lines with FILE:LINE and what was expected", async (t) => {
  const cases: [string, string, RegExp][] = [
    ["truncated A line", "S a b c\nA 0 1|||X|||y\n", /^bad\.m2:2: expected "A start end\|\|\|type/],
    [
      "non-numeric offsets",
      "S a b c\nA 0 x|||X|||y|||REQUIRED|||-NONE-|||0\n",
      /^bad\.m2:2: expected two integer token offsets "start end", found "0 x"/,
    ],
    [
      "end before start",
      "S a b c\n\nS d e\nA 2 1|||X|||y|||REQUIRED|||-NONE-|||0\n",
      /^bad\.m2:4: expected start <= end, found 2 1/,
    ],
    [
      "offsets beyond the sentence",
      "S a b c\nA 2 4|||X|||y|||REQUIRED|||-NONE-|||0\n",
      /^bad\.m2:2: expected offsets within the sentence's 3 tokens, found 2 4/,
    ],
    [
      "negative offsets",
      "S a b c\nA -2 1|||X|||y|||REQUIRED|||-NONE-|||0\n",
      /^bad\.m2:2: expected offsets >= 0/,
    ],
    [
      "unknown line prefix",
      "S a b c\nX what\n",
      /^bad\.m2:2: expected a line starting with "S " or "A ", found "X what"/,
    ],
    [
      "A line before any S",
      "A 0 1|||X|||y|||REQUIRED|||-NONE-|||0\n",
      /^bad\.m2:1: expected an "S" line before the first "A" line/,
    ],
    [
      "empty annotator",
      "S a\nA 0 1|||X|||y|||REQUIRED|||-NONE-|||\n",
      /^bad\.m2:2: .*empty annotator id/,
    ],
    ["no sentences", "\n\n", /^bad\.m2: expected at least one "S" line, found none/],
  ];
  for (const [name, text, expected] of cases) {
    await t.step(name, async () => {
      const error = await parseM2([text], "bad.m2").then(() => undefined, (e) => e);
      assert.ok(error, "no error");
      assert.equal(error.name, "InputError");
      assert.match(error.message, expected);
      assert.ok(!error.message.includes("\n"), "one line");
    });
  }
});

Deno.test("writeM2() round-trips the m2scorer example", async () => {
  const gold = await readGold("tests/testdata/m2scorer_example.m2");
  const again = await parseM2([writeM2(gold)], "again.m2");
  assert.deepEqual(
    again.sentences.map((s) => [s.source, s.annotations]),
    gold.sentences.map((s) => [s.source, s.annotations]),
  );
});

Deno.test("m2Sentences() reads A lines quickly as its full parser does, errors included", async () => {
  const rand = xorshift(2025);
  const pick = <T>(list: readonly T[]) => list[rand(list.length)];
  // Pieces of A lines: mostly well-formed, now and then not.
  const either = (good: readonly string[], bad: readonly string[]) =>
    rand(4) === 0 ? pick(bad) : pick(good);
  const offset = () => either(["0", "1", "2", "3", "4", "007", "-0"], ["+1", "x", "", "5", "-2"]);
  const space = () => either([" "], ["  ", "\t", ""]);
  const sep = () => either(["|||"], ["||||", "||", "|||||"]);
  const field = () => either(["ArtOrDet", " Prep ", "", "a b", "-NONE-"], ["|x", "||a"]);
  const correction = () => either(["the", "the||a", "", "-NONE-", " a  b "], ["||a", "|"]);
  const required = () => either(["REQUIRED", "-NONE-", " REQUIRED "], ["|REQUIRED"]);
  const annotator = () => either(["0", "1", " 1 "], ["", "a b"]);
  const all = await import("../formats/m2.ts");
  for (let t = 0; t < 3000; t++) {
    const lines = ["S a b c d"];
    for (let k = rand(3); k >= 0; k--) {
      const span = (rand(8) === 0 ? " " : "") + offset() + space() + offset() +
        (rand(8) === 0 ? " 1" : "");
      const type = rand(6) === 0 ? "noop" : field();
      const parts = [span, type, correction(), required(), field(), annotator()];
      let line = "A " + parts[0];
      for (let f = 1; f < parts.length; f++) line += sep() + parts[f];
      if (rand(20) === 0) line += "|||extra";
      lines.push(line);
    }
    const text = lines.join("\n") + "\n";
    const read = async (quick: boolean) => {
      try {
        const out = [];
        for await (const s of all.m2Sentences([text], "x.m2", undefined, undefined, { quick })) {
          out.push(s);
        }
        return out;
      } catch (error) {
        return String(error);
      }
    };
    assert.deepEqual(await read(true), await read(false), text);
  }
});
