/**
 * Hostile and faulty plugins (tests/testdata/plugins/): boxed plugins reach nothing outside,
 * cannot change the built-in metrics, are stopped at their time limit, and every fault is one
 * line naming the plugin, the metric, the sentence and what was wrong.
 */

import assert from "node:assert/strict";
import { createRegistry, readGold, readHypotheses, scoreSystems } from "../mod.ts";
import { importPlugin, loadPlugin } from "../sandbox/loader.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";
const PLUGINS = "tests/testdata/plugins";

/** Run the CLI with the given Deno flags; a run over `limitMs` is killed and fails. */
async function gecscore(flags: string[], args: string[], limitMs = 60_000) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...flags, "cli.ts", ...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const timer = setTimeout(() => child.kill("SIGKILL"), limitMs);
  const output = await child.output();
  clearTimeout(timer);
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return {
    code: output.code,
    signal: output.signal,
    stdout: decode(output.stdout),
    stderr: decode(output.stderr),
  };
}

Deno.test("a boxed plugin reaches no file, environment, subprocess, network or remote import", async () => {
  const marker = "/tmp/gecscore-snoop-wrote";
  await Deno.remove(marker).catch(() => {});
  // Even with every permission given to the program, the plugin gets none; --cached-only (in
  // the documented commands) keeps its imports from downloading anything.
  const { code, stdout, stderr } = await gecscore(["--allow-all", "--cached-only"], [
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
    const clean = await gecscore(["--allow-read"], ["score", ...m2]);
    const patched = await gecscore(["--allow-read"], [
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
    const clean = await gecscore(["--allow-read"], ["m2scorer", SYSTEM, GOLD]);
    const patched = await gecscore(["--allow-read"], [
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
    const before = scoreSystems({ registry, gold, systems, metrics: ["m2"] });
    await importPlugin(`${PLUGINS}/patch_builtin.ts`);
    const after = scoreSystems({ registry: createRegistry(), gold, systems, metrics: ["m2"] });
    assert.deepEqual(after, before);
  });
});

Deno.test("a runaway plugin is stopped at --plugin-timeout with a one-line error", async () => {
  const start = performance.now();
  const { code, signal, stdout, stderr } = await gecscore(["--allow-read"], [
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
  assert.throws(
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
        const { code, stdout, stderr } = await gecscore(["--allow-read"], [
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
        assert.equal(stdout, "");
        assert.match(stderr, expected);
        assert.equal(stderr.match(/\n/g)?.length, 1);
      });
    }
  }
});

Deno.test("clashing metric ids and greedy extensions are refused at load", async (t) => {
  await t.step("a plugin claiming a built-in id", async () => {
    const { code, stdout, stderr } = await gecscore(["--allow-read"], [
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
