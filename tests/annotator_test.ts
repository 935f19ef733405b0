/**
 * The annotator's stages on the examples of Felice, Bryant & Briscoe (2016) and Bryant, Felice
 * & Briscoe (2017), and its drop-in commands.
 */

import assert from "node:assert/strict";
import { loadAnnotator } from "../annotator/annotate.ts";
import { align, substitutionCost } from "../annotator/align.ts";
import { mergeEdits } from "../annotator/merge.ts";
import { parseConllu, readyAnalyser } from "../annotator/conllu.ts";
import { errantM2Command, errantParallelCommand } from "../annotator/commands.ts";
import { loadWinkAnalyser } from "../annotator/tag.ts";
import { createRegistry } from "../mod.ts";
import { readHypothesisM2 } from "../formats/hypothesis_m2.ts";
import { Session } from "../repl/session.ts";

const annotator = await loadAnnotator();
const edits = (orig: string, cor: string) =>
  annotator.annotate(annotator.analyse(orig.split(" ")), annotator.analyse(cor.split(" ")))
    .map((e) => `${e.oStart} ${e.oEnd}|${e.correction}|${e.type}`);

Deno.test("align() prefers linguistically close substitutions (Felice et al. 2016)", () => {
  // "wrote" aligns with "has written" through their shared lemma, not with "has".
  const o = annotator.analyse("I wrote a letter".split(" "));
  const c = annotator.analyse("I have written a letter".split(" "));
  assert.deepEqual(align(o, c).map((a) => a.op), ["M", "I", "S", "M", "M"]);
  assert.ok(substitutionCost(o[1], c[2]) < substitutionCost(o[1], c[1]));
  assert.ok(substitutionCost(o[1], c[2]) < 1);
});

Deno.test("align() treats a reordering as one transposition", () => {
  const o = annotator.analyse("I have also seen it".split(" "));
  const c = annotator.analyse("I also have seen it".split(" "));
  assert.deepEqual(align(o, c).map((a) => a.op), ["M", "T2", "M", "M"]);
});

Deno.test("mergeEdits() merges and splits by the rules of Bryant et al. (2017)", () => {
  const merged = (orig: string, cor: string) => {
    const o = annotator.analyse(orig.split(" "));
    const c = annotator.analyse(cor.split(" "));
    return mergeEdits(align(o, c), o, c).map((s) => `${s.oStart}-${s.oEnd}>${s.cStart}-${s.cEnd}`);
  };
  // Whitespace: [sub way -> subway].
  assert.deepEqual(merged("take the sub way home", "take the subway home"), ["2-4>2-3"]);
  // Possessive suffix: [friends -> friend 's].
  assert.deepEqual(merged("my friends house", "my friend 's house"), ["1-2>1-3"]);
  // Case change after punctuation: [, we -> . We].
  assert.deepEqual(merged("It rained , we stayed", "It rained . We stayed"), ["2-4>2-4"]);
  // Verb phrase: [to eat -> eating].
  assert.deepEqual(merged("I like to eat apples", "I like eating apples"), ["2-4>2-3"]);
});

Deno.test("annotate() gives the paper's error types", () => {
  assert.deepEqual(edits("I like cat .", "I like cats ."), ["2 3|cats|R:NOUN:NUM"]);
  assert.deepEqual(edits("He go home .", "He goes home ."), ["1 2|goes|R:VERB:SVA"]);
  assert.deepEqual(edits("I am agree .", "I agree ."), ["1 2||U:VERB:TENSE"]);
  assert.deepEqual(edits("I recieved it .", "I received it ."), ["1 2|received|R:SPELL"]);
  assert.deepEqual(edits("We went in London .", "We went to London ."), ["2 3|to|R:PREP"]);
  assert.deepEqual(edits("I saw cat .", "I saw a cat ."), ["2 2|a|M:DET"]);
  assert.deepEqual(edits("i like it .", "I like it ."), ["0 1|I|R:ORTH"]);
  assert.deepEqual(edits("I have also seen it .", "I also have seen it ."), ["1 3|also have|R:WO"]);
  assert.deepEqual(edits("It is n't here .", "It is not here ."), ["2 3|not|R:CONTR"]);
  assert.deepEqual(edits("It was more easy .", "It was easier ."), ["2 4|easier|R:ADJ:FORM"]);
  assert.deepEqual(edits("I want go .", "I want to go ."), ["2 2|to|M:VERB:FORM"]);
  assert.deepEqual(edits("He said that .", "He said that ."), []);
});

Deno.test("readyAnalyser() uses the supplied analysis and falls back for other sentences", async () => {
  const conllu = [
    "1\tHe\the\tPRON\tPRP\t_\t2\tnsubj\t_\t_",
    "2\tread\tread\tVERB\tVBD\t_\t0\troot\t_\t_",
    "",
  ].join("\n");
  const analyser = readyAnalyser(parseConllu(conllu, "a.conllu"), await loadWinkAnalyser());
  assert.equal(analyser(["He", "read"])[1].tag, "VBD");
  assert.equal(analyser(["She", "reads"])[1].tag, "VBZ");
  assert.throws(() => parseConllu("1\tHe\n", "b.conllu"), /b\.conllu:1: expected 10/);
});

Deno.test("loadWinkAnalyser() gives words named like object members their own lemma", async () => {
  const analysis = (await loadWinkAnalyser())(["The", "constructor", "calls", "toString", "."]);
  assert.equal(analysis[1].lemma, "constructor");
  assert.equal(analysis[3].lemma, "tostring");
});

Deno.test("annotate() types words named like object members as any other word", () => {
  assert.deepEqual(edits("The constructor failed .", "The builder failed ."), [
    "1 2|builder|R:NOUN",
  ]);
  assert.deepEqual(edits("Call valueOf now .", "Call toString now ."), ["1 2|toString|R:NOUN"]);
});

Deno.test("errant_parallel and errant_m2 take ERRANT's arguments and report bad input in one line", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/orig`, "He go home .\nFine .\n");
    await Deno.writeTextFile(`${dir}/cor1`, "He goes home .\nFine .\n");
    await Deno.writeTextFile(`${dir}/cor2`, "He went home .\nFine !\n");
    let err = "";
    const io = { err: (t: string) => err += t };
    const args = [
      "-orig",
      `${dir}/orig`,
      "-cor",
      `${dir}/cor1`,
      `${dir}/cor2`,
      "-out",
      `${dir}/o.m2`,
    ];
    assert.equal(await errantParallelCommand(args, io), 0);
    assert.equal(
      await Deno.readTextFile(`${dir}/o.m2`),
      [
        "S He go home .",
        "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0",
        "A 1 2|||R:VERB:TENSE|||went|||REQUIRED|||-NONE-|||1",
        "",
        "S Fine .",
        "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0",
        "A 1 2|||R:PUNCT|||!|||REQUIRED|||-NONE-|||1",
        "",
        "",
      ].join("\n"),
    );
    // errant_m2 -auto re-extracts the same edits from the file it wrote.
    assert.equal(await errantM2Command(["-auto", `${dir}/o.m2`, "-out", `${dir}/a.m2`], io), 0);
    assert.equal(await Deno.readTextFile(`${dir}/a.m2`), await Deno.readTextFile(`${dir}/o.m2`));
    // Wrong input: one line naming the file, non-zero status, nothing written.
    await Deno.writeTextFile(`${dir}/short`, "He goes home .\n");
    err = "";
    const bad = ["-orig", `${dir}/orig`, "-cor", `${dir}/short`, "-out", `${dir}/b.m2`];
    assert.equal(await errantParallelCommand(bad, io), 1);
    assert.equal(err, `${dir}/short: has 1 lines, but ${dir}/orig has 2\n`);
    await assert.rejects(Deno.stat(`${dir}/b.m2`), Deno.errors.NotFound);
    err = "";
    assert.equal(await errantParallelCommand(["-orig", `${dir}/orig`], io), 2);
    assert.match(err, /^-cor is required\nUsage: gecscore errant_parallel/);
    err = "";
    await Deno.writeTextFile(`${dir}/bad.m2`, "S A b .\nA 1 9|||X|||y|||REQUIRED|||-NONE-|||0\n\n");
    assert.equal(await errantM2Command(["-gold", `${dir}/bad.m2`, "-out", `${dir}/c.m2`], io), 1);
    assert.equal(err, `${dir}/bad.m2:2: edit span 1 9 is outside the sentence of 3 tokens\n`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("REPL annotate gives a plain-text system typed edits that errant scores", async () => {
  const s = new Session({ registry: createRegistry() });
  await s.execute("load gold tests/testdata/errant/ref.m2");
  const dir = await Deno.makeTempDir();
  try {
    const text = (await readHypothesisM2("tests/testdata/errant/hyp.m2")).sentences
      .map((tokens: string[]) => tokens.join(" "));
    await Deno.writeTextFile(`${dir}/plain.txt`, text.join("\n") + "\n");
    await s.execute(`load hyp tests/testdata/errant/hyp.m2 ${dir}/plain.txt`);
    assert.match(await s.execute("align errant"), /or run annotate/);
    assert.match(
      await s.execute("annotate"),
      /^Annotated system plain\.txt: \d+ edits \(edits:gecscore-[\d.]+\)$/,
    );
    await s.execute("goto 7");
    const align = await s.execute("align errant");
    assert.match(align, /== errant on plain\.txt {2}\(errant\|/);
    // The hand-made hypothesis M2 has [about the -> the]; ERRANT's alignment (and ours) makes
    // it the deletion of "about", which annotator 0 of the gold has.
    assert.match(align, /hyp +\(2, 3, ''\) +about +U:PREP +TP/);
    assert.match(align, /hyp +\(10, 10, '!'\) +\(insertion\) +M:PUNCT/);
    const score = await s.execute("score errant");
    assert.match(score, /^plain\.txt +0\.\d+ +\d+\/\d+\/\d+$/m);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
