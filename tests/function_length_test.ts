/**
 * Thin faces: no function in `cli/`, `repl/` or `report/` is over 120 lines (a function's
 * lines count the functions nested in it). Functions are found with Deno's own parser (the
 * lint plugin API), so braces in strings, templates and regular expressions do not mislead.
 *
 * `ALLOWED` names the functions over the limit today, while others reshape them; a function
 * on it that has come under the limit (or is gone) fails the test until its entry is removed,
 * so the list only shrinks.
 */

import assert from "node:assert/strict";

/** The most lines a function of the faces may have. */
const LIMIT = 120;

/** The folders whose functions are bounded. */
const FOLDERS = ["cli", "repl", "report"];

/** Functions over the limit today, as `path:name`, with their length when the list was made. */
const ALLOWED: Record<string, number> = {};

/** A function over the limit. */
interface LongFunction {
  /** `path:name` (`name` is the declared, variable, property or method name). */
  key: string;
  /** Its 1-based first line. */
  line: number;
  /** Lines it spans. */
  lines: number;
}

/** The name a function is known by: its own, or the variable, property or method holding it. */
function nameOf(node: Deno.lint.Node, line: number): string {
  // deno-lint-ignore no-explicit-any
  const n = node as any;
  const holder = n.parent;
  const name = n.id?.name ?? holder?.id?.name ?? holder?.key?.name ?? holder?.key?.value;
  return typeof name === "string" ? name : `<function at line ${line}>`;
}

/**
 * The functions of a source over `limit` lines.
 *
 * @param path The file's path, for the keys.
 * @param source Its text.
 * @param limit The most lines allowed.
 * @returns The functions over it, in source order.
 */
function longFunctions(path: string, source: string, limit: number): LongFunction[] {
  const found: LongFunction[] = [];
  const plugin: Deno.lint.Plugin = {
    name: "faces",
    rules: {
      "function-length": {
        create(context) {
          const check = (node: Deno.lint.Node) => {
            const [start, end] = node.range;
            const text = context.sourceCode.text;
            const line = text.slice(0, start).split("\n").length;
            const lines = text.slice(start, end).split("\n").length;
            if (lines > limit) found.push({ key: `${path}:${nameOf(node, line)}`, line, lines });
          };
          return {
            FunctionDeclaration: check,
            FunctionExpression: check,
            ArrowFunctionExpression: check,
          };
        },
      },
    },
  };
  Deno.lint.runPlugin(plugin, path.endsWith(".tsx") ? "x.tsx" : "x.ts", source);
  return found;
}

/** Every `.ts` file under a folder, as a path from the repository root. */
async function* sources(folder: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(folder)) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory) yield* sources(path);
    else if (entry.isFile && entry.name.endsWith(".ts")) yield path;
  }
}

Deno.test("the function-length check finds planted long functions", () => {
  const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  x += ${i};`).join("\n");
  const planted = [
    // 120 lines: allowed.
    `function fits() {\n${body(120)}\n}`,
    // 121 lines each, in the forms a face writes functions; braces in strings do not count.
    `export async function declared() {\n${body(120)}\n  const s = "}}}";\n}`,
    `const arrow = (a: number) => {\n${body(121)}\n};`,
    `export const command = {\n  run(args: string[]) {\n${body(121)}\n  },\n};`,
    `class Face {\n  show() {\n${body(121)}\n  }\n}`,
    // A short function nested in a long one: only the long one.
    `function outer() {\n  const inner = () => 1;\n${body(120)}\n}`,
  ].join("\n\n");
  const found = longFunctions("planted.ts", planted, LIMIT);
  assert.deepEqual(found.map((f) => [f.key, f.lines]), [
    ["planted.ts:declared", 121],
    ["planted.ts:arrow", 121],
    ["planted.ts:run", 121],
    ["planted.ts:show", 121],
    ["planted.ts:outer", 121],
  ]);
});

Deno.test(`no function in ${FOLDERS.join("/, ")}/ is over ${LIMIT} lines`, async () => {
  const found: LongFunction[] = [];
  for (const folder of FOLDERS) {
    for await (const path of sources(folder)) {
      found.push(...longFunctions(path, await Deno.readTextFile(path), LIMIT));
    }
  }
  const unexpected = found.filter((f) => !Object.hasOwn(ALLOWED, f.key));
  assert.deepEqual(
    unexpected.map((f) => `${f.key} (line ${f.line}): ${f.lines} lines`),
    [],
    `functions over ${LIMIT} lines; split them`,
  );
  const stale = Object.keys(ALLOWED).filter((key) => !found.some((f) => f.key === key));
  assert.deepEqual(stale, [], `under ${LIMIT} lines now: remove them from ALLOWED`);
});
