/**
 * The Chinese pack (`langs/zh/`) on ChERRANT's own examples: the sentences of its modules'
 * `__main__` blocks and merger comments, and a MuCGEC dev sentence with two alternative
 * alignments, with the M2 blocks ChERRANT's `parallel_to_m2.py -g char` writes for them (run
 * from source at HillZhang1999/MuCGEC 3922193); the scorer's rules (union of alternatives,
 * NA skipped, rounding, greedy choice); the commands' errors; the metric through the engine.
 *
 * @module
 */

import assert from "node:assert/strict";
import { createAnnotator } from "../langs/zh/annotate.ts";
import { loadResources } from "../langs/zh/resources.ts";
import { charTokenizer } from "../langs/zh/tokenize.ts";
import { parallelToM2 } from "../langs/zh/parallel.ts";
import { compareM2Text } from "../langs/zh/compare_command.ts";
import { choosePair, computeFScore } from "../langs/zh/compare.ts";
import { pyFloat, pyRepr, pyRound } from "../langs/zh/python.ts";
import { pySplit, pyStrip } from "../langs/zh/text.ts";
import { chinesePlugin } from "../langs/zh/mod.ts";
import { createRegistry, readGold, readSystem, scoreSystems } from "../mod.ts";

const resources = await loadResources();
const tokenize = charTokenizer(resources, {});

function block(src: string, tgt: string, strategy: "all" | "first" = "all"): string {
  const annotate = createAnnotator(resources, "char", strategy);
  return annotate(tokenize(src), tokenize(tgt), 0).join("\n");
}

Deno.test("ChERRANT's merger example: a moved phrase becomes a substitution and a deletion", () => {
  assert.equal(
    block("所以印度对全世界人没有说服不要吃牛肉。", "所以印度没有说服全世界人不要吃牛肉。"),
    [
      "S 所 以 印 度 对 全 世 界 人 没 有 说 服 不 要 吃 牛 肉 。",
      "T0-A0 所 以 印 度 没 有 说 服 全 世 界 人 不 要 吃 牛 肉 。",
      "A 4 5|||S|||没 有 说 服|||REQUIRED|||-NONE-|||0",
      "A 9 13|||R|||-NONE-|||REQUIRED|||-NONE-|||0",
    ].join("\n"),
  );
});

Deno.test("ChERRANT's alignment example (character level): spelling and numerals", () => {
  const out = block(
    "首先，我们得准备:大虾六到九只、盐一茶匙、已搾好的柠檬汁三汤匙、泰国柠檬叶三叶、柠檬香草一根、鱼酱两汤匙、辣椒6粒，纯净水4量杯、香菜半量杯和草菇10个。",
    "首先，我们得准备:大虾六到九只、盐一茶匙、已榨好的柠檬汁三汤匙、泰国柠檬叶三叶、柠檬香草一根、鱼酱两汤匙、辣椒六粒，纯净水四量杯、香菜半量杯和草菇十个。",
  );
  assert.deepEqual(out.split("\n").slice(2), [
    "A 22 23|||S|||榨|||REQUIRED|||-NONE-|||0",
    "A 55 56|||S|||六|||REQUIRED|||-NONE-|||0",
    "A 61 62|||S|||四|||REQUIRED|||-NONE-|||0",
    "A 73 75|||S|||十|||REQUIRED|||-NONE-|||0",
  ]);
});

Deno.test("ChERRANT's merger comments: S M S and D M I patterns become word-order edits", () => {
  assert.deepEqual(block("冬阴功对外国人很有名", "外国人对冬阴功很有名").split("\n").slice(2), [
    "A 0 7|||W|||外 国 人 对 冬 阴 功|||REQUIRED|||-NONE-|||0",
  ]);
  assert.deepEqual(block("旅游去陌生的地方", "去陌生的地方旅游").split("\n").slice(2), [
    "A 0 8|||W|||去 陌 生 的 地 方 旅 游|||REQUIRED|||-NONE-|||0",
  ]);
  assert.deepEqual(block("我们去学校", "学校我们去了").split("\n").slice(2), [
    "A 0 0|||M|||学 校|||REQUIRED|||-NONE-|||0",
    "A 3 5|||S|||了|||REQUIRED|||-NONE-|||0",
  ]);
});

Deno.test("every cheapest alignment under one annotator; -s first keeps the first", async () => {
  const para =
    "1\t我们刚到公园就被天下雨了。\t我们刚到公园天就下雨了。\t我们刚到公园，天就下雨了。\n";
  const all = await parallelToM2(para, "x.para", {});
  assert.equal(
    all,
    [
      "S 我 们 刚 到 公 园 就 被 天 下 雨 了 。",
      "T0-A0 我 们 刚 到 公 园 天 就 下 雨 了 。",
      "A 6 8|||R|||-NONE-|||REQUIRED|||-NONE-|||0",
      "A 9 9|||M|||就|||REQUIRED|||-NONE-|||0",
      "T0-A1 我 们 刚 到 公 园 天 就 下 雨 了 。",
      "A 6 6|||M|||天|||REQUIRED|||-NONE-|||0",
      "A 7 9|||R|||-NONE-|||REQUIRED|||-NONE-|||0",
      "T1-A0 我 们 刚 到 公 园 ， 天 就 下 雨 了 。",
      "A 6 8|||S|||，|||REQUIRED|||-NONE-|||1",
      "A 9 9|||M|||就|||REQUIRED|||-NONE-|||1",
      "",
      "",
    ].join("\n"),
  );
  const first = await parallelToM2(para, "x.para", { strategy: "first" });
  assert.ok(!first.includes("T0-A1"));
  assert.ok(first.includes("T0-A0"));
});

Deno.test("没有错误, a target equal to the source, 无法标注, t2s and --no_simplified", async () => {
  const para = "7\t我去学校\t没有错误\t我去学校\t无法标注\t我們去學校\n";
  const lines = (await parallelToM2(para, "x.para", {})).split("\n");
  assert.deepEqual(lines.slice(0, 8), [
    "S 我 去 学 校",
    "T0 没有错误",
    "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0",
    "T1 没有错误",
    "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1",
    "T2 无法标注",
    "A -1 -1|||NA|||-NONE-|||REQUIRED|||-NONE-|||2",
    "T3-A0 我 们 去 学 校",
  ]);
  const raw = await parallelToM2(para, "x.para", { noSimplified: true });
  assert.match(raw, /T3-A0 我 們 去 學 校/);
});

Deno.test("Windows line ends, Python whitespace and the missing-constituent marker", async () => {
  const out = await parallelToM2(
    "1\t我 去\u3000学校\t我去学校\r\n2\t[缺失成分]好\t很好\r\n",
    "x.para",
    {},
  );
  assert.equal(
    out,
    "S 我 去 学 校\nT0 没有错误\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n" +
      "S [缺失成分] 好\nT0-A0 很 好\nA 0 1|||S|||很|||REQUIRED|||-NONE-|||0\n\n",
  );
  // A line with a source and no target gives an empty line, as the script writes it.
  assert.equal(await parallelToM2("1\t我去\n", "x.para", {}), "\n");
});

Deno.test("a line without a tab or with an empty sentence is an error naming the line", async () => {
  await assert.rejects(
    parallelToM2("1\t我去\n2 no tab\n", "in.para", {}),
    /^InputError: in.para:2: /,
  );
  await assert.rejects(
    parallelToM2("1\t我去\t \t我\n2\t我\t我\n", "in.para", {}),
    /in.para:1: an empty sentence/,
  );
});

Deno.test("Python helpers: split, strip, round half to even, float and tuple printing", () => {
  assert.deepEqual(pySplit("a\x1cb\x85c\u200bd"), ["a", "b", "c\u200bd"]);
  assert.equal(pyStrip("\ufeff a "), "\ufeff a");
  assert.equal(pyRound(0.03125, 4), 0.0312);
  assert.equal(pyRound(0.03135, 4), 0.0314);
  assert.equal(pyRound(2 / 3, 4), 0.6667);
  assert.equal(pyFloat(1), "1.0");
  assert.equal(pyFloat(0.186), "0.186");
  assert.equal(pyFloat(0.00005), "5e-05");
  assert.equal(pyRepr([[1, 2, "的"], [0, 1, "'"]]), `[(1, 2, '的'), (0, 1, "'")]`);
  assert.equal(pyRepr([[1, 2, "\u3000"]]), "[(1, 2, '\\u3000')]");
});

Deno.test("the scorer: shared edits of alternatives count twice, NA sentences are skipped", () => {
  const hyp = "S 我 去\nT0-A0 我 们 去\nA 1 1|||M|||们|||REQUIRED|||-NONE-|||0\n\n" +
    "S 你 好\nT0-A0 你 很 好\nA 1 1|||M|||很|||REQUIRED|||-NONE-|||0\n";
  const ref = "S 我 去\nT0-A0 我 们 去\nA 1 1|||M|||们|||REQUIRED|||-NONE-|||0\n" +
    "T0-A1 我 们 去\nA 1 1|||M|||们|||REQUIRED|||-NONE-|||0\n\n" +
    "S 你 好\nT0 无法标注\nA -1 -1|||NA|||-NONE-|||REQUIRED|||-NONE-|||0\n";
  const out = compareM2Text(hyp, ref, {});
  assert.match(out, /\n2\t0\t0\t1\.0\t1\.0\t1\.0\n/);
  assert.throws(
    () => compareM2Text(hyp, "S x\n", {}, ["h.m2", "r.m2"]),
    /h.m2: has 2 sentences but r.m2 has 1/,
  );
});

Deno.test("computeFScore rounds as the script; the pair choice compares rounded F", () => {
  assert.deepEqual(computeFScore(8, 19, 35, 0.5), [0.2963, 0.186, 0.2649]);
  assert.deepEqual(computeFScore(0, 0, 0, 0.5), [1, 1, 1]);
  // Equal rounded F: more TP wins, then fewer FP, then fewer FN.
  assert.equal(choosePair([[1, 1, 0], [2, 2, 0]], { tp: 0, fp: 0, fn: 0 }, 0.5), 1);
  assert.equal(choosePair([[0, 0, 3], [0, 0, 1]], { tp: 0, fp: 0, fn: 0 }, 0.5), 1);
});

Deno.test("score -m cherrant through the engine: the system's own edits or its text", async () => {
  const dir = await Deno.makeTempDir();
  const gold = `${dir}/gold.para`;
  await Deno.writeTextFile(gold, "1\t我去学校\t我们去学校\n2\t他很好\t他好\n");
  await Deno.writeTextFile(`${dir}/sys.txt`, "我们去学校\n他很好\n");
  const registry = createRegistry().use(chinesePlugin);
  const g = await readGold(gold, { registry, format: "mucgec" });
  const system = await readSystem(`${dir}/sys.txt`, { registry, expected: 2 });
  const [result] = await scoreSystems({
    registry,
    gold: g,
    systems: [system],
    metrics: ["cherrant"],
  });
  const score = result.metrics[0].score as Record<string, number>;
  // Sentence 1 is corrected as the reference is; sentence 2 misses the deletion of 很.
  assert.deepEqual([score.tp, score.fp, score.fn], [1, 0, 1]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("word level on tagged words (word/TAG): ChERRANT's word-level M2", async () => {
  const para =
    "1\t我们/r 去/v 学校/n 。/wp\t我们/r 去/v 了/u 校学/n 。/wp\t我们/r 到/v 学校/n 去/v 。/wp\n" +
    "2\t他/r 很/d 高兴/a\t他/r 高兴/a\n";
  assert.equal(
    await parallelToM2(para, "x.para", { granularity: "word", segmented: true }),
    [
      "S 我们 去 学校 。",
      "T0-A0 我们 去 了 校学 。",
      "A 2 3|||S:OTHER|||了 校学|||REQUIRED|||-NONE-|||0",
      "T1-A0 我们 到 学校 去 。",
      "A 1 1|||M:VERB|||到|||REQUIRED|||-NONE-|||1",
      "A 1 3|||W|||学校 去|||REQUIRED|||-NONE-|||1",
      "",
      "S 他 很 高兴",
      "T0-A0 他 高兴",
      "A 1 2|||R:ADV|||-NONE-|||REQUIRED|||-NONE-|||0",
      "",
      "",
    ].join("\n"),
  );
  await assert.rejects(parallelToM2(para, "x.para", { granularity: "word" }), /needs segmented/);
});

Deno.test("word level from CoNLL-U: FORMs, XPOS else UPOS mapped to LTP tags", async () => {
  const { readConllu } = await import("../langs/zh/segmented.ts");
  const conllu = "# text = 他很高兴\n1\t他\t他\tPRON\t_\t_\t0\troot\t_\t_\n" +
    "2\t很\t很\tADV\td\t_\t3\tadvmod\t_\t_\n3\t高兴\t高兴\tADJ\t_\t_\t0\troot\t_\t_\n\n" +
    "1\t他\t他\tPRON\t_\t_\t0\troot\t_\t_\n2\t高兴\t高兴\tADJ\t_\t_\t0\troot\t_\t_\n";
  const analyses = readConllu(conllu, "a.conllu");
  assert.equal(analyses.get("他很高兴"), "他/r 很/d 高兴/a");
  const out = await parallelToM2("2\t他很高兴\t他高兴\n", "x.para", {
    granularity: "word",
    analyses,
  });
  assert.match(out, /A 1 2\|\|\|R:ADV\|\|\|-NONE-/);
  assert.throws(() => readConllu("1\t他\n", "b.conllu"), /b.conllu:1: expected 10/);
});

Deno.test("the cherrant metric conforms to the plugin contract", async (t) => {
  const { assertMetricConformance } = await import("../plugins/testkit.ts");
  const { cherrantMetric, mucgecFormat } = await import("../langs/zh/mod.ts");
  const gold = await mucgecFormat.parse(
    ["1\t我去学校\t我们去学校\t我去了学校\n2\t他很好\t他好\n3\t今天天气好\t没有错误\n"],
    "g.para",
  );
  await assertMetricConformance(t, cherrantMetric, {
    gold: gold.sentences,
    hypotheses: [["我们去学校"], ["他很很好"], ["今天天气好"]],
    options: [{}, { beta: 1, mode: "cse" }, { mode: "dt", cat: 3 }],
  });
});

Deno.test("cherrant_parallel refuses a NUL byte, a UTF-16 file and an overlong line at their line", async () => {
  const { cherrantParallelCommand } = await import("../langs/zh/parallel.ts");
  const dir = await Deno.makeTempDir({ prefix: "cherrant_read_" });
  const out = `${dir}/out.m2`;
  const io = { out: () => {}, err: () => {} };
  const run = (file: string) => cherrantParallelCommand(["-f", file, "-o", out], io);
  try {
    const ok = `${dir}/ok.txt`;
    await Deno.writeTextFile(ok, "1\t我去了学校。\t我去了学校。\n");
    assert.equal(await run(ok), 0);
    await Deno.remove(out);
    const nul = `${dir}/nul.txt`;
    await Deno.writeTextFile(nul, "1\t我去了学校。\t我去了学校。\n2\t他\0来了。\t他来了。\n");
    await assert.rejects(
      run(nul),
      /^InputError: .*nul\.txt:2: line has a NUL byte: the file looks binary, not UTF-8 text$/,
    );
    const utf16 = `${dir}/utf16.txt`;
    const text = "\uFEFF1\t我去了学校。\t我去了学校。\n";
    const bytes = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) {
      bytes[2 * i] = text.charCodeAt(i) & 0xff, bytes[2 * i + 1] = text.charCodeAt(i) >> 8;
    }
    await Deno.writeFile(utf16, bytes);
    await assert.rejects(
      run(utf16),
      /^InputError: .*utf16\.txt:1: file looks like UTF-16LE text, not UTF-8/,
    );
    const long = `${dir}/long.txt`;
    await Deno.writeTextFile(long, `1\t${"我".repeat(100_001)}\t我\n`);
    await assert.rejects(
      run(long),
      /^InputError: .*long\.txt:1: line is longer than 100000 characters/,
    );
    // Nothing half-written.
    await assert.rejects(Deno.stat(out), Deno.errors.NotFound);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
