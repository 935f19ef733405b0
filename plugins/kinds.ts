/**
 * The small kinds of the plugin contract that depend on none of its data types: where a plugin
 * command writes, the tokenizers a plugin adds, and the languages it gives the annotator.
 * `types.ts` re-exports them.
 *
 * @module
 */

/** Where a plugin command writes: standard output and standard error (injectable for tests). */
export interface CommandIo {
  /** Write to standard output. */
  out(text: string): void;
  /** Write to standard error. */
  err(text: string): void;
}

/**
 * A language the ERRANT-style annotator can be given (`errant_parallel -lang CODE`), as a
 * language pack declares it: plain data naming the module that exports its
 * `AnnotatorLanguage` (see `annotator/language.ts`), so that each worker imports it itself.
 */
export interface AnnotatorLanguageRef {
  /** Its code, as `-lang` names it (`uk`, `cs`). */
  readonly code: string;
  /** The module's URL, e.g. `new URL("./annotator_language.ts", import.meta.url).href`. */
  readonly module: string;
  /** The name of the module's export that is the language. */
  readonly exportName: string;
}

/**
 * A tokenizer a plugin adds (`gecscore tokenize --tokenizer ID`, and any command that takes raw
 * text): it splits one line of raw text into tokens.
 *
 * @example A whitespace tokenizer
 * ```ts
 * import type { Tokenizer } from "./types.ts";
 * import assert from "node:assert/strict";
 *
 * const spaces: Tokenizer = {
 *   id: "spaces",
 *   description: "split at white space",
 *   tokenize: (line) => line.split(/\s+/).filter(Boolean),
 * };
 * assert.deepEqual(spaces.tokenize(" a  b "), ["a", "b"]);
 * ```
 */
export interface Tokenizer {
  /** The tokenizer's id: lowercase letters, digits, `_` and `-`, starting with a letter. */
  readonly id: string;
  /** One line: what it reproduces and how it splits. */
  readonly description: string;
  /** The tokens of one line of raw text (no line break inside), none of them empty. */
  tokenize(line: string): string[];
}
