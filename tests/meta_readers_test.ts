/**
 * Readers of the meta-evaluation inputs: WMT score files, pairwise-judgment CSVs, the
 * Appraise XML, and Expected Wins computed from judgments (hand-computed expectations).
 */
import assert from "node:assert/strict";
import { parseWmtScores } from "../meta/wmt_scores.ts";
import { parsePairwiseJudgments } from "../meta/judgments.ts";
import { appraisePairs, parseAppraise } from "../meta/appraise.ts";
import { expectedWins } from "../meta/expected_wins.ts";
import { readTextFile } from "../meta/read_text.ts";

const HEADER =
  "srclang,trglang,srcIndex,segmentId,judgeID,system1Id,system1rank,system2Id,system2rank,rankingID";

Deno.test("parseWmtScores() reads system-level files, grouping by metric", () => {
  const file = parseWmtScores(
    "gleu\tsrc-trg\tt\tAMU\t0.5896\ngleu\tsrc-trg\tt\tCAMB\t.5960\n\nm2 src-trg t AMU -1e-3\n",
    "s.txt",
  );
  assert.equal(file.level, "system");
  assert.deepEqual(file.system.map((s) => [s.name, [...s.scores]]), [
    ["gleu", [["AMU", 0.5896], ["CAMB", 0.596]]],
    ["m2", [["AMU", -0.001]]],
  ]);
});

Deno.test("parseWmtScores() reads sentence-level files", () => {
  const file = parseWmtScores(
    "m2\tsrc-trg\tt\tINPUT\t0\t1.0\nm2\tsrc-trg\tt\tINPUT\t1\t0.0\n",
    "x",
  );
  assert.equal(file.level, "sentence");
  assert.deepEqual([...file.sentence[0].scores.get("INPUT")!], [["0", 1], ["1", 0]]);
});

Deno.test("parseWmtScores() names FILE:LINE for malformed lines", () => {
  assert.throws(
    () => parseWmtScores("m2 lp t AMU 0.1\nm2 lp t CAMB\n", "s.txt"),
    /^InputError: s\.txt:2: expected 5 fields like the first line, found 4$/,
  );
  assert.throws(
    () => parseWmtScores("m2 lp t AMU\n", "s.txt"),
    /^InputError: s\.txt:1: expected "METRIC/,
  );
  assert.throws(
    () => parseWmtScores("m2 lp t AMU 0.1\nm2 lp t CAMB 0,2\n", "s.txt"),
    /^InputError: s\.txt:2: expected a number as the score, found "0,2"$/,
  );
  assert.throws(
    () => parseWmtScores("m2 lp t AMU 0.1\n\nm2 lp t AMU 0.2\n", "s.txt"),
    /^InputError: s\.txt:3: system AMU has a second m2 score$/,
  );
  assert.throws(
    () => parseWmtScores("m2 lp t A 0 0.1\nm2 lp t A 0 0.2\n", "s.txt"),
    /^InputError: s\.txt:2: system A has a second m2 score for sentence 0$/,
  );
  assert.throws(
    () => parseWmtScores("\n\n", "s.txt"),
    /^InputError: s\.txt: no scores in the file$/,
  );
});

Deno.test("parsePairwiseJudgments() reads rows and names FILE:LINE for bad ones", () => {
  const csv = `${HEADER}\nsrc,trg,5,5,a1,t.AMU.st,1,t.POST.st,2,3\nsrc,trg,5,5,a1,AMU,2,POST,2,3\n`;
  const { pairs } = parsePairwiseJudgments(csv, "j.csv");
  assert.equal(pairs.length, 2);
  assert.deepEqual([pairs[0].system1, pairs[0].system2, pairs[1].rank1], ["AMU", "POST", 2]);
  assert.throws(
    () => parsePairwiseJudgments(`${HEADER}\nsrc,trg,5,5,a1,AMU,1,POST,2\n`, "j.csv"),
    /^InputError: j\.csv:2: expected 10 fields, found 9$/,
  );
  assert.throws(
    () => parsePairwiseJudgments(`${HEADER}\nsrc,trg,5,5,a1,AMU,first,POST,2,3\n`, "j.csv"),
    /^InputError: j\.csv:2: expected a whole number in system1rank, found "first"$/,
  );
  assert.throws(
    () => parsePairwiseJudgments("a,b,c\n", "j.csv"),
    /^InputError: j\.csv:1: expected a header with the column segmentId/,
  );
});

Deno.test("parseAppraise() and appraisePairs() expand multi-system outputs", () => {
  const xml = `<?xml version="1.0"?>
<appraise-results><error-correction-ranking-result>
  <ranking-item id="0" src-id="135" user="annotator01">
    <translation rank="3" system="CAMB"/>
    <translation rank="1" system="IITB INPUT"/>
    <translation rank="4" system="AMU"/>
  </ranking-item>
  <ranking-item id="3" src-id="836" user="annotator01"></ranking-item>
  <ranking-item id="6" src-id="9" user="annotator02">
    <translation rank="2" system="POST"/>
    <translation rank="2" system="AMU"/>
  </ranking-item>
</error-correction-ranking-result></appraise-results>`;
  const items = parseAppraise(xml, "j.xml");
  assert.deepEqual(items.map((i) => [i.srcId, i.outputs.length, i.line]), [["135", 3, 3], [
    "836",
    0,
    8,
  ], ["9", 2, 9]]);
  const show = (pairs: ReturnType<typeof appraisePairs>) =>
    pairs.map((p) => `${p.rankingId}:${p.system1}${p.rank1}-${p.system2}${p.rank2}`);
  // Sorted by name, then all pairs; the empty item keeps its position (rankingId 2).
  assert.deepEqual(show(appraisePairs(items)), [
    "1:AMU4-CAMB3",
    "1:AMU4-IITB1",
    "1:AMU4-INPUT1",
    "1:CAMB3-IITB1",
    "1:CAMB3-INPUT1",
    "1:IITB1-INPUT1",
    "3:AMU2-POST2",
  ]);
  assert.deepEqual(show(appraisePairs(items, { expand: false })), [
    "1:AMU4-CAMB3",
    "1:AMU4-IITB1",
    "1:CAMB3-IITB1",
    "3:AMU2-POST2",
  ]);
});

Deno.test("parseAppraise() names FILE:LINE for bad XML and bad ranks", () => {
  assert.throws(
    () =>
      parseAppraise('<a>\n<ranking-item src-id="1">\n<translation rank="x" system="A"/>', "j.xml"),
    /^InputError: j\.xml:3: expected a whole number in rank="\.\.\.", found "x"$/,
  );
  assert.throws(
    () => parseAppraise("<a>\n<b></a>", "j.xml"),
    /^InputError: j\.xml:2: malformed XML/,
  );
  assert.throws(
    () =>
      parseAppraise(
        '<a><ranking-item><translation rank="1" system="A"/></ranking-item></a>',
        "j.xml",
      ),
    /^InputError: j\.xml:1: expected a "src-id" attribute$/,
  );
});

Deno.test("expectedWins() ignores ties and averages over all other systems", () => {
  const pair = (system1: string, rank1: number, system2: string, rank2: number) => ({
    segment: "0",
    judge: "j",
    rankingId: "1",
    system1,
    rank1,
    system2,
    rank2,
  });
  const ew = expectedWins([
    pair("A", 1, "B", 2),
    pair("B", 3, "A", 1),
    pair("B", 1, "A", 2),
    pair("C", 2, "A", 2),
    pair("C", 1, "D", 5),
  ]);
  // A: 2/3 vs B, C only tied (adds 0), never met D: (2/3) / 3.  B: 1/3 / 3.  C: 1 (vs D) / 3.
  assert.deepEqual([...ew], [["A", 2 / 3 / 3], ["B", 1 / 3 / 3], ["C", 1 / 3], ["D", 0]]);
});

Deno.test("readTextFile() gunzips by content and names missing files", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const plain = new TextEncoder().encode("human\tsrc-trg\tt\tAMU\t0.628\n");
    const stream = new Blob([plain]).stream().pipeThrough(new CompressionStream("gzip"));
    await Deno.writeFile(`${dir}/ew.txt`, new Uint8Array(await new Response(stream).arrayBuffer()));
    assert.equal(await readTextFile(`${dir}/ew.txt`), "human\tsrc-trg\tt\tAMU\t0.628\n");
    await assert.rejects(
      () => readTextFile(`${dir}/none.txt`),
      /none\.txt: cannot read file: no such file$/,
    );
    await Deno.writeFile(`${dir}/broken.gz`, new Uint8Array([0x1f, 0x8b, 1, 2, 3]));
    await assert.rejects(() => readTextFile(`${dir}/broken.gz`), /broken\.gz: cannot gunzip/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
