/** A mistyped command or option is answered with the one meant, when one is close enough. */

import assert from "node:assert/strict";
import { closest } from "../plugins/command_args.ts";

async function run(...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--no-prompt", "cli.ts", ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

Deno.test("closest() finds the word meant, and nothing when none is close or two are", () => {
  assert.equal(closest("socre", ["score", "show", "list"]), "score");
  assert.equal(closest("sentance", ["sentences", "sentence", "format"]), "sentence");
  assert.equal(closest("jbos", ["jobs", "ci"]), "jobs");
  assert.equal(closest("zzz", ["score", "show"]), undefined);
  assert.equal(closest("ab", ["ac", "ad"]), undefined); // a tie
});

Deno.test("the command line suggests a command and an option", async () => {
  let r = await run("socre", "x");
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^gecscore: Unknown command "socre" \(did you mean score\?\); commands: /);
  r = await run("score", "--glod", "x");
  assert.equal(r.code, 2);
  assert.equal(
    r.stderr,
    "gecscore: score: Unknown option '--glod' (did you mean --gold?); see gecscore help score\n",
  );
  r = await run("zzz");
  assert.doesNotMatch(r.stderr, /did you mean/);
});
