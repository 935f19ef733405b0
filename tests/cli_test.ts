import assert from "node:assert/strict";
import { gecscore } from "./run_cli.ts";

const EXAMPLE = "examples/exact_match.ts";
const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";
const SYSTEM2 = "tests/testdata/m2scorer_example_system2";
const BAD = "tests/testdata/bad";

Deno.test("gecscore score --plugin works end to end in table, json and tsv", async (t) => {
  const common = ["score", "--plugin", EXAMPLE, "--gold", GOLD, SYSTEM, SYSTEM2];
  await t.step("table", async () => {
    const { code, stdout, stderr } = await gecscore(...common, "--wide");
    assert.equal(stderr, "");
    assert.equal(code, 0);
    assert.match(
      stdout,
      /^exact_match {2}\(exact_match\|case:yes\|refs:plain\|v:1\.0\|nrefs:2\|gold:[0-9a-f]{8}\|gecscore:[^)]+\)$/m,
    );
    assert.match(stdout, /^m2scorer_example_system2 +1 +3 +0\.3333$/m);
    assert.match(stdout, /^m2scorer_example_system +2 +16 +0\.1250$/m);
  });
  await t.step("json", async () => {
    const { code, stdout } = await gecscore(...common, "--format", "json", "--sentences");
    assert.equal(code, 0);
    const report = JSON.parse(stdout);
    assert.equal(report.gold, GOLD);
    assert.deepEqual(report.systems.map((s: { name: string }) => s.name), [
      "m2scorer_example_system",
      "m2scorer_example_system2",
    ]);
    const first = report.systems[0];
    const { signature, ...score } = first.metrics.token_edit_rate;
    assert.match(signature, /^token_edit_rate\|case:yes\|refs:plain\|v:1\.0\|nrefs:2\|gold:/);
    assert.deepEqual(score, {
      edits: 2,
      length: 16,
      rate: 0.125,
    });
    assert.equal(first.sentences.length, 3);
    assert.deepEqual(first.sentences[1].exact_match, { matches: 1, sentences: 1, accuracy: 1 });
  });
  await t.step("tsv", async () => {
    const { code, stdout } = await gecscore(...common, "--format", "tsv", "-m", "exact_match");
    assert.equal(code, 0);
    const rows = stdout.trimEnd().split("\n").map((l) => l.split("\t"));
    assert.deepEqual(rows[0], ["system", "metric", "sentence", "field", "value"]);
    assert.deepEqual(rows[3], [
      "m2scorer_example_system",
      "exact_match",
      "all",
      "accuracy",
      String(1 / 3),
    ]);
    assert.equal(rows.length, 1 + 2 * 3);
  });
  await t.step("options", async () => {
    const { code, stdout } = await gecscore(
      ...common,
      "--format",
      "json",
      "-m",
      "exact_match",
      "--opt",
      "exact_match.references=conll2014",
    );
    assert.equal(code, 0);
    assert.match(
      JSON.parse(stdout).systems[0].metrics.exact_match.signature,
      /^exact_match\|case:yes\|refs:conll2014\|v:1\.0\|/,
    );
  });
});

Deno.test("gecscore show prints each metric's explanation for one sentence", async () => {
  const { code, stdout } = await gecscore(
    "show",
    "--plugin",
    EXAMPLE,
    "--gold",
    GOLD,
    SYSTEM,
    "--sentence",
    "3",
  );
  assert.equal(code, 0);
  assert.match(stdout, /^source {5}: Giant otters is an apex predator \.$/m);
  assert.match(stdout, /^== token_edit_rate/m);
  assert.match(stdout, /^1 token edits to reference 1 \(6 tokens\)$/m);
});

Deno.test("gecscore list shows metrics with their options, and formats", async () => {
  const { code, stdout } = await gecscore("list", "--plugin", EXAMPLE);
  assert.equal(code, 0);
  assert.match(stdout, /^ {4}exact_match\.references="plain" \(plain\|conll2014\)/m);
  assert.match(stdout, /^ {2}m2 \(\.m2\): /m);
});

Deno.test("gecscore gives one-line errors and exit 1 on bad input, never a stack trace", async (t) => {
  const cases: [string, string[], RegExp][] = [
    [
      "truncated M2 line",
      ["--gold", `${BAD}/truncated.m2`, SYSTEM],
      /truncated\.m2:2: expected "A start end/,
    ],
    [
      "non-numeric offsets",
      ["--gold", `${BAD}/non_numeric.m2`, SYSTEM],
      /non_numeric\.m2:2: expected two integer token offsets/,
    ],
    [
      "end before start",
      ["--gold", `${BAD}/end_before_start.m2`, SYSTEM],
      /end_before_start\.m2:2: expected start <= end/,
    ],
    [
      "offsets beyond the sentence",
      ["--gold", `${BAD}/beyond.m2`, SYSTEM],
      /beyond\.m2:2: expected offsets within the sentence's 3 tokens/,
    ],
    [
      "unknown line prefix",
      ["--gold", `${BAD}/unknown_prefix.m2`, SYSTEM],
      /unknown_prefix\.m2:3: expected a line starting with "S " or "A "/,
    ],
    [
      "missing gold",
      ["--gold", `${BAD}/missing.m2`, SYSTEM],
      /missing\.m2: cannot open file: no such file/,
    ],
    [
      "missing system",
      ["--gold", GOLD, `${BAD}/missing.txt`],
      /missing\.txt: cannot open file: no such file/,
    ],
    ["empty gold", ["--gold", `${BAD}/empty.m2`, SYSTEM], /empty\.m2: file is empty/],
    [
      "empty system",
      ["--gold", GOLD, `${BAD}/empty_hyp.txt`],
      /empty_hyp\.txt: has 0 lines but the gold has 3 sentences/,
    ],
    [
      "too few lines",
      ["--gold", GOLD, `${BAD}/one_line.txt`],
      /one_line\.txt: has 1 line but the gold has 3 sentences/,
    ],
    [
      "too many lines",
      ["--gold", GOLD, `${BAD}/four_lines.txt`],
      /four_lines\.txt: has more than 3 lines but the gold has 3 sentences/,
    ],
    [
      "not UTF-8",
      ["--gold", GOLD, `${BAD}/not_utf8.txt`],
      /not_utf8\.txt:1: line is not valid UTF-8/,
    ],
    [
      "bad plugin",
      ["--gold", GOLD, SYSTEM, "--plugin", "tests/testdata/plugins/not_a_plugin.ts"],
      /default export is not a plugin/,
    ],
  ];
  for (const [name, args, expected] of cases) {
    await t.step(name, async () => {
      const { code, stdout, stderr } = await gecscore("score", "--plugin", EXAMPLE, ...args);
      assert.equal(code, 1, stderr);
      assert.equal(stdout, "", "nothing written on stdout");
      assert.match(stderr, expected);
      assert.equal(stderr.trimEnd().split("\n").length, 1, `one line: ${stderr}`);
      assert.doesNotMatch(stderr, /\bat .*:\d+:\d+/, "no stack trace");
    });
  }
});

Deno.test("gecscore gives one-line errors and exit 2 on bad usage", async (t) => {
  const cases: [string, string[], RegExp][] = [
    ["unknown command", ["frobnicate"], /Unknown command "frobnicate"; commands: score, /],
    [
      "unknown option",
      ["score", "--gold", GOLD, "--bogus", SYSTEM],
      /score: Unknown option '--bogus'/,
    ],
    [
      "unknown metric",
      ["score", "--gold", GOLD, "-m", "nope", SYSTEM],
      /Unknown metric "nope"; known metrics: /,
    ],
    ["unknown metric option", [
      "score",
      "--plugin",
      EXAMPLE,
      "--gold",
      GOLD,
      "--opt",
      "exact_match.x=1",
      SYSTEM,
    ], /Unknown option exact_match\.x; valid: exact_match\.ignore_case, exact_match\.references/],
    ["bad option value", [
      "score",
      "--plugin",
      EXAMPLE,
      "--gold",
      GOLD,
      "--opt",
      "exact_match.references=odd",
      SYSTEM,
    ], /exact_match\.references must be one of plain, conll2014/],
    [
      "malformed --opt",
      ["score", "--gold", GOLD, "--opt", "beta", SYSTEM],
      /Cannot parse option "beta": expected METRIC\.NAME=VALUE/,
    ],
    [
      "bad output format",
      ["score", "--gold", GOLD, "--format", "xml", SYSTEM],
      /Unknown output format "xml"; valid: table, json, tsv/,
    ],
    ["no systems", ["score", "--gold", GOLD], /give at least one system output file/],
    ["no gold", ["score", SYSTEM], /give --gold GOLD, or --src SRC/],
    [
      "score --src without --ref",
      ["score", "--src", SYSTEM, SYSTEM],
      /^gecscore: score: give --gold GOLD/,
    ],
    [
      "score --gold with --ref",
      ["score", "--gold", GOLD, "--ref", SYSTEM, SYSTEM],
      /^gecscore: score: give either --gold or --src with --ref, not both/,
    ],
    [
      "report without gold",
      ["report", "-o", "-", SYSTEM],
      /^gecscore: report: give --gold GOLD, or --src SRC with at least one --ref REF/,
    ],
    [
      "report --gold with --src",
      ["report", "-o", "-", "--gold", GOLD, "--src", SYSTEM, SYSTEM],
      /^gecscore: report: give either --gold or --src with --ref, not both/,
    ],
    [
      "show out of range",
      ["show", "--plugin", EXAMPLE, "--gold", GOLD, SYSTEM, "--sentence", "9"],
      /--sentence must be a whole number from 1 to 3, got 9/,
    ],
  ];
  for (const [name, args, expected] of cases) {
    await t.step(name, async () => {
      const { code, stdout, stderr } = await gecscore(...args);
      assert.equal(code, 2, stderr);
      assert.equal(stdout, "");
      assert.match(stderr, expected);
      assert.equal(stderr.trimEnd().split("\n").length, 1, `one line: ${stderr}`);
    });
  }
});

Deno.test("gecscore help describes every command", async () => {
  const { code, stdout } = await gecscore("help");
  assert.equal(code, 0);
  const commands = [...stdout.matchAll(/^ {2}(\w+) {2,}/gm)].map((m) => m[1]);
  assert.ok(commands.includes("score") && commands.includes("list"));
  for (const command of commands.filter((c) => c !== "help")) {
    const help = await gecscore("help", command);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage:/, command);
  }
});

Deno.test("gecscore score bounds annotators by default and --max-annotators raises it", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const lines = ["S The cat sat ."];
    for (let id = 0; id < 101; id++) lines.push(`A 1 2|||N|||dog|||REQUIRED|||-NONE-|||${id}`);
    await Deno.writeTextFile(`${dir}/gold.m2`, lines.join("\n") + "\n");
    await Deno.writeTextFile(`${dir}/system`, "The dog sat .\n");
    const args = ["score", "--gold", `${dir}/gold.m2`, `${dir}/system`, "-m", "m2", "--wide"];
    let r = await gecscore(...args);
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stderr,
      /gold\.m2:102: expected at most 100 distinct annotators, found a new one \("100"\) past the limit \(--max-annotators\)\n$/,
    );
    assert.equal(r.stderr.trim().split("\n").length, 1);
    r = await gecscore(...args, "--max-annotators", "101");
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^system +1 +0 +0 +1 +1 +1$/m);
    r = await gecscore(...args, "--max-annotators", "0");
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--max-annotators must be a whole number >= 1, got "0"/);
    r = await gecscore(...args, "--max-line-length", "10");
    assert.equal(r.code, 1);
    assert.match(r.stderr, /gold\.m2:1: line is longer than 10 characters/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
