/**
 * ChERRANT's alignment (Zhang et al. 2022, MuCGEC §4): a Damerau-Levenshtein table whose
 * substitution cost mixes semantic distance (Cilin classes), spelling similarity (same
 * character, a shared pinyin reading, or the confusion set) and a punctuation class (at
 * character level) or a part-of-speech match (at word level); insertion and deletion cost 1
 * and a transposition of k+1 tokens costs k. Every cheapest way through the table is kept,
 * in the order ChERRANT finds them (at each cell: transposition, substitution, insertion,
 * deletion), unless the lengths differ by more than 10, when only the first is followed.
 *
 * @example Two cheapest alignments of a swapped pair
 * ```ts
 * import { alignAll, costModel } from "./align.ts";
 * import { loadResources } from "./resources.ts";
 * import assert from "node:assert/strict";
 *
 * const r = await loadResources();
 * const tok = (s: string) => Array.from(s, (c) => ({ text: c, pos: "unk", pinyin: r.readings(c) }));
 * const seqs = alignAll(tok("他很好"), tok("他好很"), costModel(r, "char"));
 * assert.deepEqual(seqs[0].map((a) => a.op), ["M", "T2"]);
 * ```
 *
 * @module
 */

import type { Resources } from "./resources.ts";
import type { Granularity, ZhToken } from "./token.ts";
import { allChinese } from "./text.ts";

/** One step of an alignment: `op` is `M`, `S`, `I`, `D` or `T<n>`; spans are end-exclusive. */
export interface AlignStep {
  /** The operation. */
  readonly op: string;
  /** Source start. */
  readonly s1: number;
  /** Source end. */
  readonly s2: number;
  /** Target start. */
  readonly t1: number;
  /** Target end. */
  readonly t2: number;
}

/** The punctuation the character-level cost knows (ChERRANT's `alignment.py`). */
export const ALIGN_PUNCT =
  "！？｡＂＃＄％＆＇（）＊＋，－／：；＜＝＞＠［＼］＾＿｀｛｜｝～｟｠｢｣､、〃》「」『』【】〔〕〖〗〘〙〚〛〜〝〞〟〰〾〿–—‘'‛“”„‟…‧﹏" +
  "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

/** The substitution cost of two tokens. */
export type SubstitutionCost = (a: ZhToken, b: ZhToken) => number;

/**
 * ChERRANT's substitution cost for a granularity.
 *
 * @param resources Cilin, confusion set and readings.
 * @param granularity `char` or `word`.
 * @returns The cost function (0 for equal texts).
 */
export function costModel(resources: Resources, granularity: Granularity): SubstitutionCost {
  /** What the cost needs of one token text, computed once. */
  interface Features {
    high?: string;
    mid?: string;
    low?: string;
    punct: boolean;
    chinese: boolean;
    chars: string[];
  }
  const features = new Map<string, Features>();
  const featuresOf = (text: string): Features => {
    let f = features.get(text);
    if (!f) {
      const code = resources.semanticCode(text);
      f = {
        high: code?.[0],
        mid: code?.[1],
        low: code?.slice(2, 4),
        punct: ALIGN_PUNCT.includes(text),
        chinese: allChinese(text),
        chars: Array.from(text),
      };
      features.set(text, f);
    }
    return f;
  };
  const semanticCost = (a: Features, b: Features): number => {
    if (a.high === undefined || b.high === undefined) return 4;
    const same = (a.high === b.high ? 1 : 0) + (a.mid === b.mid ? 1 : 0) +
      (a.low === b.low ? 1 : 0);
    return same === 3 ? 0 : 2 * (3 - same);
  };
  const spellCost = (a: string[], b: string[], pa: readonly string[], pb: readonly string[]) => {
    const shared = pa.some((x) => pb.includes(x));
    let count = 0;
    for (const x of a) {
      for (const y of b) {
        if (x === y || shared || resources.confusable(y, x) || resources.confusable(x, y)) {
          count++;
          break;
        }
      }
    }
    return (a.length - count) / (a.length * 2);
  };
  const charCost = (a: ZhToken, b: ZhToken, fa: Features, fb: Features): number => {
    if (!(fa.chinese && fb.chinese)) return 0.5;
    if (fa.chars.length > fb.chars.length) [a, b, fa, fb] = [b, a, fb, fa];
    if (a.text === b.text) return 0;
    return spellCost(fa.chars, fb.chars, a.pinyin, b.pinyin);
  };
  if (granularity === "word") {
    return (a, b) => {
      if (a.text === b.text) return 0;
      const fa = featuresOf(a.text), fb = featuresOf(b.text);
      const pos = a.pos === b.pos ? 0 : 0.499;
      return semanticCost(fa, fb) / 6.0 + pos + charCost(a, b, fa, fb);
    };
  }
  return (a, b) => {
    if (a.text === b.text) return 0;
    const fa = featuresOf(a.text), fb = featuresOf(b.text);
    const pos = fa.punct && fb.punct ? 0 : !fa.punct && !fb.punct ? 0.25 : 0.499;
    return semanticCost(fa, fb) / 6.0 + charCost(a, b, fa, fb) + pos;
  };
}

// Operation bits of a cell, listed in ChERRANT's order.
const T = 1, S = 2, I = 4, D = 8, M = 16;

/** The filled table: costs, the cheapest operations of each cell, transposition lengths. */
interface Table {
  rows: number;
  cols: number;
  cost: Float64Array;
  ops: Uint8Array;
  transLength: Int32Array;
}

const EMPTY = 0xffffffff;

/**
 * Substitution costs remembered across sentences: tokens get small integer ids (by text for
 * matching and transpositions, by text and tag for costs) and each pair's cost is computed once.
 */
class Memo {
  readonly textIds = new Map<string, number>();
  readonly tokenIds = new Map<string, number>();
  readonly tokens: ZhToken[] = [];
  // Costs of token pairs in an open-addressing table: key a * 65536 + b (ids below 65535),
  // pairs of larger ids in a Map.
  keys = new Uint32Array(1 << 16).fill(EMPTY);
  values = new Float64Array(1 << 16);
  used = 0;
  readonly large = new Map<number, number>();
  counts = new Int32Array(1024);
  constructor(readonly sub: SubstitutionCost) {}

  textId(t: ZhToken): number {
    let id = this.textIds.get(t.text);
    if (id === undefined) {
      id = this.textIds.size;
      this.textIds.set(t.text, id);
      if (id >= this.counts.length) {
        const grown = new Int32Array(this.counts.length * 2);
        grown.set(this.counts);
        this.counts = grown;
      }
    }
    return id;
  }

  tokenId(t: ZhToken): number {
    const key = t.pos === "unk" ? t.text : `${t.text}\u0000${t.pos}`;
    let id = this.tokenIds.get(key);
    if (id === undefined) {
      id = this.tokens.length;
      this.tokenIds.set(key, id);
      this.tokens.push(t);
    }
    return id;
  }

  cost(a: number, b: number): number {
    if (a >= 65535 || b >= 65535) {
      const key = a * 2 ** 32 + b;
      let c = this.large.get(key);
      if (c === undefined) this.large.set(key, c = this.sub(this.tokens[a], this.tokens[b]));
      return c;
    }
    const key = (a * 65536 + b) >>> 0;
    const mask = this.keys.length - 1;
    let slot = Math.imul(key, 0x9e3779b1) & mask;
    for (;;) {
      const k = this.keys[slot];
      if (k === key) return this.values[slot];
      if (k === EMPTY) break;
      slot = (slot + 1) & mask;
    }
    const c = this.sub(this.tokens[a], this.tokens[b]);
    if (this.used * 2 >= this.keys.length) {
      this.grow();
      return this.store(key, c);
    }
    this.keys[slot] = key;
    this.values[slot] = c;
    this.used++;
    return c;
  }

  private store(key: number, c: number): number {
    const mask = this.keys.length - 1;
    let slot = Math.imul(key, 0x9e3779b1) & mask;
    while (this.keys[slot] !== EMPTY) slot = (slot + 1) & mask;
    this.keys[slot] = key;
    this.values[slot] = c;
    this.used++;
    return c;
  }

  private grow(): void {
    const keys = this.keys, values = this.values;
    if (keys.length >= 1 << 24) {
      // A bound on memory for endless inputs: start again.
      this.keys.fill(EMPTY);
      this.used = 0;
      return;
    }
    this.keys = new Uint32Array(keys.length * 2).fill(EMPTY);
    this.values = new Float64Array(keys.length * 2);
    this.used = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== EMPTY) this.store(keys[i], values[i]);
  }
}

const memos = new WeakMap<SubstitutionCost, Memo>();

function fill(src: readonly ZhToken[], tgt: readonly ZhToken[], sub: SubstitutionCost): Table {
  const n = src.length, m = tgt.length, cols = m + 1;
  let memo = memos.get(sub);
  if (!memo) memos.set(sub, memo = new Memo(sub));
  const a = Int32Array.from(src, (t) => memo.textId(t));
  const b = Int32Array.from(tgt, (t) => memo.textId(t));
  const ka = Int32Array.from(src, (t) => memo.tokenId(t));
  const kb = Int32Array.from(tgt, (t) => memo.tokenId(t));
  const counts = memo.counts;
  // This sentence's tokens, numbered from 0, for a dense cache of its substitution costs.
  const local = new Map<number, number>();
  const localOf = (k: number) => {
    let l = local.get(k);
    if (l === undefined) local.set(k, l = local.size);
    return l;
  };
  const la = ka.map(localOf), lb = kb.map(localOf);
  const width = local.size;
  const subCache = new Float64Array(width * width).fill(NaN);
  const cost = new Float64Array((n + 1) * cols);
  const ops = new Uint8Array((n + 1) * cols);
  const transLength = new Int32Array((n + 1) * cols);
  for (let i = 1; i <= n; i++) {
    cost[i * cols] = cost[(i - 1) * cols] + 1;
    ops[i * cols] = D;
  }
  for (let j = 1; j <= m; j++) {
    cost[j] = cost[j - 1] + 1;
    ops[j] = I;
  }
  for (let i = 0; i < n; i++) {
    const ai = a[i];
    for (let j = 0; j < m; j++) {
      const here = (i + 1) * cols + j + 1;
      const bj = b[j];
      if (ai === bj) {
        cost[here] = cost[i * cols + j];
        ops[here] = M;
        continue;
      }
      const del = cost[i * cols + j + 1] + 1;
      const ins = cost[here - 1] + 1;
      let sc = subCache[la[i] * width + lb[j]];
      if (sc !== sc) sc = subCache[la[i] * width + lb[j]] = memo.cost(ka[i], kb[j]);
      const subst = cost[i * cols + j] + sc;
      let trans = Infinity;
      let k = 1;
      if (i >= 1 && j >= 1 && cost[i * cols + j] !== cost[(i - 1) * cols + j - 1]) {
        // The windows src[i-k..i] and tgt[j-k..j] as one multiset difference.
        let unequal = 2;
        counts[ai]++;
        counts[bj]--;
        while (
          i - k >= 0 && j - k >= 0 &&
          cost[(i - k + 1) * cols + j - k + 1] !== cost[(i - k) * cols + j - k]
        ) {
          const x = a[i - k], y = b[j - k];
          if (x !== y) {
            const cx = ++counts[x];
            if (cx === 0) unequal--;
            else if (cx === 1) unequal++;
            const cy = --counts[y];
            if (cy === 0) unequal--;
            else if (cy === -1) unequal++;
          }
          if (unequal === 0) {
            trans = cost[(i - k) * cols + j - k] + k;
            break;
          }
          k++;
        }
        // Clear the counts the window touched.
        for (let d = 0; d <= k && i - d >= 0; d++) counts[a[i - d]] = 0;
        for (let d = 0; d <= k && j - d >= 0; d++) counts[b[j - d]] = 0;
      }
      const best = Math.min(trans, subst, ins, del);
      cost[here] = best;
      ops[here] = (trans === best ? T : 0) | (subst === best ? S : 0) | (ins === best ? I : 0) |
        (del === best ? D : 0);
      transLength[here] = k + 1;
    }
  }
  return { rows: n + 1, cols, cost, ops, transLength };
}

/**
 * Every cheapest alignment (or only the first, with `first` or when the lengths differ by
 * more than 10), each as steps from the start of the sentences.
 *
 * @param src Source tokens.
 * @param tgt Target tokens.
 * @param sub The substitution cost.
 * @param first Follow only the first operation of each cell (ChERRANT's `-s first` still
 *   enumerates them all and keeps the first, which is the same alignment).
 * @returns The alignments, in ChERRANT's order.
 */
export function alignAll(
  src: readonly ZhToken[],
  tgt: readonly ZhToken[],
  sub: SubstitutionCost,
  first = false,
): AlignStep[][] {
  const table = fill(src, tgt, sub);
  const onlyFirst = first || Math.abs(src.length - tgt.length) > 10;
  const out: AlignStep[][] = [];
  const path: AlignStep[] = [];
  const visit = (i: number, j: number): void => {
    if (i + j === 0) {
      out.push(path.slice().reverse());
      return;
    }
    const at = i * table.cols + j;
    const bits = table.ops[at];
    for (const bit of [M, T, S, I, D]) {
      if (!(bits & bit)) continue;
      if (bit === M || bit === S) {
        path.push({ op: bit === M ? "M" : "S", s1: i - 1, s2: i, t1: j - 1, t2: j });
        visit(i - 1, j - 1);
      } else if (bit === D) {
        path.push({ op: "D", s1: i - 1, s2: i, t1: j, t2: j });
        visit(i - 1, j);
      } else if (bit === I) {
        path.push({ op: "I", s1: i, s2: i, t1: j - 1, t2: j });
        visit(i, j - 1);
      } else {
        const k = table.transLength[at];
        path.push({ op: `T${k}`, s1: i - k, s2: i, t1: j - k, t2: j });
        visit(i - k, j - k);
      }
      path.pop();
      if (onlyFirst) break;
    }
  };
  visit(src.length, tgt.length);
  return out;
}
