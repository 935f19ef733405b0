import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);
/** Folders whose imports a user's run never needs. */
const NOT_SHIPPED = new Set(["tests", "bench", ".git", ".github", "node_modules"]);

async function sourceFiles(dir = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir || ".", ROOT))) {
    const path = dir + entry.name;
    if (entry.isDirectory) {
      if (!NOT_SHIPPED.has(entry.name) && !entry.name.startsWith(".")) {
        out.push(...await sourceFiles(path + "/"));
      }
    } else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out;
}

/**
 * npm specifiers that the shipped code imports, statically or by a literal dynamic import, as
 * deno.lock names them (a file inside a package, `npm:name@1.0.0/src/a.js`, is `npm:name@1.0.0`).
 */
async function shippedNpmImports(): Promise<Set<string>> {
  const found = new Set<string>();
  const pattern = /(?:from\s+|import\s*\(\s*)"(npm:[^"]+)"/g;
  for (const file of await sourceFiles()) {
    const text = await Deno.readTextFile(new URL(file, ROOT));
    for (const match of text.matchAll(pattern)) {
      found.add(match[1].replace(/^(npm:(?:@[^/]+\/)?[^/]+)\/.*$/, "$1"));
    }
  }
  return found;
}

Deno.test("deno.lock pins exactly the npm packages the shipped code imports", async () => {
  const lock = JSON.parse(await Deno.readTextFile(new URL("deno.lock", ROOT)));
  const locked = new Set(Object.keys(lock.specifiers ?? {}));
  const shipped = await shippedNpmImports();
  const testOnly = [...locked].filter((s) => !shipped.has(s));
  assert.deepEqual(testOnly, [], "deno.lock names packages only tests or benchmarks use");
  const unlocked = [...shipped].filter((s) => !locked.has(s));
  assert.deepEqual(unlocked, [], "the shipped code imports packages deno.lock does not pin");
});

Deno.test("a first run fetches fewer than 100 npm packages", async () => {
  // Deno installs every package of deno.lock on a first run, so its size is what a new user waits for.
  const lock = JSON.parse(await Deno.readTextFile(new URL("deno.lock", ROOT)));
  const count = Object.keys(lock.npm ?? {}).length;
  assert.ok(count < 100, `deno.lock holds ${count} npm packages`);
});
