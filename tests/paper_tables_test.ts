/**
 * Paper tables (issue 37 item 5): `score --format markdown|latex` gives one systems × metrics
 * table with readable headers, proper minus signs, resampling columns, rows sorted by score
 * under `--ranks` and the signatures under it; `meta --format markdown|latex` the same for
 * its tables, marks (`†`) aligned. JSON, TSV and the default text table stay as they were.
 */
import assert from "node:assert/strict";
import { main } from "../cli.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";
const SYSTEM2 = "tests/testdata/m2scorer_example_system2";

async function run(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(args, { out: (t) => stdout += t, err: (t) => stderr += t });
  return { code, stdout, stderr };
}

Deno.test("score --format markdown gives one systems × metrics table with readable headers", async () => {
  const { code, stdout, stderr } = await run(
    "score",
    "--format",
    "markdown",
    "--gold",
    GOLD,
    SYSTEM,
    SYSTEM2,
  );
  assert.equal(code, 0, stderr);
  const tables = stdout.split("\n").filter((l) => l.startsWith("| :--"));
  assert.equal(tables.length, 1, stdout);
  assert.match(
    stdout,
    /^\| System \| M2 P \| M2 R \| M2 F0\.5 \| I-measure I \| GLEU \| GREEN F2 \|$/m,
  );
  assert.doesNotMatch(stdout, /correction\.i/);
  assert.match(
    stdout,
    /^\| m2scorer_example_system \| 0\.8000 \| 0\.8000 \| 0\.8000 \| 0\.6136 \| 0\.3384 \| 0\.8268 \|$/m,
  );
  // The signatures follow the table, as code.
  assert.match(stdout, /^`m2\|beta:0\.5\|muw:2\|.*gecscore:[^`]*`/m);
  assert.match(stdout, /^`gleu\|variant:2016\|/m);
});

Deno.test("score paper tables write minus signs as U+2212 (Markdown) and $-$ (LaTeX)", async () => {
  // I-measure of system2's first sentence is -0.0667.
  const md = await run(
    "score",
    "--format",
    "markdown",
    "-m",
    "imeasure",
    "--sentences",
    "--gold",
    GOLD,
    SYSTEM2,
  );
  assert.equal(md.code, 0, md.stderr);
  assert.match(md.stdout, /^\| m2scorer_example_system2:1 \| \u22120\.0667 \|$/m);
  assert.doesNotMatch(md.stdout, /\| -0\.0667/);
  const tex = await run(
    "score",
    "--format",
    "latex",
    "-m",
    "imeasure",
    "--sentences",
    "--gold",
    GOLD,
    SYSTEM2,
  );
  assert.equal(tex.code, 0, tex.stderr);
  assert.match(tex.stdout, /^m2scorer\\_example\\_system2:1 & \$-\$0\.0667 \\\\$/m);
  assert.match(tex.stdout, /^System & I-measure I \\\\$/m);
  assert.match(tex.stdout, /^\\caption\{Signature: \\texttt\{imeasure\\textbar\{\}beta:1/m);
  assert.match(tex.stdout, /^\\begin\{table\}\n\\centering\n\\begin\{tabular\}\{lr\}$/m);
});

Deno.test("score paper tables carry CI, p and rank, sorted by score under --ranks", async () => {
  // The weaker system first: --ranks puts the better one (F0.5 0.8000) on top.
  const args = ["-m", "m2", "--gold", GOLD, SYSTEM2, SYSTEM, "--ci", "--ranks", "--paired", "bs"];
  const md = await run("score", "--format", "markdown", "--samples", "200", ...args);
  assert.equal(md.code, 0, md.stderr);
  const rows = md.stdout.split("\n").filter((l) => l.startsWith("| m2scorer"));
  assert.deepEqual(rows.map((r) => r.split(" | ")[0]), [
    "| m2scorer_example_system",
    "| m2scorer_example_system2",
  ]);
  assert.match(
    md.stdout,
    /^\| System \| M2 P \| M2 R \| M2 F0\.5 \| 95% CI \| p \(bs\) \| Rank \|$/m,
  );
  assert.match(rows[1], /\| \[\d\.\d{4}, \d\.\d{4}\] \| baseline \| (\d|\d\u2013\d) \|$/);
  assert.match(md.stdout, /best first/);
  assert.match(md.stdout, /`m2\|.*\|bs:200\|seed:12345`/);
  // Without --ranks the order is the command line's.
  const plain = await run(
    "score",
    "--format",
    "markdown",
    "-m",
    "m2",
    "--gold",
    GOLD,
    SYSTEM2,
    SYSTEM,
  );
  assert.deepEqual(
    plain.stdout.split("\n").filter((l) => l.startsWith("| m2scorer")).map((r) =>
      r.split(" | ")[0]
    ),
    ["| m2scorer_example_system2", "| m2scorer_example_system"],
  );
});

Deno.test("score's default table, JSON and TSV are not paper tables", async () => {
  const text = await run("score", "-m", "m2", "--gold", GOLD, SYSTEM, SYSTEM2);
  assert.equal(
    text.stdout,
    "m2  (m2|beta:0.5|muw:2|v:1.0|nrefs:2|gold:f4fa7875|gecscore:0.1.0)\n" +
      "system                    precision  recall  F0.5\n" +
      "------------------------  ---------  ------  ------\n" +
      "m2scorer_example_system      0.8000  0.8000  0.8000\n" +
      "m2scorer_example_system2     0.7500  0.6000  0.7143\n",
  );
  const tsv = await run("score", "--format", "tsv", "-m", "imeasure", "--gold", GOLD, SYSTEM);
  assert.match(tsv.stdout, /\tcorrection\.i\t0\.6136/);
  const json = await run("score", "--format", "json", "-m", "m2", "--gold", GOLD, SYSTEM);
  assert.equal(JSON.parse(json.stdout).systems[0].metrics.m2.f, 0.8);
});
