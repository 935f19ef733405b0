/**
 * The speed targets of issue 36 on CoNLL-2014, measured side by side: the official m2scorer 3.2
 * on one system (when a checkout is given), `score -m m2,gleu,imeasure` of the 13 outputs, and
 * `report` of them (95% bootstrap intervals and paired bootstrap against the first system, the
 * default). Each command runs `--runs` times (default 5), the commands taking turns, so that a
 * change in the machine's load hits them alike; it prints the best and median wall time, the
 * user CPU of the best run, the peak memory of all runs (`/usr/bin/time`) and the load average
 * before and after. With `--base DIR` (another checkout of gecscore, beside `shared` as this
 * one is) its `score` and `report` take turns with this checkout's, for a before/after.
 *
 * ```sh
 * deno run --allow-read --allow-run --allow-write=/tmp bench/speed_targets.ts \
 *   [--runs 5] [--m2scorer PATH/TO/m2scorer.py --python2 PATH/TO/python2.7] [--base DIR]
 * ```
 *
 * Targets: `score` at most a tenth of m2scorer's wall time on one system and under 200 MB
 * peak; `report` at most twice `score`'s wall time.
 *
 * @module
 */
import { CONLL2014_SYSTEMS, shared, SHARED_AVAILABLE } from "../tests/shared.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const flag = (name: string) => {
  const at = Deno.args.indexOf(name);
  return at >= 0 ? Deno.args[at + 1] : undefined;
};
const RUNS = Number(flag("--runs") ?? 5);
const M2SCORER = flag("--m2scorer");
const PYTHON2 = flag("--python2") ?? "python2";
const BASE = flag("--base");

if (!SHARED_AVAILABLE) {
  console.log("skipped: the CoNLL-2014 data (../shared) is absent");
  Deno.exit(0);
}

const gold = shared("data/conll2014/gold/official-2014.combined.m2");
const systems = CONLL2014_SYSTEMS.map((s) => shared(`data/conll2014/systems/${s}`));
const deno = [
  "run",
  "--allow-read",
  "--allow-write=/tmp",
  "--no-prompt",
  "--cached-only",
  "--v8-flags=--max-semi-space-size=4",
  "cli.ts",
];
const metrics = ["-m", "m2,gleu,imeasure"];

interface Job {
  name: string;
  cmd: string;
  args: string[];
  cwd: string;
  results: { s: number; kb: number; user: number }[];
}

function job(name: string, cmd: string, args: string[], cwd = ROOT): Job {
  return { name, cmd, args, cwd, results: [] };
}

const jobs: Job[] = [];
if (M2SCORER) {
  jobs.push(
    job("m2scorer 3.2, AMU alone", PYTHON2, [M2SCORER, shared("data/conll2014/systems/AMU"), gold]),
  );
}
for (const [label, dir] of BASE ? [["base", BASE], ["this", ROOT]] : [["this", ROOT]]) {
  jobs.push(
    job(`${label}: score, 13 outputs`, Deno.execPath(), [
      ...deno,
      "score",
      "--gold",
      gold,
      ...metrics,
      ...systems,
    ], dir),
  );
  jobs.push(
    job(`${label}: report, 13 outputs`, Deno.execPath(), [
      ...deno,
      "report",
      "--gold",
      gold,
      ...metrics,
      ...systems,
      "-o",
      `/tmp/speed_targets_${label}.html`,
    ], dir),
  );
}

async function run(j: Job): Promise<void> {
  const start = performance.now();
  const { code, stderr } = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "%M %U", j.cmd, ...j.args],
    cwd: j.cwd,
    stdout: "null",
    stderr: "piped",
  }).output();
  const s = (performance.now() - start) / 1000;
  const text = new TextDecoder().decode(stderr).trim();
  if (code !== 0) throw new Error(`${j.name} failed: ${text}`);
  const [kb, user] = text.split("\n").at(-1)!.split(" ").map(Number);
  j.results.push({ s, kb, user });
}

const load = async () =>
  new TextDecoder().decode(
    (await new Deno.Command("cat", { args: ["/proc/loadavg"], stdout: "piped" }).output()).stdout,
  ).split(" ").slice(0, 3).join(" ");
console.log(
  `${RUNS} runs each, taking turns; ${navigator.hardwareConcurrency} cores; load ${await load()}`,
);
for (let i = 0; i < RUNS; i++) for (const j of jobs) await run(j);
console.log(`load after: ${await load()}`);
const best: Record<string, number> = {};
for (const j of jobs) {
  const sorted = [...j.results].sort((a, b) => a.s - b.s);
  best[j.name] = sorted[0].s;
  console.log(
    `${j.name.padEnd(30)} best ${sorted[0].s.toFixed(2)} s  median ${
      sorted[Math.floor(sorted.length / 2)].s.toFixed(2)
    } s  user ${sorted[0].user.toFixed(2)} s  peak ${
      (Math.max(...sorted.map((r) => r.kb)) / 1024).toFixed(0)
    } MB`,
  );
}
const score = best["this: score, 13 outputs"];
const report = best["this: report, 13 outputs"];
if (M2SCORER) {
  const m2 = best["m2scorer 3.2, AMU alone"];
  console.log(`score / m2scorer: ${(score / m2).toFixed(3)} (target at most 0.1)`);
}
console.log(`report / score: ${(report / score).toFixed(2)} (target at most 2)`);
