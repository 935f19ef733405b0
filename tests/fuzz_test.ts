/**
 * Fuzzing every reader (M2, I-measure XML, text, hypothesis files, the meta-evaluation's WMT
 * scores, pairwise CSV and Appraise XML) and the command line with seeded random bytes,
 * random strings and mutated valid inputs (truncations, inserted `|||`, huge and negative
 * numbers, NUL, lone surrogates, CR, byte order marks, XML markup). Each must give a valid
 * result or a one-line `InputError` naming its file; never another exception, never a hang.
 *
 * The cases run in a worker (`fuzz_worker.ts`): a case that takes longer than `CASE_LIMIT_MS`
 * ends the worker and fails the test, naming the case. `GECSCORE_FUZZ_SEED` and
 * `GECSCORE_FUZZ_CASES` run other seeds or more cases.
 */

import assert from "node:assert/strict";

const SEED = Number(Deno.env.get("GECSCORE_FUZZ_SEED") ?? 20261123);
const CASES = Number(Deno.env.get("GECSCORE_FUZZ_CASES") ?? 200);
/** Generous on a loaded machine; a case normally takes well under 10 ms. */
const CASE_LIMIT_MS = 5000;
const STARTUP_LIMIT_MS = 120_000;

type Outcome = {
  failures: string[];
  tally: Record<string, { valid: number; errors: number }>;
};

function fuzz(seed: number, cases: number): Promise<Outcome> {
  const worker = new Worker(new URL("./fuzz_worker.ts", import.meta.url).href, {
    type: "module",
  });
  return new Promise((resolve, reject) => {
    let current = "(starting)";
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watch = (limit = CASE_LIMIT_MS) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        worker.terminate();
        reject(new Error(`case took over ${limit} ms (hang?): ${current}`));
      }, limit);
    };
    worker.onmessage = (event: MessageEvent<{ start?: string; done?: Outcome }>) => {
      if (event.data.done) {
        clearTimeout(timer);
        worker.terminate();
        resolve(event.data.done);
      } else {
        current = event.data.start!;
        watch();
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      clearTimeout(timer);
      worker.terminate();
      reject(new Error(`worker died: ${event.message} in ${current}`));
    };
    // Loading the worker's modules (and type-checking them) may take a while.
    watch(STARTUP_LIMIT_MS);
    worker.postMessage({ seed, cases });
  });
}

Deno.test("readers and the command line give a valid result or a one-line FILE:LINE error on fuzzed input", async () => {
  const { failures, tally } = await fuzz(SEED, CASES);
  assert.deepEqual(failures.slice(0, 10), [], `${failures.length} failing cases (seed ${SEED})`);
  // The cases reach past the first check: every reader both reads some and refuses some.
  for (const reader of ["m2", "ixml", "hypm2", "text", "wmt", "judgments", "appraise"]) {
    assert.ok(
      tally[reader]?.valid > 0 && tally[reader].errors > 0,
      `${reader}: ${JSON.stringify(tally[reader])}`,
    );
  }
  for (
    const command of [
      "score m2",
      "score jsonl",
      "score hyp-m2",
      "m2scorer",
      "convert",
      "score xml",
      "meta",
    ]
  ) {
    assert.ok(tally[`gecscore ${command}`]?.valid > 0, `${command}: ${JSON.stringify(tally)}`);
  }
});
