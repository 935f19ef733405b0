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

Deno.test("deno task setup caches every npm module a command may load", async () => {
  const listed = await Deno.readTextFile(new URL("util/npm_packages.ts", ROOT));
  const cached = new Set([...listed.matchAll(/import\("(npm:[^"]+)"\)/g)].map((m) => m[1]));
  const setup = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT))).tasks.setup;
  assert.match(setup, /\butil\/npm_packages\.ts\b/, "deno task setup does not cache the list");
  const missing: string[] = [];
  for (const file of await sourceFiles()) {
    const text = await Deno.readTextFile(new URL(file, ROOT));
    for (const m of text.matchAll(/importNpm<[^(]*?>\(\s*"(npm:[^"]+)"/gs)) {
      if (!cached.has(m[1])) missing.push(`${file}: ${m[1]}`);
    }
    // A specifier kept in a constant (a language pack cannot use importNpm, which is internal).
    for (const m of text.matchAll(/^const \w+ = "(npm:[^"]+)";$/gm)) {
      if (!cached.has(m[1])) missing.push(`${file}: ${m[1]}`);
    }
    // A literal npm import outside the list puts the package in every run's module graph.
    if (
      file !== "util/npm_packages.ts" && /\bimport\(\s*"npm:/.test(text.replace(/^\s*\*.*$/gm, ""))
    ) {
      missing.push(`${file}: a literal npm import (use importNpm from util/npm.ts)`);
    }
  }
  assert.deepEqual(missing, []);
});
