/**
 * Writing a file whole or not at all.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";

/**
 * Write a file atomically: the text goes to a temporary file in the same folder, which is
 * then renamed over the target, so a failure never leaves a half-written file behind; a
 * file that is replaced keeps its permission bits. A program that handles Ctrl-C calls
 * {@linkcode removeTemporaryFiles} before it exits. A target that is not a regular file
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
  // Known while it exists, so that a program interrupted (Ctrl-C) can remove it before
  // going: see removeTemporaryFiles().
  inFlight.add(temp);
  try {
    await Deno.writeTextFile(temp, text, { createNew: true, mode: mode ?? undefined });
    if (mode !== undefined) await Deno.chmod(temp, mode);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw new InputError(`cannot write file: ${describe(error)}`, path);
  } finally {
    inFlight.delete(temp);
  }
}

/** A file being written piece by piece, whole or not at all: see {@linkcode openFileAtomic}. */
export interface AtomicFile {
  /** Append text (to the temporary file; nothing is at the target yet). */
  write(text: string | Uint8Array): Promise<void>;
  /** Close the temporary file and rename it over the target. */
  commit(): Promise<void>;
  /** Close and remove the temporary file; the target is left as it was. */
  abort(): Promise<void>;
}

/**
 * Open a file to be written in pieces, atomically: the pieces go to a temporary file in the
 * same folder (known to {@linkcode removeTemporaryFiles} while it exists), which `commit()`
 * renames over the target; `abort()`, a failure or an interruption leaves the target as it
 * was. For output too large to hold in memory. A target that is not a regular file
 * (`/dev/stdout`, a named pipe) is written directly.
 *
 * @example Usage
 * ```ts
 * import { openFileAtomic } from "./write_file_atomic.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir({ dir: "/tmp" });
 * const file = await openFileAtomic(`${dir}/out.txt`);
 * await file.write("hello ");
 * await file.write("world\n");
 * await assert.rejects(Deno.stat(`${dir}/out.txt`));
 * await file.commit();
 * assert.equal(await Deno.readTextFile(`${dir}/out.txt`), "hello world\n");
 * const other = await openFileAtomic(`${dir}/out.txt`);
 * await other.write("half");
 * await other.abort();
 * assert.equal(await Deno.readTextFile(`${dir}/out.txt`), "hello world\n");
 * assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["out.txt"]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param path The file to write.
 * @returns The open file.
 */
export async function openFileAtomic(path: string): Promise<AtomicFile> {
  const special = await isSpecial(path);
  const slash = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  const dir = slash >= 0 ? path.slice(0, slash + 1) : "";
  const name = path.slice(slash + 1);
  const temp = special ? path : `${dir}.${name}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  const mode = special ? undefined : await existingMode(path);
  if (!special) inFlight.add(temp);
  let file: Deno.FsFile;
  try {
    file = await Deno.open(
      temp,
      special ? { write: true } : {
        write: true,
        createNew: true,
        mode: mode ?? undefined,
      },
    );
  } catch (error) {
    inFlight.delete(temp);
    throw new InputError(`cannot write file: ${describe(error)}`, path);
  }
  const encoder = new TextEncoder();
  let open = true;
  const close = () => {
    if (open) {
      open = false;
      try {
        file.close();
      } catch {
        // Closed already.
      }
    }
  };
  const fail = async (error: unknown): Promise<never> => {
    close();
    if (!special) {
      await Deno.remove(temp).catch(() => {});
      inFlight.delete(temp);
    }
    throw new InputError(`cannot write file: ${describe(error)}`, path);
  };
  return {
    async write(text) {
      try {
        const bytes = typeof text === "string" ? encoder.encode(text) : text;
        for (let at = 0; at < bytes.length;) at += await file.write(bytes.subarray(at));
      } catch (error) {
        await fail(error);
      }
    },
    async commit() {
      close();
      if (special) return;
      try {
        if (mode !== undefined) await Deno.chmod(temp, mode);
        await Deno.rename(temp, path);
      } catch (error) {
        await fail(error);
      } finally {
        inFlight.delete(temp);
      }
    },
    async abort() {
      close();
      if (special) return;
      await Deno.remove(temp).catch(() => {});
      inFlight.delete(temp);
    },
  };
}

/** The temporary files being written now. */
const inFlight = new Set<string>();

/**
 * Remove the temporary files of the {@linkcode writeFileAtomic} calls under way, at once: for
 * a program's signal handler (Ctrl-C) before it exits, so that no hidden `.NAME.XXXX.tmp` is
 * left beside an output. The interrupted writes then fail.
 *
 * @example Usage
 * ```ts
 * import { removeTemporaryFiles } from "./write_file_atomic.ts";
 *
 * Deno.addSignalListener("SIGINT", () => {
 *   removeTemporaryFiles();
 *   // ...then end the program
 * });
 * ```
 */
export function removeTemporaryFiles(): void {
  for (const temp of inFlight) {
    try {
      Deno.removeSync(temp);
    } catch {
      // Not created yet, or already renamed.
    }
  }
  inFlight.clear();
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
    : error instanceof Deno.errors.NotCapable && /Requires all access/.test(error.message)
    // Deno 2 writes a device file (/dev/full, /dev/stdout) only with every permission.
    ? "Deno writes to a device only with --allow-all (-A); write a regular file instead"
    : error instanceof Deno.errors.NotCapable
    // Deno's own words would name the temporary file, and flags of Deno's, not this program's.
    ? "no write permission for its folder"
    : error instanceof Deno.errors.PermissionDenied
    ? "permission denied"
    : error instanceof Deno.errors.IsADirectory
    ? "is a directory"
    : error instanceof Error
    ? error.message.split("\n")[0]
    : String(error);
}
