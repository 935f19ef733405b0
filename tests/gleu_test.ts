import assert from "node:assert/strict";
import { readGold, registry, scoreSystems } from "../mod.ts";
import type { GoldCorpus, Tokens } from "../plugins/types.ts";
import { readReferenceCorpus, readSentences } from "../formats/text.ts";
import { gleuMetric, type GleuOptions, type GleuStats } from "../metrics/gleu/mod.ts";
import { resolveOptions } from "../plugins/options.ts";
import { assertMetricConformance } from "../plugins/testkit.ts";
import { CONLL2014_SYSTEMS, readShared, shared, sharedTest } from "./shared.ts";

const SRC = "data/conll2014/refs/conll14st-test.tok.src";
const TRG = (k: number) => `data/conll2014/refs/conll14st-test.tok.trg${k}`;
const M2 = "data/conll2014/gold/official-2014.combined.m2";

function options(raw: Record<string, string | number> = {}): GleuOptions {
  return resolveOptions<GleuOptions>(gleuMetric, raw);
}

/**
 * Python's `'%.Nf' % x`: like `toFixed`, except that exact binary ties round to even
 * (`toFixed` rounds them up).
 */
function pyFixed(x: number, digits: number): string {
  const fixed = x.toFixed(digits);
  const exact = Math.abs(x).toFixed(100);
  const point = exact.indexOf(".");
  const rest = exact.slice(point + 1 + digits);
  if (/^50*$/.test(rest)) {
    // A tie: keep the truncated value if its last digit is even.
    const truncated = (x < 0 ? "-" : "") + exact.slice(0, point + 1 + digits).replace(/\.$/, "");
    const last = Number(truncated[truncated.length - 1]);
    if (last % 2 === 0) return truncated;
  }
  return fixed;
}

/** Python 2's `str(float)`: 12 significant digits, trailing zeros dropped. */
function pyStr(x: number): string {
  let s = x.toPrecision(12);
  if (s.includes(".") && !s.includes("e")) s = s.replace(/0+$/, "").replace(/\.$/, ".0");
  return s;
}

/** `mean std (lo,hi)` as compute_gleu -d prints it (`(nan,nan)` when std is 0). */
function dLine(score: { gleu: number; std: number; ci: [number, number] }): string {
  const ci = score.std > 0
    ? `(${pyFixed(score.ci[0], 3)},${pyFixed(score.ci[1], 3)})`
    : "(nan,nan)";
  return `${pyFixed(score.gleu, 6)} ${pyFixed(score.std, 6)} ${ci}`;
}

/** A `-d` golden file: per-sentence lines by id, and the overall line. */
function parseDebug(text: string): { sentences: string[]; overall: string } {
  const lines = text.split("\n");
  const sentences: string[] = [];
  let overall = "";
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\d+) (\S+ \S+ \S+)$/.exec(lines[i]);
    if (m) sentences[Number(m[1])] = m[2];
    if (lines[i].startsWith("Mean Stdev")) overall = lines[i + 1].trim();
  }
  return { sentences, overall };
}

let corpora: Record<string, GoldCorpus> | undefined;
async function conll(): Promise<Record<string, GoldCorpus>> {
  corpora ??= {
    both: await readReferenceCorpus(shared(SRC), [shared(TRG(0)), shared(TRG(1))]),
    ref0: await readReferenceCorpus(shared(SRC), [shared(TRG(0))]),
    ref1: await readReferenceCorpus(shared(SRC), [shared(TRG(1))]),
    m2: await readGold(shared(M2)),
  };
  return corpora;
}

const systems = new Map<string, Tokens[]>();
async function system(name: string): Promise<Tokens[]> {
  if (!systems.has(name)) {
    systems.set(name, await readSentences(shared(`data/conll2014/systems/${name}`), 1312));
  }
  return systems.get(name)!;
}

function statsOf(gold: GoldCorpus, hyps: Tokens[], opts: GleuOptions): GleuStats[] {
  return gold.sentences.map((g, i) => gleuMetric.stats(g, hyps[i], opts));
}

sharedTest(
  "gleuMetric.corpus() equals compute_gleu with two references on 13 systems",
  async (t) => {
    const { both } = await conll();
    const opts = options();
    for (const name of CONLL2014_SYSTEMS) {
      await t.step(name, async () => {
        const score = gleuMetric.corpus(statsOf(both, await system(name), opts), opts);
        const golden = (await readShared(`golden/gleu/two-refs/${name}.txt`)).trim();
        assert.equal(`${name} ${pyFixed(score.gleu, 6)}`, golden);
        assert.equal(score.iterations, 500);
        const debug = parseDebug(await readShared(`golden/gleu/two-refs-d/${name}.txt.gz`));
        assert.equal(dLine(score), debug.overall);
      });
    }
  },
);

sharedTest("gleuMetric.corpus() equals compute_gleu with one reference (ref0, ref1)", async (t) => {
  const { ref0, ref1 } = await conll();
  const opts = options();
  for (const name of CONLL2014_SYSTEMS) {
    await t.step(name, async () => {
      const hyps = await system(name);
      for (const [dir, gold] of [["ref0", ref0], ["ref1", ref1]] as const) {
        const score = gleuMetric.corpus(statsOf(gold, hyps, opts), opts);
        const golden = (await readShared(`golden/gleu/${dir}/${name}.txt`)).trim();
        assert.equal(`${name} ${pyFixed(score.gleu, 6)}`, golden, dir);
        assert.equal(score.iterations, 1);
        assert.equal(score.std, 0);
        assert.deepEqual(score.ci, [score.gleu, score.gleu]);
      }
    });
  }
});

sharedTest("gleuMetric.sentence() equals compute_gleu -d sentence scores", async (t) => {
  const { both, ref0 } = await conll();
  const opts = options();
  const cases: [string, GoldCorpus, string][] = [
    ...CONLL2014_SYSTEMS.map((n): [string, GoldCorpus, string] => [
      n,
      both,
      `golden/gleu/two-refs-d/${n}.txt.gz`,
    ]),
    ...["AMU", "CAMB", "INPUT"].map((n): [string, GoldCorpus, string] => [
      n,
      ref0,
      `golden/gleu/ref0-d/${n}.txt.gz`,
    ]),
  ];
  for (const [name, gold, file] of cases) {
    await t.step(file, async () => {
      const stats = statsOf(gold, await system(name), opts);
      const debug = parseDebug(await readShared(file));
      assert.equal(debug.sentences.length, 1312);
      stats.forEach((s, i) => {
        assert.equal(dLine(gleuMetric.sentence(s, opts)), debug.sentences[i], `sentence ${i}`);
      });
      if (file.includes("ref0")) {
        assert.equal(dLine(gleuMetric.corpus(stats, opts)), debug.overall);
      }
    });
  }
});

sharedTest("gleuMetric with variant 2015 equals the original compute_gleu -l 0.0", async (t) => {
  const { both } = await conll();
  const opts = options({ variant: "2015" });
  for (const name of CONLL2014_SYSTEMS) {
    await t.step(name, async () => {
      const score = gleuMetric.corpus(statsOf(both, await system(name), opts), opts);
      const golden = (await readShared(`golden/gleu/gleu2015/${name}.txt`)).trim();
      assert.equal(`${name} 0.0 ${pyStr(score.gleu)}`, golden);
    });
  }
});

sharedTest(
  "gleuMetric gives identical numbers from the trg files and from the M2 gold with refs=conll2014",
  async (t) => {
    const { both, m2 } = await conll();
    for (const variant of ["2016", "2015"]) {
      await t.step(variant, async () => {
        for (const name of CONLL2014_SYSTEMS) {
          const hyps = await system(name);
          const fromText = statsOf(both, hyps, options({ variant }));
          const fromM2 = statsOf(m2, hyps, options({ variant, refs: "conll2014" }));
          assert.deepEqual(fromM2, fromText, name);
          assert.deepEqual(
            gleuMetric.corpus(fromM2, options({ variant, refs: "conll2014" })),
            gleuMetric.corpus(fromText, options({ variant })),
            name,
          );
        }
      });
    }
    await t.step("the plain rule gives different numbers on the M2 gold", async () => {
      const hyps = await system("CAMB");
      const plain = gleuMetric.corpus(statsOf(m2, hyps, options()), options());
      const conv = gleuMetric.corpus(
        statsOf(m2, hyps, options({ refs: "conll2014" })),
        options({ refs: "conll2014" }),
      );
      assert.notEqual(plain.gleu, conv.gleu);
    });
  },
);

Deno.test("pyFixed() (test helper) rounds exact ties to even as Python's % formatting does", () => {
  assert.equal(pyFixed(0.0625, 3), "0.062");
  assert.equal(pyFixed(0.125, 2), "0.12");
  assert.equal(pyFixed(0.375, 2), "0.38");
  assert.equal(pyFixed(0.595956499, 6), "0.595956");
});

const toy = {
  source: "He go to school every days .".split(" "),
  references: [
    "He goes to school every day .".split(" "),
    "He went to school every day .".split(" "),
  ],
};
const toyHyp = "He goes to school every days .".split(" ");

Deno.test("gleuMetric.stats() counts n-gram matches and source penalties per reference", () => {
  const s = gleuMetric.stats(toy, toyHyp, options());
  assert.equal(s.variant, "2016");
  if (s.variant !== "2016") return;
  assert.equal(s.length, 7);
  // Reference 1: unigrams He goes to school every . match (6); "days" is in the source only.
  // Bigrams: He goes, goes to, to school, school every (4); "every days" and "days ." are
  // source bigrams absent from the reference (2). Trigrams: 3 match, 2 penalised; 4-grams:
  // 2 match, 2 penalised.
  assert.deepEqual(s.references[0], {
    length: 7,
    matches: [6, 4, 3, 2],
    penalties: [1, 2, 2, 2],
  });
  // Reference 2 has "went": "goes" is neither in it nor in the source, so it is not counted.
  assert.deepEqual(s.references[1], {
    length: 7,
    matches: [5, 2, 1, 0],
    penalties: [1, 2, 2, 2],
  });
});

Deno.test("gleuMetric.sentence() smooths zero counts and averages over the references", () => {
  const opts = options();
  const score = gleuMetric.sentence(gleuMetric.stats(toy, toyHyp, opts), opts);
  // Reference 1: numerators 5 2 1 0 -> 5 2 1 1 (smoothed) over 7 6 5 4; no length penalty.
  const g1 = Math.exp((Math.log(5 / 7) + Math.log(2 / 6) + Math.log(1 / 5) + Math.log(1 / 4)) / 4);
  // Reference 2: numerators 4 0 0 0 -> 4 1 1 1.
  const g2 = Math.exp((Math.log(4 / 7) + Math.log(1 / 6) + Math.log(1 / 5) + Math.log(1 / 4)) / 4);
  assert.equal(score.iterations, 2);
  assert.equal(score.gleu, (g1 + g2) / 2);
  assert.equal(score.std, Math.abs(g1 - g2) / 2);
  assert.ok(score.ci[0] < score.gleu && score.gleu < score.ci[1]);
  assert.ok(Math.abs(score.ci[1] - score.gleu - 1.959963984540054 * score.std) < 1e-15);
});

Deno.test("gleuMetric.corpus() draws references as compute_gleu does (seed j*101, randint)", () => {
  const opts = options({ iterations: 2 });
  // Two sentences with two references each; the second reference is always the better one.
  const gold = [toy, toy];
  const stats = gold.map((g) => gleuMetric.stats(g, toyHyp, opts));
  const totals = (picks: number[]) => {
    const refs = picks.map((k, i) => (stats[i] as { references: GleuStatsRef[] }).references[k]);
    const num = [0, 1, 2, 3].map((n) =>
      refs.reduce((a, r) => a + Math.max(r.matches[n] - r.penalties[n], 0), 0)
    );
    const den = [14, 12, 10, 8];
    if (num.includes(0)) return 0;
    let log = 0;
    for (let n = 0; n < 4; n++) log += Math.log(num[n] / den[n]);
    return Math.exp(Math.min(0, 1 - 14 / 14) + log / 4);
  };
  // Python: random.seed(0) -> 0.844..., 0.757... (picks 1, 1);
  //         random.seed(101) -> 0.581..., 0.194... (picks 1, 0).
  const expected = [totals([1, 1]), totals([1, 0])];
  const score = gleuMetric.corpus(stats, opts);
  assert.equal(score.iterations, 2);
  assert.equal(score.gleu, (expected[0] + expected[1]) / 2);
  // One reference per sentence: a single iteration whatever the option says.
  const single = [{ ...toy, references: [toy.references[1]] }];
  assert.equal(
    gleuMetric.corpus(single.map((g) => gleuMetric.stats(g, toyHyp, opts)), opts)
      .iterations,
    1,
  );
});

type GleuStatsRef = { matches: number[]; penalties: number[] };

Deno.test("gleuMetric.corpus() applies the brevity penalty on corpus lengths", () => {
  const opts = options();
  const gold = { source: ["a", "b", "c", "d"], references: [["a", "b", "c", "d", "e"]] };
  const s = gleuMetric.stats(gold, ["a", "b", "c", "d"], opts);
  // Precisions 4/4 3/3 2/2 1/1; c = 4, r = 5: exp(1 - 5/4).
  assert.equal(gleuMetric.corpus([s], opts).gleu, Math.exp(1 - 5 / 4));
  // Any zero count (here: no 4-gram in a 3-token hypothesis) gives 0 unsmoothed.
  const short = gleuMetric.stats(gold, ["a", "b", "c"], opts);
  assert.equal(gleuMetric.corpus([short], opts).gleu, 0);
  assert.ok(gleuMetric.sentence(short, opts).gleu > 0);
});

Deno.test("gleuMetric with variant 2015 merges references and weighs penalties by lambda", () => {
  const s = gleuMetric.stats(toy, toyHyp, options({ variant: "2015" }));
  assert.equal(s.variant, "2015");
  if (s.variant !== "2015") return;
  assert.equal(s.referenceLength, 7);
  // Merged references hold "goes" and "went"; "goes" is the only new unigram the hypothesis
  // has. Penalties: source n-grams in no reference ("days", "every days", ...).
  assert.deepEqual(s.newMatches, [1, 2, 2, 2]);
  assert.deepEqual(s.matches, [6, 4, 3, 2]);
  assert.deepEqual(s.penalties, [1, 2, 2, 2]);
  const at = (lambda: number) => gleuMetric.corpus([s], options({ variant: "2015", lambda })).gleu;
  // Numerators 1 + max(6 - l, 0) ... over denominators 1 + 7, 2 + 6, 2 + 5, 2 + 4; the length
  // penalty of the 2015 script uses r = hypothesis length, c = reference length.
  const expected = (l: number) =>
    Math.exp(
      (Math.log((1 + 6 - l) / 8) + Math.log((2 + 4 - 2 * l) / 8) + Math.log((2 + 3 - 2 * l) / 7) +
        Math.log((2 + 2 - 2 * l) / 6)) / 4,
    );
  assert.equal(at(0), expected(0));
  assert.equal(at(0.5), expected(0.5));
  assert.throws(
    () => gleuMetric.corpus([s], options()),
    /variant 2015 cannot be scored with variant 2016/,
  );
});

Deno.test("gleuMetric.stats() derives references from annotations by the refs option", () => {
  const gold = {
    source: ["a", "b", "c"],
    allAnnotators: ["0", "1"],
    annotations: [{
      annotator: "0",
      edits: [
        { start: 1, end: 2, corrections: [["x"]], type: "Vt" },
        { start: 2, end: 3, corrections: [["y"]], type: "Um" },
      ],
    }],
  };
  const lengths = (refs: string) => {
    const s = gleuMetric.stats(gold, ["a", "x", "c"], options({ refs }));
    return s.variant === "2016" ? s.references.map((r) => r.matches[0]) : [];
  };
  // plain: reference 0 = a x y, reference 1 (absent) = the source a b c.
  assert.deepEqual(lengths("plain"), [2, 2]);
  // conll2014: Um skipped (a x c), the absent annotator copies it.
  assert.deepEqual(lengths("conll2014"), [3, 3]);
  assert.throws(
    () => gleuMetric.stats({ source: ["a"], references: [], line: 7 }, ["a"], options()),
    /7: gold sentence has no reference to score GLEU/,
  );
});

Deno.test("gleuMetric.explain() lists credited and penalised n-grams with counts", () => {
  const explanation = gleuMetric.explain(toy, toyHyp, options());
  assert.match(explanation.summary, /^GLEU 0\.\d{4} \(smoothed, mean over 2 references/);
  const first = explanation.blocks[0];
  assert.match(first.title, /^Reference 1/);
  const rows = first.table!;
  assert.deepEqual(rows[0], ["n", "n-gram", "hyp", "ref", "src", "credited", "penalised"]);
  assert.ok(rows.some((r) => r[1] === "He goes" && r[5] === "1" && r[6] === "0"));
  assert.ok(rows.some((r) => r[1] === "every days" && r[5] === "0" && r[6] === "1"));
  const counts = explanation.blocks[1].table!;
  assert.deepEqual(counts[1], ["1", "6", "1", "5", "7"]);
  const old = gleuMetric.explain(toy, toyHyp, options({ variant: "2015" }));
  assert.match(old.summary, /^GLEU 2015 /);
});

Deno.test("gleuMetric.signature() names the variant, sampling and reference convention", () => {
  assert.equal(gleuMetric.signature(options()), "gleu|variant:2016|iter:500|refs:plain|v:1.0");
  assert.equal(
    gleuMetric.signature(options({ variant: "2015", refs: "conll2014" })),
    "gleu|variant:2015|lambda:0|refs:conll2014|v:1.0",
  );
});

Deno.test("gleuMetric passes the conformance kit with several references and both variants", (t) =>
  assertMetricConformance(t, gleuMetric, {
    gold: [toy, { source: ["a", "b"], references: [["a", "c"], []] }, toy],
    hypotheses: [toyHyp, [], toy.source],
    options: [{}, { iterations: 7 }, { variant: "2015" }, { variant: "2015", lambda: 0.5 }],
  }));

sharedTest(
  "gleuMetric.corpus() with 4000 iterations (draws not kept) equals compute_gleu",
  async () => {
    // compute_gleu --iter 4000 on CAMB with both references prints 0.596021 (Python 3 port of
    // the script with randint(0, n-1) as int(random()*n), which reproduces Python 2's draws).
    const { both } = await conll();
    const opts = options({ iterations: 4000 });
    const score = gleuMetric.corpus(statsOf(both, await system("CAMB"), opts), opts);
    assert.equal(score.iterations, 4000);
    assert.equal(pyFixed(score.gleu, 6), "0.596021");
  },
);

sharedTest(
  "scoreSystems() runs gleu from the registry on the M2 gold with refs=conll2014",
  async () => {
    const { m2 } = await conll();
    const hyps = await system("UFC");
    const [result] = await scoreSystems({
      registry,
      gold: m2,
      systems: [{ name: "UFC", path: "UFC", sentences: hyps }],
      metrics: ["gleu"],
      options: { gleu: { refs: "conll2014" } },
    });
    const gleu = result.metrics[0];
    assert.equal(gleu.metricSignature, "gleu|variant:2016|iter:500|refs:conll2014|v:1.0");
    const golden = (await readShared("golden/gleu/two-refs/UFC.txt")).trim();
    assert.equal(`UFC ${pyFixed(gleu.score.gleu as number, 6)}`, golden);
  },
);
