import assert from "node:assert/strict";
import { fBeta, prf, PRF_CONVENTIONS, type PrfConventionName } from "../edits/prf.ts";
import { pyRound } from "../util/python_round.ts";

const fixed = (x: number) => x.toFixed(2);

Deno.test("prf() gives the M2 Scorer numbers of Felice & Briscoe 2015, Tables 1-3", () => {
  // [tp, fp, fn] and the P, R, F0.5 the paper prints.
  const rows: [number, number, number, string, string, string][] = [
    [2, 1, 1, "0.67", "0.67", "0.67"], // Table 1
    [0, 1, 2, "0.00", "0.00", "0.00"], // Table 2: the partial match is no match
    [1, 2, 2, "0.33", "0.33", "0.33"], // Table 3, first hypothesis
    [1, 1, 2, "0.50", "0.33", "0.45"], // Table 3, second hypothesis
  ];
  for (const [tp, fp, fn, p, r, f] of rows) {
    const score = prf({ tp, fp, fn }, { beta: 0.5 });
    assert.deepEqual([fixed(score.precision), fixed(score.recall), fixed(score.f)], [p, r, f]);
  }
});

Deno.test("prf() gives P = 1, R = 0, F = 0 to a system that proposes nothing (Felice & Briscoe 2015, §2.1 (b))", () => {
  for (const convention of Object.keys(PRF_CONVENTIONS) as PrfConventionName[]) {
    const score = prf({ tp: 0, fp: 0, fn: 5 }, { beta: 0.5, convention });
    assert.equal(score.precision, 1, convention);
    assert.equal(score.recall, 0, convention);
    assert.equal(score.f, 0, convention);
  }
});

Deno.test("prf() gives P = R = F = 1 when nothing was proposed and nothing was to find", () => {
  for (const convention of Object.keys(PRF_CONVENTIONS) as PrfConventionName[]) {
    assert.deepEqual(prf({ tp: 0, fp: 0, fn: 0 }, { beta: 0.5, convention }), {
      precision: 1,
      recall: 1,
      f: 1,
    }, convention);
  }
});

Deno.test("prf() follows the Python tools when beta is 0 and recall is 0 (0/0)", () => {
  // The m2scorer tests the denominator beta²P + R; gec-metrics and ERRANT test P + R.
  assert.equal(prf({ tp: 0, fp: 0, fn: 3 }, { beta: 0, convention: "m2scorer" }).f, 0);
  assert.ok(Number.isNaN(prf({ tp: 0, fp: 0, fn: 3 }, { beta: 0, convention: "gec-metrics" }).f));
});

Deno.test("prf() rounds like Python's round() for ERRANT and CLEME, and not otherwise", () => {
  const counts = { tp: 313, fp: 871, fn: 1181 };
  const plain = prf(counts, { beta: 0.5, convention: "gec-metrics" });
  for (const convention of ["errant", "cleme"] as const) {
    const rounded = prf(counts, { beta: 0.5, convention });
    assert.equal(rounded.precision, pyRound(plain.precision, 4));
    assert.equal(rounded.recall, pyRound(plain.recall, 4));
    assert.equal(rounded.f, pyRound(plain.f, 4));
  }
  assert.notEqual(plain.f, pyRound(plain.f, 4));
});

Deno.test("prf() reproduces each tool's arithmetic to the last bit", () => {
  // The formulas as the metrics computed them before the helper, written out.
  const m2 = (c: number, p: number, g: number, b: number) => {
    const precision = p === 0 ? 1 : c / p, recall = g === 0 ? 1 : c / g;
    const d = b * b * precision + recall;
    return d === 0 ? 0 : (1 + b * b) * precision * recall / d;
  };
  const imeasure = (tp: number, fp: number, fn: number, b: number) => {
    const p = tp + fp > 0 ? tp / (tp + fp) : 1, r = tp + fn > 0 ? tp / (tp + fn) : 1;
    const d = b ** 2 * p + r;
    return d === 0 ? 0 : (1 + b ** 2) * ((p * r) / d);
  };
  const counts = (c: number, e: number, g: number, b: number) => {
    const d = b * b * g + e;
    return d === 0 ? (c === 0 ? 1 : 0) : (1 + b * b) * c / d;
  };
  let seed = 7;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  for (let k = 0; k < 5000; k++) {
    const tp = next(300), fp = next(300), fn = next(300);
    const beta = [0.5, 1, 2, 0.3, 1.7][k % 5];
    assert.equal(prf({ tp, fp, fn }, { beta }).f, m2(tp, tp + fp, tp + fn, beta));
    assert.equal(
      prf({ tp, fp, fn }, { beta, convention: "imeasure" }).f,
      imeasure(tp, fp, fn, beta),
    );
    assert.equal(fBeta(tp, fp, fn, beta, "m2scorer-counts"), counts(tp, tp + fp, tp + fn, beta));
  }
});

Deno.test("fBeta() equals prf().f for every convention", () => {
  for (const convention of Object.keys(PRF_CONVENTIONS) as PrfConventionName[]) {
    for (const [tp, fp, fn] of [[3, 1, 2], [0, 0, 0], [0, 4, 0], [5, 0, 0], [2.5, 0.75, 1.25]]) {
      assert.equal(
        fBeta(tp, fp, fn, 0.5, convention),
        prf({ tp, fp, fn }, { beta: 0.5, convention }).f,
        `${convention} ${[tp, fp, fn]}`,
      );
    }
  }
});

Deno.test("prf() accepts a convention spelled out, and rejects an unknown name", () => {
  const strict = { emptyPrecision: 0, emptyRecall: 0, form: "rates", zeroWhen: "sum" } as const;
  assert.deepEqual(prf({ tp: 0, fp: 0, fn: 0 }, { beta: 1, convention: strict }), {
    precision: 0,
    recall: 0,
    f: 0,
  });
  assert.throws(
    // deno-lint-ignore no-explicit-any
    () => prf({ tp: 1, fp: 0, fn: 0 }, { beta: 1, convention: "sacrebleu" as any }),
    /Unknown F-beta convention "sacrebleu"/,
  );
});
