/**
 * The MultiGEC essay format: essays matched by id whatever their order, a missing essay as
 * `!`, references covering only some essays, paragraphs joined as the task's script joins
 * them, one-essay-per-line files; on hand-made essays and on an essay set built from UA-GEC
 * (`tests/multigec_essays.ts`), whose one-essay-per-line files equal those the task's own
 * script wrote from it (`testdata/multigec/ua_gec_essays.json`: their SHA-256).
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  alignEssays,
  essayLine,
  multigecFormat,
  multigecPack,
  parseEssays,
  parseMultigecName,
  readEssayLines,
  writeEssayLines,
  writeEssays,
} from "../langs/multigec/mod.ts";
import { createRegistry, readGold } from "../builtin.ts";
import { sharedTest } from "./shared.ts";
import { uaGecEssays } from "./multigec_essays.ts";

const ORIG = "### essay_id = 1\nFirst essay.\n\nIts second paragraph.\n\n" +
  "### essay_id = 2\nSecond essay, isn't it?\n\n### essay_id = 3\nThird one.\n";

Deno.test("essays: ids, text, paragraphs joined, order, duplicates, line ends", () => {
  const essays = parseEssays("preamble\r\n" + ORIG.replaceAll("\n", "\r\n"), "o.md");
  assert.deepEqual(essays.map((e) => [e.id, e.line]), [["1", 2], ["2", 7], ["3", 10]]);
  assert.equal(essayLine(essays[0].text), "First essay . Its second paragraph . ");
  assert.equal(essayLine(essays[2].text), "Third one . ");
  assert.equal(essayLine(essays[1].text), "Second essay , is not it ? ");
  // An id given twice keeps its first place and its last text; ids are exact strings.
  const twice = parseEssays(
    "### essay_id = 1\nA.\n### essay_id = 2\nB.\n### essay_id = 1\nC.\n### essay_id = 1 \nD.\n",
    "t.md",
  );
  assert.deepEqual(twice.map((e) => [e.id, e.text]), [["1", "C.\n"], ["2", "B.\n"], [
    "1 ",
    "D.\n",
  ]]);
  assert.throws(
    () => parseEssays("### essay_id = 1\nA.\n### essay_id = 2", "t.md"),
    /t\.md:3: essay id "2" is not followed by a line break/,
  );
  assert.deepEqual(parseEssays("no essays here\n", "t.md"), []);
});

Deno.test("essays: matched by id; a missing essay is !; references covering some essays", () => {
  const orig = parseEssays(ORIG, "orig.md");
  const hyp = parseEssays(
    "### essay_id = 3\nThird one!\n\n### essay_id = 9\nNot in orig.\n\n### essay_id = 1\nFirst.\n",
    "hyp.md",
  );
  assert.deepEqual(alignEssays(orig, [hyp], "!"), [["First . ", "!", "Third one ! "]]);
  const ref1 = parseEssays("### essay_id = 2\nR1 two.\n\n### essay_id = 1\nR1 one.\n", "ref1.md");
  const ref2 = parseEssays("### essay_id = 1\nR2 one.\n", "ref2.md");
  // Essay 2 has one reference: the second file takes it; essay 3 has none: !.
  assert.deepEqual(alignEssays(orig, [ref1, ref2], "first"), [
    ["R1 one . ", "R1 two . ", "!"],
    ["R2 one . ", "R1 two . ", "!"],
  ]);
  // The task's rule for a later file: the i-th text found for the essay, whatever file had it.
  assert.deepEqual(alignEssays(orig, [ref2, ref1], "first"), [
    ["R2 one . ", "R1 two . ", "!"],
    ["R1 one . ", "R1 two . ", "!"],
  ]);
  assert.deepEqual(alignEssays(orig, [ref2, ref1], "!")[1], ["R1 one . ", "!", "!"]);
});

Deno.test("essays: written and read back; one essay per line", () => {
  const essays = [{ id: "10", text: "Ein Text.\n\nZweiter Absatz." }, {
    id: "4",
    text: "Noch einer.",
  }];
  const md = writeEssays(essays);
  assert.deepEqual(parseEssays(md, "x.md").map((e) => e.text.trim()), essays.map((e) => e.text));
  const lines = alignEssays(parseEssays(md, "x.md"), [parseEssays(md, "x.md")], "!")[0];
  assert.deepEqual(readEssayLines(writeEssayLines(lines)), lines);
  assert.throws(() => writeEssays([{ id: "1\n2", text: "" }]), /line break/);
  assert.deepEqual(parseMultigecName("uk-ua_gec-hypo1-test.md"), {
    lang: "uk",
    corpus: "ua_gec",
    role: "hypo1",
    split: "test",
  });
  assert.equal(parseMultigecName("sl-solar_eval-ref1-dev.md")?.corpus, "solar_eval");
});

Deno.test("multigec format: an -orig- file reads with its -refN- files as gold", async () => {
  const dir = await Deno.makeTempDir({ dir: "/tmp" });
  await Deno.writeTextFile(`${dir}/sv-swell-orig-dev.md`, ORIG);
  await Deno.writeTextFile(
    `${dir}/sv-swell-ref1-dev.md`,
    "### essay_id = 3\nThird.\n\n### essay_id = 1\nFirst.\n",
  );
  await Deno.writeTextFile(`${dir}/sv-swell-ref2-dev.md`, "### essay_id = 2\nSecond.\n");
  await Deno.writeTextFile(`${dir}/sv-swell-ref1-test.md`, "### essay_id = 1\nOther split.\n");
  const registry = createRegistry().use(multigecPack);
  const gold = await readGold(`${dir}/sv-swell-orig-dev.md`, { registry });
  assert.equal(gold.format, "multigec");
  assert.deepEqual(gold.sentences.map((s) => s.source.join(" ")), [
    "First essay . Its second paragraph .",
    "Second essay , is not it ?",
    "Third one .",
  ]);
  assert.deepEqual(gold.sentences.map((s) => s.references!.map((r) => r.join(" "))), [
    ["First .", "First ."],
    ["Second .", "Second ."],
    ["Third .", "Third ."],
  ]);
  assert.deepEqual(gold.sentences.map((s) => s.line), [1, 6, 9]);
  assert.ok(multigecFormat.sniff!(ORIG));
  assert.ok(!multigecFormat.sniff!("S a b\nA 0 1|||x|||y|||REQUIRED|||-NONE-|||0\n"));
  assert.match(multigecFormat.write!(gold), /^### essay_id = 1\nFirst essay \. Its/);
  await Deno.writeTextFile(`${dir}/empty-orig-dev.md`, "nothing\n");
  await assert.rejects(
    () => readGold(`${dir}/empty-orig-dev.md`, { registry, format: "multigec" }),
    /empty-orig-dev\.md: has no essay/,
  );
  await Deno.remove(dir, { recursive: true });
});

interface Recorded {
  essays: number;
  tmp: Record<string, { lines: number; sha256: string }>;
  gleu: string;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

sharedTest(
  "multigec essays from UA-GEC: one-essay-per-line files equal the task's script's",
  async () => {
    const recorded: Recorded = JSON.parse(
      await Deno.readTextFile(new URL("./testdata/multigec/ua_gec_essays.json", import.meta.url)),
    );
    const files = await uaGecEssays();
    const essays = (name: string) => parseEssays(files[name], name);
    const orig = essays("ref/uk-ua_gec-orig-test.md");
    assert.equal(orig.length, recorded.essays);
    const refs = alignEssays(
      orig,
      [essays("ref/uk-ua_gec-ref1-test.md"), essays("ref/uk-ua_gec-ref2-test.md")],
      "first",
    );
    const hyp = alignEssays(orig, [essays("res/uk-ua_gec-hypo1-test.md")], "!")[0];
    const mine: Record<string, string[]> = {
      "ref/uk-ua_gec-orig-test.tmp": orig.map((e) => essayLine(e.text)),
      "ref/uk-ua_gec-ref1-test.tmp": refs[0],
      "ref/uk-ua_gec-ref2-test.tmp": refs[1],
      "res/uk-ua_gec-hypo1-test.tmp": hyp,
    };
    for (const [name, { lines, sha256: digest }] of Object.entries(recorded.tmp)) {
      assert.equal(mine[name].length, lines, name);
      assert.equal(await sha256(writeEssayLines(mine[name])), digest, name);
    }
    assert.equal(hyp.filter((l) => l === "!").length, 8);
  },
);

sharedTest(
  "gleu, sgleu, mgleu equal shotakoyama/gleu on the UA-GEC essay set's lines",
  async (t) => {
    const { koyamaCommand } = await import("../metrics/gleu/koyama_command.ts");
    const cases: {
      command: "gleu" | "sgleu" | "mgleu";
      args: string[];
      lines: number;
      text?: string;
      sha256?: string;
    }[] = JSON.parse(
      await Deno.readTextFile(new URL("./testdata/multigec/ua_gec_gleu.json", import.meta.url)),
    );
    assert.equal(cases.length, 12);
    const files = await uaGecEssays();
    const essays = (name: string) => parseEssays(files[name], name);
    const orig = essays("ref/uk-ua_gec-orig-test.md");
    const refs = alignEssays(
      orig,
      [essays("ref/uk-ua_gec-ref1-test.md"), essays("ref/uk-ua_gec-ref2-test.md")],
      "first",
    );
    const hyp = alignEssays(orig, [essays("res/uk-ua_gec-hypo1-test.md")], "!")[0];
    const dir = await Deno.makeTempDir({ dir: "/tmp" });
    await Deno.mkdir(`${dir}/ref`);
    await Deno.mkdir(`${dir}/res`);
    const write = (name: string, lines: string[]) =>
      Deno.writeTextFile(`${dir}/${name}`, writeEssayLines(lines));
    await write("ref/uk-ua_gec-orig-test.tmp", orig.map((e) => essayLine(e.text)));
    await write("ref/uk-ua_gec-ref1-test.tmp", refs[0]);
    await write("ref/uk-ua_gec-ref2-test.tmp", refs[1]);
    await write("res/uk-ua_gec-hypo1-test.tmp", hyp);
    for (const c of cases) {
      await t.step(`${c.command} ${c.args.join(" ")}`, async () => {
        let out = "";
        const args = [
          "-s",
          `${dir}/ref/uk-ua_gec-orig-test.tmp`,
          "-r",
          `${dir}/ref/uk-ua_gec-ref1-test.tmp`,
          `${dir}/ref/uk-ua_gec-ref2-test.tmp`,
          "-o",
          `${dir}/res/uk-ua_gec-hypo1-test.tmp`,
          `${dir}/ref/uk-ua_gec-orig-test.tmp`,
          `${dir}/ref/uk-ua_gec-ref2-test.tmp`,
          ...c.args,
        ];
        assert.equal(await koyamaCommand(c.command, args, { out: (x) => out += x }), 0);
        out = out.replaceAll(`${dir}/`, "");
        assert.equal(out.split("\n").length - 1, c.lines);
        if (c.text !== undefined) assert.equal(out, c.text);
        else assert.equal(await sha256(out), c.sha256);
      });
    }
    await Deno.remove(dir, { recursive: true });
  },
);
