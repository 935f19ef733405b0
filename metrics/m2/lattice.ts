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
 * - Only what can matter is built. A cell lies on an optimal path only within a diagonal
 *   band as wide as the indel distance allows (`band.ts`), and the edit graph leaves out the
 *   unchanged prefix and suffix whose arcs, listings and distances are determined
 *   (`prefixCut`, `suffixCut` in `edit_graph.ts`): a hypothesis that changes one word of a
 *   sentence costs about what the changed words and their neighbours cost.
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
 * `MAX_MERGED_EDGES` (counted before they are made, for large lattices)
 * `buildEditGraph` stops with a `MergedEdgeBudgetError` rather than run
 * out of memory, and the metric falls back to `implicitEditSequence`: the same
 * optimum cost in linear memory, found by a sweep pruned with exact lower bounds, but its
 * choice among equal-cost paths may differ from the reference's, so the sentence's stats carry
 * a warning. Measured (CPU time, `bench/m2_bench.ts`): 1000 tokens against 1000 unrelated ones
 * in about 0.7 s and 320 MB, 6 against 2000 in about 0.2 s.
 *
 * Stages, one file each: `band.ts` (the Levenshtein matrices on a band of cells),
 * `lattice.ts` (the lattices and the merge pass), `edit_graph.ts`
 * (merged edges, default weights), `best_path.ts` (gold weights, shortest path), `fallback.ts`
 * (the linear-memory fallback).
 *
 * @module
 */

import { InputError } from "../../plugins/errors.ts";
import type { Tokens } from "../../plugins/types.ts";
import { IntList, scratch, SCRATCH_CELLS } from "./scratch.ts";
import {
  backPointers,
  band,
  DEL_BIT,
  DIAG_BIT,
  indelDistance,
  INS_BIT,
  reachable,
} from "./band.ts";

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

/** Edit types of the lattice's pairs. */
export const NOOP = 0, INS = 1, DEL = 2, SUB = 3;
/** The reference's weight per listing of a changing edge. */
export const EPSILON = 0.001;
/** An unset length. */
export const UNSET = 0x7fffffff;

/** Scratch slots of the lattice (edit graph and best path use the ones after them). */
const S_FLAGS = 0, S_SEEN = 1;
const S_INDEX = 0, S_ROWS = 1, S_ROW = 2, S_COL = 3, S_OUTHEAD = 4;
/** Slots of the lattice's lists, in the order of {@linkcode LIST_SLOTS}. */
export const S_LISTS = 5;
/** The lattice's lists that live on scratch slots, `S_LISTS + i` for the i-th. */
const LIST_SLOTS = [
  "pFrom",
  "pTo",
  "pLen",
  "pUnch",
  "pStart",
  "pEnd",
  "pType",
  "list",
  "outTo",
  "outNoop",
  "outPair",
] as const;
/** The first scratch `Int32Array` slot free for the lattice's users. */
export const S_FREE = S_LISTS + LIST_SLOTS.length;

/**
 * The lattice of a sentence pair: nodes, original edges (sorted by (from, to)), out-edges.
 * With `onScratch`, small lattices are built on the {@linkcode scratch} buffers (valid until
 * the next such call).
 */
export function buildLattice(source: Tokens, hypothesis: Tokens, onScratch = false) {
  const n = source.length, m = hypothesis.length;
  const pooled = onScratch && (n + 1) * (m + 1) <= SCRATCH_CELLS;
  const d = indelDistance(source, hypothesis, scratch.i32(S_ROWS, 4 * (m + 2)));
  const { hi, width } = band(n, m, d);
  const cells = (n + 1) * width;
  const flags = scratch.u8(S_FLAGS, cells), seen = scratch.u8(S_SEEN, cells);
  backPointers(source, hypothesis, hi, width, flags, scratch.i32(S_ROWS, 4 * (width + 1)));
  // The end cell, (n, m).
  const end = n * width + m - n + hi;
  reachable(flags, seen, cells, end, width);
  // Node order = (row, column) order = band order: a topological order of the DAG.
  const index = pooled ? scratch.i32(S_INDEX, end + 1) : new Int32Array(end + 1);
  let N = 0;
  for (let id = 0; id <= end; id++) index[id] = seen[id] ? N++ : -1;
  const rowArr = pooled ? scratch.i32(S_ROW, N) : new Int32Array(N);
  const colArr = pooled ? scratch.i32(S_COL, N) : new Int32Array(N);
  for (let i = 0, u = 0; i <= n; i++) {
    const base = i * width, j0 = i - hi;
    for (let c = 0; c < width; c++) {
      if (seen[base + c]) {
        rowArr[u] = i;
        colArr[u++] = j0 + c;
      }
    }
  }
  const row = rowArr.subarray(0, N), col = colArr.subarray(0, N);

  // Original edges, sorted by (from, to): per source node, targets ins < del < diag.
  // At most 3 edges and 6 listings per node.
  const E = 3 * N + 1;
  const list_ = pooled ? pooledList : ownList;
  const pFrom = list_(0, E), pTo = list_(1, E), pLen = list_(2, E);
  const pUnch = list_(3, E), pStart = list_(4, E), pEnd = list_(5, E);
  const pType = list_(6, E);
  const list = list_(7, 2 * E);
  // Out-edges per node for the merge pass: target node and whether it is a no-change step.
  const outHead = pooled ? scratch.i32(S_OUTHEAD, N + 1) : new Int32Array(N + 1);
  const outTo = list_(8, E), outNoop = list_(9, E), outPair = list_(10, E);
  const aFrom = pFrom.data, aTo = pTo.data, aLen = pLen.data, aUnch = pUnch.data;
  const aStart = pStart.data, aEnd = pEnd.data, aType = pType.data, aList = list.data;
  const aOutTo = outTo.data, aOutNoop = outNoop.data, aOutPair = outPair.data;
  let pair = 0, listed = 0;
  for (let u = 0; u < N; u++) {
    outHead[u] = pair;
    const i = row[u], j = col[u], c = j - i + hi, id = i * width + c;
    for (let dir = 0; dir < 3; dir++) {
      const bit = dir === 0 ? INS_BIT : dir === 1 ? DEL_BIT : DIAG_BIT;
      if (bit !== DEL_BIT && j >= m) continue;
      if (bit !== INS_BIT && i >= n) continue;
      // The target's cell; one outside the band is on no optimal path.
      if (bit === INS_BIT ? c + 1 >= width : bit === DEL_BIT ? c === 0 : false) continue;
      const t = bit === INS_BIT ? id + 1 : bit === DEL_BIT ? id + width - 1 : id + width;
      const st = seen[t], ft = flags[t];
      const mult = ((st & 1) && (ft & bit) ? 1 : 0) + ((st & 2) && (ft & (bit << 3)) ? 1 : 0);
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
  pFrom.size =
    pTo.size =
    pLen.size =
    pUnch.size =
    pStart.size =
    pEnd.size =
    pType.size =
      pair;
  outTo.size = outNoop.size = outPair.size = pair;
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
    /** Columns of the grid plus one (`m + 1`), for {@linkcode cellIndex}. */
    w: m + 1,
    /** Cells of the grid, `(n + 1)(m + 1)`. */
    cells: (n + 1) * (m + 1),
    /** The node of each grid cell, made by {@linkcode cellIndex} when first asked for. */
    fullIndex: undefined as Int32Array | undefined,
    /** The lists of the pairs' values, from `pFrom` to `pType` (grown together). */
    pairLists: pooled
      ? pooledPairLists ??= [pFrom, pTo, pLen, pUnch, pStart, pEnd, pType]
      : [pFrom, pTo, pLen, pUnch, pStart, pEnd, pType],
    /** Whether the lists live on scratch buffers (see {@linkcode releaseScratchLists}). */
    pooled,
  };
}

/**
 * The node of each grid cell `(i, j)` at `i * (m + 1) + j` (`-1` where there is none), made
 * once per lattice (the large lattices' counting and fallback search look cells up by
 * position; the lattice itself is built on a band of cells).
 */
export function cellIndex(lat: Lattice): Int32Array {
  if (lat.fullIndex) return lat.fullIndex;
  const index = new Int32Array(lat.cells).fill(-1);
  for (let u = 0; u < lat.N; u++) index[lat.row[u] * lat.w + lat.col[u]] = u;
  return lat.fullIndex = index;
}

/** The pair lists of lattices on scratch buffers (the same list objects each time). */
let pooledPairLists: IntList[] | undefined;

/** The k-th list of a lattice on scratch buffers (see `Scratch.list`). */
function pooledList(k: number, capacity: number): IntList {
  return scratch.list(S_LISTS + k, capacity);
}

/** The k-th list of a lattice on its own arrays. */
function ownList(_k: number, capacity: number): IntList {
  return new IntList(capacity);
}

/**
 * Give the scratch slots the lists of a scratch lattice grew into (so that the next
 * sentence starts on them).
 */
export function releaseScratchLists(lat: Lattice): void {
  if (!lat.pooled) return;
  for (let k = 0; k < LIST_SLOTS.length; k++) scratch.keep(S_LISTS + k, lat[LIST_SLOTS[k]]);
}

/** A sentence pair's lattice, as {@linkcode buildLattice} makes it. */
export type Lattice = ReturnType<typeof buildLattice>;

/** The last lattice too large for `buildEditGraph`, kept for the fallback (which
 * scores each annotator of the sentence), with its counted list lengths per
 * `max_unchanged_words`. */
export interface FallbackLattice {
  source: Tokens;
  hypothesis: Tokens;
  lattice: Lattice;
  listings: Map<number, Listings>;
  /** Work (cells visited by forward passes) the fallback spent on this pair so far, all
   * annotators together (see {@linkcode MAX_FALLBACK_WORK}). */
  spent?: number;
}

/**
 * The most work the fallback (`implicitEditSequence`) may spend on one sentence pair, in
 * cells visited by its forward passes (all annotators together): about a second. Pairs whose
 * every alignment is about as good as any other (a long sentence against a shuffled or
 * reversed copy of itself: most tokens match somewhere) make the pruned search visit most of
 * a huge lattice once per surviving node; past this budget the sentence is refused with a
 * {@linkcode FallbackBudgetError} rather than run for minutes. Measured: 1,000 tokens
 * against 1,000 unrelated ones need 1 million; 300 against their reverse 7 million; 1,000
 * against their reverse over 100 million.
 */
export const MAX_FALLBACK_WORK = 1 << 23;

/**
 * The error the fallback throws past {@linkcode MAX_FALLBACK_WORK}.
 *
 * @example Usage
 * ```ts
 * import { FallbackBudgetError } from "./lattice.ts";
 * import { InputError } from "../../plugins/errors.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(new FallbackBudgetError("too much") instanceof InputError);
 * ```
 */
export class FallbackBudgetError extends InputError {}

/** The message of a {@linkcode FallbackBudgetError}. */
export function fallbackBudgetMessage(n: number, m: number): string {
  return `a ${n}-token source against a ${m}-token hypothesis has too many equally good ` +
    `alignments: scoring it exactly needs more than the ${MAX_FALLBACK_WORK} search steps ` +
    "M2 bounds itself to";
}

let lastLattice: FallbackLattice | undefined;

/** Keep a lattice for the fallback (see {@linkcode FallbackLattice}). */
export function keepFallbackLattice(entry: FallbackLattice): void {
  lastLattice = entry;
}

/** The kept lattice of this sentence pair, if any. */
export function fallbackLattice(source: Tokens, hypothesis: Tokens): FallbackLattice | undefined {
  return lastLattice?.source === source && lastLattice.hypothesis === hypothesis
    ? lastLattice
    : undefined;
}

/**
 * Forget the lattice kept for `implicitEditSequence` (call once every annotator of
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

/**
 * The forward pass of `buildEditGraph`'s merge closure from one node `u`, confined
 * to rows `<= maxRow` and columns `<= maxCol` (the values inside are unchanged: every path to
 * a node stays in the rectangle between `u` and it). Rows are walked over the span of columns
 * touched in them. After `run(u, ...)`, `targets` lists the nodes with merged edges from `u`,
 * with their length, unchanged tokens, start offset and number of listings (`events`).
 * With `cnt` set, it also numbers the listings made by each node (for the removal replay)
 * and keeps the diagonal ones (the only possible no-change edges) in `evK`/`evPos`/`evJ`.
 */
export function forwardPass(lat: Lattice, n: number, m: number, maxUnchangedWords: number) {
  const { N, row, col, outHead } = lat;
  const cells = cellIndex(lat);
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
    /** Cells visited by the passes so far (their cost). */
    work: 0,
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
      if (rowHi[r] >= rowLo[r]) state.work += rowHi[r] - rowLo[r] + 1;
      for (let c = rowLo[r]; c <= rowHi[r]; c++) {
        const k = cells[base + c];
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
export interface Listings {
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
export function countListings(
  lat: Lattice,
  n: number,
  m: number,
  maxUnchangedWords: number,
  limit: number,
  minimum = 0,
  budget?: { work: number },
): Listings {
  const { N, row, col } = lat;
  const fp = forwardPass(lat, n, m, maxUnchangedWords);
  const cnt = fp.cnt = new Int32Array(N);
  const noopK = new IntList(), noopPos = new IntList();
  let total = lat.list.size;
  for (let u = 0; u < N; u++) {
    fp.run(u, n, m);
    if (budget && fp.work > budget.work) throw new FallbackBudgetError(fallbackBudgetMessage(n, m));
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
  if (budget) budget.work -= fp.work;
  let removed = 0, last = -2;
  for (const q of noopAt) {
    if (q === last + 1) continue;
    removed++;
    last = q;
  }
  return { exact: total - removed, atLeast: total - removed };
}
