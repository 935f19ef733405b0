import assert from "node:assert/strict";
import { indelNormalizedDistance } from "../annotator/strings.ts";
import { annotatePlainSystems } from "../pipeline/annotate_systems.ts";
import { loadAnnotator } from "../annotator/annotate.ts";
import { MersenneTwister } from "../util/mt19937.ts";

/** The longest common subsequence by the textbook table. */
function naiveLcs(a: string, b: string): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      table[i][j] = a[i - 1] === b[j - 1]
        ? table[i - 1][j - 1] + 1
        : Math.max(table[i - 1][j], table[i][j - 1]);
    }
  }
  return table[a.length][b.length];
}

Deno.test("indelNormalizedDistance() equals the textbook LCS on random words of every length", () => {
  const twister = new MersenneTwister(7);
  const random = () => twister.random();
  const alphabet = "abcdeéß-'Z";
  const word = (length: number) =>
    Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
  for (let k = 0; k < 20000; k++) {
    // Lengths around the 30-character bound of the bit-parallel path, and past it.
    const a = word(Math.floor(random() * 45));
    const b = word(Math.floor(random() * 45));
    const sum = a.length + b.length;
    const expected = sum === 0 ? 0 : (sum - 2 * naiveLcs(a, b)) / sum;
    assert.equal(indelNormalizedDistance(a, b), expected, `${a} / ${b}`);
  }
});

Deno.test("annotatePlainSystems() gives systems that agree equal edits, not shared objects", async () => {
  const annotator = await loadAnnotator();
  const gold = {
    path: "g",
    format: "text",
    sentences: [{ source: ["He", "go", "to", "school", "."], references: [] }],
  };
  const hyp = ["He", "goes", "to", "the", "school", "."];
  const systems = [
    { name: "a", path: "a", sentences: [hyp] },
    { name: "b", path: "b", sentences: [[...hyp]] },
    { name: "c", path: "c", sentences: [["He", "went", "to", "school", "."]] },
  ];
  const [a, b, c] = await annotatePlainSystems(
    gold,
    systems,
    [{ needsHypothesisEdits: true }],
    annotator,
  );
  const alone = await annotatePlainSystems(
    gold,
    [systems[1]],
    [{ needsHypothesisEdits: true }],
    annotator,
  );
  assert.deepEqual(a.edits, b.edits);
  assert.deepEqual(b.edits, alone[0].edits);
  assert.notEqual(a.edits![0][0], b.edits![0][0]);
  assert.notEqual(a.edits![0][0].corrections, b.edits![0][0].corrections);
  assert.notDeepEqual(a.edits, c.edits);
});
