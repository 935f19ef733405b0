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
import { InputError } from "../plugins/errors.ts";
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

/**
 * The longest run of adjacent unmatched alignment steps the rule merge takes on: its rules try
 * every span of a run and recurse on the parts, so a run of unrelated tokens costs time growing
 * with the cube of its length (300 steps: about 0.3 s).
 */
export const MAX_MERGE_RUN = 300;

/** Universal POS tags of open word classes, which ERRANT's merge keeps apart. */
export const OPEN_POS: ReadonlySet<string> = new Set(["ADJ", "AUX", "ADV", "NOUN", "VERB"]);
/** Universal POS tags of verb phrases, which ERRANT's merge joins. */
export const VERBAL: ReadonlySet<string> = new Set(["AUX", "PART", "VERB"]);

/** One span covering a whole run of steps (nothing for an empty run). */
export function span(seq: readonly AlignOp[]): Span[] {
  if (seq.length === 0) return [];
  const last = seq[seq.length - 1];
  return [{
    oStart: seq[0].oStart,
    oEnd: last.oEnd,
    cStart: seq[0].cStart,
    cEnd: last.cEnd,
  }];
}

/** Whether a token is punctuation, by its POS tag or its characters. */
export function isPunct(tok: Token): boolean {
  return tok.pos === "PUNCT" || inPunctuation(tok.text);
}

/** Character similarity of two tokens: 1 minus their normalised indel distance. */
export function charSimilarity(a: Token, b: Token): number {
  return 1 - indelNormalizedDistance(a.text, b.text);
}

/** The lower-cased tokens joined, without apostrophes and hyphens. */
export function stripApostropheHyphen(toks: readonly Token[]): string {
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

/**
 * What the merge rules ask of a token range, in constant time: the text of a range with
 * apostrophes and hyphens removed (by length and a polynomial hash, checked by building the
 * strings only when both agree) and its parts of speech (by running counts). Built once per
 * sentence pair; the rules then try every span of a run without walking its tokens.
 */
class MergeIndex {
  readonly #posIds = new Map<string, number>();
  readonly #posNames: string[] = [];
  readonly #orig: RangeIndex;
  readonly #cor: RangeIndex;
  /** Indexes `orig[oFrom, oTo)` and `cor[cFrom, cTo)`, the tokens of one run. */
  constructor(
    readonly orig: Analysis,
    readonly cor: Analysis,
    oFrom: number,
    oTo: number,
    cFrom: number,
    cTo: number,
  ) {
    for (let i = oFrom; i < oTo; i++) this.#addPos(orig[i].pos);
    for (let j = cFrom; j < cTo; j++) this.#addPos(cor[j].pos);
    this.#orig = new RangeIndex(orig, oFrom, oTo, this.#posIds);
    this.#cor = new RangeIndex(cor, cFrom, cTo, this.#posIds);
  }

  #addPos(pos: string): void {
    if (!this.#posIds.has(pos)) {
      this.#posIds.set(pos, this.#posNames.length);
      this.#posNames.push(pos);
    }
  }

  /** Whether `orig[oa, ob)` and `cor[ca, cb)` read the same without apostrophes and hyphens. */
  sameStripped(oa: number, ob: number, ca: number, cb: number): boolean {
    if (this.#orig.strippedLength(oa, ob) !== this.#cor.strippedLength(ca, cb)) return false;
    if (this.#orig.strippedHash(oa, ob) !== this.#cor.strippedHash(ca, cb)) return false;
    return stripApostropheHyphen(this.orig.slice(oa, ob)) ===
      stripApostropheHyphen(this.cor.slice(ca, cb));
  }

  /**
   * The parts of speech of `orig[oa, ob)` and `cor[ca, cb)` together: bit k set for the k-th
   * part of speech met in the pair.
   */
  posMask(oa: number, ob: number, ca: number, cb: number): number {
    let mask = 0;
    for (let id = 0; id < this.#posNames.length; id++) {
      if (this.#orig.hasPos(id, oa, ob) || this.#cor.hasPos(id, ca, cb)) mask |= 1 << id;
    }
    return mask;
  }

  /** The mask of the parts of speech in `names`. */
  maskOf(names: ReadonlySet<string>): number {
    let mask = 0;
    for (const [name, id] of this.#posIds) if (names.has(name)) mask |= 1 << id;
    return mask;
  }

  /** Whether more parts of speech occur than a mask holds (then sets are used). */
  get tooManyPos(): boolean {
    return this.#posNames.length > 31;
  }

  /** The parts of speech of `orig[oa, ob)` and `cor[ca, cb)` together, as a set. */
  posSet(oa: number, ob: number, ca: number, cb: number): string[] {
    const found: string[] = [];
    for (let id = 0; id < this.#posNames.length; id++) {
      if (this.#orig.hasPos(id, oa, ob) || this.#cor.hasPos(id, ca, cb)) {
        found.push(this.#posNames[id]);
      }
    }
    return found;
  }
}

const HASH_BASE = 0x01000193;

/** Running counts and hashes over a range of one sentence's tokens (see {@linkcode MergeIndex}). */
class RangeIndex {
  /** The first token indexed. */
  readonly #base: number;
  /** Characters before each token in the stripped text. */
  readonly #offsets: Int32Array;
  /** Polynomial hash (mod 2^32) of each prefix of the stripped text, by characters. */
  readonly #hashes: Uint32Array;
  /** HASH_BASE^k mod 2^32. */
  readonly #powers: Uint32Array;
  /** Tokens of each part of speech before each token, one row of `length + 1` per part of speech. */
  readonly #pos: Int32Array;
  readonly #stride: number;

  constructor(tokens: Analysis, from: number, to: number, posIds: Map<string, number>) {
    const length = to - from;
    this.#base = from;
    this.#stride = length + 1;
    const stripped: string[] = [];
    for (let i = from; i < to; i++) stripped.push(tokens[i].lower.replace(/['-]/g, ""));
    this.#offsets = new Int32Array(length + 1);
    for (let i = 0; i < length; i++) {
      this.#offsets[i + 1] = this.#offsets[i] + stripped[i].length;
    }
    const text = stripped.join("");
    this.#hashes = new Uint32Array(text.length + 1);
    this.#powers = new Uint32Array(text.length + 1);
    this.#powers[0] = 1;
    for (let k = 0; k < text.length; k++) {
      this.#hashes[k + 1] = (Math.imul(this.#hashes[k], HASH_BASE) + text.charCodeAt(k)) >>> 0;
      this.#powers[k + 1] = Math.imul(this.#powers[k], HASH_BASE) >>> 0;
    }
    const stride = this.#stride;
    const counts = this.#pos = new Int32Array(posIds.size * stride);
    for (let i = 0; i < length; i++) {
      const id = posIds.get(tokens[from + i].pos)!;
      for (let p = 0; p < posIds.size; p++) {
        counts[p * stride + i + 1] = counts[p * stride + i] + (p === id ? 1 : 0);
      }
    }
  }

  strippedLength(a: number, b: number): number {
    return this.#offsets[b - this.#base] - this.#offsets[a - this.#base];
  }

  strippedHash(a: number, b: number): number {
    const from = this.#offsets[a - this.#base], to = this.#offsets[b - this.#base];
    return (this.#hashes[to] - Math.imul(this.#hashes[from], this.#powers[to - from])) >>> 0;
  }

  hasPos(id: number, a: number, b: number): boolean {
    const row = id * this.#stride - this.#base;
    return this.#pos[row + b] - this.#pos[row + a] > 0;
  }
}

/** Merge or split a run of adjacent D, I and S steps. */
function processSeq(seq: readonly AlignOp[], index: MergeIndex): (AlignOp | Span)[] {
  if (seq.length <= 1) return [...seq];
  const { orig, cor } = index;
  const ops = seq.map((a) => a.op[0]);
  const opSet = new Set(ops);
  if (opSet.size === 1 && (opSet.has("D") || opSet.has("I"))) return span(seq);
  const recurse = (part: readonly AlignOp[]) => processSeq(part, index);
  // Substitutions among the first k steps, to skip spans without one.
  const subs = new Int32Array(seq.length + 1);
  for (let k = 0; k < seq.length; k++) subs[k + 1] = subs[k] + (ops[k] === "S" ? 1 : 0);
  let content = false;
  const masks = index.tooManyPos
    ? undefined
    : { verbal: index.maskOf(VERBAL), open: index.maskOf(OPEN_POS) };
  // Every (start, end) pair, the longest spans first and, among equal lengths, left to right.
  for (let width = seq.length - 1; width >= 1; width--) {
    for (let start = 0; start + width < seq.length; start++) {
      const end = start + width;
      if (subs[end + 1] - subs[start] === 0) continue;
      const oa = seq[start].oStart, ob = seq[end].oEnd;
      const ca = seq[start].cStart, cb = seq[end].cEnd;
      const oLength = ob - oa, cLength = cb - ca;
      const oFirst = orig[oa], cFirst = cor[ca];
      const oLast = orig[ob - 1], cLast = cor[cb - 1];
      // Possessive suffixes: first token, then last token.
      if (start === 0 && (oFirst.tag === "POS" || cFirst.tag === "POS")) {
        return [seq[0], ...recurse(seq.slice(1))];
      }
      if (oLast.tag === "POS" || cLast.tag === "POS") {
        return [
          ...recurse(seq.slice(0, end - 1)),
          ...span(seq.slice(end - 1, end + 1)),
          ...recurse(seq.slice(end + 1)),
        ];
      }
      // Case changes.
      if (oLast.lower === cLast.lower) {
        if (
          start === 0 &&
          ((oLength === 1 && isUpperChar(cFirst.text[0])) ||
            (cLength === 1 && isUpperChar(oFirst.text[0])))
        ) {
          return [...span(seq.slice(start, end + 1)), ...recurse(seq.slice(end + 1))];
        }
        if ((oLength > 1 && isPunct(orig[ob - 2])) || (cLength > 1 && isPunct(cor[cb - 2]))) {
          return [
            ...recurse(seq.slice(0, end - 1)),
            ...span(seq.slice(end - 1, end + 1)),
            ...recurse(seq.slice(end + 1)),
          ];
        }
      }
      // Whitespace and hyphens.
      if (index.sameStripped(oa, ob, ca, cb)) {
        return [
          ...recurse(seq.slice(0, start)),
          ...span(seq.slice(start, end + 1)),
          ...recurse(seq.slice(end + 1)),
        ];
      }
      // Same POS, or auxiliary/infinitive/phrasal verbs.
      let samePos: boolean, verbal: boolean, open: boolean;
      if (masks) {
        const mask = index.posMask(oa, ob, ca, cb);
        samePos = (mask & (mask - 1)) === 0;
        verbal = (mask & ~masks.verbal) === 0;
        open = (mask & masks.open) !== 0;
      } else {
        const posSet = index.posSet(oa, ob, ca, cb);
        samePos = posSet.length === 1;
        verbal = posSet.every((p) => VERBAL.has(p));
        open = posSet.some((p) => OPEN_POS.has(p));
      }
      if (oLength !== cLength && (samePos || verbal)) {
        return [
          ...recurse(seq.slice(0, start)),
          ...span(seq.slice(start, end + 1)),
          ...recurse(seq.slice(end + 1)),
        ];
      }
      // Split rules on the smallest chunks.
      if (end - start < 2) {
        if (oLength === 2 && cLength === 2) {
          return [...recurse(seq.slice(0, start + 1)), ...recurse(seq.slice(start + 1))];
        }
        if (
          (ops[start] === "S" && charSimilarity(oFirst, cFirst) > 0.75) ||
          (ops[end] === "S" && charSimilarity(oLast, cLast) > 0.75)
        ) {
          return [...recurse(seq.slice(0, start + 1)), ...recurse(seq.slice(start + 1))];
        }
        const lastOp = ops[ops.length - 1];
        if (
          end === seq.length - 1 &&
          (((lastOp === "D" || lastOp === "S") && oLast.pos === "DET") ||
            ((lastOp === "I" || lastOp === "S") && cLast.pos === "DET"))
        ) {
          return [...recurse(seq.slice(0, -1)), seq[seq.length - 1]];
        }
      }
      if (open) content = true;
    }
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
      else {
        if (group.length > MAX_MERGE_RUN) {
          throw new InputError(
            `a run of ${group.length} unmatched alignment steps is more than the ${MAX_MERGE_RUN} the ` +
              "annotator's rule merge bounds itself to (ERRANT's merge rules take time growing " +
              "with the cube of the run; see bench/worst_case_edits_bench.ts)",
          );
        }
        if (group.length === 1) edits.push(toSpan(group[0]));
        else {
          const last = group[group.length - 1];
          const index = new MergeIndex(
            orig,
            cor,
            group[0].oStart,
            last.oEnd,
            group[0].cStart,
            last.cEnd,
          );
          edits.push(...processSeq(group, index).map(toSpan));
        }
      }
    }
  }
  return edits;
}
