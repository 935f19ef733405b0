/**
 * ChERRANT's error types. At character level an edit's type is its operation: `M` (missing:
 * an insertion), `R` (redundant: a deletion), `S` (substitution) and `W` (word order: a
 * transposition). At word level the type adds the part of speech of the one word concerned
 * (`M:NOUN`, `R:VERB`, `S:ADJ`; `OTHER` for a span of several words; `MC` for the missing
 * constituent marker `[缺失成分]`), and a substitution that looks like a misspelling is
 * `S:SPELL`.
 *
 * @example Character-level types
 * ```ts
 * import { classifyEdit } from "./classify.ts";
 * import assert from "node:assert/strict";
 *
 * const tok = (s: string) => Array.from(s, (c) => ({ text: c, pos: "unk", pinyin: [] }));
 * const src = tok("我去学校"), tgt = tok("我们去了学校");
 * const e = classifyEdit({ op: "I", s1: 1, s2: 1, t1: 1, t2: 2 }, src, tgt, "char");
 * assert.deepEqual(e, { type: "M", correction: "们", start: 1, end: 1 });
 * ```
 *
 * @module
 */

import type { AlignStep } from "./align.ts";
import type { Granularity, ZhToken } from "./token.ts";

/** A typed edit as ChERRANT writes it in M2. */
export interface TypedEdit {
  /** The error type. */
  readonly type: string;
  /** The correction's tokens joined with spaces, or `-NONE-` for a deletion. */
  readonly correction: string;
  /** Source start. */
  readonly start: number;
  /** Source end. */
  readonly end: number;
}

/**
 * Tells whether a word-level substitution is a misspelling (ChERRANT's `check_spell_error`).
 * Given by the caller at word level; unused at character level.
 */
export type SpellCheck = (src: string, tgt: string) => boolean;

/** LTP's part-of-speech tag to ChERRANT's type name. */
export function posType(pos: string): string {
  switch (pos) {
    case "n":
    case "nd":
    case "nh":
    case "ni":
    case "nl":
    case "ns":
    case "nt":
    case "nz":
      return "NOUN";
    case "v":
      return "VERB";
    case "a":
    case "b":
      return "ADJ";
    case "c":
      return "CONJ";
    case "r":
      return "PRON";
    case "d":
      return "ADV";
    case "u":
      return "AUX";
    case "m":
      return "NUM";
    case "p":
      return "PREP";
    case "q":
      return "QUAN";
    case "wp":
      return "PUNCT";
    default:
      return "OTHER";
  }
}

const MISSING = "[缺失成分]";

/**
 * The type and correction of one merged edit.
 *
 * @param edit The edit (its operation from the merger).
 * @param src Source tokens.
 * @param tgt Target tokens.
 * @param granularity `char` or `word`.
 * @param isSpelling The misspelling test (word level).
 * @returns The typed edit.
 */
export function classifyEdit(
  edit: AlignStep,
  src: readonly ZhToken[],
  tgt: readonly ZhToken[],
  granularity: Granularity,
  isSpelling?: SpellCheck,
): TypedEdit {
  const tgtSpan = tgt.slice(edit.t1, edit.t2).map((t) => t.text).join(" ");
  const at = { start: edit.s1, end: edit.s2 };
  const kind = edit.op[0];
  if (kind === "T") return { type: "W", correction: tgtSpan, ...at };
  const word = granularity === "word";
  const pos = (t: ZhToken, span: string) => span === MISSING ? "MC" : posType(t.pos);
  if (kind === "D") {
    if (!word) return { type: "R", correction: "-NONE-", ...at };
    const type = edit.s2 - edit.s1 > 1 ? "R:OTHER" : `R:${pos(src[edit.s1], tgtSpan)}`;
    return { type, correction: "-NONE-", ...at };
  }
  if (kind === "I") {
    if (!word) return { type: "M", correction: tgtSpan, ...at };
    const type = edit.t2 - edit.t1 > 1 ? "M:OTHER" : `M:${pos(tgt[edit.t1], tgtSpan)}`;
    return { type, correction: tgtSpan, ...at };
  }
  if (!word) return { type: "S", correction: tgtSpan, ...at };
  const srcSpan = src.slice(edit.s1, edit.s2).map((t) => t.text).join("");
  if (isSpelling?.(srcSpan, tgtSpan.replaceAll(" ", ""))) {
    return { type: "S:SPELL", correction: tgtSpan, ...at };
  }
  const type = edit.t2 - edit.t1 > 1 ? "S:OTHER" : `S:${pos(tgt[edit.t1], tgtSpan)}`;
  return { type, correction: tgtSpan, ...at };
}
