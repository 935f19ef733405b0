/**
 * The conformance kit for formats: one suite that every format plugin, built-in or
 * third-party, must pass. Call {@linkcode assertFormatConformance} from a `Deno.test` with a
 * file's text in your format (and, better, a few texts it must refuse).
 *
 * ```ts ignore
 * import { assertFormatConformance } from "file:///path/to/gecscore/plugins/testkit.ts";
 * Deno.test("my format conforms", (t) => assertFormatConformance(t, myFormat, { text }));
 * ```
 *
 * @module
 */

import assert from "node:assert/strict";
import type { Format, GoldCorpus, GoldSentence } from "./types.ts";

/** What the kit reads. */
export interface FormatFixture {
  /** A valid file in the format, with at least one sentence. */
  text: string;
  /** The file name to read it as (default: `fixture` and the format's first extension). */
  file?: string;
  /** Texts the format must refuse with an `InputError` naming the file. */
  bad?: string[];
}

function chunked(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** The parts of a sentence that must survive a write and a read (not its line number). */
function content(sentence: GoldSentence): unknown {
  const { line: _, ...rest } = sentence;
  return JSON.parse(JSON.stringify(rest));
}

function checkSentence(sentence: GoldSentence, i: number): void {
  const at = `sentence ${i + 1}`;
  const tokens = (value: unknown, what: string) => {
    assert.ok(Array.isArray(value), `${at}: ${what} must be an array of tokens`);
    for (const t of value as unknown[]) {
      assert.equal(typeof t, "string", `${at}: ${what} holds a ${typeof t}, not a token`);
    }
  };
  tokens(sentence.source, "source");
  for (const reference of sentence.references ?? []) tokens(reference, "a reference");
  if (sentence.line !== undefined) {
    assert.ok(
      Number.isInteger(sentence.line) && sentence.line >= 1,
      `${at}: line must be 1 or more`,
    );
  }
  for (const annotation of sentence.annotations ?? []) {
    assert.equal(typeof annotation.annotator, "string", `${at}: an annotator id must be a string`);
    for (const edit of annotation.edits) {
      assert.ok(
        Number.isInteger(edit.start) && Number.isInteger(edit.end) && edit.start <= edit.end,
        `${at}: edit ${edit.start}-${edit.end} must have whole offsets, start <= end`,
      );
      assert.ok(
        edit.start >= -1 && edit.end <= sentence.source.length,
        `${at}: edit ${edit.start}-${edit.end} lies outside the source`,
      );
      for (const c of edit.corrections) tokens(c, "a correction");
    }
  }
}

/**
 * Check a format against the contract, as steps of a test: its description, what `parse()`
 * gives (shape, `path`, `format`, the same corpus for any chunking of the text), that it
 * refuses bad input with a one-line `InputError` naming the file, that `sniff()` (when it has
 * one) claims its own text and not an empty one, and that `write()` (when it has one) gives a
 * text that reads back to the same sentences.
 *
 * @example Usage
 * ```ts
 * import { assertFormatConformance } from "./format_testkit.ts";
 *
 * const lines = {
 *   id: "lines",
 *   description: "One sentence per line (example)",
 *   extensions: [".lines"],
 *   async parse(chunks: Iterable<string> | AsyncIterable<string>, file: string) {
 *     let text = "";
 *     for await (const chunk of chunks) text += chunk;
 *     const sentences = text.split("\n").filter(Boolean).map((l, i) => ({
 *       source: l.split(" "),
 *       line: i + 1,
 *     }));
 *     return { path: file, format: "lines", sentences };
 *   },
 *   write: (corpus: { sentences: { source: string[] }[] }) =>
 *     corpus.sentences.map((s) => s.source.join(" ") + "\n").join(""),
 * };
 * Deno.test("lines conforms", (t) => assertFormatConformance(t, lines, { text: "a b\nc\n" }));
 * ```
 *
 * @param t The test context.
 * @param format The format.
 * @param fixture A valid text, and texts to refuse.
 */
export async function assertFormatConformance(
  t: Deno.TestContext,
  format: Format,
  fixture: FormatFixture,
): Promise<void> {
  const file = fixture.file ?? `fixture${format.extensions[0] ?? ""}`;
  let corpus: GoldCorpus | undefined;
  await t.step("describes itself", () => {
    assert.match(format.id, /^[a-z][a-z0-9_-]*$/, "id: lower case letters, digits, _ and -");
    assert.equal(typeof format.description, "string");
    assert.ok(format.description.trim().length > 0, "description must not be empty");
    assert.ok(Array.isArray(format.extensions), "extensions must be an array");
    for (const ext of format.extensions) assert.match(ext, /^\.[^./\\\s]+$/, "an extension");
    assert.equal(typeof format.parse, "function", "parse must be a function");
  });
  await t.step("parse() reads the fixture", async () => {
    corpus = await format.parse([fixture.text], file);
    assert.equal(corpus.path, file, "the corpus path is the file name given");
    assert.equal(corpus.format, format.id, "the corpus format is the format's id");
    assert.ok(corpus.sentences.length > 0, "the fixture must give at least one sentence");
    corpus.sentences.forEach(checkSentence);
  });
  await t.step("parse() gives the same corpus for any chunking", async () => {
    for (const size of [1, 3, 64]) {
      const again = await format.parse(chunked(fixture.text, size), file);
      assert.deepEqual(again, corpus, `chunks of ${size} characters`);
    }
    async function* slow() {
      for (const chunk of chunked(fixture.text, 5)) yield await Promise.resolve(chunk);
    }
    assert.deepEqual(await format.parse(slow(), file), corpus, "asynchronous chunks");
  });
  await t.step("parse() refuses bad input with an InputError naming the file", async () => {
    for (const text of fixture.bad ?? []) {
      await assert.rejects(
        format.parse([text], file),
        (error: Error) => {
          assert.equal(error.name, "InputError", `${JSON.stringify(text)}: ${error}`);
          assert.ok(error.message.startsWith(file), `the message names ${file}: ${error.message}`);
          assert.ok(!error.message.includes("\n"), "the message is one line");
          return true;
        },
        `must refuse ${JSON.stringify(text.slice(0, 40))}`,
      );
    }
  });
  if (format.sniff) {
    await t.step("sniff() claims its own text, not an empty one", () => {
      assert.equal(format.sniff!(fixture.text.slice(0, 4096)), true, "sniff(fixture)");
      assert.equal(format.sniff!(""), false, 'sniff("")');
    });
  }
  if (format.write) {
    await t.step("write() gives a text that reads back to the same sentences", async () => {
      const text = format.write!(corpus!);
      assert.equal(typeof text, "string");
      const back = await format.parse([text], file);
      assert.deepEqual(back.sentences.map(content), corpus!.sentences.map(content));
    });
  }
}
