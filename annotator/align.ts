/**
 * Stage 1: token alignment. A Damerau-Levenshtein alignment whose substitution cost is
 * linguistic (Felice, Bryant & Briscoe 2016): a substitution costs less when the two tokens share
 * a lemma, a part of speech or most of their characters, and any run of tokens that is a
 * reordering of the other side (case-insensitive) may align as one transposition.
 *
 * @module
 */

import type { Analysis, Token } from "./token.ts";
import { indelNormalizedDistance } from "./strings.ts";

/** One step of an alignment: `M` match, `S` substitution, `I`, `D`, or `T<n>` transposition. */
export interface AlignOp {
  readonly op: string;
  readonly oStart: number;
  readonly oEnd: number;
  readonly cStart: number;
  readonly cEnd: number;
}

const OPEN_POS = new Set(["ADJ", "ADV", "NOUN", "VERB"]);

/**
 * The linguistic substitution cost of `o` → `c`, between 0 and 2: 0 for a case change, else
 * 0.499 for different lemmas, plus 0.25 for two different open-class POS (0.5 for other different
 * POS), plus the normalised Indel distance of the characters.
 *
 * @example A noun and its plural cost only their character distance
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { substitutionCost } from "./align.ts";
 * const tok = (text: string, lemma: string) =>
 *   ({ text, lower: text, tag: "NN", pos: "NOUN", lemma, dep: "dobj", head: 0 });
 * assertEquals(substitutionCost(tok("cat", "cat"), tok("cats", "cat")), 1 / 7);
 * ```
 */
export function substitutionCost(o: Token, c: Token): number {
  if (o.lower === c.lower) return 0;
  const lemmaCost = o.lemma === c.lemma ? 0 : 0.499;
  let posCost: number;
  if (o.pos === c.pos) posCost = 0;
  else if (OPEN_POS.has(o.pos) && OPEN_POS.has(c.pos)) posCost = 0.25;
  else posCost = 0.5;
  const charCost = indelNormalizedDistance(o.text, c.text);
  return lemmaCost + posCost + charCost;
}

function sortedEqual(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/**
 * The cheapest alignment of two analysed sentences, left to right. Ties go to transposition,
 * then substitution, insertion and deletion, in that order; with `lev`, every substitution costs
 * 1 and nothing is transposed (plain Levenshtein).
 *
 * @example One substitution and matches around it
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { align } from "./align.ts";
 * const tok = (text: string) =>
 *   ({ text, lower: text, tag: "NN", pos: "NOUN", lemma: text, dep: "dobj", head: 0 });
 * const ops = align(["a", "cat"].map(tok), ["a", "dog"].map(tok)).map((a) => a.op);
 * assertEquals(ops, ["M", "S"]);
 * ```
 */
export function align(orig: Analysis, cor: Analysis, lev = false): AlignOp[] {
  const oLen = orig.length;
  const cLen = cor.length;
  const width = cLen + 1;
  const cost = new Float64Array((oLen + 1) * width);
  const ops: string[] = new Array((oLen + 1) * width).fill("O");
  const oLow = orig.map((t) => t.lower);
  const cLow = cor.map((t) => t.lower);
  for (let i = 1; i <= oLen; i++) {
    cost[i * width] = cost[(i - 1) * width] + 1;
    ops[i * width] = "D";
  }
  for (let j = 1; j <= cLen; j++) {
    cost[j] = cost[j - 1] + 1;
    ops[j] = "I";
  }
  for (let i = 0; i < oLen; i++) {
    for (let j = 0; j < cLen; j++) {
      const here = (i + 1) * width + j + 1;
      if (orig[i].text === cor[j].text) {
        cost[here] = cost[i * width + j];
        ops[here] = "M";
        continue;
      }
      const delCost = cost[i * width + j + 1] + 1;
      const insCost = cost[(i + 1) * width + j] + 1;
      let transCost = Infinity;
      let subCost: number;
      let k = 1;
      if (lev) subCost = cost[i * width + j] + 1;
      else {
        subCost = cost[i * width + j] + substitutionCost(orig[i], cor[j]);
        while (
          i - k >= 0 && j - k >= 0 &&
          cost[(i - k + 1) * width + j - k + 1] !== cost[(i - k) * width + j - k]
        ) {
          if (sortedEqual(oLow.slice(i - k, i + 1), cLow.slice(j - k, j + 1))) {
            transCost = cost[(i - k) * width + j - k] + k;
            break;
          }
          k++;
        }
      }
      // First cheapest of [transposition, substitution, insertion, deletion].
      let best = transCost;
      let op = `T${k + 1}`;
      if (subCost < best) [best, op] = [subCost, "S"];
      if (insCost < best) [best, op] = [insCost, "I"];
      if (delCost < best) [best, op] = [delCost, "D"];
      cost[here] = best;
      ops[here] = op;
    }
  }
  const seq: AlignOp[] = [];
  let i = oLen;
  let j = cLen;
  while (i + j !== 0) {
    const op = ops[i * width + j];
    if (op === "M" || op === "S") {
      seq.push({ op, oStart: i - 1, oEnd: i, cStart: j - 1, cEnd: j });
      i--;
      j--;
    } else if (op === "D") {
      seq.push({ op, oStart: i - 1, oEnd: i, cStart: j, cEnd: j });
      i--;
    } else if (op === "I") {
      seq.push({ op, oStart: i, oEnd: i, cStart: j - 1, cEnd: j });
      j--;
    } else {
      const n = Number(op.slice(1));
      seq.push({ op, oStart: i - n, oEnd: i, cStart: j - n, cEnd: j });
      i -= n;
      j -= n;
    }
  }
  return seq.reverse();
}
