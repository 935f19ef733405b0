/**
 * The syntok tokenizer of the MultiGEC pack gives what syntok 1.4.4 gives, written as
 * MultiGEC-2025's `pretokenize` writes it: on hand-made lines in English, German, Ukrainian,
 * Czech, Greek and Swedish (quotes, apostrophes, abbreviations, numbers, URLs, e-mails, hyphens,
 * Unicode spaces; `testdata/syntok/lines.json` keeps syntok's output of each) and on 1076 UA-GEC
 * lines (`testdata/syntok/ua_gec.json`: the SHA-256 of syntok's output); the `tokenizers` plugin
 * kind and `gecscore tokenize`.
 *
 * @module
 */

import assert from "node:assert/strict";
import { pretokenize, syntokTokens } from "../langs/multigec/syntok.ts";
import { multigecPack } from "../langs/multigec/mod.ts";
import { createRegistry } from "../builtin.ts";
import { Registry } from "../plugins/registry.ts";
import { tokenizeCommand } from "../cli/tokenize.ts";
import { sharedTest } from "./shared.ts";
import { uaGecLines } from "./syntok_lines.ts";

const DATA = new URL("./testdata/syntok/", import.meta.url).pathname;
const syntok = multigecPack.tokenizers!.find((t) => t.id === "syntok")!;

Deno.test("syntok: pretokenize gives syntok's text on the hand-made multilingual lines", async () => {
  const cases: { line: string; syntok: string }[] = JSON.parse(
    await Deno.readTextFile(`${DATA}lines.json`),
  );
  assert.ok(cases.length > 130);
  const wrong = cases.filter((c) => pretokenize(c.line) !== c.syntok);
  assert.deepEqual(wrong.map((c) => [c.line, pretokenize(c.line)]), []);
  // The tokenizer gives the same tokens, without the empty last one of trailing white space.
  for (const c of cases) {
    assert.equal(syntok.tokenize(c.line).join(" "), c.syntok.replace(/ $/, ""));
    assert.ok(syntok.tokenize(c.line).every((t) => t !== ""));
  }
});

sharedTest("syntok: pretokenize gives syntok's text on 1076 UA-GEC lines", async () => {
  const expected = JSON.parse(await Deno.readTextFile(`${DATA}ua_gec.json`));
  const lines = await uaGecLines();
  assert.equal(lines.length, expected.lines);
  const text = lines.map(pretokenize).join("\n");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  assert.equal(hex, expected.sha256);
});

Deno.test("syntok: spacing and options", () => {
  assert.deepEqual(syntokTokens("a-b c_d"), [
    { spacing: "", value: "a" },
    { spacing: "-", value: "b" },
    { spacing: " ", value: "c" },
    { spacing: "_", value: "d" },
  ]);
  const emitted = syntokTokens("a-b", { emitHyphenOrUnderscore: true }).map((t) => t.value);
  assert.deepEqual(emitted, ["a", "-", "b"]);
  const kept = syntokTokens("don't", { replaceNotContraction: false }).map((t) => t.value);
  assert.deepEqual(kept, ["do", "n't"]);
  // Essay text: paragraphs run together, the trailing white space is a last empty token.
  assert.equal(pretokenize("Перший абзац.\n\nДругий абзац!\n"), "Перший абзац . Другий абзац ! ");
  assert.equal(pretokenize(""), "");
  assert.equal(pretokenize(" \n "), "");
});

Deno.test("tokenizers: registered, listed, looked up; gecscore tokenize prints a line per line", async () => {
  const registry = createRegistry().use(multigecPack);
  assert.equal(registry.tokenizer("syntok"), syntok);
  assert.equal(registry.pluginOf("syntok", "tokenizer")?.name, "gecscore-multigec");
  assert.throws(
    () =>
      new Registry().use(multigecPack).use({
        name: "again",
        version: "1",
        tokenizers: multigecPack.tokenizers,
      }),
    /both add tokenizer "syntok"/,
  );
  assert.throws(
    () =>
      new Registry().use({
        name: "bad",
        version: "1",
        tokenizers: [{ id: "Bad Id", description: "", tokenize: () => [] }],
      }),
    /tokenizer id is lowercase/,
  );
  const dir = await Deno.makeTempDir({ dir: "/tmp" });
  await Deno.writeTextFile(`${dir}/in.txt`, "Hej!Hur mår du?\r\n\nIt's 5 o'clock.\n");
  let out = "";
  const io = { out: (t: string) => out += t, err: () => {} };
  assert.equal(await tokenizeCommand.run([`${dir}/in.txt`], { registry, io }), 0);
  assert.equal(out, "Hej ! Hur mår du ?\n\nIt 's 5 o 'clock .\n");
  await assert.rejects(
    () => tokenizeCommand.run([`${dir}/in.txt`, "--tokenizer", "moses"], { registry, io }),
    /Unknown tokenizer "moses"; known tokenizers: syntok/,
  );
  await assert.rejects(
    () => tokenizeCommand.run([`${dir}/none.txt`], { registry, io }),
    /none\.txt/,
  );
  await Deno.remove(dir, { recursive: true });
});
