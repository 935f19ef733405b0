/**
 * The REPL's long commands on a real terminal (a pseudo-terminal under util-linux `script`):
 * the progress bar redraws its line with a carriage return (never a visible `\x0d`), and
 * Ctrl-C during `compare` with a boxed plugin loaded cancels the command, keeps the REPL, and
 * stops the work: the process uses next to no CPU time while it waits at the prompt after the
 * cancel (measured from `/proc/PID/stat`, Linux).
 */

import assert from "node:assert/strict";

const EXAMPLE = "tests/testdata/m2scorer_example";

function hasScript(): boolean {
  try {
    return new Deno.Command("script", { args: ["--version"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}

const SCRIPT = hasScript() && Deno.build.os === "linux";
if (!SCRIPT) {
  console.warn("Skipping the REPL interrupt tests: they need Linux and util-linux `script`.");
}

/** A REPL in a pseudo-terminal: type keys, wait for screen text. */
class Terminal {
  #child: Deno.ChildProcess;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #screen = "";
  #reading: Promise<void>;

  constructor(command: string) {
    this.#child = new Deno.Command("script", {
      args: ["-qfec", command, "/dev/null"],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1", TERM: "xterm" },
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    const stdout = this.#child.stdout;
    this.#reading = (async () => {
      for await (const chunk of stdout.pipeThrough(new TextDecoderStream())) {
        this.#screen += chunk;
      }
    })();
  }

  /** The process id of `script`. */
  get pid(): number {
    return this.#child.pid;
  }

  /** Everything printed so far, as the terminal received it. */
  get raw(): string {
    return this.#screen;
  }

  /** The output without escape sequences and carriage returns. */
  get text(): string {
    // deno-lint-ignore no-control-regex
    return this.#screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replace(/\r/g, "");
  }

  async type(keys: string): Promise<void> {
    await this.#writer.write(new TextEncoder().encode(keys));
  }

  /** Wait until the text after `from` matches; the index after the match. */
  async waitFor(pattern: RegExp, from = 0, timeout = 60_000): Promise<number> {
    const until = Date.now() + timeout;
    while (Date.now() < until) {
      const m = pattern.exec(this.text.slice(from));
      if (m) return from + m.index + m[0].length;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`Timed out waiting for ${pattern}; screen:\n${this.text}`);
  }

  /** Wait for the end (killing the command after `timeout`); its exit code. */
  async close(timeout = 60_000): Promise<number> {
    const timer = setTimeout(() => this.#child.kill("SIGKILL"), timeout);
    const status = await this.#child.status;
    clearTimeout(timer);
    await this.#writer.close().catch(() => {});
    await this.#reading;
    await this.#child.stderr.cancel().catch(() => {});
    return status.code;
  }
}

/** A program's standard output (`/proc` is read through programs: Deno asks -A for it). */
function run(program: string, args: string[]): string {
  const out = new Deno.Command(program, { args, stderr: "null" }).outputSync();
  return new TextDecoder().decode(out.stdout);
}

/** The REPL's process under `script`: a descendant whose command line names repl.ts. */
function replPid(scriptPid: number): number {
  const rows = run("ps", ["-eo", "pid=,ppid=,args="]).trim().split("\n").map((line) => {
    const [, pid, ppid, args] = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line)!;
    return { pid: Number(pid), ppid: Number(ppid), args };
  });
  const below = new Set([scriptPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (below.has(row.ppid) && !below.has(row.pid)) grew = !!below.add(row.pid);
    }
  }
  const found = rows.find((r) => below.has(r.pid) && r.args.split(" ").includes("repl.ts"));
  assert.ok(found, "the REPL's process was not found");
  return found.pid;
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(run("getconf", ["CLK_TCK"]).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system, every thread) the process has used, in seconds. */
function cpuSeconds(pid: number): number {
  const stat = run("cat", [`/proc/${pid}/stat`]);
  // Fields after the command name (which may hold spaces), from field 3 on.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** CPU seconds the process uses over `seconds` of wall time. */
async function cpuOver(pid: number, seconds: number): Promise<number> {
  const before = cpuSeconds(pid);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return cpuSeconds(pid) - before;
}

/** The example gold and two systems, `copies` times over: a corpus long enough to interrupt. */
async function bigCorpus(dir: string, copies: number): Promise<[string, string, string]> {
  const paths: [string, string, string] = [`${dir}/gold.m2`, `${dir}/sysA`, `${dir}/sysB`];
  const sources = [`${EXAMPLE}.m2`, `${EXAMPLE}_system`, `${EXAMPLE}_system2`];
  for (let k = 0; k < 3; k++) {
    await Deno.writeTextFile(paths[k], (await Deno.readTextFile(sources[k])).repeat(copies));
  }
  return paths;
}

const REPL = `${Deno.execPath()} run --allow-read --no-prompt --cached-only repl.ts`;

Deno.test({
  name: "REPL on a terminal: the progress bar redraws its line, with no visible \\x0d",
  ignore: !SCRIPT,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "gecscore_repl_progress_" });
    try {
      // Every metric on 30,000 sentences: long enough for the bar, which shows once a command
      // has taken a second (9,000 were done in under a second on a quiet machine).
      const [gold, sysA] = await bigCorpus(dir, 10_000);
      const term = new Terminal(`${REPL} --gold ${gold} ${sysA}`);
      let at = await term.waitFor(/\]> $/);
      await term.type("set m2.max_unchanged_words 3\r");
      at = await term.waitFor(/m2\.max_unchanged_words = 3 .*\n.*\]> $/, at);
      const start = term.raw.length;
      await term.type("corpus sysA\r");
      at = await term.waitFor(/sysA +0\.8000 .*\n(.*\n)*.*\]> $/, at);
      await term.type("quit\r");
      assert.equal(await term.close(), 0, term.text);
      const shown = term.raw.slice(start);
      assert.ok(!shown.includes("\\x0d"), `a visible \\x0d:\n${JSON.stringify(shown)}`);
      assert.match(shown, /\rcomputing \[[#-]+\] +\d+% \d+\/\d+/, "the bar was drawn");
      assert.ok(shown.includes("\r\x1b[K"), "the bar's line was cleared");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "REPL on a terminal: Ctrl-C during compare with a boxed plugin stops the work",
  ignore: !SCRIPT,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "gecscore_repl_cancel_" });
    try {
      const [gold, sysA, sysB] = await bigCorpus(dir, 3_000);
      const term = new Terminal(
        `${REPL} --plugin examples/token_f.ts --gold ${gold} ${sysA} ${sysB}`,
      );
      let at = await term.waitFor(/\[1\/9000\]> $/);
      const pid = replPid(term.pid);
      // Cancelled while the statistics are computed (every metric, the plugin's too)...
      await term.type("compare sysA sysB\r");
      at = await term.waitFor(/computing \[/, at);
      await term.type("\x03");
      at = await term.waitFor(/error: cancelled \(Ctrl-C\)\n\[1\/9000\]> $/, at);
      await new Promise((r) => setTimeout(r, 500)); // let the cancel settle
      const idle = await cpuOver(pid, 3);
      assert.ok(idle < 0.3, `after the cancel, idle at the prompt, the REPL used ${idle} s of CPU`);
      // ... and while resampling, with the plugin's statistics in the cache.
      await term.type("compare sysA sysB token_f samples=10\r");
      at = await term.waitFor(/sysB .*\n\[1\/9000\]> $/, at);
      await term.type("compare sysA sysB token_f samples=1000000\r");
      await new Promise((r) => setTimeout(r, 1500));
      await term.type("\x03");
      at = await term.waitFor(/error: cancelled \(Ctrl-C\)\n\[1\/9000\]> $/, at);
      await new Promise((r) => setTimeout(r, 500));
      const after = await cpuOver(pid, 3);
      assert.ok(
        after < 0.3,
        `after the cancel, idle at the prompt, the REPL used ${after} s of CPU`,
      );
      // The REPL is still there and answers.
      await term.type("goto 2\r");
      at = await term.waitFor(/Sentence 2 of 9000(.*\n)*\[2\/9000\]> $/, at);
      await term.type("quit\r");
      assert.equal(await term.close(), 0, term.text);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("REPL: a plugin stopped in the middle of its code, whose thread runs on, is named once", async () => {
  // Deno cannot interrupt a worker busy in JavaScript: runaway.ts spins on after its stop and
  // keeps a core busy. The REPL cannot take the CPU back; it says so, naming the plugin.
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--no-prompt",
      "--cached-only",
      "repl.ts",
      "--plugin-timeout",
      "1",
      "--plugin",
      "tests/testdata/plugins/runaway.ts",
      "--gold",
      `${EXAMPLE}.m2`,
      `${EXAMPLE}_system`,
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode("score runaway\nscore runaway\ngoto 2\n"));
  await writer.close();
  const output = await child.output();
  const stderr = new TextDecoder().decode(output.stderr);
  const warnings = stderr.match(/^warning: .*$/gm) ?? [];
  assert.deepEqual(warnings, [
    "warning: Plugin tests/testdata/plugins/runaway.ts (runaway 1.0) was stopped in the middle of its code (stats() ran over the time limit); Deno cannot interrupt its thread, which may keep a CPU core busy until the program ends: leave the REPL (quit) to stop it",
  ]);
  assert.match(stderr, /^error: line 1: .*stats\(\) did not finish within 1 s/m);
  assert.match(stderr, /^error: line 2: .*the plugin was stopped earlier/m);
  assert.match(new TextDecoder().decode(output.stdout), /^Sentence 2 of 3 /m);
  assert.equal(output.code, 1);
});
