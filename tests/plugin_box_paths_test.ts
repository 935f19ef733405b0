/**
 * A boxed plugin reads only its own folder: every file it asks the host for (an import its
 * module graph needs, or a `need` message it sends itself) is resolved against the plugin's
 * folder, and a path with `..`, an absolute path elsewhere, or a symbolic link that leads out
 * of the folder is refused in one line naming the plugin and the path, in `score` and in the
 * REPL; a symbolic link that stays inside the folder is followed. The plugins are written to a
 * temporary folder beside a secret file they were never granted.
 */

import assert from "node:assert/strict";
import { runCli } from "./run_cli.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";
const SECRET = "TOP-SECRET-7f3a";
const INSIDE = "INSIDE-DATA-51c2";

/** A plugin that prints what it got and scores every sentence 1 (so `score` prints a table). */
function plugin(name: string, head: string, got: string): string {
  return `${head}
const got = ${got};
console.error("GOT:" + got);
export default {
  name: "${name}",
  version: "1.0",
  metrics: [{
    id: "${name}",
    description: "prints what it read",
    version: "1",
    defaults: {},
    needs: [],
    headline: "one",
    stats: () => ({ n: 1 }),
    corpus: () => ({ one: 1, got }),
    sentence: () => ({ one: 1 }),
    explain: () => [],
    signature: () => "${name}|v:1",
  }],
};
`;
}

/** A plugin that asks the host for a file itself (a forged need), then reads it. */
function asks(name: string, path: string): string {
  return plugin(
    name,
    `const P = ${JSON.stringify(path)};
let text = "";
try {
  text = Deno.readTextFileSync(P);
} catch {
  (globalThis as unknown as { postMessage(m: unknown): void }).postMessage({
    kind: "need", permission: "read", path: P, spec: "${name}",
  });
}`,
    "text",
  );
}

/** A plugin that imports a JSON file of its folder. */
function imports(name: string, file: string): string {
  return plugin(
    name,
    `import data from ${JSON.stringify(file)} with { type: "json" };`,
    "JSON.stringify(data)",
  );
}

/**
 * Make a symbolic link with `ln` (Deno.symlink needs write access everywhere, which the tests
 * are not given).
 */
async function symlink(target: string, path: string): Promise<void> {
  const { code } = await new Deno.Command("ln", { args: ["-s", target, path] }).output();
  assert.equal(code, 0, `ln -s ${target} ${path}`);
}

/** The temporary folder: `secret.json` outside, `plug/` the plugins' folder. */
async function fixture(): Promise<{ root: string; plug: string }> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "gecscore-box-paths-" }));
  const plug = `${root}/plug`;
  await Deno.mkdir(`${plug}/data`, { recursive: true });
  await Deno.writeTextFile(`${root}/secret.json`, JSON.stringify({ secret: SECRET }));
  await Deno.writeTextFile(`${plug}/data/inner.json`, JSON.stringify({ inner: INSIDE }));
  await symlink(`${root}/secret.json`, `${plug}/leak.json`);
  await symlink(`..`, `${plug}/up`);
  await symlink(`data/inner.json`, `${plug}/alias.json`);
  // A folder named like a module: granted, it would open every link below it.
  await Deno.mkdir(`${plug}/box.json`);
  await symlink(`${root}/secret.json`, `${plug}/box.json/pw`);
  const files: Record<string, string> = {
    "dotdot.ts": asks("dotdot", `${plug}/../secret.json`),
    "dotdot_deep.ts": asks("dotdot_deep", `${plug}/data/../../secret.json`),
    "absolute.ts": asks("absolute", `${root}/secret.json`),
    "folder_grant.ts": plugin(
      "folder_grant",
      `const P = ${JSON.stringify(`${plug}/box.json`)};
let text = "";
try {
  text = Deno.readTextFileSync(P + "/pw");
} catch {
  (globalThis as unknown as { postMessage(m: unknown): void }).postMessage({
    kind: "need", permission: "read", path: P, spec: "folder_grant",
  });
}`,
      "text",
    ),
    "asks_link.ts": asks("asks_link", `${plug}/leak.json`),
    "link_out.ts": imports("link_out", "./leak.json"),
    "folder_out.ts": imports("folder_out", "./up/secret.json"),
    "link_in.ts": imports("link_in", "./alias.json"),
    "missing_in.ts": imports("missing_in", "./nope.json"),
    "missing_out.ts": imports("missing_out", "../nope.json"),
  };
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(`${plug}/${name}`, text);
  }
  return { root, plug };
}

/** The refused attacks: the plugin file, and the path its refusal must name. */
function attacks(root: string, plug: string): [string, string][] {
  return [
    ["dotdot.ts", `${plug}/../secret.json`],
    ["dotdot_deep.ts", `${plug}/data/../../secret.json`],
    ["absolute.ts", `${root}/secret.json`],
    ["folder_grant.ts", `${plug}/box.json`],
    ["asks_link.ts", `${plug}/leak.json`],
    ["link_out.ts", `${plug}/leak.json`],
    ["folder_out.ts", `${plug}/up/secret.json`],
  ];
}

/** The two boxes: a worker (read permission only), a process of its own (deno may be run). */
const BOXES: [string, string[]][] = [
  ["worker", ["--allow-read", "--no-prompt"]],
  ["process", ["--allow-read", `--allow-run=${Deno.execPath()}`, "--no-prompt"]],
];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

Deno.test("a boxed plugin gets no file outside its folder through `score`", async (t) => {
  const { root, plug } = await fixture();
  try {
    // The worker box, and the box in a process of its own (the program may run deno).
    for (const [box, flags] of BOXES) {
      for (const [file, path] of attacks(root, plug)) {
        await t.step(`${box}: ${file}`, async () => {
          const spec = `${plug}/${file}`;
          const { code, stdout, stderr } = await runCli(flags, [
            "score",
            "--plugin",
            spec,
            "-m",
            file.replace(/\.ts$/, ""),
            "--gold",
            GOLD,
            SYSTEM,
          ]);
          assert.ok(!stdout.includes(SECRET) && !stderr.includes(SECRET), stderr + stdout);
          assert.equal(code, 1, stderr);
          assert.equal(stdout, "");
          const line = stderr.split("\n").filter((l) => l.startsWith("gecscore:"));
          assert.equal(line.length, 1, stderr);
          assert.match(
            line[0],
            new RegExp(
              `^gecscore: Cannot load plugin ${escape(spec)}: .*${
                escape(path)
              }.*(outside the plugin's folder|a boxed plugin may not load|a folder is never granted)`,
            ),
          );
        });
      }
      for (
        const [file, path] of [["missing_in.ts", `${plug}/nope.json`], [
          "missing_out.ts",
          `${root}/nope.json`,
        ]]
      ) {
        await t.step(`${box}: ${file}: a missing module is said to be missing`, async () => {
          const spec = `${plug}/${file}`;
          const { code, stderr } = await runCli(flags, [
            "score",
            "--plugin",
            spec,
            "--gold",
            GOLD,
            SYSTEM,
          ]);
          assert.equal(code, 1, stderr);
          assert.match(
            stderr,
            new RegExp(
              `^gecscore: Cannot load plugin ${escape(spec)}: it imports ${
                escape(path)
              } .*which does not exist\n$`,
            ),
          );
        });
      }
      await t.step(`${box}: a symbolic link that stays in the folder is followed`, async () => {
        const { code, stdout, stderr } = await runCli(flags, [
          "score",
          "--plugin",
          `${plug}/link_in.ts`,
          "-m",
          "link_in",
          "--gold",
          GOLD,
          SYSTEM,
        ]);
        assert.equal(code, 0, stderr);
        assert.match(stderr, new RegExp(INSIDE));
        assert.match(stdout, /link_in/);
      });
    }
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a boxed plugin gets no file outside its folder in the REPL", async () => {
  const { root, plug } = await fixture();
  try {
    const script = [
      ...attacks(root, plug).map(([file]) => `load plugin ${plug}/${file}`),
      `load plugin ${plug}/link_in.ts`,
      "metrics",
    ].join("\n") + "\n";
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "--no-prompt", "repl.ts", "--gold", GOLD, SYSTEM],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(script));
    await writer.close();
    const output = await child.output();
    const stdout = new TextDecoder().decode(output.stdout);
    const stderr = new TextDecoder().decode(output.stderr);
    assert.ok(!stdout.includes(SECRET) && !stderr.includes(SECRET), stderr + stdout);
    for (const [file, path] of attacks(root, plug)) {
      assert.match(
        stderr,
        new RegExp(
          `Cannot load plugin ${escape(`${plug}/${file}`)}: .*${
            escape(path)
          }.*(outside the plugin's folder|a boxed plugin may not load|a folder is never granted)`,
        ),
      );
    }
    // The link that stays inside: loaded, its data read.
    assert.match(stderr, new RegExp(INSIDE));
    assert.match(stdout, /link_in/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a boxed plugin reads gecscore's module folders, not a data folder beside them", async () => {
  const { boxGrants } = await import("../sandbox/box_limits.ts");
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "gecscore-box-root-" }));
  try {
    await Deno.mkdir(`${root}/metrics/m2`, { recursive: true });
    await Deno.writeTextFile(`${root}/metrics/m2/mod.ts`, "export {};\n");
    await Deno.mkdir(`${root}/util`);
    await Deno.writeTextFile(`${root}/util/x.ts`, "export {};\n");
    await Deno.mkdir(`${root}/data/conll2014`, { recursive: true });
    await Deno.writeTextFile(`${root}/data/conll2014/gold.m2`, "S a\n\n");
    await Deno.mkdir(`${root}/tests`);
    await Deno.writeTextFile(`${root}/tests/t.ts`, "export {};\n");
    await Deno.writeTextFile(`${root}/mod.ts`, "export {};\n");
    await Deno.writeTextFile(`${root}/notes.txt`, "private\n");
    const { reads } = boxGrants([], new URL(`file://${root}/`));
    assert.deepEqual(
      reads.map((r) => r.slice(root.length + 1)).sort(),
      ["metrics", "mod.ts", "util"],
    );
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
