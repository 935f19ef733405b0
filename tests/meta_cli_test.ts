/**
 * `gecscore meta` end to end on small files written to a temporary folder: tables, JSON,
 * SVG plots, metrics computed on the spot (built-in and a `--plugin`), and one-line errors
 * with exit status 1 (bad input) or 2 (bad usage).
 */
import assert from "node:assert/strict";
import { main } from "../cli.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const HEADER =
  "srclang,trglang,srcIndex,segmentId,judgeID,system1Id,system1rank,system2Id,system2rank,rankingID";

async function run(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(args, { out: (t) => stdout += t, err: (t) => stderr += t });
  return { code, stdout, stderr };
}

async function fixture(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_meta_" });
  const write = (name: string, text: string) => Deno.writeTextFile(`${dir}/${name}`, text);
  const lines = (metric: string, values: Record<string, number>) =>
    Object.entries(values).map(([s, v]) => `${metric}\tsrc-trg\tt\t${s}\t${v}\n`).join("");
  await write("human.txt", lines("human", { A: 0.6, B: 0.5, C: 0.4, D: 0.1 }));
  await write("up.txt", lines("up", { A: 0.9, B: 0.7, C: 0.75, D: 0.2 }));
  await write("down.txt", lines("down", { A: 0.1, B: 0.3, C: 0.2, D: 0.5 }));
  await write("three.txt", lines("up", { A: 0.9, B: 0.7, E: 0.1, D: 0.2 }));
  await write("bad.txt", "up\tsrc-trg\tt\tA\t0.9\nup\tsrc-trg\tt\tB\n");
  // Sentence level: the systems are the output files below; sentences 0-2 of the gold.
  await write(
    "hyp_good",
    "A cat sat on the mat .\nThe dogs .\nGiant otters are apex predators .\n",
  );
  await write("hyp_some", "A cat sat on mat .\nThe dog .\nGiant otters are apex predator .\n");
  await write("hyp_none", "The cat sat at mat .\nThe dog .\nGiant otters is an apex predator .\n");
  await write("hyp_bad", "The cat sat mat .\nThe dog dog .\nGiant otters is apex an predator .\n");
  await write(
    "sys_human.txt",
    lines("human", { hyp_good: 0.9, hyp_some: 0.6, hyp_none: 0.3, hyp_bad: 0.1 }),
  );
  await write(
    "judgments.csv",
    `${HEADER}\n` +
      "src,trg,0,0,a,t.hyp_good.x,1,t.hyp_none.x,3,1\n" +
      "src,trg,0,0,a,t.hyp_some.x,2,t.hyp_bad.x,4,1\n" +
      "src,trg,2,2,a,t.hyp_good.x,1,t.hyp_some.x,1,2\n" +
      "src,trg,2,2,a,t.hyp_none.x,2,t.hyp_bad.x,1,2\n",
  );
  return { dir, cleanup: () => Deno.remove(dir, { recursive: true }) };
}

Deno.test("gecscore meta prints system-level tables with 3 decimals and a Williams matrix", async () => {
  const { dir, cleanup } = await fixture();
  try {
    const { code, stdout, stderr } = await run(
      "meta",
      "--human",
      `${dir}/human.txt`,
      "--scores",
      `${dir}/up.txt`,
      "--scores",
      `${dir}/down.txt`,
    );
    assert.equal(stderr, "");
    assert.equal(code, 0);
    assert.match(stdout, /^System level: 4 systems \(A, B, C, D\)$/m);
    // Hand: up's ranks 4 2 3 1 vs 4 3 2 1: rho = 0.8; down's ranks 1 3 2 4: rho = -0.8.
    assert.match(stdout, /^up +0\.\d{3} +0\.800$/m);
    assert.match(stdout, /^down +-0\.\d{3} +-0\.800$/m);
    assert.match(stdout, /^Williams' test, human, Pearson r/m);
    assert.match(stdout, /^up +- +0\.\d{3}$/m);
    assert.match(stdout, /^down +- +-$/m);
  } finally {
    await cleanup();
  }
});

Deno.test("gecscore meta --format json has full precision, --exclude drops systems", async () => {
  const { dir, cleanup } = await fixture();
  try {
    const { code, stdout } = await run(
      "meta",
      "--human",
      `${dir}/human.txt`,
      "--scores",
      `${dir}/up.txt`,
      "--scores",
      `${dir}/down.txt`,
      "--exclude",
      "C",
      "--format",
      "json",
    );
    assert.equal(code, 0);
    const json = JSON.parse(stdout);
    assert.deepEqual(json.system.systems, ["A", "B", "D"]);
    // Hand: human 0.6 0.5 0.1 and up 0.9 0.7 0.2 have the same ranks.
    assert.ok(Math.abs(json.system.correlations[0].spearman - 1) < 1e-12);
    // n = 3: no degrees of freedom for Williams' test, so p is null (NaN) in JSON.
    assert.equal(json.system.williams[0].p, null);
  } finally {
    await cleanup();
  }
});

Deno.test("gecscore meta computes metrics on the spot, with a --plugin and sentence level", async () => {
  const { dir, cleanup } = await fixture();
  try {
    const systems = ["hyp_good", "hyp_some", "hyp_none", "hyp_bad"].map((s) => `${dir}/${s}`);
    const { code, stdout, stderr } = await run(
      "meta",
      "--plugin",
      "examples/exact_match.ts",
      "--human",
      `${dir}/sys_human.txt`,
      "--judgments",
      `${dir}/judgments.csv`,
      "--gold",
      GOLD,
      ...systems,
      "-m",
      "m2,exact_match",
      "--bootstrap",
      "50",
      "--svg",
      `${dir}/plots`,
    );
    assert.equal(stderr, `meta: wrote 2 scatter plots into ${dir}/plots (METRIC_vs_HUMAN.svg)\n`);
    assert.equal(code, 0);
    // Hand (m2 F0.5 of the whole files: good 0.8824, some 0.7143, bad 0.2381, none 0): the
    // ranks differ from the human ones only in none/bad, so rho = 1 - 6 * 2 / 60 = 0.8.
    assert.match(stdout, /^m2 +0\.\d{3} +0\.800$/m);
    assert.match(stdout, /^exact_match +/m);
    assert.match(stdout, /^Sentence level: .*judgments\.csv: 4 comparisons \(HTies\), 3 without/m);
    assert.match(stdout, /bootstrap 50 resamples, seed 1/);
    // Hand (m2 sentence F0.5): sentence 0 good 0.714 > none 0 and some 0.5 > bad 0, both as
    // judged; sentence 2 good 1 > some 0.909 on a human tie (0 in HTies), bad 0.455 > none 0
    // as judged. HTies (3 + 0) / 4, NoTies 3 / 3.
    assert.match(stdout, /^m2 +0\.750±0\.\d{3}\* +\[[-.\d]+, [-.\d]+\] +1\.000±0\.000\*/m);
    const svg = await Deno.readTextFile(`${dir}/plots/m2_vs_sys_human.svg`);
    assert.ok(svg.startsWith("<svg") && svg.includes("hyp_good") && svg.includes("ρ = 0.800"));
    await Deno.stat(`${dir}/plots/exact_match_vs_sys_human.svg`);
  } finally {
    await cleanup();
  }
});

Deno.test("gecscore meta reports bad input on one line with exit status 1", async () => {
  const { dir, cleanup } = await fixture();
  try {
    const mismatch = await run(
      "meta",
      "--human",
      `${dir}/human.txt`,
      "--scores",
      `${dir}/three.txt`,
    );
    assert.equal(mismatch.code, 1);
    assert.match(
      mismatch.stderr,
      /^gecscore: Systems differ between the human ranking human .* only in the human ranking: C; only in the metric scores: E .*\n$/,
    );
    const few = await run(
      "meta",
      "--human",
      `${dir}/human.txt`,
      "--scores",
      `${dir}/up.txt`,
      "--exclude",
      "A,B",
    );
    assert.equal(few.code, 1);
    assert.match(
      few.stderr,
      /^gecscore: System-level correlation needs at least 3 systems, got 2 \(C, D\)/,
    );
    const bad = await run("meta", "--human", `${dir}/human.txt`, "--scores", `${dir}/bad.txt`);
    assert.equal(bad.code, 1);
    assert.match(
      bad.stderr,
      /^gecscore: .*bad\.txt:2: expected 5 fields like the first line, found 4\n$/,
    );
    const missing = await run("meta", "--human", `${dir}/nothing.txt`, "--scores", `${dir}/up.txt`);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /nothing\.txt: cannot read file: no such file\n$/);
  } finally {
    await cleanup();
  }
});

Deno.test("gecscore meta refuses infinite and NaN scores with FILE:LINE", async () => {
  // Issue 37 item 10: -inf and 1e999 were correlated (r printed as n/a), NaN gave an
  // internal error.
  const { dir, cleanup } = await fixture();
  const write = (name: string, text: string) => Deno.writeTextFile(`${dir}/${name}`, text);
  const wmt = (metric: string, last: string) =>
    `${metric}\tsrc-trg\tt\tA\t0.9\n${metric}\tsrc-trg\tt\tB\t0.7\n` +
    `${metric}\tsrc-trg\tt\tC\t0.75\n${metric}\tsrc-trg\tt\tD\t${last}\n`;
  try {
    await write("minf.txt", wmt("human", "-inf"));
    await write("big.txt", wmt("up", "1e999"));
    await write("nan.txt", wmt("up", "NaN"));
    await write("table.csv", "System,M2\nA,1\nB,2\nC,1e999\nD,3\n");
    await write("lines.txt", "0.5\n-1e400\n0.2\n0.1\n");
    const cases: [string[], RegExp][] = [
      [["--human", `${dir}/minf.txt`, "--scores", `${dir}/up.txt`], /minf\.txt:4: .*"-inf"/],
      [["--human", `${dir}/human.txt`, "--scores", `${dir}/big.txt`], /big\.txt:4: .*"1e999"/],
      [["--human", `${dir}/human.txt`, "--scores", `${dir}/nan.txt`], /nan\.txt:4: .*"NaN"/],
      [["--human", `${dir}/human.txt`, "--scores", `${dir}/table.csv`], /table\.csv:4: .*"1e999"/],
      [
        ["--human", `${dir}/lines.txt`, "--scores", `${dir}/up.txt`, "--order", "A,B,C,D"],
        /lines\.txt:2: .*"-1e400"/,
      ],
    ];
    for (const [args, expected] of cases) {
      const { code, stdout, stderr } = await run("meta", ...args);
      assert.equal(code, 1, stderr);
      assert.equal(stdout, "");
      assert.match(stderr, /^gecscore: .*expected a finite number/);
      assert.match(stderr, expected);
      assert.doesNotMatch(stderr, /internal error/);
      assert.equal(stderr.split("\n").length, 2, stderr);
    }
  } finally {
    await cleanup();
  }
});

Deno.test("gecscore meta reports bad usage with exit status 2", async () => {
  const cases: [string[], RegExp][] = [
    [
      ["meta", "--scores", "x"],
      /give --human FILE \(system level\), --judgments FILE or --rankings FILE/,
    ],
    [["meta", "--human", "h"], /give metric scores: --scores FILE\.\.\., or --gold GOLD SYS\.\.\./],
    [["meta", "--human", "h", "--scores", "x", "--format", "xml"], /unknown output format "xml"/],
    [
      ["meta", "--human", "h", "--scores", "x", "--bootstrap", "many"],
      /--bootstrap must be a whole number >= 0, got many/,
    ],
    [["meta", "--human", "h", "--gold", GOLD], /--gold needs the system outputs/],
    [
      ["meta", "--judgments", "j", "--scores", "x", "--svg", "d"],
      /--svg plots system-level scores/,
    ],
    [
      ["meta", "--human", "h", "--scores", "x", "-m", "m2"],
      /-m and --opt choose metrics computed with --gold/,
    ],
    [["meta", "--human", "h", "--scores", "x", "--src-id", "2"], /--src-id must be 0, 1 or judged/],
    [["meta", "--human", "h", "--scores", "x", "--sets", "wmt"], /unknown --sets recipe wmt/],
    [["meta", "--human", "h", "--scores", "x", "--set", "base"], /--set: expected NAME=/],
    [
      ["meta", "--human", "h", "--scores", "x", "--window", "2"],
      /--window must be a whole number >= 3/,
    ],
    [["meta", "--human", "h", "--gold", GOLD, "--src", "s", "A"], /give either --gold or --src/],
  ];
  for (const [args, pattern] of cases) {
    const { code, stderr, stdout } = await run(...args);
    assert.equal(code, 2, args.join(" "));
    assert.equal(stdout, "");
    assert.match(stderr, pattern);
    assert.equal(stderr.split("\n").length, 2, "one line");
  }
});
