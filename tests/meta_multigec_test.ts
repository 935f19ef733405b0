/**
 * `meta` reads the human ratings of the MultiGEC-2025 annotation (issue 34 item 6): a small
 * fixture in the published format (sections `#SYSTEM`, one `Grammaticality: N Fluency: N` line
 * per text, a misspelt label as the published files have), correlated with metrics computed on
 * the spot from the outputs, at system level (mean ratings) and text by text (pairs).
 */
import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { parseMultigecRatings } from "../meta/multigec_ratings.ts";
import { InputError } from "../plugins/errors.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";

async function run(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(args, { out: (t) => stdout += t, err: (t) => stderr += t });
  return { code, stdout, stderr };
}

/** Four systems rating the gold's three sentences (one text each here). */
const RATINGS = [
  "#ORIGINAL",
  "Grammaticality: 1 Fluency: 2",
  "Grammaticality: 2 Fluency: 2",
  "Grammaticality: 1 Fluency: 1",
  "#WEAK",
  "Grammaticality: 2 Fluency: 2",
  "Grammaticlaity: 2 Fluency: 3",
  "Grammaticality: 2 Fluency: 2",
  "#GOOD",
  "Grammaticality: 3 Fluency: 3",
  "Grammaticality: 2 Fleuncy: 3",
  "Grammaticality: 3 Fluency: 3",
  "#REFERENCE",
  "Grammaticality: 4 Fluency: 4",
  "Grammaticality: 4 Fluency: 3 ",
  "Grammaticality: 4 Fluency: 4",
  "",
].join("\n");

const OUTPUTS: Record<string, string> = {
  ORIGINAL: "The cat sat at mat .\nThe dog .\nGiant otters is an apex predator .\n",
  WEAK: "The cat sat on mat .\nThe dog .\nGiant otters is apex predator .\n",
  GOOD: "A cat sat on the mat .\nThe dog .\nGiant otters are apex predator .\n",
  REFERENCE: "The cat sat on the mat .\nThe dogs .\nGiant otters are apex predators .\n",
};

Deno.test("meta correlates metrics with MultiGEC-2025 ratings at system and text level", async () => {
  const dir = await Deno.makeTempDir({ dir: "/tmp", prefix: "gecscore_multigec_" });
  try {
    await Deno.writeTextFile(`${dir}/eng_eval`, RATINGS);
    const systems = [];
    for (const [name, text] of Object.entries(OUTPUTS)) {
      await Deno.writeTextFile(`${dir}/${name}.txt`, text);
      systems.push(`${name}=${dir}/${name}.txt`);
    }
    const { code, stdout, stderr } = await run(
      "meta",
      "--human",
      `${dir}/eng_eval`,
      "--judgments",
      `${dir}/eng_eval`,
      "--gold",
      GOLD,
      ...systems,
      "-m",
      "m2",
      "--bootstrap",
      "0",
      "--format",
      "json",
    );
    assert.equal(code, 0, stderr);
    const json = JSON.parse(stdout);
    // Mean ratings: ORIGINAL 4/3 and 5/3, WEAK 2 and 7/3, GOOD 8/3 and 3, REFERENCE 4 and 11/3.
    const points = Object.fromEntries(
      json.system.points.map((p: { system: string; human: Record<string, number> }) => [
        p.system,
        p.human,
      ]),
    );
    assert.deepEqual(Object.keys(points).sort(), ["GOOD", "ORIGINAL", "REFERENCE", "WEAK"]);
    assert.equal(points.ORIGINAL["eng_eval.grammaticality"], 4 / 3);
    assert.equal(points.WEAK["eng_eval.fluency"], 7 / 3);
    assert.equal(points.REFERENCE["eng_eval.fluency"], 11 / 3);
    assert.deepEqual(json.system.humans, ["eng_eval.grammaticality", "eng_eval.fluency"]);
    // M2 F0.5 orders ORIGINAL < WEAK < GOOD < REFERENCE as both criteria do: rho = 1.
    for (const c of json.system.correlations) assert.ok(Math.abs(c.spearman - 1) < 1e-12, c.human);
    // Text level: one set per criterion, 3 texts x 6 pairs of systems.
    assert.deepEqual(json.sentence.map((s: { judgments: string }) => s.judgments), [
      `${dir}/eng_eval (grammaticality)`,
      `${dir}/eng_eval (fluency)`,
    ]);
    for (const s of json.sentence) assert.equal(s.result.pairs, 18);
    // The same as a table.
    const table = await run(
      "meta",
      "--human",
      `${dir}/eng_eval`,
      "--gold",
      GOLD,
      ...systems,
      "-m",
      "m2",
    );
    assert.equal(table.code, 0, table.stderr);
    assert.match(
      table.stdout,
      /^metric +eng_eval\.grammaticality r +eng_eval\.grammaticality rho/m,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("parseMultigecRatings() refuses what it cannot read with FILE:LINE", () => {
  const cases: [string, RegExp][] = [
    ["Grammaticality: 3 Fluency: 2\n", /^x:1: expected a line "#SYSTEM" before the ratings/],
    ["#A\nGrammaticality: 0 Fluency: 2\n", /^x:2: expected ratings from 1 to 4/],
    ["#A\nGrammaticality: 3\n", /^x:2: expected ratings from 1 to 4/],
    [
      "#A\nGrammaticality: 3 Fluency: 2\n#B\nGrammaticality: 3 Fluency: 2\nG: 1 F: 1\n",
      /^x:5: system B rates 2 texts but A rates 1/,
    ],
    ["#A\n#B\nGrammaticality: 3 Fluency: 2\n", /^x:1: system A has no ratings$/],
    [
      "#A\nGrammaticality: 3 Fluency: 2\n#A\nGrammaticality: 3 Fluency: 2\n",
      /^x:3: system A is named twice \(first at line 1\)$/,
    ],
  ];
  for (const [text, expected] of cases) {
    const error = (() => {
      try {
        parseMultigecRatings(text, "x");
      } catch (e) {
        return e;
      }
    })();
    assert.ok(error instanceof InputError, text);
    assert.match(error.message, expected);
  }
});
