import assert from "node:assert/strict";
import { ixmlFormat, parseIxml } from "../formats/ixml.ts";
import { readGold } from "../builtin.ts";
import { readChunks } from "../formats/text.ts";
import { InputError } from "../plugins/errors.ts";
import type { GoldCorpus } from "../plugins/types.ts";
import { shared, sharedTest } from "./shared.ts";

const EXAMPLE = "tests/testdata/imeasure_example.xml";

function counts(corpus: GoldCorpus) {
  let errors = 0, alts = 0, cs = 0;
  for (const s of corpus.sentences) {
    for (const e of s.errors ?? []) {
      errors++;
      for (const a of e.alternatives) {
        alts++;
        cs += a.corrections.length;
      }
    }
  }
  return { sentences: corpus.sentences.length, errors, alts, cs };
}

/** Wrap sentence XML in the document elements. */
function doc(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<scripts><script id="1">\n${body}\n</script></scripts>\n`;
}

Deno.test("parseIxml() reads the I-measure example, indented text included", async () => {
  const gold = await readGold(EXAMPLE);
  assert.equal(gold.format, "ixml");
  assert.equal(gold.sentences.length, 1);
  const [s] = gold.sentences;
  assert.deepEqual(s.source, "This machines is designed for help people .".split(" "));
  assert.equal(s.numAnnotators, 2);
  assert.equal(s.line, 3);
  assert.deepEqual(s.allAnnotators, ["0", "1"]);
  assert.deepEqual(s.errors, [
    {
      id: "1",
      type: "SVA",
      required: true,
      alternatives: [
        {
          annotator: "0",
          corrections: [{ start: 0, end: 1, tokens: ["These"] }, {
            start: 2,
            end: 3,
            tokens: ["are"],
          }],
        },
        { annotator: "1", corrections: [{ start: 1, end: 2, tokens: ["machine"] }] },
      ],
    },
    {
      id: "2",
      type: "Vform",
      required: true,
      alternatives: [
        { annotator: "0", corrections: [{ start: 5, end: 6, tokens: ["helping"] }] },
        { annotator: "1", corrections: [{ start: 4, end: 5, tokens: ["to"] }] },
      ],
    },
  ]);
  assert.deepEqual(s.annotations, [
    {
      annotator: "0",
      edits: [
        { start: 0, end: 1, corrections: [["These"]], type: "SVA", required: true },
        { start: 2, end: 3, corrections: [["are"]], type: "SVA", required: true },
        { start: 5, end: 6, corrections: [["helping"]], type: "Vform", required: true },
      ],
    },
    {
      annotator: "1",
      edits: [
        { start: 1, end: 2, corrections: [["machine"]], type: "SVA", required: true },
        { start: 4, end: 5, corrections: [["to"]], type: "Vform", required: true },
      ],
    },
  ]);
});

sharedTest("parseIxml() reads the CoNLL-2014 golden XML", async () => {
  const path = shared("data/conll2014/gold/official-2014.combined.ieval.xml");
  const gold = await readGold(path);
  assert.equal(gold.format, "ixml");
  assert.deepEqual(counts(gold), { sentences: 1312, errors: 4145, alts: 5478, cs: 5598 });
  const s = gold.sentences;
  assert.deepEqual(s[0].allAnnotators, ["0", "1"]);
  assert.ok(s.every((x) => x.allAnnotators === s[0].allAnnotators));
  // Sentence 1: no annotator at all.
  assert.equal(s[0].numAnnotators, 0);
  assert.deepEqual(s[0].annotations, [{ annotator: "0", edits: [] }]);
  assert.deepEqual(s[0].errors, []);
  // Sentence 3: only annotator 0 annotated it.
  assert.equal(s[2].numAnnotators, 1);
  assert.deepEqual(s[2].annotations, [{
    annotator: "0",
    edits: [{ start: 3, end: 4, corrections: [[]], type: "ArtOrDet", required: true }],
  }]);
  // Sentence 8: annotator 0 made no correction (a noop in the M2 file).
  assert.equal(s[7].numAnnotators, 2);
  assert.deepEqual(s[7].annotations?.map((a) => [a.annotator, a.edits.length, a.noop]), [
    ["0", 0, true],
    ["1", 1, undefined],
  ]);
  assert.deepEqual(s[7].annotations?.[1].edits[0], {
    start: 26,
    end: 26,
    corrections: [["will"]],
    type: "Vt",
    required: false,
  });
  // Sentence 10: annotator 0's alternative has two corrections, one a deletion.
  assert.deepEqual(s[9].errors?.[0].alternatives[0].corrections, [
    { start: 3, end: 4, tokens: ["diagnosed"] },
    { start: 4, end: 5, tokens: [] },
  ]);
  // Every sentence's numann matches the annotations derived from it.
  for (const x of s) {
    if (x.numAnnotators) assert.equal(x.annotations?.length, x.numAnnotators);
  }
});

Deno.test("parseIxml() gives the same corpus however the text is chunked", async () => {
  const text = await Deno.readTextFile(EXAMPLE);
  const extra = doc(
    '<sentence id="2" numann="1"><text>Ünïcode 😀 &amp; &lt;x&gt; <![CDATA[cd&ata]]></text>' +
      '<error-list><error id="1" req="yes"><alt ann="a"><c start="1" end="2">😀 &#x41;</c>' +
      '<c start="0" end="0"/></alt></error></error-list></sentence>',
  );
  for (const input of [text, extra]) {
    const whole = await parseIxml([input], "x.xml");
    const single = await parseIxml([...input], "x.xml"); // one UTF-16 unit per chunk
    const units = [];
    for (let i = 0; i < input.length; i++) units.push(input[i]);
    const split = await parseIxml(units, "x.xml");
    assert.deepEqual(single, whole);
    assert.deepEqual(split, whole);
  }
  const s = (await parseIxml([extra], "x.xml")).sentences[0];
  assert.deepEqual(s.source, ["Ünïcode", "😀", "&", "<x>", "cd&ata"]);
  assert.deepEqual(s.errors?.[0].alternatives[0].corrections, [
    { start: 1, end: 2, tokens: ["😀", "A"] },
    { start: 0, end: 0, tokens: [] },
  ]);
  assert.equal(s.errors?.[0].id, "1");
  assert.equal(s.errors?.[0].type, undefined);
  assert.deepEqual(s.allAnnotators, ["a"]);
});

Deno.test("parseIxml() derives annotations for annotators without alternatives", async () => {
  const gold = await parseIxml([
    "\uFEFF" + doc(
      '<sentence numann="3"><text>a b c</text><error-list>' +
        '<error req="no" type="T"><alt ann="2"><c start="0" end="1">x</c></alt></error>' +
        "</error-list></sentence>\n" +
        '<sentence numann="1"><text>a b c</text><error-list>' +
        '<error req="yes"><alt ann="0"></alt></error></error-list></sentence>\n' +
        '<sentence numann="2"><text></text></sentence>',
    ),
  ], "x.xml");
  const [s1, s2, s3] = gold.sentences;
  assert.deepEqual(s1.allAnnotators, ["0", "1", "2"]);
  assert.deepEqual(s1.annotations?.map((a) => [a.annotator, a.edits.length, a.noop]), [
    ["0", 0, true],
    ["1", 0, true],
    ["2", 1, undefined],
  ]);
  assert.equal(s1.errors?.[0].id, "1");
  // An <alt> without corrections: the annotator is present but changed nothing.
  assert.deepEqual(s2.annotations, [{ annotator: "0", edits: [], noop: true }]);
  // No <error-list> and an empty <text> are accepted.
  assert.deepEqual(s3.source, []);
  assert.deepEqual(s3.errors, []);
  assert.deepEqual(s3.annotations?.map((a) => a.annotator), ["0", "1"]);
});

Deno.test("parseIxml() rejects malformed or misshapen XML with FILE:LINE:COLUMN", async (t) => {
  const sentence = (inner: string, numann = "1") =>
    doc(`<sentence id="1" numann="${numann}"><text>a b c</text>${inner}</sentence>`);
  const error = (alt: string, req = "yes") =>
    sentence(`<error-list><error id="1" req="${req}">${alt}</error></error-list>`);
  const c = (attrs: string) => error(`<alt ann="0"><c ${attrs}>x</c></alt>`);
  const cases: [string, string, RegExp][] = [
    ["empty input", "", /^bad\.xml:1:1: malformed XML: document must contain a root element$/],
    ["unclosed tag", "<scripts><script>", /^bad\.xml:1:\d+: malformed XML: unclosed tag: script$/],
    [
      "mismatched tag",
      "<scripts>\n<script></scripts>",
      /^bad\.xml:2:\d+: malformed XML: unexpected close tag/,
    ],
    ["bad attribute syntax", "<scripts><script id=1>", /^bad\.xml:1:\d+: malformed XML: /],
    ["undefined entity", sentence("&nbsp;"), /^bad\.xml:3:\d+: malformed XML: undefined entity/],
    [
      "DOCTYPE with an entity declaration",
      '<?xml version="1.0"?>\n<!DOCTYPE scripts [<!ENTITY x "boom">]>\n<scripts>&x;</scripts>',
      /^bad\.xml:2:1: expected no DOCTYPE declaration \(DTDs and entity declarations are refused\)$/,
    ],
    [
      "external DOCTYPE",
      '<!DOCTYPE scripts SYSTEM "file:///etc/passwd"><scripts/>',
      /^bad\.xml:1:1: expected no DOCTYPE/,
    ],
    [
      "wrong root",
      "<root/>",
      /^bad\.xml:1:1: expected <scripts> as the root element, found <root>$/,
    ],
    [
      "sentence outside script",
      '<scripts>\n  <sentence numann="0"/></scripts>',
      /^bad\.xml:2:3: expected <script> inside <scripts>, found <sentence>$/,
    ],
    [
      "unknown element",
      sentence("<error-list><warning/></error-list>"),
      /^bad\.xml:3:\d+: expected <error> inside <error-list>, found <warning>$/,
    ],
    [
      "element inside text",
      doc('<sentence numann="0"><text>a <b>b</b></text></sentence>'),
      /^bad\.xml:3:30: expected only text inside <text>, found <b>$/,
    ],
    [
      "text between elements",
      doc('<sentence numann="0">\n   stray <text>a</text></sentence>'),
      /^bad\.xml:4:4: expected only elements inside <sentence>, found text "stray"$/,
    ],
    [
      "text inside alt",
      error('<alt ann="0">oops<c start="0" end="1"/></alt>'),
      /^bad\.xml:3:\d+: expected only elements inside <alt>, found text "oops"$/,
    ],
    [
      "text after the root",
      "<scripts><script/></scripts>\nmore",
      /^bad\.xml:2:\d+: malformed XML: text data outside of root node$/,
    ],
    ["missing numann", doc("<sentence><text>a</text></sentence>"), /expected a "numann" attribute/],
    [
      "non-integer numann",
      doc('<sentence numann="two"><text>a</text></sentence>'),
      /^bad\.xml:3:1: expected a whole number >= 0 in numann="..." of <sentence>, found "two"$/,
    ],
    ["negative numann", sentence("", "-1"), /whole number >= 0 in numann="\.\.\." of <sentence>/],
    [
      "numann below the annotators",
      sentence(
        '<error-list><error req="yes"><alt ann="a"/><alt ann="b"/></error></error-list>',
        "1",
      ),
      /^bad\.xml:3:1: expected numann >= the 2 annotators that have alternatives, found numann="1"$/,
    ],
    ["missing req", sentence('<error-list><error><alt ann="0"/></error></error-list>'), /"req"/],
    ["bad req", error('<alt ann="0"/>', "maybe"), /expected req="yes" or req="no" on <error>/],
    ["missing ann", error("<alt/>"), /expected a "ann" attribute on <alt>/],
    ["empty ann", error('<alt ann=" "/>'), /expected an annotator id in ann/],
    [
      "error without alt",
      error(""),
      /^bad\.xml:3:\d+: expected at least one <alt> inside <error>$/,
    ],
    ["missing start", c('end="1"'), /expected a "start" attribute on <c>/],
    ["missing end", c('start="1"'), /expected a "end" attribute on <c>/],
    ["fractional offset", c('start="1.5" end="2"'), /found "1\.5"/],
    ["end before start", c('start="2" end="1"'), /expected start <= end in <c>/],
    [
      "offset past the sentence",
      c('start="2" end="4"'),
      /expected offsets within the sentence's 3 tokens in <c>, found start="2" end="4"/,
    ],
    [
      "element inside c",
      error('<alt ann="0"><c start="0" end="1"><c start="0" end="1"/></c></alt>'),
      /expected only text inside <c>, found <c>/,
    ],
    [
      "error-list before text",
      doc('<sentence numann="0"><error-list/><text>a</text></sentence>'),
      /expected <text> before <error-list>/,
    ],
    [
      "two texts",
      doc('<sentence numann="0"><text>a</text><text>b</text></sentence>'),
      /expected one <text> per <sentence>, found two/,
    ],
    [
      "two error lists",
      sentence("<error-list/><error-list/>"),
      /expected one <error-list> per <sentence>, found two/,
    ],
    [
      "sentence without text",
      doc('<sentence numann="0"><error-list/></sentence>'),
      /expected <text> before <error-list>/,
    ],
    [
      "sentence without anything",
      doc('<sentence numann="0"/>'),
      /^bad\.xml:3:1: expected a <text> inside <sentence>$/,
    ],
    ["no sentence", "<scripts><script/></scripts>", /^bad\.xml: expected at least one <sentence>/],
    // Issue 37 item 10: each was scored and converted before.
    [
      "annotator id out of range",
      error('<alt ann="0"/><alt ann="5"/>', "yes"),
      /^bad\.xml:3:\d+: expected an annotator id below numann="1" \(ids count from 0\) in <alt>, found ann="5"$/,
    ],
    [
      "annotator id equal to numann",
      sentence('<error-list><error req="no"><alt ann="2"/></error></error-list>', "2"),
      /^bad\.xml:3:\d+: expected an annotator id below numann="2"/,
    ],
    [
      "UTF-16 encoding declaration",
      '<?xml version="1.0" encoding="UTF-16"?>\n<scripts/>',
      /^bad\.xml:1:1: expected encoding="UTF-8" in the XML declaration .*found encoding="UTF-16"/,
    ],
    [
      "Latin-1 encoding declaration",
      "<?xml version='1.0' encoding='ISO-8859-1'?><scripts/>",
      /^bad\.xml:1:1: expected encoding="UTF-8" .*found encoding="ISO-8859-1"/,
    ],
    [
      "200 KB attribute",
      doc(`<sentence id="${"9".repeat(200_000)}" numann="0"><text>a</text></sentence>`),
      /^bad\.xml:3:1: expected at most 1000 characters in an attribute, found 200000 in id="..."$/,
    ],
  ];
  for (const [name, text, expected] of cases) {
    await t.step(name, async () => {
      const error = await parseIxml([text], "bad.xml").then(
        () => undefined,
        (e) => e,
      );
      assert.ok(error instanceof InputError, `${name}: expected an InputError, got ${error}`);
      assert.match(error.message, expected);
      assert.doesNotMatch(error.message, /\n/);
    });
  }
});

Deno.test("ixmlFormat.sniff() recognizes I-measure XML and readGold() uses it", async () => {
  assert.ok(ixmlFormat.sniff?.('\uFEFF<?xml version="1.0"?><scripts>'));
  assert.ok(ixmlFormat.sniff?.("\n  <scripts>"));
  assert.ok(!ixmlFormat.sniff?.("S a b c\n"));
  const dir = await Deno.makeTempDir({ dir: "/tmp" });
  try {
    const path = `${dir}/gold`; // no extension: picked by content
    await Deno.writeTextFile(path, await Deno.readTextFile(EXAMPLE));
    const gold = await readGold(path);
    assert.equal(gold.format, "ixml");
    assert.equal(gold.sentences.length, 1);
    let text = "";
    for await (const chunk of readChunks(path)) text += chunk;
    assert.deepEqual((await parseIxml([text], path)).sentences, gold.sentences);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("parseIxml() gives a located InputError for every truncation of a file", async () => {
  const text = await Deno.readTextFile(EXAMPLE);
  const end = text.trimEnd().length;
  for (let n = 0; n < end; n++) {
    const error = await parseIxml([text.slice(0, n)], "cut.xml").then(() => undefined, (e) => e);
    assert.ok(error instanceof InputError, `prefix of ${n} characters: ${error}`);
    assert.match(error.message, /^cut\.xml(:\d+:\d+)?: [^\n]+$/);
  }
  assert.equal((await parseIxml([text.slice(0, end)], "cut.xml")).sentences.length, 1);
});

Deno.test("parseIxml() reads the sentences of several scripts in order", async () => {
  const gold = await parseIxml([
    '<scripts><script id="1"><sentence id="1" numann="0"><text>a</text></sentence></script>' +
    '<script id="2"><sentence id="1" numann="0"><text>b</text><error-list/></sentence>' +
    '<sentence id="2" numann="0"><text>c</text></sentence></script><!-- end --></scripts>',
  ], "x.xml");
  assert.deepEqual(gold.sentences.map((s) => s.source), [["a"], ["b"], ["c"]]);
  assert.deepEqual(gold.sentences[0].allAnnotators, ["0"]);
  assert.deepEqual(gold.sentences[2].annotations, [{ annotator: "0", edits: [] }]);
});
