/**
 * GREEN's counting stage: n-gram counts of a source, a hypothesis and one reference, and the
 * seven-way split of every n-gram (Koyama et al. 2024, "n-gram F-score for GEC"): kept, deleted
 * and inserted correctly (TK, TD, TI), over-deleted and over-inserted (OD, OI), under-deleted
 * and under-inserted (UD, UI).
 *
 * @module
 */

import type { Tokens } from "../../plugins/types.ts";

/** What GREEN counts: words (tokens) or characters of the line, spaces included. */
export type GreenUnit = "word" | "char";

/** N-gram counts per order (index 0 = unigrams), keyed by a number or, for huge alphabets, text. */
export type NgramCounts = Map<number | string, number>[];

const SURROGATE = /[\uD800-\uDFFF]/;

/** The symbols of a sentence: its tokens, or the code points of its tokens joined by spaces. */
export function units(tokens: Tokens, unit: GreenUnit): string[] {
  if (unit !== "char") return tokens.slice();
  const text = tokens.join(" ");
  // Without surrogates every UTF-16 unit is a code point (and split is much faster).
  return SURROGATE.test(text) ? Array.from(text) : text.split("");
}

/** A numbering of the symbols of one gold sentence (source, hypothesis and references). */
export class Alphabet {
  #ids = new Map<string, number>();

  /** The id of a symbol, numbered from 1 in first-seen order. */
  id(symbol: string): number {
    let id = this.#ids.get(symbol);
    if (id === undefined) this.#ids.set(symbol, id = this.#ids.size + 1);
    return id;
  }
}

/**
 * Counts of every n-gram of orders 1..`n` (with multiplicity). Keys are numbers in base 2^13
 * while the ids allow it (exact in a double for n <= 4), else the ids joined by commas.
 *
 * @example Usage
 * ```ts
 * import { Alphabet, ngramCounts } from "./ngrams.ts";
 * import assert from "node:assert/strict";
 *
 * const counts = ngramCounts("a b a b".split(" "), 2, new Alphabet());
 * assert.deepEqual(counts.map((c) => [...c.values()]), [[2, 2], [2, 1]]);
 * assert.deepEqual(ngramCounts([], 4, new Alphabet()).map((c) => c.size), [0, 0, 0, 0]);
 * ```
 *
 * @param symbols The symbols.
 * @param n The largest order.
 * @param alphabet The numbering shared by the sentences compared.
 * @returns One map per order.
 */
export function ngramCounts(
  symbols: readonly string[],
  n: number,
  alphabet: Alphabet,
): NgramCounts {
  const out: NgramCounts = Array.from({ length: n }, () => new Map());
  const ids = symbols.map((s) => alphabet.id(s));
  const base = n <= 4 && ids.every((id) => id < 8192) ? 8192 : 0;
  for (let i = 0; i < ids.length; i++) {
    let key: number | string = 0;
    for (let k = 0; k < n && i + k < ids.length; k++) {
      key = base ? (key as number) * base + ids[i + k] : k ? `${key},${ids[i + k]}` : `${ids[i]}`;
      const counts = out[k];
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return out;
}

/**
 * TP, FP and FN per order for one reference: TP = TD + TI + TK, FP = OD + OI, FN = UD + UI,
 * summed over every n-gram of the source, hypothesis or reference. Laid out as
 * `[tp_1..tp_n, fp_1..fp_n, fn_1..fn_n]`.
 *
 * @example Usage
 * ```ts
 * import { Alphabet, greenCounts, ngramCounts } from "./ngrams.ts";
 * import assert from "node:assert/strict";
 *
 * const a = new Alphabet();
 * const [s, h, r] = ["a b c", "a c", "a b d"].map((x) => ngramCounts(x.split(" "), 1, a));
 * // a kept (TK); b deleted by h, kept by r (OD); c kept by h, deleted by r (UD); d missed (UI).
 * assert.deepEqual(greenCounts(s, h, r), [1, 1, 2]);
 * ```
 *
 * @param s Source counts.
 * @param h Hypothesis counts.
 * @param r Reference counts.
 * @returns The counts.
 */
export function greenCounts(s: NgramCounts, h: NgramCounts, r: NgramCounts): number[] {
  const n = s.length;
  const out = new Array<number>(3 * n).fill(0);
  for (let k = 0; k < n; k++) {
    let tp = 0, fp = 0, fn = 0;
    const add = (ms: number, mh: number, mr: number) => {
      tp += Math.max(ms - Math.max(mr, mh), 0) + Math.max(Math.min(mr, mh) - ms, 0) +
        Math.min(ms, mh, mr);
      fp += Math.max(Math.min(ms, mr) - mh, 0) + Math.max(mh - Math.max(ms, mr), 0);
      fn += Math.max(Math.min(ms, mh) - mr, 0) + Math.max(mr - Math.max(ms, mh), 0);
    };
    const sk = s[k], hk = h[k], rk = r[k];
    for (const [key, ms] of sk) add(ms, hk.get(key) ?? 0, rk.get(key) ?? 0);
    for (const [key, mh] of hk) if (!sk.has(key)) add(0, mh, rk.get(key) ?? 0);
    for (const [key, mr] of rk) if (!sk.has(key) && !hk.has(key)) add(0, 0, mr);
    out[k] = tp;
    out[n + k] = fp;
    out[2 * n + k] = fn;
  }
  return out;
}

/** One gold sentence prepared once for every system scored against it. */
export interface PreparedGold {
  /** Symbol ids shared by the source and references (unknown symbols are 0). */
  ids: Map<string, number>;
  /** Keys are numbers in this base (small: V8 hashes them fastest), or 0: ids joined by commas. */
  base: number;
  /** The source's symbols. */
  source: string[];
  /** The source's symbol ids. */
  sourceIds: number[];
  /** The source's counts. */
  s: NgramCounts;
  /** Each reference's counts. */
  refs: NgramCounts[];
  /** Each reference's counts for a hypothesis equal to the source. */
  baseline: number[][];
}

function numberAll(symbols: readonly string[], ids: Map<string, number>): number[] {
  return symbols.map((x) => {
    let id = ids.get(x);
    if (id === undefined) ids.set(x, id = ids.size + 1);
    return id;
  });
}

function countIds(ids: readonly number[], n: number, base: number): NgramCounts {
  const out: NgramCounts = Array.from({ length: n }, () => new Map());
  for (let i = 0; i < ids.length; i++) {
    let key: number | string = 0;
    for (let k = 0; k < n && i + k < ids.length; k++) {
      key = base ? (key as number) * base + ids[i + k] : k ? `${key},${ids[i + k]}` : `${ids[i]}`;
      out[k].set(key, (out[k].get(key) ?? 0) + 1);
    }
  }
  return out;
}

/**
 * Prepare a source and its references for {@linkcode greenCountsAgainst}.
 *
 * @param source The source's symbols.
 * @param references Each reference's symbols.
 * @param n The largest order.
 * @returns The prepared gold.
 */
export function prepareGold(
  source: readonly string[],
  references: readonly (readonly string[])[],
  n: number,
): PreparedGold {
  const ids = new Map<string, number>();
  const sourceIds = numberAll(source, ids);
  const refIds = references.map((r) => numberAll(r, ids));
  // Ids 1..size, 0 for symbols of a hypothesis only: exact while base^n < 2^53.
  const base = (ids.size + 1) ** n < 2 ** 53 ? ids.size + 1 : 0;
  const s = countIds(sourceIds, n, base);
  const refs = refIds.map((r) => countIds(r, n, base));
  return {
    ids,
    base,
    source: source.slice(),
    sourceIds,
    s,
    refs,
    baseline: refs.map((r) => greenCounts(s, s, r)),
  };
}

const scratchMaps: Map<number | string, number>[] = [];

/** The hypothesis' symbol ids, reused between calls (only the part read is written). */
let hypothesisIds: number[] = new Array(256).fill(0);

/** A cleared map for order `k`, reused between calls. */
function scratch(k: number): Map<number | string, number> {
  const m = scratchMaps[k] ??= new Map();
  m.clear();
  return m;
}

/** Add `sign` for each order-`k+1` n-gram of `arr` outside the common prefix and suffix. */
function region(
  delta: Map<number | string, number>,
  arr: readonly number[],
  len: number,
  p: number,
  q: number,
  k: number,
  sign: number,
  base: number,
): void {
  for (let i = Math.max(0, p - k); i + k < len && i < len - q; i++) {
    let key: number | string = 0;
    for (let j = 0; j <= k; j++) {
      key = base ? (key as number) * base + arr[i + j] : j ? `${key},${arr[i + j]}` : `${arr[i]}`;
    }
    delta.set(key, (delta.get(key) ?? 0) + sign);
  }
}

/**
 * Per-reference counts of a hypothesis, as {@linkcode greenCounts} gives them, computed from the
 * n-grams where the hypothesis differs from the source only: outside the common prefix and
 * suffix of the two, the hypothesis' n-grams are added and the source's taken away, and each
 * n-gram whose count changed moves the source's baseline counts. Symbols in neither the source
 * nor a reference share id 0: such n-grams only ever count as over-insertions, one per
 * occurrence, so sharing a key changes no total.
 *
 * @example Equal to counting every n-gram
 * ```ts
 * import { Alphabet, greenCounts, greenCountsAgainst, ngramCounts, prepareGold } from "./ngrams.ts";
 * import assert from "node:assert/strict";
 *
 * const [s, h, r] = ["a b c d e", "a x c d d e", "a b c e"].map((x) => x.split(" "));
 * const a = new Alphabet();
 * const full = greenCounts(...[s, h, r].map((x) => ngramCounts(x, 4, a)) as [never, never, never]);
 * assert.deepEqual(greenCountsAgainst(prepareGold(s, [r], 4), h, 4)[0], full);
 * ```
 *
 * @param gold The prepared source and references.
 * @param hypothesis The hypothesis' symbols.
 * @param n The largest order.
 * @returns One count array per reference.
 */
export function greenCountsAgainst(
  gold: PreparedGold,
  hypothesis: readonly string[],
  n: number,
): number[][] {
  const src = gold.source, lenS = src.length, lenH = hypothesis.length;
  let p = 0;
  while (p < lenS && p < lenH && src[p] === hypothesis[p]) p++;
  let q = 0;
  while (q < lenS - p && q < lenH - p && src[lenS - 1 - q] === hypothesis[lenH - 1 - q]) q++;
  const out = gold.baseline.map((b) => b.slice());
  if (p === lenS && p === lenH) return out;
  const ids = gold.ids;
  // The n-grams counted start after p − n and end before the common suffix, at most n − 1
  // symbols into it.
  const hIds = hypothesisIds.length >= lenH ? hypothesisIds : hypothesisIds = new Array(lenH * 2);
  const to = Math.min(lenH, lenH - q + n - 1);
  for (let i = Math.max(0, p - n + 1); i < to; i++) hIds[i] = ids.get(hypothesis[i]) ?? 0;
  const sIds = gold.sourceIds;
  const refs = gold.refs;
  for (let k = 0; k < n; k++) {
    const delta = scratch(k);
    region(delta, hIds, lenH, p, q, k, 1, gold.base);
    region(delta, sIds, lenS, p, q, k, -1, gold.base);
    const sk = gold.s[k];
    for (const [key, d] of delta) {
      if (d === 0) continue;
      const ms = sk.get(key) ?? 0, mh = ms + d;
      for (let ri = 0; ri < refs.length; ri++) {
        const mr = refs[ri][k].get(key) ?? 0;
        const o = out[ri];
        o[k] += Math.max(ms - Math.max(mr, mh), 0) + Math.max(Math.min(mr, mh) - ms, 0) +
          Math.min(ms, mh, mr) - Math.min(ms, mr);
        o[n + k] += Math.max(Math.min(ms, mr) - mh, 0) + Math.max(mh - Math.max(ms, mr), 0);
        o[2 * n + k] += Math.max(Math.min(ms, mh) - mr, 0) + Math.max(mr - Math.max(ms, mh), 0) -
          Math.abs(ms - mr);
      }
    }
  }
  return out;
}
