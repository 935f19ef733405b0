/**
 * The MultiGEC-2025 language pack: what the shared task's evaluation does to essays before it
 * scores them, for every language of the task (Czech, English, Estonian, German, Greek,
 * Icelandic, Italian, Latvian, Russian, Slovene, Swedish, Ukrainian).
 *
 * - the `syntok` tokenizer (`syntok.ts`): syntok's tokens, written as the task's `pretokenize`
 *   writes them;
 * - the `multigec` format (`format.ts`, `essays.ts`): the essay Markdown files, essays matched
 *   by id, one essay per line as the task lines them up;
 *
 * @example Tokenizing a line as MultiGEC does
 * ```ts
 * import { multigecPack } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const syntok = multigecPack.tokenizers!.find((t) => t.id === "syntok")!;
 * assert.deepEqual(syntok.tokenize("Це м'ясо, ok?"), ["Це", "м", "'ясо", ",", "ok", "?"]);
 * ```
 *
 * @module
 */

import type { Plugin } from "../../plugins/mod.ts";
import { syntokTokenizer } from "./syntok.ts";
import { multigecFormat } from "./format.ts";

export {
  alignEssays,
  type Essay,
  type EssayFill,
  essayLine,
  parseEssays,
  readEssayLines,
  writeEssayLines,
  writeEssays,
} from "./essays.ts";
export {
  essayCorpus,
  lineTokens,
  multigecFormat,
  type MultigecName,
  parseMultigecName,
  siblingReferences,
} from "./format.ts";
export { pretokenize, type SyntokOptions, type SyntokToken, syntokTokens } from "./syntok.ts";

/** The MultiGEC-2025 pack as a gecscore plugin. */
export const multigecPack: Plugin = {
  name: "gecscore-multigec",
  version: "1.0.0",
  tokenizers: [syntokTokenizer],
  formats: [multigecFormat],
};
