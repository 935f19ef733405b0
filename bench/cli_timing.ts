/**
 * The command line end to end, as a user runs it: a new Deno process per run, the wall time
 * from spawn to exit (best and median of `--runs`, default 5) and, where `/usr/bin/time` exists,
 * the peak resident memory. A script rather than `deno bench`, which does not time child
 * processes reliably.
 *
 * - start-up: an empty Deno program (for comparison), `gecscore list`, and `score` on one
 *   sentence with the default metrics (M2, I-measure, GLEU, GREEN);
 * - the default metrics on the 13 CoNLL-2014 outputs (combined M2 gold) with `--jobs 1` and
 *   `--jobs 2`; the 12 team outputs (INPUT left out) with `-m m2,gleu,imeasure` and each metric
 *   alone, with `--jobs 1` and the default (skipped when `../shared` is absent).
 *
 * Besides wall time it prints the user CPU seconds of the best run (`/usr/bin/time %U`): on a
 * shared machine the wall time grows with the load, the CPU time much less.
 *
 * `deno run --allow-read --allow-run --allow-write=/tmp bench/cli_timing.ts [--runs N]`
 *
 * Targets (issue 25): the 12 team outputs with m2, gleu and imeasure under 1.0 s wall on 2
 * cores and under 200 MB peak; each metric alone under 0.4 s.
 */
import { CONLL2014_SYSTEMS, shared, SHARED_AVAILABLE } from "../tests/shared.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const runsAt = Deno.args.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(Deno.args[runsAt + 1]) : 5;
const TIME = await Deno.stat("/usr/bin/time").then(() => "/usr/bin/time", () => undefined);

const oneGold = await Deno.makeTempFile({ suffix: ".m2" });
const oneSystem = await Deno.makeTempFile();
await Deno.writeTextFile(
  oneGold,
  "S The cat sat at mat .\nA 3 4|||Prep|||on|||REQUIRED|||-NONE-|||0\n" +
    "A 4 4|||ArtOrDet|||the||a|||REQUIRED|||-NONE-|||0\n",
);
await Deno.writeTextFile(oneSystem, "The cat sat on the mat .\n");

/** One run: wall milliseconds, peak KB and user CPU seconds (when measurable). */
async function run(args: string[]): Promise<{ ms: number; kb?: number; user?: number }> {
  const [cmd, ...rest] = TIME
    ? [TIME, "-f", "%M %U", Deno.execPath(), ...args]
    : [Deno.execPath(), ...args];
  const start = performance.now();
  const { code, stderr } = await new Deno.Command(cmd, {
    args: rest,
    cwd: ROOT,
    stdout: "null",
    stderr: "piped",
  }).output();
  const ms = performance.now() - start;
  const text = new TextDecoder().decode(stderr).trim();
  if (code !== 0) throw new Error(`${args.join(" ")} failed: ${text}`);
  const [kb, user] = TIME ? text.split("\n").at(-1)!.split(" ").map(Number) : [];
  return { ms, kb, user };
}

async function measure(name: string, args: string[]): Promise<void> {
  const results = [];
  for (let i = 0; i < RUNS; i++) results.push(await run(args));
  results.sort((a, b) => a.ms - b.ms);
  const ms = results.map((r) => r.ms);
  const kb = Math.max(...results.map((r) => r.kb ?? NaN));
  const user = results[0].user;
  console.log(
    `${name.padEnd(58)} best ${(ms[0] / 1000).toFixed(3)} s  median ${
      (ms[Math.floor(ms.length / 2)] / 1000).toFixed(3)
    } s${Number.isNaN(kb) ? "" : `  peak ${(kb / 1024).toFixed(0)} MB`}${
      user === undefined ? "" : `  user ${user.toFixed(2)} s`
    }`,
  );
}

// The command `deno task gecscore` runs (its flags included).
const config = JSON.parse(await Deno.readTextFile(`${ROOT}/deno.json`));
const cli: string[] = config.tasks.gecscore.split(/\s+/).slice(1);
console.log(`deno ${cli.join(" ")}`);
console.log(`${RUNS} runs each; ${navigator.hardwareConcurrency} cores`);
await measure("deno eval 0 (empty program)", ["eval", "0"]);
await measure("gecscore list", [...cli, "list"]);
await measure("gecscore score, one sentence, default metrics", [
  ...cli,
  "score",
  "--gold",
  oneGold,
  oneSystem,
]);
if (SHARED_AVAILABLE) {
  const conll = [
    ...cli,
    "score",
    "--gold",
    shared("data/conll2014/gold/official-2014.combined.m2"),
    ...CONLL2014_SYSTEMS.map((s) => shared(`data/conll2014/systems/${s}`)),
    "--format",
    "json",
  ];
  for (const jobs of ["1", "2"]) {
    await measure(`13 CoNLL-2014 outputs, default metrics, --jobs ${jobs}`, [
      ...conll,
      "--jobs",
      jobs,
    ]);
  }
  const teams = [
    ...cli,
    "score",
    "--gold",
    shared("data/conll2014/gold/official-2014.combined.m2"),
    ...CONLL2014_SYSTEMS.filter((s) => s !== "INPUT").map((s) =>
      shared(`data/conll2014/systems/${s}`)
    ),
  ];
  await measure("12 team outputs, -m m2,gleu,imeasure", [...teams, "-m", "m2,gleu,imeasure"]);
  for (const metric of ["m2", "gleu", "imeasure"]) {
    for (const jobs of [[], ["--jobs", "1"]]) {
      await measure(`12 team outputs, -m ${metric} ${jobs.join(" ")}`, [
        ...teams,
        "-m",
        metric,
        ...jobs,
      ]);
    }
  }
} else console.log("CoNLL-2014 outputs: skipped, ../shared is absent");
await Deno.remove(oneGold);
await Deno.remove(oneSystem);
