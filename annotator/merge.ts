/**
 * Stage 2: rule-based merging (Bryant, Felice & Briscoe 2017). Adjacent non-match alignment
 * steps become one edit or stay apart by rules on possessive suffixes, case changes after
 * punctuation, whitespace and hyphens, same-POS and verb-phrase runs, similar substitutions at
 * the boundaries and final determiners; transpositions always stand alone. The other strategies
 * ERRANT offers (`all-split`, `all-merge`, `all-equal`) are here too.
 *
 * @module
 */

import type { AlignOp } from "./align.ts";
import type { Analysis, Token } from "./token.ts";
import { indelNormalizedDistance, inPunctuation, isUpperChar } from "./strings.ts";

/** A token span edit before classification: `orig[oStart, oEnd)` → `cor[cStart, cEnd)`. */
export interface Span {
  /** First original token. */
  readonly oStart: number;
  /** One past the last original token. */
  readonly oEnd: number;
  /** First corrected token. */
  readonly cStart: number;
  /** One past the last corrected token. */
  readonly cEnd: number;
}

/** How adjacent alignment steps are grouped into edits. */
export type MergeStrategy = "rules" | "all-split" | "all-merge" | "all-equal";

const OPEN_POS = new Set(["ADJ", "AUX", "ADV", "NOUN", "VERB"]);
const VERBAL = new Set(["AUX", "PART", "VERB"]);

function span(seq: readonly AlignOp[]): Span[] {
  if (seq.length === 0) return [];
  const last = seq[seq.length - 1];
  return [{
    oStart: seq[0].oStart,
    oEnd: last.oEnd,
    cStart: seq[0].cStart,
    cEnd: last.cEnd,
  }];
}

function isPunct(tok: Token): boolean {
  return tok.pos === "PUNCT" || inPunctuation(tok.text);
}

function charSimilarity(a: Token, b: Token): number {
  return 1 - indelNormalizedDistance(a.text, b.text);
}

function stripApostropheHyphen(toks: readonly Token[]): string {
  return toks.map((t) => t.lower).join("").replace(/['-]/g, "");
}

/** Contiguous runs of `seq` with equal `key`. */
function groupBy<T, K>(seq: readonly T[], key: (x: T) => K): [K, T[]][] {
  const groups: [K, T[]][] = [];
  for (const x of seq) {
    const k = key(x);
    if (groups.length > 0 && groups[groups.length - 1][0] === k) {
      groups[groups.length - 1][1].push(x);
    } else groups.push([k, [x]]);
  }
  return groups;
}

/** Merge or split a run of adjacent D, I and S steps. */
function processSeq(seq: readonly AlignOp[], orig: Analysis, cor: Analysis): (AlignOp | Span)[] {
  if (seq.length <= 1) return [...seq];
  const ops = seq.map((a) => a.op[0]);
  const opSet = new Set(ops);
  if (opSet.size === 1 && (opSet.has("D") || opSet.has("I"))) return span(seq);
  const recurse = (part: readonly AlignOp[]) => processSeq(part, orig, cor);
  let content = false;
  const combos: [number, number][] = [];
  for (let a = 0; a < seq.length; a++) {
    for (let b = a + 1; b < seq.length; b++) combos.push([a, b]);
  }
  combos.sort((x, y) => (y[1] - y[0]) - (x[1] - x[0]));
  for (const [start, end] of combos) {
    if (!ops.slice(start, end + 1).includes("S")) continue;
    const o = orig.slice(seq[start].oStart, seq[end].oEnd);
    const c = cor.slice(seq[start].cStart, seq[end].cEnd);
    // Possessive suffixes: first token, then last token.
    if (start === 0 && (o[0].tag === "POS" || c[0].tag === "POS")) {
      return [seq[0], ...recurse(seq.slice(1))];
    }
    if (o[o.length - 1].tag === "POS" || c[c.length - 1].tag === "POS") {
      return [
        ...recurse(seq.slice(0, end - 1)),
        ...span(seq.slice(end - 1, end + 1)),
        ...recurse(seq.slice(end + 1)),
      ];
    }
    // Case changes.
    if (o[o.length - 1].lower === c[c.length - 1].lower) {
      if (
        start === 0 &&
        ((o.length === 1 && isUpperChar(c[0].text[0])) ||
          (c.length === 1 && isUpperChar(o[0].text[0])))
      ) {
        return [...span(seq.slice(start, end + 1)), ...recurse(seq.slice(end + 1))];
      }
      if (
        (o.length > 1 && isPunct(o[o.length - 2])) || (c.length > 1 && isPunct(c[c.length - 2]))
      ) {
        return [
          ...recurse(seq.slice(0, end - 1)),
          ...span(seq.slice(end - 1, end + 1)),
          ...recurse(seq.slice(end + 1)),
        ];
      }
    }
    // Whitespace and hyphens.
    if (stripApostropheHyphen(o) === stripApostropheHyphen(c)) {
      return [
        ...recurse(seq.slice(0, start)),
        ...span(seq.slice(start, end + 1)),
        ...recurse(seq.slice(end + 1)),
      ];
    }
    // Same POS, or auxiliary/infinitive/phrasal verbs.
    const posSet = new Set([...o.map((t) => t.pos), ...c.map((t) => t.pos)]);
    if (o.length !== c.length && (posSet.size === 1 || [...posSet].every((p) => VERBAL.has(p)))) {
      return [
        ...recurse(seq.slice(0, start)),
        ...span(seq.slice(start, end + 1)),
        ...recurse(seq.slice(end + 1)),
      ];
    }
    // Split rules on the smallest chunks.
    if (end - start < 2) {
      if (o.length === 2 && c.length === 2) {
        return [...recurse(seq.slice(0, start + 1)), ...recurse(seq.slice(start + 1))];
      }
      if (
        (ops[start] === "S" && charSimilarity(o[0], c[0]) > 0.75) ||
        (ops[end] === "S" && charSimilarity(o[o.length - 1], c[c.length - 1]) > 0.75)
      ) {
        return [...recurse(seq.slice(0, start + 1)), ...recurse(seq.slice(start + 1))];
      }
      const lastOp = ops[ops.length - 1];
      if (
        end === seq.length - 1 &&
        (((lastOp === "D" || lastOp === "S") && o[o.length - 1].pos === "DET") ||
          ((lastOp === "I" || lastOp === "S") && c[c.length - 1].pos === "DET"))
      ) {
        return [...recurse(seq.slice(0, -1)), seq[seq.length - 1]];
      }
    }
    for (const p of posSet) if (OPEN_POS.has(p)) content = true;
  }
  return content ? span(seq) : [...seq];
}

function toSpan(x: AlignOp | Span): Span {
  return { oStart: x.oStart, oEnd: x.oEnd, cStart: x.cStart, cEnd: x.cEnd };
}

/**
 * Groups an alignment's non-match steps into edit spans.
 *
 * @example Two tokens written as one are merged into a single edit
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { align } from "./align.ts";
 * import { mergeEdits } from "./merge.ts";
 * const tok = (text: string) =>
 *   ({ text, lower: text, tag: "NN", pos: "NOUN", lemma: text, dep: "dobj", head: 0 });
 * const orig = ["a", "subway"].map(tok);
 * const cor = ["a", "sub", "way"].map(tok);
 * assertEquals(mergeEdits(align(orig, cor), orig, cor), [
 *   { oStart: 1, oEnd: 2, cStart: 1, cEnd: 3 },
 * ]);
 * ```
 */
export function mergeEdits(
  seq: readonly AlignOp[],
  orig: Analysis,
  cor: Analysis,
  strategy: MergeStrategy = "rules",
): Span[] {
  const edits: Span[] = [];
  if (strategy === "all-split") {
    for (const a of seq) if (a.op !== "M") edits.push(toSpan(a));
  } else if (strategy === "all-merge") {
    for (const [isMatch, group] of groupBy(seq, (a) => a.op === "M")) {
      if (!isMatch) edits.push(...span(group));
    }
  } else if (strategy === "all-equal") {
    for (const [op, group] of groupBy(seq, (a) => a.op)) {
      if (op !== "M") edits.push(...span(group));
    }
  } else {
    const key = (a: AlignOp) => (a.op[0] === "M" || a.op[0] === "T" ? a.op[0] : "");
    for (const [op, group] of groupBy(seq, key)) {
      if (op === "M") continue;
      if (op === "T") edits.push(...group.map(toSpan));
      else edits.push(...processSeq(group, orig, cor).map(toSpan));
    }
  }
  return edits;
}
