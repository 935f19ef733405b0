/**
 * Running the command line as a user would, for the tests that check what it prints.
 *
 * @module
 */

/** The lock that pins every package a command may load. */
export const FULL_LOCK = `--lock=${new URL("../deno.lock", import.meta.url).pathname}`;
/** What one run printed and how it ended. */
export interface CliRun {
  /** The exit status. */
  code: number;
  /** Standard output. */
  stdout: string;
  /** Standard error. */
  stderr: string;
  /** The signal that ended the run, if one did (a run over its time limit is killed). */
  signal?: Deno.Signal | null;
}

/**
 * Run `deno run --allow-read cli.ts ARGS`: read-only permission, no colours.
 *
 * @param args The command line after `cli.ts`.
 * @returns The exit status and what was printed.
 */
export function gecscore(...args: string[]): Promise<CliRun> {
  return runCli(["--allow-read"], args);
}

/**
 * Run `deno run FLAGS cli.ts ARGS`, no colours; a run over `limitMs` is killed (SIGKILL).
 *
 * @param flags Deno flags, before `cli.ts` (permissions included).
 * @param args The command line after `cli.ts`.
 * @param limitMs The time limit.
 * @param stdin What standard input holds (default: the caller's, inherited).
 * @returns The exit status, the signal that ended the run, and what was printed.
 */
export async function runCli(
  flags: string[],
  args: string[],
  limitMs = 60_000,
  stdin?: string,
): Promise<CliRun> {
  const child = new Deno.Command(Deno.execPath(), {
    // deno.lock, which pins every package: deno.json's own lock (scoring.lock) leaves out the
    // report's chart engine, which a report run loads.
    args: ["run", FULL_LOCK, ...flags, "cli.ts", ...args],
    stdin: stdin === undefined ? "inherit" : "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const timer = setTimeout(() => child.kill("SIGKILL"), limitMs);
  if (stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(stdin));
    await writer.close();
  }
  const output = await child.output();
  clearTimeout(timer);
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return {
    code: output.code,
    signal: output.signal,
    stdout: decode(output.stdout),
    stderr: decode(output.stderr),
  };
}

/**
 * Make a FIFO at `path` and write `text` into it again and again until its reader goes away
 * (the pipe breaks): an input without end, for the tests of the read bounds.
 *
 * @param path Where the FIFO is made (its folder must exist).
 * @param text What is written each time.
 * @returns Once the FIFO is made: `writer`, which settles when the reader has gone and the FIFO
 * is closed (in an object: a promise returned by an async function would be awaited with it).
 */
export async function endlessFifo(
  path: string,
  text: string,
): Promise<{ writer: Promise<void> }> {
  const made = await new Deno.Command("mkfifo", { args: [path] }).output();
  if (!made.success) throw new Error(`mkfifo ${path} failed`);
  const writer = (async () => {
    const file = await Deno.open(path, { write: true });
    const block = new TextEncoder().encode(text);
    try {
      while (true) await file.write(block);
    } catch {
      // The reader stopped reading.
    } finally {
      try {
        file.close();
      } catch {
        // Closed already.
      }
    }
  })();
  return { writer };
}
