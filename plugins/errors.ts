/**
 * The two kinds of error a user can cause: bad input (exit 1) and bad usage (exit 2).
 * Both carry a one-line, sentence-case message; commands print it without a stack trace.
 *
 * @module
 */

/**
 * Bad input: a file that cannot be read or parsed, wrong line counts, gold that lacks what a
 * metric needs. The message names the file and, where there is one, the line.
 *
 * @example Usage
 * ```ts
 * import { InputError } from "./errors.ts";
 * import assert from "node:assert/strict";
 *
 * const error = new InputError('expected "S tokens..."', "gold.m2", 12);
 * assert.equal(error.message, 'gold.m2:12: expected "S tokens..."');
 * ```
 */
export class InputError extends Error {
  /** The file at fault, when known. */
  readonly file?: string;
  /** The 1-based line at fault, when known. */
  readonly line?: number;
  /** The 1-based column at fault, when known. */
  readonly column?: number;

  /**
   * Make an error `FILE:LINE[:COLUMN]: what`.
   *
   * @param what What was expected or found.
   * @param file The file at fault.
   * @param line The 1-based line at fault.
   * @param column The 1-based column at fault.
   */
  constructor(what: string, file?: string, line?: number, column?: number) {
    const where = [file, line, column].filter((x) => x !== undefined).join(":");
    super(where ? `${where}: ${what}` : what);
    this.name = "InputError";
    this.file = file;
    this.line = line;
    this.column = column;
  }
}

/**
 * Bad usage: an unknown command, metric, option or value.
 *
 * @example Usage
 * ```ts
 * import { UsageError } from "./errors.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(new UsageError("Unknown metric: x").message, "Unknown metric: x");
 * ```
 */
export class UsageError extends Error {
  /**
   * Make a usage error.
   *
   * @param message What is wrong, in one line.
   */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * A third-party plugin misbehaved: it threw, returned something that is not a valid result,
 * ran over its time limit, or clashes with another plugin. The message names the plugin, the
 * metric or format, the sentence where there is one, and what was wrong. Commands report it
 * in one line with exit status 1.
 *
 * @example Usage
 * ```ts
 * import { PluginError } from "./errors.ts";
 * import assert from "node:assert/strict";
 *
 * const error = new PluginError('Plugin evil 1.0, metric "bad": stats() threw Error: boom');
 * assert.equal(error.name, "PluginError");
 * ```
 */
export class PluginError extends Error {
  /** What was wrong, without saying where (`stats() threw Error: boom`), when known. */
  readonly detail?: string;

  /**
   * Make a plugin error.
   *
   * @param message What went wrong, in one line, naming the plugin.
   * @param detail What was wrong without the where, so a caller that knows more (the
   * sentence) can say it again with that.
   */
  constructor(message: string, detail?: string) {
    super(message);
    this.name = "PluginError";
    this.detail = detail;
  }
}
