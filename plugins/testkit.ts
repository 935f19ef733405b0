/**
 * The conformance test-kit: one suite that every metric plugin, built-in or third-party,
 * must pass. Call {@linkcode assertMetricConformance} from a `Deno.test` with a few gold
 * sentences and hypotheses that your metric can score.
 *
 * ```ts ignore
 * // The URL of this file in your copy of gecscore (`gecscore init-plugin` writes it for you).
 * import { assertMetricConformance } from "file:///path/to/gecscore/plugins/testkit.ts";
 * Deno.test("my metric conforms", (t) => assertMetricConformance(t, myMetric, fixture));
 * ```
 *
 * @module
 */

import assert from "node:assert/strict";
import { resolveOptions } from "./options.ts";
import { headlineValue } from "./headline.ts";
import type { AnyMetric, Edit, GoldSentence, Options, Tokens } from "./types.ts";

/** What the kit scores: parallel arrays of gold sentences and hypotheses. */
export interface ConformanceFixture {
  /** Gold sentences the metric can score (at least two, some with errors). */
  gold: GoldSentence[];
  /** One hypothesis per gold sentence. */
  hypotheses: Tokens[];
  /**
   * The hypotheses' own edits, one list per sentence (required for a metric with
   * `needsHypothesisEdits`; passed to `stats()` and `explain()` when given).
   */
  hypothesisEdits?: Edit[][];
  /**
   * Option sets to check, each merged over the metric's defaults (default: the defaults
   * alone). Two sets that differ must give different signatures.
   */
  options?: Partial<Options>[];
  /**
   * The fixture holds an order of its sentences that changes the corpus score under every
   * option set whose metric declares `orderSensitive`: the kit then requires such a reordering
   * to exist. Without it, a declared order sensitivity need not show on the fixture (an
   * undeclared one always fails).
   */
  orderWitness?: boolean;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Throws unless `value` is plain JSON data (no undefined, NaN, Infinity, class instances). */
function assertJsonSafe(value: unknown, where: string): void {
  const walk = (v: unknown, path: string): void => {
    if (v === null || typeof v === "string" || typeof v === "boolean") return;
    if (typeof v === "number") {
      assert.ok(Number.isFinite(v), `${where}: ${path} is ${v}, not a finite number`);
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, `${path}[${i}]`));
      return;
    }
    assert.ok(
      typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype,
      `${where}: ${path} is ${
        typeof v === "object" ? v?.constructor?.name : typeof v
      }, not plain data`,
    );
    for (const [k, x] of Object.entries(v as object)) {
      assert.notEqual(x, undefined, `${where}: ${path}.${k} is undefined`);
      walk(x, `${path}.${k}`);
    }
  };
  walk(value, "$");
}

/** Numbers equal within a relative 1e-12 (sums may round differently in another order). */
function closeTo(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") {
    return a === b || Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => closeTo(x, b[i]));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length &&
      ka.every((k) => closeTo((a as never)[k], (b as never)[k]));
  }
  return a === b;
}

/** Reorderings of `n` items: the reversal, every rotation and every adjacent swap (up to 60). */
function reorderings(n: number): number[][] {
  const identity = Array.from({ length: n }, (_, i) => i);
  const out = [identity.slice().reverse()];
  for (let r = 1; r < n; r++) out.push(identity.map((i) => (i + r) % n));
  for (let i = 0; i + 1 < n; i++) {
    const swap = identity.slice();
    [swap[i], swap[i + 1]] = [swap[i + 1], swap[i]];
    out.push(swap);
  }
  return out.slice(0, 60);
}

/** Resamples of `n` sentences: the identity, the reversal, and seeded draws with repeats. */
function resamples(n: number): Int32Array[] {
  const rows = [
    Int32Array.from({ length: n }, (_, i) => i),
    Int32Array.from({ length: n }, (_, i) => n - 1 - i),
    new Int32Array(n), // the first sentence n times
  ];
  let x = 12345;
  for (let r = 0; r < 5; r++) {
    rows.push(Int32Array.from({ length: n }, () => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return (x >>> 8) % n;
    }));
  }
  return rows;
}

/**
 * Check a metric against the plugin contract, one `t.step` per property:
 * its shape; deterministic, JSON-safe, structured-cloneable stats that do not mutate their
 * inputs; corpus scores equal whether computed at once or from stats that went through JSON
 * (as a cache would give them back); corpus() unchanged by reordering the statistics unless the
 * metric declares `orderSensitive` (and changed by some reordering when the fixture says it
 * has one: `orderWitness`); deterministic scores of resampled statistics, and a
 * `resampler` fast path (when there is one) equal to corpus() on them, also on two statistics
 * arrays mixed as approximate randomization mixes them; a finite headline number in every score; sentence score
 * equal to the corpus score of one sentence where the metric claims it; a stable signature
 * that tells option sets apart; and an explanation with a summary and titled blocks.
 *
 * @example Usage
 * ```ts
 * import { assertMetricConformance } from "./testkit.ts";
 *
 * const length = {
 *   id: "length", description: "Hypothesis length", version: "1.0", defaults: { scale: 1 },
 *   needs: [], headline: "tokens", sentenceIsCorpusOfOne: true,
 *   stats: (_g: unknown, h: string[]) => ({ n: h.length }),
 *   corpus: (s: { n: number }[], o: { scale: number }) => ({
 *     tokens: o.scale * s.reduce((a, x) => a + x.n, 0),
 *   }),
 *   sentence: (s: { n: number }, o: { scale: number }) => ({ tokens: o.scale * s.n }),
 *   explain: (_g: unknown, h: string[]) => ({ summary: `${h.length} tokens`, blocks: [] }),
 *   signature: (o: { scale: number }) => `length|scale:${o.scale}|v:1.0`,
 * };
 * Deno.test("length conforms", (t) =>
 *   assertMetricConformance(t, length, {
 *     gold: [{ source: ["a"] }, { source: ["b", "c"] }],
 *     hypotheses: [["a"], ["b"]],
 *     options: [{}, { scale: 2 }],
 *   }));
 * ```
 *
 * @param t The test context to add steps to.
 * @param metric The metric.
 * @param fixture What to score.
 */
export async function assertMetricConformance(
  t: Deno.TestContext,
  metric: AnyMetric,
  fixture: ConformanceFixture,
): Promise<void> {
  const { gold, hypotheses } = fixture;
  assert.equal(gold.length, hypotheses.length, "fixture: one hypothesis per gold sentence");
  assert.ok(gold.length >= 2, "fixture: at least two sentences");
  const edits = fixture.hypothesisEdits;
  if (metric.needsHypothesisEdits) {
    assert.ok(edits, `fixture: metric ${metric.id} needs hypothesisEdits (the systems' own edits)`);
  }
  if (edits) assert.equal(edits.length, gold.length, "fixture: one edit list per gold sentence");
  const optionSets = (fixture.options ?? [{}]).map((o) =>
    resolveOptions<Options>(metric, o as Options)
  );

  await t.step(`${metric.id}: has the shape of a Metric`, () => {
    assert.match(metric.id, /^[a-z][a-z0-9_-]*$/, "id: lower case, digits, _ or -");
    assert.equal(typeof metric.description, "string");
    assert.ok(metric.description.length > 0, "description is empty");
    assert.equal(typeof metric.version, "string");
    assert.ok(metric.defaults && typeof metric.defaults === "object", "defaults");
    assertJsonSafe(metric.defaults, "defaults");
    assert.ok(Array.isArray(metric.needs), "needs is an array");
    assert.equal(typeof metric.headline, "string");
    for (const name of ["stats", "corpus", "sentence", "explain", "signature"] as const) {
      assert.equal(typeof metric[name], "function", `${name} is a function`);
    }
    for (const name of Object.keys(metric.optionSpecs ?? {})) {
      assert.ok(Object.hasOwn(metric.defaults, name), `optionSpecs.${name} has no default`);
    }
  });

  for (const [k, options] of optionSets.entries()) {
    const label = `${metric.id} with ${JSON.stringify(fixture.options?.[k] ?? {})}`;
    const frozenGold = deepFreeze(structuredClone(gold));
    const frozenHyps = deepFreeze(structuredClone(hypotheses));
    const frozenEdits = edits && deepFreeze(structuredClone(edits));
    const frozenOptions = deepFreeze({ ...options });
    let stats: unknown[] = [];

    await t.step(`${label}: stats() is deterministic, pure and plain data`, () => {
      stats = frozenGold.map((g, i) =>
        metric.stats(g, frozenHyps[i], frozenOptions, frozenEdits?.[i])
      );
      const again = gold.map((g, i) => metric.stats(g, hypotheses[i], { ...options }, edits?.[i]));
      assert.deepEqual(again, stats, "stats differ between two runs");
      assert.deepEqual(frozenGold, gold, "stats() changed its gold input");
      stats.forEach((s, i) => {
        assertJsonSafe(s, `stats of sentence ${i}`);
        assert.deepEqual(structuredClone(s), s, `stats of sentence ${i} do not survive cloning`);
      });
    });

    await t.step(`${label}: corpus() from cached stats equals corpus() at once`, () => {
      const direct = metric.corpus(stats, frozenOptions);
      const cached = JSON.parse(JSON.stringify(stats));
      assert.deepEqual(metric.corpus(deepFreeze(cached), frozenOptions), direct);
      assert.deepEqual(
        metric.corpus(stats, frozenOptions),
        direct,
        "corpus() is not deterministic",
      );
      assertJsonSafe(direct, "corpus score");
      const headline = headlineValue(direct, metric.headline);
      assert.equal(typeof headline, "number", `corpus score has no number at "${metric.headline}"`);
      assert.ok(Number.isFinite(headline), `corpus headline is ${headline}`);
    });

    if (metric.accumulator) {
      await t.step(`${label}: accumulator() folds to corpus(), prefix by prefix`, () => {
        const acc = metric.accumulator!(frozenOptions);
        stats.forEach((s, i) => {
          acc.add(s);
          assert.deepEqual(
            acc.score(),
            metric.corpus(stats.slice(0, i + 1), frozenOptions),
            `after sentence ${i}`,
          );
        });
      });
    }

    await t.step(`${label}: corpus() is order-sensitive exactly as declared`, () => {
      const declared = typeof metric.orderSensitive === "function"
        ? metric.orderSensitive(frozenOptions)
        : metric.orderSensitive ?? false;
      assert.equal(typeof declared, "boolean", "orderSensitive gives a boolean");
      const direct = metric.corpus(stats, frozenOptions);
      const orders = reorderings(stats.length);
      const changed = orders.filter((order) => {
        const permuted = metric.corpus(order.map((i) => stats[i]), frozenOptions);
        assert.deepEqual(
          metric.corpus(order.map((i) => stats[i]), frozenOptions),
          permuted,
          `corpus() of the order ${order} is not deterministic`,
        );
        return !closeTo(permuted, direct);
      });
      if (declared && fixture.orderWitness) {
        assert.ok(
          changed.length > 0,
          `${metric.id} declares orderSensitive, but none of ${orders.length} reorderings of ` +
            "the fixture (said to show it: orderWitness) changed corpus()",
        );
      } else if (!declared) {
        assert.deepEqual(
          changed[0],
          undefined,
          "corpus() changed when the statistics were reordered, but the metric does not " +
            "declare orderSensitive",
        );
      }
    });

    await t.step(`${label}: resampled corpora score as corpus() scores them`, () => {
      if (metric.notResamplable !== undefined) {
        assert.equal(typeof metric.notResamplable, "string");
        assert.ok(metric.notResamplable.length > 0, "notResamplable gives a reason");
        return;
      }
      const n = stats.length;
      const rows = resamples(n);
      for (const row of rows) {
        const picked = Array.from(row, (i) => stats[i]);
        const once = metric.corpus(picked, frozenOptions);
        assert.deepEqual(metric.corpus(picked, frozenOptions), once, "not deterministic");
        assertJsonSafe(once, "corpus score of a resample");
      }
      if (!metric.resampler) return;
      // The fast path must equal corpus(), on one system and on two systems' statistics mixed
      // the way approximate randomization mixes them.
      const fast = metric.resampler(stats, frozenOptions);
      for (const row of rows) {
        assert.deepEqual(
          fast(row),
          metric.corpus(Array.from(row, (i) => stats[i]), frozenOptions),
          `resampler() differs from corpus() on the resample ${row}`,
        );
      }
      const other = [...stats].reverse();
      const both = metric.resampler([...stats, ...other], frozenOptions);
      for (const row of rows.slice(0, 3)) {
        const mixed = row.map((i, k) => (i % 2 ? k + n : k));
        assert.deepEqual(
          both(mixed),
          metric.corpus(Array.from(mixed, (i) => [...stats, ...other][i]), frozenOptions),
          `resampler() differs from corpus() on the mixed corpus ${mixed}`,
        );
      }
    });

    await t.step(`${label}: sentence() gives a finite headline for every sentence`, () => {
      stats.forEach((s, i) => {
        const score = metric.sentence(s, frozenOptions);
        assertJsonSafe(score, `sentence score ${i}`);
        const headline = headlineValue(score, metric.headline);
        assert.equal(typeof headline, "number", `sentence ${i}: no number at "${metric.headline}"`);
        assert.ok(Number.isFinite(headline), `sentence ${i}: headline is ${headline}`);
        if (metric.sentenceIsCorpusOfOne) {
          assert.deepEqual(score, metric.corpus([s], frozenOptions), `sentence ${i}`);
        }
      });
    });

    await t.step(`${label}: explain() gives a summary and titled blocks`, () => {
      frozenGold.forEach((g, i) => {
        const explanation = metric.explain(g, frozenHyps[i], frozenOptions, frozenEdits?.[i]);
        assert.equal(typeof explanation.summary, "string");
        assert.ok(Array.isArray(explanation.blocks), "blocks is an array");
        for (const block of explanation.blocks) {
          assert.equal(typeof block.title, "string");
          if (block.table) {
            assert.ok(block.table.every((row) => row.every((cell) => typeof cell === "string")));
          }
          if (block.lines) assert.ok(block.lines.every((l) => typeof l === "string"));
        }
      });
    });

    await t.step(`${label}: signature() is a stable one-line string`, () => {
      const signature = metric.signature(frozenOptions);
      assert.equal(typeof signature, "string");
      assert.ok(signature.length > 0 && !signature.includes("\n"), "one non-empty line");
      assert.equal(metric.signature({ ...options }), signature);
    });
  }

  if (optionSets.length > 1) {
    await t.step(`${metric.id}: different options give different signatures`, () => {
      const seen = new Map<string, string>();
      for (const options of optionSets) {
        const key = JSON.stringify(options);
        const signature = metric.signature(options);
        for (const [otherKey, otherSignature] of seen) {
          if (otherKey !== key) {
            assert.notEqual(signature, otherSignature, `${key} and ${otherKey} share a signature`);
          }
        }
        seen.set(key, signature);
      }
    });
  }
}
export { assertFormatConformance, type FormatFixture } from "./format_testkit.ts";
// The contract types the kits' signatures use, so this entry's docs stand on their own.
export type {
  AnyMetric,
  Edit,
  Explanation,
  Format,
  GoldCorpus,
  GoldSentence,
  Hypotheses,
  Metric,
  Options,
  ReadLimits,
  Score,
  Tokens,
} from "./types.ts";
