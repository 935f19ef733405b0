/**
 * A boxed plugin and the program's standard streams and process
 * (tests/testdata/plugins/leaky.ts): what it writes reaches the user only as its own labelled
 * lines on standard error, with terminal escapes shown as text, never on standard output (so
 * `--format tsv` and `json` stay the program's own); it reads nothing of the program's standard
 * input; it cannot start a worker, patch the Atomics the box waits with, learn the working
 * folder or the executable, or signal its own process: each is refused inside the plugin, and a
 * plugin that does not catch the refusal fails by name.
 */

import assert from "node:assert/strict";
import { runCli } from "./run_cli.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";
const LEAKY = "tests/testdata/plugins/leaky.ts";
const STDIN = "SECRET-STDIN-LINE\n";

/** Run the CLI with standard input piped (holding STDIN); killed after 60 s. */
const gecscore = (args: string[]) => runCli(["--allow-read", "--no-prompt"], args, 60_000, STDIN);

const score = (metrics: string, ...more: string[]) =>
  gecscore(["score", "--plugin", LEAKY, "-m", metrics, "--gold", GOLD, SYSTEM, ...more]);

Deno.test("a boxed plugin's writes reach only standard error, labelled and sanitised", async (t) => {
  for (const format of ["tsv", "json", "table"]) {
    await t.step(format, async () => {
      const r = await score("m2,forge", "--format", format);
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stdout, /FORGED/);
      if (format === "json") {
        const json = JSON.parse(r.stdout);
        assert.equal(json.systems[0].metrics.m2.f, 0.8);
        // Nothing of standard input was read.
        assert.equal(json.systems[0].metrics.forge.stdin, 0);
      }
      if (format === "tsv") assert.match(r.stdout.split("\n")[1], /^m2scorer_example_system\t/);
      assert.doesNotMatch(r.stdout + r.stderr, /SECRET-STDIN/);
      // No raw control character reaches the terminal; every plugin line is labelled.
      // deno-lint-ignore no-control-regex
      assert.doesNotMatch(r.stderr, /[\u0000-\u0008\u000b-\u001f\u007f]/);
      const mine = r.stderr.split("\n").filter((l) => l.includes("FORGED") || l.includes("owned"));
      assert.ok(mine.length >= 3, r.stderr);
      for (const line of mine) {
        assert.match(line, /^\[plugin tests\/testdata\/plugins\/leaky\.ts\] /);
      }
      assert.match(r.stderr, /\\x1b\]0;owned\\x07\\x1b\[2J\\x1b\[8mhidden/);
    });
  }
});

Deno.test("a boxed plugin cannot run on between calls, locate the program or signal it", async (t) => {
  await t.step("no worker of its own, no patched Atomics", async () => {
    const r = await score("linger", "--format", "json");
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).systems[0].metrics.linger.kept, 0);
  });
  await t.step("no working folder, no executable path", async () => {
    const r = await score("where", "--format", "json");
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).systems[0].metrics.where.known, 0);
    assert.ok(!r.stderr.includes(Deno.cwd()), r.stderr);
    assert.ok(!r.stderr.includes(Deno.execPath()), r.stderr);
  });
  await t.step("no signal to its own process: it fails by name", async () => {
    const r = await score("kill");
    assert.equal(r.signal, null);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stdout, "");
    assert.match(
      r.stderr,
      /^gecscore: Plugin leaky 1\.0, metric "kill".*Deno\.kill.*a boxed plugin may not/m,
    );
  });
});

Deno.test("in the REPL, a boxed plugin reads none of the commands and writes none of the output", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--no-prompt", "repl.ts", "--gold", GOLD, SYSTEM],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(
    new TextEncoder().encode(
      `load plugin ${LEAKY}\ncorpus forge\nset m2.beta 1\ncorpus m2\ncorpus forge\n`,
    ),
  );
  await writer.close();
  const output = await child.output();
  const stdout = new TextDecoder().decode(output.stdout);
  const stderr = new TextDecoder().decode(output.stderr);
  assert.equal(output.code, 0, stderr);
  assert.doesNotMatch(stdout, /FORGED/);
  // The commands after the plugin's call all ran: none was read by the plugin.
  assert.match(stdout, /beta:1\|/);
  assert.equal(stdout.match(/^m2scorer_example_system +0$/gm)?.length, 2, stdout);
  // deno-lint-ignore no-control-regex
  assert.doesNotMatch(stderr, /[\u0000-\u0008\u000b-\u001f\u007f]/);
});
