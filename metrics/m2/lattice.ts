/**
 * MaxMatch (M2) edit extraction: the edit lattice between a source sentence and a hypothesis,
 * its merged ("transitive") edges, gold-aware weights and the shortest path, chosen exactly as
 * the NUS m2scorer 3.2 chooses it, tie-breaks included, but in polynomial time.
 *
 * What the reference does (observed behaviour, re-derived here; see `METRICS.md`):
 * 1. Two token-level Levenshtein matrices (substitution cost 1 and 2); the lattice of each is
 *    every node and back-pointer on an optimal path to the end cell; the graph is their union.
 *    An edge present in both lattices is listed twice in the edge list, which matters below.
 *    Insertions in row 0 carry the offset of the hypothesis token, not 0 (a quirk we keep).
 * 2. Merged edges: Floyd-Warshall over the nodes in (row, column) order, adding `i -> j` via
 *    `k` when it is strictly shorter (in edges) and the merged edit has at most
 *    `max_unchanged_words` unchanged tokens; then merged no-change arcs are dropped (with the
 *    reference's skip-the-next-item removal loop).
 * 3. Weights per annotator: an edge whose edit equals a gold edit weighs `-|E|`, other changes
 *    their length plus 0.001 per listed occurrence, with a pointer walk for insertions.
 * 4. Bellman-Ford in edge-list order, backtracking from the last node.
 *
 * Why this is polynomial where the reference is not in practice:
 * - Merged edges. Node order, (row, column), is a topological order of the DAG, so when the
 *   reference's Floyd-Warshall reaches `k`, the arc `i -> k` is final and `k -> j` is still an
 *   original edge. The same arcs therefore come out of one forward pass per source node that
 *   extends the best arc into `k` by each original edge out of `k` (`O(N)` per source plus
 *   the arcs it makes), instead of the `O(N^3)` triple loop with dictionary look-ups. The
 *   reference's insertion order of arcs (by `k`, then `i`, then `j`) is restored by a stable
 *   counting sort on `k`.
 * - Shortest path. Bellman-Ford over the same edge list in the same order gives the same
 *   distances (same float additions) and the same predecessor on ties; we stop at the first
 *   pass that changes nothing, which cannot change the result. Original edges are listed in
 *   topological order and merged arcs after them in `k` order, so a pass settles every chain
 *   of them and the number of passes is bounded by the number of alternations between the
 *   two groups along a path (at most the path length), not `|V| - 1`.
 * - Everything is flat integer arrays: no path enumeration, no list membership tests, no
 *   dictionaries keyed by tuples.
 *
 * Cost: for `N` lattice nodes (at most `(n+1)(m+1)` for `n` source and `m` hypothesis
 * tokens), building is `O(N^2 + A)` time for `A` merged edges (`A < N^2`), and the search
 * `O(P |E|)` for `P` passes (small: at most the path length). Everything is polynomial; the
 * reference's cubic closure and `|V|` full passes are what take it hours. Measured: the
 * 13 CoNLL-2014 systems in under a second; a 227-token sentence against a 116-token
 * unrelated one (3321 nodes, 0.6 M edges) in 0.4 s; 220 tokens of a repeated 4-gram against
 * their first half (12 k nodes, 2 M edges) in 0.4 s. What stays quadratic is memory for the
 * merged edges: when a long sentence and a hypothesis share no token at all, every node links
 * to every later one (a 200 x 100 token pair needs about 10^8 edges); past
 * {@linkcode MAX_MERGED_EDGES} (counted before they are made, for large lattices)
 * {@linkcode buildEditGraph} stops with a {@linkcode MergedEdgeBudgetError} rather than run
 * out of memory, and the metric falls back to {@linkcode implicitEditSequence}: the same
 * optimum cost in linear memory, found by a sweep pruned with exact lower bounds, but its
 * choice among equal-cost paths may differ from the reference's, so the sentence's stats carry
 * a warning. Measured (CPU time, `bench/m2_bench.ts`): 1000 tokens against 1000 unrelated ones
 * in about 0.7 s and 320 MB, 6 against 2000 in about 0.2 s.
 *
 * @module
 */

import { InputError } from "../../plugins/errors.ts";
import type { Tokens } from "../../plugins/types.ts";

/** One edit as the reference prints it: token offsets, original text, correction text. */
export interface M2Edit {
  /** Start token offset in the source. */
  start: number;
  /** End token offset (exclusive). */
  end: number;
  /** The source tokens covered, joined by spaces (`""` for an insertion). */
  original: string;
  /** The correction, joined by spaces (`""` for a deletion). */
  correction: string;
}

/** A gold edit in the reference's terms: span, original text, alternative corrections. */
export interface M2GoldEdit {
  /** Start token offset. */
  start: number;
  /** End token offset (exclusive). */
  end: number;
  /** The source tokens covered, joined by spaces. */
  original: string;
  /** The alternative corrections, each joined by spaces (`""` = deletion). */
  corrections: string[];
}

const NOOP = 0, INS = 1, DEL = 2, SUB = 3;
const DIAG_BIT = 1, DEL_BIT = 2, INS_BIT = 4;
const EPSILON = 0.001;
const UNSET = 0x7fffffff;
/**
 * Most merged edges one sentence may list (about 40 MB of arrays, well under a second to
 * build). Only inputs the reference could not finish either come near it: a fully rewritten
 * sentence of some 60 tokens or more, whose lattice is the whole grid and every node connects
 * to every later one. (The CoNLL-2014 outputs need at most 160 thousand.)
 */
export const MAX_MERGED_EDGES = 1 << 21;

/**
 * The error {@linkcode buildEditGraph} throws past its merged-edge budget; callers may then
 * score the sentence with {@linkcode implicitEditSequence} instead.
 *
 * @example Usage
 * ```ts
 * import { buildEditGraph, MergedEdgeBudgetError } from "./lattice.ts";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => buildEditGraph(["a", "b", "c"], ["x", "y"], 2, 1), MergedEdgeBudgetError);
 * ```
 */
export class MergedEdgeBudgetError extends InputError {}

/** The edit graph of one (source, hypothesis) pair; annotator-independent. */
export interface EditGraph {
  /** Source tokens. */
  readonly source: Tokens;
  /** Hypothesis tokens. */
  readonly hypothesis: Tokens;
  /** Number of lattice nodes. */
  readonly nodes: number;
  /** Row (source offset) of each node, in node order. */
  readonly row: ArrayLike<number>;
  /** Column (hypothesis offset) of each node. */
  readonly col: ArrayLike<number>;
  /** Per edge ("pair"): from node, to node, length in original edges, unchanged tokens,
   * edit start and end, type (0 noop, 1 ins, 2 del, 3 sub), occurrences in the edge list. */
  readonly from: ArrayLike<number>;
  /** To node of each pair. */
  readonly to: ArrayLike<number>;
  /** Length (the reference's `dist`). */
  readonly length: ArrayLike<number>;
  /** Edit start offset. */
  readonly start: ArrayLike<number>;
  /** Edit end offset. */
  readonly end: ArrayLike<number>;
  /** Edit type. */
  readonly type: ArrayLike<number>;
  /** The edge list as the reference orders it: pair ids, duplicates included. */
  readonly list: ArrayLike<number>;
  /** Default weights (no gold match) per pair. */
  readonly weights: Float64Array;
  /** Occurrences of each pair in the edge list. */
  readonly mult: ArrayLike<number>;
  /** Multiplier of span keys. */
  readonly spanBase: number;
}

/**
 * A growable list of integers: a plain packed array while small (cheap to make, and a sentence
 * makes many), a typed array once large (compact and fast for big merged-edge lists).
 */
class IntList {
  data: number[] | Int32Array = [];
  size = 0;
  /** @param capacity Expected size: large ones are allocated at once. */
  constructor(capacity = 0) {
    if (capacity > 4096) this.data = new Int32Array(capacity);
  }
  push(value: number): void {
    const data = this.data;
    if (this.size < data.length) {
      data[this.size++] = value;
    } else if (Array.isArray(data) && this.size < 4096) {
      data.push(value);
      this.size++;
    } else {
      const next = new Int32Array(Math.max(8192, data.length * 2));
      next.set(data);
      next[this.size++] = value;
      this.data = next;
    }
  }
  view(): ArrayLike<number> {
    return Array.isArray(this.data)
      ? (this.data.length = this.size, this.data)
      : this.data.subarray(0, this.size);
  }
}

/** Back-pointer flags of the Levenshtein matrix with the given substitution cost. */
function backPointers(source: Tokens, hyp: Tokens, subCost: number): Uint8Array {
  const n = source.length, m = hyp.length, w = m + 1;
  const flags = new Uint8Array((n + 1) * w);
  let prev = new Int32Array(w), cur = new Int32Array(w);
  for (let j = 0; j <= m; j++) {
    prev[j] = j;
    if (j > 0) flags[j] = INS_BIT;
  }
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    flags[i * w] = DEL_BIT;
    for (let j = 1; j <= m; j++) {
      const sub = prev[j - 1] + (source[i - 1] === hyp[j - 1] ? 0 : subCost);
      const del = prev[j] + 1;
      const ins = cur[j - 1] + 1;
      const min = Math.min(sub, del, ins);
      cur[j] = min;
      flags[i * w + j] = (sub === min ? DIAG_BIT : 0) | (del === min ? DEL_BIT : 0) |
        (ins === min ? INS_BIT : 0);
    }
    [prev, cur] = [cur, prev];
  }
  return flags;
}

/** Cells reachable backwards from the end cell through back-pointers. */
function reachable(flags: Uint8Array, m: number): Uint8Array {
  const w = m + 1;
  const seen = new Uint8Array(flags.length);
  seen[flags.length - 1] = 1;
  for (let id = flags.length - 1; id > 0; id--) {
    if (!seen[id]) continue;
    const f = flags[id];
    if (f & DIAG_BIT) seen[id - w - 1] = 1;
    if (f & DEL_BIT) seen[id - w] = 1;
    if (f & INS_BIT) seen[id - 1] = 1;
  }
  return seen;
}

/** The lattice of a sentence pair: nodes, original edges (sorted by (from, to)), out-edges. */
function buildLattice(source: Tokens, hypothesis: Tokens) {
  const n = source.length, m = hypothesis.length, w = m + 1;
  const f1 = backPointers(source, hypothesis, 1);
  const f2 = backPointers(source, hypothesis, 2);
  const r1 = reachable(f1, m);
  const r2 = reachable(f2, m);
  // Node order = (row, column) order = cell id order: a topological order of the DAG.
  const index = new Int32Array(f1.length).fill(-1);
  let N = 0;
  for (let id = 0; id < f1.length; id++) if (r1[id] || r2[id]) index[id] = N++;
  // Large lattices get their arrays at once (at most 3 edges and 6 listings per node).
  const rowList = new IntList(N), colList = new IntList(N);
  for (let id = 0; id < f1.length; id++) {
    if (index[id] >= 0) {
      rowList.push(Math.floor(id / w));
      colList.push(id % w);
    }
  }
  const row = rowList.view(), col = colList.view();

  // Original edges, sorted by (from, to): per source node, targets ins < del < diag.
  const E = 3 * N;
  const pFrom = new IntList(E), pTo = new IntList(E), pLen = new IntList(E);
  const pUnch = new IntList(E), pStart = new IntList(E), pEnd = new IntList(E);
  const pType = new IntList(E);
  const list = new IntList(2 * E);
  // Out-edges per node for the merge pass: target node and whether it is a no-change step.
  const outHead = new Int32Array(N + 1);
  const outTo = new IntList(E), outNoop = new IntList(E), outPair = new IntList(E);
  // Written in place (the lists hold at least 3 edges and 6 listings per node, or grow).
  const aFrom = pFrom.data, aTo = pTo.data, aLen = pLen.data, aUnch = pUnch.data;
  const aStart = pStart.data, aEnd = pEnd.data, aType = pType.data, aList = list.data;
  const aOutTo = outTo.data, aOutNoop = outNoop.data, aOutPair = outPair.data;
  let pair = 0, listed = 0;
  for (let u = 0; u < N; u++) {
    outHead[u] = pair;
    const i = row[u], j = col[u], id = i * w + j;
    for (let dir = 0; dir < 3; dir++) {
      const bit = dir === 0 ? INS_BIT : dir === 1 ? DEL_BIT : DIAG_BIT;
      const t = dir === 0 ? id + 1 : dir === 1 ? id + w : id + w + 1;
      if (bit !== DEL_BIT && j >= m) continue;
      if (bit !== INS_BIT && i >= n) continue;
      const mult = (r1[t] && (f1[t] & bit) ? 1 : 0) + (r2[t] && (f2[t] & bit) ? 1 : 0);
      if (!mult) continue;
      const v = index[t];
      let type: number, start: number, end: number, unch = 0;
      if (bit === INS_BIT) {
        type = INS;
        // Row 0 insertions carry the hypothesis offset in the reference (boundary quirk).
        start = end = i === 0 ? j : i;
      } else if (bit === DEL_BIT) {
        type = DEL;
        start = i;
        end = i + 1;
      } else {
        type = source[i] === hypothesis[j] ? NOOP : SUB;
        unch = type === NOOP ? 1 : 0;
        start = i;
        end = i + 1;
      }
      aFrom[pair] = u;
      aTo[pair] = v;
      aLen[pair] = 1;
      aUnch[pair] = unch;
      aStart[pair] = start;
      aEnd[pair] = end;
      aType[pair] = type;
      aList[listed++] = pair;
      if (mult === 2) aList[listed++] = pair;
      aOutTo[pair] = v;
      aOutNoop[pair] = unch;
      aOutPair[pair] = pair;
      pair++;
    }
  }
  outHead[N] = pair;
  for (const l of [pFrom, pTo, pLen, pUnch, pStart, pEnd, pType, outTo, outNoop, outPair]) {
    l.size = pair;
  }
  list.size = listed;

  return {
    N,
    row,
    col,
    pFrom,
    pTo,
    pLen,
    pUnch,
    pStart,
    pEnd,
    pType,
    list,
    outHead,
    outTo,
    outNoop,
    outPair,
    index,
  };
}

type Lattice = ReturnType<typeof buildLattice>;

/** Lattices with more nodes have their merged edges counted before they are made. */
const PRECOUNT_NODES = 2048;

/** The last lattice too large for {@linkcode buildEditGraph}, kept for the fallback (which
 * scores each annotator of the sentence), with its counted list lengths per
 * `max_unchanged_words`. */
let lastLattice:
  | {
    source: Tokens;
    hypothesis: Tokens;
    lattice: Lattice;
    listings: Map<number, Listings>;
  }
  | undefined;

/**
 * Forget the lattice kept for {@linkcode implicitEditSequence} (call once every annotator of
 * the sentence has been scored, so that a large lattice is not held until the next one).
 *
 * @example Usage
 * ```ts
 * import { releaseFallbackLattice } from "./lattice.ts";
 *
 * releaseFallbackLattice();
 * ```
 */
export function releaseFallbackLattice(): void {
  lastLattice = undefined;
}

function budgetMessage(n: number, m: number, maxMergedEdges: number): string {
  return `the edit lattice of a ${n}-token source and a ${m}-token hypothesis needs more than ` +
    `${maxMergedEdges} merged edges: too large to reproduce the reference's choice`;
}

/**
 * Build the edit graph of a sentence pair: lattice, merged edges, default weights.
 *
 * @example Usage
 * ```ts
 * import { buildEditGraph, bestEditSequence } from "./lattice.ts";
 * import assert from "node:assert/strict";
 *
 * const graph = buildEditGraph("The cat sat at mat .".split(" "), "A cat sat on the mat .".split(" "), 2);
 * const gold = [
 *   { start: 3, end: 4, original: "at", corrections: ["on"] },
 *   { start: 4, end: 4, original: "", corrections: ["the", "a"] },
 * ];
 * assert.deepEqual(bestEditSequence(graph, gold).map((e) => [e.start, e.end, e.correction]), [
 *   [0, 3, "A cat sat"], [3, 4, "on"], [4, 4, "the"],
 * ]);
 * ```
 *
 * @param source Source tokens.
 * @param hypothesis Hypothesis tokens.
 * @param maxUnchangedWords Most unchanged tokens a merged edit may contain.
 * @param maxMergedEdges Stop with an {@linkcode InputError} past this many merged edges.
 * @returns The graph.
 */
export function buildEditGraph(
  source: Tokens,
  hypothesis: Tokens,
  maxUnchangedWords: number,
  maxMergedEdges: number = MAX_MERGED_EDGES,
): EditGraph {
  const n = source.length, m = hypothesis.length;
  const lattice = buildLattice(source, hypothesis);
  if (lattice.N > PRECOUNT_NODES) {
    // Count first (cheaply, without making the edges), and leave the lattice untouched for
    // the fallback.
    const limit = lattice.list.size + maxMergedEdges;
    const listings = countListings(lattice, n, m, maxUnchangedWords, limit);
    if (listings.exact === undefined) {
      lastLattice = {
        source,
        hypothesis,
        lattice,
        listings: new Map([[maxUnchangedWords, listings]]),
      };
      throw new MergedEdgeBudgetError(budgetMessage(n, m, maxMergedEdges));
    }
  }
  const {
    N,
    row,
    col,
    pFrom,
    pTo,
    pLen,
    pUnch,
    pStart,
    pEnd,
    pType,
    list,
    outHead,
    outTo,
    outNoop,
    outPair,
  } = lattice;

  // Merged edges: one forward pass per source node (see the module doc). Each arc `u -> j`
  // gets its pair id when first made; later events for the same pair overwrite its values,
  // as the reference's dictionaries do, so the values left at the end of the pass are final.
  const bestLen = new Int32Array(N).fill(UNSET);
  const bestUnch = new Int32Array(N);
  const bestStart = new Int32Array(N);
  const pairOf = new Int32Array(N).fill(-1);
  const evK = new IntList(), evPair = new IntList();
  const touched = new IntList();
  for (let u = 0; u < N; u++) {
    if (outHead[u] === outHead[u + 1]) continue;
    let maxTouched = -1;
    for (let e = outHead[u]; e < outHead[u + 1]; e++) {
      const v = outTo.data[e];
      bestLen[v] = 1;
      bestUnch[v] = outNoop.data[e];
      bestStart[v] = pStart.data[outPair.data[e]];
      touched.push(v);
      if (v > maxTouched) maxTouched = v;
    }
    const firstArc = pFrom.size;
    for (let k = u + 1; k <= maxTouched; k++) {
      const lk = bestLen[k];
      if (lk === UNSET) continue;
      for (let e = outHead[k]; e < outHead[k + 1]; e++) {
        const j = outTo.data[e];
        const len = lk + 1;
        if (len >= bestLen[j]) continue;
        const unch = bestUnch[k] + outNoop.data[e];
        if (unch > maxUnchangedWords) continue;
        if (bestLen[j] === UNSET) touched.push(j);
        bestLen[j] = len;
        bestUnch[j] = unch;
        bestStart[j] = bestStart[k];
        if (j > maxTouched) maxTouched = j;
        let pair = pairOf[j];
        if (pair < 0) {
          pair = pairOf[j] = pFrom.size;
          pFrom.push(u);
          pTo.push(j);
          pLen.push(0);
          pUnch.push(0);
          pStart.push(0);
          pEnd.push(0);
          pType.push(0);
        }
        evK.push(k);
        evPair.push(pair);
        // Checked as the arcs are made, so that memory stays within the budget.
        if (evK.size > maxMergedEdges) break;
      }
      if (evK.size > maxMergedEdges) break;
    }
    if (evK.size > maxMergedEdges) {
      throw new MergedEdgeBudgetError(budgetMessage(n, m, maxMergedEdges));
    }
    for (let pair = firstArc; pair < pFrom.size; pair++) {
      const j = pTo.data[pair];
      pLen.data[pair] = bestLen[j];
      pUnch.data[pair] = bestUnch[j];
      pStart.data[pair] = bestStart[j];
      pEnd.data[pair] = row[j] === 0 ? col[j] - 1 : row[j];
      const di = row[j] - row[u], dj = col[j] - col[u], unch = bestUnch[j];
      pType.data[pair] = di === dj && unch === di ? NOOP : di === 0 ? INS : dj === 0 ? DEL : SUB;
    }
    for (let t = 0; t < touched.size; t++) {
      bestLen[touched.data[t]] = UNSET;
      pairOf[touched.data[t]] = -1;
    }
    touched.size = 0;
  }

  // Events were made in (i, k, j) order; the reference appends them in (k, i, j) order: a
  // stable counting sort on k.
  const nEvents = evK.size;
  const bucket = new Int32Array(N + 1);
  for (let e = 0; e < nEvents; e++) bucket[evK.data[e] + 1]++;
  for (let k = 0; k < N; k++) bucket[k + 1] += bucket[k];
  const arcList = new Int32Array(nEvents);
  for (let e = 0; e < nEvents; e++) arcList[bucket[evK.data[e]]++] = evPair.data[e];

  // Drop merged no-change arcs, as the reference's loop does: removing an item while
  // iterating skips the item after it, which then stays.
  const kept = new IntList();
  for (let x = 0; x < list.size; x++) kept.push(list.data[x]);
  for (let x = 0; x < nEvents; x++) {
    const pair = arcList[x];
    if (pType.data[pair] === NOOP && pLen.data[pair] > 1) {
      if (x + 1 < nEvents) kept.push(arcList[++x]);
      continue;
    }
    kept.push(pair);
  }
  const edgeList = kept.view();
  const nPairs = pFrom.size;
  const mult = new Int32Array(nPairs);
  for (let x = 0; x < edgeList.length; x++) mult[edgeList[x]]++;

  const weights = new Float64Array(nPairs);
  const spanBase = n + m + 2;
  for (let p = 0; p < nPairs; p++) {
    let weight = pLen.data[p];
    if (pType.data[p] !== NOOP) { for (let k = 0; k < mult[p]; k++) weight += EPSILON; }
    weights[p] = weight;
  }
  return {
    source,
    hypothesis,
    nodes: N,
    row,
    col,
    from: pFrom.view(),
    to: pTo.view(),
    length: pLen.view(),
    start: pStart.view(),
    end: pEnd.view(),
    type: pType.view(),
    list: edgeList,
    weights,
    mult,
    spanBase,
  };
}

/**
 * The edit of one pair of the graph.
 *
 * @param graph The graph.
 * @param pair The pair id.
 * @returns Its edit.
 */
export function pairEdit(graph: EditGraph, pair: number): M2Edit {
  const u = graph.from[pair], v = graph.to[pair];
  return {
    start: graph.start[pair],
    end: graph.end[pair],
    original: graph.source.slice(graph.row[u], graph.row[v]).join(" "),
    correction: graph.hypothesis.slice(graph.col[u], graph.col[v]).join(" "),
  };
}

function matches(edit: M2Edit, gold: M2GoldEdit): boolean {
  return edit.start === gold.start && edit.end === gold.end && edit.original === gold.original &&
    gold.corrections.includes(edit.correction);
}

/** The pairs of a span, sorted by (from, to), each repeated as often as it is listed. */
function spanEntries(graph: EditGraph, pairs: number[]): number[] {
  pairs = pairs.slice();
  pairs.sort((a, b) => graph.from[a] - graph.from[b] || graph.to[a] - graph.to[b]);
  const out: number[] = [];
  for (const p of pairs) for (let k = 0; k < graph.mult[p]; k++) out.push(p);
  return out;
}

/** The per-annotator weights: gold matches get `-|E|` (the reference's `set_weights`). */
function goldWeights(
  graph: EditGraph,
  gold: readonly M2GoldEdit[],
  L: number = graph.list.length,
): Float64Array {
  const weights = graph.weights.slice();
  const groups = new Map<number, M2GoldEdit[]>();
  for (const g of gold) {
    if (g.start < 0 || g.end < 0) continue;
    const key = g.start * graph.spanBase + g.end;
    const list = groups.get(key);
    if (list) list.push(g);
    else groups.set(key, [g]);
  }
  // The listed pairs of each gold span, in pair order.
  const bySpan = new Map<number, number[]>();
  if (groups.size) {
    for (let p = 0; p < graph.from.length; p++) {
      if (!graph.mult[p]) continue;
      const key = graph.start[p] * graph.spanBase + graph.end[p];
      if (!groups.has(key)) continue;
      const list = bySpan.get(key);
      if (list) list.push(p);
      else bySpan.set(key, [p]);
    }
  }
  const edits = new Map<number, M2Edit>();
  const editOf = (p: number) => {
    let e = edits.get(p);
    if (!e) edits.set(p, e = pairEdit(graph, p));
    return e;
  };
  // A cheap necessary condition first: the texts' lengths (from prefix sums of token
  // lengths), so that long lists of edges on a span do not each build their strings.
  const prefix = (tokens: Tokens) => {
    const out = new Float64Array(tokens.length + 1);
    for (let i = 0; i < tokens.length; i++) out[i + 1] = out[i] + tokens[i].length + 1;
    return out;
  };
  const srcLen = prefix(graph.source), hypLen = prefix(graph.hypothesis);
  const textLength = (sums: Float64Array, a: number, b: number) =>
    b > a ? sums[b] - sums[a] - 1 : 0;
  const lengths = new Map(gold.map((g) => [g, new Set(g.corrections.map((c) => c.length))]));
  const matchesGold = (p: number, g: M2GoldEdit) => {
    const u = graph.from[p], v = graph.to[p];
    return textLength(srcLen, graph.row[u], graph.row[v]) === g.original.length &&
      lengths.get(g)!.has(textLength(hypLen, graph.col[u], graph.col[v])) &&
      matches(editOf(p), g);
  };
  for (const [key, golds] of groups) {
    const pairs = bySpan.get(key);
    if (!pairs) continue;
    if (graph.start[pairs[0]] !== graph.end[pairs[0]]) {
      // Deletions and substitutions: any match wins.
      for (const p of pairs) if (golds.some((g) => matchesGold(p, g))) weights[p] = -L;
      continue;
    }
    // Insertions: the reference's two-pointer walk, replayed step by step.
    const M = spanEntries(graph, pairs);
    for (const p of M) weights[p] = graph.length[p];
    let lptr = 0, rptr = M.length - 1, cur = lptr;
    let gl = 0, gr = golds.length - 1;
    while (lptr <= rptr) {
      const edge = M[cur];
      let has = false;
      const fromLeft = cur === lptr;
      for (let x = 0; x <= gr - gl; x++) {
        const i = fromLeft ? gl + x : gr - x;
        if (matchesGold(edge, golds[i])) {
          has = true;
          weights[edge] = -L;
          if (fromLeft) gl = i + 1;
          else gr = i - 1;
          break;
        }
      }
      if (!has && graph.type[edge] !== NOOP) weights[edge] += EPSILON;
      if (has) {
        if (fromLeft) {
          lptr++;
          while (lptr < M.length && graph.from[M[lptr]] !== graph.to[M[cur]]) {
            weights[M[lptr]] += EPSILON;
            lptr++;
          }
          cur = lptr;
        } else {
          rptr--;
          while (rptr >= 0 && graph.to[M[rptr]] !== graph.from[M[cur]]) {
            weights[M[rptr]] += EPSILON;
            rptr--;
          }
          cur = rptr;
        }
      } else if (fromLeft) {
        lptr++;
        cur = rptr;
      } else {
        rptr--;
        cur = lptr;
      }
    }
  }
  return weights;
}

/**
 * The edit sequence the reference chooses for one annotator's gold edits: the shortest path
 * through the graph with gold matches rewarded, left to right, without no-change edges.
 *
 * @example Usage
 * ```ts
 * import { buildEditGraph, bestEditSequence } from "./lattice.ts";
 * import assert from "node:assert/strict";
 *
 * const graph = buildEditGraph("Giant otters is an apex predator .".split(" "),
 *   "Giant otters are apex predator .".split(" "), 2);
 * assert.deepEqual(bestEditSequence(graph, []), [
 *   { start: 2, end: 5, original: "is an apex", correction: "are apex" },
 * ]);
 * ```
 *
 * @param graph The sentence's graph.
 * @param gold One annotator's gold edits.
 * @returns The chosen edits, left to right (merged edits as chosen: the verbose trace prints
 *   them shrunk, without the unchanged tokens at their ends).
 */
export function bestEditSequence(graph: EditGraph, gold: readonly M2GoldEdit[]): M2Edit[] {
  const { pred } = shortestPath(graph, gold);
  const out: M2Edit[] = [];
  for (let v = graph.nodes - 1; pred[v] >= 0; v = graph.from[pred[v]]) {
    if (graph.type[pred[v]] !== NOOP) out.push(pairEdit(graph, pred[v]));
  }
  return out.reverse();
}

/**
 * The cost of the path {@linkcode bestEditSequence} chooses (the sum of its edge weights).
 *
 * @example Usage
 * ```ts
 * import { bestPathCost, buildEditGraph } from "./lattice.ts";
 * import assert from "node:assert/strict";
 *
 * const graph = buildEditGraph(["a", "b"], ["a", "c"], 2);
 * assert.equal(bestPathCost(graph, []), 2.001);
 * ```
 *
 * @param graph The sentence's graph.
 * @param gold One annotator's gold edits.
 * @returns The cost of the shortest path.
 */
export function bestPathCost(graph: EditGraph, gold: readonly M2GoldEdit[]): number {
  return shortestPath(graph, gold).dist[graph.nodes - 1];
}

/** Bellman-Ford in the reference's edge order: distances and predecessor pairs. */
function shortestPath(graph: EditGraph, gold: readonly M2GoldEdit[]) {
  const N = graph.nodes;
  const weights = goldWeights(graph, gold);
  const dist = new Float64Array(N).fill(Infinity);
  const pred = new Int32Array(N).fill(-1);
  dist[0] = 0;
  const { list, from, to } = graph;
  for (let pass = 0; pass < N - 1; pass++) {
    let changed = false;
    for (let x = 0; x < list.length; x++) {
      const p = list[x];
      const d = dist[from[p]] + weights[p];
      if (d < dist[to[p]]) {
        dist[to[p]] = d;
        pred[to[p]] = p;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return { dist, pred };
}

/**
 * How many listings of the reference's edge list {@linkcode implicitEditSequence} counts at
 * most: past it, the gold reward is this number instead of the (larger) exact list length,
 * which selects the same edit sequences (see the function's documentation).
 */
export const MAX_COUNTED_LISTINGS = 1 << 22;

/** Weights in thousandths (the reference's epsilon is one unit): exact integer sums. */
const UNIT = 1000;

/** The largest index whose value in a nondecreasing array is at most `limit` (or -1). */
function lastAtMost(sorted: Float64Array, limit: number): number {
  let lo = 0, hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= limit) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Suffix minima of `values[i] + UNIT * i`: a nondecreasing array. */
function suffixBounds(values: Float64Array): Float64Array {
  const out = new Float64Array(values.length);
  let min = Infinity;
  for (let i = values.length - 1; i >= 0; i--) {
    min = Math.min(min, values[i] + UNIT * i);
    out[i] = min;
  }
  return out;
}

/**
 * The forward pass of {@linkcode buildEditGraph}'s merge closure from one node `u`, confined
 * to rows `<= maxRow` and columns `<= maxCol` (the values inside are unchanged: every path to
 * a node stays in the rectangle between `u` and it). Rows are walked over the span of columns
 * touched in them. After `run(u, ...)`, `targets` lists the nodes with merged edges from `u`,
 * with their length, unchanged tokens, start offset and number of listings (`events`).
 * With `cnt` set, it also numbers the listings made by each node (for the removal replay)
 * and keeps the diagonal ones (the only possible no-change edges) in `evK`/`evPos`/`evJ`.
 */
function forwardPass(lat: Lattice, n: number, m: number, maxUnchangedWords: number) {
  const { N, row, col, outHead, index: cellIndex } = lat;
  const outTo = lat.outTo.data, outNoop = lat.outNoop.data, outPair = lat.outPair.data;
  const pStart = lat.pStart.data;
  const w = m + 1;
  const bestLen = new Int32Array(N).fill(UNSET);
  const bestUnch = new Int32Array(N);
  const bestStart = new Int32Array(N);
  const events = new Int32Array(N);
  const rowLo = new Int32Array(n + 1).fill(UNSET), rowHi = new Int32Array(n + 1).fill(-1);
  const touched = new IntList(), targets = new IntList();
  const evK = new IntList(), evPos = new IntList(), evJ = new IntList();
  let firstRow = 0, lastRow = -1;
  const state = {
    bestLen,
    bestUnch,
    bestStart,
    events,
    targets,
    evK,
    evPos,
    evJ,
    cnt: undefined as Int32Array | undefined,
    made: 0,
    run,
  };
  const touch = (j: number) => {
    touched.push(j);
    const r = row[j], c = col[j];
    if (c < rowLo[r]) rowLo[r] = c;
    if (c > rowHi[r]) rowHi[r] = c;
    if (r > lastRow) lastRow = r;
  };
  function run(u: number, maxRow: number, maxCol: number): void {
    for (let t = 0; t < touched.size; t++) {
      bestLen[touched.data[t]] = UNSET;
      events[touched.data[t]] = 0;
    }
    for (let r = firstRow; r <= lastRow; r++) {
      rowLo[r] = UNSET;
      rowHi[r] = -1;
    }
    touched.size = targets.size = 0;
    const cnt = state.cnt;
    if (cnt) {
      evK.size =
        evPos.size =
        evJ.size =
        state.made =
          0;
    }
    firstRow = row[u];
    lastRow = firstRow - 1;
    for (let e = outHead[u]; e < outHead[u + 1]; e++) {
      const v = outTo[e];
      if (row[v] > maxRow || col[v] > maxCol) continue;
      bestLen[v] = 1;
      bestUnch[v] = outNoop[e];
      bestStart[v] = pStart[outPair[e]];
      touch(v);
    }
    const ru = row[u], cu = col[u];
    for (let r = ru; r <= lastRow; r++) {
      const base = r * w;
      for (let c = rowLo[r]; c <= rowHi[r]; c++) {
        const k = cellIndex[base + c];
        if (k < 0) continue;
        const lk = bestLen[k];
        if (lk === UNSET) continue;
        for (let e = outHead[k]; e < outHead[k + 1]; e++) {
          const j = outTo[e];
          if (row[j] > maxRow || col[j] > maxCol) continue;
          const len = lk + 1;
          if (len >= bestLen[j]) continue;
          const unch = bestUnch[k] + outNoop[e];
          if (unch > maxUnchangedWords) continue;
          if (bestLen[j] === UNSET) touch(j);
          bestLen[j] = len;
          bestUnch[j] = unch;
          bestStart[j] = bestStart[k];
          if (events[j]++ === 0) targets.push(j);
          if (cnt) {
            state.made++;
            const pos = cnt[k]++;
            if (row[j] - ru === col[j] - cu) {
              evK.push(k);
              evPos.push(pos);
              evJ.push(j);
            }
          }
        }
      }
    }
  }
  return state;
}

/** The length of the reference's edge list: `exact` when counted, else at least `atLeast`. */
interface Listings {
  exact?: number;
  atLeast: number;
}

/**
 * The length of the reference's edge list for a lattice: its original listings, plus the
 * merged ones, minus those its removal loop drops (it lists merged edges by `k`, then source,
 * then pass order, and drops a merged no-change edge unless it directly follows a dropped
 * one). Counting stops once the listings before removal exceed `limit` and those that cannot
 * be removed exceed `minimum`; the result then holds only a lower bound.
 */
function countListings(
  lat: Lattice,
  n: number,
  m: number,
  maxUnchangedWords: number,
  limit: number,
  minimum = 0,
): Listings {
  const { N, row, col } = lat;
  const fp = forwardPass(lat, n, m, maxUnchangedWords);
  const cnt = fp.cnt = new Int32Array(N);
  const noopK = new IntList(), noopPos = new IntList();
  let total = lat.list.size;
  for (let u = 0; u < N; u++) {
    fp.run(u, n, m);
    total += fp.made;
    for (let x = 0; x < fp.evK.size; x++) {
      const j = fp.evJ.data[x];
      if (fp.bestUnch[j] !== row[j] - row[u] || col[j] - col[u] !== row[j] - row[u]) continue;
      noopK.push(fp.evK.data[x]);
      noopPos.push(fp.evPos.data[x]);
    }
    // Only merged no-change listings can be removed.
    if (total > limit && total - noopK.size > minimum) return { atLeast: total - noopK.size };
  }
  const offset = new Float64Array(N + 1);
  for (let k = 0; k < N; k++) offset[k + 1] = offset[k] + cnt[k];
  const noopAt: number[] = [];
  for (let x = 0; x < noopK.size; x++) noopAt.push(offset[noopK.data[x]] + noopPos.data[x]);
  noopAt.sort((a, b) => a - b);
  let removed = 0, last = -2;
  for (const q of noopAt) {
    if (q === last + 1) continue;
    removed++;
    last = q;
  }
  return { exact: total - removed, atLeast: total - removed };
}

/**
 * The fallback for sentences past the merged-edge budget: an optimal path through the same
 * weighted graph as {@linkcode buildEditGraph} and {@linkcode bestEditSequence}, found without
 * materialising the merged edges.
 *
 * The merged edges out of a node `u` come out of the same forward pass
 * {@linkcode buildEditGraph} runs from `u` (same lengths, same number of listings, hence the
 * same weights); the pass is run only over the rows and columns that can still hold the target
 * of an optimal edge, and only from nodes that can lie on an optimal path. Both are decided by
 * exact lower bounds: a backward pass over the lattice gives, for every node, a bound on the
 * cost of reaching the end (each merged edge costs its length plus at least one epsilon; the
 * gold-rewarded edges with their exact weights), and the sweep keeps a node only when its
 * distance plus that bound is within a threshold `U`. Starting from `U` = the bound of the
 * start node and doubling the slack until the end is reached, the first sweep that reaches it
 * has found the optimum: every path costing at most `U` survives the pruning. Weights are
 * summed as integers (thousandths), so costs are exact.
 *
 * Gold weights: an edge whose edit matches a gold edit weighs `-L` for `L` the length of the
 * reference's edge list. `L` is counted (replaying which merged no-change edges the
 * reference's removal loop drops) up to {@linkcode MAX_COUNTED_LISTINGS} (or the merged-edge
 * budget, when {@linkcode buildEditGraph} gave up on the sentence); past that the reward is
 * {@linkcode MAX_COUNTED_LISTINGS} instead: once `L` is proven larger than the largest
 * difference between the other weights of two paths (about `n + m`), any such reward puts
 * the gold matches first and selects the same paths, so only the reported cost differs. The edges on gold spans are enumerated by forward passes
 * confined to their rows (and, but for insertions, to the columns of a matching correction)
 * and weighted as {@linkcode bestEditSequence} weights them. Merged no-change edges are left
 * out: one costs exactly what the chain of no-change steps under it costs (a gold edit whose
 * correction equals its original cannot reward one here).
 *
 * Cost: `O(N)` memory for `N` lattice nodes (at most `(n+1)(m+1)`). Time: the lattice and
 * the bounds are `O(N)`; counting `L` is `O(N + min(A, 2^22))` for `A` merged edges; each
 * sweep is `O(N + S·R)` for `S` surviving nodes and `R` the area they search, at worst
 * `O(N^2)`, measured close to linear in `N` (see `bench/m2_bench.ts`): 1000 source tokens
 * against 1000 unrelated ones take about 0.7 s of CPU.
 *
 * @example Usage
 * ```ts
 * import { bestPathCost, buildEditGraph, implicitEditSequence } from "./lattice.ts";
 * import assert from "node:assert/strict";
 *
 * const source = "The cat sat at mat .".split(" "), hyp = "A cat sat on the mat .".split(" ");
 * const gold = [{ start: 3, end: 4, original: "at", corrections: ["on"] }];
 * const { edits, cost } = implicitEditSequence(source, hyp, 2, gold);
 * assert.ok(Math.abs(cost - bestPathCost(buildEditGraph(source, hyp, 2), gold)) < 1e-9);
 * assert.deepEqual(edits.map((e) => e.correction), ["A cat sat", "on", "the mat ."]);
 * ```
 *
 * @param source Source tokens.
 * @param hypothesis Hypothesis tokens.
 * @param maxUnchangedWords Most unchanged tokens a merged edit may contain.
 * @param gold One annotator's gold edits.
 * @returns The chosen edits, left to right, and the cost of their path.
 */
export function implicitEditSequence(
  source: Tokens,
  hypothesis: Tokens,
  maxUnchangedWords: number,
  gold: readonly M2GoldEdit[],
): { edits: M2Edit[]; cost: number } {
  const n = source.length, m = hypothesis.length;
  const cached = lastLattice?.source === source && lastLattice.hypothesis === hypothesis
    ? lastLattice
    : undefined;
  const lat = cached?.lattice ?? buildLattice(source, hypothesis);
  const { N, row, col, outHead, index: cellIndex } = lat;
  const outTo = lat.outTo.data, outPair = lat.outPair.data;
  const pStart = lat.pStart.data, pEnd = lat.pEnd.data, pType = lat.pType.data;
  const nOrig = lat.pFrom.size;
  const origMult = new Int32Array(nOrig);
  for (let x = 0; x < lat.list.size; x++) origMult[lat.list.data[x]]++;
  const spanBase = n + m + 2;
  const goldSpans = new Map<number, string[]>();
  for (const g of gold) {
    if (g.start < 0 || g.end < 0) continue;
    const key = g.start * spanBase + g.end;
    goldSpans.set(key, [...(goldSpans.get(key) ?? []), ...g.corrections]);
  }

  const fp = forwardPass(lat, n, m, maxUnchangedWords);
  const { bestLen, bestUnch, bestStart, events, targets } = fp;
  const pass = fp.run;
  const typeOf = (u: number, j: number) => {
    const di = row[j] - row[u], dj = col[j] - col[u];
    return di === dj && bestUnch[j] === di ? NOOP : di === 0 ? INS : dj === 0 ? DEL : SUB;
  };
  const endOf = (j: number) => row[j] === 0 ? col[j] - 1 : row[j];
  const defaultWeight = (len: number, type: number, mult: number) =>
    UNIT * len + (type === NOOP ? 0 : mult);

  // Gold weights: the reward L, the edges on gold spans, weighted exactly.
  const overFrom = new Int32Array(N + 1);
  let overTo: number[] = [], overW: number[] = [], overStart: number[] = [];
  let overEnd: number[] = [], overType: number[] = [];
  if (goldSpans.size) {
    // Past any difference between the other weights of two paths (each edge weighs its
    // length, at most n + m in all, plus a few epsilons): gold matches come first.
    const decisive = 2 * (n + m) + 64;
    let listings = cached?.listings.get(maxUnchangedWords);
    if (!listings || (listings.exact === undefined && listings.atLeast <= decisive)) {
      listings = countListings(lat, n, m, maxUnchangedWords, MAX_COUNTED_LISTINGS, decisive);
      cached?.listings.set(maxUnchangedWords, listings);
    }
    const reward = listings.exact ?? Math.max(MAX_COUNTED_LISTINGS, decisive + 1);

    // The edges on gold spans: original ones, then merged ones from the nodes where an edit
    // can start (row s, or row 0 at column s for the reference's row-0 insertions).
    const lists = Array.from({ length: 7 }, () => new IntList());
    const [lFrom, lTo, lLen, lStart, lEnd, lType, lMult] = lists;
    const add = (
      u: number,
      j: number,
      len: number,
      start: number,
      end: number,
      type: number,
      mult: number,
    ) => {
      lFrom.push(u);
      lTo.push(j);
      lLen.push(len);
      lStart.push(start);
      lEnd.push(end);
      lType.push(type);
      lMult.push(mult);
    };
    for (let p = 0; p < nOrig; p++) {
      if (!goldSpans.has(pStart[p] * spanBase + pEnd[p])) continue;
      add(lat.pFrom.data[p], lat.pTo.data[p], 1, pStart[p], pEnd[p], pType[p], origMult[p]);
    }
    const rowFirst = new Int32Array(n + 2).fill(N);
    for (let v = N - 1; v >= 0; v--) rowFirst[row[v]] = v;
    for (let r = n; r >= 0; r--) rowFirst[r] = Math.min(rowFirst[r], rowFirst[r + 1]);
    // Whether an edge within row s can insert one of the corrections.
    const insertionCanMatch = (s: number, corrections: string[], lengths: number[]) =>
      s <= n && corrections.some((c, k) => {
        const tokens = c === "" ? [] : c.split(" ");
        for (let x = 0; x + lengths[k] <= m; x++) {
          if (cellIndex[s * (m + 1) + x] < 0 || cellIndex[s * (m + 1) + x + lengths[k]] < 0) {
            continue;
          }
          if (tokens.every((t, i) => hypothesis[x + i] === t)) return true;
        }
        return false;
      });
    for (const [key, corrections] of goldSpans) {
      const s = Math.floor(key / spanBase), e = key % spanBase;
      const lengths = corrections.map((c) => c === "" ? 0 : c.split(" ").length);
      if (s === e && !insertionCanMatch(s, corrections, lengths)) {
        // Without a match, the reference's walk over an insertion span adds one epsilon per
        // listing to each of its edges: their default weights.
        continue;
      }
      const sources: number[] = [];
      if (s <= n) { for (let v = rowFirst[s]; v < rowFirst[s + 1]; v++) sources.push(v); }
      if (s > 0 && s <= m && cellIndex[s] >= 0) sources.push(cellIndex[s]);
      for (const u of sources) {
        let maxCol = m;
        if (s !== e) {
          // Only an edge whose correction matches can weigh other than by default here.
          maxCol = -1;
          corrections.forEach((c, k) => {
            const to = col[u] + lengths[k];
            if (to <= m && hypothesis.slice(col[u], to).join(" ") === c) {
              maxCol = Math.max(maxCol, to);
            }
          });
          if (maxCol < 0) continue;
        }
        pass(u, Math.max(e, row[u]), maxCol);
        for (let t = 0; t < targets.size; t++) {
          const j = targets.data[t], type = typeOf(u, j);
          if (type === NOOP || bestStart[j] * spanBase + endOf(j) !== key) continue;
          add(u, j, bestLen[j], bestStart[j], endOf(j), type, events[j]);
        }
      }
    }
    const [cFrom, cTo, cLen, cStart, cEnd, cType, cMult] = lists.map((l) => l.view());
    const mini: EditGraph = {
      source,
      hypothesis,
      nodes: N,
      row,
      col,
      from: cFrom,
      to: cTo,
      length: cLen,
      start: cStart,
      end: cEnd,
      type: cType,
      list: [],
      weights: Float64Array.from(
        cFrom,
        (_, p) => (cLen[p] + (cType[p] === NOOP ? 0 : cMult[p] * EPSILON)),
      ),
      mult: cMult,
      spanBase,
    };
    const gw = goldWeights(mini, gold, reward);
    // Only edges whose weight is not their default need overriding: the reference's walk over
    // an insertion span gives most of its edges their default weight back.
    const weightOf = (p: number) =>
      gw[p] === -reward ? -UNIT * reward : UNIT * cLen[p] + Math.round((gw[p] - cLen[p]) / EPSILON);
    const kept: number[] = [];
    for (let p = 0; p < cFrom.length; p++) {
      if (weightOf(p) !== defaultWeight(cLen[p], cType[p], cMult[p])) kept.push(p);
    }
    // Grouped by source node (a stable counting sort), for the sweep and the bounds.
    for (const p of kept) overFrom[cFrom[p] + 1]++;
    for (let v = 0; v < N; v++) overFrom[v + 1] += overFrom[v];
    const next = overFrom.slice(0, N);
    const order = new Array<number>(kept.length);
    for (const p of kept) order[next[cFrom[p]]++] = p;
    overTo = order.map((p) => cTo[p]);
    overW = order.map(weightOf);
    overStart = order.map((p) => cStart[p]);
    overEnd = order.map((p) => cEnd[p]);
    overType = order.map((p) => cType[p]);
  }
  // The override weights of the edges out of one node, by target (valid while `stamp` is
  // that node's).
  const marked = new Int32Array(N), markedWeight = new Float64Array(N);
  let stamp = 0;
  const markOverrides = (u: number) => {
    if (overFrom[u] === overFrom[u + 1]) return false;
    stamp++;
    for (let x = overFrom[u]; x < overFrom[u + 1]; x++) {
      marked[overTo[x]] = stamp;
      markedWeight[overTo[x]] = overW[x];
    }
    return true;
  };
  const origWeight = (over: boolean, e: number) => {
    const v = outTo[e];
    if (over && marked[v] === stamp) return markedWeight[v];
    const p = outPair[e];
    return defaultWeight(1, pType[p], origMult[p]);
  };

  // Lower bounds on the cost from each node to the end: a merged edge costs at least its
  // length plus one epsilon, walked step by step ("in" = inside a merged edge).
  const boundFree = new Float64Array(N), boundIn = new Float64Array(N);
  for (let k = N - 2; k >= 0; k--) {
    let free = Infinity, walk = Infinity;
    const over = markOverrides(k);
    for (let e = outHead[k]; e < outHead[k + 1]; e++) {
      const v = outTo[e];
      free = Math.min(free, origWeight(over, e) + boundFree[v]);
      walk = Math.min(walk, UNIT + boundIn[v]);
    }
    free = Math.min(free, 1 + walk);
    for (let x = overFrom[k]; x < overFrom[k + 1]; x++) {
      free = Math.min(free, overW[x] + boundFree[overTo[x]]);
    }
    boundFree[k] = free;
    boundIn[k] = Math.min(free, walk);
  }
  // Per row and column, the least bound plus UNIT per step: a target beyond is out of reach.
  const rowMin = new Float64Array(n + 1).fill(Infinity);
  const colMin = new Float64Array(m + 1).fill(Infinity);
  for (let v = 0; v < N; v++) {
    rowMin[row[v]] = Math.min(rowMin[row[v]], boundFree[v]);
    colMin[col[v]] = Math.min(colMin[col[v]], boundFree[v]);
  }
  const rowReach = suffixBounds(rowMin), colReach = suffixBounds(colMin);

  // Sweeps in node (topological) order, keeping the nodes within the threshold.
  const dist = new Float64Array(N);
  const predFrom = new Int32Array(N);
  const predStart = new Int32Array(N), predEnd = new Int32Array(N), predType = new Int8Array(N);
  const relax = (u: number, v: number, w: number, start: number, end: number, type: number) => {
    const d = dist[u] + w;
    if (d < dist[v]) {
      dist[v] = d;
      predFrom[v] = u;
      predStart[v] = start;
      predEnd[v] = end;
      predType[v] = type;
    }
  };
  const sweep = (limit: number) => {
    dist.fill(Infinity);
    predFrom.fill(-1);
    dist[0] = 0;
    for (let u = 0; u < N; u++) {
      const du = dist[u];
      if (du === Infinity || du + boundFree[u] > limit) continue;
      const over = markOverrides(u);
      for (let e = outHead[u]; e < outHead[u + 1]; e++) {
        const p = outPair[e];
        relax(u, outTo[e], origWeight(over, e), pStart[p], pEnd[p], pType[p]);
      }
      for (let x = overFrom[u]; x < overFrom[u + 1]; x++) {
        relax(u, overTo[x], overW[x], overStart[x], overEnd[x], overType[x]);
      }
      // A merged edge to row r costs at least UNIT (r - row[u]) + 1, likewise for columns.
      const slack = limit - du - 1;
      const maxRow = lastAtMost(rowReach, slack + UNIT * row[u]);
      const maxCol = lastAtMost(colReach, slack + UNIT * col[u]);
      if (maxRow < row[u] || maxCol < col[u]) continue;
      pass(u, maxRow, maxCol);
      for (let t = 0; t < targets.size; t++) {
        const j = targets.data[t], type = typeOf(u, j);
        if (type === NOOP || (over && marked[j] === stamp)) continue;
        relax(u, j, defaultWeight(bestLen[j], type, events[j]), bestStart[j], endOf(j), type);
      }
    }
    return dist[N - 1] <= limit;
  };
  for (let slack = 0; !sweep(boundFree[0] + slack); slack = slack ? 2 * slack : 1) {
    // Each failed sweep proves the optimum costs more than the threshold.
  }

  const edits: M2Edit[] = [];
  for (let v = N - 1; predFrom[v] >= 0; v = predFrom[v]) {
    const u = predFrom[v];
    if (predType[v] === NOOP) continue;
    edits.push({
      start: predStart[v],
      end: predEnd[v],
      original: source.slice(row[u], row[v]).join(" "),
      correction: hypothesis.slice(col[u], col[v]).join(" "),
    });
  }
  return { edits: edits.reverse(), cost: dist[N - 1] / UNIT };
}
