/** Resample counts: bounded before anything is allocated, and enough by default for ranks. */
import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { createRegistry } from "../mod.ts";
import { UsageError } from "../plugins/errors.ts";
import { assessSignificance, rankingCount } from "../pipeline/significance.ts";
import { typeIntervals } from "../pipeline/type_intervals.ts";
import { Session } from "../repl/session.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const S1 = "tests/testdata/m2scorer_example_system";
const S2 = "tests/testdata/m2scorer_example_system2";
const HUGE = "4294967295";

async function run(...args: string[]) {
  let stdout = "", stderr = "";
  const code = await main(args, { out: (t) => stdout += t, err: (t) => stderr += t });
  return { code, stdout, stderr };
}

/** A metric whose score is the mean of per-sentence numbers. */
const mean = {
  id: "mean",
  description: "",
  version: "1",
  defaults: {},
  needs: [],
  headline: "m",
  stats: () => 0,
  corpus: (s: readonly number[]) => ({ m: s.reduce((a, x) => a + x, 0) / s.length }),
  sentence: (s: number) => ({ m: s }),
  explain: () => ({ summary: "", blocks: [] }),
  signature: () => "mean",
};

Deno.test("gecscore --samples 4294967295 is a usage error on every path that resamples", async (t) => {
  for (
    const args of [
      ["score", "--paired", "bs"],
      ["score", "--paired", "ar"],
      ["score", "--ci"],
      ["score", "--ranks"],
      ["score", "--by-type", "--ci"],
      ["report", "-o", "-"],
    ]
  ) {
    await t.step(args.join(" "), async () => {
      const { code, stdout, stderr } = await run(
        ...args,
        "--gold",
        GOLD,
        "-m",
        "m2",
        S1,
        S2,
        "--samples",
        HUGE,
      );
      assert.equal(code, 2, stderr);
      assert.equal(stdout, "");
      assert.equal(
        stderr,
        `gecscore: --samples must be a whole number from 1 to 1000000, got ${HUGE}\n`,
      );
    });
  }
});

Deno.test("assessSignificance() and typeIntervals() refuse 2**32 - 1 resamples with a usage error", async () => {
  const systems = [{ name: "a", stats: [0, 1] }, { name: "b", stats: [1, 1] }];
  for (
    const request of [
      { ci: true, samples: 2 ** 32 - 1 },
      { test: "bs" as const, samples: 2 ** 32 - 1 },
      { test: "ar" as const, trials: 2 ** 32 - 1 },
    ]
  ) {
    assert.throws(
      () => assessSignificance(mean, {}, systems, request),
      (e) => e instanceof UsageError && /from 1 to 1000000, got 4294967295/.test(e.message),
    );
  }
  const m2 = createRegistry().metric("m2");
  assert.throws(
    () =>
      typeIntervals(
        {
          metric: m2,
          options: m2.defaults,
          stats: [],
          gold: [],
          hypotheses: [],
          samples: 2 ** 32 - 1,
        } as unknown as Parameters<typeof typeIntervals>[0],
      ),
    (e) => e instanceof UsageError && /4294967295/.test(e.message),
  );
  const session = new Session({ registry: createRegistry() });
  await session.execute(`load gold ${GOLD}`);
  await session.execute(`load hyp ${S1} ${S2}`);
  await assert.rejects(
    session.execute(`ci m2 samples=${HUGE}`),
    /samples must be at most 1000000, got 4294967295/,
  );
});

Deno.test("assessSignificance() ranks 13 clearly different systems apart by default", () => {
  // System k gets sentence scores k/13 ± noise: every pair differs by far more than chance.
  const n = 400;
  const systems = Array.from({ length: 13 }, (_, k) => ({
    name: `s${k}`,
    stats: Array.from({ length: n }, (_, i) => k / 13 + ((i * 7919) % 13) / 130),
  }));
  assert.equal(rankingCount(13, 0.05), 4000);
  const ranked = assessSignificance(mean, {}, systems, { ranks: true });
  assert.deepEqual(
    ranked.systems.map((s) => s.rank),
    systems.map((_, k) => [13 - k, 13 - k]),
  );
  assert.equal(ranked.warnings?.length ?? 0, 0, String(ranked.warnings));
  // 1000 resamples, the old default, can separate no pair after Holm's correction.
  const few = assessSignificance(mean, {}, systems, { ranks: true, samples: 1000 });
  assert.deepEqual(few.systems.map((s) => s.rank), systems.map(() => [1, 13]));
});
