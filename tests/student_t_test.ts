import assert from "node:assert/strict";
// Test-only: the stdlib.js t CDF is the oracle (kept in tests/deno.lock, not in a user's first run).
// deno-lint-ignore no-import-prefix
import cdf from "npm:@stdlib/stats-base-dists-t-cdf@0.2.3";
import { studentTUpperTail } from "../stats/student_t.ts";

const GRID_DF = [0.5, 1, 2, 3, 5, 9, 10, 12, 20, 30, 100, 1000, 1e4];

/** Largest relative error allowed against stdlib.js for a given df. */
function bound(df: number): number {
  return df <= 30 ? 2e-14 : df <= 100 ? 5e-14 : df <= 1000 ? 5e-13 : 5e-12;
}

Deno.test("studentTUpperTail() agrees with stdlib.js on a grid of t and df", () => {
  for (const df of GRID_DF) {
    for (let i = -3000; i <= 3000; i += 7) {
      const t = i / 100;
      const expected = t > 0 ? cdf(-t, df) : 1 - cdf(t, df);
      const got = studentTUpperTail(t, df);
      const rel = expected === 0 ? Math.abs(got) : Math.abs(got - expected) / expected;
      assert.ok(rel <= bound(df), `t=${t} df=${df}: ${got} vs ${expected} (relative ${rel})`);
    }
  }
});

Deno.test("studentTUpperTail() gives scipy's values for Williams-sized df", () => {
  // scipy.stats.t.sf(t, df), scipy 1.17.1.
  const cases: [number, number, number][] = [
    [1.573, 10, 0.07339724254608208],
    [1.632, 20, 0.059162931003288274],
    [3.5, 12, 0.002190934715874077],
  ];
  for (const [t, df, p] of cases) {
    assert.ok(Math.abs(studentTUpperTail(t, df) - p) / p < 2e-14, `t=${t} df=${df}`);
  }
});

Deno.test("studentTUpperTail() handles the edges", () => {
  assert.equal(studentTUpperTail(0, 3), 0.5);
  assert.equal(studentTUpperTail(Infinity, 3), 0);
  assert.equal(studentTUpperTail(-Infinity, 3), 1);
  assert.ok(Number.isNaN(studentTUpperTail(NaN, 3)));
  assert.throws(
    () => studentTUpperTail(1, 0),
    /Degrees of freedom must be positive and finite, got 0/,
  );
  assert.throws(() => studentTUpperTail(1, Infinity), /got Infinity/);
});
