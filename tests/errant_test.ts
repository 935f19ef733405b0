/**
 * The ERRANT metric and `gecscore errant_compare` on hand-made cases whose ERRANT v3.0.2
 * output is saved in `tests/testdata/errant/expected/` (annotator ties, noop sentences,
 * empty hypotheses, overlapping and duplicate edits, UNK, two hypothesis coders), plus the
 * Python number helpers and malformed input.
 */
import assert from "node:assert/strict";
import { errantCompare, parseErrantCompareArgs } from "../metrics/errant/errant_compare.ts";
import { main } from "../cli.ts";
import { endlessFifo, runCli } from "./run_cli.ts";
import { createRegistry, readGold, scoreSystems } from "../mod.ts";
import { InputError, UsageError } from "../plugins/mod.ts";
import { applyEdits } from "../edits/apply.ts";
import { parseHypothesisM2, readHypothesisM2 } from "../formats/hypothesis_m2.ts";
import { errantMetric, type ErrantScore } from "../metrics/errant/mod.ts";
import { errantCompareText } from "../metrics/errant/report.ts";
import { pyRound, pyStr } from "../metrics/errant/python.ts";
import { typeIntervals } from "../pipeline/type_intervals.ts";

const DIR = "tests/testdata/errant";

function labels(): { label: string; args: string[] }[] {
  return Deno.readTextFileSync(`${DIR}/options.tsv`).split("\n").filter(Boolean)
    .map((line) => line.split("\t"))
    .map(([label, args]) => ({ label, args: (args ?? "").split(" ").filter(Boolean) }));
}

async function run(args: string[]): Promise<string> {
  let out = "";
  assert.equal(await errantCompare(args, { out: (t) => out += t }), 0);
  return out;
}

Deno.test("errant_compare equals ERRANT 3.0.2 on the hand-made cases", async (t) => {
  for (const hyp of ["hyp", "empty", "hyp2coders"]) {
    for (const { label, args } of labels()) {
      await t.step(`${hyp} ${label}`, async () => {
        const expected = Deno.readTextFileSync(`${DIR}/expected/${hyp}.${label}.txt`);
        assert.equal(
          await run(["-hyp", `${DIR}/${hyp}.m2`, "-ref", `${DIR}/ref.m2`, ...args]),
          expected,
        );
      });
    }
  }
});

async function errantScore(hyp: string, options: Record<string, string | number | boolean> = {}) {
  const gold = await readGold(`${DIR}/ref.m2`);
  const system = await readHypothesisM2(`${DIR}/${hyp}.m2`, gold.sentences.length);
  const [result] = await scoreSystems({
    registry: createRegistry(),
    gold,
    systems: [system],
    metrics: ["errant"],
    options: { errant: options },
    sentences: true,
  });
  return result.metrics[0];
}

Deno.test("errantMetric breaks annotator ties by first-seen order, as ERRANT", async () => {
  const { score, sentences } = await errantScore("hyp");
  const s = score as ErrantScore;
  // Sentences 8 and 9 tie (TP 0, FP 1, FN 1 against either annotator): the first listed wins,
  // annotator 0 (R:ADJ missed) in sentence 8, annotator 1 (M:ADV missed) in sentence 9.
  assert.deepEqual([s.categories["R:ADJ"].fn, s.categories["M:ADV"].fn], [1, 1]);
  const [eight, nine] = [sentences![7], sentences![8]] as ErrantScore[];
  assert.deepEqual(Object.keys(eight.categories), ["R:ADJ", "R:PRON"]);
  assert.deepEqual(Object.keys(nine.categories), ["M:ADV", "R:PRON"]);
  const expected = Deno.readTextFileSync(`${DIR}/expected/hyp.cat3.txt`);
  assert.match(expected, /^R:ADJ +0 +0 +1 /m);
  assert.match(expected, /^M:ADV +0 +0 +1 /m);
});

Deno.test("errantMetric scores noop sentences and empty hypotheses as ERRANT", async () => {
  const { score, sentences } = await errantScore("empty");
  const s = score as ErrantScore;
  assert.deepEqual([s.tp, s.fp, s.fn, s.precision, s.recall, s.f], [0, 0, 8, 1, 0, 0]);
  assert.match(
    Deno.readTextFileSync(`${DIR}/expected/empty.default.txt`),
    /\n0\t0\t8\t1\.0\t0\.0\t0\.0\n/,
  );
  // Sentence 2 (both annotators noop) and 6 (no edit lines at all) are perfect.
  for (const i of [1, 5]) {
    const one = sentences![i] as ErrantScore;
    assert.deepEqual([one.tp, one.fp, one.fn, one.f], [0, 0, 0, 1]);
  }
  // Sentence 4: annotator 1 is a noop, so the empty hypothesis picks it (F 1, not 0).
  assert.equal((sentences![3] as ErrantScore).f, 1);
  const multi = (await errantScore("empty", { multi: true })).score as ErrantScore;
  assert.deepEqual([multi.tp, multi.fp, multi.fn, multi.f], [0, 0, 0, 1]);
});

Deno.test("errantMetric counts same-span duplicates and overlapping edits as ERRANT", async () => {
  // Sentence 4: annotator 0 lists "cats" twice at 2-3; the system's one edit earns 2 TP.
  const { sentences } = await errantScore("hyp");
  const four = sentences![3] as ErrantScore;
  assert.deepEqual([four.tp, four.fp, four.fn], [2, 0, 1]);
  // Sentence 7: the system's 2-4 overlaps annotator 0's 2-3 but only an exact span matches.
  const seven = sentences![6] as ErrantScore;
  assert.deepEqual([seven.tp, seven.fp, seven.fn], [2, 1, 1]);
  // Token detection splits spans: the system's 2-4 and 8-9 hit tokens 2, 3 and 8 of
  // annotator 1's 2-4 and 8-10, its insertion at 10 hits token 10; token 9 is missed.
  const dt = (await errantScore("hyp", { mode: "dt" })).sentences![6] as ErrantScore;
  assert.deepEqual([dt.tp, dt.fp, dt.fn], [4, 0, 1]);
});

Deno.test("errantMetric drops UNK edits for correction and keeps them for detection", async () => {
  const cs = (await errantScore("hyp")).sentences![4] as ErrantScore;
  const ds = (await errantScore("hyp", { mode: "ds", cat: 1 })).sentences![4] as ErrantScore;
  assert.equal(cs.categories.UNK, undefined);
  assert.deepEqual(ds.categories.UNK, { tp: 1, fp: 0, fn: 0, precision: 1, recall: 1, f: 1 });
});

Deno.test("errantMetric explain() names the chosen pair and each edit's outcome", async () => {
  const gold = await readGold(`${DIR}/ref.m2`);
  const hyp = await readHypothesisM2(`${DIR}/hyp.m2`);
  const e = errantMetric.explain(
    gold.sentences[0],
    hyp.sentences[0],
    errantMetric.defaults,
    hyp.edits[0],
  );
  assert.match(e.summary, /TP 2 FP 0 FN 0 \(HYP 0 - REF 0 chosen/);
  assert.equal(e.blocks[0].title, "HYP 0 - REF 0 (chosen): TP 2 FP 0 FN 0, P/R/F0.5 1.0 1.0 1.0");
  assert.match(e.blocks[1].title, /^HYP 0 - REF 1: TP 1 FP 1 FN 1/);
  assert.deepEqual(e.blocks[1].table?.slice(1), [
    ["hyp", "(1, 2, 'is')", "are", "R:VERB:SVA", "TP"],
    ["hyp", "(3, 4, 'an')", "example", "R:DET", "FP"],
    ["gold", "(2, 4, 'an')", "a example", "R:OTHER", "FN"],
  ]);
  assert.throws(
    () => errantMetric.explain(gold.sentences[0], hyp.sentences[0], errantMetric.defaults),
    /give the system as a hypothesis M2/,
  );
});

Deno.test("errant_compare reads options as ERRANT's argument parser does", () => {
  const parse = (...a: string[]) => parseErrantCompareArgs(["-hyp", "h", "-ref", "r", ...a]);
  assert.equal(parse("--beta=2").options.beta, 2);
  assert.equal(parse("-b1.0").options.beta, 1);
  assert.equal(parse("--bet", "2").options.beta, 2);
  assert.equal(parse("-sing").options.single, true);
  assert.deepEqual(parse("-filt", "A", "B", "-cse").options, {
    ...errantMetric.defaults,
    filt: "A B",
    mode: "cse",
  });
  assert.throws(() => parse("-c"), /ambiguous option: -c could match -cs, -cse, -cat/);
  assert.throws(() => parse("-cat", "4"), /invalid choice: 4/);
  assert.throws(() => parse("-beta", "1.0"), UsageError);
  assert.throws(() => parseErrantCompareArgs(["-hyp", "h"]), /required: -ref/);
  assert.throws(() => parse("extra"), /unrecognized arguments: extra/);
});

Deno.test("gecscore errant_compare exits 1 on bad input and 2 on bad usage, one line", async () => {
  for (
    const [args, status, pattern] of [
      [
        ["-hyp", `${DIR}/hyp.m2`, "-ref", "no/such.m2"],
        1,
        /^gecscore: no\/such\.m2: cannot open file\n$/,
      ],
      [
        ["-hyp", `${DIR}/hyp.m2`, "-ref", `${DIR}/README.md`],
        1,
        /README\.md:1: expected a line starting with "S " or "A "/,
      ],
      [
        ["-hyp", `${DIR}/hyp.m2`],
        2,
        /^gecscore: errant_compare: the following arguments are required: -ref;/,
      ],
      [
        ["-hyp", `${DIR}/hyp.m2`, "-ref", `${DIR}/ref.m2`, "-beta", "1.0"],
        2,
        /invalid float value: 'eta'/,
      ],
    ] as [string[], number, RegExp][]
  ) {
    let out = "", err = "";
    const code = await main(["errant_compare", ...args], {
      out: (t) => out += t,
      err: (t) => err += t,
    });
    assert.equal(code, status, args.join(" "));
    assert.equal(out, "");
    assert.match(err, pattern);
    assert.equal(err.split("\n").length, 2);
  }
});

Deno.test("errant_compare names the file and line of a malformed M2", () => {
  const options = { options: errantMetric.defaults };
  const ref = "S a b c\nA 0 1|||R:X|||d|||REQUIRED|||-NONE-|||0\n\nS e f\n";
  const check = (hyp: string, pattern: RegExp) =>
    assert.throws(() => errantCompareText(hyp, ref, "sys.m2", "ref.m2", options), pattern);
  check(
    "S a b c\n\nS e f\nA 0 x|||R:X|||d|||REQUIRED|||-NONE-|||0\n",
    /^InputError: sys\.m2:4: expected an edit line/,
  );
  check(
    "S a b c\nA 0 1|||R:X|||d|||REQUIRED|||-NONE-|||zero\n\nS e f\n",
    /^InputError: sys\.m2:2: expected an integer coder id/,
  );
  check("S a b c\nA 0 1\n\nS e f\n", /^InputError: sys\.m2:2: expected an edit line/);
  check("S a b c\n\n\nS e f\n", /^InputError: sys\.m2:4: expected an edit line .*"S e f"/);
  check("S a b c\n", /^InputError: sys\.m2: has 1 blocks but ref\.m2 has 2/);
  // CRLF line ends and a missing final newline are read as ERRANT (Python) reads them.
  const crlf = "S a b c\r\nA 0 1|||R:X|||d|||REQUIRED|||-NONE-|||0\r\n\r\nS e f";
  assert.match(errantCompareText(crlf, ref, "h", "r", options), /\n1\t0\t0\t1\.0\t1\.0\t1\.0\n/);
});

Deno.test("score --hyp-m2 names the file and line of a malformed hypothesis M2", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const cases: [string, RegExp][] = [
      [
        "S a b c\nA 0 1|||R:X|||d|||REQUIRED|||-NONE-|||0\nA 0 2|||R:X|||e|||REQUIRED|||-NONE-|||0\n",
        /bad\.m2:3: sentence 1: edits 0-1 \(line 2\) and 0-2 \(line 3\) overlap/,
      ],
      [
        "S a b c\nA 0 1|||R:X|||d|||REQUIRED|||-NONE-|||0\nA 1 2|||R:X|||e|||REQUIRED|||-NONE-|||1\n",
        /bad\.m2:1: sentence 1 has edits of annotators 0 and 1/,
      ],
      [
        "S a b c\nA 0 9|||R:X|||d|||REQUIRED|||-NONE-|||0\n",
        /bad\.m2:2: expected offsets within the sentence's 3 tokens/,
      ],
      [
        "S a b c\nA 0 1|||R:X|||d||e|||REQUIRED|||-NONE-|||0\n",
        /bad\.m2:2: sentence 1: the edit 0-1 has 2 alternative corrections/,
      ],
      ["S a b c\nA 0 1|||R:X|||d\n", /bad\.m2:2: expected "A start end\|\|\|type/],
      ["S a b c\n\nS d\n", /bad\.m2: has 2 sentences but the gold has 1/],
    ];
    Deno.writeTextFileSync(`${dir}/gold.m2`, "S a b c\nA 0 1|||R:X|||d|||REQUIRED|||-NONE-|||0\n");
    for (const [text, pattern] of cases) {
      Deno.writeTextFileSync(`${dir}/bad.m2`, text);
      let err = "";
      const status = await main([
        "score",
        "--gold",
        `${dir}/gold.m2`,
        "--hyp-m2",
        `${dir}/bad.m2`,
        "-m",
        "errant",
      ], {
        out: () => {},
        err: (t) => err += t,
      });
      assert.equal(status, 1, text);
      assert.match(err, pattern);
      assert.equal(err.split("\n").length, 2, "one line");
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("parseHypothesisM2() applies insertions before a replacement at the same point", async () => {
  const hyp = await parseHypothesisM2([
    "S a b c\nA 1 2|||R:X|||B|||REQUIRED|||-NONE-|||0\nA 1 1|||M:X|||x|||REQUIRED|||-NONE-|||0\n",
    "A 1 1|||M:X|||y|||REQUIRED|||-NONE-|||0\nA 3 3|||M:X|||.|||REQUIRED|||-NONE-|||0\n",
  ], "h.m2");
  assert.deepEqual(hyp.sentences[0], ["a", "x", "y", "B", "c", "."]);
  assert.deepEqual(applyEdits(["a"], []), ["a"]);
  assert.throws(() =>
    applyEdits(["a", "b"], [
      { start: 0, end: 2, corrections: [[]] },
      { start: 1, end: 1, corrections: [["x"]] },
    ]), /overlap/);
});

Deno.test("score runs text metrics on a hypothesis M2 through its text", async () => {
  let out = "";
  const io = { out: (t: string) => out += t, err: () => {} };
  assert.equal(
    await main([
      "score",
      "--gold",
      `${DIR}/ref.m2`,
      "--hyp-m2",
      `${DIR}/hyp.m2`,
      "--format",
      "json",
    ], io),
    0,
  );
  const metrics = JSON.parse(out).systems[0].metrics;
  assert.deepEqual(Object.keys(metrics).sort(), [
    "cleme",
    "cleme2",
    "errant",
    "gleu",
    "gotoscorer",
    "green",
    "imeasure",
    "m2",
  ]);
  // Plain-text systems alone: the metrics of the system's own edits are not picked by default.
  const dir = Deno.makeTempDirSync();
  try {
    const hyp = await readHypothesisM2(`${DIR}/hyp.m2`);
    Deno.writeTextFileSync(`${dir}/hyp.txt`, hyp.sentences.map((s) => s.join(" ") + "\n").join(""));
    out = "";
    assert.equal(
      await main(["score", "--gold", `${DIR}/ref.m2`, `${dir}/hyp.txt`, "--format", "json"], io),
      0,
    );
    const text = JSON.parse(out).systems[0].metrics;
    assert.deepEqual(Object.keys(text).sort(), ["gleu", "green", "imeasure", "m2"]);
    assert.deepEqual(text.m2, metrics.m2);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("score --by-type: errant categories and M2 gold types sum to the totals", async () => {
  let out = "";
  const io = { out: (t: string) => out += t, err: () => {} };
  assert.equal(
    await main([
      "score",
      "--gold",
      `${DIR}/ref.m2`,
      "--hyp-m2",
      `${DIR}/hyp.m2`,
      "-m",
      "errant,m2",
      "--by-type",
      "--format",
      "json",
    ], io),
    0,
  );
  const { errant, m2 } = JSON.parse(out).systems[0].metrics;
  const sum = (types: Record<string, Record<string, number>>, key: string) =>
    Object.values(types).reduce((n, t) => n + t[key], 0);
  for (const key of ["tp", "fp", "fn"]) assert.equal(sum(errant.byType.types, key), errant[key]);
  for (const key of ["tp", "fn"]) assert.equal(sum(m2.byType.types, key), m2[key]);
  assert.equal(m2.byType.types["R:VERB:SVA"].precision, undefined);
  assert.match(m2.byType.notes[0], /precision \(and F\) per type is not defined/);
  out = "";
  assert.equal(
    await main([
      "score",
      "--gold",
      `${DIR}/ref.m2`,
      "--hyp-m2",
      `${DIR}/hyp.m2`,
      "-m",
      "errant",
      "--by-type",
      "--opt",
      "errant.cat=1",
    ], io),
    0,
  );
  assert.match(out, /errant {2}hyp by type:\nERRANT category \(level 1\) +tp +fp +fn/);
  assert.match(out, /^M +1 +0 +1 /m);
});

Deno.test("pyRound() rounds exact ties to even and pyStr() prints as Python", () => {
  // k/32 for odd k has five decimals ending in 5: an exact tie at 4 places.
  for (let k = 1; k < 32; k += 2) {
    const x = k / 32;
    const digits = x.toFixed(5); // exact: five decimals
    const kept = Number(digits.slice(0, -1));
    const last = Number(digits.at(-2));
    const expected = last % 2 === 0 ? kept : Number((kept + 0.0001).toFixed(4));
    assert.equal(pyRound(x, 4), expected, `${k}/32`);
  }
  assert.equal(pyStr(pyRound(0.26625, 4)), "0.2662");
  assert.equal(pyStr(pyRound(2 / 3, 4)), "0.6667");
  assert.equal(pyStr(0.1 + 0.2), "0.30000000000000004");
  assert.equal(pyStr(1e-4), "0.0001");
  assert.equal(pyStr(123.0), "123.0");
  assert.equal(pyStr(-2.5e-7), "-2.5e-07");
});

Deno.test("the errant metric needs hypothesis edits and says so", async () => {
  const gold = await readGold(`${DIR}/ref.m2`);
  assert.throws(
    () => errantMetric.stats(gold.sentences[0], gold.sentences[0].source, errantMetric.defaults),
    (e) => e instanceof InputError && /--hyp-m2/.test(e.message),
  );
});

Deno.test("score --by-type --ci gives per-type bootstrap intervals from the corpus resamples", async () => {
  let out = "";
  const io = { out: (t: string) => out += t, err: () => {} };
  const args = ["score", "--gold", `${DIR}/ref.m2`, "--hyp-m2", `${DIR}/hyp.m2`, "-m", "errant,m2"];
  assert.equal(
    await main([...args, "--by-type", "--ci", "--samples", "300", "--format", "json"], io),
    0,
  );
  const { errant, m2 } = JSON.parse(out).systems[0].metrics;
  // R:VERB:SVA is in 3 of 9 sentences: some resamples lack it, so it has no interval.
  const sva = errant.byType.types["R:VERB:SVA"];
  assert.equal(sva.ci, undefined);
  assert.ok(sva.ci_resamples_defined > 0 && sva.ci_resamples_defined < 300);
  for (
    const [type, t] of Object.entries(errant.byType.types) as [
      string,
      { ci?: { lower: number; upper: number } },
    ][]
  ) {
    if (!t.ci) continue;
    assert.ok(t.ci.lower <= t.ci.upper, type);
    assert.ok(t.ci.lower >= 0 && t.ci.upper <= 1, type);
  }
  assert.ok(Object.values(m2.byType.types).some((t) => (t as { ci?: unknown }).ci === undefined));
  // The same seed gives the same intervals; the table shows their bounds.
  const first = out;
  out = "";
  await main([...args, "--by-type", "--ci", "--samples", "300", "--format", "json"], io);
  assert.equal(out, first);
  out = "";
  await main([...args, "--by-type", "--ci", "--samples", "300"], io);
  assert.match(out, /ERRANT category \(level 3\) +tp +fp +fn +precision +recall +f +ci/);
  assert.match(out, /^R:VERB:SVA .* n\/a$/m);
});

Deno.test("typeIntervals() covers the observed per-type value and says when a type is missing", async () => {
  const gold = await readGold(`${DIR}/ref.m2`);
  const hyp = await readHypothesisM2(`${DIR}/hyp.m2`);
  // Nine copies of the corpus: every type shows up in every resample.
  const g = Array.from({ length: 9 }, () => gold.sentences).flat();
  const h = Array.from({ length: 9 }, () => hyp.sentences).flat();
  const e = Array.from({ length: 9 }, () => hyp.edits).flat();
  const options = errantMetric.defaults;
  const stats = g.map((s, i) => errantMetric.stats(s, h[i], options, e[i]));
  const observed = errantMetric.byType!(stats, options, g, h, e);
  const ci = typeIntervals({
    metric: errantMetric,
    options,
    stats,
    gold: g,
    hypotheses: h,
    hypothesisEdits: e,
    samples: 200,
  });
  for (const { type, score } of observed.types) {
    const x = ci.get(type);
    assert.ok(typeof x === "object", `${type}: no interval`);
    assert.ok(x.lower <= (score.f as number) && (score.f as number) <= x.upper, type);
  }
});

Deno.test("errant_compare refuses what score refuses (every door has the same checks)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const cases: [string, string, RegExp][] = [
      [
        "start-end",
        "S a b c\nA 2 1|||X|||y|||REQUIRED|||-NONE-|||0\n",
        /:2: expected start <= end/,
      ],
      [
        "past-end",
        "S a b c\nA 1 9|||X|||y|||REQUIRED|||-NONE-|||0\n",
        /:2: expected offsets within/,
      ],
      [
        "cr-only",
        "S a b c\rA 1 2|||X|||y|||REQUIRED|||-NONE-|||0\r",
        /:1: found a carriage return/,
      ],
      ["empty", "", /: expected at least one "S" line/],
      [
        "annotators",
        "S a b c\n" +
        Array.from({ length: 101 }, (_, i) => `A 1 2|||X|||y|||REQUIRED|||-NONE-|||${i}\n`).join(
          "",
        ),
        /annotators/,
      ],
      ["mid-bom", "S a b c\n\n\ufeffS d e\n", /byte order mark/],
      ["long", `S ${"a ".repeat(50_001)}\n`, /longer than 100000 characters/],
    ];
    for (const [name, text, pattern] of cases) {
      const path = `${dir}/${name}.m2`;
      await Deno.writeTextFile(path, text);
      let out = "", err = "";
      const code = await main(["errant_compare", "-hyp", path, "-ref", path], {
        out: (t) => out += t,
        err: (t) => err += t,
      });
      assert.equal(code, 1, `${name}: ${err}`);
      assert.equal(out, "", name);
      assert.match(err, pattern, name);
      assert.equal(err.split("\n").length, 2, name);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("errant_compare on a gold with 3,000 annotators stops at the annotator limit, which --max-annotators raises", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const edit = (a: number) => `A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||${a}\n`;
    const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    // One sentence with 3,000 annotators; and 30 sentences of 100 annotators each.
    const golds = {
      one: `S He go home .\n${range(0, 3000).map(edit).join("")}\n`,
      spread: range(0, 30).map((s) => `S He go home .\n${range(100 * s, 100).map(edit).join("")}\n`)
        .join(""),
    };
    const hyp = `${dir}/hyp.m2`;
    await Deno.writeTextFile(hyp, `S He go home .\n${edit(0)}\n`);
    const run = async (...args: string[]) => {
      let out = "", err = "";
      const code = await main(["errant_compare", ...args], {
        out: (t) => out += t,
        err: (t) => err += t,
      });
      return { code, out, err };
    };
    for (const [name, text] of Object.entries(golds)) {
      const ref = `${dir}/${name}.m2`;
      await Deno.writeTextFile(ref, text);
      const refused = await run("-hyp", hyp, "-ref", ref);
      assert.equal(refused.code, 1, name);
      assert.equal(refused.out, "", name);
      assert.equal(
        refused.err,
        `gecscore: ${ref}:${name === "one" ? 102 : 104}: expected at most 100 distinct ` +
          `annotators, found a new one ("100") past the limit (--max-annotators)\n`,
      );
      if (name === "one") {
        // The flag the refusal names is one errant_compare takes.
        const raised = await run("--max-annotators", "3000", "-hyp", hyp, "-ref", ref);
        assert.equal(raised.code, 0, raised.err);
        assert.match(raised.out, /^1\t0\t0\t1\.0\t1\.0\t1\.0$/m);
      }
    }
    const bad = await run("--max-annotators", "0", "-hyp", hyp, "-ref", hyp);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /--max-annotators must be a whole number >= 1, got "0"/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("errant_compare refuses a file that never ends in one line (/dev/zero, an endless FIFO)", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    const hyp = `${dir}/hyp.m2`;
    await Deno.writeTextFile(
      hyp,
      "S He go home .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n",
    );
    await t.step("/dev/zero", async () => {
      const run = await runCli(["--allow-read"], [
        "errant_compare",
        "-hyp",
        "/dev/zero",
        "-ref",
        hyp,
      ]);
      assert.equal(run.code, 1);
      assert.equal(run.stdout, "");
      assert.match(run.stderr, /^gecscore: \/dev\/zero:1: line has a NUL byte[^\n]*\n$/);
    });
    await t.step("an endless FIFO", async () => {
      const fifo = `${dir}/ref.m2`;
      const { writer } = await endlessFifo(fifo, "S He go home .\n".repeat(70000));
      const run = await runCli(["--allow-read"], ["errant_compare", "-hyp", hyp, "-ref", fifo]);
      await writer;
      assert.equal(run.code, 1, run.stderr);
      assert.equal(run.stdout, "");
      assert.equal(
        run.stderr,
        `gecscore: ${fifo}: holds more than 268,435,456 bytes, the most errant_compare reads of an M2 file\n`,
      );
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
