/**
 * Keeping Deno's permission prompt away from boxed plugins. A worker started with no
 * permissions still inherits the program's prompting: on a terminal, a plugin that reaches for
 * a file, the environment, a program or the network makes Deno ask the user (in words that do
 * not name the plugin), and answering `y` grants it. Two layers stop that:
 *
 * 1. Every documented way to run gecscore passes Deno's `--no-prompt`, so nothing can prompt.
 * 2. When a program may still prompt — standard input and error are a terminal and
 *    `--no-prompt` (or `DENO_NO_PROMPT=1`) cannot be seen — the box holds standard input in
 *    cbreak mode (no line editing, no echo; Ctrl-C still works) for as long as a boxed plugin
 *    lives. Deno refuses to prompt on a terminal in that mode (it could not read the answer),
 *    so every request is denied. The mode is restored when the last box stops and at exit.
 *
 * A program that already keeps the terminal raw (the REPL's line editor) is left alone: Deno
 * does not prompt then either.
 *
 * @module
 */

import process from "node:process";

/** Whether a permission is granted now, asked without any chance of a prompt. */
function granted(descriptor: Deno.PermissionDescriptor): boolean {
  try {
    return Deno.permissions.querySync(descriptor).state === "granted";
  } catch {
    return false;
  }
}

/** The program's own command line (Linux), when it may be read without asking; else undefined. */
function commandLine(): string[] | undefined {
  const path = "/proc/self/cmdline";
  if (Deno.build.os !== "linux" || !granted({ name: "read", path })) return undefined;
  try {
    return Deno.readTextFileSync(path).split("\0").filter((a) => a !== "");
  } catch {
    return undefined;
  }
}

/**
 * Whether Deno was told not to prompt, as far as the program can see: `--no-prompt` among
 * Deno's own flags (before the main module; Linux, with read access to `/proc`), or
 * `DENO_NO_PROMPT=1` in an environment it may read.
 *
 * @example Usage
 * ```ts
 * import { promptsDisabled } from "./no_prompt.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(typeof promptsDisabled(), "boolean");
 * ```
 *
 * @returns True when prompting is known to be off.
 */
export function promptsDisabled(): boolean {
  if (granted({ name: "env", variable: "DENO_NO_PROMPT" })) {
    if (Deno.env.get("DENO_NO_PROMPT") === "1") return true;
  }
  const args = commandLine();
  if (!args) return false;
  const main = Deno.mainModule;
  const cwd = `file://${Deno.cwd().replace(/\/?$/, "/")}`;
  const isMain = (arg: string) => {
    try {
      return arg === main || new URL(arg, cwd).href === main;
    } catch {
      return false;
    }
  };
  const end = args.findIndex((arg, i) => i > 0 && isMain(arg));
  return (end < 0 ? args : args.slice(0, end)).includes("--no-prompt");
}

/**
 * Whether a permission request could reach the user now: Deno prompts only when standard input
 * and standard error are both a terminal, and prompting was not turned off.
 *
 * @example Usage
 * ```ts
 * import { promptsPossible } from "./no_prompt.ts";
 * import assert from "node:assert/strict";
 *
 * // Tests run with standard input not a terminal, where Deno never prompts.
 * if (!Deno.stdin.isTerminal()) assert.equal(promptsPossible(), false);
 * ```
 *
 * @returns True when a prompt could be shown.
 */
export function promptsPossible(): boolean {
  return Deno.stdin.isTerminal() && Deno.stderr.isTerminal() && !promptsDisabled();
}

let holders = 0;
let held = false;

function restore(): void {
  if (!held) return;
  held = false;
  // Someone took the terminal raw after us (the REPL's line editor): it is theirs now.
  if (process.stdin.isRaw) return;
  try {
    Deno.stdin.setRaw(false);
  } catch {
    // The terminal went away; nothing to restore.
  }
}

/**
 * Hold the terminal so that Deno cannot prompt while a boxed plugin lives (see the module
 * doc); a no-op when no prompt is possible. Call the function returned when the plugin stops;
 * the terminal's mode comes back when the last holder lets go, and at exit.
 *
 * @example Usage
 * ```ts
 * import { holdPrompts } from "./no_prompt.ts";
 *
 * const release = holdPrompts();
 * release();
 * release(); // a second call does nothing
 * ```
 *
 * @returns The release function.
 */
export function holdPrompts(): () => void {
  if (!held && holders === 0 && promptsPossible() && !process.stdin.isRaw) {
    try {
      Deno.stdin.setRaw(true, { cbreak: true });
      held = true;
      globalThis.addEventListener("unload", restore, { once: true });
    } catch {
      // Not a terminal after all.
    }
  }
  holders++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holders === 0) restore();
  };
}
