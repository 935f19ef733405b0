/**
 * Writing a command's output file: whole or not at all, even when the user presses Ctrl-C.
 *
 * @module
 */

import { removeTemporaryFiles, writeFileAtomic } from "../util/write_file_atomic.ts";
import { InputError } from "../plugins/errors.ts";

/** The signals that end a process by default and that a program can catch. */
const SIGNALS: Deno.Signal[] = Deno.build.os === "windows"
  ? ["SIGINT", "SIGBREAK"]
  : ["SIGINT", "SIGTERM", "SIGHUP"];

/** The exit status of a process ended by each signal (128 + its number). */
const STATUS: Partial<Record<Deno.Signal, number>> = {
  SIGHUP: 129,
  SIGINT: 130,
  SIGTERM: 143,
  SIGBREAK: 149,
};

/**
 * Write an output file with {@linkcode writeFileAtomic}; a terminating signal (Ctrl-C, kill)
 * during the write removes the hidden temporary file and ends the process with the status the
 * signal would have given it, so nothing is left beside the output.
 *
 * @example Usage
 * ```ts
 * import { writeOutput } from "./write_output.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir({ dir: "/tmp" });
 * await writeOutput(`${dir}/out.txt`, "hello\n");
 * assert.equal(await Deno.readTextFile(`${dir}/out.txt`), "hello\n");
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param path The file to write.
 * @param text Its content.
 */
export async function writeOutput(path: string, text: string): Promise<void> {
  const listeners: [Deno.Signal, () => void][] = [];
  for (const signal of SIGNALS) {
    const listener = () => {
      removeTemporaryFiles();
      Deno.exit(STATUS[signal] ?? 1);
    };
    try {
      Deno.addSignalListener(signal, listener);
      listeners.push([signal, listener]);
    } catch {
      // Not supported here: the default handling stays.
    }
  }
  try {
    await writeFileAtomic(path, text);
  } finally {
    for (const [signal, listener] of listeners) Deno.removeSignalListener(signal, listener);
  }
}

/** How to give gecscore write permission, said in every error about it. */
export const HOW_TO_ALLOW_WRITE = "Deno runs gecscore without write permission: " +
  'run it as "deno run -R -W cli.ts ..." (or -W=FOLDER), or install it with -W ' +
  '("deno install -g -f -R -W --allow-run=deno --cached-only --unstable-worker-options -n gecscore cli.ts")';

/**
 * Check, before any work, that the process may write `path` and, since the file is written
 * beside it first, its folder. On a terminal where Deno would ask, it asks now (not after
 * the scoring); refused or not allowed, an {@linkcode InputError} names the file and says how
 * to allow writing.
 *
 * @example Usage
 * ```ts
 * import { checkWritable } from "./write_output.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir({ dir: "/tmp" });
 * assert.doesNotThrow(() => checkWritable(`${dir}/out.html`)); // the tests may write in /tmp
 * await Deno.remove(dir);
 * ```
 *
 * @param path The output file.
 */
export function checkWritable(path: string): void {
  const slash = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  const beside = `${slash >= 0 ? path.slice(0, slash + 1) : ""}.gecscore-write-check.tmp`;
  for (const target of [path, beside]) {
    const descriptor = { name: "write", path: target } as const;
    let state = Deno.permissions.querySync(descriptor).state;
    if (state === "prompt" && Deno.stdin.isTerminal()) {
      state = Deno.permissions.requestSync(descriptor).state;
    }
    if (state !== "granted") {
      throw new InputError(
        `cannot write file: ${
          target === path ? "" : "its folder is not writable; "
        }${HOW_TO_ALLOW_WRITE}`,
        path,
      );
    }
  }
}
