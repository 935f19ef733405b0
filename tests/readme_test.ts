/**
 * The README's shell examples marked `<!-- checked -->` (or `<!-- checked: shared -->` for
 * those that read the CoNLL-2014 data in `../shared/`) are run with bash from the repository
 * root, and their standard output must be what the `text` block after them shows. A line
 * `...` in the block ends the comparison there (the rest of the output is left out).
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { dirname } from "node:path";
import { sharedTest } from "./shared.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** One checked example: the command, what it prints, where it is. */
export interface Example {
  line: number;
  command: string;
  expected: string;
  shared: boolean;
}

/** The checked examples of a Markdown text. */
export function checkedExamples(markdown: string): Example[] {
  const lines = markdown.split("\n");
  const out: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const marker = /^<!-- checked(: shared)? -->$/.exec(lines[i]);
    if (!marker) continue;
    const block = (from: number, fence: RegExp) => {
      let start = from;
      while (start < lines.length && !fence.test(lines[start])) start++;
      let end = start + 1;
      while (end < lines.length && lines[end] !== "```") end++;
      if (start >= lines.length || end >= lines.length) {
        throw new Error(`README.md:${i + 1}: a checked example needs a sh block and a text block`);
      }
      return { body: lines.slice(start + 1, end).join("\n"), end };
    };
    const sh = block(i + 1, /^```sh$/);
    const text = block(sh.end + 1, /^```text$/);
    out.push({ line: i + 1, command: sh.body, expected: text.body, shared: !!marker[1] });
  }
  return out;
}

Deno.test("checkedExamples() finds marked sh blocks and the output shown after them", () => {
  const md = "x\n<!-- checked -->\n```sh\necho hi\n```\n\n```text\nhi\n```\n```sh\nno\n```\n";
  assert.deepEqual(checkedExamples(md), [
    { line: 2, command: "echo hi", expected: "hi", shared: false },
  ]);
});

const readme = await Deno.readTextFile(`${ROOT}README.md`);
const examples = checkedExamples(readme);

Deno.test("README.md has checked examples", () => {
  assert.ok(examples.length >= 5, `${examples.length} checked examples`);
});

for (const example of examples) {
  const name = `README.md:${example.line} shows what its example prints`;
  (example.shared ? sharedTest : Deno.test)(name, async () => {
    const output = await new Deno.Command("bash", {
      args: ["-o", "pipefail", "-c", example.command],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
      env: {
        NO_COLOR: "1",
        PATH: `${dirname(Deno.execPath())}:${Deno.env.get("PATH") ?? "/usr/bin:/bin"}`,
      },
    }).output();
    const stdout = new TextDecoder().decode(output.stdout).replace(/\n$/, "");
    const stderr = new TextDecoder().decode(output.stderr);
    assert.equal(output.code, 0, stderr);
    const cut = example.expected.split("\n").indexOf("...");
    const expected = cut < 0
      ? example.expected
      : example.expected.split("\n").slice(0, cut).join("\n");
    const actual = cut < 0 ? stdout : stdout.split("\n").slice(0, cut).join("\n");
    assert.equal(actual, expected, `README.md:${example.line}: ${example.command}`);
  });
}
