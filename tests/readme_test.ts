/**
 * The shell examples of README.md and docs/*.md marked `<!-- checked -->` (or
 * `<!-- checked: shared -->` for those that read the benchmark data, with `GECSCORE_DATA` set to
 * `../shared/data`) are run with bash from the repository root, and their standard output must
 * be what the `text` block after them shows. A line `...` in the block ends the comparison there
 * (the rest of the output is left out). The docs themselves are held to their shape: README.md at
 * most 300 lines and ARCHITECTURE.md at most 200, no path of anyone's machine (`../shared`,
 * `/home/`, ...) in any of them, and every relative link resolving to a file of the repository.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { dirname } from "node:path";
import { SHARED_DIR, sharedTest } from "./shared.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** One checked example: the command, what it prints, where it is. */
export interface Example {
  line: number;
  command: string;
  expected: string;
  shared: boolean;
}

/** The checked examples of a Markdown text. */
export function checkedExamples(markdown: string, file = "README.md"): Example[] {
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
        throw new Error(`${file}:${i + 1}: a checked example needs a sh block and a text block`);
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

/** The Markdown files held to these rules: the README, ARCHITECTURE.md and every guide. */
const DOCS = [
  "README.md",
  "ARCHITECTURE.md",
  ...[...Deno.readDirSync(`${ROOT}docs`)]
    .filter((e) => e.isFile && e.name.endsWith(".md"))
    .map((e) => `docs/${e.name}`)
    .sort(),
];
const texts = new Map(DOCS.map((path) => [path, Deno.readTextFileSync(`${ROOT}${path}`)]));

Deno.test("README.md and docs/ have checked examples", () => {
  const count = (path: string) => checkedExamples(texts.get(path)!, path).length;
  assert.ok(count("README.md") >= 1, "README.md has no checked example");
  const all = DOCS.reduce((n, path) => n + count(path), 0);
  assert.ok(all >= 8, `${all} checked examples`);
});

/** Where a text breaks the docs' shape rules: too long, a machine's path, a broken link. */
export function docProblems(
  path: string,
  text: string,
  exists: (repoPath: string) => boolean,
): string[] {
  const problems: string[] = [];
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  const max = path === "README.md" ? 300 : path === "ARCHITECTURE.md" ? 200 : Infinity;
  if (lines > max) problems.push(`${path}: ${lines} lines, more than ${max}`);
  text.split("\n").forEach((line, i) => {
    const machine = /\.\.\/shared\b|\/home\/\w|\/Users\/\w|\/work\/\w|\/tmp\/\w/.exec(line);
    if (machine) problems.push(`${path}:${i + 1}: names a machine's path (${machine[0]})`);
    for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1].replace(/#.*$/, "");
      if (!target || /^[a-z][a-z0-9+.-]*:/i.test(m[1])) continue; // an anchor, or a URL
      const resolved = new URL(target, `file:///r/${path}`).pathname.replace(/^\/r\//, "");
      if (resolved.startsWith("/") || !exists(resolved)) {
        problems.push(`${path}:${i + 1}: the link ${m[1]} resolves to nothing`);
      }
    }
  });
  return problems;
}

Deno.test("docProblems() catches a long README, a machine's path and a broken link", () => {
  const exists = (p: string) => ["docs/data.md", "LICENSE"].includes(p);
  const long = "x\n".repeat(301);
  assert.deepEqual(docProblems("README.md", long, exists), [
    "README.md: 301 lines, more than 300",
  ]);
  assert.deepEqual(docProblems("README.md", "x\n".repeat(300), exists), []);
  assert.deepEqual(docProblems("ARCHITECTURE.md", "x\n".repeat(201), exists), [
    "ARCHITECTURE.md: 201 lines, more than 200",
  ]);
  assert.deepEqual(
    docProblems(
      "docs/meta.md",
      "see [d](data.md), [l](../LICENSE), [u](https://x.org/a), [a](#top)\n" +
        "run `--gold ../shared/data/x.m2`\n[gone](missing.md) and [up](../../etc/passwd)\n",
      exists,
    ),
    [
      "docs/meta.md:2: names a machine's path (../shared)",
      "docs/meta.md:3: the link missing.md resolves to nothing",
      "docs/meta.md:3: the link ../../etc/passwd resolves to nothing",
    ],
  );
});

Deno.test("README.md, ARCHITECTURE.md and docs/ keep their length, name no machine's path and link to files that exist", () => {
  const exists = (p: string) => {
    try {
      Deno.statSync(`${ROOT}${p}`);
      return true;
    } catch {
      return false;
    }
  };
  const problems = DOCS.flatMap((path) => docProblems(path, texts.get(path)!, exists));
  assert.deepEqual(problems, []);
});

Deno.test("deno.json's tasks read the benchmark data from GECSCORE_DATA, not from ../shared", () => {
  const tasks: Record<string, string> = JSON.parse(Deno.readTextFileSync(`${ROOT}deno.json`)).tasks;
  const named = Object.entries(tasks).filter(([, command]) => command.includes("../shared"));
  assert.deepEqual(named.map(([name]) => name), []);
  assert.ok(
    ["meta-cn18", "meta-cn18-gecscore", "meta-seeda"].every((t) =>
      tasks[t].includes("$GECSCORE_DATA/")
    ),
  );
});

for (const path of DOCS) {
  for (const example of checkedExamples(texts.get(path)!, path)) {
    const name = `${path}:${example.line} shows what its example prints`;
    (example.shared ? sharedTest : Deno.test)(name, async () => {
      const output = await new Deno.Command("bash", {
        args: ["-o", "pipefail", "-c", example.command],
        cwd: ROOT,
        stdout: "piped",
        stderr: "piped",
        env: {
          NO_COLOR: "1",
          GECSCORE_DATA: `${SHARED_DIR}/data`,
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
      assert.equal(actual, expected, `${path}:${example.line}: ${example.command}`);
    });
  }
}
