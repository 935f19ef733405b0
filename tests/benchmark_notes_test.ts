/**
 * `--preset conll2014` gives the published CoNLL-2014 numbers (explicit `--opt` wins), and a
 * run that scores the CoNLL-2014 gold with other settings says so on stderr in one line
 * (`--quiet` silences it): issue 37, item 2.
 */
import assert from "node:assert/strict";
import { readGold } from "../mod.ts";
import { goldFingerprint } from "../pipeline/signature.ts";
import {
  benchmarkNotes,
  CONLL2014_M2_GOLD,
  CONLL2014_XML_GOLD,
  presetAssignments,
} from "../pipeline/benchmarks.ts";
import { gecscore } from "./run_cli.ts";
import { shared, sharedTest } from "./shared.ts";

const M2 = "data/conll2014/gold/official-2014.combined.m2";
const XML = "data/conll2014/gold/official-2014.combined.ieval.xml";
const CAMB = "data/conll2014/systems/CAMB";

Deno.test("benchmarkNotes(): the CoNLL-2014 golds by fingerprint, other golds never", () => {
  const gleu = (gold: string, refs: string) => ({
    metric: "gleu",
    signature: `gleu|variant:2016|iter:500|refs:${refs}|v:1.0|nrefs:2|gold:${gold}|gecscore:0.1.0`,
  });
  const imeasure = (gold: string, mix: string) => ({
    metric: "imeasure",
    signature: `imeasure|beta:1|w:2|max:cwacc|opt:sent|mix:${mix}|v:1.0|nrefs:2|gold:${gold}`,
  });
  assert.deepEqual(benchmarkNotes([gleu("0badc0de", "plain"), imeasure("0badc0de", "yes")]), []);
  assert.deepEqual(benchmarkNotes([gleu(CONLL2014_M2_GOLD, "conll2014")]), []);
  assert.deepEqual(benchmarkNotes([imeasure(CONLL2014_XML_GOLD, "no")]), []);
  assert.deepEqual(
    benchmarkNotes([gleu(CONLL2014_M2_GOLD, "plain"), gleu(CONLL2014_M2_GOLD, "plain")]),
    [
      "GLEU on the CoNLL-2014 gold with refs:plain; the published numbers use --preset conll2014 " +
      "(gleu.refs=conll2014)",
    ],
  );
  assert.deepEqual(benchmarkNotes([imeasure(CONLL2014_XML_GOLD, "yes")]), [
    "the I-measure on the CoNLL-2014 gold with mix:yes; the published numbers use --preset " +
    "conll2014 (imeasure.mix=false)",
  ]);
  assert.match(
    benchmarkNotes([imeasure(CONLL2014_M2_GOLD, "no")])[0],
    /XML gold \(official-2014\.combined\.ieval\.xml\)$/,
  );
  assert.match(
    benchmarkNotes([imeasure(CONLL2014_M2_GOLD, "yes")])[0],
    /XML gold .* with --preset conll2014 \(imeasure\.mix=false\)$/,
  );
  assert.deepEqual(presetAssignments("conll2014"), ["gleu.refs=conll2014", "imeasure.mix=false"]);
});

sharedTest("the known fingerprints are those of the CoNLL-2014 golds", async () => {
  assert.equal(goldFingerprint(await readGold(shared(M2))), CONLL2014_M2_GOLD);
  assert.equal(goldFingerprint(await readGold(shared(XML))), CONLL2014_XML_GOLD);
});

const GLEU_NOTE =
  "gecscore: note: GLEU on the CoNLL-2014 gold with refs:plain; the published numbers use " +
  "--preset conll2014 (gleu.refs=conll2014)\n";
const IMEASURE_NOTE =
  "gecscore: note: the I-measure on the CoNLL-2014 gold with mix:yes; the published numbers " +
  "use --preset conll2014 (imeasure.mix=false)\n";

sharedTest(
  "score: GLEU on the CoNLL-2014 M2 gold, a note by default, 0.5960 with --preset",
  async (t) => {
    const args = ["score", "-m", "gleu", "--gold", shared(M2), shared(CAMB)];
    await t.step("default: refs:plain, and said", async () => {
      const { code, stdout, stderr } = await gecscore(...args);
      assert.equal(code, 0);
      assert.match(stdout, /^CAMB +0\.5947 /m);
      assert.equal(stderr, GLEU_NOTE);
    });
    await t.step("--quiet silences the note", async () => {
      const { code, stderr } = await gecscore(...args, "--quiet");
      assert.equal(code, 0);
      assert.equal(stderr, "");
    });
    await t.step("--preset conll2014: the published number, no note", async () => {
      const { code, stdout, stderr } = await gecscore(...args, "--preset", "conll2014");
      assert.equal(code, 0);
      assert.match(stdout, /refs:conll2014\|/);
      assert.match(stdout, /^CAMB +0\.5960 /m);
      assert.equal(stderr, "");
    });
    await t.step("an explicit --opt wins over the preset", async () => {
      const { stdout, stderr } = await gecscore(
        ...args,
        "--opt",
        "gleu.refs=plain",
        "--preset",
        "conll2014",
      );
      assert.match(stdout, /^CAMB +0\.5947 /m);
      assert.equal(stderr, GLEU_NOTE);
    });
    await t.step("--format jsonl says it too", async () => {
      const { code, stderr } = await gecscore(...args, "--format", "jsonl");
      assert.equal(code, 0);
      assert.equal(stderr, GLEU_NOTE);
    });
    await t.step("an unknown preset is a usage error", async () => {
      const { code, stdout, stderr } = await gecscore(...args, "--preset", "conll2013");
      assert.equal(code, 2);
      assert.equal(stdout, "");
      assert.match(stderr, /^gecscore: Unknown preset "conll2013"; valid: conll2014\n$/);
    });
  },
);

sharedTest(
  "score: the I-measure on the CoNLL-2014 golds, -5.40% with the XML and --preset",
  async (t) => {
    await t.step("the XML gold, mixing: said", async () => {
      const { code, stdout, stderr } = await gecscore(
        "score",
        "-m",
        "imeasure",
        "--gold",
        shared(XML),
        shared(CAMB),
      );
      assert.equal(code, 0);
      assert.match(stdout, /^CAMB +-0\.0452 /m);
      assert.equal(stderr, IMEASURE_NOTE);
    });
    await t.step(
      "the XML gold with --preset conll2014: the published number, no note",
      async () => {
        const { code, stdout, stderr } = await gecscore(
          "score",
          "-m",
          "imeasure",
          "--preset",
          "conll2014",
          "--gold",
          shared(XML),
          shared(CAMB),
        );
        assert.equal(code, 0);
        assert.match(stdout, /mix:no\|/);
        assert.match(stdout, /^CAMB +-0\.0540 /m);
        assert.equal(stderr, "");
      },
    );
    await t.step("the M2 gold, even with the preset: the XML gold is named", async () => {
      const { code, stderr } = await gecscore(
        "score",
        "-m",
        "imeasure",
        "--preset",
        "conll2014",
        "--gold",
        shared(M2),
        shared(CAMB),
      );
      assert.equal(code, 0);
      assert.equal(
        stderr,
        "gecscore: note: the I-measure on the CoNLL-2014 M2 gold; the published numbers use the " +
          "XML gold (official-2014.combined.ieval.xml)\n",
      );
    });
  },
);

sharedTest("show, report and meta take --preset and give the note", async (t) => {
  await t.step("show", async () => {
    const args = ["show", "-m", "gleu", "--gold", shared(M2), shared(CAMB), "--sentence", "3"];
    const plain = await gecscore(...args);
    assert.equal(plain.code, 0);
    assert.equal(plain.stderr, GLEU_NOTE);
    assert.match(plain.stdout, /refs:plain/);
    const preset = await gecscore(...args, "--preset", "conll2014");
    assert.equal(preset.code, 0);
    assert.equal(preset.stderr, "");
    assert.match(preset.stdout, /refs:conll2014/);
  });
  await t.step("report", async () => {
    const args = ["report", "-m", "gleu", "--gold", shared(M2), shared(CAMB), "--output", "-"];
    const plain = await gecscore(...args);
    assert.equal(plain.code, 0);
    assert.equal(plain.stderr, GLEU_NOTE);
    const preset = await gecscore(...args, "--preset", "conll2014");
    assert.equal(preset.code, 0);
    assert.equal(preset.stderr, "");
    assert.match(preset.stdout, /refs:conll2014/);
  });
  await t.step("meta", async () => {
    const human = shared("data/conll2014/human/expected_wins.txt.gz");
    const dir = shared("data/conll2014/systems");
    const systems = [...Deno.readDirSync(dir)].map((e) => `${dir}/${e.name}`).sort();
    const args = ["meta", "--human", human, "--gold", shared(M2), "-m", "gleu", ...systems];
    const plain = await gecscore(...args);
    assert.equal(plain.code, 0, plain.stderr);
    assert.equal(plain.stderr, GLEU_NOTE);
    const preset = await gecscore(...args, "--preset", "conll2014");
    assert.equal(preset.code, 0, preset.stderr);
    assert.equal(preset.stderr, "");
  });
});

sharedTest("repl: --preset conll2014 sets the options; corpus gives the note once", async () => {
  const repl = async (...args: string[]) => {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "repl.ts", ...args, "--gold", shared(M2), shared(CAMB)],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode("corpus gleu\ncorpus gleu\n"));
    await writer.close();
    const { code, stdout, stderr } = await child.output();
    const text = new TextDecoder();
    return { code, stdout: text.decode(stdout), stderr: text.decode(stderr) };
  };
  const plain = await repl();
  assert.equal(plain.code, 0, plain.stderr);
  assert.equal(plain.stderr, GLEU_NOTE);
  assert.match(plain.stdout, /^CAMB +0\.5947$/m);
  const preset = await repl("--preset", "conll2014");
  assert.equal(preset.code, 0, preset.stderr);
  assert.equal(preset.stderr, "");
  assert.match(preset.stdout, /^CAMB +0\.5960$/m);
  const quiet = await repl("-q");
  assert.equal(quiet.stderr, "");
});
