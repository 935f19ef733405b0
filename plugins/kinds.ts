/**
 * The small kinds of the plugin contract that depend on none of its data types: the
 * tokenizers a plugin adds. `types.ts` re-exports them.
 *
 * @module
 */

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
