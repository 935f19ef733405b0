/**
 * shotakoyama/gleu (MultiGEC-2025's GLEU): the drop-in commands `gleu`, `sgleu`, `mgleu` print
 * what the reference printed (byte for byte), on a small multilingual set made for these tests
 * (`testdata/gleu_koyama/`, with every output of the reference kept) and on the 13 CoNLL-2014
 * outputs (`testdata/gleu_koyama/conll2014.json`: short outputs as text, long ones as SHA-256);
 * the metric's `koyama` variant gives the same numbers, and compute_gleu's where they agree.
 *
 * @module
 */

import assert from "node:assert/strict";
import { koyamaCommand, parseKoyamaArgs } from "../metrics/gleu/koyama_command.ts";
import {
  koyamaCorpusMax,
  koyamaCorpusSample,
  koyamaGold,
  koyamaSentence,
  koyamaStats,
} from "../metrics/gleu/koyama.ts";
import { gleuMetric, type GleuOptions } from "../metrics/gleu/mod.ts";
import { resolveOptions } from "../plugins/options.ts";
import type { GoldSentence } from "../plugins/types.ts";
import { decimalRoundHalfUp } from "../util/decimal_round.ts";
import { CONLL2014_SYSTEMS, readShared, shared, sharedTest } from "./shared.ts";

const DATA = new URL("./testdata/gleu_koyama/", import.meta.url).pathname;

async function run(name: "gleu" | "sgleu" | "mgleu", args: string[]) {
  let out = "";
  let err = "";
  const code = await koyamaCommand(name, args, {
    out: (t) => out += t,
    err: (t) => err += t,
  });
  return { code, out, err };
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

Deno.test("gleu, sgleu, mgleu print what shotakoyama/gleu printed on a small multilingual set", async (t) => {
  // Ukrainian, English, Greek and German lines; an empty source, reference and hypothesis.
  const expected = (await Deno.readTextFile(`${DATA}expected.txt`)).split(/^== /m).slice(1);
  assert.equal(expected.length, 10);
  for (const block of expected) {
    const [head, ...body] = block.split("\n");
    const [name, ...args] = head.split(" ");
    await t.step(head, async () => {
      const refs = args.includes("-r") ? [] : ["-r", `${DATA}ref1`, `${DATA}ref2`];
      const argv = [...args.map((a) => a === "ref1" ? `${DATA}ref1` : a)];
      const { code, out } = await run(name as "gleu", [
        "-s",
        `${DATA}src`,
        ...refs,
        "-o",
        `${DATA}hyp1`,
        `${DATA}hyp2`,
        ...argv,
      ]);
      assert.equal(code, 0);
      assert.equal(out.replaceAll(DATA, ""), body.join("\n"));
    });
  }
});

interface ConllCase {
  name: string;
  command: "gleu" | "sgleu" | "mgleu";
  args: string[];
  refs: string[];
  systems?: string[];
  lines: number;
  text?: string;
  sha256?: string;
}

sharedTest("gleu, sgleu, mgleu equal shotakoyama/gleu on the 13 CoNLL-2014 outputs", async (t) => {
  const cases: ConllCase[] = JSON.parse(await Deno.readTextFile(`${DATA}conll2014.json`));
  assert.equal(cases.length, 18);
  const dir = shared("data/conll2014/");
  for (const c of cases) {
    await t.step(`${c.command} ${c.args.join(" ")}`, async () => {
      const systems = (c.systems ?? CONLL2014_SYSTEMS).map((s) => `${dir}systems/${s}`);
      const refs = c.refs.map((r) => `${dir}refs/conll14st-test.tok.${r}`);
      const { code, out } = await run(c.command, [
        "-s",
        `${dir}refs/conll14st-test.tok.src`,
        "-r",
        ...refs,
        "-o",
        ...systems,
        ...c.args,
      ]);
      assert.equal(code, 0);
      const text = out.replaceAll(dir, "");
      assert.equal(text.split("\n").length - 1, c.lines);
      if (c.text !== undefined) assert.equal(text, c.text);
      else assert.equal(await sha256(text), c.sha256);
    });
  }
});

/** CoNLL-2014 as gold sentences with both references, and a system's lines. */
async function conll(): Promise<
  { gold: GoldSentence[]; system: (name: string) => Promise<string[]> }
> {
  const lines = async (p: string) => (await readShared(p)).replace(/\n$/, "").split("\n");
  const src = await lines("data/conll2014/refs/conll14st-test.tok.src");
  const trg0 = await lines("data/conll2014/refs/conll14st-test.tok.trg0");
  const trg1 = await lines("data/conll2014/refs/conll14st-test.tok.trg1");
  const split = (s: string) => s === "" ? [] : s.split(" ");
  const gold = src.map((s, i) => ({
    source: split(s),
    references: [split(trg0[i]), split(trg1[i])],
  })) as unknown as GoldSentence[];
  return {
    gold,
    system: (name) => lines(`data/conll2014/systems/${name}`),
  };
}

sharedTest("gleu variant koyama equals the drop-in and compute_gleu on CoNLL-2014", async () => {
  const { gold, system } = await conll();
  const cases: ConllCase[] = JSON.parse(await Deno.readTextFile(`${DATA}conll2014.json`));
  const printed = (name: string, sys: string) => {
    const text = cases.find((c) => c.name === name)!.text!;
    return new RegExp(`^systems/${sys}\\t(\\S+)$`, "m").exec(text)![1];
  };
  const sample = resolveOptions<GleuOptions>(gleuMetric, { variant: "koyama" });
  const max = resolveOptions<GleuOptions>(gleuMetric, { variant: "koyama", select: "max" });
  for (const name of ["AMU", "CAMB", "INPUT", "UFC"]) {
    const hyps = await system(name);
    const tokens = hyps.map((h) => h === "" ? [] : h.split(" "));
    const stats = gold.map((g, i) => gleuMetric.stats(g, tokens[i], sample));
    const score = gleuMetric.corpus(stats, sample);
    assert.equal(decimalRoundHalfUp(100 * score.gleu, 4), printed("gleu_f_d4", name));
    // compute_gleu (two references, Python 2) prints the same number to 6 places of a fraction.
    const official = (await readShared(`golden/gleu/two-refs/${name}.txt`)).split(" ")[1].trim();
    assert.equal(decimalRoundHalfUp(score.gleu, 6), official);
    const maxStats = gold.map((g, i) => gleuMetric.stats(g, tokens[i], max));
    assert.equal(
      decimalRoundHalfUp(100 * gleuMetric.corpus(maxStats, max).gleu, 2),
      printed("gleu_m", name),
    );
    // The sentence-mean aggregate is mgleu (to the printed digits).
    const mean = resolveOptions<GleuOptions>(gleuMetric, {
      variant: "koyama",
      aggregate: "sentence-mean",
    });
    assert.equal(
      decimalRoundHalfUp(100 * gleuMetric.corpus(stats, mean).gleu, 2),
      printed("mgleu", name),
    );
  }
});

Deno.test("koyama: a sentence with one reference scores as one with that reference twice", () => {
  // References that do not cover every sentence: each sentence draws among its own.
  const sources = ["a b c d", "e f g", "h i j k l"];
  const refs = [["a b x d", "a y c d"], ["e f z"], ["h i j k l", "h i q k l", "h w j k l"]];
  const hyps = ["a b x d", "e f g", "h i q k"];
  const ragged = sources.map((s, i) => koyamaStats(koyamaGold(s, refs[i], 4, "word"), hyps[i]));
  const padded = sources.map((s, i) =>
    koyamaStats(koyamaGold(s, i === 1 ? [refs[1][0], refs[1][0]] : refs[i], 4, "word"), hyps[i])
  );
  assert.deepEqual(
    koyamaCorpusSample(ragged, 50, "python2"),
    koyamaCorpusSample(padded, 50, "python2"),
  );
  assert.equal(koyamaCorpusMax(ragged).gleu, koyamaCorpusMax(padded).gleu);
  // The best reference of sentence 3 is its second (the hypothesis keeps q).
  assert.equal(
    koyamaSentence(ragged[2], "max").gleu,
    Math.max(...koyamaSentence(ragged[2], "sample").values),
  );
});

Deno.test("koyama: an order without hypothesis n-grams has precision 1; no smoothing", () => {
  const gold = koyamaGold("a b", ["a c"], 4, "word");
  // Two tokens: orders 3 and 4 have no n-gram (p = 1); order 2 has 0 of 1 (p = 0).
  assert.equal(koyamaSentence(koyamaStats(gold, "a c"), "sample").gleu, 1);
  assert.equal(koyamaSentence(koyamaStats(gold, "a b"), "sample").gleu, 0);
  // Empty hypothesis and reference: 1; empty hypothesis, non-empty reference: 0.
  assert.equal(koyamaSentence(koyamaStats(koyamaGold("", [""], 4, "word"), ""), "max").gleu, 1);
  assert.equal(koyamaSentence(koyamaStats(gold, ""), "max").gleu, 0);
});

Deno.test("gleu metric: order, unit and select need variant koyama", () => {
  const options = resolveOptions<GleuOptions>(gleuMetric, { order: 3 });
  const gold = { source: ["a"], references: [["a"]] } as unknown as GoldSentence;
  assert.throws(() => gleuMetric.stats(gold, ["a"], options), /need variant koyama, not 2016/);
  const koyama = resolveOptions<GleuOptions>(gleuMetric, { variant: "koyama", unit: "char" });
  assert.match(
    gleuMetric.signature(koyama),
    /^gleu\|variant:koyama\|n:4\|unit:char\|select:sample\|iter:500/,
  );
  const explained = gleuMetric.explain(gold, ["a"], koyama);
  assert.match(explained.summary, /^GLEU 100\.00/);
  assert.equal(explained.blocks[0].table?.length, 6);
});

Deno.test("gleu drop-in: arguments as argparse takes them, errors in one line", async () => {
  const parsed = parseKoyamaArgs([
    "-s",
    "S",
    "-r",
    "A",
    "B",
    "-o",
    "H",
    "-mv",
    "-d4",
    "--fix-s",
    "--tok=char",
  ]);
  assert.deepEqual(
    [
      parsed.source,
      parsed.refs,
      parsed.hyps,
      parsed.max,
      parsed.verbose,
      parsed.digit,
      parsed.fix,
      parsed.token,
    ],
    ["S", ["A", "B"], ["H"], true, true, 4, true, "char"],
  );
  let r = await run("gleu", ["-s", `${DATA}src`, "-o", `${DATA}hyp1`]);
  assert.equal(r.code, 2);
  assert.match(
    r.err,
    /^gleu: The following arguments are required: -r\/--ref\/--references; Usage/,
  );
  r = await run("gleu", ["-s", `${DATA}src`, "-r", `${DATA}nope`, "-o", `${DATA}hyp1`]);
  assert.equal(r.code, 1);
  assert.equal(r.err.split("\n").length, 2);
  assert.match(r.err, /nope/);
  r = await run("sgleu", [
    "-s",
    `${DATA}src`,
    "-r",
    `${DATA}ref1`,
    "-o",
    `${DATA}hyp1`,
    "-t",
    "byte",
  ]);
  assert.equal(r.code, 2);
  assert.match(r.err, /invalid choice: 'byte'/);
  // A reference shorter than the source: the reference's assertion, as a message.
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/short`, "one line\n");
  r = await run("gleu", ["-s", `${DATA}src`, "-r", `${dir}/short`, "-o", `${DATA}hyp1`]);
  assert.equal(r.code, 1);
  assert.match(r.err, /short: has 1 lines but the source has 5/);
  await Deno.remove(dir, { recursive: true });
});
