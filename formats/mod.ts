/**
 * The built-in formats (M2, I-measure XML, plain text with references), each a
 * {@linkcode Format} that reads gold corpora and systems alike; the reference sentences of
 * a gold sentence ({@linkcode referenceRewrites}: its references, or its annotators' edits
 * applied); gecscore's tokenization (pre-tokenized text split on whitespace); and
 * {@linkcode lines}, the numbered-line reader the built-in formats are written on (a
 * third-party format gets the same line limits and line numbers in its messages); and
 * {@linkcode readText}, a whole file read with the checks and bounds of every reader (for a
 * command that must split lines as its reference tool does).
 *
 * @example Reading M2 and writing I-measure XML
 * ```ts
 * import { ixmlFormat, m2Format, tokenize } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await m2Format.parse(["S This are dog .\nA 1 2|||SVA|||is|||REQUIRED|||-NONE-|||0\n"], "x.m2");
 * assert.deepEqual(gold.sentences[0].annotations?.[0].edits[0].corrections, [["is"]]);
 * assert.match(ixmlFormat.write!(gold), /<c start="1" end="2">is<\/c>/);
 * assert.deepEqual(tokenize("It 's fine ."), ["It", "'s", "fine", "."]);
 * ```
 *
 * @module
 */

// The contract types the readers' signatures use, so this entry's docs stand on their own.
export type {
  Edit,
  Format,
  GoldCorpus,
  GoldSentence,
  ReadLimits,
  Tokens,
} from "../plugins/types.ts";
export { ixmlFormat } from "./ixml.ts";
export { m2Format } from "./m2.ts";
export { CONLL2014_CONVENTIONS, referenceRewrites, type RewriteConventions } from "./references.ts";
export { lines, type NumberedLine, textFormat, tokenize } from "./text.ts";
export { readText } from "./read_text.ts";
