/** The REPL as a first user meets it: a concise `try`, and `--plugin` saying what it loaded. */
import assert from "node:assert/strict";
import { createRegistry } from "../mod.ts";
import { Session } from "../repl/session.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";

Deno.test("REPL try prints the diff, the scores and one line per metric; try -v the rest", async () => {
  const s = new Session({ registry: createRegistry() });
  await s.execute(`load gold ${GOLD}`);
  const short = await s.execute("try The cat sat on the mat .");
  const lines = short.split("\n");
  const metrics = s.registry.metrics.filter((m) => !m.needsHypothesisEdits && !m.gather).length;
  // source, typed, a table of header, rule and one row, two lines a metric, one hint.
  assert.equal(lines.filter((l) => l !== "").length, 2 + 3 + 2 * metrics + 1, short);
  assert.match(short, /^typed {3}The cat sat \[-at-\]\{\+on the\+\} mat \.$/m);
  assert.match(short, /^== m2 {2}\(m2\|.*\)\nM2 P 1\.0000 R 1\.0000 F0\.5 1\.0000: /m);
  assert.match(short, /^\(try -v TEXT: each metric's alignment and counts\)$/m);
  const long = await s.execute("try -v The cat sat on the mat .");
  assert.ok(long.split("\n").length > 4 * lines.length, "the whole explanations");
  assert.match(long, /^Alignment with the chosen reference: /m);
  assert.doesNotMatch(long, /-v/, "-v is an option, not a token");
  await assert.rejects(s.execute("try -v"), /Usage: try \[-v\] TEXT/);
});

Deno.test("gecscore repl --plugin says which plugin it loaded, as load plugin does", async () => {
  for (
    const args of [
      ["repl", "--plugin", "examples/exact_match.ts", "--gold", GOLD],
      ["--plugin", "examples/exact_match.ts", "--plugin-timeout", "5", "repl", "--gold", GOLD],
    ]
  ) {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "cli.ts", ...args],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).output();
    const stdout = new TextDecoder().decode(output.stdout);
    assert.equal(output.code, 0, new TextDecoder().decode(output.stderr));
    assert.match(
      stdout,
      /^Loaded plugin gecscore-example-plugin 1\.0\.0: metrics exact_match, token_edit_rate; formats \(none\)\nLoaded gold /,
    );
  }
});
