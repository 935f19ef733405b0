/**
 * Reading a whole text file with the checks and bounds every gecscore reader applies, for code
 * that needs the text at once (a tool whose own line splitting must be reproduced exactly).
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import { DEFAULT_READ_LIMITS } from "./limits.ts";
import { readChunks } from "./read_chunks.ts";

/** The most characters {@linkcode readText} reads of one file by default: 256 Mi. */
export const DEFAULT_MAX_TEXT_LENGTH = 256 * 2 ** 20;

/**
 * Read a UTF-8 text file whole, with the checks every gecscore reader applies, each an
 * `InputError` naming the file (and the line, where there is one): a missing or unreadable
 * file, a named pipe nobody writes to, invalid UTF-8, a UTF-16 or UTF-32 file or a NUL byte
 * (the file looks binary), a line longer than `maxLineLength` characters, and a file longer
 * than `maxLength` characters (a device or an endless pipe is refused when it gets there, not
 * after filling the memory). A UTF-8 byte order mark at the start is dropped; the rest of the
 * text is kept as it is, line ends included.
 *
 * @example Usage
 * ```ts
 * import { readText } from "./read_text.ts";
 * import assert from "node:assert/strict";
 *
 * const text = await readText("tests/testdata/m2scorer_example_system");
 * assert.ok(text.startsWith("A cat sat on the mat ."));
 * await assert.rejects(
 *   readText("tests/testdata/m2scorer_example_system", { maxLineLength: 5 }),
 *   /m2scorer_example_system:1: line is longer than 5 characters/,
 * );
 * await assert.rejects(readText("no/such/file.txt"), /^InputError: no\/such\/file\.txt: cannot open file/);
 * ```
 *
 * @param path The file.
 * @param options The longest line (default 100,000 characters, as `--max-line-length`) and the
 *   longest file (default {@linkcode DEFAULT_MAX_TEXT_LENGTH} characters) accepted.
 * @returns The file's text.
 */
export async function readText(
  path: string,
  options: { maxLineLength?: number; maxLength?: number } = {},
): Promise<string> {
  const maxLine = options.maxLineLength ?? DEFAULT_READ_LIMITS.maxLineLength;
  const maxLength = options.maxLength ?? DEFAULT_MAX_TEXT_LENGTH;
  const parts: string[] = [];
  let length = 0;
  // The current line: its number and how many characters it has so far.
  let line = 1;
  let lineLength = 0;
  const tooLong = () =>
    new InputError(
      `line is longer than ${maxLine} characters, the limit (--max-line-length)`,
      path,
      line,
    );
  for await (const chunk of readChunks(path)) {
    length += chunk.length;
    if (length > maxLength) {
      throw new InputError(
        `holds more than ${
          maxLength.toLocaleString("en-US")
        } characters, the most read of one file`,
        path,
      );
    }
    let start = 0;
    for (let nl = chunk.indexOf("\n"); nl !== -1; nl = chunk.indexOf("\n", start)) {
      lineLength += nl - start;
      // The "\r" of a "\r\n" is the line end's, not the line's.
      const cr = nl > 0 ? chunk.charCodeAt(nl - 1) === 13 : parts.at(-1)?.endsWith("\r");
      if (lineLength - (cr ? 1 : 0) > maxLine) throw tooLong();
      line++;
      lineLength = 0;
      start = nl + 1;
    }
    lineLength += chunk.length - start;
    // One more character may yet be the "\r" of a "\r\n".
    if (lineLength > maxLine + 1) throw tooLong();
    parts.push(chunk);
  }
  if (lineLength > maxLine) throw tooLong();
  return parts.join("");
}
