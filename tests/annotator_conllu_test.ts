/**
 * ERRANT-style annotation from any tagger (issue 34): CoNLL-U analyses of a language other than
 * English (UD part of speech and lemma, no Penn tag) run ERRANT's alignment, merging and
 * classification; a language pack's hook adds its own types; English CoNLL-U with the
 * built-in tagger's own tags gives the built-in path's edits.
 */

import assert from "node:assert/strict";
import { errantParallelCommand } from "../annotator/commands.ts";
import { loadWinkAnalyser } from "../annotator/tag.ts";
import { parseConllu } from "../annotator/conllu.ts";
import { annotateParallelStream } from "../annotator/stream.ts";
import type { Analysis } from "../annotator/token.ts";
import type { Plugin } from "../plugins/types.ts";
import { generatePairs, m2Sources } from "../bench/generate_pairs.ts";
import { endlessFifo, runCli } from "./run_cli.ts";

const DATA = new URL("./testdata/annotator/", import.meta.url).pathname;

function capture() {
  const io = { out: "", err: "" };
  return { io, sink: { out: (t: string) => io.out += t, err: (t: string) => io.err += t } };
}

const UK_ARGS = [
  "-orig",
  `${DATA}uk.orig`,
  "-cor",
  `${DATA}uk.cor`,
  "-lang",
  "uk",
  "-analyses",
  `${DATA}uk.conllu`,
  "-out",
  "-",
];

Deno.test("errant_parallel -lang uk annotates from UD analyses (UPOS, lemma, UD labels)", async () => {
  const { io, sink } = capture();
  assert.equal(await errantParallelCommand(UK_ARGS, sink), 0, io.err);
  assert.equal(
    io.out,
    [
      "S Я живу в Києві .",
      "A 2 3|||R:PREP|||у|||REQUIRED|||-NONE-|||0",
      "",
      "S Він написав лист .",
      // Same lemma, same POS: ERRANT's rule says noun number (in Ukrainian it is the case).
      "A 2 3|||R:NOUN:NUM|||листа|||REQUIRED|||-NONE-|||0",
      "",
      "S Я думаю що він прийде .",
      "A 2 2|||M:PUNCT|||,|||REQUIRED|||-NONE-|||0",
      "",
      "S Він читає книжку .",
      "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0",
      "",
      "",
    ].join("\n"),
  );
});

Deno.test("a language pack's annotator language gives its own types, on workers too", async () => {
  const pack: Plugin = {
    name: "test-uk",
    version: "1.0.0",
    annotatorLanguages: [{
      code: "uk",
      module: new URL("uk_language.ts", `file://${DATA}`).href,
      exportName: "ukrainian",
    }],
  };
  const { io, sink } = capture();
  assert.equal(await errantParallelCommand(UK_ARGS, sink, { plugins: [pack] }), 0, io.err);
  const types = io.out.split("\n").filter((l) => l.startsWith("A ")).map((l) => l.split("|||")[1]);
  assert.deepEqual(types, ["R:PREP", "G/Case", "Punctuation", "noop"]);
  // The same on two workers, one sentence a chunk: each worker imports the language itself.
  let m2 = "";
  const spec = {
    analyses: `${DATA}uk.conllu`,
    lang: "uk",
    language: { module: pack.annotatorLanguages![0].module, exportName: "ukrainian" },
  };
  for await (
    const piece of annotateParallelStream(
      { orig: `${DATA}uk.orig`, cors: [`${DATA}uk.cor`] },
      spec,
      { jobs: 2, chunkSize: 1 },
    )
  ) m2 += new TextDecoder().decode(piece);
  assert.equal(m2, io.out);
});

Deno.test("-lang needs analyses, and a sentence missing from them is named", async () => {
  const none = capture();
  assert.equal(
    await errantParallelCommand([
      "-orig",
      `${DATA}uk.orig`,
      "-cor",
      `${DATA}uk.cor`,
      "-lang",
      "uk",
      "-out",
      "-",
    ], none.sink),
    2,
  );
  assert.match(none.io.err, /^-lang uk needs -analyses FILE\.conllu/);
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/cor`,
      "Я живу у Львові .\nВін написав листа .\nЯ думаю , що він прийде .\nВін читає книжку .\n",
    );
    const missing = capture();
    const args = [
      "-orig",
      `${DATA}uk.orig`,
      "-cor",
      `${dir}/cor`,
      "-lang",
      "uk",
      "-analyses",
      `${DATA}uk.conllu`,
      "-out",
      `${dir}/o.m2`,
    ];
    assert.equal(await errantParallelCommand(args, missing.sink), 1);
    assert.equal(
      missing.io.err,
      `${DATA}uk.conllu: no analysis of the sentence "Я живу у Львові ." (its tokens as written)\n`,
    );
    await assert.rejects(Deno.stat(`${dir}/o.m2`), Deno.errors.NotFound);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("parseConllu() universal: a multi-word token is one token of the text", async () => {
  const [s] = parseConllu(await Deno.readTextFile(`${DATA}cs_mwt.conllu`), "cs.conllu", {
    universal: true,
  });
  assert.deepEqual(s.map((t) => t.text), ["Přišel", "jsem", ",", "abych", "ti", "pomohl", "."]);
  assert.deepEqual(s.map((t) => [t.pos, t.lemma, t.dep, t.head]), [
    ["VERB", "přijít", "root", 0],
    ["AUX", "být", "aux", 0],
    ["PUNCT", ",", "punct", 5],
    ["SCONJ", "aby", "mark", 5],
    ["PRON", "ty", "iobj", 5],
    ["VERB", "pomoci", "advcl", 0],
    ["PUNCT", ".", "punct", 0],
  ]);
});

/** CoNLL-U of analysed sentences, their tags, lemmas and labels as they are. */
function toConllu(sentences: Analysis[]): string {
  return sentences.map((s) =>
    s.map((t, i) =>
      [i + 1, t.text, t.lemma, t.pos, t.tag, "_", t.head === i ? 0 : t.head + 1, t.dep, "_", "_"]
        .join("\t")
    ).join("\n") + "\n\n"
  ).join("");
}

Deno.test("English CoNLL-U with the built-in tagger's tags gives the built-in path's edits", async () => {
  const bases = m2Sources(
    await Deno.readTextFile(new URL("./testdata/errant/ref.m2", import.meta.url)),
  );
  const pairs = [...generatePairs(bases, 200, 11)];
  const analyse = await loadWinkAnalyser();
  const sentences = pairs.flatMap(([s, t]) => [analyse(s.split(" ")), analyse(t.split(" "))]);
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/orig`, pairs.map(([s]) => s + "\n").join(""));
    await Deno.writeTextFile(`${dir}/cor`, pairs.map(([, t]) => t + "\n").join(""));
    await Deno.writeTextFile(`${dir}/a.conllu`, toConllu(sentences));
    const builtin = capture();
    const files = ["-orig", `${dir}/orig`, "-cor", `${dir}/cor`, "-out", "-"];
    assert.equal(await errantParallelCommand(files, builtin.sink), 0);
    const ready = capture();
    assert.equal(
      await errantParallelCommand([...files, "-analyses", `${dir}/a.conllu`], ready.sink),
      0,
      ready.io.err,
    );
    assert.equal(ready.io.out.split("\n").filter((l) => l.startsWith("A ")).length > 200, true);
    assert.equal(ready.io.out, builtin.io.out);
    // The analyses really are read: other tags give other types.
    await Deno.writeTextFile(
      `${dir}/b.conllu`,
      toConllu(sentences).replaceAll("\tNNS\t", "\tJJ\t"),
    );
    const retagged = capture();
    assert.equal(
      await errantParallelCommand([...files, "-analyses", `${dir}/b.conllu`], retagged.sink),
      0,
    );
    assert.notEqual(retagged.io.out, builtin.io.out);
    const en = capture();
    assert.equal(
      await errantParallelCommand(
        [...files, "-analyses", `${dir}/a.conllu`, "-lang", "en"],
        en.sink,
      ),
      0,
    );
    assert.equal(en.io.out, builtin.io.out);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("-analyses that never ends is refused in one line at its bound (/dev/zero, a FIFO)", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/orig`, "He go home .\n");
    await Deno.writeTextFile(`${dir}/cor`, "He goes home .\n");
    const args = (analyses: string) => [
      "errant_parallel",
      "-orig",
      `${dir}/orig`,
      "-cor",
      `${dir}/cor`,
      "-out",
      `${dir}/o.m2`,
      "-analyses",
      analyses,
    ];
    await t.step("/dev/zero", async () => {
      const run = await runCli(["--allow-read", "--allow-write=/tmp"], args("/dev/zero"));
      assert.equal(run.code, 1);
      assert.equal(run.stdout, "");
      assert.match(run.stderr, /^\/dev\/zero:1: line has a NUL byte[^\n]*\n$/);
    });
    await t.step("an endless FIFO of CoNLL-U lines", async () => {
      const fifo = `${dir}/analyses`;
      // The writer goes on until the reader is gone (the pipe breaks).
      const { writer } = await endlessFifo(
        fifo,
        "1\tHe\the\tPRON\tPRP\t_\t0\troot\t_\t_\n".repeat(20000),
      );
      const run = await runCli(["--allow-read", "--allow-write=/tmp"], args(fifo));
      await writer;
      assert.equal(run.code, 1, run.stderr);
      assert.equal(run.stdout, "");
      assert.equal(
        run.stderr,
        `${fifo}: holds more than 268,435,456 characters, the most an analyses file may hold ` +
          "(split the corpus and its analyses into parts)\n",
      );
      await assert.rejects(Deno.stat(`${dir}/o.m2`), Deno.errors.NotFound);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
