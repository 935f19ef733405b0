/**
 * `gecscore score` with significance options: table, JSON and TSV output, reproducibility,
 * the example plugin, and one-line errors for bad values.
 */
import assert from "node:assert/strict";
import { main } from "../cli.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";
const SYSTEM2 = "tests/testdata/m2scorer_example_system2";

async function run(...args: string[]) {
  let stdout = "", stderr = "";
  const code = await main(args, { out: (t) => stdout += t, err: (t) => stderr += t });
  return { code, stdout, stderr };
}

/** A gold of 40 one-error sentences; `good` fixes every error, `bad` none. */
async function clearCase(): Promise<{ gold: string; good: string; bad: string }> {
  const dir = await Deno.makeTempDir();
  const blocks = Array.from(
    { length: 40 },
    (_, i) => `S w${i} is here\nA 1 2|||Vform|||are|||REQUIRED|||-NONE-|||0\n`,
  );
  const paths = { gold: `${dir}/gold.m2`, good: `${dir}/good`, bad: `${dir}/bad` };
  await Deno.writeTextFile(paths.gold, blocks.join("\n"));
  await Deno.writeTextFile(
    paths.good,
    Array.from({ length: 40 }, (_, i) => `w${i} are here\n`).join(""),
  );
  await Deno.writeTextFile(
    paths.bad,
    Array.from({ length: 40 }, (_, i) => `w${i} is here\n`).join(""),
  );
  return paths;
}

Deno.test("gecscore score --paired bs shows the interval's bounds, p-values and the signature", async () => {
  const { gold, good, bad } = await clearCase();
  const ok = await run("score", "--gold", gold, bad, good, "-m", "m2", "--paired", "bs");
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(ok.stderr, "");
  assert.match(
    ok.stdout,
    /^m2 {2}\(m2\|beta:0\.5\|muw:2\|v:1\.0\|nrefs:1\|gold:[0-9a-f]{8}\|gecscore:[^|]+\|bs:1000\|seed:12345\)$/m,
  );
  // The bounds, not mean ± half-width (issue 37 item 7: a bootstrap interval is seldom
  // symmetric), headed with the column's label.
  assert.match(ok.stdout, /F0\.5 95% CI +p \(bs\)$/m);
  assert.doesNotMatch(ok.stdout, /±/);
  // bad: nothing proposed, F 0 on every resample; good: F 1 on every resample.
  assert.match(ok.stdout, /^bad .* \[0\.0000, 0\.0000\] +baseline$/m);
  assert.match(ok.stdout, /^good .* \[1\.0000, 1\.0000\] +0\.0010\*$/m);
});

Deno.test("gecscore score --format json carries p_value and ci beside the score", async () => {
  const args = ["score", "--gold", GOLD, SYSTEM, SYSTEM2, "-m", "m2", "--format", "json"];
  const { code, stdout } = await run(...args, "--paired", "ar", "--ci", "--samples", "300");
  assert.equal(code, 0);
  const report = JSON.parse(stdout);
  assert.deepEqual(report.significance, {
    baseline: "m2scorer_example_system",
    test: "ar",
    samples: 1000,
    trials: 300,
    seed: 12345,
    alpha: 0.05,
  });
  const [base, other] = report.systems.map((s: { metrics: { m2: unknown } }) => s.metrics.m2);
  assert.match(
    base.signature,
    /^m2\|beta:0\.5\|muw:2\|v:1\.0\|nrefs:2\|gold:[0-9a-f]{8}\|gecscore:[^|]+\|ar:300\|bs:1000\|seed:12345$/,
  );
  assert.equal(base.f, 0.8);
  assert.equal(base.p_value, undefined);
  assert.deepEqual(Object.keys(other.ci), ["mean", "lower", "upper", "half_width"]);
  assert.ok(other.p_value > 0 && other.p_value <= 1);
  assert.equal(other.tested, "f");
  // The same seed gives the same numbers; another seed other resamples.
  assert.equal((await run(...args, "--paired", "ar", "--ci", "--samples", "300")).stdout, stdout);
  const seeded = JSON.parse((await run(...args, "--ci", "--seed", "7")).stdout);
  assert.notDeepEqual(seeded.systems[1].metrics.m2.ci, other.ci);
  assert.match(seeded.systems[1].metrics.m2.signature, /\|bs:1000\|seed:7$/);
});

Deno.test("gecscore score --format tsv has ci, p_value and rank rows", async () => {
  const { code, stdout } = await run(
    "score",
    "--gold",
    GOLD,
    SYSTEM,
    SYSTEM2,
    "-m",
    "m2",
    "--format",
    "tsv",
    "--paired",
    "bs",
    "--ranks",
  );
  assert.equal(code, 0);
  assert.match(stdout, /^m2scorer_example_system2\tm2\tall\tci\.half_width\t[\d.]+$/m);
  assert.match(stdout, /^m2scorer_example_system2\tm2\tall\tp_value\t[\d.]+$/m);
  assert.match(stdout, /^m2scorer_example_system\tm2\tall\trank\t1-2$/m);
});

Deno.test("gecscore score gives the example plugin intervals, p-values and ranks", async () => {
  const { code, stdout, stderr } = await run(
    "score",
    "--plugin",
    "examples/exact_match.ts",
    "-m",
    "exact_match,token_edit_rate",
    "--gold",
    GOLD,
    SYSTEM,
    SYSTEM2,
    "--paired",
    "bs",
    "--ranks",
  );
  assert.equal(stderr, "");
  assert.equal(code, 0);
  assert.match(stdout, /accuracy 95% CI +p \(bs\) +rank$/m);
  assert.match(stdout, /rate 95% CI +p \(bs\) +rank$/m);
});

Deno.test("gecscore score rejects bad significance options in one line", async () => {
  const base = ["score", "--gold", GOLD, SYSTEM, SYSTEM2, "-m", "m2"];
  for (
    const [args, message] of [
      [["--paired", "t"], 'gecscore: --paired must be bs or ar, got "t"\n'],
      [
        ["--ci", "--samples", "0"],
        "gecscore: --samples must be a whole number of at least 1, got 0\n",
      ],
      [
        ["--ci", "--samples", "2000000"],
        "gecscore: --samples must be a whole number from 1 to 1000000, got 2000000\n",
      ],
      [["--ci", "--seed=-1"], "gecscore: --seed must be a whole number of at least 0, got -1\n"],
      [["--samples", "10"], "gecscore: --samples needs --paired bs|ar, --ci or --ranks\n"],
      [["--ci", "--headline", "m2"], 'gecscore: --headline must be METRIC=PATH, got "m2"\n'],
      [
        ["--ci", "--headline", "gleu=gleu"],
        "gecscore: A tested path is given for metric gleu, which this run does not score; it scores m2\n",
      ],
    ] as const
  ) {
    const { code, stdout, stderr } = await run(...base, ...args);
    assert.equal(stderr, message, args.join(" "));
    assert.equal(code, 2);
    assert.equal(stdout, "");
  }
});

Deno.test("gecscore score --format json keeps GLEU's own ci beside the bootstrap ci", async () => {
  const args = ["score", "--gold", GOLD, SYSTEM, SYSTEM2, "-m", "gleu", "--format", "json"];
  const plain = JSON.parse((await run(...args)).stdout).systems[1].metrics.gleu;
  const { code, stdout } = await run(...args, "--ci", "--samples", "200");
  assert.equal(code, 0);
  const gleu = JSON.parse(stdout).systems[1].metrics.gleu;
  // GLEU's interval from its reference sampling survives under metric_ci; ci is the bootstrap's.
  assert.ok(Array.isArray(plain.ci));
  assert.deepEqual(gleu.metric_ci, plain.ci);
  assert.equal(gleu.gleu, plain.gleu);
  assert.deepEqual(Object.keys(gleu.ci), ["mean", "lower", "upper", "half_width"]);
});
