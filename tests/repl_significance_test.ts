/**
 * The REPL's `ci` and `compare` commands: the same numbers as the library, from the session's
 * cached statistics, and one-line errors.
 */
import assert from "node:assert/strict";
import { createRegistry } from "../mod.ts";
import { assessSignificance } from "../pipeline/significance.ts";
import { Session } from "../repl/session.ts";
import examplePlugin from "../examples/exact_match.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const S1 = "m2scorer_example_system";
const S2 = "m2scorer_example_system2";

async function session(): Promise<Session> {
  const s = new Session({ registry: createRegistry().use(examplePlugin) });
  await s.execute(`load gold ${GOLD}`);
  await s.execute(`load hyp tests/testdata/${S1} tests/testdata/${S2}`);
  return s;
}

Deno.test("REPL ci shows each metric's score with mean ± half-width", async () => {
  const s = await session();
  const out = await s.execute("ci m2 exact_match samples=200 seed=3");
  const m2 = s.registry.metric("m2");
  const expected = assessSignificance(
    m2,
    s.options(m2),
    [S1, S2].map((name) => ({ name, stats: s.corpusStats(s.system(name), m2) })),
    { ci: true, samples: 200, seed: 3 },
  );
  assert.match(out, /^== m2 {2}\(m2\|beta:0\.5\|muw:2\|v:1\.0\|bs:200\|seed:3\)$/m);
  for (const sys of expected.systems) {
    const ci = sys.ci!;
    assert.match(
      out,
      new RegExp(
        `^${sys.name} +${sys.value.toFixed(4)} +${ci.mean.toFixed(4)} ± ${
          ci.half_width.toFixed(4)
        }$`,
        "m",
      ),
    );
  }
  assert.match(out, /^== exact_match /m);
  assert.doesNotMatch(out, /== gleu/);
});

Deno.test("REPL compare gives p-values against the first system named", async () => {
  const s = await session();
  const out = await s.execute(`compare ${S2} ${S1} m2 ar samples=300`);
  const m2 = s.registry.metric("m2");
  const expected = assessSignificance(
    m2,
    s.options(m2),
    [S2, S1].map((name) => ({ name, stats: s.corpusStats(s.system(name), m2) })),
    { test: "ar", trials: 300 },
  );
  assert.match(out, /\|ar:300\|seed:12345\)$/m);
  assert.match(out, new RegExp(`^${S2} +[\\d.]+ +baseline$`, "m"));
  assert.match(
    out,
    new RegExp(`^${S1} +[\\d.]+ +${expected.systems[1].p_value!.toFixed(4)}\\*?$`, "m"),
  );
  // The same output under another name: p = 1 (ties count as chance).
  const dir = await Deno.makeTempDir();
  await Deno.copyFile(`tests/testdata/${S1}`, `${dir}/copy`);
  await s.execute(`load hyp ${dir}/copy`);
  const self = await s.execute(`compare ${S1} copy m2`);
  assert.match(self, /^copy +[\d.]+ +[\d.]+ ± [\d.]+ +1\.0000$/m);
});

Deno.test("REPL ci and compare reject bad arguments in one line", async () => {
  const s = await session();
  await s.execute(`load hyp tests/testdata/${S1}.txt`);
  const fails = (line: string, message: RegExp) =>
    assert.rejects(() => s.execute(line), (e: Error) => message.test(e.message));
  await fails("compare m2", /^Usage: compare BASELINE SYSTEM\.\.\./);
  await fails("ci samples=0", /^samples must be a whole number/);
  await fails("ci ar", /^ci takes no test/);
  await fails("ci nope", /^"nope" is neither a loaded system/);
});
