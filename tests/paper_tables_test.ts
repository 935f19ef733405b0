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
  // A p-value's * is escaped: no emphasis.
  for (const row of rows) assert.doesNotMatch(row, /[^\\]\*/, row);
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

/** WMT system-level lines of one metric. */
const wmt = (metric: string, values: Record<string, number>) =>
  Object.entries(values).map(([s, v]) => `${metric}\tsrc-trg\tt\t${s}\t${v}\n`).join("");

async function metaFixture(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await Deno.makeTempDir({ dir: "/tmp", prefix: "gecscore_paper_" });
  const write = (name: string, text: string) => Deno.writeTextFile(`${dir}/${name}`, text);
  const human = { A: 0.6, B: 0.5, C: 0.4, D: 0.1, E: 0.3 };
  await write("human.txt", wmt("human", human));
  await write("up.txt", wmt("up", { A: 0.9, B: 0.7, C: 0.75, D: 0.2, E: 0.3 }));
  await write("down.txt", wmt("down", { A: 0.1, B: 0.3, C: 0.2, D: 0.5, E: 0.35 }));
  await write("flat.txt", wmt("flat", { A: 0.5, B: 0.52, C: 0.49, D: 0.51, E: 0.5 }));
  return { dir, cleanup: () => Deno.remove(dir, { recursive: true }) };
}

Deno.test("meta --format markdown|latex print paper tables with proper minus signs", async () => {
  const { dir, cleanup } = await metaFixture();
  try {
    const args = [
      "--human",
      `${dir}/human.txt`,
      "--scores",
      `${dir}/up.txt`,
      "--scores",
      `${dir}/down.txt`,
    ];
    const md = await run("meta", "--format", "markdown", ...args);
    assert.equal(md.code, 0, md.stderr);
    assert.match(md.stdout, /^\*\*System level: 5 systems \(A, B, C, D, E\)\*\*$/m);
    assert.match(md.stdout, /^\| metric \| human r \| human rho \|\n\| :-- \| --: \| --: \|$/m);
    assert.match(md.stdout, /^\| down \| \u22120\.\d{3} \| \u22120\.\d{3} \|$/m);
    assert.doesNotMatch(md.stdout, /\| -0\./);
    const tex = await run("meta", "--format", "latex", ...args);
    assert.equal(tex.code, 0, tex.stderr);
    assert.match(tex.stdout, /^down & \$-\$0\.\d{3} & \$-\$0\.\d{3} \\\\$/m);
    assert.match(tex.stdout, /^\\caption\{System level: 5 systems \(A, B, C, D, E\)\.\}$/m);
    assert.match(tex.stdout, /^\\begin\{tabular\}\{lrr\}$/m);
    const bad = await run("meta", "--format", "html", ...args);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /valid: table, json, markdown, latex/);
  } finally {
    await cleanup();
  }
});

Deno.test("meta aligns the digits of cells marked † in text, Markdown and LaTeX", async () => {
  const { dir, cleanup } = await metaFixture();
  try {
    const args = [
      "--human",
      `${dir}/human.txt`,
      "--scores",
      `${dir}/up.txt`,
      "--scores",
      `${dir}/down.txt`,
      "--scores",
      `${dir}/flat.txt`,
      "--set",
      "all=",
      "--set",
      "four=-E",
    ];
    const text = await run("meta", ...args);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /†/);
    const lines = text.stdout.split("\n");
    const start = lines.findIndex((l) => l.startsWith("metric"));
    const rows = lines.slice(start + 2, start + 5);
    // The end of each number (its last digit) is in the same column, marked or not.
    for (const column of [1, 2, 3, 4]) {
      const ends = rows.map((row) => {
        const cells = [...row.matchAll(/-?\d\.\d{3}/g)];
        return cells[column - 1].index! + cells[column - 1][0].length;
      });
      assert.equal(new Set(ends).size, 1, `column ${column}:\n${rows.join("\n")}`);
    }
    const md = await run("meta", "--format", "markdown", ...args);
    assert.match(
      md.stdout,
      /^\| metric \| all r \| all rho \| four r \| four rho \|\n\| :-- \| --: \| --: \| --: \| --: \|$/m,
    );
    assert.match(md.stdout, /^† not significantly below/m);
    const tex = await run("meta", "--format", "latex", ...args);
    assert.match(tex.stdout, /\d\.\d{3}\\rlap\{\$\^\{\\dagger\}\$\}/);
    assert.match(tex.stdout, /^\\begin\{tabular\}\{lrrrr\}$/m);
  } finally {
    await cleanup();
  }
});

Deno.test("meta labels computed and file metrics in a source column when both are compared", async () => {
  const dir = await Deno.makeTempDir({ dir: "/tmp", prefix: "gecscore_paper_" });
  try {
    const write = (name: string, text: string) => Deno.writeTextFile(`${dir}/${name}`, text);
    await write("good", "A cat sat on the mat .\nThe dogs .\nGiant otters are apex predators .\n");
    await write("some", "A cat sat on mat .\nThe dog .\nGiant otters are apex predator .\n");
    await write("none", "The cat sat at mat .\nThe dog .\nGiant otters is an apex predator .\n");
    await write("bad", "The cat sat mat .\nThe dog dog .\nGiant otters is apex an predator .\n");
    await write("human.txt", wmt("human", { good: 0.9, some: 0.6, none: 0.3, bad: 0.1 }));
    await write("M2.txt", wmt("M2", { good: 0.8, some: 0.7, none: 0.1, bad: 0.2 }));
    const systems = ["good", "some", "none", "bad"].map((s) => `${dir}/${s}`);
    const { code, stdout, stderr } = await run(
      "meta",
      "--human",
      `${dir}/human.txt`,
      "--scores",
      `${dir}/M2.txt`,
      "--gold",
      "tests/testdata/m2scorer_example.m2",
      ...systems.map((s) => s.replace(/^.*\/(\w+)$/, "$1=") + s),
      "-m",
      "m2",
    );
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^metric +source +human r +human rho$/m);
    assert.match(stdout, /^M2 +file +/m);
    assert.match(stdout, /^m2 +computed +/m);
    assert.match(stdout, /^source: computed = scored here from the system outputs/m);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("meta --window-svg FILE writes FILE_pearson.svg and FILE_spearman.svg and says so", async () => {
  const { dir, cleanup } = await metaFixture();
  try {
    for (const given of ["w.svg", "v"]) {
      const base = given.replace(/\.svg$/, "");
      const { code, stderr } = await run(
        "meta",
        "--human",
        `${dir}/human.txt`,
        "--scores",
        `${dir}/up.txt`,
        "--window",
        "3",
        "--window-svg",
        `${dir}/${given}`,
      );
      assert.equal(code, 0, stderr);
      assert.equal(
        stderr,
        `meta: wrote ${dir}/${base}_pearson.svg and ${dir}/${base}_spearman.svg\n`,
      );
      for (const method of ["pearson", "spearman"]) {
        assert.ok((await Deno.readTextFile(`${dir}/${base}_${method}.svg`)).startsWith("<svg"));
      }
    }
  } finally {
    await cleanup();
  }
});

const PDFLATEX = ["/usr/bin/pdflatex", "/usr/local/bin/pdflatex"].find((p) => {
  try {
    return Deno.statSync(p).isFile;
  } catch {
    return false;
  }
});
if (!PDFLATEX) {
  console.warn(
    "Skipping the LaTeX compile test: no pdflatex (install texlive-latex-recommended).",
  );
}

Deno.test({
  name: "score and meta LaTeX tables compile with pdflatex (booktabs)",
  ignore: !PDFLATEX,
  async fn() {
    const dir = await Deno.makeTempDir({ dir: "/tmp", prefix: "gecscore_latex_" });
    const { dir: meta, cleanup } = await metaFixture();
    try {
      const score = await run(
        ...["score", "--format", "latex", "-m", "m2,imeasure,gleu", "--gold", GOLD],
        ...[SYSTEM2, SYSTEM, "--ci", "--ranks", "--paired", "bs", "--samples", "100"],
        "--sentences",
      );
      const tables = await run(
        ...["meta", "--format", "latex", "--human", `${meta}/human.txt`],
        ...["--scores", `${meta}/up.txt`, "--scores", `${meta}/down.txt`],
        ...["--scores", `${meta}/flat.txt`, "--set", "all=", "--set", "four=-E"],
      );
      assert.equal(score.code + tables.code, 0, score.stderr + tables.stderr);
      await Deno.writeTextFile(
        `${dir}/t.tex`,
        "\\documentclass{article}\\usepackage[T1]{fontenc}\\usepackage{booktabs}\n" +
          `\\begin{document}\n${score.stdout}\n${tables.stdout}\n\\end{document}\n`,
      );
      const result = await new Deno.Command(PDFLATEX!, {
        args: ["-interaction=nonstopmode", "-halt-on-error", "t.tex"],
        cwd: dir,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const log = new TextDecoder().decode(result.stdout);
      assert.equal(result.code, 0, log.split("\n").filter((l) => l.startsWith("!")).join("\n"));
      assert.doesNotMatch(log, /Undefined control sequence|Missing \$ inserted/);
    } finally {
      await cleanup();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
