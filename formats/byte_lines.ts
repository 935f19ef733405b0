/**
 * A file's lines cut into runs of bytes: for a stream that hands runs of lines to workers
 * (`annotator/stream.ts`), so that the thread that reads makes no string per line. Each run is
 * a fresh buffer ({@linkcode release} frees it at once). The checks that need the whole file's
 * position stay here: a missing or unreadable
 * file, a named pipe nobody writes to, and NUL bytes (a UTF-16, UTF-32 or binary file), each an
 * {@linkcode InputError} naming the file and line as `readChunks()` does. A UTF-8 byte order
 * mark at the start of the file is dropped. {@linkcode decodeRun} and {@linkcode splitLines}
 * are the other half: they decode a run and split it into its lines with the checks of
 * `lines()` (invalid UTF-8, a byte order mark in mid-file, a carriage return not followed by a
 * newline), at their line numbers.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import { describeFsError, notUtf8, nulError, openForReading } from "./read_chunks.ts";
import { lineDefect } from "./text.ts";

/** A run of consecutive lines. */
export interface ByteRun {
  /** The lines' bytes, each line with its "\n" (the last line of a file may have none). */
  readonly bytes: Uint8Array;
  /** The number of lines. */
  readonly count: number;
  /** The number of the first line. */
  readonly line: number;
}

const NEWLINE = 10;
const READ_SIZE = 1 << 20;

/**
 * Cuts a file into runs of lines, as bytes.
 *
 * @example Two runs of a file with a byte order mark and no last newline
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { ByteLineCutter, decodeLines } from "./byte_lines.ts";
 * const dir = Deno.makeTempDirSync();
 * Deno.writeTextFileSync(`${dir}/a.txt`, "\uFEFFone\r\ntwo\nthree");
 * const cutter = new ByteLineCutter(`${dir}/a.txt`);
 * const first = await cutter.take(2);
 * assertEquals([first.count, first.line], [2, 1]);
 * assertEquals(decodeLines(first, `${dir}/a.txt`, cutter.head), ["one", "two"]);
 * const second = await cutter.take(2);
 * assertEquals(decodeLines(second, `${dir}/a.txt`, cutter.head), ["three"]);
 * assertEquals((await cutter.take(2)).count, 0);
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export class ByteLineCutter {
  readonly #path: string;
  #file: Deno.FsFile | undefined;
  #ended = false;
  /** Read and not yet taken: `#buffer[#at, #end)`. */
  #buffer = new Uint8Array(0);
  #at = 0;
  #end = 0;
  /** The number of newlines in the bytes read so far (for the line of a NUL byte). */
  #newlines = 0;
  /** The file's first bytes (up to 66), which say what a file that is not UTF-8 is. */
  head: Uint8Array = new Uint8Array(0);
  /** The number of the next line. */
  line = 1;

  /** @param path The file. */
  constructor(path: string) {
    this.#path = path;
  }

  /** Reads more bytes after the unread ones; false at the end of the file. */
  async #more(): Promise<boolean> {
    if (this.#ended) return false;
    if (this.#file === undefined) {
      try {
        this.#file = await openForReading(this.#path);
      } catch (error) {
        if (error instanceof InputError) throw error;
        throw new InputError(`cannot open file: ${describeFsError(error)}`, this.#path);
      }
    }
    const block = new Uint8Array(READ_SIZE);
    let read: number | null;
    try {
      read = await this.#file.read(block);
    } catch (error) {
      this.close();
      throw new InputError(`cannot read file: ${describeFsError(error)}`, this.#path);
    }
    if (read === null) {
      this.#ended = true;
      this.close();
      return false;
    }
    let bytes = block.subarray(0, read);
    const first = this.head.length === 0;
    if (first) this.head = bytes.slice(0, 66);
    const nul = bytes.indexOf(0);
    if (nul !== -1) {
      this.close();
      throw nulError(this.#path, this.head, this.#newlines, bytes, nul);
    }
    for (let i = bytes.indexOf(NEWLINE); i !== -1; i = bytes.indexOf(NEWLINE, i + 1)) {
      this.#newlines++;
    }
    if (first && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      bytes = bytes.subarray(3);
    }
    const rest = this.#end - this.#at;
    const old = this.#buffer;
    if (rest === 0) {
      this.#buffer = bytes;
    } else {
      const joined = new Uint8Array(rest + bytes.length);
      joined.set(this.#buffer.subarray(this.#at, this.#end));
      joined.set(bytes, rest);
      this.#buffer = joined;
      release(block);
    }
    // The runs taken from it are copies.
    release(old);
    this.#at = 0;
    this.#end = this.#buffer.length;
    return true;
  }

  /**
   * Up to `n` more lines (fewer at the end of the file, none after it).
   *
   * @param n How many.
   * @returns The lines' bytes (a buffer of their own), their number and the first one's number.
   */
  async take(n: number): Promise<ByteRun> {
    const line = this.line;
    let count = 0;
    let scan = this.#at;
    for (;;) {
      while (count < n) {
        const nl = this.#buffer.indexOf(NEWLINE, scan);
        if (nl === -1 || nl >= this.#end) break;
        count++;
        scan = nl + 1;
      }
      if (count === n) break;
      const scanned = scan - this.#at;
      if (!(await this.#more())) {
        // The end of the file: what is left is a last line without a line end.
        if (this.#end > scan) {
          count++;
          scan = this.#end;
        }
        break;
      }
      scan = this.#at + scanned;
    }
    const bytes = this.#buffer.slice(this.#at, scan);
    this.#at = scan;
    this.line += count;
    return { bytes, count, line };
  }

  /** Closes the file (at its end it is closed already). */
  close(): void {
    try {
      this.#file?.close();
    } catch {
      // Closed already.
    }
    this.#file = undefined;
  }
}

/**
 * Frees the memory of a buffer at once (the bytes become empty): V8 frees an `ArrayBuffer`'s
 * memory only when it collects garbage, and a thread that makes few JavaScript objects, as the
 * one that cuts and writes a stream, collects seldom, so the buffers it is done with would pile
 * up (measured: tens of MB in the annotation stream's main thread).
 *
 * @example Usage
 * ```ts
 * import { equal } from "node:assert/strict";
 * import { release } from "./byte_lines.ts";
 * const bytes = new Uint8Array(1024);
 * release(bytes);
 * equal(bytes.length, 0);
 * ```
 *
 * @param bytes Bytes that nothing will read again (the whole of their buffer).
 */
export function release(bytes: Uint8Array): void {
  const buffer = bytes.buffer;
  if (buffer instanceof ArrayBuffer && !buffer.detached && buffer.byteLength > 0) {
    buffer.transfer(0);
  }
}

/**
 * The first `n` lines of a run (all of it when it has no more).
 *
 * @param run The run.
 * @param n How many lines to keep.
 * @returns The shorter run.
 */
export function firstLines(run: ByteRun, n: number): ByteRun {
  if (n >= run.count) return run;
  let end = 0;
  for (let k = 0; k < n; k++) end = run.bytes.indexOf(NEWLINE, end) + 1;
  return { bytes: run.bytes.slice(0, end), count: n, line: run.line };
}

/**
 * The text of a run: its bytes decoded as UTF-8 (invalid UTF-8 is an {@linkcode InputError} at
 * its line, naming UTF-16 when the file starts like it). A byte order mark is kept (the file's
 * first one was dropped when it was cut): {@linkcode splitLines} refuses it.
 *
 * @param run The run.
 * @param path The file, for errors.
 * @param head The file's first bytes.
 * @returns The text.
 */
export function decodeRun(run: ByteRun, path: string, head: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(run.bytes);
  } catch {
    throw notUtf8(path, head, run.line - 1, run.bytes, new Uint8Array(0));
  }
}

/**
 * The lines of the text of a run, checked as `lines()` checks them: a byte order mark, a
 * carriage return not followed by a newline; a "\r" before a "\n" is dropped.
 *
 * @param text The run's text ({@linkcode decodeRun}).
 * @param count Its number of lines.
 * @param line The number of its first line.
 * @param path The file, for errors.
 * @returns The lines, each a string of its own.
 */
export function splitLines(text: string, count: number, line: number, path: string): string[] {
  if (count === 0) return [];
  if (text.endsWith("\n")) text = text.slice(0, -1);
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    let one = lines[i];
    if (one.endsWith("\r")) one = lines[i] = one.slice(0, -1);
    const defect = lineDefect(one);
    if (defect) throw new InputError(defect, path, line + i);
  }
  // Each line as a string of its own: the slices of the decoded text are much slower to work
  // on (measured: errant_parallel on workers took about a third more CPU with them) and would
  // keep the whole run's text alive as long as any token cut from it.
  return JSON.parse(JSON.stringify(lines));
}

/**
 * The lines of a run, decoded and checked ({@linkcode decodeRun}, {@linkcode splitLines}).
 *
 * @param run The run.
 * @param path The file, for errors.
 * @param head The file's first bytes (say what a file that is not UTF-8 is).
 * @returns The lines.
 */
export function decodeLines(run: ByteRun, path: string, head: Uint8Array): string[] {
  return splitLines(decodeRun(run, path, head), run.count, run.line, path);
}
