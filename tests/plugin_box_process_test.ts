/**
 * A boxed plugin in a process of its own (`sandbox/process_box.ts`), as gecscore runs when it may
 * run deno (`--allow-run=deno`, here deno's own path): what the worker box could not stop.
 *
 * - node's `fs.writeSync(1, ...)` bypasses every patched stream of a worker: its forged row
 *   reaches the user only as the plugin's labelled line on standard error, never on standard
 *   output (`--format tsv`, `json`);
 * - a message shaped as the box's own, written there with a guessed secret, is its text too;
 * - what it reads on file descriptor 0 is never the program's standard input;
 * - it learns neither the working folder nor the program's command line; its executable is deno;
 * - a plugin busy in JavaScript and stopped for time is killed with its process: the program is
 *   idle afterwards (CPU time of the program and everything it started, over 2 idle seconds);
 * - between calls its process is stopped, so it spends no CPU while the REPL waits.
 */

import assert from "node:assert/strict";
import { runCli } from "./run_cli.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";
const RAW = "tests/testdata/plugins/raw_fd.ts";
const RUNAWAY = "tests/testdata/plugins/runaway.ts";
const STDIN = "SECRET-STDIN-LINE\n";
/** The permissions of gecscore's `deno task gecscore`, with deno named by its path. */
const PERMISSIONS = ["--allow-read", `--allow-run=${Deno.execPath()}`, "--no-prompt"];
const decode = (b: Uint8Array) => new TextDecoder().decode(b);

/** Run the CLI with standard input piped (holding STDIN); killed after 60 s. */
const gecscore = (args: string[]) => runCli(PERMISSIONS, args, 60_000, STDIN);

const score = (metrics: string, ...more: string[]) =>
  gecscore(["score", "--plugin", RAW, "-m", metrics, "--gold", GOLD, SYSTEM, ...more]);

Deno.test("a row forged through fs.writeSync(1) reaches only standard error, labelled", async (t) => {
  for (const format of ["tsv", "json"]) {
    await t.step(format, async () => {
      const r = await score("m2,rawforge", "--format", format);
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stdout, /FORGED/);
      if (format === "tsv") {
        const rows = r.stdout.trimEnd().split("\n");
        assert.equal(rows[0], "system\tmetric\tsentence\tfield\tvalue");
        for (const row of rows.slice(1)) assert.match(row, /^m2scorer_example_system\t/);
      } else {
        assert.equal(JSON.parse(r.stdout).systems[0].metrics.m2.f, 0.8);
      }
      assert.match(
        r.stderr,
        /^\[plugin tests\/testdata\/plugins\/raw_fd\.ts\] m2\tFORGED-RAW-ROW/m,
      );
      // Its raw escapes on file descriptor 2 are shown as text, labelled.
      assert.match(
        r.stderr,
        /^\[plugin tests\/testdata\/plugins\/raw_fd\.ts\] \\x1b\]0;owned-raw\\x07\\x1b\[2Jraw-escape$/m,
      );
      // deno-lint-ignore no-control-regex
      assert.doesNotMatch(r.stderr, /[\u0000-\u0008\u000b-\u001f\u007f]/);
    });
  }
});

Deno.test("a message forged on file descriptor 1 without the box's secret is the plugin's text", async () => {
  // Its own score is n 1; the forged answers say n 99.
  const r = await score("fakeframe", "--format", "json");
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).systems[0].metrics.fakeframe.n, 1);
  const lines = r.stderr.split("\n").filter((l) => l.includes("answer"));
  assert.ok(lines.length >= 2, r.stderr);
  for (const line of lines) assert.match(line, /^\[plugin tests\/testdata\/plugins\/raw_fd\.ts\] /);
  // deno-lint-ignore no-control-regex
  assert.doesNotMatch(r.stderr, /[\u0000-\u0008\u000b-\u001f\u007f]/);
});

Deno.test("a plugin reading file descriptor 0 gets none of the program's input, and is stopped by name", async () => {
  const r = await score("m2,rawread", "--plugin-timeout", "3");
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stdout, "");
  assert.doesNotMatch(r.stderr, /SECRET-STDIN/);
  assert.match(r.stderr, /^gecscore: Plugin raw_fd 1\.0, metric "rawread"/m);
});

Deno.test("a plugin learns neither the working folder nor the command line; its executable is deno", async () => {
  const r = await score("rawwhere", "--format", "json");
  assert.equal(r.code, 0, r.stderr);
  const line = r.stderr.split("\n").find((l) => l.includes("where: ")) ?? "";
  const seen = Object.fromEntries(
    line.slice(line.indexOf("where: ") + 7).split(" | ").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at), part.slice(at + 1)];
    }),
  );
  // What it sees: deno's executable (the program's own is deno too, which tells it nothing of
  // the program), no working folder, no command line.
  assert.equal(seen["process.execPath"], Deno.execPath());
  assert.match(seen["Deno.cwd"], /^refused/);
  assert.match(seen["process.cwd"], /^refused/);
  assert.match(seen["realpath"], /^refused/);
  assert.match(seen["readdir"], /^refused/);
  assert.equal(seen["Deno.args"], "[]");
  assert.ok(!line.includes(Deno.cwd()), line);
  assert.ok(!line.includes("m2scorer_example"), line);
});

Deno.test("a memory bomb in the box's process is stopped with one line naming its growth", async () => {
  for (const bomb of ["heap_bomb", "buffer_bomb", "load_bomb"]) {
    const plugin = `tests/testdata/plugins/${bomb}.ts`;
    const r = await gecscore([
      "--plugin-memory",
      "96",
      "--plugin",
      plugin,
      "score",
      "--gold",
      GOLD,
      SYSTEM,
    ]);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stdout, "");
    const stopped = bomb === "load_bomb"
      ? `Plugin ${plugin} was stopped while it loaded`
      : `Plugin ${plugin} \\(${bomb} 1\\.0\\) was stopped`;
    assert.match(
      r.stderr,
      new RegExp(
        `^gecscore: ${stopped}: it went over the plugin memory limit of 96 MB \\((\\d+) MB\\)\n$`,
      ),
    );
    // The growth the box measured, not the limit restated.
    const grew = Number(/\((\d+) MB\)\n$/.exec(r.stderr)![1]);
    assert.ok(grew > 96, r.stderr);
  }
});

/** Every process now: its parent, state letter (R, S, T stopped...) and CPU ticks so far. */
async function processes(): Promise<Map<number, { ppid: number; state: string; ticks: number }>> {
  // Deno asks for every permission to read /proc/PID files; cat reads them.
  const output = await new Deno.Command("sh", {
    args: ["-c", "cat /proc/[0-9]*/stat 2>/dev/null; true"],
    stdout: "piped",
    stderr: "null",
  }).output();
  const table = new Map<number, { ppid: number; state: string; ticks: number }>();
  for (const line of decode(output.stdout).split("\n")) {
    const close = line.lastIndexOf(")");
    if (close < 0) continue;
    const fields = line.slice(close + 2).split(" ");
    table.set(Number(line.slice(0, line.indexOf(" "))), {
      ppid: Number(fields[1]),
      state: fields[0],
      ticks: Number(fields[11]) + Number(fields[12]),
    });
  }
  return table;
}

/** The processes below `pid` (its children, theirs...), with their state letters. */
async function descendants(pid: number): Promise<{ pid: number; state: string }[]> {
  const table = await processes();
  const found: { pid: number; state: string }[] = [];
  const visit = (parent: number) => {
    for (const [child, info] of table) {
      if (info.ppid !== parent) continue;
      found.push({ pid: child, state: info.state });
      visit(child);
    }
  };
  visit(pid);
  return found;
}

/** CPU seconds (user and system) used so far by a process and every process below it. */
async function treeCpuSeconds(pid: number): Promise<number> {
  const table = await processes();
  assert.ok(table.has(pid), `process ${pid} is gone`);
  let ticks = table.get(pid)!.ticks;
  for (const child of await descendants(pid)) ticks += table.get(child.pid)?.ticks ?? 0;
  return ticks / 100;
}

/** A REPL with standard input kept open; its standard error gathered as it comes. */
function repl(args: string[]) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...PERMISSIONS, "--cached-only", "repl.ts", ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const writer = child.stdin.getWriter();
  let stderr = "";
  let stdout = "";
  const reading = Promise.all([
    child.stderr.pipeTo(new WritableStream({ write: (c) => void (stderr += decode(c)) })),
    child.stdout.pipeTo(new WritableStream({ write: (c) => void (stdout += decode(c)) })),
  ]);
  return {
    pid: child.pid,
    type: (text: string) => writer.write(new TextEncoder().encode(text)),
    /** Wait (up to 30 s) until standard error and output hold `count` matches of `pattern`. */
    async waitFor(pattern: RegExp, count = 1): Promise<void> {
      const until = Date.now() + 30_000;
      const all = new RegExp(pattern.source, "gm");
      while (((stderr + stdout).match(all)?.length ?? 0) < count) {
        if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}:\n${stderr}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await writer.close();
      const status = await child.status;
      await reading;
      return { code: status.code, stderr, stdout };
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("a busy plugin stopped for time leaves the program idle: its process is killed", async () => {
  const session = repl([
    "--plugin-timeout",
    "1",
    "--plugin",
    RUNAWAY,
    "--gold",
    GOLD,
    SYSTEM,
  ]);
  let idle = Infinity;
  let left: { pid: number; state: string }[] = [];
  try {
    await session.type("score runaway\n");
    await session.waitFor(/stats\(\) did not finish within 1 s/);
    await sleep(500); // let the stop settle
    const before = await treeCpuSeconds(session.pid);
    await sleep(2000);
    idle = await treeCpuSeconds(session.pid) - before;
    left = await descendants(session.pid);
  } finally {
    const r = await session.close();
    assert.ok(idle < 0.2, `over 2 idle seconds after the stop, the REPL used ${idle} s of CPU`);
    assert.deepEqual(left, [], "no box process is left");
    // Nothing runs on, so nothing is said to.
    assert.doesNotMatch(r.stderr, /may keep a CPU core busy/);
    assert.match(r.stderr, /^error: line 1: .*stats\(\) did not finish within 1 s/m);
  }
});

Deno.test("between calls, a boxed plugin's process is stopped: no CPU while the REPL waits", async () => {
  const session = repl(["--plugin", "examples/token_f.ts", "--gold", GOLD, SYSTEM]);
  try {
    await session.type("corpus token_f\n");
    await session.waitFor(/^token_f: token_f\|/);
    await sleep(1500); // idle for longer than the box waits before it stops the process
    const boxes = await descendants(session.pid);
    assert.equal(boxes.length, 1, JSON.stringify(boxes));
    assert.equal(boxes[0].state, "T", "the box's process is stopped");
    const before = await treeCpuSeconds(session.pid);
    await sleep(2000);
    const idle = await treeCpuSeconds(session.pid) - before;
    assert.ok(idle < 0.2, `over 2 idle seconds, the REPL and its box used ${idle} s of CPU`);
    // The next call continues it, and it answers.
    await session.type("set token_f.beta 2\ncorpus token_f\n");
    await session.waitFor(/^token_f: token_f\|beta:2\|/);
  } finally {
    const r = await session.close();
    assert.equal(r.code, 0, r.stderr);
  }
});
