import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { codeLines } from "./code_lines.ts";
import { runCli } from "./run_cli.ts";

async function initPlugin(...args: string[]) {
  let out = "", err = "";
  const code = await main(["init-plugin", ...args], {
    out: (t) => out += t,
    err: (t) => err += t,
  });
  return { code, out, err };
}

async function run(cmd: string, args: string[], cwd: string) {
  const output = await new Deno.Command(cmd, { args, cwd, stdout: "piped", stderr: "piped" })
    .output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: output.code, text: decode(output.stdout) + decode(output.stderr) };
}

Deno.test("gecscore init-plugin writes files that pass deno fmt --check and lint as generated", async (t) => {
  const root = await Deno.makeTempDir({ prefix: "gecscore_init_" });
  try {
    const cases = [
      { name: "short", dir: `${root}/overlap`, args: [] as string[] },
      {
        // A long path (long import URLs) and the longest id.
        name: "long path and id",
        dir: `${root}/${"nested_folder_with_a_long_name/".repeat(3)}plugin`,
        args: ["--id", `m${"x".repeat(39)}`],
      },
    ];
    for (const { name, dir, args } of cases) {
      await t.step(name, async () => {
        const made = await initPlugin(dir, ...args);
        assert.equal(made.code, 0, made.err);
        const fmt = await run(Deno.execPath(), ["fmt", "--check"], dir);
        assert.equal(fmt.code, 0, fmt.text);
        const lint = await run(Deno.execPath(), ["lint"], dir);
        assert.equal(lint.code, 0, lint.text);
      });
    }
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("gecscore init-plugin's Next hint names the plugin by a path valid after its cd", async () => {
  const root = await Deno.makeTempDir({ prefix: "gecscore_init_" });
  try {
    for (const dir of [`${root}/a/b/plugin`, `${root}/with space`]) {
      const made = await initPlugin(dir);
      assert.equal(made.code, 0, made.err);
      const hint = made.out.match(
        /^Next: cd (.+?) && deno test && gecscore score --plugin (\S+) /m,
      );
      assert.ok(hint, made.out);
      // The hint's cd and plugin path, as a shell reads them, from the folder the user was in.
      const check = await run("sh", ["-c", `cd ${hint[1]} && test -f ${hint[2]}`], Deno.cwd());
      assert.equal(check.code, 0, `${made.out}${check.text}`);
    }
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("gecscore init-plugin refuses an id too long for its files", async () => {
  const root = await Deno.makeTempDir({ prefix: "gecscore_init_" });
  try {
    const made = await initPlugin(`${root}/p`, "--id", `m${"x".repeat(40)}`);
    assert.equal(made.code, 2);
    assert.match(made.err, /^gecscore: init-plugin: --id must be at most 40 characters/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("gecscore init-plugin writes the example's twenty-line short form", async () => {
  const { pluginFiles, gecscoreUrls } = await import("../cli/init_plugin.ts");
  // Import specifiers aside (URLs in the generated file, whose length may break an import
  // into one name a line), the code is examples/token_f.ts.
  const code = (source: string) =>
    codeLines(
      source.replace(/import \{([^}]*)\}/g, (_, names: string) =>
        `import { ${
          names.split(",").map((n) => n.trim()).filter(Boolean).join(", ")
        } }`),
    ).map((line) => line.replace(/ from "[^"]+";$/, ' from "…";'));
  const generated = code(pluginFiles("token_f", gecscoreUrls())["mod.ts"]);
  assert.deepEqual(generated, code(await Deno.readTextFile("examples/token_f.ts")));
  assert.ok(generated.length <= 20, `${generated.length} lines of code`);
});

Deno.test("a generated plugin passes its own tests and scores boxed with --ci, --paired ar, --ranks", async () => {
  const root = await Deno.makeTempDir({ prefix: "gecscore_init_" });
  try {
    const dir = `${root}/overlap`;
    assert.equal((await initPlugin(dir)).code, 0);
    const tested = await run(Deno.execPath(), ["test"], dir);
    assert.equal(tested.code, 0, tested.text);
    assert.match(tested.text, /overlap passes gecscore's conformance kit \.\.\. .*ok/);
    const scored = await runCli(["--allow-read"], [
      "score",
      "--plugin",
      `${dir}/mod.ts`,
      "-m",
      "overlap",
      "--gold",
      "tests/testdata/m2scorer_example.m2",
      "tests/testdata/m2scorer_example_system",
      "tests/testdata/m2scorer_example_system2",
      "--ci",
      "--paired",
      "ar",
      "--ranks",
    ]);
    assert.equal(scored.code, 0, scored.stderr);
    assert.match(scored.stdout, /^overlap {2}\(overlap\|beta:1\|v:1\.0\|nrefs:2\|/);
    assert.match(scored.stdout, /f 95% CI +p \(ar\) +rank\n/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("gecscore init-plugin refuses a file or a device as DIR in one line, not as an internal error", async () => {
  const root = await Deno.makeTempDir({ prefix: "gecscore_init_" });
  try {
    await Deno.writeTextFile(`${root}/exists.ts`, "x\n");
    for (const dir of [`${root}/exists.ts`, "/dev/null"]) {
      const made = await initPlugin(dir);
      assert.equal(made.code, 1, made.err);
      assert.equal(made.out, "");
      assert.equal(
        made.err,
        `gecscore: init-plugin: ${dir} is not a folder; give a new or empty folder\n`,
      );
    }
    assert.equal(await Deno.readTextFile(`${root}/exists.ts`), "x\n");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
