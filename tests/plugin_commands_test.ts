/**
 * Plugins add commands and sentence views through the contract: the built-in drop-ins
 * (`m2scorer`, `errant_compare`) and the M2 edit view come that way, and so does a
 * third-party plugin's own command and view (tests/testdata/plugins/command_view.ts).
 *
 * @module
 */

import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { createRegistry, readGold, Registry } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { reportInput } from "../report/report_input.ts";
import { Session } from "../repl/session.ts";
import keptPlugin from "./testdata/plugins/command_view.ts";

const PLUGIN = "tests/testdata/plugins/command_view.ts";
const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEMS = [
  "tests/testdata/m2scorer_example_system",
  "tests/testdata/m2scorer_example_system2",
];

async function run(args: string[]) {
  let out = "", err = "";
  const code = await main(args, { out: (t) => out += t, err: (t) => err += t });
  return { code, out, err };
}

Deno.test("createRegistry() carries the built-in drop-in commands and the M2 sentence view", () => {
  const registry = createRegistry();
  assert.deepEqual(registry.commands.map((c) => c.name), [
    "m2scorer",
    "errant_compare",
    "errant_parallel",
    "errant_m2",
    "gleu",
    "sgleu",
    "mgleu",
  ]);
  assert.equal(registry.pluginOf("m2scorer", "command")?.name, "gecscore-builtin");
  assert.deepEqual(registry.viewsOf("m2").map((v) => v.metric), ["m2"]);
  assert.deepEqual(registry.viewsOf("gleu"), []);
});

Deno.test("main() runs a plugin's own command, and lists it in help", async () => {
  // --debug loads the plugin into this process (the worker box forwards metrics and formats).
  const hello = await run(["--debug", "--plugin", PLUGIN, "kept-hello", "world"]);
  assert.deepEqual(hello, { code: 0, out: "kept says hello to world\n", err: "" });
  const wrong = await run(["--debug", "--plugin", PLUGIN, "kept-hello"]);
  assert.deepEqual(wrong, { code: 2, out: "", err: "kept-hello: expected one NAME, got 0\n" });
  const help = await run(["--debug", "--plugin", PLUGIN, "help"]);
  assert.match(help.out, /\n {2}kept-hello +say hello \(a plugin's own command\)\n/);
  assert.match(help.out, /\n {2}m2scorer +drop-in for the NUS m2scorer/);
  const topic = await run(["--debug", "--plugin", PLUGIN, "help", "kept-hello"]);
  assert.equal(topic.out, "Usage: gecscore kept-hello NAME\n");
  const unknown = await run(["kept-hello", "world"]);
  assert.equal(unknown.code, 2);
  assert.match(
    unknown.err,
    // The built-in drop-ins, then the language packs' commands.
    /^gecscore: Unknown command "kept-hello"; commands: score, .*errant_compare, errant_parallel, errant_m2, gleu, sgleu, mgleu, cherrant_parallel, cherrant_compare, multigec\n$/,
  );
});

Deno.test("main() runs the built-in drop-ins from the registry", async () => {
  const m2 = await run(["m2scorer", SYSTEMS[1], GOLD]);
  assert.deepEqual(m2, {
    code: 0,
    out: "Precision   : 0.7500\nRecall      : 0.6000\nF_0.5       : 0.7143\n",
    err: "",
  });
  const errant = await run(["errant_compare", "-hyp", "tests/testdata/errant/hyp.m2"]);
  assert.equal(errant.code, 2);
  assert.match(
    errant.err,
    /^gecscore: errant_compare: the following arguments are required: -ref;/,
  );
});

Deno.test("main() refuses a plugin command that takes the name of one of gecscore's own", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/clash.ts`;
    await Deno.writeTextFile(
      file,
      `export default { name: "clash", version: "1.0.0", commands: [
        { name: "score", summary: "s", help: "h", run: () => 0 },
      ] };\n`,
    );
    const clash = await run(["--debug", "--plugin", file, "list"]);
    assert.equal(clash.code, 2);
    assert.equal(
      clash.err,
      'gecscore: Plugin clash 1.0.0 adds command "score", which is one of gecscore\'s own; ' +
        "a plugin command needs another name\n",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("Registry.use() checks the commands and views a plugin adds", () => {
  const plugin = (extra: Record<string, unknown>) => ({ name: "p", version: "1", ...extra });
  const command = { name: "go", summary: "s", help: "h", run: () => 0 };
  assert.throws(
    () => new Registry().use(plugin({ commands: [{ ...command, name: "Go!" }] })),
    /Plugin p 1 adds a command named "Go!"; a command name is lowercase letters/,
  );
  assert.throws(
    () => new Registry().use(plugin({ commands: [command, command] })),
    /Plugin p 1 adds command "go" twice/,
  );
  assert.throws(
    () => new Registry().use(plugin({ commands: [command] })).use(plugin({ commands: [command] })),
    /Plugins p 1 and p 1 both add command "go"; load only one of them/,
  );
  assert.throws(
    () => new Registry().use(plugin({ commands: [{ ...command, run: "go" }] })),
    /command "go" needs a "run" function/,
  );
  assert.throws(
    () => new Registry().use(plugin({ views: [{ metric: "nope", sentenceEdits: () => ({}) }] })),
    /adds a sentence view of metric "nope", which no plugin registers/,
  );
  assert.throws(
    () => createRegistry().use(plugin({ views: [{ metric: "m2" }] })),
    /the sentence view of metric "m2" needs a "sentenceEdits" function/,
  );
  // A view of a metric another plugin registered is fine.
  const view = {
    metric: "m2",
    description: "d",
    sentenceEdits: () => ({ source: "x", gold: [], compared: [] }),
  };
  assert.equal(createRegistry().use(plugin({ views: [view] })).viewsOf("m2")[1], view);
});

Deno.test("reportInput() takes the sentence view of a third-party metric, with no M2", async () => {
  const registry = createRegistry().use(keptPlugin);
  const gold = await readGold(GOLD);
  const systems = await Promise.all(SYSTEMS.map((s) => readHypotheses(s, 3)));
  const input = await reportInput({ registry, gold, systems, metrics: ["kept", "gleu"] });
  assert.equal(input.edits?.source, "kept");
  assert.equal(input.edits?.gold.length, 3);
  assert.deepEqual(input.edits?.compared[0].map((c) => c.annotator), [0, 0]);
  // Each matched edit's correction is in place in that system's hypothesis.
  input.edits!.compared.forEach((bySystem, i) =>
    bySystem.forEach(({ matched }, k) => {
      for (const e of matched) {
        const edit = input.edits!.gold[i][0][e];
        const want = edit.correction.split(" ");
        assert.deepEqual(systems[k].sentences[i].slice(edit.start, edit.start + want.length), want);
      }
    })
  );
  assert.ok(input.edits!.compared.flat().some((c) => c.matched.length > 0));
  // Without a metric that has a view, no edits; with M2 first, M2's view.
  assert.equal(
    (await reportInput({ registry, gold, systems, metrics: ["gleu"] })).edits,
    undefined,
  );
  assert.equal(
    (await reportInput({ registry, gold, systems, metrics: ["m2", "kept"] })).edits?.source,
    "m2",
  );
});

Deno.test("REPL edits shows a metric's sentence view of the current sentence", async () => {
  const s = new Session({ registry: createRegistry().use(keptPlugin) });
  await s.execute(`load gold ${GOLD}`);
  await s.execute(`load hyp ${SYSTEMS.join(" ")}`);
  // M2's view (the first loaded metric with one): the m2scorer example, sentence 1.
  const m2 = await s.execute("edits");
  assert.equal(
    m2,
    "== m2 gold edits on m2scorer_example_system  (annotator 1 of 1: 2 of 2 made)\n" +
      "  + 3-4  at -> on  (Prep)\n" +
      "  + 4-4   -> the  (ArtOrDet)\n\n" +
      "== m2 gold edits on m2scorer_example_system2  (annotator 1 of 1: 1 of 2 made)\n" +
      "  + 3-4  at -> on  (Prep)\n" +
      "  - 4-4   -> the  (ArtOrDet)",
  );
  // The plugin's own view, for one system.
  const kept = await s.execute("edits kept m2scorer_example_system2");
  assert.match(kept, /^== kept gold edits on m2scorer_example_system2 {2}\(annotator 1 of 1: /);
  await assert.rejects(() => s.execute("edits gleu"), /Metric gleu has no sentence view/);
});
