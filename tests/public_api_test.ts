/**
 * The public surface: the names each export path of `deno.json` gives, compared with
 * `tests/public_api.json`, so that a change to the API is made on purpose. After a deliberate
 * change, write the new list with `deno run -A tests/public_api_test.ts --update` and commit it.
 */
import assert from "node:assert/strict";

const ROOT = new URL("..", import.meta.url);
const SNAPSHOT = new URL("public_api.json", import.meta.url);

/** The exported names of one module, from `deno doc --json`. */
async function exportedNames(path: string): Promise<string[]> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", path],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!output.success) throw new Error(new TextDecoder().decode(output.stderr));
  const doc = JSON.parse(new TextDecoder().decode(output.stdout));
  const names = new Set<string>();
  for (const node of Object.values(doc.nodes) as { symbols: { name: string }[] }[]) {
    for (const symbol of node.symbols) names.add(symbol.name);
  }
  return [...names].sort();
}

/** Every export path of `deno.json` with its names. */
async function surface(): Promise<Record<string, string[]>> {
  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
  const out: Record<string, string[]> = {};
  for (const [path, file] of Object.entries(config.exports as Record<string, string>)) {
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
