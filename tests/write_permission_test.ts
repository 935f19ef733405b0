import assert from "node:assert/strict";

const GOLD = "tests/testdata/m2scorer_example.m2";
const XML = "tests/testdata/imeasure_example.xml";

/** Run gecscore as the installed command does: read permission only, never a prompt. */
async function readOnly(...args: string[]) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-R", "--no-prompt", "cli.ts", ...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

Deno.test("gecscore commands that write check write permission first and say how to allow it", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_write_" });
  try {
    // A system with the wrong number of lines: had the work come first, this error would.
    await Deno.writeTextFile(`${dir}/short_system`, "one line\n");
    const cases: [string, string[], string][] = [
      [
        "report",
        ["report", "--gold", GOLD, `${dir}/short_system`, "-o", `${dir}/r.html`],
        "r.html",
      ],
      ["convert", ["convert", XML, `${dir}/gold.m2`], "gold.m2"],
      ["init-plugin", ["init-plugin", `${dir}/my_plugin`], "my_plugin"],
    ];
    for (const [name, args, output] of cases) {
      await t.step(name, async () => {
        const { code, stdout, stderr } = await readOnly(...args);
        assert.equal(code, 1, stderr);
        assert.equal(stdout, "");
        assert.match(stderr, /^gecscore: [^\n]+\n$/, "one line");
        assert.match(
          stderr,
          new RegExp(`${output}.*: cannot write file: .*without write permission`),
        );
        assert.match(stderr, /deno run -R -W cli\.ts/);
        assert.match(stderr, /deno install -g -f -R -W /);
        assert.doesNotMatch(stderr, /\.tmp|short_system|Run again/);
        const left = [];
        for await (const entry of Deno.readDir(dir)) left.push(entry.name);
        assert.deepEqual(left, ["short_system"], "nothing written");
      });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
