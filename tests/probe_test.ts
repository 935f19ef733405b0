/**
 * Hostile runs of the command line, as a probe would try them: each must end with one line on
 * stderr naming what is wrong, nothing on stdout, a non-zero exit (1 bad input, 2 bad usage),
 * and no stack trace or "internal error". One row a probe; add a row for each new one found.
 */
import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { parseJobs } from "../cli/score.ts";
import manifest from "../deno.json" with { type: "json" };

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYS = "tests/testdata/m2scorer_example_system";
const SYS2 = "tests/testdata/m2scorer_example_system2";
const XML = "tests/testdata/imeasure_example.xml";

/** Files the probes use, written into a scratch folder (`@/` in the rows). */
const FILES: Record<string, string | Uint8Array> = {
  "two_lines": "a b\nc d\n",
  "nul": "The cat\0 sat .\nThe dog .\nx\n",
  "bad.m2": "S a b\nA 0 1|||X\n\n",
  "bad_span.m2": "S a b\nA 5 9|||X|||c|||REQUIRED|||-NONE-|||0\n\n",
  "latin1": new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]),
  "utf16": new Uint8Array([0xff, 0xfe, 0x61, 0, 0x0a, 0]),
  "empty": "",
  "bom_mid": "a\n\ufeffb\nc\n",
  "cr_only": "a\rb\rc\r",
  "scores.txt": "m\tsrc-trg\tt\tA\tnot-a-number\n",
  "bad.xml": "<scripts><script id='1'><p id='1'>",
  "syntax.ts": 'export default { name: "p", version: "1",\n  metrics: [ oops oops ] };\n',
};

const BOMBS = "tests/testdata/plugins";

/** `[name, args, exit status, what the message says]`; `@/` is the scratch folder. */
const PROBES: [string, string[], 1 | 2, RegExp][] = [
  ["no command", [], 2, /Give a command/],
  ["unknown command", ["frobnicate"], 2, /Unknown command "frobnicate"/],
  ["unknown flag", ["score", "--gold", GOLD, SYS, "--frob"], 2, /--frob/],
  ["missing gold file", ["score", "--gold", "@/nope.m2", SYS], 1, /nope\.m2: .*no such file/],
  ["gold is a folder", ["score", "--gold", "tests", SYS], 1, /tests: /],
  ["system is a folder", ["score", "--gold", GOLD, "tests"], 1, /tests: /],
  ["empty gold", ["score", "--gold", "@/empty", SYS], 1, /empty/],
  ["gold /dev/null", ["score", "--gold", "/dev/null", SYS], 1, /\/dev\/null: file is empty/],
  ["truncated M2 edit", ["score", "--gold", "@/bad.m2", "@/two_lines"], 1, /bad\.m2:2: /],
  ["M2 span past the sentence", ["score", "--gold", "@/bad_span.m2", SYS], 1, /bad_span\.m2:2/],
  ["too few lines", ["score", "--gold", GOLD, "@/two_lines"], 1, /has 2 lines but the gold has 3/],
  ["Latin-1 system", ["score", "--gold", GOLD, "@/latin1"], 1, /latin1:1: .*UTF-8/],
  ["UTF-16 system", ["score", "--gold", GOLD, "@/utf16"], 1, /UTF-16/],
  ["BOM in mid-file", ["score", "--gold", GOLD, "@/bom_mid"], 1, /bom_mid:2: .*byte order mark/],
  ["CR-only line ends", ["score", "--gold", GOLD, "@/cr_only"], 1, /cr_only.*carriage return/],
  ["unknown metric", ["score", "--gold", GOLD, SYS, "-m", "bleu"], 2, /bleu/],
  ["unknown option", ["score", "--gold", GOLD, SYS, "--opt", "m2.nope=1"], 2, /nope/],
  ["option not a number", ["score", "--gold", GOLD, SYS, "--opt", "m2.beta=abc"], 2, /beta/],
  ["option NaN", ["score", "--gold", GOLD, SYS, "--opt", "m2.beta=NaN"], 2, /beta/],
  ["negative beta", ["score", "--gold", GOLD, SYS, "--opt", "m2.beta=-1"], 2, /beta/],
  ["unknown format", ["score", "--gold", GOLD, SYS, "--format", "xml"], 2, /format "xml"/],
  ["paired with one system", ["score", "--gold", GOLD, SYS, "--paired", "bs"], 2, /two systems/],
  ["paired test unknown", ["score", "--gold", GOLD, SYS, SYS2, "--paired", "t"], 2, /bs or ar/],
  [
    "samples 2^32-1",
    ["score", "--gold", GOLD, SYS, "--ci", "--samples", "4294967295"],
    2,
    /1000000/,
  ],
  ["samples 0", ["score", "--gold", GOLD, SYS, "--ci", "--samples", "0"], 2, /--samples/],
  ["samples 1e3", ["score", "--gold", GOLD, SYS, "--ci", "--samples", "1e3"], 2, /--samples/],
  ["negative seed", ["score", "--gold", GOLD, SYS, "--ci", "--seed", "-1"], 2, /seed/],
  ["samples alone", ["score", "--gold", GOLD, SYS, "--samples", "10"], 2, /needs --paired/],
  ["jobs 0", ["score", "--gold", GOLD, SYS, "--jobs", "0"], 2, /jobs/],
  ["same system twice", ["score", "--gold", GOLD, SYS, SYS], 2, /named/],
  ["show sentence 0", ["show", "--gold", GOLD, SYS, "--sentence", "0"], 2, /--sentence/],
  ["show sentence 99", ["show", "--gold", GOLD, SYS, "--sentence", "99"], 2, /from 1 to 3/],
  ["show sentence 1.5", ["show", "--gold", GOLD, SYS, "--sentence", "1.5"], 2, /--sentence/],
  ["convert to nothing", ["convert", GOLD], 2, /expected IN and OUT/],
  ["convert unknown ext", ["convert", GOLD, "@/out.docx"], 2, /--to/],
  ["convert unknown --to", ["convert", GOLD, "@/out", "--to", "pdf"], 2, /pdf/],
  ["convert onto itself", ["convert", GOLD, GOLD], 2, /same file/],
  ["convert broken XML", ["convert", "@/bad.xml", "@/out.m2"], 1, /bad\.xml/],
  ["report without -o", ["report", "--gold", GOLD, SYS], 2, /-o FILE/],
  ["report onto an input", ["report", "--gold", GOLD, SYS, "-o", SYS], 2, /also an input/],
  ["meta without scores", ["meta", "--human", "@/scores.txt"], 2, /--scores/],
  ["meta bad score", ["meta", "--human", "@/scores.txt", "--scores", "@/scores.txt"], 1, /scores/],
  ["plugin missing", ["score", "--plugin", "@/none.ts", "--gold", GOLD, SYS], 1, /none\.ts/],
  ["plugin without spec", ["score", "--gold", GOLD, SYS, "--plugin"], 2, /--plugin needs/],
  ["plugin timeout 0", ["--plugin-timeout", "0", "list"], 2, /greater than 0/],
  ["help two topics", ["help", "score", "show"], 2, /topics/],
  [
    "NUL in a system",
    ["show", "--gold", GOLD, "@/nul", "--sentence", "1", "-m", "m2"],
    1,
    /nul:1: line has a NUL byte/,
  ],
  ["xml gold, missing", ["score", "--gold", XML.replace(".xml", "_none.xml"), SYS], 1, /none/],
  [
    "plugin with a syntax error",
    ["score", "--plugin", "@/syntax.ts", "--gold", GOLD, SYS],
    1,
    /Cannot load plugin .*syntax\.ts: syntax error in .*syntax\.ts:2:19: Expected ','/,
  ],
  [
    "plugin memory bomb (heap)",
    [
      "score",
      "--plugin-memory",
      "96",
      "--plugin",
      `${BOMBS}/heap_bomb.ts`,
      "-m",
      "heap_bomb",
      "--gold",
      GOLD,
      SYS,
    ],
    1,
    /heap_bomb\.ts \(heap_bomb 1\.0\) was stopped: it went over the plugin memory limit of 96 MB/,
  ],
  [
    "plugin memory bomb (ArrayBuffers)",
    [
      "score",
      "--plugin-memory",
      "96",
      "--plugin",
      `${BOMBS}/buffer_bomb.ts`,
      "-m",
      "buffer_bomb",
      "--gold",
      GOLD,
      SYS,
    ],
    1,
    /buffer_bomb\.ts \(buffer_bomb 1\.0\) was stopped: it went over the plugin memory limit of 96 MB/,
  ],
  ["plugin memory not a number", ["--plugin-memory", "lots", "list"], 2, /--plugin-memory needs/],
  [
    "errant_compare beta whose square overflows",
    [
      "errant_compare",
      "-hyp",
      "tests/testdata/errant/hyp.m2",
      "-ref",
      "tests/testdata/errant/ref.m2",
      "-b",
      "1e308",
    ],
    2,
    /-b\/--beta: 1e308 is too large/,
  ],
  // Deno would read /dev/zero for 20 s or more before giving up: refused at once.
  ...["/dev/zero", "/dev/null", "tests"].map((spec): [string, string[], 1, RegExp] => [
    `plugin ${spec}`,
    ["score", "--plugin", spec, "--gold", GOLD, SYS],
    1,
    new RegExp(`Cannot load plugin ${spec}: it is (a device|a folder|not a regular file)`),
  ]),
];

/** Wait until this process's memory stops falling (at most 20 s). */
async function settle(): Promise<void> {
  let last = Infinity;
  for (const end = Date.now() + 20_000; Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rss = Deno.memoryUsage().rss;
    if (rss < 400 * 2 ** 20 && rss >= last - 2 ** 20) return;
    last = rss;
  }
}

Deno.test("gecscore answers every hostile probe with one line, a non-zero exit, no stack", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_probe_" });
  try {
    for (const [name, content] of Object.entries(FILES)) {
      if (typeof content === "string") await Deno.writeTextFile(`${dir}/${name}`, content);
      else await Deno.writeFile(`${dir}/${name}`, content);
    }
    for (const [name, args, status, expected] of PROBES) {
      await t.step(name, async () => {
        let stdout = "", stderr = "";
        const code = await main(args.map((a) => a.replace(/^@\//, `${dir}/`)), {
          out: (s) => stdout += s,
          err: (s) => stderr += s,
        });
        assert.equal(code, status, `exit status; stderr: ${stderr}`);
        assert.equal(stdout, "", "nothing on stdout");
        assert.match(stderr, /^gecscore: [^\n]+\n$/, `one line: ${JSON.stringify(stderr)}`);
        assert.match(stderr, expected);
        assert.doesNotMatch(stderr, /internal error|\bat .*:\d+:\d+|Error: /);
      });
      // A stopped memory bomb runs on to its cap in this process (Deno cannot interrupt a busy
      // worker; the command line exits instead): let it end before the next probe.
      if (args.includes("--plugin-memory")) await settle();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("deno task test runs every test file, the fuzz and probe suites included", async () => {
  const task = manifest.tasks.test;
  // `deno test` with no file list: every *_test.ts of the repository.
  const run = task.split("&&").map((s) => s.trim()).find((s) => s.startsWith("deno test"));
  assert.ok(run, task);
  assert.doesNotMatch(run, /\btests\/\S+_test\.ts|--filter|--ignore/, run);
  for (const file of ["tests/fuzz_test.ts", "tests/probe_test.ts"]) {
    const text = await Deno.readTextFile(file);
    assert.match(text, /Deno\.test\(/, file);
    assert.doesNotMatch(text, new RegExp(["ignore", "true"].join(": ")), `${file} not ignored`);
  }
  assert.deepEqual(manifest.test.exclude, ["tests/testdata/"]);
});

Deno.test("--jobs is capped at the cores (at least 2): 1000 workers would take gigabytes", () => {
  const cores = Math.max(2, navigator.hardwareConcurrency || 1);
  assert.equal(parseJobs("1000"), cores);
  assert.equal(parseJobs("9999"), cores);
  assert.equal(parseJobs("1"), 1);
  assert.equal(parseJobs("2"), 2);
});

Deno.test("writing to a device Deno refuses without --allow-all says so, not 'no write permission for its folder'", async () => {
  const { runCli } = await import("./run_cli.ts");
  const r = await runCli(["-R", "-W", "--no-prompt"], ["convert", GOLD, "/dev/full", "--to", "m2"]);
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stdout, "");
  assert.match(r.stderr, /^gecscore: \/dev\/full: cannot write file: [^\n]*--allow-all[^\n]*\n$/);
  assert.doesNotMatch(r.stderr, /folder/);
});
