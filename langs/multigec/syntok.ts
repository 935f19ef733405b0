/**
 * A tokenizer that gives the tokens of syntok's `Tokenizer` (fnl/syntok 1.4.4, the one
 * MultiGEC-2025's evaluation tokenizes essays with), written for gecscore from its observed
 * behaviour:
 *
 * - text splits at Unicode white space and the zero-width space;
 * - a piece without a letter or digit is one token; otherwise the symbols before its first
 *   letter or digit are one token each, and so are those after its last (an ellipsis `...`
 *   right after the word stays one token);
 * - inside the word, tokens split at a lower- to upper-case change (taking a `.`, `!` or `?`
 *   between them as a token), before an apostrophe followed by letters (`'s`), at opening and
 *   closing punctuation, at an inner `...`, and at a comma, semicolon, underscore or hyphen
 *   between letters (or a letter and a digit); an `n't` becomes `not`;
 * - a hyphen or underscore split at is not a token: it is kept in front of the next token
 *   (syntok's `spacing`), so MultiGEC's `pretokenize`, which prints each token with its
 *   spacing stripped of white space, writes `well-known` as `well -known`.
 *
 * @module
 */

import type { Tokenizer } from "../../plugins/mod.ts";

/** One token: what came before it since the last token (white space, a hyphen) and itself. */
export interface SyntokToken {
  /** Text between the previous token and this one (syntok's `spacing`). */
  spacing: string;
  /** The token (empty only for the last one, which holds trailing white space). */
  value: string;
}

/** syntok's splitting of text into runs: everything but white space and the zero-width space. */
const RUN = /[^\t\n\v\f\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\u200b]+/gu;

/** Python's `str.isalnum()`. */
const ALNUM = /^[\p{L}\p{N}]$/u;

const HYPHENS = "\u00ad\u058a\u05be\u0f0c\u1400\u1806\u2010\u2011\u2012\u2e17\u30a0-";
const APOSTROPHES = "'\u00b4\u02b9\u02bc\u2019\u2032";
const escaped = (chars: string) => chars.replace(/[-\\\]^]/g, "\\$&");

/** Where a word splits (a match that is a hyphen or an underscore is not emitted). */
const SEPARATOR = new RegExp(
  [
    "(?<=\\p{Ll})[.!?]?(?=\\p{Lu})",
    `[${escaped(APOSTROPHES)}]\\p{L}+`,
    "[\\p{Ps}\\p{Pe}]",
    "\\.\\.\\.",
    `(?<=\\p{L})[,;_${escaped(HYPHENS)}](?=[\\p{L}\\p{Nd}])`,
    `(?<=[\\p{L}\\p{Nd}])[,;_${escaped(HYPHENS)}](?=\\p{L})`,
  ].join("|"),
  "gu",
);
const NOT = new RegExp(`^[${escaped(APOSTROPHES)}]t$`, "u");
const SILENT = new Set([...HYPHENS, "_"]);

/** Python's `str.strip()` white space. */
const STRIP =
  // deno-lint-ignore no-control-regex
  /^[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

/** Options of syntok's `Tokenizer`. */
export interface SyntokOptions {
  /** Emit a hyphen or underscore inside a word as a token (default false). */
  emitHyphenOrUnderscore?: boolean;
  /** Write the `n't` of a contraction as `not` (default true). */
  replaceNotContraction?: boolean;
}

/**
 * The tokens of a text as syntok's `Tokenizer().tokenize(text)` gives them.
 *
 * @example Usage
 * ```ts
 * import { syntokTokens } from "./syntok.ts";
 * import assert from "node:assert/strict";
 *
 * const values = (text: string) => syntokTokens(text).map((t) => t.value);
 * assert.deepEqual(values("Don't stop (now)..."), ["Do", "not", "stop", "(", "now", ")", ".", ".", "."]);
 * assert.deepEqual(values("e-mail: a@b.cz"), ["e", "mail", ":", "a@b.cz"]);
 * assert.deepEqual(syntokTokens("e-mail")[1], { spacing: "-", value: "mail" });
 * ```
 *
 * @param text The text.
 * @param options The tokenizer's options.
 * @returns The tokens; when the text ends in white space, a last token with an empty value
 * holds it.
 */
export function syntokTokens(text: string, options: SyntokOptions = {}): SyntokToken[] {
  const emitSilent = options.emitHyphenOrUnderscore ?? false;
  const replaceNot = options.replaceNotContraction ?? true;
  const out: SyntokToken[] = [];
  let last = 0;
  for (const run of text.matchAll(RUN)) {
    const spacing = text.slice(last, run.index);
    last = run.index + run[0].length;
    const chars = Array.from(run[0]);
    const first = chars.findIndex((c) => ALNUM.test(c));
    if (first < 0) {
      out.push({ spacing, value: run[0] });
      continue;
    }
    let end = chars.length;
    while (!ALNUM.test(chars[end - 1])) end--;
    // Symbols before the word: one token each, the first after the white space.
    chars.slice(0, first).forEach((c, i) => out.push({ spacing: i ? "" : spacing, value: c }));
    splitWord(chars.slice(first, end).join(""), first ? "" : spacing, out, emitSilent, replaceNot);
    let tail = chars.slice(end);
    if (tail.slice(0, 3).join("") === "...") {
      out.push({ spacing: "", value: "..." });
      tail = tail.slice(3);
    }
    for (const c of tail) out.push({ spacing: "", value: c });
  }
  if (last < text.length) out.push({ spacing: text.slice(last), value: "" });
  return out;
}

/** The tokens of a word (from its first letter or digit to its last). */
function splitWord(
  word: string,
  spacing: string,
  out: SyntokToken[],
  emitSilent: boolean,
  replaceNot: boolean,
): void {
  let done = 0;
  let carried = spacing;
  const emit = (value: string) => {
    out.push({ spacing: carried, value });
    carried = "";
  };
  for (const m of word.matchAll(SEPARATOR)) {
    const at = m.index;
    const separator = m[0];
    if (at > done) {
      if (NOT.test(separator) && word[at - 1] === "n") {
        if (done < at - 1) emit(word.slice(done, at - 1));
        emit(replaceNot ? "not" : "n" + separator);
        done = at + separator.length;
        continue;
      }
      emit(word.slice(done, at));
    }
    if (separator && (emitSilent || !SILENT.has(separator))) emit(separator);
    else carried += separator;
    done = at + separator.length;
  }
  if (done === 0) emit(word);
  else if (done < word.length) emit(word.slice(done));
}

/**
 * MultiGEC-2025's `pretokenize`: the text's syntok tokens, each written with its spacing and
 * stripped of white space, joined by single spaces (a hyphen or underscore syntok split at
 * stays in front of the next token; text ending in white space ends in a space).
 *
 * @example Usage
 * ```ts
 * import { pretokenize } from "./syntok.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pretokenize("Ahoj, jak se máš?\n\nDobře.\n"), "Ahoj , jak se máš ? Dobře . ");
 * assert.equal(pretokenize("A well-known fact"), "A well -known fact");
 * ```
 *
 * @param text The text.
 * @returns The tokens joined as MultiGEC joins them.
 */
export function pretokenize(text: string): string {
  return syntokTokens(text).map((t) => (t.spacing + t.value).replace(STRIP, "")).join(" ");
}

/**
 * The syntok tokenizer as a gecscore tokenizer: a line's tokens as `pretokenize` writes
 * them (without the empty last one of a line that ends in white space).
 *
 * @example Usage
 * ```ts
 * import { syntokTokenizer } from "./syntok.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(syntokTokenizer.tokenize("Το σπίτι «μας»."), ["Το", "σπίτι", "«", "μας", "»", "."]);
 * ```
 */
export const syntokTokenizer: Tokenizer = {
  id: "syntok",
  description: "syntok 1.4.4's Tokenizer, tokens written as MultiGEC-2025's pretokenize " +
    "writes them (a split hyphen stays before the next token; n't becomes not)",
  tokenize(line: string): string[] {
    return syntokTokens(line)
      .filter((t) => t.value !== "")
      .map((t) => (t.spacing + t.value).replace(STRIP, ""));
  },
};
