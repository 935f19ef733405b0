/**
 * GLEU sentence statistics: the n-grams of a sentence's source and references (counted once
 * per gold sentence), and per hypothesis its length and, per reference, the clipped matches
 * and source penalties (2016) or the merged-reference counts (2015).
 *
 * @module
 */

import { CONLL2014_CONVENTIONS, referenceRewrites } from "../../formats/references.ts";
import { InputError } from "../../plugins/errors.ts";
import type { GoldSentence, Tokens } from "../../plugins/types.ts";

/** The n-gram orders GLEU uses: 1 to 4 (the reference tool ignores its `-n`). */
export const ORDER = 4;

/** GLEU options. */
export type GleuOptions = {
  /** `"2016"` (GLEU without tuning; the default) or `"2015"` (original GLEU, with lambda). */
  variant: string;
  /** 2016: sampling iterations when there are several references (one reference: 1). */
  iterations: number;
  /** 2015: weight of the penalty for source n-grams the references changed. */
  lambda: number;
  /**
   * How references are derived from an M2 gold's annotations: `"plain"` (apply every edit;
   * an annotator absent from a sentence leaves the source) or `"conll2014"` (the conventions
   * of the distributed CoNLL-2014 `.trg` files: skip `Um` edits, an absent annotator takes the
   * first present one's rewrite). Explicit references (`--ref` files) are used as they are.
   */
  refs: string;
  /**
   * Variant `koyama` (shotakoyama/gleu): the largest n-gram order (its `-n`; default 4). The
   * other variants use order 4 only.
   */
  order?: number;
  /** Variant `koyama`: n-grams of `word`s (default) or of `char`acters (its `-t`). */
  unit?: string;
  /**
   * Variant `koyama`: `sample` one reference per sentence per iteration, drawn as compute_gleu
   * draws (default; its `-f`), or take each sentence's best reference, `max` (its `-m`).
   */
  select?: string;
};

/** A GLEU score: the mean over sampling iterations, their spread and 95% normal interval. */
export type GleuScore = {
  /** The GLEU score (corpus: mean over iterations; sentence: mean over references). */
  gleu: number;
  /** Population standard deviation of the values averaged. */
  std: number;
  /**
   * 95% normal interval `mean ± 1.96 std`. When `std` is 0 it is `[gleu, gleu]` (the
   * reference tool prints `(nan,nan)` there).
   */
  ci: [number, number];
  /**
   * How many values were averaged: sampling iterations for a corpus score, references for a
   * 2016 sentence score.
   */
  iterations: number;
};

/** What a hypothesis shares with one reference, per n-gram order (index 0 = unigrams). */
export interface GleuReferenceStats {
  /** The reference's length in tokens. */
  length: number;
  /** Hypothesis n-grams found in the reference (counts clipped to the reference's). */
  matches: number[];
  /**
   * Hypothesis n-grams found in the source but not in this reference (counts clipped to the
   * source's): the n-grams the reference changed and the hypothesis did not.
   */
  penalties: number[];
}

/** Per-sentence statistics of the 2016 formulation: one entry per reference. */
export interface Gleu2016Stats {
  /** The formulation. */
  variant: "2016";
  /** The hypothesis length in tokens. */
  length: number;
  /** One entry per reference, in reference order. */
  references: GleuReferenceStats[];
}

/**
 * Per-sentence statistics of the 2015 formulation (all references merged: each n-gram with
 * its largest count in any reference), per n-gram order.
 */
export interface Gleu2015Stats {
  /** The formulation. */
  variant: "2015";
  /** The hypothesis length in tokens. */
  length: number;
  /** The length of the reference closest in length to the hypothesis (first on ties). */
  referenceLength: number;
  /** Hypothesis n-grams in the references but not in the source (clipped). */
  newMatches: number[];
  /** Hypothesis n-grams in the references (clipped). */
  matches: number[];
  /** Hypothesis n-grams in the source but in no reference (clipped). */
  penalties: number[];
}

/** GLEU per-sentence statistics. */
export type GleuStats = Gleu2016Stats | Gleu2015Stats;

/** An n-gram key: its token ids in base `vocabulary.base`, or joined ids for huge vocabularies. */
type Key = number | string;
export type Counts = Map<Key, number>;

/** The tokens of one gold sentence's source and references, numbered from 1. */
interface Vocabulary {
  ids: Map<string, number>;
  tokens: string[];
  base: number;
  numeric: boolean;
}

function vocabulary(sentences: readonly Tokens[]): Vocabulary {
  const ids = new Map<string, number>();
  const tokens = [""];
  for (const sentence of sentences) {
    for (const token of sentence) {
      if (!ids.has(token)) {
        ids.set(token, tokens.length);
        tokens.push(token);
      }
    }
  }
  const base = tokens.length;
  return { ids, tokens, base, numeric: base ** ORDER <= Number.MAX_SAFE_INTEGER };
}

/**
 * N-gram counts of a sentence for n = 1..4 (index 0 = unigrams). N-grams with a token outside
 * the vocabulary are left out: they can match neither the source nor a reference.
 */
export function ngramCounts(tokens: Tokens, vocab: Vocabulary): Counts[] {
  const out: Counts[] = [new Map(), new Map(), new Map(), new Map()];
  const length = tokens.length;
  const ids = new Array<number>(length);
  for (let i = 0; i < length; i++) ids[i] = vocab.ids.get(tokens[i]) ?? 0;
  for (let i = 0; i < length; i++) {
    let key: Key = 0;
    for (let n = 0; n < ORDER && i + n < length; n++) {
      const id = ids[i + n];
      if (id === 0) break;
      key = vocab.numeric ? (key as number) * vocab.base + id : n ? `${key},${id}` : `${id}`;
      const counts = out[n];
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return out;
}

/** The tokens of an n-gram key of order `n + 1`, joined by spaces. */
export function ngramText(key: Key, n: number, vocab: Vocabulary): string {
  const ids: number[] = [];
  if (typeof key === "string") ids.push(...key.split(",").map(Number));
  else {
    for (let k = 0; k <= n; k++) {
      ids.unshift(key % vocab.base);
      key = Math.floor(key / vocab.base);
    }
  }
  return ids.map((id) => vocab.tokens[id]).join(" ");
}

/** A reference: its tokens, and their n-gram counts made on first use. */
class PreparedReference {
  #counts?: Counts[];
  constructor(readonly tokens: Tokens, readonly vocab: Vocabulary) {}
  /** The n-gram counts (the 2016 statistics use `ngramIndex` instead). */
  get counts(): Counts[] {
    return this.#counts ??= ngramCounts(this.tokens, this.vocab);
  }
}

/**
 * A gold sentence prepared: its vocabulary, source and references (a class, so that every
 * entry has one shape; the source's counts are made on first use: the 2016 statistics do
 * not need them).
 */
class PreparedEntry {
  #source?: Counts[];
  merged?: Counts[];
  constructor(
    readonly vocab: Vocabulary,
    readonly tokens: Tokens,
    readonly references: PreparedReference[],
  ) {}
  /** The source's n-gram counts. */
  get source(): Counts[] {
    return this.#source ??= ngramCounts(this.tokens, this.vocab);
  }
}

export type Prepared = PreparedEntry;

/** Source and reference n-grams per gold sentence and reference convention, computed once. */
const prepared = new WeakMap<GoldSentence, Map<string, Prepared>>();

export function prepare(gold: GoldSentence, options: GleuOptions): Prepared {
  let bySentence = prepared.get(gold);
  if (!bySentence) prepared.set(gold, bySentence = new Map());
  let entry = bySentence.get(options.refs);
  if (!entry) {
    const rewrites = referenceRewrites(
      gold,
      options.refs === "conll2014" ? CONLL2014_CONVENTIONS : {},
    );
    if (rewrites.length === 0) {
      throw new InputError("gold sentence has no reference to score GLEU", undefined, gold.line);
    }
    // Identical references (many annotators leave a sentence alone) share one entry: memory
    // grows with the distinct references, not with the annotators of the corpus.
    // N-gram counts are computed on first use (the 2016 statistics use `ngramIndex`).
    const distinct = new Map<string, PreparedReference>();
    const vocab = vocabulary([gold.source, ...rewrites]);
    const references = rewrites.map((tokens) => {
      const key = tokens.join(" ");
      let ref = distinct.get(key);
      if (!ref) distinct.set(key, ref = new PreparedReference(tokens, vocab));
      return ref;
    });
    entry = new PreparedEntry(vocab, gold.source, references);
    bySentence.set(options.refs, entry);
  }
  return entry;
}

export function mergedReferences(entry: Prepared): Counts[] {
  if (!entry.merged) {
    entry.merged = Array.from({ length: ORDER }, (_, n) => {
      const merged: Counts = new Map();
      for (const reference of entry.references) {
        for (const [key, count] of reference.counts[n]) {
          if (count > (merged.get(key) ?? 0)) merged.set(key, count);
        }
      }
      return merged;
    });
  }
  return entry.merged;
}

function referenceStats(hyp: Counts[], source: Counts[], ref: PreparedReference) {
  const matches: number[] = [];
  const penalties: number[] = [];
  for (let n = 0; n < ORDER; n++) {
    let match = 0;
    let penalty = 0;
    for (const [key, count] of hyp[n]) {
      const inRef = ref.counts[n].get(key);
      if (inRef !== undefined) match += Math.min(count, inRef);
      else {
        const inSource = source[n].get(key);
        if (inSource !== undefined) penalty += Math.min(count, inSource);
      }
    }
    matches.push(match);
    penalties.push(penalty);
  }
  return { length: ref.tokens.length, matches, penalties };
}

function stats2015(hypothesis: Tokens, hyp: Counts[], entry: Prepared): Gleu2015Stats {
  const merged = mergedReferences(entry);
  const length = hypothesis.length;
  let referenceLength = entry.references[0].tokens.length;
  for (const { tokens } of entry.references.slice(1)) {
    if (Math.abs(tokens.length - length) < Math.abs(referenceLength - length)) {
      referenceLength = tokens.length;
    }
  }
  const newMatches: number[] = [];
  const matches: number[] = [];
  const penalties: number[] = [];
  for (let n = 0; n < ORDER; n++) {
    let fresh = 0;
    let match = 0;
    let penalty = 0;
    for (const [key, count] of hyp[n]) {
      const inRef = merged[n].get(key);
      const inSource = entry.source[n].get(key);
      if (inRef !== undefined) {
        match += Math.min(count, inRef);
        if (inSource === undefined) fresh += Math.min(count, inRef);
      } else if (inSource !== undefined) {
        penalty += Math.min(count, inSource);
      }
    }
    newMatches.push(fresh);
    matches.push(match);
    penalties.push(penalty);
  }
  return { variant: "2015", length, referenceLength, newMatches, matches, penalties };
}

/**
 * The n-grams of a gold sentence's source and distinct references as a trie: each n-gram
 * (any order) has a slot, found under the key `(slot of its prefix + 1) * base + id of its
 * last token` (a unigram's prefix slot is -1), and per slot its order, its count in the
 * source and its count in each distinct reference (0 when absent). The keys are kept in an
 * open-addressing table of 32-bit integers (`keys`, 0 = empty; `values` the slots), which is
 * several times faster to probe than a `Map`.
 */
interface NgramIndex {
  keys: Int32Array;
  values: Int32Array;
  /** `32 - log2(keys.length)`: the shift of the multiplicative hash. */
  shift: number;
  order: Int32Array;
  source: Int32Array;
  /** Per distinct reference (in `distinct` order): its count of each slot. */
  refs: Int32Array[];
  distinct: PreparedReference[];
  /** Per reference of `entry.references`: its index in `distinct`. */
  of: Int32Array;
  /** Scratch: the hypothesis' count of each slot (all 0 between calls). */
  hyp: Int32Array;
}

const indexes = new WeakMap<Prepared, NgramIndex | null>();

/** Scratch of {@linkcode ngramIndex}: the n-gram table while counting, and the counts. */
let scratchTable = new Int32Array(0), scratchCounts = new Int32Array(0);

/** The slot of `key` in the table, or -1. */
function probe(keys: Int32Array, values: Int32Array, shift: number, key: number): number {
  const mask = keys.length - 1;
  for (let h = Math.imul(key, 0x9e3779b1) >>> shift;; h = (h + 1) & mask) {
    const k = keys[h];
    if (k === key) return values[h];
    if (k === 0) return -1;
  }
}

/** The index of a prepared sentence; null when its keys would not fit in 31 bits. */
function ngramIndex(entry: Prepared): NgramIndex | null {
  let index = indexes.get(entry);
  if (index !== undefined) return index;
  const { ids, base } = entry.vocab;
  const distinct = [...new Set(entry.references)];
  const sequences = [entry.tokens, ...distinct.map((r) => r.tokens)];
  // Slots are at most ORDER per token: keys below (slots + 1) * base must fit.
  let tokens = 0;
  for (const t of sequences) tokens += t.length;
  if ((ORDER * tokens + 1) * base >= 2 ** 31) {
    indexes.set(entry, null);
    return null;
  }
  // Counted on scratch buffers (the table sized for every n-gram being distinct, at most half
  // full), then copied into one block for the sentence: typed arrays of their own would each
  // cost a native allocation (their memory lives outside V8's heap).
  const most = ORDER * tokens;
  let bits = 4;
  while (1 << bits < 2 * most) bits++;
  const size = 1 << bits;
  if (scratchTable.length < 2 * size) scratchTable = new Int32Array(2 * size);
  const table = scratchTable.subarray(0, 2 * size);
  table.fill(0);
  const shift = 32 - bits;
  const mask = size - 1;
  const width = sequences.length * most;
  if (scratchCounts.length < width) scratchCounts = new Int32Array(width);
  const counts = scratchCounts;
  counts.fill(0, 0, width);
  const orders: number[] = [];
  sequences.forEach((tokens, s) => {
    const at = s * most;
    const length = tokens.length;
    const id = tokens.map((t) => ids.get(t)!);
    for (let i = 0; i < length; i++) {
      let parent = -1;
      for (let n = 0; n < ORDER && i + n < length; n++) {
        const key = (parent + 1) * base + id[i + n];
        let h = Math.imul(key, 0x9e3779b1) >>> shift;
        let slot: number;
        for (;; h = (h + 1) & mask) {
          const k = table[h];
          if (k === key) {
            slot = table[size + h];
            break;
          }
          if (k === 0) {
            table[h] = key;
            table[size + h] = slot = orders.length;
            orders.push(n);
            break;
          }
        }
        counts[at + slot]++;
        parent = slot;
      }
    }
  });
  const slots = orders.length;
  // The kept table: at most half full.
  let keptBits = 4;
  while (1 << keptBits < 2 * slots) keptBits++;
  const kept = 1 << keptBits;
  const references = entry.references.length;
  const block = new Int32Array(2 * kept + (3 + distinct.length) * slots + references);
  let used = 0;
  const take = (length: number) => block.subarray(used, used += length);
  const keys = take(kept), values = take(kept);
  const keptShift = 32 - keptBits;
  for (let h = 0; h < size; h++) {
    const key = table[h];
    if (key === 0) continue;
    let g = Math.imul(key, 0x9e3779b1) >>> keptShift;
    while (keys[g] !== 0) g = (g + 1) & (kept - 1);
    keys[g] = key;
    values[g] = table[size + h];
  }
  const order = take(slots);
  for (let slot = 0; slot < slots; slot++) order[slot] = orders[slot];
  const source = take(slots);
  source.set(counts.subarray(0, slots));
  const refs = distinct.map((_, d) => {
    const out = take(slots);
    out.set(counts.subarray((d + 1) * most, (d + 1) * most + slots));
    return out;
  });
  const of = take(references);
  entry.references.forEach((r, k) => of[k] = distinct.indexOf(r));
  index = {
    keys,
    values,
    shift: keptShift,
    order,
    source,
    refs,
    distinct,
    of,
    hyp: take(slots),
  };
  indexes.set(entry, index);
  return index;
}

/**
 * The 2016 statistics of a hypothesis straight from its tokens: equal to
 * `sentenceStats(entry, hypothesis, ngramCounts(hypothesis, entry.vocab), options)` for the
 * 2016 variant (the same numbers, and the same object for identical references), with one
 * table lookup per hypothesis n-gram instead of a map of its own n-grams.
 *
 * @param entry The prepared gold sentence.
 * @param hypothesis The hypothesis tokens.
 * @returns The statistics.
 */
export function stats2016(entry: Prepared, hypothesis: Tokens): Gleu2016Stats {
  const index = ngramIndex(entry);
  if (!index) {
    return sentenceStats(entry, hypothesis, ngramCounts(hypothesis, entry.vocab), {
      variant: "2016",
    } as GleuOptions) as Gleu2016Stats;
  }
  const { keys, values, shift, order, source, refs, hyp } = index;
  const { ids: vocabulary, base } = entry.vocab;
  const length = hypothesis.length;
  const ids = new Array<number>(length);
  for (let i = 0; i < length; i++) ids[i] = vocabulary.get(hypothesis[i]) ?? 0;
  const touched: number[] = [];
  for (let i = 0; i < length; i++) {
    let parent = -1;
    for (let n = 0; n < ORDER && i + n < length; n++) {
      const id = ids[i + n];
      if (id === 0) break;
      const slot = probe(keys, values, shift, (parent + 1) * base + id);
      // Not in the source nor any reference: neither are its extensions.
      if (slot < 0) break;
      if (hyp[slot]++ === 0) touched.push(slot);
      parent = slot;
    }
  }
  const stats = refs.map((ref, d): GleuReferenceStats => {
    const matches = [0, 0, 0, 0];
    const penalties = [0, 0, 0, 0];
    for (const slot of touched) {
      const count = hyp[slot];
      const inRef = ref[slot];
      if (inRef > 0) matches[order[slot]] += Math.min(count, inRef);
      else if (source[slot] > 0) penalties[order[slot]] += Math.min(count, source[slot]);
    }
    return { length: index.distinct[d].tokens.length, matches, penalties };
  });
  for (const slot of touched) hyp[slot] = 0;
  return {
    variant: "2016",
    length,
    references: Array.from(index.of, (d) => stats[d]),
  };
}

export function sentenceStats(
  entry: Prepared,
  hypothesis: Tokens,
  hyp: Counts[],
  options: GleuOptions,
): GleuStats {
  if (options.variant === "2015") return stats2015(hypothesis, hyp, entry);
  // Shared references share their statistics (the same object, computed once).
  const memo = new Map<PreparedReference, GleuReferenceStats>();
  return {
    variant: "2016",
    length: hypothesis.length,
    references: entry.references.map((ref) => {
      let stats = memo.get(ref);
      if (!stats) memo.set(ref, stats = referenceStats(hyp, entry.source, ref));
      return stats;
    }),
  };
}

/** Hypothesis n-grams of order `n + 1` available for matching: `max(len - n, 0)`. */
export function available(length: number, n: number): number {
  return Math.max(length - n, 0);
}
