/**
 * Read a whole text file, gunzipping it when it is gzip-compressed.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import { readAllBounded } from "../formats/limits.ts";

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
    // Bounded: a device (/dev/zero) or a huge file stops at the limit, not at memory's end.
    using file = await Deno.open(path, { read: true });
    bytes = await readAllBounded(file.readable, path);
  } catch (error) {
    if (error instanceof InputError) throw error;
    const why = error instanceof Deno.errors.NotFound
      ? "no such file"
      : error instanceof Error
      ? error.message
      : String(error);
    throw new InputError(`cannot read file: ${why}`, path);
  }
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      // Fed a kilobyte at a time, so that the unpacked bytes come as they are read (one
      // kilobyte of zeros unpacks to a megabyte) and the bound stops them early.
      const packed = bytes;
      let at = 0;
      const stream = new ReadableStream<BufferSource>({
        pull(controller) {
          if (at >= packed.length) controller.close();
          else controller.enqueue(packed.slice(at, at += 1024));
        },
      }, { highWaterMark: 0 }).pipeThrough(new DecompressionStream("gzip"));
      // Bounded too: a small gzip can unpack to gigabytes.
      bytes = await readAllBounded(stream, path, undefined, "unpacks to");
    } catch (error) {
      if (error instanceof InputError) throw error;
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
