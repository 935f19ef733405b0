import assert from "node:assert/strict";
import { main } from "../cli.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";
const XML = "tests/testdata/imeasure_example.xml";
const GOLD_DIR = "tests/testdata";

/** Run the command line in this process, capturing what it writes. */
async function run(...args: string[]) {
  let stdout = "", stderr = "";
  const code = await main(args, { out: (t) => stdout += t, err: (t) => stderr += t });
  return { code, stdout, stderr };
}

/** Assert the failure contract: the exit status, nothing on stdout, one line on stderr. */
function assertFails(
  result: { code: number; stdout: string; stderr: string },
  code: number,
  expected: RegExp,
) {
  assert.equal(result.code, code, result.stderr);
  assert.equal(result.stdout, "", "nothing on stdout");
  assert.match(result.stderr, expected);
  assert.match(result.stderr, /^gecscore: [^\n]+\n$/, `one line: ${result.stderr}`);
  assert.doesNotMatch(result.stderr, /internal error/);
}

/** A scratch folder with the named files (strings or bytes) written in it. */
async function scratch(files: Record<string, string | Uint8Array>): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_robustness_" });
  for (const [name, content] of Object.entries(files)) {
    if (typeof content === "string") await Deno.writeTextFile(`${dir}/${name}`, content);
    else await Deno.writeFile(`${dir}/${name}`, content);
  }
  return dir;
}

Deno.test("gecscore without a command is one line of usage error on stderr, exit 2", async () => {
  assertFails(await run(), 2, /Give a command: score, show, list, .*; see gecscore help/);
  const help = await run("--help");
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Commands:$/m);
});

Deno.test("gecscore --plugin without a specifier is a usage error", async (t) => {
  const cases = [["score", "--plugin", "--gold", GOLD, SYSTEM], ["--plugin=", "list"], [
    "list",
    "--plugin",
  ]];
  for (const args of cases) {
    await t.step(args.join(" "), async () => {
      assertFails(await run(...args), 2, /--plugin needs a specifier/);
    });
  }
});

Deno.test("gecscore score -m runs a metric named twice once", async () => {
  const { code, stdout } = await run("score", "--gold", GOLD, "-m", "m2,m2", "-m", "m2", SYSTEM);
  assert.equal(code, 0);
  assert.equal(stdout.match(/^m2 {2}\(/gm)?.length, 1);
});

Deno.test("gecscore show --sentence takes only plain whole numbers", async (t) => {
  for (const value of ["0x2", "1e0", " 2", "2.0", "-1"]) {
    await t.step(value, async () => {
      assertFails(
        await run("show", "--gold", GOLD, SYSTEM, `--sentence=${value}`),
        2,
        /--sentence must be a whole number from 1 to 3/,
      );
    });
  }
  assert.equal((await run("show", "--gold", GOLD, SYSTEM, "--sentence", "2")).code, 0);
});

Deno.test("gecscore stops quietly, exit 0, when the reader of its output goes away", async () => {
  // Enough sentences that the JSON report overflows the pipe buffer.
  const block = await Deno.readTextFile(GOLD);
  const hyp = await Deno.readTextFile(SYSTEM);
  const dir = await scratch({ "big.m2": block.repeat(2000), "sys": hyp.repeat(2000) });
  try {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "cli.ts", "score", "--gold", `${dir}/big.m2`, "-m", "m2"]
        .concat(["--sentences", "--format", "json", `${dir}/sys`]),
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).spawn();
    const reader = child.stdout.getReader();
    const first = await reader.read();
    assert.ok(first.value?.length);
    await reader.cancel();
    const [status, stderr] = await Promise.all([child.status, new Response(child.stderr).text()]);
    assert.equal(stderr, "");
    assert.equal(status.code, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gecscore score --opt refuses metric ids and names that are Object properties", async (t) => {
  const cases: [string, RegExp][] = [
    ["hasOwnProperty.x=1", /Unknown metric "hasOwnProperty"; known metrics: m2, /],
    ["__proto__.x=1", /Unknown metric "__proto__"/],
    ["toString.x=1", /Unknown metric "toString"/],
    ["m2.__proto__=1", /Unknown option m2\.__proto__; valid: m2\.beta/],
    ["m2.constructor=1", /Unknown option m2\.constructor/],
  ];
  for (const [opt, expected] of cases) {
    await t.step(opt, async () => {
      assertFails(await run("score", "--gold", GOLD, "--opt", opt, SYSTEM), 2, expected);
    });
  }
  assert.equal(({} as Record<string, unknown>).x, undefined, "Object.prototype untouched");
});

Deno.test("gecscore score refuses out-of-range metric options with exit 2", async (t) => {
  const cases: [string, RegExp][] = [
    ["m2.beta=-1", /m2\.beta must be >= 0, got -1/],
    ["m2.beta=Infinity", /m2\.beta must be a number, got "Infinity"/],
    ["m2.max_unchanged_words=1.5", /m2\.max_unchanged_words must be a whole number, got 1\.5/],
    ["gleu.iterations=0", /gleu\.iterations must be >= 1, got 0/],
    ["gleu.iterations=1e12", /gleu\.iterations must be <= 100000, got 1e12/],
  ];
  for (const [opt, expected] of cases) {
    await t.step(opt, async () => {
      assertFails(await run("score", "--gold", GOLD, "--opt", opt, SYSTEM), 2, expected);
    });
  }
});

Deno.test("gecscore convert refuses IN == OUT and leaves nothing half-written", async (t) => {
  const gold = await Deno.readTextFile(GOLD);
  const dir = await scratch({ "g.m2": gold });
  await Deno.link(`${dir}/g.m2`, `${dir}/link.xml`);
  try {
    for (const out of [`${dir}/g.m2`, `${dir}/./g.m2`, `${dir}/link.xml`]) {
      await t.step(`same file ${out.slice(dir.length)}`, async () => {
        assertFails(
          await run("convert", `${dir}/g.m2`, out, "--to", "ixml"),
          2,
          /convert: IN and OUT are the same file \(.*\); write to a new file/,
        );
        assert.equal(await Deno.readTextFile(`${dir}/g.m2`), gold, "input untouched");
      });
    }
    await t.step("missing folder", async () => {
      assertFails(
        await run("convert", GOLD, `${dir}/missing/x.xml`),
        1,
        /missing\/x\.xml: cannot write file: no such folder/,
      );
    });
    await t.step("OUT is a folder", async () => {
      await Deno.mkdir(`${dir}/d.xml`);
      assertFails(
        await run("convert", GOLD, `${dir}/d.xml`),
        1,
        /d\.xml: cannot write file: is a directory/,
      );
    });
    await t.step("unknown --to", async () => {
      assertFails(
        await run("convert", GOLD, `${dir}/x.xml`, "--to", "nope"),
        2,
        /Unknown format "nope"; known formats: m2, text, ixml/,
      );
    });
    await t.step("malformed input", async () => {
      await Deno.writeTextFile(`${dir}/bad.xml`, "<scripts><script id='1'>");
      assertFails(
        await run("convert", `${dir}/bad.xml`, `${dir}/y.m2`),
        1,
        /bad\.xml:1:\d+: malformed XML/,
      );
    });
    const left = [];
    for await (const entry of Deno.readDir(dir)) left.push(entry.name);
    assert.deepEqual(left.sort(), ["bad.xml", "d.xml", "g.m2", "link.xml"], "no temp files");
    const ok = await run("convert", XML, `${dir}/one.m2`);
    assert.equal(ok.code, 0);
    assert.match(ok.stdout, /^Converted 1 sentence: /);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gecscore says how to write an option value that starts with a dash", async (t) => {
  await t.step("score", async () => {
    assertFails(
      await run("score", "--gold", GOLD, "--opt", "-m2.beta=1", SYSTEM),
      2,
      /score: Option '--opt' needs a value; write one that starts with a dash as --opt=-1; see/,
    );
  });
  await t.step("m2scorer", async () => {
    let stdout = "", stderr = "";
    const code = await main(["m2scorer", SYSTEM, GOLD, "--beta", "-1"], {
      out: (t) => stdout += t,
      err: (t) => stderr += t,
    });
    assert.equal(code, 2);
    assert.equal(stdout, "");
    assert.match(stderr, /^m2scorer: Option '--beta' needs a value; .* as --beta=-1; Usage: /);
    assert.equal(stderr.split("\n").length, 2);
  });
});

Deno.test("gecscore names the first line that is not UTF-8, and UTF-16 files", async (t) => {
  const gold = await Deno.readTextFile(GOLD);
  const utf16 = new Uint8Array([
    0xff,
    0xfe,
    ...Array.from(new TextEncoder().encode(gold)).flatMap((b) => [b, 0]),
  ]);
  const latin1 = new Uint8Array([...new TextEncoder().encode("a b\nc d\n"), 0xe4, 0x0a]);
  const dir = await scratch({ "utf16.m2": utf16, "latin1.txt": latin1, "bin.xml": utf16.slice(2) });
  try {
    const cases: [string, string[], RegExp][] = [
      ["Latin-1 system", ["--gold", GOLD, `${dir}/latin1.txt`], /latin1\.txt:3: line is not/],
      [
        "UTF-16 gold",
        ["--gold", `${dir}/utf16.m2`, SYSTEM],
        /utf16\.m2:1: file looks like UTF-16LE text, not UTF-8/,
      ],
      // UTF-16 without a byte-order mark: its NUL bytes say what it is.
      [
        "binary gold",
        ["--gold", `${dir}/bin.xml`, SYSTEM],
        /bin\.xml:1: file looks like UTF-16LE text, not UTF-8/,
      ],
    ];
    for (const [name, args, expected] of cases) {
      await t.step(name, async () => assertFails(await run("score", ...args), 1, expected));
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gecscore score on a gold no metric can serve says what each metric needs", async () => {
  assertFails(
    await run("score", "--gold", "tests/testdata/toy_hyp.txt", SYSTEM),
    1,
    /No registered metric can score .*toy_hyp\.txt \(format text provides no edits or references\); registered: m2 \(needs annotations\), .*gleu \(needs references\).*; for plain text give --src SRC --ref REF$/m,
  );
});

Deno.test("gecscore score checks each metric against the kind of gold it is given", async (t) => {
  const src = `${GOLD_DIR}/m2scorer_example_system`;
  const ref = `${GOLD_DIR}/m2scorer_example_system2`;
  await t.step("m2 on --src/--ref", async () => {
    assertFails(
      await run("score", "--src", src, "--ref", ref, "-m", "m2", SYSTEM),
      1,
      /metric m2 needs annotations, which .* \(format text\) does not provide/,
    );
  });
  await t.step("gleu on --src/--ref", async () => {
    const { code, stdout } = await run("score", "--src", src, "--ref", ref, SYSTEM);
    assert.equal(code, 0);
    assert.match(stdout, /^gleu {2}\(/m);
    assert.doesNotMatch(stdout, /^m2 {2}\(/m);
  });
  await t.step("gleu and m2 on I-measure XML", async () => {
    const { code, stdout } = await run(
      "score",
      "--gold",
      XML,
      "-m",
      "gleu,m2",
      "--format",
      "json",
      "tests/testdata/toy_hyp.txt",
    );
    // toy_hyp.txt has two lines, the XML one sentence: this must be a line-count error.
    assert.equal(code, 1);
    assert.equal(stdout, "");
    const one = await scratch({ "sys": "These machines is designed for helping people .\n" });
    try {
      const ok = await run(
        "score",
        "--gold",
        XML,
        "-m",
        "gleu,m2",
        "--format",
        "json",
        `${one}/sys`,
      );
      assert.equal(ok.code, 0, ok.stderr);
      const metrics = JSON.parse(ok.stdout).systems[0].metrics;
      assert.equal(typeof metrics.gleu.gleu, "number");
      assert.equal(typeof metrics.m2.f, "number");
    } finally {
      await Deno.remove(one, { recursive: true });
    }
  });
});

Deno.test("gecscore reads CRLF, BOM and no-final-newline system files like plain ones", async () => {
  const plain = await Deno.readTextFile(SYSTEM);
  const crlf = plain.replaceAll("\n", "\r\n");
  const dir = await scratch({
    "crlf": crlf,
    "bom": "\uFEFF" + plain,
    "bom_crlf": "\uFEFF" + crlf,
    "no_newline": plain.trimEnd(),
  });
  try {
    const f = async (path: string) => {
      const { code, stdout, stderr } = await run(
        "score",
        "--gold",
        GOLD,
        "-m",
        "m2,gleu",
        "--format",
        "json",
        path,
      );
      assert.equal(code, 0, stderr);
      const { m2, gleu } = JSON.parse(stdout).systems[0].metrics;
      return [m2.tp, m2.fp, m2.fn, gleu.gleu];
    };
    const expected = await f(SYSTEM);
    for (const name of ["crlf", "bom", "bom_crlf", "no_newline"]) {
      assert.deepEqual(await f(`${dir}/${name}`), expected, name);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gecscore without --allow-read says which file it needs, exit 1", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "cli.ts", "score", "--gold", GOLD, SYSTEM],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assert.equal(output.code, 1);
  assert.equal(output.stdout.length, 0);
  assert.match(stderr, /^gecscore: .*m2scorer_example\.m2: cannot open file: Requires read access/);
  assert.equal(stderr.trimEnd().split("\n").length, 1);
});

Deno.test("gecscore keeps an error on one line when a file name holds a newline", async () => {
  const dir = await scratch({ "two\nlines": "a\n" });
  try {
    assertFails(
      await run("score", "--gold", GOLD, `${dir}/two\nlines`),
      1,
      /two\\nlines: has 1 line but the gold has 3 sentences/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("resolveOptions() refuses a beta so large that F would be NaN", async () => {
  const { registry } = await import("../mod.ts");
  const { resolveOptions } = await import("../plugins/options.ts");
  for (const id of ["m2", "imeasure"]) {
    assert.throws(
      () => resolveOptions(registry.metric(id), { beta: "1e300" }),
      new RegExp(`${id}\\.beta must be <= 1000, got 1e300`),
    );
    assert.equal(resolveOptions(registry.metric(id), { beta: "1000" }).beta, 1000);
  }
});
