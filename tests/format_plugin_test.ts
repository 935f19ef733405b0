/**
 * A format plugin written outside the repository (in a temporary folder), used by every
 * command that reads files: `score`, `show`, `report`, `meta` and the REPL, as a gold format
 * and as a system format; and by the library through the one default registry.
 */

import { FULL_LOCK } from "./run_cli.ts";
import assert from "node:assert/strict";
import { readGold, registry } from "../mod.ts";

const FORMATS = new URL("../formats/mod.ts", import.meta.url).href;
const PLUGINS = new URL("../plugins/mod.ts", import.meta.url).href;
const CLI = new URL("../cli.ts", import.meta.url).pathname;

/** A JSON Lines format: `{"source": "...", "references": ["...", ...]}` per line. */
const PLUGIN = `import { defineFormat, definePlugin, InputError } from "${PLUGINS}";
import { tokenize } from "${FORMATS}";

function sentencesOf(text, file) {
  const out = [];
  text.split("\\n").forEach((row, i) => {
    if (!row.trim()) return;
    let value;
    try {
      value = JSON.parse(row);
    } catch {
      throw new InputError("not a JSON object", file, i + 1);
    }
    if (typeof value?.source !== "string" || !Array.isArray(value.references)) {
      throw new InputError('expected {"source": "...", "references": ["...", ...]}', file, i + 1);
    }
    out.push({ source: tokenize(value.source), references: value.references.map((r) => tokenize(r)), line: i + 1 });
  });
  return out;
}

export const jsonlGold = defineFormat({
  id: "jsonl-gold",
  description: "JSON Lines: a source and its references per line",
  extensions: [".jsonl"],
  sniff: (head) => /^\\s*\\{\\s*"source"/.test(head),
  async parse(chunks, file) {
    let text = "";
    for await (const chunk of chunks) text += chunk;
    return { path: file, format: "jsonl-gold", sentences: sentencesOf(text, file) };
  },
  write: (corpus) => corpus.sentences.map((s) => JSON.stringify({
    source: s.source.join(" "),
    references: (s.references ?? []).map((r) => r.join(" ")),
  }) + "\\n").join(""),
});

export default definePlugin({ name: "jsonl-gold", version: "1.0", formats: [jsonlGold] });
`;

/** The same format under another id and extension, to make two formats claim one file. */
const TWIN = PLUGIN.replaceAll('"jsonl-gold"', '"jsonl-twin"').replace('[".jsonl"]', '[".jsonl2"]');

const GOLD = [
  { source: "He go to school .", references: ["He goes to school .", "He went to school ."] },
  { source: "She like apples .", references: ["She likes apples ."] },
  { source: "It is fine .", references: ["It is fine ."] },
].map((s) => JSON.stringify(s) + "\n").join("");

const SYSTEMS: Record<string, string> = {
  A: "He goes to school .\nShe likes apples .\nIt is fine .\n",
  B: "He go to school .\nShe likes apples .\nIt is fine .\n",
  C: "He go to school .\nShe like apples .\nIt is fine .\n",
};

async function setUp() {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_format_plugin_" });
  await Deno.writeTextFile(`${dir}/jsonl_gold.ts`, PLUGIN);
  await Deno.writeTextFile(`${dir}/twin.ts`, TWIN);
  await Deno.writeTextFile(`${dir}/gold.jsonl`, GOLD);
  await Deno.writeTextFile(`${dir}/gold.data`, GOLD);
  for (const [name, text] of Object.entries(SYSTEMS)) {
    await Deno.writeTextFile(`${dir}/${name}`, text);
  }
  // System A again, in the plugin's format: each line's one reference is the hypothesis.
  await Deno.writeTextFile(
    `${dir}/A.jsonl`,
    SYSTEMS.A.trim().split("\n").map((h, i) =>
      JSON.stringify({ source: JSON.parse(GOLD.split("\n")[i]).source, references: [h] }) + "\n"
    ).join(""),
  );
  await Deno.writeTextFile(
    `${dir}/human.txt`,
    "human\tsrc-trg\ttest\tA\t0.9\nhuman\tsrc-trg\ttest\tB\t0.5\nhuman\tsrc-trg\ttest\tC\t0.1\n",
  );
  return dir;
}

async function gecscore(args: string[], stdin = "") {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", FULL_LOCK, "--allow-read", CLI, ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(stdin));
  await writer.close();
  const output = await child.output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

Deno.test("a format plugin written outside the repository works in every command", async (t) => {
  const dir = await setUp();
  const plugin = ["--plugin", `${dir}/jsonl_gold.ts`];
  const gold = `${dir}/gold.jsonl`;
  const systems = ["A", "B", "C"].map((n) => `${dir}/${n}`);
  try {
    await t.step("score", async () => {
      const r = await gecscore(["score", ...plugin, "--gold", gold, ...systems, "-m", "gleu"]);
      assert.equal(r.stderr, "");
      assert.equal(r.code, 0);
      assert.match(r.stdout, /^gleu {2}\(/m);
      assert.match(r.stdout, /^A +\d/m);
      const json = await gecscore([
        "score",
        ...plugin,
        "--gold",
        gold,
        ...systems,
        "-m",
        "gleu",
        "--format",
        "jsonl",
        "--sentences",
      ]);
      assert.equal(json.code, 0, json.stderr);
      assert.equal(json.stdout.trim().split("\n").length, 4);
    });
    await t.step("score, the gold told by content and by --gold-format", async () => {
      const r = await gecscore(["score", ...plugin, "--gold", `${dir}/gold.data`, systems[0]]);
      assert.equal(r.code, 0, r.stderr);
      const named = await gecscore([
        "score",
        ...plugin,
        "--gold",
        `${dir}/gold.data`,
        "--gold-format",
        "jsonl-gold",
        systems[0],
      ]);
      assert.equal(named.stdout, r.stdout);
    });
    await t.step("score, a system in the plugin format (--system-format)", async () => {
      const plain = await gecscore(["score", ...plugin, "--gold", gold, systems[0], "-m", "gleu"]);
      const r = await gecscore([
        "score",
        ...plugin,
        "--gold",
        gold,
        "--system-format",
        "jsonl-gold",
        `${dir}/A.jsonl`,
        "-m",
        "gleu",
        "--format",
        "json",
      ]);
      assert.equal(r.code, 0, r.stderr);
      const json = JSON.parse(r.stdout);
      assert.equal(json.systems[0].name, "A.jsonl");
      assert.match(
        plain.stdout,
        new RegExp(`^A +${json.systems[0].metrics.gleu.gleu.toFixed(4)}`, "m"),
      );
    });
    await t.step("two formats claiming a file by content is a clear error", async () => {
      const r = await gecscore([
        "score",
        ...plugin,
        "--plugin",
        `${dir}/twin.ts`,
        "--gold",
        `${dir}/gold.data`,
        systems[0],
      ]);
      assert.equal(r.code, 1);
      assert.equal(
        r.stderr,
        `gecscore: ${dir}/gold.data: formats jsonl-gold and jsonl-twin both claim this file by ` +
          "its content and its name does not settle it; name the format to read it with\n",
      );
      const named = await gecscore([
        "score",
        ...plugin,
        "--plugin",
        `${dir}/twin.ts`,
        "--gold",
        `${dir}/gold.data`,
        "--gold-format",
        "jsonl-twin",
        systems[0],
      ]);
      assert.equal(named.code, 0, named.stderr);
    });
    await t.step("show", async () => {
      const r = await gecscore(["show", ...plugin, "--gold", gold, systems[1], "--sentence", "2"]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^Sentence 2 of 3 \(.*gold\.jsonl\)$/m);
      assert.match(r.stdout, /^source {5}: She like apples \.$/m);
    });
    await t.step("report", async () => {
      const r = await gecscore([
        "report",
        ...plugin,
        "--gold",
        gold,
        ...systems,
        "-o",
        "-",
        "--no-significance",
      ]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^<!DOCTYPE html>/i);
      assert.match(r.stdout, /She likes apples/);
    });
    await t.step("meta", async () => {
      const r = await gecscore([
        "meta",
        ...plugin,
        "--human",
        `${dir}/human.txt`,
        "--gold",
        gold,
        ...systems,
        "-m",
        "gleu",
      ]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /gleu/);
    });
    await t.step("the REPL", async () => {
      const r = await gecscore(
        ["repl", ...plugin, "--gold", gold, ...systems],
        "goto 2\ncorpus gleu\n",
      );
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /Loaded gold .*gold\.jsonl: 3 sentences, format jsonl-gold/);
      assert.match(r.stdout, /^A +\d/m);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("registry.use(formatPlugin) then readGold(file) reads with it (one default registry)", async () => {
  const dir = await setUp();
  try {
    const plugin = (await import(`file://${dir}/jsonl_gold.ts`)).default;
    await assert.rejects(readGold(`${dir}/gold.data`), /cannot tell the gold format/);
    registry.use(plugin);
    const gold = await readGold(`${dir}/gold.jsonl`);
    assert.equal(gold.format, "jsonl-gold");
    assert.deepEqual(gold.sentences[1].references, [["She", "likes", "apples", "."]]);
    assert.equal((await readGold(`${dir}/gold.data`)).format, "jsonl-gold");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/**
 * A hostile format plugin: it claims every file by its content (and the built-in extensions by
 * name), and reads a gold as if nobody corrected anything and a system with its first
 * hypothesis forged.
 */
const GREEDY = `export default {
  name: "greedy",
  version: "1.0",
  formats: [{
    id: "greedy",
    description: "claims every file",
    extensions: [".m2", ".txt", ".xml", ".greedy"],
    sniff: () => true,
    async parse(chunks, file) {
      let text = "";
      for await (const chunk of chunks) text += chunk;
      const lines = text.replace(/\\n$/, "").split("\\n");
      const words = (l) => l.split(" ").filter((w) => w !== "");
      if (lines[0].startsWith("S ")) {
        const sentences = [];
        lines.forEach((l, i) => {
          if (l.startsWith("S ")) {
            sentences.push({ source: words(l.slice(2)), references: [words(l.slice(2))], line: i + 1 });
          }
        });
        return { path: file, format: "greedy", sentences };
      }
      return {
        path: file,
        format: "greedy",
        sentences: lines.map((l, i) => ({
          source: words(l),
          references: [i === 0 ? ["forged"] : words(l)],
          line: i + 1,
        })),
      };
    },
  }],
};
`;

Deno.test("a format plugin never takes a file a built-in format reads unless named", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_greedy_format_" });
  const gold = "tests/testdata/m2scorer_example.m2";
  const system = "tests/testdata/m2scorer_example_system";
  try {
    await Deno.writeTextFile(`${dir}/greedy.ts`, GREEDY);
    await Deno.copyFile(system, `${dir}/system.txt`);
    const plugin = ["--plugin", `${dir}/greedy.ts`];
    const m2 = ["-m", "m2", "--format", "json"];
    const clean = await gecscore(["score", "--gold", gold, system, ...m2]);
    assert.equal(clean.code, 0, clean.stderr);
    const cleanJson = JSON.parse(clean.stdout);
    const cleanM2 = cleanJson.systems[0].metrics.m2;
    assert.equal(cleanM2.f, 0.8);
    assert.doesNotMatch(cleanM2.signature, /fmt:/);
    await t.step("a plain system file and an M2 gold: the built-in numbers", async () => {
      for (const sys of [system, `${dir}/system.txt`]) {
        const r = await gecscore(["score", ...plugin, "--gold", gold, sys, ...m2]);
        assert.equal(r.code, 0, r.stderr);
        const json = JSON.parse(r.stdout);
        assert.deepEqual(json.systems[0].metrics, cleanJson.systems[0].metrics);
      }
    });
    await t.step("m2scorer: the built-in numbers", async () => {
      const before = await gecscore(["m2scorer", system, gold]);
      const after = await gecscore([...plugin, "m2scorer", system, gold]);
      assert.match(before.stdout, /F_0\.5 +: 0\.8000/);
      assert.equal(after.stdout, before.stdout);
    });
    await t.step(
      "named with --system-format, it reads the system, and the signature says so",
      async () => {
        const r = await gecscore([
          "score",
          ...plugin,
          "--gold",
          gold,
          "--system-format",
          "greedy",
          system,
          ...m2,
        ]);
        assert.equal(r.code, 0, r.stderr);
        const score = JSON.parse(r.stdout).systems[0].metrics.m2;
        assert.notEqual(score.f, 0.8);
        assert.match(score.signature, /\|sysfmt:greedy(\||$)/);
        assert.doesNotMatch(score.signature, /\|fmt:/);
      },
    );
    await t.step(
      "named with --gold-format, it reads the gold, and the signature says so",
      async () => {
        const r = await gecscore([
          "score",
          ...plugin,
          "--gold",
          gold,
          "--gold-format",
          "greedy",
          system,
          "-m",
          "gleu",
          "--format",
          "json",
        ]);
        assert.equal(r.code, 0, r.stderr);
        assert.match(JSON.parse(r.stdout).systems[0].metrics.gleu.signature, /\|fmt:greedy(\||$)/);
        const table = await gecscore([
          "score",
          ...plugin,
          "--gold",
          gold,
          "--gold-format",
          "greedy",
          system,
          "-m",
          "gleu",
        ]);
        assert.equal(table.code, 0, table.stderr);
        assert.match(table.stdout, /^gleu +\(.*\|fmt:greedy[|)]/m);
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a signature naming a plugin's format still matches the JSON schema's pattern", async () => {
  const schema = JSON.parse(await Deno.readTextFile("schema/score.schema.json"));
  const pattern = new RegExp(schema.$defs.signed.properties.signature.pattern);
  const { fullSignature } = await import("../pipeline/signature.ts");
  const metric = { version: "1", signature: () => "m|k:1" };
  const gold = { path: "g", format: "mine", sentences: [{ source: ["a"], references: [["a"]] }] };
  assert.match(fullSignature(metric, {}, gold, "theirs"), pattern);
  assert.match(fullSignature(metric, {}, { ...gold, format: "m2" }), pattern);
});
