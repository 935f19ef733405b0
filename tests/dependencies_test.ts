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

/** A Deno lock file (version 5): the npm part. */
interface NpmLock {
  version: string;
  specifiers: Record<string, string>;
  npm: Record<string, { integrity: string; dependencies?: string[] }>;
}

/** The packages of the report's chart engine, which scoring never loads. */
const CHART_ENGINE = ["npm:vega@6.4.0", "npm:vega-lite@6.4.1"];

/**
 * `scoring.lock` as it must be: `deno.lock` without the report's chart engine, i.e. the
 * specifiers of everything else and the packages they need, entries copied unchanged (same
 * versions, same integrity).
 */
function scoringLock(full: NpmLock): NpmLock {
  const specifiers = Object.fromEntries(
    Object.entries(full.specifiers).filter(([s]) => !CHART_ENGINE.includes(s)),
  );
  // A dependency is written "name" (the one version locked) or "name@version".
  const key = (dep: string): string => {
    if (full.npm[dep]) return dep;
    const found = Object.keys(full.npm).filter((k) => k.replace(/(.)@.*$/, "$1") === dep);
    assert.equal(found.length, 1, `deno.lock: dependency ${dep} names ${found.length} packages`);
    return found[0];
  };
  const keep = new Set<string>();
  const todo = Object.entries(specifiers).map(([s, v]) =>
    key(`${s.slice(4).replace(/(.)@.*$/, "$1")}@${v}`)
  );
  while (todo.length) {
    const k = todo.pop()!;
    if (keep.has(k)) continue;
    keep.add(k);
    for (const dep of full.npm[k].dependencies ?? []) todo.push(key(dep));
  }
  const npm = Object.fromEntries(Object.entries(full.npm).filter(([k]) => keep.has(k)));
  return { version: full.version, specifiers, npm };
}

if (import.meta.main && Deno.args.includes("--update-scoring-lock")) {
  const full = JSON.parse(await Deno.readTextFile(new URL("deno.lock", ROOT)));
  const text = JSON.stringify(scoringLock(full), null, 2) + "\n";
  await Deno.writeTextFile(new URL("scoring.lock", ROOT), text);
  console.log("wrote scoring.lock");
}

Deno.test("scoring.lock is deno.lock without the report's chart engine", async () => {
  // deno.json names scoring.lock as the lock `deno task` installs before any task (Deno 2.9.6
  // installs every package of that lock), so that the demo and a first scoring run fetch what
  // scoring may load and not the chart engine; update it with
  // `deno run -A tests/dependencies_test.ts --update-scoring-lock` after changing deno.lock.
  const full = JSON.parse(await Deno.readTextFile(new URL("deno.lock", ROOT)));
  const scoring = JSON.parse(await Deno.readTextFile(new URL("scoring.lock", ROOT)));
  assert.deepEqual(scoring, scoringLock(full));
  assert.ok(Object.keys(scoring.npm).length < Object.keys(full.npm).length / 2);
  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
  assert.deepEqual(config.lock, { path: "./scoring.lock", frozen: true });
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

Deno.test("a run that needs a package scoring.lock leaves out says to use deno.lock", async () => {
  // A report from this folder without --lock=deno.lock: Deno says only "the lockfile is out of
  // date"; gecscore names the package and the lock to use, in one line.
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--no-prompt",
      "cli.ts",
      "report",
      "-o",
      "-",
      "--gold",
      "tests/testdata/m2scorer_example.m2",
      "tests/testdata/m2scorer_example_system",
    ],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  assert.equal(output.code, 2);
  assert.equal(new TextDecoder().decode(output.stdout), "");
  // On an empty cache Deno first reports the packages it downloads while resolving.
  const stderr = new TextDecoder().decode(output.stderr).replace(/^Download \S+\n/gm, "");
  assert.match(
    stderr,
    /^gecscore: npm:vega@6\.4\.0 is not in the lock file of this run \(scoring\.lock, .*\); run it with --lock=deno\.lock, .*\n$/,
  );
});

Deno.test("a plugin needing packages the run's lock lacks is refused with what to do", async () => {
  // Deno 2.9.6's words, as `score --plugin npm:left-pad@1.3.0` from this folder gets them.
  const { importFailure } = await import("../sandbox/plugin_problem.ts");
  const error = new TypeError(
    "The lockfile is out of date. Run `deno install --frozen=false`, or rerun with " +
      "`--frozen=false` to update it.",
  );
  assert.match(
    importFailure(error),
    /^its packages are not in the lock file of this run \(scoring\.lock, .*--frozen=false$/,
  );
});
