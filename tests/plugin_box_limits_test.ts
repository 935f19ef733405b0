/**
 * The box's bounds: a boxed plugin's memory (V8 heap and ArrayBuffers, in a call or in the
 * background), what it may import (its own folder's files, gecscore's modules, npm:), and a
 * plugin that cannot load at all: each one line naming the plugin file, never Deno's own block
 * or a fatal error of the whole process.
 */

import assert from "node:assert/strict";
import { runCli } from "./run_cli.ts";
import { loadPlugin, unloadPlugin } from "../sandbox/loader.ts";
import { maxPluginMemoryMb } from "../sandbox/host.ts";
import { PluginError, UsageError } from "../plugins/errors.ts";
import type { AnyMetric } from "../plugins/types.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";
const PLUGINS = "tests/testdata/plugins";
const SENTENCE = { source: ["a"], references: [["b"]] };

/** Run the CLI as the `gecscore` task does; a run over `limitMs` is killed and fails. */
function gecscore(args: string[], limitMs = 60_000, read = "--allow-read") {
  return runCli([read, "--no-prompt"], args, limitMs);
}

/**
 * Wait for the memory of a stopped plugin's worker to come back: Deno's `Worker.terminate()`
 * does not interrupt a worker busy in JavaScript, so a bomb stopped by the limit runs on to
 * its cap (800 MB) before its worker ends (the command line exits at once instead).
 */
async function settle(): Promise<void> {
  const end = Date.now() + 20_000;
  let last = Infinity;
  while (Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rss = Deno.memoryUsage().rss;
    if (rss < 400 * 2 ** 20 && rss >= last - 2 ** 20) return;
    last = rss;
  }
}

function metricOf(plugin: { metrics?: readonly AnyMetric[] }): AnyMetric {
  return plugin.metrics![0];
}

Deno.test("a boxed plugin that grows its heap is stopped at the memory limit, named", async () => {
  const plugin = await loadPlugin(`${PLUGINS}/heap_bomb.ts`, undefined, { memoryMb: 96 });
  try {
    const metric = metricOf(plugin);
    assert.throws(
      () => metric.stats(SENTENCE, ["b"], metric.defaults),
      (error: Error) => {
        assert.ok(error instanceof PluginError, String(error));
        assert.match(
          error.message,
          /^Plugin tests\/testdata\/plugins\/heap_bomb\.ts \(heap_bomb 1\.0\) was stopped: it went over the plugin memory limit of 96 MB \(\d+ MB\)$/,
        );
        return true;
      },
    );
    // Stopped for good: later calls say the same.
    assert.throws(() => metric.signature(metric.defaults), /memory limit of 96 MB/);
  } finally {
    unloadPlugin(plugin);
    await settle();
  }
});

Deno.test("a boxed plugin that fills ArrayBuffers is stopped at the memory limit", async () => {
  const plugin = await loadPlugin(`${PLUGINS}/buffer_bomb.ts`, undefined, { memoryMb: 96 });
  try {
    const metric = metricOf(plugin);
    assert.throws(
      () => metric.stats(SENTENCE, ["b"], metric.defaults),
      /buffer_bomb\.ts \(buffer_bomb 1\.0\) was stopped: it went over the plugin memory limit of 96 MB/,
    );
  } finally {
    unloadPlugin(plugin);
    await settle();
  }
});

Deno.test("a boxed plugin runs nothing in the background while this thread is busy", async () => {
  const plugin = await loadPlugin(`${PLUGINS}/buffer_bomb.ts?background`, undefined, {
    memoryMb: 96,
  });
  try {
    const before = Deno.memoryUsage().rss;
    // Synchronous work here (as a built-in metric's): this thread cannot watch anything.
    const end = Date.now() + 1500;
    while (Date.now() < end) {
      // Busy.
    }
    const grown = (Deno.memoryUsage().rss - before) / 2 ** 20;
    assert.ok(grown < 96, `the program grew by ${grown.toFixed(0)} MB meanwhile`);
    // Its timer runs while a call is waited for, and is stopped at the limit.
    const metric = metricOf(plugin);
    assert.throws(
      () => {
        for (let i = 0; i < 20; i++) metric.stats(SENTENCE, ["b"], metric.defaults);
      },
      /buffer_bomb\.ts\?background \(buffer_bomb 1\.0\) was stopped: it went over the plugin memory limit of 96 MB/,
    );
  } finally {
    unloadPlugin(plugin);
    await settle();
  }
});

Deno.test("the plugin memory limit is checked: from 16 MB to three quarters of V8's heap", async () => {
  for (const memoryMb of [0, 15, maxPluginMemoryMb() + 1, NaN]) {
    await assert.rejects(
      loadPlugin(`${PLUGINS}/heap_bomb.ts`, undefined, { memoryMb }),
      (error: Error) => error instanceof UsageError && /memory limit must be/.test(error.message),
    );
  }
});

Deno.test("gecscore --plugin-memory stops a memory bomb with one line and exit 1", async () => {
  for (const bomb of ["heap_bomb", "buffer_bomb"]) {
    const run = await gecscore([
      "--plugin-memory",
      "96",
      "--plugin",
      `${PLUGINS}/${bomb}.ts`,
      "score",
      "-m",
      bomb,
      "--gold",
      GOLD,
      SYSTEM,
    ]);
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stdout, "");
    assert.match(
      run.stderr,
      new RegExp(
        `^gecscore: Plugin ${PLUGINS}/${bomb}\\.ts \\(${bomb} 1\\.0\\) was stopped: it went over the plugin memory limit of 96 MB \\(\\d+ MB\\)\\n$`,
      ),
    );
  }
  const bad = await gecscore(["--plugin-memory", "lots", "list"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^gecscore: --plugin-memory needs a whole number of MB/);
});

Deno.test("a plugin with a syntax error is one line naming the file and line, nothing from Deno", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_syntax_" });
  try {
    await Deno.writeTextFile(
      `${dir}/p.ts`,
      'export default { name: "p", version: "1",\n  metrics: [ oops oops ] };\n',
    );
    for (const debug of [[], ["--debug"]]) {
      const run = await gecscore([
        ...debug,
        "--plugin",
        `${dir}/p.ts`,
        "score",
        "--gold",
        GOLD,
        SYSTEM,
      ]);
      assert.equal(run.code, 1);
      assert.equal(run.stdout, "");
      assert.equal(
        run.stderr,
        `gecscore: Cannot load plugin ${dir}/p.ts: syntax error in ${dir}/p.ts:2:19: Expected ',', got 'oops'\n`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a boxed plugin imports its own folder's modules and JSON, and no JSON outside it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_imports_" });
  const outside = await Deno.makeTempFile({ prefix: "gecscore_secret_", suffix: ".json" });
  try {
    await Deno.writeTextFile(outside, '{ "secret": "gold" }\n');
    await Deno.mkdir(`${dir}/lib`);
    await Deno.writeTextFile(`${dir}/lib/data.json`, '{ "answer": 42 }\n');
    await Deno.writeTextFile(
      `${dir}/lib/helper.ts`,
      'import data from "./data.json" with { type: "json" };\nexport const answer = () => data.answer;\n',
    );
    const metric = (body: string) =>
      `export default { name: "p", version: "1", metrics: [{ id: "p", description: "p", ` +
      `version: "1", defaults: {}, needs: [], headline: "x", stats: () => ({}), ` +
      `corpus: () => ({ x: ${body} }), sentence: () => ({ x: 0 }), ` +
      `explain: () => ({ summary: "", blocks: [] }), signature: () => "p" }] };\n`;
    await Deno.writeTextFile(
      `${dir}/own.ts`,
      'import { answer } from "./lib/helper.ts";\nimport width from "npm:string-width@7.2.0";\n' +
        metric("answer() + width('ab')"),
    );
    await Deno.writeTextFile(
      `${dir}/leak.ts`,
      `import secret from ${JSON.stringify(outside)} with { type: "json" };\n` +
        metric("secret.secret.length"),
    );
    const own = await loadPlugin(`${dir}/own.ts`);
    try {
      const m = metricOf(own);
      assert.deepEqual(m.corpus([], m.defaults), { x: 44 });
    } finally {
      unloadPlugin(own);
    }
    await assert.rejects(
      loadPlugin(`${dir}/leak.ts`),
      (error: Error) => {
        assert.equal(error.name, "InputError");
        assert.equal(
          error.message,
          `Cannot load plugin ${dir}/leak.ts: it imports ${outside} (imported by ${dir}/leak.ts:1:20), ` +
            "which a boxed plugin may not load: it may import modules and JSON files in its own " +
            "folder, gecscore's modules, npm: and jsr: packages. Run it with --debug only if you trust it",
        );
        return true;
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(outside);
  }
});

Deno.test("a boxed plugin gets no more than the program may read: one line when less", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_outside_" });
  try {
    await Deno.writeTextFile(`${dir}/p.ts`, 'export default { name: "p", version: "1" };\n');
    const run = await gecscore(
      ["--plugin", `${dir}/p.ts`, "score", "--gold", GOLD, SYSTEM],
      60_000,
      "--allow-read=.",
    );
    assert.equal(run.code, 1);
    assert.equal(run.stdout, "");
    assert.equal(
      run.stderr,
      `gecscore: Cannot load plugin ${dir}/p.ts: ${dir}/p.ts: this program may not read ` +
        "(give it read access to the plugin's folder)\n",
    );
    // Inside what the program may read, the example plugin loads as before.
    const ok = await gecscore(
      ["--plugin", "examples/exact_match.ts", "score", "-m", "exact_match", "--gold", GOLD, SYSTEM],
      60_000,
      "--allow-read=.",
    );
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /m2scorer_example_system\s+0\.3333/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the REPL names a plugin stopped at its memory limit, not as an internal error", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--no-prompt",
      "repl.ts",
      "--plugin-memory",
      "96",
      "--gold",
      GOLD,
      SYSTEM,
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(
    new TextEncoder().encode(`load plugin ${PLUGINS}/heap_bomb.ts\ncorpus heap_bomb\n`),
  );
  await writer.close();
  const output = await child.output();
  const stderr = new TextDecoder().decode(output.stderr);
  assert.match(
    stderr,
    /^error: line 2: Plugin tests\/testdata\/plugins\/heap_bomb\.ts \(heap_bomb 1\.0\) was stopped: it went over the plugin memory limit of 96 MB \(\d+ MB\)$/m,
  );
  assert.doesNotMatch(stderr, /internal error|\n\s+at /);
});

Deno.test("a stopped plugin whose thread runs on ends the REPL in one line, not by V8's limit", async (t) => {
  // Stopped at 96 MB, each bomb runs on to about 800 MB (Deno cannot interrupt its thread):
  // heap_bomb in a call, load_bomb while it loads.
  const cases: [string, string, RegExp][] = [
    [
      "heap_bomb",
      "corpus heap_bomb\n",
      /^gecscore repl: Plugin tests\/testdata\/plugins\/heap_bomb\.ts \(heap_bomb 1\.0\) was stopped \(it went over the plugin memory limit of 96 MB \(\d+ MB\)\) but its thread runs on \(Deno cannot interrupt it\) and went over the plugin memory limit of 96 MB again; ending the REPL$/m,
    ],
    [
      "load_bomb",
      "",
      /^gecscore repl: Plugin tests\/testdata\/plugins\/load_bomb\.ts was stopped \(it failed to load\) but its thread runs on \(Deno cannot interrupt it\) and went over the plugin memory limit of 96 MB again; ending the REPL$/m,
    ],
  ];
  for (const [bomb, command, expected] of cases) {
    await t.step(bomb, async () => {
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--allow-read",
          "--no-prompt",
          "repl.ts",
          "--plugin-memory",
          "96",
          "--gold",
          GOLD,
          SYSTEM,
        ],
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
        env: { NO_COLOR: "1" },
      }).spawn();
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      const writer = child.stdin.getWriter();
      // Standard input stays open: the REPL waits for the next command meanwhile.
      await writer.write(
        new TextEncoder().encode(`load plugin ${PLUGINS}/${bomb}.ts\n${command}`),
      );
      const output = await child.output();
      clearTimeout(timer);
      await writer.close().catch(() => {});
      const stderr = new TextDecoder().decode(output.stderr);
      assert.equal(output.signal, null, `killed; stderr: ${stderr}`);
      assert.equal(output.code, 1, stderr);
      assert.match(stderr, expected);
    });
  }
});
