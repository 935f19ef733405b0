/**
 * A boxed plugin on a real terminal gets no permission, however it is run: Deno's permission
 * prompt must never reach the user (who might answer `y`). Each run happens in a
 * pseudo-terminal (util-linux `script`) that answers `y` to any prompt it sees; the hostile
 * plugin (`tests/testdata/plugins/escape.ts`) tries to read /etc/passwd, the environment, to
 * run a program, to reach the network, and to ask for read permission outright.
 */

import assert from "node:assert/strict";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEM = "tests/testdata/m2scorer_example_system";
const ESCAPE = "tests/testdata/plugins/escape.ts";
const KINDS = ["read", "env", "run", "net", "ask"];

function hasScript(): boolean {
  try {
    return new Deno.Command("script", { args: ["--version"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}

const SCRIPT = hasScript();
if (!SCRIPT) {
  console.warn("Skipping the terminal permission tests: util-linux `script` is not installed.");
}

/** Deno's prompt, old style ("Allow? [y/n/A]") and new style ("Permission Request"). */
const PROMPT = /Allow\?|Permission Request|\[y\/n/g;

/** A command in a pseudo-terminal that answers `y` to every permission prompt. */
class Terminal {
  #child: Deno.ChildProcess;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #screen = "";
  #reading: Promise<void>;
  /** How many prompts were answered `y`. */
  answered = 0;

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
        const prompts = this.#screen.match(PROMPT)?.length ?? 0;
        while (this.answered < prompts) {
          this.answered++;
          await this.type("y\r");
        }
      }
    })();
  }

  /** The output without escape sequences and carriage returns. */
  get text(): string {
    // deno-lint-ignore no-control-regex
    return this.#screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replace(/\r/g, "");
  }

  async type(keys: string): Promise<void> {
    await this.#writer.write(new TextEncoder().encode(keys)).catch(() => {});
  }

  /** Wait until the text after `from` matches. */
  async waitFor(pattern: RegExp, from = 0, timeout = 30_000): Promise<number> {
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

/** What a refused attempt of each kind reports, naming the plugin and the metric. */
function refusal(kind: string): RegExp {
  const what = {
    read: /NotCapable: Requires read access to "\/etc\/passwd"/,
    env: /NotCapable: Requires env access to "HOME"/,
    run: /NotCapable: Requires run access to "true"/,
    net: /net permission (denied|prompt)/,
    ask: /read permission (denied|prompt)/,
  }[kind]!;
  return new RegExp(`Plugin escape 1\\.0, metric "escape_${kind}"[^\\n]*${what.source}`);
}

/** Score one hostile metric with `score`; it must fail, naming the plugin, with no prompt. */
async function scoreOnce(launch: string, kind: string): Promise<void> {
  const term = new Terminal(
    `${launch} score --plugin ${ESCAPE} -m escape_${kind} --gold ${GOLD} ${SYSTEM}`,
  );
  const code = await term.close();
  assert.equal(term.answered, 0, `a prompt was shown:\n${term.text}`);
  assert.equal(code, 1, term.text);
  assert.match(term.text, refusal(kind));
  assert.doesNotMatch(term.text, /root:|Granted|leaked\s*\n[^\n]*\b1\b/);
}

/** Every hostile metric in the REPL on the terminal: each is an error naming the plugin. */
async function replAll(launch: string): Promise<void> {
  const term = new Terminal(`${launch} --plugin ${ESCAPE} --gold ${GOLD} ${SYSTEM}`);
  let at = await term.waitFor(/\[1\/3\]> $/);
  await term.type("score\r");
  at = await term.waitFor(/escape_ask[^\n]*stats\(\) threw[^\n]*\n/, at);
  await term.type("quit\r");
  const code = await term.close();
  assert.equal(term.answered, 0, `a prompt was shown:\n${term.text}`);
  assert.equal(code, 0, term.text); // the session went on after the errors
  for (const kind of KINDS) assert.match(term.text, refusal(kind));
  assert.doesNotMatch(term.text, /root:|Granted/);
}

const deno = Deno.execPath();

Deno.test({
  name: "a boxed plugin on a terminal gets no permission: gecscore's own command line",
  ignore: !SCRIPT,
  async fn(t) {
    // As `deno task gecscore` runs it.
    const config = JSON.parse(await Deno.readTextFile("deno.json"));
    const task = (config.tasks.gecscore as string).replace(/^deno /, `${deno} `);
    await t.step("score", () => scoreOnce(task, "read"));
    await t.step("repl", () => replAll(`${task} repl`));
  },
});

Deno.test({
  name: "a boxed plugin on a terminal gets no permission: -A without --no-prompt",
  ignore: !SCRIPT,
  async fn(t) {
    const all = `${deno} run -A --cached-only cli.ts`;
    for (const kind of KINDS) await t.step(`score, ${kind}`, () => scoreOnce(all, kind));
    await t.step("repl.ts", () => replAll(`${deno} run -A --cached-only repl.ts`));
  },
});

Deno.test({
  name: "a boxed plugin on a terminal gets no permission: the command installed as README says",
  ignore: !SCRIPT,
  async fn(t) {
    const root = await Deno.makeTempDir({ prefix: "gecscore_install_" });
    try {
      const readme = await Deno.readTextFile("README.md");
      assert.match(
        readme,
        /^deno task install\b/m,
        "README does not install with `deno task install`",
      );
      const install = await new Deno.Command(deno, {
        args: ["task", "install"],
        env: { DENO_INSTALL_ROOT: root },
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.equal(install.code, 0, new TextDecoder().decode(install.stderr));
      const installed = `${root}/bin/gecscore`;
      await t.step("score", () => scoreOnce(installed, "read"));
      await t.step("repl", () => replAll(`${installed} repl`));
      // The installed command's lock is deno.lock (util/install_lock.ts), which pins the report's
      // chart engine too (scoring.lock, this folder's, leaves it out).
      await t.step("report, with its charts", async () => {
        const report = await new Deno.Command(installed, {
          args: ["report", "-o", "-", "--gold", GOLD, SYSTEM],
          stdout: "piped",
          stderr: "piped",
        }).output();
        const err = new TextDecoder().decode(report.stderr);
        assert.equal(report.code, 0, err);
        assert.match(new TextDecoder().decode(report.stdout), /<svg/);
      });
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  },
});
