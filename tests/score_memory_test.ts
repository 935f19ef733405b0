/**
 * Bounded memory of `score`'s corpus outputs: the table, JSON and TSV outputs without sentence
 * scores or resampling keep no sentence, so 20,000 generated sentences score in a V8 heap far
 * below what holding them takes (the whole-corpus engine needed about 3 GB for 200,000).
 */

import assert from "node:assert/strict";
import { writeCorpus } from "../bench/generate_corpus.ts";
import { runCli } from "./run_cli.ts";

/** Run `cli.ts ARGS` with the old-space heap capped at `heapMb`. */
function scoreWithHeap(heapMb: number, ...args: string[]) {
  return runCli(["--allow-read", `--v8-flags=--max-old-space-size=${heapMb}`], args);
}

Deno.test("score keeps no sentence for its table and JSON outputs (20,000 sentences in a 64 MB heap)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_score_memory" });
  try {
    await writeCorpus(20_000, dir);
    const common = ["--gold", `${dir}/gold.m2`, `${dir}/hyp.txt`, "-m", "m2,gleu"];
    // Before, the whole-corpus engine ran out of a 96 MB heap here (V8's fatal error).
    const table = await scoreWithHeap(64, "score", ...common);
    assert.equal(table.stderr, "");
    assert.equal(table.code, 0);
    assert.match(
      table.stdout,
      /^m2 {2}\(m2\|beta:0\.5\|.*\nhyp\.txt +0\.\d{4} +0\.\d{4} +0\.\d{4}\n/s,
    );
    const json = await scoreWithHeap(64, "score", ...common, "--format", "json");
    assert.equal(json.code, 0, json.stderr);
    // The same numbers as the streamed JSON Lines output's corpus record.
    const jsonl = await scoreWithHeap(64, "score", ...common, "--format", "jsonl");
    assert.equal(jsonl.code, 0, jsonl.stderr);
    const corpus = JSON.parse(jsonl.stdout.trim().split("\n").at(-1)!);
    const whole = JSON.parse(json.stdout);
    assert.equal(whole.systems[0].name, "hyp.txt");
    assert.deepEqual(whole.systems[0].metrics, corpus.systems["hyp.txt"]);
    assert.match(whole.fingerprint, /^[0-9a-f]{8}$/);
    assert.ok(corpus.systems["hyp.txt"].m2.signature.includes(`gold:${whole.fingerprint}`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
