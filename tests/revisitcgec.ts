/**
 * RevisitCGEC's meta-evaluation (Wang et al., "Revisiting the Evaluation for Chinese
 * Grammatical Error Correction", data CC BY 4.0) in one run (`deno task meta-revisitcgec`):
 *
 * 1. the human rankings of the six systems from its `judgments.xml` (the GJG15 format):
 *    Expected Wins and TrueSkill (TS.py -n 2 -d 0, seed 1) over all items, and over the
 *    MuCGEC items alone;
 * 2. the systems' ChERRANT (character level) and GLEU scores on the MuCGEC half (100 dev
 *    sentences, `sentence ids/mucgec_ids.txt`) against the MuCGEC dev references, with 95%
 *    bootstrap intervals and rank ranges;
 * 3. `gecscore meta`: the system-level Pearson and Spearman correlations of those metrics with
 *    both rankings, and Williams' test between the metrics.
 *
 * Usage: deno run --allow-read --allow-write --allow-run tests/revisitcgec.ts MUCGEC_DEV REVISITCGEC_DIR
 *
 * MUCGEC_DEV is HillZhang1999/MuCGEC's `data/MuCGEC/MuCGEC_dev.txt`; REVISITCGEC_DIR a checkout of
 * wang136906578/RevisitCGEC (with `judgments.xml`, `sentence ids/`, `system corrections/`).
 *
 * @module
 */

import { appraisePairs, parseAppraise } from "../meta/appraise.ts";
import { expectedWins } from "../meta/expected_wins.ts";
import { rankedPairs } from "../meta/ranking_pairs.ts";
import { trueSkillRanking } from "../meta/trueskill_ranking.ts";

const [dev, dir] = Deno.args;
if (!dev || !dir) {
  console.error("usage: revisitcgec.ts MUCGEC_DEV REVISITCGEC_DIR");
  Deno.exit(2);
}
const SYSTEMS = ["bart", "char", "s2e", "spm", "t5", "word"];
const tmp = await Deno.makeTempDir({ prefix: "revisitcgec-" });

// The MuCGEC half as a MuCGEC parallel file, in the order of mucgec_ids.txt.
const byId = new Map<string, string>();
for (const line of (await Deno.readTextFile(dev)).replace(/\r\n?/g, "\n").trim().split("\n")) {
  byId.set(line.slice(0, line.indexOf("\t")), line);
}
const ids = (await Deno.readTextFile(`${dir}/sentence ids/mucgec_ids.txt`)).trim().split(/\s+/);
const gold = `${tmp}/mucgec_half.para`;
await Deno.writeTextFile(
  gold,
  ids.map((id) => {
    const line = byId.get(id);
    if (line === undefined) throw new Error(`id ${id} of mucgec_ids.txt is not in ${dev}`);
    return line;
  }).join("\n") + "\n",
);

// The judgments, and the MuCGEC items alone.
const xml = await Deno.readTextFile(`${dir}/judgments.xml`);
const mucgecXml = xml.replace(
  /<ranking-item\b[^>]*doc-id="(?!mucgec")[^"]*"[^>]*>[\s\S]*?<\/ranking-item>\s*/g,
  "",
);
const allJudgments = `${tmp}/judgments_all.xml`;
const mucgecJudgments = `${tmp}/judgments_mucgec.xml`;
await Deno.writeTextFile(allJudgments, xml);
await Deno.writeTextFile(mucgecJudgments, mucgecXml);

console.log("Human rankings (RevisitCGEC judgments.xml)\n");
for (
  const [label, text, path] of [["all items", xml, allJudgments], [
    "MuCGEC items",
    mucgecXml,
    mucgecJudgments,
  ]]
) {
  const items = parseAppraise(text, path);
  const ew = expectedWins(appraisePairs(items));
  const ts = trueSkillRanking(rankedPairs(items), { seed: 1 });
  console.log(`${label} (${items.length} ranking items)`);
  console.log("system  EW      TS mu");
  const order = [...SYSTEMS].sort((a, b) => (ew.get(b) ?? 0) - (ew.get(a) ?? 0));
  for (const s of order) {
    console.log(
      `${s.padEnd(6)}  ${(ew.get(s) ?? NaN).toFixed(3)}  ${(ts.get(s)?.mu ?? NaN).toFixed(3)}`,
    );
  }
  console.log("");
}

const cli = new URL("../cli.ts", import.meta.url).pathname;
const systems = SYSTEMS.map((s) => `${s}=${dir}/system corrections/${s}.mucgec.txt`);
async function gecscore(args: string[]): Promise<void> {
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", cli, ...args],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (code !== 0) Deno.exit(code);
}

console.log("Metric scores on the MuCGEC half (100 sentences, MuCGEC dev references)\n");
await gecscore([
  "score",
  "-m",
  "cherrant,gleu",
  "--gold",
  gold,
  "--gold-format",
  "mucgec",
  "--system-format",
  "zh-text",
  "--ci",
  "--ranks",
  ...systems.map((s) => s.slice(s.indexOf("=") + 1)),
]);
console.log("\nSystem-level correlations with the human rankings\n");
await gecscore([
  "meta",
  "--human",
  allJudgments,
  "--human",
  mucgecJudgments,
  "--ts",
  "--gold",
  gold,
  "--gold-format",
  "mucgec",
  "--system-format",
  "zh-text",
  "-m",
  "cherrant,gleu",
  ...systems,
]);
await Deno.remove(tmp, { recursive: true });
