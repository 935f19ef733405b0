/**
 * Text split into lines, a chunk at a time, with the checks of `lines()` (`text.ts`): CRLF
 * and LF line ends, a BOM at the start, and errors for a long line, a BOM in mid-file or
 * CR-only line ends, each naming the file and line.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";

/** One line of a file with its 1-based number; `text` has no line terminator. */
export interface NumberedLine {
  /** The 1-based line number. */
  line: number;
  /** The line without `\n` or `\r\n`. */
  text: string;
}

/**
 * What is wrong with a line (without its terminator) that the line splitter refuses: a byte
 * order mark after the start of the file (two files joined with `cat` leave one there, and
 * it would silently become part of a token), or a carriage return not followed by a newline
 * (a file with CR-only line ends would read as one long line).
 */
export function lineDefect(text: string): string | undefined {
  if (text.includes("\uFEFF")) {
    return "found a U+FEFF byte order mark in mid-file (files joined with cat?); remove it";
  }
  if (text.includes("\r")) {
    return "found a carriage return (\\r) not followed by a newline: the file seems to use " +
      "CR-only line ends; convert them to \\n (e.g. tr '\\r' '\\n')";
  }
  return undefined;
}

function tooLong(max: number, file: string | undefined, line: number): InputError {
  return new InputError(
    `line is longer than ${max} characters, the limit (--max-line-length)`,
    file,
    line,
  );
}

/** The splitting of text into lines: `lines()` of `text.ts`, a chunk at a time. */
export class LineSplitter {
  /** The unfinished line's pieces: joined once, when it ends. */
  #parts: string[] = [];
  #pending = 0;
  #n: number;
  #first = true;
  #max: number;
  #file?: string;

  /**
   * A splitter.
   *
   * @param options The longest line allowed (default: no limit), the file name for errors
   *   and the number of the first line (default 1).
   */
  constructor(options: { maxLineLength?: number; file?: string; firstLine?: number }) {
    this.#max = options.maxLineLength ?? Infinity;
    this.#n = (options.firstLine ?? 1) - 1;
    this.#file = options.file;
  }

  #finish(text: string): NumberedLine {
    if (this.#parts.length) {
      this.#parts.push(text);
      text = this.#parts.join("");
      this.#parts = [];
      this.#pending = 0;
    }
    if (text.endsWith("\r")) text = text.slice(0, -1);
    const defect = lineDefect(text);
    if (defect) throw new InputError(defect, this.#file, this.#n + 1);
    if (text.length > this.#max) throw tooLong(this.#max, this.#file, this.#n + 1);
    return { line: ++this.#n, text };
  }

  /**
   * The lines `chunk` ends, one at a time (an error when the splitting reaches it).
   *
   * @param chunk The next text chunk.
   * @returns The lines.
   */
  *chunk(chunk: string): Generator<NumberedLine> {
    if (this.#first && chunk.length) {
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      this.#first = false;
    }
    let start = 0;
    let nl: number;
    while ((nl = chunk.indexOf("\n", start)) !== -1) {
      yield this.#finish(chunk.slice(start, nl));
      start = nl + 1;
    }
    if (start < chunk.length) {
      this.#parts.push(chunk.slice(start));
      this.#pending += chunk.length - start;
      // One more character may be the "\r" of a "\r\n".
      if (this.#pending > this.#max + 1) {
        // A file with CR-only line ends is one long line: say so rather than "too long".
        const cr = this.#parts.some((p) => p.slice(0, -1).includes("\r"));
        throw cr
          ? new InputError(lineDefect("\r")!, this.#file, this.#n + 1)
          : tooLong(this.#max, this.#file, this.#n + 1);
      }
    }
  }

  /**
   * The last line, when the text does not end with a newline.
   *
   * @returns The line, or undefined.
   */
  end(): NumberedLine | undefined {
    return this.#parts.length ? this.#finish("") : undefined;
  }
}
