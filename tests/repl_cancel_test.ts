/** The REPL's long commands stop on Ctrl-C (an aborted signal), as the README says. */
import assert from "node:assert/strict";
import { createRegistry } from "../mod.ts";
import { Session } from "../repl/session.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const S1 = "tests/testdata/m2scorer_example_system";
const S2 = "tests/testdata/m2scorer_example_system2";

for (const line of ["compare m2scorer_example_system m2scorer_example_system2 m2", "ci m2"]) {
  Deno.test(`REPL ${line.split(" ")[0]} stops on Ctrl-C while resampling`, async () => {
    const session = new Session({ registry: createRegistry() });
    await session.execute(`load gold ${GOLD}`);
    await session.execute(`load hyp ${S1} ${S2}`);
    // The statistics are cached: what remains is the resampling, a million times.
    await session.execute(`${line} samples=10`);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 100);
    try {
      await assert.rejects(
        session.execute(`${line} samples=1000000`, { signal: controller.signal }),
        { name: "AbortError" },
      );
    } finally {
      clearTimeout(timer);
    }
    // The session goes on.
    assert.match(await session.execute(`${line} samples=10`), /bs:10/);
  });
}
