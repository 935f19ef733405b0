import assert from "node:assert/strict";
import { main } from "../cli.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
/** ESC (an OSC retitling the window, a screen clear), BEL and a right-to-left override. */
const HOSTILE = "\x1b]0;pwned\x07 on \u202emat\x1b[2J";
// deno-lint-ignore no-control-regex -- control characters are what it finds
const RAW = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

async function scratch(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_terminal_" });
  await Deno.writeTextFile(`${dir}/sys`, `The cat sat ${HOSTILE} .\nThe dog .\nx\n`);
  await Deno.writeTextFile(`${dir}/bad\x1b[2J\u202ename`, "one line\n");
  await Deno.writeTextFile(`${dir}/\u202eevil\x07`, "The cat sat on mat .\nThe dog .\nx\n");
  return dir;
}

Deno.test("gecscore errors show control characters of file names and lines as escapes", async () => {
  const dir = await scratch();
  try {
    let out = "", err = "";
    const io = { out: (t: string) => out += t, err: (t: string) => err += t };
    assert.equal(await main(["score", "--gold", GOLD, `${dir}/bad\x1b[2J\u202ename`], io), 1);
    assert.equal(out, "");
    assert.doesNotMatch(err.slice(0, -1), RAW, JSON.stringify(err));
    assert.match(err, /bad\\x1b\[2J\\u202ename: has 1 line but the gold has 3 sentences\n$/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name: "gecscore on a terminal never writes control characters from files raw",
  ignore: Deno.build.os !== "linux",
  fn: async (t) => {
    const dir = await scratch();
    // `script` runs the command on a pseudo-terminal and copies what it writes.
    const onTerminal = async (...args: string[]) => {
      const command = ["deno", "run", "-A", "cli.ts", ...args].map((a) =>
        `'${a.replaceAll("'", "'\\''")}'`
      ).join(" ");
      const output = await new Deno.Command("script", {
        args: ["-qec", command, "/dev/null"],
        env: { NO_COLOR: "1", PATH: `${Deno.execPath().replace(/\/[^/]*$/, "")}:/usr/bin:/bin` },
        stdout: "piped",
        stderr: "piped",
      }).output();
      return new TextDecoder().decode(output.stdout).replaceAll("\r\n", "\n");
    };
    try {
      for (
        const args of [
          ["show", "--gold", GOLD, `${dir}/sys`, "--sentence", "1"],
          ["score", "--gold", GOLD, `${dir}/\u202eevil\x07`, "-m", "m2"],
          ["score", "--gold", GOLD, `${dir}/sys`, `${dir}/bad\x1b[2J\u202ename`],
        ]
      ) {
        await t.step(`${args[0]} ${JSON.stringify(args.at(-1))}`, async () => {
          const text = await onTerminal(...args);
          assert.ok(text.length > 0, "it printed something");
          assert.doesNotMatch(text, RAW, JSON.stringify(text));
          assert.match(text, /\\x1b|\\u202e/);
        });
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
