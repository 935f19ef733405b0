// Gold and system files given as pipes (`--gold <(zcat gold.m2.gz)`, named pipes): a pipe gives
// its lines once, so a run from pipes is read once, whole, and scores what files score. Before,
// a streamed run read each file twice (a check, then the scores) and its fallback a third time:
// a piped gold gave "file is empty" or "has more lines than the gold's 0 sentences", a piped
// system "has 0 lines", and a gold longer than its system, "a named pipe nobody wrote to".

import assert from "node:assert/strict";
import { endlessFifo, gecscore } from "./run_cli.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";

/** A named pipe in `dir` fed `text` once by a writer that waits for its reader. */
async function pipeOf(dir: string, name: string, text: string): Promise<string> {
  const path = `${dir}/${name}`;
  assert.ok((await new Deno.Command("mkfifo", { args: [path] }).output()).success, "mkfifo");
  (async () => {
    const file = await Deno.open(path, { write: true });
    try {
      await file.write(new TextEncoder().encode(text));
    } finally {
      file.close();
    }
  })();
  return path;
}

Deno.test("a gold and a system given as pipes score as the files do, in every output", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_pipes_" });
  try {
    for (const format of ["table", "tsv", "jsonl"]) {
      const extra = format === "jsonl"
        ? ["--format", "jsonl", "--sentences"]
        : ["--format", format];
      const expected = await gecscore("score", "-m", "m2,gleu", ...extra, "--gold", GOLD, SYSTEM);
      assert.equal(expected.code, 0, expected.stderr);
      // The system's pipe has the file's base name, so the tables name it alike.
      await Deno.mkdir(`${dir}/${format}`);
      const gold = await pipeOf(dir, `${format}/gold.m2`, await Deno.readTextFile(GOLD));
      const system = await pipeOf(
        dir,
        `${format}/m2scorer_example_system`,
        await Deno.readTextFile(SYSTEM),
      );
      const piped = await gecscore("score", "-m", "m2,gleu", ...extra, "--gold", gold, system);
      assert.equal(piped.code, 0, piped.stderr);
      assert.equal(piped.stdout.replaceAll(gold, GOLD), expected.stdout);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a piped gold longer than its system is refused with the counts, at once", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_pipes_" });
  try {
    const text = await Deno.readTextFile(GOLD);
    const gold = await pipeOf(dir, "gold", text + text);
    const run = await gecscore("score", "-m", "m2", "--gold", gold, SYSTEM);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, "");
    assert.equal(run.stderr, `gecscore: ${SYSTEM}: has 3 lines but the gold has 6 sentences\n`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a piped gold without end is refused at the pipe bound, naming it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_pipes_" });
  try {
    const gold = `${dir}/gold.m2`;
    const { writer } = await endlessFifo(gold, "S He go home .\n\n".repeat(50_000));
    const run = await gecscore("score", "-m", "m2", "--gold", gold, SYSTEM);
    await writer;
    assert.equal(run.code, 1);
    assert.equal(run.stdout, "");
    assert.equal(
      run.stderr,
      `gecscore: ${gold}: is a pipe that gave more than 16,777,216 characters, the most read ` +
        "from a pipe; give the gold as a file\n",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
