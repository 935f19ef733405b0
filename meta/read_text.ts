/**
 * Read a whole text file, gunzipping it when it is gzip-compressed.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";

/**
 * The text of a file, decompressed with `DecompressionStream("gzip")` when it starts with the
 * gzip magic bytes (whatever its name). A missing file, a broken gzip stream or invalid UTF-8
 * is an `InputError` naming the file.
 *
 * @example Usage
 * ```ts
 * import { readTextFile } from "./read_text.ts";
 * import assert from "node:assert/strict";
 *
 * const text = await readTextFile("tests/testdata/m2scorer_example_system");
 * assert.ok(text.startsWith("A cat sat on the mat ."));
 * ```
 *
 * @param path The file.
 * @returns Its text, without a leading byte order mark.
 */
export async function readTextFile(path: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(path);
  } catch (error) {
    const why = error instanceof Deno.errors.NotFound
      ? "no such file"
      : error instanceof Error
      ? error.message
      : String(error);
    throw new InputError(`cannot read file: ${why}`, path);
  }
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
        .pipeThrough(new DecompressionStream("gzip"));
      bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    } catch (error) {
      throw new InputError(
        `cannot gunzip: ${error instanceof Error ? error.message : String(error)}`,
        path,
      );
    }
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new InputError("not valid UTF-8", path);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
