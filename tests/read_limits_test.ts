import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { readGold } from "../mod.ts";
import { lines } from "../formats/mod.ts";
import { countLines, readHypotheses, referenceSentences } from "../formats/text.ts";
import { m2Sentences, parseM2 } from "../formats/m2.ts";
import { parseHypothesisM2 } from "../formats/hypothesis_m2.ts";
import { parseIxml } from "../formats/ixml.ts";
import { gleuMetric } from "../metrics/gleu/mod.ts";
import { imeasureMetric } from "../metrics/imeasure/mod.ts";
import { resolveOptions } from "../plugins/options.ts";

async function drain(iterable: AsyncIterable<unknown>): Promise<number> {
  let n = 0;
  for await (const _ of iterable) n++;
  return n;
}

/** An M2 gold of `sentences` sentences, each edited by its own `perSentence` annotators. */
function manyAnnotators(sentences: number, perSentence: number): string {
  const out: string[] = [];
  for (let s = 0, id = 0; s < sentences; s++) {
    out.push(`S The cat sat on the mat number ${s} .`);
    for (let k = 0; k < perSentence; k++, id++) {
      out.push(`A 1 2|||N|||dog${k % 3}|||REQUIRED|||-NONE-|||${id}`);
    }
    out.push("");
  }
  return out.join("\n") + "\n";
}

Deno.test("lines() stops at the first line past maxLineLength, naming file and line", async () => {
  const chunks = function* () {
    yield "short\n";
    // A 10 MB line in 1 KB chunks: the error comes after its first 100 KB.
    for (let i = 0; i < 10_000; i++) {
      if (i > 200) throw new Error("read past the limit");
      yield "x".repeat(1000);
    }
  };
  await assert.rejects(
    drain(lines(chunks(), { maxLineLength: 100_000, file: "big.txt" })),
    /^InputError: big\.txt:2: line is longer than 100000 characters, the limit \(--max-line-length\)$/,
  );
  // Up to the limit is fine, a trailing "\r" included.
  assert.equal(await drain(lines(["a".repeat(10) + "\r\n", "b"], { maxLineLength: 10 })), 2);
});

Deno.test("readHypotheses() fails at the first line past the gold's count, not at the end", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // Three lines, one too many, two megabytes of empty lines, then a byte that is not UTF-8:
    // a reader that reads to the end reports the byte instead.
    const path = `${dir}/system.txt`;
    const bytes = new TextEncoder().encode("a\nb\nc\n" + "\n".repeat(2 << 20));
    await Deno.writeFile(path, new Uint8Array([...bytes, 0xff]));
    await assert.rejects(
      readHypotheses(path, 2),
      (e: Error) => e.message === `${path}: has more than 2 lines but the gold has 2 sentences`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("parseM2() bounds annotators and alternatives while reading", async () => {
  await assert.rejects(
    parseM2([manyAnnotators(3, 40)], "many.m2"),
    // Sentence 3 starts at line 85; its 21st annotator is the corpus' 101st.
    /^InputError: many\.m2:106: expected at most 100 distinct annotators, found a new one \("100"\) past the limit \(--max-annotators\)$/,
  );
  const gold = await parseM2([manyAnnotators(3, 40)], "many.m2", { maxAnnotators: 120 });
  assert.equal(gold.sentences[0].allAnnotators?.length, 120);
  const alternatives = Array.from({ length: 101 }, (_, i) => `w${i}`).join("||");
  await assert.rejects(
    parseM2([`S a b\nA 0 1|||X|||${alternatives}|||REQUIRED|||-NONE-|||0\n`], "alt.m2"),
    /^InputError: alt\.m2:2: expected at most 100 alternative corrections, found 101/,
  );
  await assert.rejects(
    parseM2([`S ${"word ".repeat(30_000)}\n`], "long.m2"),
    /^InputError: long\.m2:1: line is longer than 100000 characters/,
  );
});

Deno.test("parseIxml() bounds numann, annotators, alternatives and text while reading", async () => {
  const xml = (numann: string, alts = 1, text = "a b") =>
    `<scripts><script id="1">\n<sentence id="1" numann="${numann}"><text>${text}</text>` +
    `<error-list><error id="1" req="yes">` +
    Array.from(
      { length: alts },
      // Annotator ids stay below numann (an id at or above it is refused on its own).
      (_, k) => `<alt ann="${k % Math.max(1, Number(numann))}"><c start="0" end="1">x</c></alt>`,
    )
      .join("") +
    `</error></error-list></sentence></script></scripts>`;
  // Once an "internal error" after seconds (and 3.5 GB for GLEU at numann=1e6).
  await assert.rejects(
    parseIxml([xml("99999999")], "big.xml"),
    /^InputError: big\.xml:2:1: expected numann <= 100 \(the annotator limit; --max-annotators\), found numann="99999999"$/,
  );
  assert.equal(
    (await parseIxml([xml("150")], "ok.xml", { maxAnnotators: 150 })).sentences.length,
    1,
  );
  await assert.rejects(
    parseIxml([xml("100", 101)], "alts.xml"),
    /^InputError: alts\.xml:2:\d+: expected at most 100 <alt> per <error>/,
  );
  await assert.rejects(
    parseIxml([xml("1", 1, "w ".repeat(60_000))], "text.xml"),
    /^InputError: text\.xml:2:\d+: expected at most 100000 characters inside <text>/,
  );
});

Deno.test("readGold() passes its limits to the format", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/many.m2`, manyAnnotators(2, 60));
    await assert.rejects(readGold(`${dir}/many.m2`), /many\.m2:\d+: expected at most 100 distinct/);
    const gold = await readGold(`${dir}/many.m2`, { limits: { maxAnnotators: 120 } });
    assert.equal(gold.sentences.length, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gleuMetric shares the references of annotators absent from a sentence", async () => {
  // 5000 annotators, 40 sentences of 125 each: once one reference object per corpus annotator
  // per sentence (200,000 n-gram tables; the 452 KB version of this ran out of memory).
  const gold = await parseM2([manyAnnotators(40, 125)], "many.m2", { maxAnnotators: 5000 });
  const options = resolveOptions<typeof gleuMetric.defaults>(gleuMetric, { iterations: 20 });
  const hyp = "The dog1 sat on the mat number 0 .".split(" ");
  const stats = gold.sentences.map((s) => gleuMetric.stats(s, hyp, options));
  for (const s of stats) {
    assert.ok(s.variant === "2016");
    assert.equal(s.references.length, 5000);
    // The unchanged source and the three distinct corrections.
    assert.equal(new Set(s.references).size, 4);
  }
  const score = gleuMetric.corpus(stats, options);
  // The same numbers as with every reference written out separately.
  const unshared = stats.map((s) =>
    s.variant === "2016" ? { ...s, references: s.references.map((r) => structuredClone(r)) } : s
  );
  assert.deepEqual(gleuMetric.corpus(unshared, options), score);
  assert.deepEqual(
    gleuMetric.sentence(unshared[0], options),
    gleuMetric.sentence(stats[0], options),
  );
  // The accumulator (streaming) and the resampler give the same numbers on shared references.
  const acc = gleuMetric.accumulator!(options);
  for (const s of stats) acc.add(s);
  assert.deepEqual(acc.score(), score);
  const resample = gleuMetric.resampler!(stats, options);
  const indices = Int32Array.from({ length: 40 }, (_, i) => (i * 7) % 40);
  assert.deepEqual(
    resample(indices),
    gleuMetric.corpus([...indices].map((i) => unshared[i]), options),
  );
});

Deno.test("m2Sentences() bounds annotators, alternatives and lines while streaming", async () => {
  await assert.rejects(
    drain(m2Sentences([manyAnnotators(3, 40)], "many.m2")),
    /^InputError: many\.m2:106: expected at most 100 distinct annotators/,
  );
  assert.equal(
    await drain(m2Sentences([manyAnnotators(3, 40)], "many.m2", undefined, { maxAnnotators: 120 })),
    3,
  );
  await assert.rejects(
    drain(m2Sentences(["S a b\nA 0 1|||X|||c||d|||REQUIRED|||-NONE-|||0\n"], "alt.m2", undefined, {
      maxAlternatives: 1,
    })),
    /^InputError: alt\.m2:2: expected at most 1 alternative corrections, found 2/,
  );
  await assert.rejects(
    drain(m2Sentences(["S a b c d e\n"], "long.m2", undefined, { maxLineLength: 5 })),
    /^InputError: long\.m2:1: line is longer than 5 characters/,
  );
});

Deno.test("countLines() and referenceSentences() apply the line length limit", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/src.txt`, "a b\nc d\n");
    await Deno.writeTextFile(`${dir}/ref.txt`, "a b\nc d e f g h\n");
    assert.equal(await countLines(`${dir}/ref.txt`), 2);
    await assert.rejects(
      countLines(`${dir}/ref.txt`, { maxLineLength: 5 }),
      (e: Error) =>
        e.message ===
          `${dir}/ref.txt:2: line is longer than 5 characters, the limit (--max-line-length)`,
    );
    assert.equal(await drain(referenceSentences(`${dir}/src.txt`, [`${dir}/ref.txt`])), 2);
    await assert.rejects(
      drain(referenceSentences(`${dir}/src.txt`, [`${dir}/ref.txt`], { maxLineLength: 5 })),
      (e: Error) => e.message.startsWith(`${dir}/ref.txt:2: line is longer than 5 characters`),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("parseHypothesisM2() applies the read limits and stops reading at a long line", async () => {
  const chunks = function* () {
    yield "S a b\nA 0 1|||X|||c|||REQUIRED|||-NONE-|||0\n\nS ";
    for (let i = 0; i < 10_000; i++) {
      if (i > 200) throw new Error("read past the limit");
      yield "x".repeat(1000);
    }
  };
  await assert.rejects(
    parseHypothesisM2(chunks(), "sys.m2"),
    /^InputError: sys\.m2:4: line is longer than 100000 characters/,
  );
  const alternatives = Array.from({ length: 101 }, (_, i) => `w${i}`).join("||");
  await assert.rejects(
    parseHypothesisM2([`S a b\nA 0 1|||X|||${alternatives}|||REQUIRED|||-NONE-|||0\n`], "alt.m2"),
    /^InputError: alt\.m2:2: expected at most 100 alternative corrections, found 101/,
  );
  const hyp = await parseHypothesisM2(["S a b\nA 0 1|||X|||c|||REQUIRED|||-NONE-|||0\n"], "ok.m2", {
    maxLineLength: 50,
  });
  assert.deepEqual(hyp.sentences, [["c", "b"]]);
});

Deno.test("score applies the read limits to --format jsonl and to --hyp-m2 systems", async () => {
  const run = async (args: string[]) => {
    let out = "", err = "";
    const code = await main(args, { out: (t) => out += t, err: (t) => err += t });
    return { code, out, err };
  };
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/gold.m2`, manyAnnotators(2, 60));
    await Deno.writeTextFile(`${dir}/src.txt`, "The cat sat .\nThe mat .\n");
    await Deno.writeTextFile(`${dir}/ref.txt`, "The dog sat .\nThe mat .\n");
    const hyp = "The dog0 sat on the mat number 0 .\nThe cat sat on the mat number 1 .\n";
    await Deno.writeTextFile(`${dir}/system.txt`, hyp);
    await Deno.writeTextFile(`${dir}/three.txt`, hyp + "extra\n");
    await Deno.writeTextFile(
      `${dir}/system.m2`,
      "S The cat sat on the mat number 0 .\nA 1 2|||N|||dog0|||REQUIRED|||-NONE-|||0\n\n" +
        "S The cat sat on the mat number 1 .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n",
    );
    const jsonl = ["score", "--format", "jsonl", "-m", "m2", "--gold", `${dir}/gold.m2`];
    let r = await run([...jsonl, `${dir}/system.txt`]);
    assert.equal(r.code, 1);
    assert.match(r.err, /gold\.m2:\d+: expected at most 100 distinct annotators/);
    r = await run([...jsonl, `${dir}/system.txt`, "--max-annotators", "120"]);
    assert.equal(r.code, 0, r.err);
    assert.equal(JSON.parse(r.out).sentences, 2);
    r = await run([
      ...jsonl,
      `${dir}/system.txt`,
      "--max-annotators",
      "120",
      "--max-line-length",
      "30",
    ]);
    assert.equal(r.code, 1);
    assert.match(r.err, /gold\.m2:1: line is longer than 30 characters/);
    r = await run([...jsonl, `${dir}/three.txt`, "--max-annotators", "120"]);
    assert.equal(r.code, 1);
    assert.match(r.err, /three\.txt: has more than 2 lines but the gold has 2 sentences/);
    // Text gold: the source, the references and the systems.
    const text = [
      "score",
      "--format",
      "jsonl",
      "--src",
      `${dir}/src.txt`,
      "--ref",
      `${dir}/ref.txt`,
    ];
    r = await run([...text, `${dir}/src.txt`, "--max-line-length", "12"]);
    assert.equal(r.code, 1);
    assert.match(r.err, /src\.txt:1: line is longer than 12 characters/);
    r = await run([...text, `${dir}/system.txt`, "--max-line-length", "20"]);
    assert.equal(r.code, 1);
    assert.match(r.err, /system\.txt:1: line is longer than 20 characters/);
    // A hypothesis M2 system.
    const m2 = ["score", "-m", "m2", "--gold", `${dir}/gold.m2`, "--max-annotators", "120"];
    r = await run([...m2, "--hyp-m2", `${dir}/system.m2`]);
    assert.equal(r.code, 0, r.err);
    r = await run([...m2, "--hyp-m2", `${dir}/system.m2`, "--max-line-length", "45"]);
    assert.equal(r.code, 1);
    assert.match(r.err, /system\.m2:5: line is longer than 45 characters/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("imeasureMetric refuses a sentence too long to align, naming its gold line", () => {
  // Once "Array buffer allocation failed" (a 1 MB line) or minutes of work.
  const long = Array.from({ length: 1000 }, (_, i) => `t${i}`);
  const options = resolveOptions<typeof imeasureMetric.defaults>(imeasureMetric, {});
  assert.throws(
    () =>
      imeasureMetric.stats(
        { source: long, annotations: [{ annotator: "0", edits: [] }], line: 7 },
        long,
        options,
      ),
    /^InputError: imeasure: sentence at gold line 7: a 1000-token source, a 1000-token hypothesis/,
  );
});

Deno.test("--opt gotoscorer.weights refuses a device and a file past the whole-file limit", async () => {
  // A sparse file one byte past 64 MiB.
  const big = await Deno.makeTempFile({ prefix: "gecscore_weights_" });
  await Deno.truncate(big, 64 * 2 ** 20 + 1);
  for (const weights of ["/dev/zero", "/dev/urandom", big]) {
    let out = "", err = "";
    const start = performance.now();
    const code = await main(
      [
        "score",
        "-m",
        "gotoscorer",
        "--opt",
        `gotoscorer.weights=${weights}`,
        "--gold",
        "tests/testdata/m2scorer_example.m2",
        "tests/testdata/m2scorer_example_system",
      ],
      { out: (s) => out += s, err: (s) => err += s },
    );
    assert.equal(code, 1, err);
    assert.equal(out, "");
    assert.match(err, new RegExp(`^gecscore: ${weights}: [^\\n]*(not a regular file|more than)`));
    assert.ok(performance.now() - start < 20_000);
  }
  await Deno.remove(big);
});

Deno.test("a gold that is a named pipe nobody writes to is refused, not waited for forever", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_fifo_" });
  const fifo = `${dir}/gold.m2`;
  try {
    const made = await new Deno.Command("mkfifo", { args: [fifo] }).output();
    assert.equal(made.code, 0);
    let out = "", err = "";
    const start = performance.now();
    const code = await main(
      ["score", "--gold", fifo, "tests/testdata/m2scorer_example_system"],
      { out: (s) => out += s, err: (s) => err += s },
    );
    assert.equal(code, 1, err);
    assert.equal(out, "");
    assert.match(err, /^gecscore: .*gold\.m2: [^\n]*named pipe[^\n]*\n$/);
    assert.ok(performance.now() - start < 30_000);
  } finally {
    // Unblock the refused open, which then closes what it opened.
    const writer = await Deno.open(fifo, { write: true }).catch(() => undefined);
    writer?.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("readText: a whole file within its line and length bounds, line ends kept", async () => {
  const { readText } = await import("../formats/mod.ts");
  const dir = await Deno.makeTempDir({ prefix: "read_text_" });
  try {
    const file = `${dir}/a.txt`;
    // The "\r" of a "\r\n" ends the first 1 MiB chunk (after a 3-byte BOM): it is not the line's.
    const first = "x".repeat((1 << 20) - 4);
    await Deno.writeTextFile(file, `\uFEFF${first}\r\nab\r\ncd`);
    assert.equal(
      await readText(file, { maxLineLength: first.length }),
      `${first}\r\nab\r\ncd`,
    );
    await assert.rejects(
      readText(file, { maxLineLength: first.length - 1 }),
      /a\.txt:1: line is longer than 1048571 characters/,
    );
    await assert.rejects(readText(file, { maxLineLength: 1, maxLength: 1 << 21 }), /a\.txt:1: /);
    await Deno.writeTextFile(file, "ab\r\nabc");
    await assert.rejects(readText(file, { maxLineLength: 2 }), /a\.txt:2: line is longer than 2/);
    assert.equal(await readText(file, { maxLineLength: 3 }), "ab\r\nabc");
    await assert.rejects(
      readText(file, { maxLength: 6 }),
      /^InputError: .*a\.txt: holds more than 6 characters, the most read of one file$/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
