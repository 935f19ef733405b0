/**
 * The M2 edit graph of a sentence pair: its lattice (`lattice.ts`) plus the merged
 * ("transitive") edges the reference adds, with their default weights. See `lattice.ts` for
 * what the reference does and why this is polynomial.
 *
 * @module
 */

import { InputError } from "../../plugins/errors.ts";
import type { Tokens } from "../../plugins/types.ts";
import {
  buildLattice,
  countListings,
  DEL,
  EPSILON,
  INS,
  keepFallbackLattice,
  type Lattice,
  type M2Edit,
  NOOP,
  releaseScratchLists,
  S_FREE,
  SUB,
  UNSET,
} from "./lattice.ts";
import { IntList, scratch } from "./scratch.ts";

/** Scratch slots of the merge pass (after the lattice's). */
const S_BEST_LEN = S_FREE, S_BEST_UNCH = S_FREE + 1, S_BEST_START = S_FREE + 2;
const S_PAIR_OF = S_FREE + 3, S_EV_K = S_FREE + 4, S_EV_PAIR = S_FREE + 5;
const S_TOUCHED = S_FREE + 6, S_BUCKET = S_FREE + 7, S_ARC_LIST = S_FREE + 8;
const S_KEPT = S_FREE + 9, S_MULT = S_FREE + 10;
/** The first scratch `Int32Array` slot free for the graph's users. */
export const S_GRAPH_FREE = S_FREE + 11;
/** Scratch `Float64Array` slots: default weights, then free for the graph's users. */
const S_WEIGHTS = 0;
/** The first scratch `Float64Array` slot free for the graph's users. */
export const S_GRAPH_FREE_F64 = 1;

/**
 * Most merged edges one sentence may list (about 40 MB of arrays, well under a second to
 * build). Only inputs the reference could not finish either come near it: a fully rewritten
 * sentence of some 60 tokens or more, whose lattice is the whole grid and every node connects
 * to every later one. (The CoNLL-2014 outputs need at most 160 thousand.)
 */
export const MAX_MERGED_EDGES = 1 << 21;

/**
 * The error {@linkcode buildEditGraph} throws past its merged-edge budget; callers may then
 * score the sentence with `implicitEditSequence` (`fallback.ts`) instead.
 *
 * @example Usage
 * ```ts
 * import { buildEditGraph, MergedEdgeBudgetError } from "./edit_graph.ts";
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
  /** The first node the graph's edges leave from (`0`, or the end of a cut prefix: see
   * {@linkcode buildEditGraph}); its distance from the start is its index. */
  readonly first: number;
  /** The node the chosen path is read back from (`nodes - 1`, or the start of a cut
   * suffix: see {@linkcode buildEditGraph}). */
  readonly last: number;
  /** How many chain steps the chosen path must take into `last` to be the whole graph's
   * (0 without a cut suffix; see `cutEditSequence`). */
  readonly lastSteps: number;
  /** How many of `list`'s first entries are original edges (sorted by source node; merged
   * arcs follow). */
  readonly originals: number;
  /** The length of the reference's edge list (the reward of a gold match): `list`'s, plus the
   * listings of a cut prefix. */
  readonly listLength: number;
}

/** Lattices with more nodes have their merged edges counted before they are made. */
const PRECOUNT_NODES = 2048;

function budgetMessage(n: number, m: number, maxMergedEdges: number): string {
  return `the edit lattice of a ${n}-token source and a ${m}-token hypothesis needs more than ` +
    `${maxMergedEdges} merged edges: too large to reproduce the reference's choice`;
}

/**
 * Build the edit graph of a sentence pair: lattice, merged edges, default weights.
 *
 * @example Usage
 * ```ts
 * import { buildEditGraph } from "./edit_graph.ts";
 * import { bestEditSequence } from "./best_path.ts";
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
 * @param onScratch Build a small graph on the scratch buffers of `lattice.ts` (faster for
 *   many short sentences): the graph is then valid only until the next such call.
 * @param cutBefore Leave out the edges of the unchanged prefix up to this token (see
 *   {@linkcode prefixCut}): a shorter path search with the same result, for gold edits that
 *   all start at or after it or change their text. 0 (the default) keeps every edge.
 * @param cutAfter Leave out the edges of the unchanged suffix past `2 max_unchanged_words`
 *   tokens into it (see {@linkcode suffixCut}), for gold edits that all change their text;
 *   `bestEditSequence` then says when its result may differ from the whole graph's.
 * @returns The graph.
 */
export function buildEditGraph(
  source: Tokens,
  hypothesis: Tokens,
  maxUnchangedWords: number,
  maxMergedEdges: number = MAX_MERGED_EDGES,
  onScratch = false,
  cutBefore = 0,
  cutAfter = false,
): EditGraph {
  const n = source.length, m = hypothesis.length;
  const lattice = buildLattice(source, hypothesis, onScratch);
  const pooled = lattice.pooled;
  if (lattice.N > PRECOUNT_NODES) {
    // Count first (cheaply, without making the edges), and leave the lattice untouched for
    // the fallback.
    const limit = lattice.list.size + maxMergedEdges;
    const listings = countListings(lattice, n, m, maxUnchangedWords, limit);
    if (listings.exact === undefined) {
      keepFallbackLattice({
        source,
        hypothesis,
        // The fallback keeps it: not on scratch buffers.
        lattice: pooled ? buildLattice(source, hypothesis) : lattice,
        listings: new Map([[maxUnchangedWords, listings]]),
      });
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

  const first = prefixCut(lattice, maxUnchangedWords, cutBefore);
  // The cut prefix's merged events (all no-change arcs), which the reference lists first.
  const cutEvents = first * Math.max(0, maxUnchangedWords - 1);
  // The cut suffix: its nodes after `last`, and its merged events (no-change arcs into
  // them), which the reference lists last.
  const cutTail = cutAfter ? suffixCut(lattice, first, maxUnchangedWords) : 0;
  const last = N - 1 - cutTail;
  const tailEvents = cutTail * Math.max(0, maxUnchangedWords - 1);
  const eventLimit = maxMergedEdges - cutEvents - tailEvents;

  // Merged edges: one forward pass per source node (see the module doc). Each arc `u -> j`
  // gets its pair id when first made; later events for the same pair overwrite its values,
  // as the reference's dictionaries do, so the values left at the end of the pass are final.
  const i32 = pooled ? pooledI32 : ownI32;
  const list_ = pooled ? pooledList : ownList;
  const bestLen = i32(S_BEST_LEN, N).fill(UNSET, 0, N);
  const bestUnch = i32(S_BEST_UNCH, N);
  const bestStart = i32(S_BEST_START, N);
  const pairOf = i32(S_PAIR_OF, N).fill(-1, 0, N);
  const evK = list_(S_EV_K, 4 * N), evPair = list_(S_EV_PAIR, 4 * N);
  const touched = list_(S_TOUCHED, N);
  // The lists are written directly (sizes kept in locals, capacity checked as they grow).
  const pLists = lattice.pairLists;
  const oTo = outTo.data, oNoop = outNoop.data, oPair = outPair.data;
  let nPairs = pFrom.size, nEv = 0, nTouched = 0;
  // Each node is touched at most once per source node: `touched` holds N.
  const tData = touched.data;
  for (let u = first; u <= last; u++) {
    if (outHead[u] === outHead[u + 1]) continue;
    let maxTouched = -1;
    const pStartData = pStart.data;
    for (let e = outHead[u]; e < outHead[u + 1]; e++) {
      const v = oTo[e];
      if (v > last) continue;
      bestLen[v] = 1;
      bestUnch[v] = oNoop[e];
      bestStart[v] = pStartData[oPair[e]];
      tData[nTouched++] = v;
      if (v > maxTouched) maxTouched = v;
    }
    const firstArc = nPairs;
    let pFromData = pFrom.data, pToData = pTo.data;
    let evKData = evK.data, evPairData = evPair.data;
    for (let k = u + 1; k <= maxTouched; k++) {
      const lk = bestLen[k];
      if (lk === UNSET) continue;
      for (let e = outHead[k]; e < outHead[k + 1]; e++) {
        const j = oTo[e];
        if (j > last) continue;
        const len = lk + 1;
        if (len >= bestLen[j]) continue;
        const unch = bestUnch[k] + oNoop[e];
        if (unch > maxUnchangedWords) continue;
        if (bestLen[j] === UNSET) tData[nTouched++] = j;
        bestLen[j] = len;
        bestUnch[j] = unch;
        bestStart[j] = bestStart[k];
        if (j > maxTouched) maxTouched = j;
        let pair = pairOf[j];
        if (pair < 0) {
          if (nPairs === pFromData.length) {
            growLists(pLists);
            pFromData = pFrom.data;
            pToData = pTo.data;
          }
          pair = pairOf[j] = nPairs++;
          pFromData[pair] = u;
          pToData[pair] = j;
        }
        if (nEv === evKData.length) {
          evK.size = evPair.size = nEv;
          evK.push(0);
          evPair.push(0);
          evKData = evK.data;
          evPairData = evPair.data;
        }
        evKData[nEv] = k;
        evPairData[nEv++] = pair;
        // Checked as the arcs are made, so that memory stays within the budget.
        if (nEv > eventLimit) break;
      }
      if (nEv > eventLimit) break;
    }
    evK.size = evPair.size = nEv;
    if (nEv > eventLimit) {
      for (let l = 0; l < pLists.length; l++) pLists[l].size = nPairs;
      throw new MergedEdgeBudgetError(budgetMessage(n, m, maxMergedEdges));
    }
    for (let pair = firstArc; pair < nPairs; pair++) {
      const j = pTo.data[pair];
      pLen.data[pair] = bestLen[j];
      pUnch.data[pair] = bestUnch[j];
      pStart.data[pair] = bestStart[j];
      pEnd.data[pair] = row[j] === 0 ? col[j] - 1 : row[j];
      const di = row[j] - row[u], dj = col[j] - col[u], unch = bestUnch[j];
      pType.data[pair] = di === dj && unch === di ? NOOP : di === 0 ? INS : dj === 0 ? DEL : SUB;
    }
    for (let t = 0; t < nTouched; t++) {
      bestLen[tData[t]] = UNSET;
      pairOf[tData[t]] = -1;
    }
    nTouched = 0;
  }
  for (let l = 0; l < pLists.length; l++) pLists[l].size = nPairs;

  // Events were made in (i, k, j) order; the reference appends them in (k, i, j) order: a
  // stable counting sort on k.
  const nEvents = evK.size;
  const bucket = i32(S_BUCKET, N + 1).fill(0, 0, N + 1);
  for (let e = 0; e < nEvents; e++) bucket[evK.data[e] + 1]++;
  for (let k = 0; k < N; k++) bucket[k + 1] += bucket[k];
  const arcList = i32(S_ARC_LIST, nEvents);
  for (let e = 0; e < nEvents; e++) arcList[bucket[evK.data[e]]++] = evPair.data[e];

  // Drop merged no-change arcs, as the reference's loop does: removing an item while
  // iterating skips the item after it, which then stays. A cut prefix's events (all
  // dropped but every second one) come first: after an odd number, the first item stays.
  // Its original edges are listed twice each, first; a cut suffix's, last. The cut suffix's
  // events come after all others: `pending` says whether the first of them stays.
  const cutListed = 2 * first, tailListed = 2 * cutTail;
  const kept = list_(S_KEPT, list.size - cutListed - tailListed + nEvents);
  const keptData = kept.data, typeData = pType.data, lenData = pLen.data;
  keptData.set(list.data.subarray(cutListed, list.size - tailListed));
  let nKept = list.size - cutListed - tailListed;
  const originals = nKept;
  let x0 = 0, pending = false;
  if (cutEvents % 2 === 1) {
    if (nEvents > 0) keptData[nKept++] = arcList[x0++];
    else pending = true;
  }
  for (let x = x0; x < nEvents; x++) {
    const pair = arcList[x];
    if (typeData[pair] === NOOP && lenData[pair] > 1) {
      if (x + 1 < nEvents) keptData[nKept++] = arcList[++x];
      else pending = true;
      continue;
    }
    keptData[nKept++] = pair;
  }
  kept.size = nKept;
  const tailKept = tailEvents === 0
    ? 0
    : pending
    ? 1 + Math.floor((tailEvents - 1) / 2)
    : Math.floor(tailEvents / 2);
  const edgeList = kept.view();
  const mult = i32(S_MULT, nPairs).fill(0, 0, nPairs);
  for (let x = 0; x < edgeList.length; x++) mult[edgeList[x]]++;

  const weights = pooled ? scratch.f64(S_WEIGHTS, nPairs) : new Float64Array(nPairs);
  const spanBase = n + m + 2;
  for (let p = 0; p < nPairs; p++) {
    let weight = pLen.data[p];
    if (pType.data[p] !== NOOP) { for (let k = 0; k < mult[p]; k++) weight += EPSILON; }
    weights[p] = weight;
  }
  if (pooled) {
    releaseScratchLists(lattice);
    scratch.keep(S_EV_K, evK), scratch.keep(S_EV_PAIR, evPair), scratch.keep(S_TOUCHED, touched);
    scratch.keep(S_KEPT, kept);
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
    weights: weights.subarray(0, nPairs),
    mult: mult.subarray(0, nPairs),
    spanBase,
    first,
    last,
    lastSteps: cutTail > 0 ? Math.max(0, maxUnchangedWords - 1) : 0,
    originals,
    listLength: edgeList.length + cutListed + Math.floor(cutEvents / 2) + tailListed + tailKept,
  };
}

/**
 * How many nodes of the lattice's unchanged suffix the edit graph may leave out (0: none):
 * those more than `2w` no-change steps into a final chain of `Q` (`w` is
 * `max_unchanged_words`; `w` for `w <= 1`).
 *
 * The suffix is a chain `c_0 ... c_Q` (the last nodes, one edge out of each, a no-change
 * step listed once per matrix). Keeping nodes up to `c_Z`:
 * - Merged arcs from before `c_0` end at `c_w` at the latest (they hold at most `w`
 *   unchanged tokens), so those into `c_t`, `t > Z`, are the chain's own: `w - 1` no-change
 *   arcs into each (for `w >= 2`), pivoted past every kept arc's pivot, so listed after all
 *   of them, where the removal loop drops every second one (the first kept when the loop
 *   ended on a drop). The kept nodes' edges, distances and predecessors are the whole
 *   graph's (edges only go forward).
 * - Read back from the end, the whole graph's path enters the kept nodes at some `c_s`,
 *   `s > Z - w` (a chain arc spans at most `w` steps). It is the kept graph's path when that
 *   one walks `c_Z, c_Z-1, ..., c_(Z-w+1)` step by step: `bestEditSequence` checks this
 *   (with `Z = 2w`, the steps into `c_(w+1)` and later have no other way in but chain arcs,
 *   so it nearly always holds), and reports when it does not. For `w <= 1` there are no
 *   chain arcs, and the path goes through `c_Z`.
 * Gold edits can only reward an edge of the chain if one of their corrections equals their
 * original text: the caller cuts only when none does.
 */
function suffixCut(lattice: Lattice, first: number, maxUnchangedWords: number): number {
  const { N, row, col, outHead } = lattice;
  const outTo = lattice.outTo.data, pType = lattice.pType.data;
  const list = lattice.list.data;
  const n = row[N - 1], m = col[N - 1];
  // Walk back from the end: node v = N - 2 - t is c_(Q-1-t) while the chain holds.
  let Q = 0, at = lattice.list.size;
  for (let v = N - 2; v > first; v--, Q++) {
    const pair = outHead[v];
    if (
      row[v] !== n - Q - 1 || col[v] !== m - Q - 1 || outHead[v + 1] !== pair + 1 ||
      outTo[pair] !== v + 1 || pType[pair] !== NOOP || list[at - 1] !== pair ||
      list[at - 2] !== pair
    ) break;
    at -= 2;
  }
  const Z = maxUnchangedWords <= 1 ? maxUnchangedWords : 2 * maxUnchangedWords;
  return Math.max(0, Q - Z);
}

/**
 * Where the edit graph may start instead of at node 0: the end of a prefix the reference's
 * search cannot choose differently in, with the same result (0: nowhere).
 *
 * When the lattice starts with a chain of `P` no-change steps (nodes `(t, t)`, one edge out
 * of each, listed once per matrix) and `max_unchanged_words` (`w`) is at most 3, the graph
 * from node `X = P - w` on is the whole graph's, and the rest is determined:
 * - Every merged arc from a node `t < X` stays in the chain (more unchanged tokens would be
 *   needed to leave it): `w - 1` no-change arcs each (for `w >= 2`), all made before, and
 *   listed before, any arc from `X` on (their pivots are at most `X + w - 2 <= X + 1`, with
 *   a smaller source). The removal loop drops every second one, starting with the first.
 * - Bellman-Ford's first pass gives node `t <= X` the distance `t` (its edges weigh their
 *   length; exact in floating point) before any edge from `X` on; the chain's merged arcs
 *   then never improve a distance (they tie the chain at best), so the distances and
 *   predecessors from `X` on are those of a search started at `X` with distance `X`.
 * - The result leaves no-change edges out, so the prefix contributes nothing to it.
 * Gold edits can only reward an edge of the prefix if one of their corrections equals their
 * original text: the caller gives, as `cutBefore`, a bound under the start of every such
 * edit.
 */
function prefixCut(lattice: Lattice, maxUnchangedWords: number, cutBefore: number): number {
  if (maxUnchangedWords > 3 || cutBefore <= 0) return 0;
  const { N, row, col, outHead } = lattice;
  const outTo = lattice.outTo.data, pType = lattice.pType.data, list = lattice.list.data;
  const limit = Math.min(cutBefore + maxUnchangedWords, N - 1);
  let P = 0;
  // Node t's edge is pair t, listed at 2t and 2t + 1.
  while (
    P < limit && row[P] === P && col[P] === P && outHead[P + 1] === P + 1 &&
    outTo[P] === P + 1 && pType[P] === NOOP && list[2 * P] === P && list[2 * P + 1] === P &&
    row[P + 1] === P + 1 && col[P + 1] === P + 1
  ) P++;
  return Math.max(0, P - maxUnchangedWords);
}

/** A scratch `Int32Array` of the slot. */
function pooledI32(slot: number, size: number): Int32Array {
  return scratch.i32(slot, size);
}

/** A new `Int32Array`. */
function ownI32(_slot: number, size: number): Int32Array {
  return new Int32Array(size);
}

/** A scratch list of the slot. */
function pooledList(slot: number, capacity: number): IntList {
  return scratch.list(slot, capacity);
}

/** A new list. */
function ownList(_slot: number, capacity: number): IntList {
  return new IntList(capacity);
}

/** Double the capacity of the lists (their sizes kept). */
function growLists(lists: readonly IntList[]): void {
  for (const l of lists) {
    const next = new Int32Array(l.data.length * 2);
    next.set(l.data);
    l.data = next;
  }
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
