/**
 * The public surface: the names each export path of `deno.json` gives, compared with
 * `tests/public_api.json`, so that a change to the API is made on purpose. After a deliberate
 * change, write the new list with `deno run -A tests/public_api_test.ts --update` and commit it.
 *
 * Also its limits: at most 40 names at the root, at most 150 distinct names over every export
 * path, a name exported by several paths is the same declaration everywhere, and
 * `deno doc --lint` passes on each entry point on its own, with no exception: an entry exports
 * every type its docs refer to (re-exporting a type another entry also exports costs nothing
 * in the distinct count).
 */
import assert from "node:assert/strict";

const ROOT = new URL("..", import.meta.url);
const SNAPSHOT = new URL("public_api.json", import.meta.url);

/** One exported symbol as `deno doc --json` gives it. */
interface DocSymbol {
  name: string;
  declarations?: { location: { filename: string; line: number } }[];
}

/** The exported names of one module, each with where it is declared. */
async function exportedDeclarations(path: string): Promise<Map<string, string>> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", path],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!output.success) throw new Error(new TextDecoder().decode(output.stderr));
  const doc = JSON.parse(new TextDecoder().decode(output.stdout));
  const names = new Map<string, string>();
  for (const node of Object.values(doc.nodes) as { symbols: DocSymbol[] }[]) {
    for (const symbol of node.symbols) {
      const where = (symbol.declarations ?? [])
        .map((d) => `${d.location.filename}:${d.location.line}`)
        .sort()
        .join(" ");
      names.set(symbol.name, where);
    }
  }
  return names;
}

/** The exported names of one module, from `deno doc --json`. */
async function exportedNames(path: string): Promise<string[]> {
  return [...(await exportedDeclarations(path)).keys()].sort();
}

/** The export paths of `deno.json` and their files. */
async function exportPaths(): Promise<Record<string, string>> {
  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
  return config.exports as Record<string, string>;
}

/** Every export path of `deno.json` with its names. */
async function surface(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [path, file] of Object.entries(await exportPaths())) {
    out[path] = await exportedNames(file);
  }
  return out;
}

if (import.meta.main && Deno.args.includes("--update")) {
  await Deno.writeTextFile(SNAPSHOT, JSON.stringify(await surface(), null, 2) + "\n");
  console.log(`wrote ${SNAPSHOT.pathname}`);
}

Deno.test("the public surface is the recorded one (names per export path)", async () => {
  const expected = JSON.parse(await Deno.readTextFile(SNAPSHOT));
  const actual = await surface();
  assert.deepEqual(
    Object.keys(actual),
    Object.keys(expected),
    "export paths changed: update tests/public_api.json on purpose",
  );
  for (const path of Object.keys(actual)) {
    const added = actual[path].filter((n) => !expected[path].includes(n));
    const removed = expected[path].filter((n: string) => !actual[path].includes(n));
    assert.deepEqual(
      { added, removed },
      { added: [], removed: [] },
      `the names of "${path}" changed; if on purpose, run ` +
        "deno run -A tests/public_api_test.ts --update and commit tests/public_api.json",
    );
  }
});

Deno.test("mod.ts has at most 40 root exports", async () => {
  const names = await exportedNames("mod.ts");
  assert.ok(names.length <= 40, `mod.ts exports ${names.length} names: ${names.join(", ")}`);
  for (const name of ["registry", "Registry", "defineMetric", "defineFormat", "readGold"]) {
    assert.ok(names.includes(name), `mod.ts exports ${name}`);
  }
});

Deno.test("at most 150 distinct public names over every export path", async () => {
  const all = Object.values(await surface());
  const distinct = new Set(all.flat());
  const total = all.reduce((n, names) => n + names.length, 0);
  assert.ok(
    distinct.size <= 150,
    `${distinct.size} distinct names (${total} counting each path's own): at most 150`,
  );
});

Deno.test("a name exported by several paths is one declaration", async () => {
  const where = new Map<string, Map<string, string[]>>();
  for (const [path, file] of Object.entries(await exportPaths())) {
    for (const [name, declaration] of await exportedDeclarations(file)) {
      const byDeclaration = where.get(name) ?? new Map<string, string[]>();
      byDeclaration.set(declaration, [...(byDeclaration.get(declaration) ?? []), path]);
      where.set(name, byDeclaration);
    }
  }
  const twoMeanings = [...where].filter(([, byDeclaration]) => byDeclaration.size > 1)
    .map(([name, byDeclaration]) =>
      `${name}: ${
        [...byDeclaration].map(([d, paths]) => `${paths.join(", ")} (${d})`).join(" vs ")
      }`
    );
  assert.deepEqual(twoMeanings, [], "names that mean two things: rename or hide one");
});

/** The types `deno doc --lint FILE` says the file's docs refer to without exporting. */
async function docLint(file: string): Promise<{ missing: string[]; other: string[] }> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--lint", file],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const errors = new TextDecoder().decode(output.stderr).split("\n")
    .filter((line) => /^error\[/.test(line));
  const missing = new Set<string>();
  const other: string[] = [];
  for (const line of errors) {
    const ref = /^error\[private-type-ref\]: .* references private type '([^']+)'/.exec(line);
    if (ref) missing.add(ref[1]);
    else other.push(line);
  }
  if (!output.success && !errors.length) throw new Error(new TextDecoder().decode(output.stderr));
  return { missing: [...missing].sort(), other };
}

Deno.test("deno doc --lint passes on each entry point on its own", async (t) => {
  for (const [path, file] of Object.entries(await exportPaths())) {
    await t.step(`${path} (${file})`, async () => {
      const { missing, other } = await docLint(file);
      assert.deepEqual(other, [], `deno doc --lint ${file}`);
      assert.deepEqual(
        missing,
        [],
        `deno doc --lint ${file}: its docs refer to types it does not export`,
      );
    });
  }
});

Deno.test("the doc lint check catches an entry that refers to a type it does not export", async () => {
  // A planted entry point: a public function whose signature uses a type the entry does not
  // export (Registry's, here through a parameter), exactly what the check above must refuse.
  const dir = await Deno.makeTempDir({ prefix: "gecscore_doclint_" });
  try {
    const file = `${dir}/entry.ts`;
    await Deno.writeTextFile(
      file,
      `import type { Registry } from "${new URL("../plugins/registry.ts", import.meta.url).href}";
/**
 * The number of metrics of a registry.
 *
 * @param registry A registry.
 * @returns How many metrics it has.
 */
export function count(registry: Registry): number {
  return registry.metrics.length;
}
`,
    );
    const { missing } = await docLint(file);
    assert.deepEqual(missing, ["Registry"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
