import assert from "node:assert/strict";
import { annotatorCount, errorGroups } from "../formats/error_groups.ts";
import { parseIxml } from "../formats/ixml.ts";
import { parseM2 } from "../formats/m2.ts";
import { InputError } from "../plugins/errors.ts";
import type { ErrorGroup } from "../plugins/types.ts";

/** An error group in a compact form: [id, sorted types, req, [annotator, [start, end, text]...]...]. */
function compact(e: ErrorGroup) {
  return [
    e.id,
    [...new Set((e.type ?? "").split("/"))].sort().join("/"),
    e.required,
    e.alternatives.map((
      a,
    ) => [a.annotator, a.corrections.map((c) => [c.start, c.end, c.tokens.join(" ")])]),
  ];
}

// Each block with the numann and errors that m2_to_ixml.py's clustering gives for it
// (observed by running the reference converter's own functions on these blocks).
const CASES: [string, string, number, unknown[]][] = [
  [
    "insertions at an edit's boundary stay apart; strictly inside, they join",
    `S a b c d e f
A 2 2|||Ins|||x|||REQUIRED|||-NONE-|||0
A 1 3|||Rep|||y|||REQUIRED|||-NONE-|||1
A 1 1|||Ins|||z|||REQUIRED|||-NONE-|||0
A 3 3|||Ins|||w|||REQUIRED|||-NONE-|||1`,
    2,
    [
      ["1", "Ins", false, [["0", [[1, 1, "z"]]]]],
      ["2", "Ins/Rep", true, [["0", [[2, 2, "x"]]], ["1", [[1, 3, "y"]]]]],
      ["3", "Ins", false, [["1", [[3, 3, "w"]]]]],
    ],
  ],
  [
    "a cluster grows through any of its members",
    `S a b c d e f
A 0 2|||T1|||x|||REQUIRED|||-NONE-|||0
A 3 5|||T2|||y|||REQUIRED|||-NONE-|||1
A 1 4|||T3|||z|||REQUIRED|||-NONE-|||2
A 4 5|||T4|||v|||REQUIRED|||-NONE-|||0`,
    3,
    [[
      "1",
      "T1/T2/T3/T4",
      true,
      [["0", [[0, 2, "x"], [4, 5, "v"]]], ["1", [[3, 5, "y"]]], ["2", [[1, 4, "z"]]]],
    ]],
  ],
  [
    "same-point insertions join; a noop annotator counts for req",
    `S a b c d e f
A 4 4|||Ins|||x|||REQUIRED|||-NONE-|||1
A 4 4|||Ins|||y|||REQUIRED|||-NONE-|||0
A 4 4|||Ins2|||q|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||2`,
    3,
    [["1", "Ins/Ins2", false, [["0", [[4, 4, "y"], [4, 4, "q"]]], ["1", [[4, 4, "x"]]]]]],
  ],
  [
    "first correction only, deletions, numeric annotator order",
    `S a b c d e f
A 0 1|||A|||x||xx|||REQUIRED|||-NONE-|||1
A 2 3|||B|||y|||REQUIRED|||-NONE-|||1
A 1 3|||C|||z|||REQUIRED|||-NONE-|||0
A 0 1|||D|||w|||REQUIRED|||-NONE-|||0
A 5 6|||E||||||REQUIRED|||-NONE-|||10`,
    3,
    [
      ["1", "A/D", false, [["0", [[0, 1, "w"]]], ["1", [[0, 1, "x"]]]]],
      ["2", "B/C", false, [["0", [[1, 3, "z"]]], ["1", [[2, 3, "y"]]]]],
      ["3", "E", false, [["10", [[5, 6, ""]]]]],
    ],
  ],
  [
    "an edit joins only the first cluster it overlaps",
    `S a b c d e f
A 0 2|||P|||x|||REQUIRED|||-NONE-|||0
A 2 4|||Q|||y|||REQUIRED|||-NONE-|||1
A 1 3|||R|||z|||REQUIRED|||-NONE-|||2`,
    3,
    [
      ["1", "P/R", false, [["0", [[0, 2, "x"]]], ["2", [[1, 3, "z"]]]]],
      ["2", "Q", false, [["1", [[2, 4, "y"]]]]],
    ],
  ],
  [
    "a sentence without annotation lines",
    "S a b c",
    0,
    [],
  ],
  [
    "an annotator absent from the sentence does not count",
    `S a b c
A 0 1|||X|||d|||REQUIRED|||-NONE-|||1`,
    1,
    [["1", "X", true, [["1", [[0, 1, "d"]]]]]],
  ],
];

Deno.test("errorGroups() clusters M2 edits as the I-measure converter does", async (t) => {
  for (const [name, block, numann, expected] of CASES) {
    await t.step(name, async () => {
      const gold = await parseM2([block + "\n"], "cases.m2");
      const [s] = gold.sentences;
      assert.equal(annotatorCount(s), numann);
      assert.deepEqual(errorGroups(s).map(compact), expected);
    });
  }
});

Deno.test("errorGroups() joins types in order of appearance and omits a missing type", () => {
  const s = {
    source: ["a", "b"],
    annotations: [
      { annotator: "0", edits: [{ start: 0, end: 2, corrections: [["x"]], type: "B" }] },
      { annotator: "1", edits: [{ start: 0, end: 1, corrections: [["y"]], type: "A" }] },
      { annotator: "2", edits: [{ start: 1, end: 2, corrections: [["z"]], type: "B" }] },
    ],
  };
  assert.equal(errorGroups(s)[0].type, "B/A");
  const untyped = {
    source: ["a"],
    annotations: [{ annotator: "x", edits: [{ start: 0, end: 1, corrections: [[]] }] }],
  };
  assert.deepEqual(errorGroups(untyped), [{
    id: "1",
    required: true,
    alternatives: [{ annotator: "x", corrections: [{ start: 0, end: 1, tokens: [] }] }],
  }]);
});

Deno.test("errorGroups() sorts non-numeric annotator ids as strings", () => {
  const edit = { start: 0, end: 1, corrections: [["x"]], type: "T" };
  const s = {
    source: ["a"],
    annotations: [{ annotator: "b", edits: [edit] }, { annotator: "a", edits: [edit] }, {
      annotator: "10",
      edits: [edit],
    }],
  };
  assert.deepEqual(errorGroups(s)[0].alternatives.map((a) => a.annotator), ["10", "a", "b"]);
});

Deno.test("errorGroups() derives once per sentence and returns XML errors as they are", async () => {
  const gold = await parseM2(["S a b\nA 0 1|||X|||c|||REQUIRED|||-NONE-|||0\n"], "x.m2");
  const s = gold.sentences[0];
  const first = errorGroups(s);
  assert.equal(errorGroups(s), first);
  assert.equal(errorGroups({ ...s }) === first, false);
  const xml = await parseIxml([
    '<scripts><script><sentence numann="1"><text>a b</text><error-list>' +
    '<error id="7" req="no"><alt ann="0"><c start="0" end="2"/></alt></error>' +
    "</error-list></sentence></script></scripts>",
  ], "x.xml");
  const x = xml.sentences[0];
  assert.equal(errorGroups(x), x.errors);
  assert.equal(annotatorCount(x), 1);
  assert.deepEqual(errorGroups(x).map(compact), [["7", "", false, [["0", [[0, 2, ""]]]]]]);
});

Deno.test("errorGroups() refuses a sentence with references only", () => {
  const s = { source: ["a"], references: [["b"]], line: 4 };
  assert.throws(
    () => errorGroups(s),
    (e) => e instanceof InputError && /^4: .*neither edits nor error groups/.test(e.message),
  );
  assert.throws(() => annotatorCount(s), InputError);
});
