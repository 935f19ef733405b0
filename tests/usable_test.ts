/**
 * Usable from anywhere: the library imported from another folder and by URL, the installed
 * command, `--version`, full signatures, compact/wide/markdown/latex tables, warnings on
 * stderr, cancelling, the JSON schema, `show`/`repl` with `--src/--ref`, the m2scorer
 * drop-in's options, `--debug`, what gets published, and `init-plugin`.
 */
import assert from "node:assert/strict";
import { fileURLToPath, pathToFileURL } from "node:url";
import Ajv2020 from "npm:ajv@8.17.1/dist/2020.js";
import { Session } from "../repl/session.ts";
import { createRegistry, loadPlugin } from "../mod.ts";
import { loadDisplayWidth, renderTable } from "../render/text.ts";
import stringWidth from "npm:string-width@7.2.0";

const displayWidth = (text: string) => stringWidth(text);
import manifest from "../deno.json" with { type: "json" };

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";
const SYSTEM2 = "tests/testdata/m2scorer_example_system2";
const PLUGIN = "tests/testdata/plugins/usable_metrics.ts";
const decode = (b: Uint8Array) => new TextDecoder().decode(b);

/** Run a program; its output as text. */
async function run(cmd: string, args: string[], options: { cwd?: string; stdin?: string } = {}) {
  const child = new Deno.Command(cmd, {
    args,
    cwd: options.cwd,
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  if (options.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(options.stdin));
    await writer.close();
  }
  const output = await child.output();
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

/** `deno run --allow-read cli.ts ARGS` from the repository. */
const gecscore = (...args: string[]) =>
  run(Deno.execPath(), ["run", "--allow-read", "cli.ts", ...args], { cwd: ROOT });

Deno.test("mod.ts imports from a folder outside the repository, scores, and type-checks a plugin", async () => {
  const dir = await Deno.makeTempDir({ dir: "/tmp", prefix: "gecscore_outside_" });
  try {
    const mod = pathToFileURL(`${ROOT}mod.ts`).href;
    const gold = `${ROOT}${GOLD}`, system = `${ROOT}${SYSTEM}`;
    await Deno.writeTextFile(
      `${dir}/score.ts`,
      `import { createRegistry, readGold, readSystem, scoreSystems } from "${mod}";
const registry = createRegistry();
const gold = await readGold(${JSON.stringify(gold)});
const system = await readSystem(${
        JSON.stringify(system)
      }, { registry, expected: gold.sentences.length });
const [result] = await scoreSystems({ registry, gold, systems: [system], metrics: ["m2"] });
console.log(JSON.stringify(result.metrics[0].score));
`,
    );
    // The example plugin, importing the library by URL as a third party would.
    const example = await Deno.readTextFile(`${ROOT}examples/exact_match.ts`);
    assert.match(example, /from "\.\.\/mod\.ts"/);
    await Deno.writeTextFile(
      `${dir}/exact_match.ts`,
      example.replace(
        /from "\.\.\/([^"]+)"/g,
        (_, path) => `from "${pathToFileURL(ROOT + path).href}"`,
      ),
    );
    const scored = await run(Deno.execPath(), ["run", "--allow-read", "score.ts"], { cwd: dir });
    assert.equal(scored.stderr.replace(/.*Download.*\n/g, ""), "");
    assert.equal(scored.code, 0);
    const score = JSON.parse(scored.stdout);
    assert.deepEqual([score.precision, score.recall, score.f], [0.8, 0.8, 0.8]);
    const checked = await run(Deno.execPath(), ["check", "exact_match.ts", "score.ts"], {
      cwd: dir,
    });
    assert.equal(checked.code, 0, checked.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("deno install -g -R puts a gecscore command that prints its version and scores", async () => {
  const dir = await Deno.makeTempDir({ dir: "/tmp", prefix: "gecscore_install_" });
  try {
    const installed = await run(Deno.execPath(), [
      "install",
      "-g",
      "-R",
      "--cached-only",
      "--unstable-worker-options",
      "-n",
      "gecscore",
      "--root",
      dir,
      pathToFileURL(`${ROOT}cli.ts`).href,
    ], { cwd: dir });
    assert.equal(installed.code, 0, installed.stderr);
    const bin = `${dir}/bin/gecscore`;
    const version = await run(bin, ["--version"], { cwd: dir });
    assert.equal(version.stdout, `gecscore ${manifest.version}\n`);
    const scored = await run(bin, [
      "score",
      "-m",
      "m2",
      "--gold",
      `${ROOT}${GOLD}`,
      `${ROOT}${SYSTEM2}`,
    ], {
      cwd: dir,
    });
    assert.equal(scored.code, 0, scored.stderr);
    assert.match(scored.stdout, /^m2scorer_example_system2 +0\.7500 +0\.6000 +0\.7143$/m);
    // A plugin, boxed in a worker, through the installed command.
    const plugin = await run(bin, [
      "score",
      "--plugin",
      `${ROOT}examples/exact_match.ts`,
      "-m",
      "exact_match",
      "--gold",
      `${ROOT}${GOLD}`,
      `${ROOT}${SYSTEM2}`,
    ], { cwd: dir });
    assert.equal(plugin.code, 0, plugin.stderr);
    assert.match(plugin.stdout, /^m2scorer_example_system2 +0\.3333 /m);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gecscore --version prints deno.json's version", async () => {
  const { code, stdout } = await gecscore("--version");
  assert.equal(code, 0);
  assert.equal(stdout, `gecscore ${manifest.version}\n`);
});

Deno.test("signatures pin the tool version, metric version, options, references and gold", async () => {
  const json = async (...args: string[]) => {
    const { code, stdout, stderr } = await gecscore("score", "--format", "json", ...args);
    assert.equal(code, 0, stderr);
    return JSON.parse(stdout);
  };
  const a = await json("--gold", GOLD, SYSTEM, "-m", "m2,gleu");
  const m2 = a.systems[0].metrics.m2.signature;
  assert.equal(
    m2,
    `m2|beta:0.5|muw:2|v:1.0|nrefs:2|gold:${a.fingerprint}|gecscore:${manifest.version}`,
  );
  assert.match(
    a.systems[0].metrics.gleu.signature,
    /^gleu\|variant:2016\|iter:500\|refs:plain\|v:1\.0\|nrefs:2\|/,
  );
  // The same gold under another name has the same fingerprint; another gold another one.
  const dir = await Deno.makeTempDir({ dir: "/tmp" });
  try {
    const text = await Deno.readTextFile(GOLD);
    await Deno.writeTextFile(`${dir}/copy.m2`, text.replace(/\n/g, "\r\n"));
    await Deno.writeTextFile(`${dir}/edited.m2`, text.replace("A 1 2|||", "A 1 3|||"));
    assert.equal(
      (await json("--gold", `${dir}/copy.m2`, SYSTEM, "-m", "m2")).fingerprint,
      a.fingerprint,
    );
    assert.notEqual(
      (await json("--gold", `${dir}/edited.m2`, SYSTEM, "-m", "m2")).fingerprint,
      a.fingerprint,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  const refs = await json(
    "--src",
    "tests/testdata/m2scorer_example_system.txt",
    "--ref",
    SYSTEM,
    "--ref",
    SYSTEM2,
    "--ref",
    SYSTEM,
    SYSTEM2,
  );
  assert.match(refs.systems[0].metrics.gleu.signature, /\|nrefs:3\|/);
});

Deno.test("gecscore score prints compact tables by default, every column with --wide", async () => {
  const { code, stdout } = await gecscore("score", "--gold", GOLD, SYSTEM, SYSTEM2);
  assert.equal(code, 0);
  const table = stdout.split("\n").filter((l) => !/^\w+ {2}\(/.test(l));
  assert.ok(Math.max(...table.map(displayWidth)) <= 100, stdout);
  assert.match(stdout, /^system +precision +recall +F0\.5$/m);
  assert.match(stdout, /^m2scorer_example_system2 +0\.7500 +0\.6000 +0\.7143$/m);
  assert.match(stdout, /^system +correction\.i +correction\.wacc$/m);
  assert.match(stdout, /^system +gleu +ci \(ref\. sampling\)$/m);
  assert.match(stdout, /^m2scorer_example_system +0\.3384 +\[-0\.1164, 0\.7932\]$/m);
  const wide = await gecscore("score", "--wide", "--gold", GOLD, SYSTEM, SYSTEM2);
  assert.match(wide.stdout, /^system +tp +fp +fn +precision +recall +F0\.5$/m);
  assert.match(wide.stdout, /correction\.fpn .* detection\.i$/m);
});

Deno.test("gecscore score aligns its table around a system named in CJK, loading the width rules then", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const cjk = `${dir}/日本語`;
    await Deno.copyFile(SYSTEM, cjk);
    const { code, stdout } = await gecscore("score", "-m", "m2", "--gold", GOLD, cjk, SYSTEM2);
    assert.equal(code, 0);
    const table = stdout.trim().split("\n").slice(1);
    assert.match(table[2], /^日本語 {2,}\d/);
    // The rule and both systems end in the same column.
    assert.equal(new Set(table.slice(1).map(displayWidth)).size, 1, stdout);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("displayWidth() refuses text beyond printable ASCII until loadDisplayWidth(), renderWithWidths() loads it", async () => {
  // A fresh process: this one has loaded the width rules already.
  const code = `
    import { DisplayWidthNotLoaded, displayWidth, renderTable, renderWithWidths } from "./render/text.ts";
    if (displayWidth("ab c") !== 4) throw new Error("ascii");
    let refused = false;
    try { displayWidth("日本"); } catch (e) { refused = e instanceof DisplayWidthNotLoaded; }
    if (!refused) throw new Error("not refused");
    console.log(await renderWithWidths(() => renderTable([["s", "t"], ["日本", "x"]])));
  `;
  const { code: status, stdout, stderr } = await run(Deno.execPath(), [
    "eval",
    "--ext=ts",
    code,
  ], { cwd: ROOT });
  assert.equal(status, 0, stderr);
  assert.equal(stdout, "s     t\n----  -\n日本  x\n");
});

Deno.test("renderTable() aligns columns by display width (CJK 2, combining marks 0)", async () => {
  await loadDisplayWidth();
  const lines = renderTable([["system", "f"], ["日本語", "0.5000"], ["cafe\u0301", "0.2500"], [
    "ab",
    "1",
  ]])
    .split("\n");
  assert.deepEqual(lines.slice(1).map(displayWidth), [14, 14, 14, 14]);
  assert.equal(lines[2], "日本語  0.5000");
});

Deno.test("gecscore score --format markdown and latex give paper-ready tables", async () => {
  const md = await gecscore(
    "score",
    "--format",
    "markdown",
    "-m",
    "m2",
    "--gold",
    GOLD,
    SYSTEM,
    SYSTEM2,
  );
  assert.equal(md.code, 0, md.stderr);
  assert.match(md.stdout, /^`m2\|beta:0\.5\|/m);
  assert.match(
    md.stdout,
    /^\| System \| M2 P \| M2 R \| M2 F0\.5 \|\n\| :-- \| --: \| --: \| --: \|$/m,
  );
  assert.match(md.stdout, /^\| m2scorer_example_system2 \| 0\.7500 \| 0\.6000 \| 0\.7143 \|$/m);
  const tex = await gecscore("score", "--format", "latex", "-m", "m2", "--gold", GOLD, SYSTEM2);
  assert.equal(tex.code, 0, tex.stderr);
  assert.match(tex.stdout, /^\\begin\{tabular\}\{lrrr\}$/m);
  assert.match(tex.stdout, /^m2scorer\\_example\\_system2 & 0\.7500 & 0\.6000 & 0\.7143 \\\\$/m);
});

Deno.test("warnings reach stderr once per kind in score and show; --quiet silences them", async () => {
  // System lines of 7, 3 and 6 tokens: two warnings of one kind.
  const args = ["--plugin", PLUGIN, "-m", "warner", "--gold", GOLD, SYSTEM];
  const scored = await gecscore("score", ...args);
  assert.equal(scored.code, 0);
  assert.equal(
    scored.stderr,
    "Warning: warner: sentence at gold line 1: 7 tokens, over 3\n" +
      "Warning: warner: 1 more warning like it (the JSON output lists them all)\n",
  );
  assert.equal((await gecscore("score", "--quiet", ...args)).stderr, "");
  const shown = await gecscore("show", ...args, "--sentence", "3");
  assert.equal(shown.stderr, "Warning: warner: sentence at gold line 9: 6 tokens, over 3\n");
  assert.equal((await gecscore("show", "-q", ...args)).stderr, "");
});

Deno.test("the REPL echoes warnings once per kind and command", async () => {
  let err = "";
  const session = new Session({
    registry: createRegistry().use(await loadPlugin(PLUGIN)),
    onWarning: (text) => err += text,
  });
  await session.execute(`load gold ${GOLD}`);
  await session.execute(`load hyp ${SYSTEM}`);
  await session.execute("corpus warner");
  assert.equal(
    err,
    "Warning: warner: sentence at gold line 1: 7 tokens, over 3\n" +
      "Warning: warner: 1 more warning like it (the JSON output lists them all)\n",
  );
  err = "";
  // Its statistics and its explanation carry the same warning: echoed once.
  await session.execute("try a b c d e");
  assert.equal(err, "Warning: warner: sentence at gold line 1: 5 tokens, over 3\n");
  const quiet = new Session({
    registry: createRegistry().use(await loadPlugin(PLUGIN)),
    onWarning: (text) => err += text,
    quiet: true,
  });
  err = "";
  await quiet.execute(`load gold ${GOLD}`);
  await quiet.execute(`load hyp ${SYSTEM}`);
  await quiet.execute("corpus warner");
  assert.equal(err, "");
});

Deno.test("a cancelled REPL command stops between sentences and the session goes on", async () => {
  const session = new Session({ registry: createRegistry().use(await loadPlugin(PLUGIN)) });
  await session.execute(`load gold ${GOLD}`);
  await session.execute(`load hyp ${SYSTEM} ${SYSTEM2}`);
  const controller = new AbortController();
  const started = performance.now();
  setTimeout(() => controller.abort(), 30);
  await assert.rejects(
    session.execute("corpus slow", { signal: controller.signal }),
    (e: Error) => e.name === "AbortError",
  );
  // 6 sentences of 40 ms each: cancelled well before all of them ran.
  assert.ok(performance.now() - started < 200, `took ${performance.now() - started} ms`);
  assert.match(await session.execute("goto 2"), /Sentence 2 of 3/);
  assert.match(await session.execute("corpus slow"), /^m2scorer_example_system2 +\d+/m);
});

Deno.test("score --format json validates against schema/score.schema.json", async () => {
  const schema = JSON.parse(await Deno.readTextFile(`${ROOT}schema/score.schema.json`));
  const ajv = new Ajv2020.default({ allErrors: true, strict: true });
  const validate = ajv.compile(schema);
  const runs = [
    ["--gold", GOLD, SYSTEM, SYSTEM2, "--sentences"],
    ["--gold", "tests/testdata/imeasure_small.xml", "tests/testdata/imeasure_small_sys.txt"],
    ["--plugin", "examples/exact_match.ts", "--gold", GOLD, SYSTEM, "--sentences"],
    ["--src", "tests/testdata/m2scorer_example_system.txt", "--ref", SYSTEM, SYSTEM2],
    ["--gold", GOLD, SYSTEM, "--opt", "gleu.variant=2015", "--opt", "imeasure.mix=false"],
    ["--gold", GOLD, SYSTEM, SYSTEM2, "--paired", "bs", "--ranks"],
    ["--gold", GOLD, SYSTEM, SYSTEM2, "--paired", "ar", "--ci"],
  ];
  for (const args of runs) {
    const { code, stdout, stderr } = await gecscore("score", "--format", "json", ...args);
    assert.equal(code, 0, stderr);
    const report = JSON.parse(stdout);
    assert.ok(validate(report), `${args.join(" ")}: ${JSON.stringify(validate.errors)}`);
  }
  // And the schema is not vacuous: a wrong field fails.
  const { stdout } = await gecscore("score", "--format", "json", "--gold", GOLD, SYSTEM);
  const report = JSON.parse(stdout);
  report.systems[0].metrics.m2.tp = 1.5;
  assert.equal(validate(report), false);
  delete report.systems[0].metrics.m2;
  report.systems[0].metrics.gleu.signature = "gleu|v:1.0";
  assert.equal(validate(report), false);
});

Deno.test("show and repl take --src/--ref", async () => {
  const src = "tests/testdata/m2scorer_example_system.txt";
  const shown = await gecscore("show", "--src", src, "--ref", SYSTEM, SYSTEM2, "--sentence", "3");
  assert.equal(shown.code, 0, shown.stderr);
  assert.match(shown.stdout, /^Sentence 3 of 3 /m);
  assert.match(shown.stdout, /^== gleu /m);
  const repl = await run(Deno.execPath(), [
    "run",
    "--allow-read",
    "cli.ts",
    "repl",
    "--src",
    src,
    "--ref",
    SYSTEM,
    SYSTEM2,
  ], { cwd: ROOT, stdin: "corpus gleu\n" });
  assert.equal(repl.code, 0, repl.stderr);
  assert.match(repl.stdout, /^Loaded gold .*: 3 sentences, format text/m);
  assert.match(repl.stdout, /^m2scorer_example_system2 +0\.\d{4}/m);
});

Deno.test("gecscore m2scorer accepts --very_verbose and --timeout", async () => {
  const files = [SYSTEM2, GOLD];
  const verbose = await gecscore("m2scorer", "-v", ...files);
  const very = await gecscore("m2scorer", "--very_verbose", ...files);
  assert.equal(very.code, 0, very.stderr);
  assert.equal(very.stdout, verbose.stdout);
  const timed = await gecscore("m2scorer", "--timeout", "5", ...files);
  assert.equal(timed.code, 0, timed.stderr);
  assert.equal(timed.stdout, "Precision   : 0.7500\nRecall      : 0.6000\nF_0.5       : 0.7143\n");
  const bad = await gecscore("m2scorer", "--timeout", "soon", ...files);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^m2scorer: --timeout must be a positive number of seconds, got "soon"/);
});

Deno.test("a crashing plugin gives one line naming it; --debug prints the stack", async () => {
  const args = ["score", "--plugin", PLUGIN, "-m", "crashy", "--gold", GOLD, SYSTEM];
  const plain = await gecscore(...args);
  assert.equal(plain.code, 1);
  assert.equal(
    plain.stderr,
    'gecscore: Plugin usable-test-metrics 1, metric "crashy", system m2scorer_example_system, ' +
      "sentence 1 (tests/testdata/m2scorer_example.m2:1): stats() threw TypeError: crashy " +
      "cannot count (--debug shows the stack)\n",
  );
  const debug = await gecscore("--debug", ...args);
  assert.equal(debug.code, 1);
  assert.match(debug.stderr, /^TypeError: crashy cannot count$/m);
  assert.match(debug.stderr, /^ +at .*usable_metrics\.ts:\d+:\d+/m);
});

Deno.test("the published package leaves out tests, test data and benches", async () => {
  const { code, stdout, stderr } = await run(
    Deno.execPath(),
    ["publish", "--dry-run", "--allow-dirty"],
    { cwd: ROOT },
  );
  assert.equal(code, 0, stderr);
  const files = [...(stdout + stderr).matchAll(/file:\/\/\S+/g)].map((m) =>
    fileURLToPath(new URL(m[0])).slice(ROOT.length)
  );
  assert.ok(files.includes("mod.ts") && files.includes("cli.ts"), files.join(" "));
  assert.ok(files.includes("schema/score.schema.json"), files.join(" "));
  assert.deepEqual(files.filter((f) => /^(tests|bench)\//.test(f)), []);
});

Deno.test("gecscore init-plugin writes a plugin folder whose deno test passes and that scores", async () => {
  const dir = await Deno.makeTempDir({ dir: "/tmp", prefix: "gecscore_plugin_" });
  try {
    const made = await run(Deno.execPath(), [
      "run",
      "--allow-read",
      "--allow-write",
      "cli.ts",
      "init-plugin",
      `${dir}/word_overlap`,
    ], { cwd: ROOT });
    assert.equal(made.code, 0, made.stderr);
    const tested = await run(Deno.execPath(), ["test"], { cwd: `${dir}/word_overlap` });
    assert.equal(tested.code, 0, tested.stdout + tested.stderr);
    assert.match(tested.stdout, /word_overlap passes gecscore's conformance kit \.\.\. .*ok/);
    const scored = await gecscore(
      "score",
      "--plugin",
      `${dir}/word_overlap/mod.ts`,
      "-m",
      "word_overlap",
      "--format",
      "json",
      "--gold",
      GOLD,
      SYSTEM,
    );
    assert.equal(scored.code, 0, scored.stderr);
    const score = JSON.parse(scored.stdout).systems[0].metrics.word_overlap;
    // The short form init-plugin writes (examples/token_f.ts): F-beta of token counts.
    assert.match(score.signature, /^word_overlap\|beta:1\|v:1\.0\|nrefs:2\|/);
    assert.ok(score.f > 0 && score.f <= 1);
    const intervals = await gecscore(
      "score",
      "--plugin",
      `${dir}/word_overlap/mod.ts`,
      "-m",
      "word_overlap",
      "--ci",
      "--format",
      "json",
      "--gold",
      GOLD,
      SYSTEM,
      SYSTEM2,
    );
    assert.equal(intervals.code, 0, intervals.stderr);
    const ci = JSON.parse(intervals.stdout).systems[1].metrics.word_overlap.ci;
    assert.ok(ci.lower <= ci.upper && ci.upper <= 1, JSON.stringify(ci));
    const again = await run(Deno.execPath(), [
      "run",
      "--allow-read",
      "--allow-write",
      "cli.ts",
      "init-plugin",
      `${dir}/word_overlap`,
    ], { cwd: ROOT });
    assert.equal(again.code, 1);
    assert.match(again.stderr, /is not empty/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
