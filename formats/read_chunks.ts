/**
 * Reading a file as decoded text, chunk by chunk, with the checks every reader shares: a missing
 * or unreadable file, a named pipe nobody writes to, invalid UTF-8 at its line, and files that are
 * UTF-16, UTF-32 or binary (NUL bytes), each an {@linkcode InputError} naming the file and line.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";

/** How long a named pipe given as input may wait for a writer before it is refused. */
const PIPE_WAIT_MS = 5_000;

/**
 * Whether a path is a regular file, which can be read twice; a pipe, a device or standard input
 * gives its bytes once. A path that cannot be looked at counts as a file: its reader says why.
 *
 * @example Usage
 * ```ts
 * import { isRegularFile } from "./read_chunks.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(await isRegularFile("tests/testdata/m2scorer_example.m2"), true);
 * assert.equal(await isRegularFile("/dev/null"), false);
 * ```
 *
 * @param path The path.
 * @returns Whether it is a regular file.
 */
export async function isRegularFile(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return true;
  }
}

/**
 * Open a file to read. A named pipe waits for a writer; one that gets none within
 * {@linkcode PIPE_WAIT_MS} is an {@linkcode InputError} instead of a wait without end (a pipe
 * of the shell, `<(zcat gold.m2.gz)`, has its writer from the start).
 */
export async function openForReading(path: string): Promise<Deno.FsFile> {
  return (await openSized(path)).file;
}

/**
 * {@linkcode openForReading}, with the size of a regular file (0 when it is not one, or its
 * size cannot be told).
 */
async function openSized(path: string): Promise<{ file: Deno.FsFile; size: number }> {
  let fifo = false, size = 0;
  try {
    const info = await Deno.stat(path);
    fifo = info.isFifo === true;
    if (info.isFile) size = info.size;
  } catch {
    // Deno.open says what is wrong.
  }
  const opening = Deno.open(path, { read: true });
  if (!fifo) return { file: await opening, size };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), PIPE_WAIT_MS);
  });
  const first = await Promise.race([opening, late]);
  clearTimeout(timer);
  if (first !== "late") return { file: first, size: 0 };
  // Should a writer come after all, what was opened is closed.
  opening.then((file) => file.close(), () => {});
  throw new InputError(
    `is a named pipe nobody wrote to within ${PIPE_WAIT_MS / 1000} s; start its writer first`,
    path,
  );
}

/**
 * Read a file as a stream of decoded text chunks. A missing or unreadable file is an
 * {@linkcode InputError} naming it; invalid UTF-8 is an error too.
 *
 * @example Usage
 * ```ts
 * import { readChunks } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * let text = "";
 * for await (const chunk of readChunks("tests/testdata/m2scorer_example_system")) text += chunk;
 * assert.ok(text.startsWith("A cat sat on the mat ."));
 * ```
 *
 * @param path The file.
 * @param most The most bytes a chunk is decoded from (default 1 MiB; a smaller file is read
 *   in one chunk): a reader that wants only the head of a file gives less.
 * @returns Its text, chunk by chunk.
 */
export async function* readChunks(path: string, most = 1 << 20): AsyncGenerator<string> {
  let file: Deno.FsFile, size: number;
  try {
    ({ file, size } = await openSized(path));
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot open file: ${describeFsError(error)}`, path);
  }
  const decoder = new TextDecoder("utf-8", { fatal: true });
  // Found while reading, in the chunk at hand: the lines before it are counted as they are
  // decoded, and a file is never read twice (a system that is /dev/urandom stays bounded).
  let lines = 0;
  let start: Uint8Array | undefined;
  let pending = new Uint8Array(0);
  try {
    // A small file in one read (and one more that finds its end); else chunks of `most`.
    const buffer = new Uint8Array(size > 0 && size < most ? size + 1 : most);
    while (true) {
      let read: number | null;
      try {
        read = await file.read(buffer);
      } catch (error) {
        throw new InputError(`cannot read file: ${describeFsError(error)}`, path);
      }
      if (read === null) break;
      const bytes = buffer.subarray(0, read);
      start ??= bytes.slice(0, 66);
      // NUL is valid UTF-8, but no text file gecscore reads has one: a UTF-16 or UTF-32 file
      // of ASCII text (BOM or not) decodes "fine" with a NUL after every character.
      const nul = bytes.indexOf(0);
      if (nul !== -1) throw nulError(path, start, lines, bytes, nul);
      let text: string;
      try {
        text = decoder.decode(bytes, { stream: true });
      } catch {
        throw notUtf8(path, start, lines, pending, bytes);
      }
      for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
      pending = bytes.slice(incompleteFrom(bytes));
      yield text;
    }
    try {
      const tail = decoder.decode();
      if (tail) yield tail;
    } catch {
      throw notUtf8(path, start, lines, pending, new Uint8Array(0));
    }
  } finally {
    file.close();
  }
}

/**
 * The error for a NUL byte at `nul` in the chunk `bytes` (after `lines` complete lines): at its
 * line, saying what the file looks like from its first bytes `head` (a byte-order mark, or where
 * the NULs of ASCII text fall).
 */
export function nulError(
  path: string,
  head: Uint8Array,
  lines: number,
  bytes: Uint8Array,
  nul: number,
): InputError {
  let line = lines + 1;
  for (let i = bytes.indexOf(10); i !== -1 && i < nul; i = bytes.indexOf(10, i + 1)) line++;
  const encoding = wideEncoding(head);
  if (encoding) {
    return new InputError(
      `file looks like ${encoding} text, not UTF-8 (convert it, e.g. iconv -f ${encoding} -t UTF-8)`,
      path,
      line,
    );
  }
  return new InputError("line has a NUL byte: the file looks binary, not UTF-8 text", path, line);
}

/**
 * Refuse bytes read whole from a file when they hold a NUL byte, as {@linkcode readChunks} does
 * while streaming: an {@linkcode InputError} at its line saying what the file looks like
 * (UTF-16 or UTF-32 text, or binary).
 *
 * @example Usage
 * ```ts
 * import { checkNoNul } from "./text.ts";
 * import assert from "node:assert/strict";
 *
 * checkNoNul("a.txt", new TextEncoder().encode("fine\n"));
 * const utf16 = new Uint8Array([0x41, 0, 0x20, 0, 0x62, 0, 0x0a, 0]);
 * assert.throws(() => checkNoNul("a.txt", utf16), /UTF-16LE/);
 * ```
 *
 * @param path The file, for the error.
 * @param bytes Its bytes.
 */
export function checkNoNul(path: string, bytes: Uint8Array): void {
  const nul = bytes.indexOf(0);
  if (nul !== -1) throw nulError(path, bytes.subarray(0, 66), 0, bytes, nul);
}

/**
 * UTF-16LE/BE or UTF-32LE/BE when the first bytes of a file say so: a byte-order mark, or, for
 * text that is mostly ASCII, zero bytes in the places that encoding puts them.
 */
function wideEncoding(head: Uint8Array): string | undefined {
  const [a, b, c, d] = head;
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) return "UTF-32LE";
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return "UTF-32BE";
  if (a === 0xff && b === 0xfe) return "UTF-16LE";
  if (a === 0xfe && b === 0xff) return "UTF-16BE";
  const zeros = [0, 0, 0, 0];
  const n = head.length - (head.length % 4);
  if (n < 4) return undefined;
  for (let i = 0; i < n; i++) if (head[i] === 0) zeros[i % 4]++;
  const quarter = n / 4;
  const all = (k: number) => zeros[k] >= quarter * 0.75;
  const none = (k: number) => zeros[k] <= quarter * 0.25;
  if (none(0) && all(1) && all(2) && all(3)) return "UTF-32LE";
  if (all(0) && all(1) && all(2) && none(3)) return "UTF-32BE";
  if (none(0) && all(1) && none(2) && all(3)) return "UTF-16LE";
  if (all(0) && none(1) && all(2) && none(3)) return "UTF-16BE";
  return undefined;
}

/**
 * Where the multi-byte character cut off at the end of `bytes` starts (the bytes a streaming
 * decoder holds back), or `bytes.length` when none is.
 */
function incompleteFrom(bytes: Uint8Array): number {
  for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 3); i--) {
    const b = bytes[i];
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const size = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return bytes.length - i < size ? i : bytes.length;
  }
  return bytes.length;
}

/**
 * The error for a file that is not UTF-8, found in the chunk `bytes` (after the `pending`
 * bytes of a character the previous chunk cut off, and `lines` complete lines): at its line,
 * and naming UTF-16 when the file starts like it.
 */
export function notUtf8(
  path: string,
  start: Uint8Array | undefined,
  lines: number,
  pending: Uint8Array,
  bytes: Uint8Array,
): InputError {
  const head = start ?? bytes;
  const bom = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (bom && head.subarray(2).includes(0)) {
    return new InputError("file is UTF-16, not UTF-8 (convert it, e.g. with iconv)", path);
  }
  // A newline byte is never part of a multi-byte UTF-8 sequence: check line by line.
  const chunk = new Uint8Array(pending.length + bytes.length);
  chunk.set(pending);
  chunk.set(bytes, pending.length);
  for (let from = 0, line = lines + 1; from <= chunk.length; line++) {
    const newline = chunk.indexOf(10, from);
    const end = newline === -1 ? chunk.length : newline;
    try {
      // The last piece may end in a character the next chunk completes: not an error here.
      new TextDecoder("utf-8", { fatal: true }).decode(chunk.subarray(from, end), {
        stream: newline === -1 && bytes.length > 0,
      });
    } catch {
      return new InputError("line is not valid UTF-8", path, line);
    }
    if (newline === -1) break;
    from = end + 1;
  }
  return new InputError("line is not valid UTF-8", path, lines + 1);
}

/** What is wrong with a file, in a few words, from the error that opening or reading it gave. */
export function describeFsError(error: unknown): string {
  if (error instanceof Deno.errors.NotFound) return "no such file";
  if (error instanceof Deno.errors.PermissionDenied) return "permission denied";
  if (error instanceof Deno.errors.IsADirectory) return "is a directory";
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
}
