import assert from "node:assert/strict";
import { assertFormatConformance } from "../plugins/testkit.ts";
import { builtinPlugin } from "../builtin.ts";
import type { FormatFixture } from "../plugins/format_testkit.ts";

const read = (path: string) => Deno.readTextFileSync(path);

/** A fixture for every built-in format: a valid file and inputs it must refuse. */
const FIXTURES: Record<string, FormatFixture> = {
  m2: {
    text: read("tests/testdata/m2scorer_example.m2"),
    bad: [
      read("tests/testdata/bad/truncated.m2"),
      read("tests/testdata/bad/non_numeric.m2"),
      read("tests/testdata/bad/unknown_prefix.m2"),
      read("tests/testdata/bad/end_before_start.m2"),
    ],
  },
  text: { text: read("tests/testdata/m2scorer_example_system") },
  ixml: {
    text: read("tests/testdata/imeasure_small.xml"),
    bad: ["<scripts><script id='1'><sentence id='1'><text>a b</text></scripts>"],
  },
};

for (const format of builtinPlugin.formats ?? []) {
  Deno.test(`format ${format.id} passes the format conformance kit`, async (t) => {
    const fixture = FIXTURES[format.id];
    if (!fixture) throw new Error(`no fixture for the built-in format ${format.id}: add one`);
    await assertFormatConformance(t, format, fixture);
  });
}

Deno.test("the format kit fails a format that depends on its chunking or names no file", async () => {
  // A stand-in for the test context that records the steps that fail.
  const failed: string[] = [];
  const t = {
    step: async (name: string, fn: () => unknown) => {
      try {
        await fn();
      } catch {
        failed.push(name);
      }
      return true;
    },
  } as unknown as Deno.TestContext;
  const firstChunkOnly = {
    id: "first",
    description: "reads only the first chunk (broken)",
    extensions: [".first"],
    async parse(chunks: Iterable<string> | AsyncIterable<string>, file: string) {
      for await (const chunk of chunks) {
        return {
          path: file,
          format: "first",
          sentences: chunk.split("\n").filter(Boolean).map((l) => ({ source: l.split(" ") })),
        };
      }
      throw new Error("empty");
    },
    sniff: () => true,
  };
  await assertFormatConformance(t, firstChunkOnly, { text: "a b\nc d\n", bad: [""] });
  assert.deepEqual(failed, [
    "parse() gives the same corpus for any chunking",
    "parse() refuses bad input with an InputError naming the file",
    "sniff() claims its own text, not an empty one",
  ]);
});
