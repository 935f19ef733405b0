/**
 * Writing a command's output file: whole or not at all, even when the user presses Ctrl-C.
 *
 * @module
 */

import { removeTemporaryFiles, writeFileAtomic } from "../util/write_file_atomic.ts";

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
