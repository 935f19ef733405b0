/**
 * Writing a file whole or not at all.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";

/**
 * Write a file atomically: the text goes to a temporary file in the same folder, which is
 * then renamed over the target, so a failure never leaves a half-written file behind. A
 * target that is not a regular file (`/dev/stdout`, a named pipe) is written directly.
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
  try {
    await Deno.writeTextFile(temp, text, { createNew: true });
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw new InputError(`cannot write file: ${describe(error)}`, path);
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
