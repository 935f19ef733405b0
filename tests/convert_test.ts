import assert from "node:assert/strict";
import { convertCommand } from "../cli/convert.ts";
import { convertCorpus } from "../builtin.ts";
import { writeFileAtomic } from "../util/write_file_atomic.ts";
import { errorGroups } from "../formats/error_groups.ts";
import { parseIxml, writeIxml } from "../formats/ixml.ts";
import { parseM2, writeM2 } from "../formats/m2.ts";
import { readGold } from "../builtin.ts";
import { InputError, UsageError } from "../plugins/errors.ts";
import type { ErrorGroup, GoldCorpus } from "../plugins/types.ts";
import { shared, sharedTest } from "./shared.ts";

const COMBINED_M2 = "data/conll2014/gold/official-2014.combined.m2";
const COMBINED_XML = "data/conll2014/gold/official-2014.combined.ieval.xml";

/**
 * The corrections that the reference converter re-tokenized with NLTK and gecscore keeps as
 * the M2 file has them: [sentence (1-based), error id, annotator, M2 text, golden XML text].
 */
const RETOKENIZED: [number, string, string, string, string][] = [
  [332, "10", "0", "known,the", "known , the"],
  [332, "10", "1", "known,the", "known , the"],
  [333, "16", "1", "situation,you", "situation , you"],
  [
    338,
    "8",
    "0",
    "This has brought on a common dilemma.",
    "This has brought on a common dilemma .",
  ],
  [
    593,
    "2",
    "0",
    "it will be more shocking and upsetting.",
    "it will be more shocking and upsetting .",
  ],
  [637, "1", "0", "recipient,will", "recipient , will"],
  [766, "1", "0", "their friends ' recent activity is.", "their friends ' recent activity is ."],
  [893, "5", "0", "over the last few decades.", "over the last few decades ."],
  [900, "1", "0", "a positive and a negative side.", "a positive and a negative side ."],
  [
    1079,
    "1",
    "0",
    ", who have the same preferences , get connected.",
    ", who have the same preferences , get connected .",
  ],
];

/** Error groups with their type labels sorted (the converter's order varies from run to run). */
function normalized(errors: readonly ErrorGroup[]): ErrorGroup[] {
  return errors.map((e) => ({
    ...e,
    type: e.type?.split("/").sort().join("/"),
    alternatives: e.alternatives.map((a) => ({
      ...a,
      corrections: a.corrections.map((c) => ({ ...c, tokens: [...c.tokens] })),
    })),
  }));
}

/** Each annotator's edits as comparable strings (span, first correction, annotator). */
function editKeys(corpus: GoldCorpus): string[][] {
  return corpus.sentences.map((s) =>
    (s.annotations ?? []).flatMap((a) =>
      a.edits.length
        ? a.edits.map((e) => `${a.annotator}:${e.start}-${e.end}:${e.corrections[0].join(" ")}`)
        : [`${a.annotator}:noop`]
    ).sort()
  );
}

sharedTest(
  "writeIxml() of the CoNLL-2014 M2 equals the golden XML but for re-tokenized corrections",
  async () => {
    const m2 = await readGold(shared(COMBINED_M2));
    const golden = await readGold(shared(COMBINED_XML));
    const ours = await parseIxml([writeIxml(m2)], "converted.xml");
    assert.equal(ours.sentences.length, golden.sentences.length);
    let used = 0;
    ours.sentences.forEach((s, i) => {
      const g = golden.sentences[i];
      assert.deepEqual(s.source, g.source, `sentence ${i + 1}`);
      assert.equal(s.numAnnotators, g.numAnnotators, `numann of sentence ${i + 1}`);
      const errors = normalized(s.errors!);
      for (const [sentence, id, annotator, m2Text, xmlText] of RETOKENIZED) {
        if (sentence !== i + 1) continue;
        const alt = errors.find((e) => e.id === id)!.alternatives.find((a) =>
          a.annotator === annotator
        )!;
        assert.equal(alt.corrections.length, 1);
        assert.equal(alt.corrections[0].tokens.join(" "), m2Text);
        alt.corrections[0].tokens = xmlText.split(" ");
        used++;
      }
      assert.deepEqual(errors, normalized(g.errors!), `sentence ${i + 1}`);
    });
    assert.equal(used, RETOKENIZED.length);
  },
);

sharedTest("writeM2() of the golden XML gives the CoNLL-2014 M2 edits back", async () => {
  const m2 = await readGold(shared(COMBINED_M2));
  const golden = await readGold(shared(COMBINED_XML));
  const back = await parseM2([convertCorpus(golden, "m2")], "back.m2");
  const expected = editKeys(m2);
  for (const [sentence, , annotator, m2Text, xmlText] of RETOKENIZED) {
    const keys = expected[sentence - 1];
    const k = keys.findIndex((key) =>
      key.startsWith(`${annotator}:`) && key.endsWith(`:${m2Text}`)
    );
    keys[k] = keys[k].slice(0, -m2Text.length) + xmlText;
    keys.sort();
  }
  assert.deepEqual(editKeys(back), expected);
  // Annotators (noop ones included) are the same as in the M2 file, sentence by sentence.
  assert.deepEqual(
    back.sentences.map((s) => s.annotations?.map((a) => a.annotator)),
    m2.sentences.map((s) => s.annotations?.map((a) => a.annotator)),
  );
  // Clustering the edits again gives the golden XML's errors exactly.
  back.sentences.forEach((s, i) => assert.deepEqual(errorGroups(s), golden.sentences[i].errors));
});

sharedTest("M2 -> XML -> M2 keeps every edit of the CoNLL-2014 gold", async () => {
  const m2 = await readGold(shared(COMBINED_M2));
  const xml = await parseIxml([writeIxml(m2)], "x.xml");
  const back = await parseM2([writeM2(xml)], "back.m2");
  assert.deepEqual(editKeys(back), editKeys(m2));
  back.sentences.forEach((s, i) => {
    // Each edit keeps its own type among its error's merged labels.
    const types = new Set(
      s.annotations!.flatMap((a) => a.edits.flatMap((e) => e.type!.split("/"))),
    );
    for (const a of m2.sentences[i].annotations!) {
      for (const e of a.edits) assert.ok(types.has(e.type!));
    }
  });
});

Deno.test("M2 -> XML -> M2 keeps the edits of the m2scorer example", async () => {
  const m2 = await readGold("tests/testdata/m2scorer_example.m2");
  const xml = await parseIxml([writeIxml(m2)], "x.xml");
  const back = await parseM2([writeM2(xml)], "back.m2");
  assert.deepEqual(editKeys(back), editKeys(m2));
  assert.deepEqual(back.sentences.map((s) => s.source), m2.sentences.map((s) => s.source));
});

Deno.test("XML -> M2 -> XML keeps the I-measure example's errors", async () => {
  const xml = await readGold("tests/testdata/imeasure_example.xml");
  const m2 = await parseM2([writeM2(xml)], "x.m2");
  const again = await parseIxml([writeIxml(m2)], "again.xml");
  // The example's errors were written by hand: clustering its edits splits error 1.
  assert.deepEqual(editKeys(again), editKeys(xml));
  assert.equal(again.sentences[0].numAnnotators, 2);
  // Writing an XML corpus keeps its own error groups.
  const same = await parseIxml([writeIxml(xml)], "same.xml");
  const withoutLine = (c: GoldCorpus) => c.sentences.map(({ line: _, ...rest }) => rest);
  assert.deepEqual(withoutLine(same), withoutLine(xml));
});

Deno.test("writeIxml() escapes markup and refuses characters XML cannot hold", async () => {
  const gold = await parseM2([
    'S <a> & "b"\nA 0 1|||T&|||<c>|||REQUIRED|||-NONE-|||x"y\n',
  ], "x.m2");
  const xml = writeIxml(gold);
  assert.match(xml, /<text>&lt;a&gt; &amp; &quot;b&quot;<\/text>/);
  assert.match(xml, /<error id="1" req="yes" type="T&amp;">/);
  assert.match(xml, /<alt ann="x&quot;y">/);
  const back = await parseIxml([xml], "x.xml");
  assert.deepEqual(back.sentences[0].source, ["<a>", "&", '"b"']);
  assert.deepEqual(back.sentences[0].annotations?.[0].edits[0].corrections, [["<c>"]]);
  const bad = await parseM2(["S a\u0001b c\n"], "bad.m2");
  assert.throws(
    () => writeIxml(bad),
    /^InputError: bad\.m2:1: cannot write "a\\u0001b c" as XML: it contains the character U\+0001$/,
  );
  const refs: GoldCorpus = {
    path: "refs",
    format: "text",
    sentences: [{ source: ["a"], references: [["b"]] }],
  };
  assert.throws(() => writeIxml(refs), /neither edits nor error groups/);
});

Deno.test("convertCommand() converts by extension or --to, and writes atomically", async (t) => {
  const dir = await Deno.makeTempDir({ dir: "/tmp" });
  let out = "";
  const io = { out: (text: string) => void (out += text) };
  try {
    await t.step("M2 to XML by extension", async () => {
      assert.equal(
        await convertCommand(["tests/testdata/m2scorer_example.m2", `${dir}/a.xml`], { io }),
        0,
      );
      assert.match(out, /Converted 3 sentences: .*\(m2\) -> .*a\.xml \(ixml\)/);
      const xml = await readGold(`${dir}/a.xml`);
      assert.equal(xml.format, "ixml");
      assert.deepEqual(
        editKeys(xml),
        editKeys(await readGold("tests/testdata/m2scorer_example.m2")),
      );
    });
    await t.step("XML to M2 with --to, whatever OUT is called", async () => {
      assert.equal(
        await convertCommand(["--to", "m2", `${dir}/a.xml`, `${dir}/b.gold`], { io }),
        0,
      );
      const text = await Deno.readTextFile(`${dir}/b.gold`);
      assert.ok(text.startsWith("S "));
      assert.deepEqual(
        editKeys(await parseM2([text], "b")),
        editKeys(await readGold(`${dir}/a.xml`)),
      );
    });
    await t.step("usage errors", async () => {
      const usage = async (args: string[], pattern: RegExp) =>
        await assert.rejects(
          convertCommand(args, { io }),
          (e) => e instanceof UsageError && pattern.test(e.message),
        );
      await usage([], /expected IN and OUT, found 0 file names/);
      await usage(["a.m2", "b.xml", "c.xml"], /expected IN and OUT, found 3/);
      await usage(
        ["--bogus", "a.m2", "b.xml"],
        /^convert: Unknown option '--bogus'; see gecscore help convert$/,
      );
      await usage(["--to", "nope", "a.m2", "b.xml"], /Unknown format "nope"/);
      await usage(
        ["a.m2", `${dir}/b.unknown`],
        /cannot tell the output format from ".*b\.unknown"; add --to m2\|text\|ixml/,
      );
    });
    await t.step("help", async () => {
      out = "";
      assert.equal(await convertCommand(["--help"], { io }), 0);
      assert.match(out, /^Usage:\n {2}gecscore convert IN OUT/);
    });
    await t.step("bad input leaves OUT as it was", async () => {
      await Deno.writeTextFile(`${dir}/bad.xml`, '<scripts><script><sentence numann="x">');
      await Deno.writeTextFile(`${dir}/keep.m2`, "S untouched\n");
      await assert.rejects(
        convertCommand([`${dir}/bad.xml`, `${dir}/keep.m2`], { io }),
        (e) => e instanceof InputError && /bad\.xml:1:18: expected a whole number/.test(e.message),
      );
      assert.equal(await Deno.readTextFile(`${dir}/keep.m2`), "S untouched\n");
      await assert.rejects(
        convertCommand([`${dir}/missing.m2`, `${dir}/c.xml`], { io }),
        /missing\.m2: cannot open file/,
      );
      await assert.rejects(Deno.stat(`${dir}/c.xml`), Deno.errors.NotFound);
      await assert.rejects(
        convertCommand(["tests/testdata/m2scorer_example.m2", `${dir}/no/such/x.xml`], { io }),
        (e) =>
          e instanceof InputError && /x\.xml: cannot write file: no such folder/.test(e.message),
      );
      // No temporary file is left behind.
      const names = [];
      for await (const entry of Deno.readDir(dir)) names.push(entry.name);
      assert.deepEqual(names.filter((n) => n.endsWith(".tmp")), []);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writeFileAtomic() replaces a file in one step", async () => {
  const dir = await Deno.makeTempDir({ dir: "/tmp" });
  try {
    await Deno.writeTextFile(`${dir}/f`, "old");
    await writeFileAtomic(`${dir}/f`, "new");
    assert.equal(await Deno.readTextFile(`${dir}/f`), "new");
    await Deno.mkdir(`${dir}/d`);
    await assert.rejects(writeFileAtomic(`${dir}/d`, "x"), /cannot write file/);
    const names = [];
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
    assert.deepEqual(names.sort(), ["d", "f"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gecscore convert runs through the command line", async () => {
  const { main } = await import("../cli.ts");
  const dir = await Deno.makeTempDir({ dir: "/tmp" });
  let out = "", err = "";
  const io = { out: (t: string) => void (out += t), err: (t: string) => void (err += t) };
  try {
    assert.equal(
      await main(["convert", "tests/testdata/imeasure_example.xml", `${dir}/g.m2`], io),
      0,
    );
    assert.match(out, /Converted 1 sentence:/);
    assert.equal(
      await Deno.readTextFile(`${dir}/g.m2`),
      "S This machines is designed for help people .\n" +
        "A 0 1|||SVA|||These|||REQUIRED|||-NONE-|||0\n" +
        "A 2 3|||SVA|||are|||REQUIRED|||-NONE-|||0\n" +
        "A 5 6|||Vform|||helping|||REQUIRED|||-NONE-|||0\n" +
        "A 1 2|||SVA|||machine|||REQUIRED|||-NONE-|||1\n" +
        "A 4 5|||Vform|||to|||REQUIRED|||-NONE-|||1\n\n",
    );
    assert.equal(await main(["convert", "only.m2"], io), 2);
    assert.match(err, /^gecscore: convert: expected IN and OUT/);
    err = "";
    assert.equal(await main(["convert", `${dir}/none.xml`, `${dir}/x.m2`], io), 1);
    assert.match(err, /^gecscore: .*none\.xml: cannot open file: no such file\n$/);
    assert.equal(await main(["help", "convert"], io), 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("convert says on stderr what XML -> M2 loses, and keeps REQUIRED", async () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<scripts><script id="1"><sentence id="1" numann="2"><text>a b c</text><error-list>
<error id="1" req="no" type="Prep/Mec"><alt ann="0"><c start="1" end="2">x</c></alt></error>
<error id="2" req="yes" type="Nn"><alt ann="0"><c start="2" end="3">y</c></alt><alt ann="1"><c start="2" end="3">z</c></alt></error>
</error-list></sentence></script></scripts>
`;
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/g.xml`, xml);
    const out: string[] = [];
    const err: string[] = [];
    const code = await convertCommand([`${dir}/g.xml`, `${dir}/g.m2`], {
      io: { out: (t) => out.push(t), err: (t) => err.push(t) },
    });
    assert.equal(code, 0);
    assert.deepEqual(err, [
      'convert: lost: 1 edit carries the joined type label of an error (e.g. "Prep/Mec"): the ' +
      "XML has one type per error, not per edit, so --by-type on the M2 counts these labels\n",
      'convert: lost: 1 error was not corrected by every annotator (req="no"); M2 has no field ' +
      "for that: its edits are written REQUIRED, as each annotator's own\n",
    ]);
    const m2 = await Deno.readTextFile(`${dir}/g.m2`);
    assert.match(m2, /^A 1 2\|\|\|Prep\/Mec\|\|\|x\|\|\|REQUIRED\|\|\|-NONE-\|\|\|0$/m);
    assert.doesNotMatch(m2, /\|\|\|-NONE-\|\|\|-NONE-\|\|\|/);
    // M2 -> XML of a gold without || alternatives loses nothing.
    const quiet: string[] = [];
    await convertCommand([`${dir}/g.m2`, `${dir}/h.xml`], {
      io: { out: () => {}, err: (t) => quiet.push(t) },
    });
    assert.deepEqual(quiet, []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("score and convert refuse an XML gold the reader cannot trust, with FILE:LINE", async () => {
  // Issue 37 item 10: an annotator id out of range, a UTF-16 declaration and a 200 KB
  // attribute were each scored and converted.
  const { main } = await import("../cli.ts");
  const dir = await Deno.makeTempDir({ dir: "/tmp" });
  const body = (sentence: string) => `<scripts><script id="1">\n${sentence}\n</script></scripts>\n`;
  const golds: [string, string, RegExp][] = [
    [
      "ann.xml",
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      body(
        '<sentence id="1" numann="1"><text>a b</text><error-list><error req="yes">' +
          '<alt ann="3"><c start="0" end="1">c</c></alt></error></error-list></sentence>',
      ),
      /ann\.xml:3:\d+: expected an annotator id below numann="1"/,
    ],
    [
      "utf16.xml",
      '<?xml version="1.0" encoding="UTF-16"?>\n' +
      body('<sentence id="1" numann="0"><text>a b</text></sentence>'),
      /utf16\.xml:1:1: expected encoding="UTF-8"/,
    ],
    [
      "attr.xml",
      body(
        `<sentence id="1" numann="0" x="${"y".repeat(200_000)}"><text>a b</text></sentence>`,
      ),
      /attr\.xml:2:1: expected at most 1000 characters in an attribute/,
    ],
  ];
  try {
    await Deno.writeTextFile(`${dir}/sys.txt`, "a b\n");
    for (const [name, text, expected] of golds) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
      for (
        const args of [
          ["score", "--gold", `${dir}/${name}`, `${dir}/sys.txt`],
          ["convert", `${dir}/${name}`, `${dir}/${name}.m2`],
        ]
      ) {
        let out = "", err = "";
        const io = { out: (t: string) => void (out += t), err: (t: string) => void (err += t) };
        assert.equal(await main(args, io), 1, `${args[0]} ${name}: ${err}`);
        assert.match(err, expected);
        assert.equal(err.trim().split("\n").length, 1, err);
        assert.equal(out, "");
      }
      await assert.rejects(Deno.stat(`${dir}/${name}.m2`), Deno.errors.NotFound);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
