/**
 * `gecscore multigec FOLDER` gives the GLEU the MultiGEC-2025 script and evaluation command
 * give: on a hand-made Czech/Swedish folder with two teams (`testdata/multigec/folder/`, its
 * README has the official numbers) and on the essay set built from UA-GEC
 * (`tests/multigec_essays.ts`); its output formats, intervals and errors.
 *
 * @module
 */

import assert from "node:assert/strict";
import { multigecCommand, renderLeaderboard } from "../langs/multigec/command.ts";
import { multigecLeaderboard } from "../langs/multigec/leaderboard.ts";
import { multigecPack } from "../langs/multigec/mod.ts";
import { sharedTest } from "./shared.ts";
import { uaGecEssays } from "./multigec_essays.ts";

const FOLDER = new URL("./testdata/multigec/folder", import.meta.url).pathname;

async function run(args: string[]) {
  let out = "";
  let err = "";
  const code = await multigecCommand(args, { out: (t) => out += t, err: (t) => err += t });
  return { code, out, err };
}

Deno.test("multigec: the official GLEU per subcorpus and team, ranks and language means", async () => {
  const board = await multigecLeaderboard(FOLDER, { samples: 100 });
  assert.equal(board.split, "dev");
  assert.deepEqual(board.languages.map((l) => l.lang), ["cs", "sv"]);
  const printed = board.languages.flatMap((l) =>
    l.corpora.flatMap((c) =>
      c.systems.map((s) => `${l.lang}-${c.corpus} ${s.system} ${s.gleuPrinted} ${s.rank}`)
    )
  );
  assert.deepEqual(printed, [
    "cs-natform beta 82.7617 1",
    "cs-natform alpha 64.3086 2",
    "cs-romani alpha 100.0000 1",
    "cs-romani beta 74.4287 2",
    "sv-swell_gold alpha 94.5081 1",
  ]);
  const natform = board.languages[0].corpora[0];
  assert.deepEqual([natform.essays, natform.references], [3, 2]);
  assert.deepEqual(natform.systems.map((s) => s.missing), [0, 1]);
  // The mean over Czech subcorpora, for the teams scored on both; beta is not on Swedish.
  const average = board.languages[0].average;
  assert.deepEqual(average.map((a) => a.system), ["alpha", "beta"]);
  assert.equal(average[0].gleu, (natform.systems[1].gleu + 100) / 2);
  assert.deepEqual(board.languages[1].average.map((a) => a.system), ["alpha"]);
  for (const s of natform.systems) {
    assert.ok(s.ci && s.ci[0] <= s.gleu && s.gleu <= s.ci[1] + 1e-9, `${s.system} ${s.ci}`);
  }
  assert.match(board.notes[0], /^cs, sv: GLEU only, systems ranked by GLEU/);
});

Deno.test("multigec: text, Markdown, LaTeX and JSON; one-essay-per-line files", async () => {
  const text = await run([FOLDER, "--samples", "0"]);
  assert.equal(text.code, 0);
  assert.match(
    text.out,
    /Czech \(cs\)\n {2}natform \(3 essays, 2 references\), ranked by GLEU\n {4}Rank {2}System {2}GLEU {5}Missing\n {4}1 {5}beta {4}82\.7617 {2}0\n/,
  );
  assert.match(
    text.out,
    / {2}Average, ranked by GLEU\n {4}Rank {2}System {2}GLEU {3}Missing\n {4}1 {5}alpha {3}82\.15\n/,
  );
  const md = await run([FOLDER, "--samples", "50", "--format", "markdown"]);
  assert.match(md.out, /^## Swedish \(sv\)$/m);
  assert.match(md.out, /^\| 1 \| alpha \| 94\.5081 \| \[\d+\.\d\d, \d+\.\d\d\] \| 0 \|$/m);
  const tex = await run([FOLDER, "--samples", "0", "--format", "latex"]);
  assert.match(
    tex.out,
    /\\caption\{Swedish \(sv\): swell\\_gold \(2 essays, 1 reference\); ranked by GLEU\}/,
  );
  const json = JSON.parse((await run([FOLDER, "--samples", "0", "--format", "json"])).out);
  assert.equal(json.languages[0].corpora[1].systems[0].gleuPrinted, "100.0000");
  const dir = await Deno.makeTempDir({ dir: "/tmp" });
  assert.equal((await run([FOLDER, "--samples", "0", "--lines-out", dir])).code, 0);
  assert.equal(
    await Deno.readTextFile(`${dir}/res/alpha/cs-natform-hypo1-dev.tmp`),
    "Ahoj Petře , jak se máš ? Já se mám dobře . Včera jsem byl v kině a viděl jsem nový film . Byl moc hezky . \n" +
      "Můj nejlepší kamarád se jmenuje Tomáš . Je mu 15 let a bydlí v Brně . Rád hraje fotbal , ale nerad se učí . \n" +
      "!\n",
  );
  // ref2 lacks essays 2 and 3: they take their first reference.
  const ref2 = (await Deno.readTextFile(`${dir}/ref/cs-natform-ref2-dev.tmp`)).split("\n");
  const ref1 = (await Deno.readTextFile(`${dir}/ref/cs-natform-ref1-dev.tmp`)).split("\n");
  assert.deepEqual(ref2.slice(1), ref1.slice(1));
  assert.notEqual(ref2[0], ref1[0]);
  await Deno.remove(dir, { recursive: true });
  assert.equal(
    renderLeaderboard({ ...(await multigecLeaderboard(FOLDER, { samples: 0 })) }, "text"),
    text.out,
  );
});

Deno.test("multigec: errors name the folder or file, in one line", async () => {
  let r = await run(["/nonexistent-folder"]);
  assert.equal(r.code, 1);
  assert.match(r.err, /^multigec: \/nonexistent-folder\/ref: cannot list folder/);
  r = await run([FOLDER, "--format", "html"]);
  assert.equal(r.code, 2);
  assert.match(r.err, /--format must be text, markdown, latex or json, got "html"/);
  r = await run([FOLDER, "--split", "test"]);
  assert.equal(r.code, 1);
  assert.match(r.err, /has no original file for split test/);
  r = await run([FOLDER, "--samples", "many"]);
  assert.equal(r.code, 2);
  assert.equal(r.err.split("\n").length, 2);
  // The pack registers the command; its modules load when it runs.
  assert.ok(multigecPack.commands?.some((c) => c.name === "multigec"));
});

sharedTest("multigec: the UA-GEC essay set gives the official script's GLEU", async () => {
  const recorded = JSON.parse(
    await Deno.readTextFile(new URL("./testdata/multigec/ua_gec_essays.json", import.meta.url)),
  );
  const dir = await Deno.makeTempDir({ dir: "/tmp" });
  for (const [name, text] of Object.entries(await uaGecEssays())) {
    await Deno.mkdir(`${dir}/${name.split("/")[0]}`, { recursive: true });
    await Deno.writeTextFile(`${dir}/${name}`, text);
  }
  const board = await multigecLeaderboard(dir, { samples: 0 });
  const [system] = board.languages[0].corpora[0].systems;
  assert.equal(system.gleuPrinted, recorded.gleu);
  assert.equal(system.missing, 8);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("multigec: English gets ERRANT's P, R, F0.5 and is ranked by F0.5", async () => {
  const dir = await Deno.makeTempDir({ dir: "/tmp" });
  await Deno.mkdir(`${dir}/ref`);
  await Deno.mkdir(`${dir}/res/good`, { recursive: true });
  await Deno.mkdir(`${dir}/res/lazy`, { recursive: true });
  const orig = "### essay_id = 1\nI has a dog. He like to run in the park every days.\n\n" +
    "My friend have two cat.\n\n### essay_id = 2\nYesterday I go to the shop and buyed some milk.\n";
  await Deno.writeTextFile(`${dir}/ref/en-wi-orig-dev.md`, orig);
  await Deno.writeTextFile(
    `${dir}/ref/en-wi-ref1-dev.md`,
    "### essay_id = 2\nYesterday I went to the shop and bought some milk.\n\n### essay_id = 1\n" +
      "I have a dog. He likes to run in the park every day.\n\nMy friend has two cats.\n",
  );
  await Deno.writeTextFile(
    `${dir}/res/good/en-wi-hypo1-dev.md`,
    "### essay_id = 1\nI have a dog. He likes to run in the park every days.\n\nMy friend has two cat.\n\n" +
      "### essay_id = 2\nYesterday I went to the shop and buyed some milk.\n",
  );
  await Deno.writeTextFile(`${dir}/res/lazy/en-wi-hypo1-dev.md`, orig);
  await Deno.writeTextFile(`${dir}/res/xx-other-hypo1-dev.md`, orig);
  const board = await multigecLeaderboard(dir, { samples: 50 });
  assert.deepEqual(board.warnings, [
    "res/xx-other-hypo1-dev.md: not scored: no original (LANG-CORPUS-orig-dev.md) in ref/ matches its name",
  ]);
  const [corpus] = board.languages[0].corpora;
  assert.equal(corpus.rankedBy, "F0.5");
  assert.deepEqual(corpus.systems.map((s) => s.system), ["good", "lazy"]);
  const good = corpus.systems[0].errant!;
  assert.equal(good.precision, 100);
  assert.ok(good.recall > 0 && good.recall < 100);
  assert.equal(corpus.systems[1].errant!.f05, 0);
  assert.ok(good.ci && good.ci.f05[0] <= good.f05 && good.f05 <= good.ci.f05[1]);
  assert.match(board.notes.join("\n"), /^en: P, R and F0\.5 of ERRANT/m);
  const text = renderLeaderboard(board, "text");
  assert.match(text, /wi \(2 essays, 1 reference\), ranked by F0\.5\n {4}Rank {2}System {2}GLEU/);
  await Deno.remove(dir, { recursive: true });
});
