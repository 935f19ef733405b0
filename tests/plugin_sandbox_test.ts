/**
 * Hostile and faulty plugins (tests/testdata/plugins/): boxed plugins reach nothing outside,
 * cannot change the built-in metrics, are stopped at their time limit, and every fault is one
 * line naming the plugin, the metric, the sentence and what was wrong.
 */

import assert from "node:assert/strict";
import { runCli } from "./run_cli.ts";
import { createRegistry, readGold, scoreSystems } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { importPlugin, loadPlugin, unloadPlugin } from "../sandbox/loader.ts";
import { assessSignificance } from "../pipeline/significance.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";
const PLUGINS = "tests/testdata/plugins";

Deno.test("a boxed plugin reaches no file, environment, subprocess, network or remote import", async () => {
  const marker = "/tmp/gecscore-snoop-wrote";
  await Deno.remove(marker).catch(() => {});
  // Even with every permission given to the program, the plugin gets none; --cached-only (in
  // the documented commands) keeps its imports from downloading anything.
  const { code, stdout, stderr } = await runCli(["--allow-all", "--cached-only"], [
    "score",
    "--plugin",
    `${PLUGINS}/snoop.ts`,
    "-m",
    "snoop",
    "--gold",
    GOLD,
    SYSTEM,
    "--format",
    "json",
  ]);
  assert.equal(stderr, "");
  assert.equal(code, 0);
  const score = JSON.parse(stdout).systems[0].metrics.snoop;
  assert.equal(score.what, "none");
  assert.equal(score.leaks, 0);
  await assert.rejects(Deno.stat(marker), Deno.errors.NotFound);
});

Deno.test("a plugin that patches a built-in metric changes nothing", async (t) => {
  const m2 = ["-m", "m2", "--gold", GOLD, SYSTEM, "--format", "json"];
  await t.step("score", async () => {
    const clean = await runCli(["--allow-read"], ["score", ...m2]);
    const patched = await runCli(["--allow-read"], [
      "score",
      "--plugin",
      `${PLUGINS}/patch_builtin.ts`,
      ...m2,
    ]);
    assert.equal(clean.code, 0);
    assert.equal(patched.stderr, "");
    assert.equal(patched.stdout, clean.stdout);
    assert.match(clean.stdout, /"signature": "m2\|beta:0\.5\|muw:2\|/);
  });
  await t.step("m2scorer", async () => {
    const clean = await runCli(["--allow-read"], ["m2scorer", SYSTEM, GOLD]);
    const patched = await runCli(["--allow-read"], [
      "--plugin",
      `${PLUGINS}/patch_builtin.ts`,
      "m2scorer",
      SYSTEM,
      GOLD,
    ]);
    assert.equal(patched.stdout, clean.stdout);
    assert.match(clean.stdout, /F_0\.5 +: 0\.8000/);
  });
  await t.step("imported into this program, the frozen built-ins resist", async () => {
    const registry = createRegistry();
    const gold = await readGold(GOLD);
    const systems = [await readHypotheses(SYSTEM, gold.sentences.length)];
    const before = await scoreSystems({ registry, gold, systems, metrics: ["m2"] });
    await importPlugin(`${PLUGINS}/patch_builtin.ts`);
    const after = await scoreSystems({
      registry: createRegistry(),
      gold,
      systems,
      metrics: ["m2"],
    });
    assert.deepEqual(after, before);
  });
});

Deno.test("a runaway plugin is stopped at --plugin-timeout with a one-line error", async () => {
  const start = performance.now();
  const { code, signal, stdout, stderr } = await runCli(["--allow-read"], [
    "--plugin-timeout",
    "1",
    "score",
    "--plugin",
    `${PLUGINS}/runaway.ts`,
    "-m",
    "runaway",
    "--gold",
    GOLD,
    SYSTEM,
  ], 30_000);
  assert.equal(signal, null, "the run hung and was killed");
  assert.equal(code, 1);
  assert.equal(stdout, "");
  assert.match(
    stderr,
    /^gecscore: Plugin runaway 1\.0, metric "runaway", system m2scorer_example_system: did not finish within 1 s \(the plugin time limit\); the plugin was stopped\n$/,
  );
  assert.ok(performance.now() - start < 30_000);
});

Deno.test("a boxed metric's input error reaches the caller as an InputError", async () => {
  const plugin = await loadPlugin(`${PLUGINS}/faulty.ts`);
  const metric = plugin.metrics!.find((m) => m.id === "refuses")!;
  assert.throws(
    () => metric.stats({ source: ["a"], line: 4 }, ["a"], {}),
    /^InputError: gold\.m2:4: the sentence is too long for refuses$/,
  );
  const gold = await readGold(GOLD);
  const systems = [await readHypotheses(SYSTEM, gold.sentences.length)];
  await assert.rejects(
    () =>
      scoreSystems({ registry: createRegistry().use(plugin), gold, systems, metrics: ["refuses"] }),
    /^InputError: gold\.m2:1: the sentence is too long for refuses$/,
  );
});

Deno.test("a runaway plugin called directly is stopped too", async () => {
  const plugin = await loadPlugin(`${PLUGINS}/runaway.ts`, undefined, { timeoutMs: 300 });
  const metric = plugin.metrics![0];
  assert.throws(
    () => metric.stats({ source: ["a"] }, ["a"], {}),
    /^PluginError: Plugin runaway 1\.0, metric "runaway": stats\(\) did not finish within 0\.3 s/,
  );
  assert.throws(() => metric.signature({}), /the plugin was stopped earlier/);
});

Deno.test("plugin faults name the plugin, metric, system, sentence and what was wrong", async (t) => {
  const where = 'Plugin faulty 1\\.0, metric "(\\w+)", system m2scorer_example_system';
  const cases: [string, string[], RegExp][] = [
    [
      "throws",
      [],
      new RegExp(
        `^gecscore: ${where}, sentence 2 \\(${GOLD}:\\d+\\): stats\\(\\) threw Error: boom \\(--debug shows the stack\\)\\n$`,
      ),
    ],
    [
      "nan",
      [],
      new RegExp(
        `^gecscore: ${where}: corpus\\(\\) is wrong: its headline "score" is NaN, not a finite number\\n$`,
      ),
    ],
    [
      "undef",
      ["--sentences"],
      new RegExp(
        `^gecscore: ${where}, sentence 1 \\(${GOLD}:1\\): sentence\\(\\) is wrong: it returned undefined, not a score object\\n$`,
      ),
    ],
    [
      "nohead",
      [],
      new RegExp(
        `^gecscore: ${where}: corpus\\(\\) is wrong: its headline field "score" is missing\\n$`,
      ),
    ],
    [
      "refuses",
      [],
      /^gecscore: gold\.m2:1: the sentence is too long for refuses\n$/,
    ],
    [
      "promise",
      [],
      new RegExp(`^gecscore: ${where}, sentence 1 \\(${GOLD}:1\\): stats\\(\\) returned a promise`),
    ],
  ];
  for (const [id, extra, expected] of cases) {
    for (const jobs of ["1", "2"]) {
      await t.step(`${id}, --jobs ${jobs}`, async () => {
        const { code, stdout, stderr } = await runCli(["--allow-read"], [
          "score",
          "--plugin",
          `${PLUGINS}/faulty.ts`,
          "-m",
          `m2,${id}`,
          "--jobs",
          jobs,
          "--gold",
          GOLD,
          SYSTEM,
          ...extra,
        ]);
        assert.equal(code, 1);
        // A metric refusing a sentence (an input error of its own) leaves the others' scores;
        // a fault of the plugin ends the run with nothing printed.
        if (id === "refuses") assert.match(stdout, /^m2 {2}\(m2\|/);
        else assert.equal(stdout, "");
        assert.match(stderr, expected);
        assert.equal(stderr.match(/\n/g)?.length, 1);
      });
    }
  }
});

Deno.test("clashing metric ids and greedy extensions are refused at load", async (t) => {
  await t.step("a plugin claiming a built-in id", async () => {
    const { code, stdout, stderr } = await runCli(["--allow-read"], [
      "score",
      "--plugin",
      `${PLUGINS}/dup_m2.ts`,
      "--gold",
      GOLD,
      SYSTEM,
    ]);
    assert.equal(code, 2);
    assert.equal(stdout, "");
    assert.match(
      stderr,
      /^gecscore: Plugins gecscore-builtin [\d.]+ and impostor 1\.0 both register metric "m2"; load only one of them\n$/,
    );
  });
  await t.step("two plugins with one id", async () => {
    const registry = createRegistry({ builtins: false });
    registry.use(await loadPlugin(`${PLUGINS}/faulty.ts`));
    await assert.rejects(
      async () => registry.use(await loadPlugin(`${PLUGINS}/faulty.ts`)),
      /Plugins faulty 1\.0 and faulty 1\.0 both register metric "throws"/,
    );
  });
  await t.step("one plugin with two metrics of one id", async () => {
    await assert.rejects(
      loadPlugin(`${PLUGINS}/dup_self.ts`),
      /dup_self\.ts: default export is not a plugin: metrics\[1\] \("twice"\): the id "twice" is also metrics\[0\]'s/,
    );
  });
  await t.step('a format claiming the extension ""', async () => {
    await assert.rejects(
      loadPlugin(`${PLUGINS}/empty_extension.ts`),
      /formats\[0\] \("greedy"\): extension "" must be a dot and a name, like "\.m2"/,
    );
    assert.throws(
      () =>
        createRegistry().use({
          name: "nodot",
          version: "1",
          formats: [{
            id: "nodot",
            description: "",
            extensions: ["m2"],
            parse: () => Promise.reject(new Error("never")),
          }],
        }),
      /format "nodot" claims the extension "m2"; an extension is a dot and a name/,
    );
  });
});

Deno.test("the REPL stops a runaway plugin at its time limit and goes on", async () => {
  const { Session } = await import("../repl/session.ts");
  const session = new Session({ pluginTimeoutMs: 500 });
  await session.execute(`load plugin ${PLUGINS}/runaway.ts`);
  await session.execute(`load gold ${GOLD}`);
  await session.execute(`load hyp ${SYSTEM}`);
  assert.match(await session.execute("score runaway"), /m2scorer_example_system +error/);
  assert.match(
    session.failures.join("\n"),
    /Plugin runaway 1\.0, metric "runaway", system m2scorer_example_system, sentence 1 \(\S+:1\): stats\(\) did not finish within 0\.5 s/,
  );
  assert.match(await session.execute("score m2"), /m2scorer_example_system/);
});

Deno.test("a boxed plugin's printing goes to stderr, and JSON output stays valid", async () => {
  const { code, stdout, stderr } = await runCli(["--allow-read"], [
    "score",
    "--plugin",
    `${PLUGINS}/noisy.ts`,
    "-m",
    "noisy",
    "--gold",
    GOLD,
    SYSTEM,
    "--format",
    "json",
  ]);
  assert.equal(code, 0, stderr);
  assert.equal(JSON.parse(stdout).systems[0].metrics.noisy.score, 1);
  assert.doesNotMatch(stdout, /noisy:/);
  // The top-level await (one timer tick) finished before the plugin was read.
  // Each of its lines is labelled with the plugin.
  const label = "\\[plugin tests/testdata/plugins/noisy\\.ts\\] ";
  assert.match(stderr, new RegExp(`^${label}noisy: loading$`, "m"));
  assert.match(stderr, new RegExp(`^${label}noisy: stats$`, "m"));
  assert.match(stderr, new RegExp(`^${label}noisy: info$`, "m"));
});

Deno.test("a NaN in any score field and a field named signature are refused by name", async (t) => {
  const run = (metric: string) =>
    runCli(["--allow-read"], [
      "score",
      "--plugin",
      `${PLUGINS}/noisy.ts`,
      "-m",
      metric,
      "--gold",
      GOLD,
      SYSTEM,
      "--format",
      "json",
    ]);
  await t.step("NaN", async () => {
    const { code, stdout, stderr } = await run("nan_field");
    assert.equal(code, 1);
    assert.equal(stdout, "");
    assert.match(
      stderr,
      /^gecscore: Plugin noisy 1\.0, metric "nan_field", system m2scorer_example_system: corpus\(\) is wrong: its field "detail\.p" is NaN$/m,
    );
  });
  await t.step("signature", async () => {
    const { code, stdout, stderr } = await run("sig_field");
    assert.equal(code, 1);
    assert.doesNotMatch(stdout, /forged/);
    assert.match(
      stderr,
      /^gecscore: Plugin noisy 1\.0, metric "sig_field", system m2scorer_example_system: corpus\(\) is wrong: it has a field named "signature"/m,
    );
  });
});

Deno.test("a format's malformed corpus and a malformed explanation name the plugin", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_malformed_" });
  try {
    await Deno.writeTextFile(`${dir}/g.badgold`, "x\n");
    await Deno.writeTextFile(`${dir}/sys`, "x\n");
    await t.step("parse()", async () => {
      const { code, stderr } = await runCli(["--allow-read"], [
        "score",
        "--plugin",
        `${PLUGINS}/malformed.ts`,
        "-m",
        "gleu",
        "--gold",
        `${dir}/g.badgold`,
        `${dir}/sys`,
      ]);
      assert.equal(code, 1);
      assert.equal(
        stderr,
        `gecscore: Plugin malformed 1.0, format "bad_gold": parse() returned a malformed corpus (${dir}/g.badgold): sentence 1: "source" must be a list of tokens (strings), found a string\n`,
      );
    });
    await t.step("explain()", async () => {
      const { code, stderr } = await runCli(["--allow-read"], [
        "show",
        "--plugin",
        `${PLUGINS}/malformed.ts`,
        "-m",
        "bad_explain",
        "--gold",
        GOLD,
        SYSTEM,
        "--sentence",
        "1",
      ]);
      assert.equal(code, 1);
      assert.equal(
        stderr,
        'gecscore: Plugin malformed 1.0, metric "bad_explain": explain() returned a malformed explanation: "summary" must be text, found a number\n',
      );
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a plugin that throws while it loads is one line, without Deno's stack block", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_loadfail_" });
  try {
    await Deno.writeTextFile(`${dir}/p.ts`, 'throw new Error("broken at load");\n');
    const { code, stdout, stderr } = await runCli(["--allow-read"], [
      "score",
      "--plugin",
      `${dir}/p.ts`,
      "-m",
      "m2",
      "--gold",
      GOLD,
      SYSTEM,
    ]);
    assert.equal(code, 1);
    assert.equal(stdout, "");
    assert.equal(
      stderr,
      `gecscore: Cannot load plugin ${dir}/p.ts: Error: broken at load (${dir}/p.ts:1:7)\n`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a boxed metric forwards compactColumns, columnLabels, paperColumns, prepare, resampler and accumulator", async () => {
  const plugin = await loadPlugin(`${PLUGINS}/noisy.ts`);
  try {
    const metric = plugin.metrics!.find((m) => m.id === "summed")!;
    assert.deepEqual(metric.compactColumns, ["n"]);
    assert.deepEqual(metric.columnLabels!({}), { n: "sentences" });
    assert.deepEqual(metric.paperColumns!({}), { n: "Summed n" });
    const gold = [{ source: ["a"], references: [["b"]] }];
    const prepared = metric.prepare!({}, {
      gold,
      systems: [
        { name: "A", path: "A", sentences: [["b"]] },
        { name: "B", path: "B", sentences: [["a"]] },
      ],
    });
    assert.deepEqual(prepared, { label: "1 sentences, A,B" });
    assert.deepEqual(metric.columnLabels!(prepared), { n: "1 sentences, A,B" });
    const score = metric.resampler!([{ n: 1 }, { n: 1 }, { n: 1 }], {});
    assert.deepEqual(score(Int32Array.of(0, 2)), { score: 2, n: 2, via: "resampler", first: 3 });
    // Many resamples in one call: the numbers at a path, one per row.
    const batch = (score as { values?: (r: Int32Array, n: number, p: string) => Float64Array })
      .values!;
    assert.deepEqual([...batch(Int32Array.of(0, 1, 2, 0, 1, 2), 3, "first")], [3, 3]);
    // Rows past what the call buffer holds at first (64 KB) grow it; the answers stay right.
    const rows = new Int32Array(3 * 40_000);
    assert.deepEqual([...batch(rows, 3, "n")], new Array(40_000).fill(3));
    // Without its own resampler, the worker scores corpus() of the picked statistics.
    const plain = plugin.metrics!.find((m) => m.id === "noisy")!;
    const values = (plain.resampler!([{ n: 1 }], {}) as unknown as { values: typeof batch })
      .values;
    assert.deepEqual([...values(new Int32Array(4), 2, "score")], [1, 1]);
    assert.throws(() => values(new Int32Array(2), 2, "nothing"), /no number at "nothing"/);
    const fold = metric.accumulator!({});
    fold.add({ n: 1 });
    fold.add({ n: 1 });
    assert.deepEqual(fold.score(), { score: 2, n: 2, via: "accumulator" });
  } finally {
    unloadPlugin(plugin);
  }
});

Deno.test("a boxed metric's intervals and p-values equal the same metric's in-process", async () => {
  const spec = "examples/exact_match.ts";
  const [boxed, trusted] = [await loadPlugin(spec), await importPlugin(spec)];
  try {
    const gold = await readGold(GOLD);
    const systems = await Promise.all(
      [SYSTEM, `${SYSTEM}2`].map((p) => readHypotheses(p, gold.sentences.length)),
    );
    const run = (plugin: typeof boxed, request: Parameters<typeof assessSignificance>[3]) => {
      const metric = plugin.metrics!.find((m) => m.id === "token_edit_rate")!;
      const stats = systems.map((s) => ({
        name: s.name,
        stats: gold.sentences.map((g, i) => metric.stats(g, s.sentences[i], metric.defaults)),
      }));
      return assessSignificance(metric, metric.defaults, stats, request);
    };
    for (
      const request of [
        { test: "bs" as const, samples: 300, ci: true },
        { test: "ar" as const, trials: 300 },
      ]
    ) {
      assert.deepEqual(run(boxed, request), run(trusted, request));
    }
  } finally {
    unloadPlugin(boxed);
  }
});

Deno.test("a boxed plugin's sentence views are forwarded; its commands are refused by name", async () => {
  const plugin = await loadPlugin(`${PLUGINS}/viewer.ts`);
  try {
    const { view } = await import("./testdata/plugins/viewer.ts");
    const input = {
      gold: [{ source: ["a", "b"] }, { source: ["c"] }],
      systems: [[["a"], ["c"]]],
      stats: [[{ n: 1 }, { n: 1 }]],
      options: {},
    };
    assert.equal(plugin.views?.length, 1);
    assert.equal(plugin.views![0].metric, "viewed");
    assert.deepEqual(
      plugin.views![0].sentenceEdits(input as never),
      view.sentenceEdits(input as never),
    );
  } finally {
    unloadPlugin(plugin);
  }
  await assert.rejects(
    loadPlugin(`${PLUGINS}/commander.ts`),
    /^InputError: Plugin tests\/testdata\/plugins\/commander\.ts brings commands \(hello\), which cannot run boxed/,
  );
});

Deno.test("a result that cannot cross to the program is one line naming the plugin, metric and hook", async (t) => {
  for (const kind of ["fn", "deep", "wasm", "symbol"]) {
    for (const jobs of ["1", "2"]) {
      await t.step(`${kind}, --jobs ${jobs}`, async () => {
        const run = (metric: string) =>
          runCli(["--allow-read"], [
            "score",
            "--jobs",
            jobs,
            "--plugin",
            `${PLUGINS}/unclonable.ts?${kind}`,
            "-m",
            metric,
            "--gold",
            GOLD,
            SYSTEM,
          ]);
        const stats = await run("odd");
        assert.equal(stats.code, 1, stats.stderr);
        assert.equal(stats.stdout, "");
        assert.match(
          stats.stderr,
          /^gecscore: Plugin odd 1\.0, metric "odd", system m2scorer_example_system: stats\(\) returned a value that is not plain data \([^\n]+\)\n$/,
        );
        const prepare = await run("oddprep");
        assert.equal(prepare.code, 1, prepare.stderr);
        assert.match(
          prepare.stderr,
          /^gecscore: Plugin odd 1\.0, metric "oddprep": prepare\(\) returned a value that is not plain data \([^\n]+\)\n$/,
        );
      });
    }
  }
});

Deno.test("options from prepare() holding NaN or a BigInt are refused, naming the plugin, metric and hook", async (t) => {
  const cases = [["nan", 'option "n" is NaN'], ["bigint", 'option "b" is a BigInt'], [
    "deepnan",
    'option "w\\.x\\.1" is NaN',
  ]];
  for (const [kind, what] of cases) {
    for (const extra of [["--jobs", "1"], ["--jobs", "2"], ["--format", "json", "--sentences"]]) {
      await t.step(`${kind}, ${extra.join(" ")}`, async () => {
        const run = await runCli(["--allow-read"], [
          "score",
          ...extra,
          "--plugin",
          `${PLUGINS}/unclonable.ts?${kind}`,
          "-m",
          "oddprep",
          "--gold",
          GOLD,
          SYSTEM,
        ]);
        assert.equal(run.code, 1, run.stderr);
        assert.equal(run.stdout, "");
        assert.match(
          run.stderr,
          new RegExp(
            `^gecscore: Plugin odd 1\\.0, metric "oddprep": prepare\\(\\) returned options that cannot be used: ${what}\\n$`,
          ),
        );
      });
    }
  }
});
