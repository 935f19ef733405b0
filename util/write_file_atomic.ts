/**
 * Writing a file whole or not at all.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";

/**
 * Write a file atomically: the text goes to a temporary file in the same folder, which is
 * then renamed over the target, so a failure never leaves a half-written file behind. A
 * terminating signal (Ctrl-C) during the write removes the temporary file before the process
 * ends; a file that is replaced keeps its permission bits. A target that is not a regular file
 * (`/dev/stdout`, a named pipe) is written directly.
 *
 * @example Usage
 * ```ts
 * import { writeFileAtomic } from "./write_file_atomic.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir({ dir: "/tmp" });
 * await writeFileAtomic(`${dir}/out.txt`, "hello\n");
 * assert.equal(await Deno.readTextFile(`${dir}/out.txt`), "hello\n");
 * await assert.rejects(writeFileAtomic(`${dir}/no/such/dir/out.txt`, "x"), /cannot write file/);
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param path The file to write.
 * @param text Its new content.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  if (await isSpecial(path)) {
    // A device, pipe or socket (/dev/stdout, a named pipe): a temporary file beside it
    // cannot be renamed over it, and needs no guarding. Write straight into it.
    try {
      await Deno.writeTextFile(path, text);
      return;
    } catch (error) {
      throw new InputError(`cannot write file: ${describe(error)}`, path);
    }
  }
  const slash = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  const dir = slash >= 0 ? path.slice(0, slash + 1) : "";
  const name = path.slice(slash + 1);
  const temp = `${dir}.${name}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  // A file being replaced keeps its permissions (an executable script stays executable, a
  // private file stays private); a new one gets the usual mode of a new file.
  const mode = await existingMode(path);
  // Interrupted (Ctrl-C, kill) while the temporary file exists: remove it before going, so
  // that no hidden `.NAME.XXXX.tmp` is left beside the output.
  const stop = onSignal(() => {
    try {
      Deno.removeSync(temp);
    } catch {
      // Not created yet, or already renamed.
    }
  });
  try {
    await Deno.writeTextFile(temp, text, { createNew: true, mode: mode ?? undefined });
    if (mode !== undefined) await Deno.chmod(temp, mode);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw new InputError(`cannot write file: ${describe(error)}`, path);
  } finally {
    stop();
  }
}

/** The permission bits of an existing regular file; undefined when new (or on Windows). */
async function existingMode(path: string): Promise<number | undefined> {
  if (Deno.build.os === "windows") return undefined;
  try {
    const info = await Deno.stat(path);
    return info.isFile && info.mode !== null ? info.mode & 0o777 : undefined;
  } catch {
    return undefined;
  }
}

/** The signals that end a process by default and that a program can catch. */
const SIGNALS: Deno.Signal[] = Deno.build.os === "windows"
  ? ["SIGINT", "SIGBREAK"]
  : ["SIGINT", "SIGTERM", "SIGHUP"];

/** The exit status of a process ended by each signal (128 + its number). */
const SIGNAL_STATUS: Partial<Record<Deno.Signal, number>> = {
  SIGHUP: 129,
  SIGINT: 130,
  SIGTERM: 143,
  SIGBREAK: 149,
};

/**
 * While a write is under way, a terminating signal runs `cleanup` and then ends the process
 * with the status the signal would have given it. Returns the function that stops listening.
 */
function onSignal(cleanup: () => void): () => void {
  const listeners: [Deno.Signal, () => void][] = [];
  for (const signal of SIGNALS) {
    const listener = () => {
      cleanup();
      Deno.exit(SIGNAL_STATUS[signal] ?? 1);
    };
    try {
      Deno.addSignalListener(signal, listener);
      listeners.push([signal, listener]);
    } catch {
      // Not supported here: the default handling stays.
    }
  }
  return () => {
    for (const [signal, listener] of listeners) Deno.removeSignalListener(signal, listener);
  };
}

/** Whether the path exists and is not a regular file (nor a folder): a device, FIFO, socket. */
async function isSpecial(path: string): Promise<boolean> {
  try {
    const info = await Deno.stat(path);
    return !info.isFile && !info.isDirectory;
  } catch {
    // Missing, or not readable: the ordinary way reports what is wrong.
    return false;
  }
}

function describe(error: unknown): string {
  return error instanceof Deno.errors.NotFound
    ? "no such folder"
    : error instanceof Deno.errors.NotCapable
    // Deno's own words say which flag is missing (some files need --allow-all).
    ? `permission denied (${error.message.split("\n")[0].replace(/^Requires/, "requires")})`
    : error instanceof Deno.errors.PermissionDenied
    ? "permission denied"
    : error instanceof Deno.errors.IsADirectory
    ? "is a directory"
    : error instanceof Error
    ? error.message.split("\n")[0]
    : String(error);
}
