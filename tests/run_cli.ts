/**
 * Running the command line as a user would, for the tests that check what it prints.
 *
 * @module
 */

/** What one run printed and how it ended. */
export interface CliRun {
  /** The exit status. */
  code: number;
  /** Standard output. */
  stdout: string;
  /** Standard error. */
  stderr: string;
}

/**
 * Run `deno run --allow-read cli.ts ARGS`: read-only permission, no colours.
 *
 * @param args The command line after `cli.ts`.
 * @returns The exit status and what was printed.
 */
export function gecscore(...args: string[]): Promise<CliRun> {
  return gecscoreWith([], ...args);
}

/**
 * Run `deno run --allow-read FLAGS cli.ts ARGS`, as {@linkcode gecscore} with Deno flags of its
 * own (such as `--v8-flags=...`).
 *
 * @param flags Deno flags, before `cli.ts`.
 * @param args The command line after `cli.ts`.
 * @returns The exit status and what was printed.
 */
export async function gecscoreWith(flags: string[], ...args: string[]): Promise<CliRun> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", ...flags, "cli.ts", ...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}
