/**
 * Read a whole text file, gunzipping it when it is gzip-compressed.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";

/**
 * The text of a file, decompressed with `DecompressionStream("gzip")` when it starts with the
 * gzip magic bytes (whatever its name). A missing file, a broken gzip stream or invalid UTF-8
 * is an `InputError` naming the file; so is a byte order mark after the start (two files
 * joined with `cat`), and, in a file that is not XML, a carriage return not followed by a
 * newline (CR-only line ends), each at its line.
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
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lineOf = (index: number) => {
    let line = 1;
    for (let i = text.indexOf("\n"); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) line++;
    return line;
  };
  const bom = text.indexOf("\uFEFF");
  if (bom !== -1) {
    throw new InputError(
      "found a U+FEFF byte order mark in mid-file (files joined with cat?); remove it",
      path,
      lineOf(bom),
    );
  }
  // XML reads a lone CR as a line end; the line-based formats would see one long line.
  const cr = text.trimStart().startsWith("<") ? -1 : text.search(/\r(?!\n)/);
  if (cr !== -1) {
    throw new InputError(
      "found a carriage return (\\r) not followed by a newline: the file seems to use " +
        "CR-only line ends; convert them to \\n (e.g. tr '\\r' '\\n')",
      path,
      lineOf(cr),
    );
  }
  return text;
}
