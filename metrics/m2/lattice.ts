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
 * {@linkcode MAX_MERGED_EDGES} {@linkcode buildEditGraph} stops with a
 * {@linkcode MergedEdgeBudgetError} rather than run out of memory, and the metric falls back
 * to {@linkcode implicitEditSequence}: the same optimum cost in linear memory, but its choice
 * among equal-cost paths may differ from the reference's, so the sentence's stats carry a
 * warning (the 200 x 100 pair takes some 7-12 s).
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
 * Most merged edges one sentence may need (about 100 MB of arrays). Only inputs the reference
 * could not finish either come near it: a fully rewritten sentence of some 80 tokens or more,
 * whose lattice is the whole grid and every node connects to every later one.
 */
export const MAX_MERGED_EDGES = 1 << 23;

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
  const rowList = new IntList(), colList = new IntList();
  for (let id = 0; id < f1.length; id++) {
    if (r1[id] || r2[id]) {
      index[id] = rowList.size;
      rowList.push(Math.floor(id / w));
      colList.push(id % w);
    }
  }
  const N = rowList.size;
  const row = rowList.view(), col = colList.view();

  // Original edges, sorted by (from, to): per source node, targets ins < del < diag.
  const pFrom = new IntList(), pTo = new IntList(), pLen = new IntList(), pUnch = new IntList();
  const pStart = new IntList(), pEnd = new IntList(), pType = new IntList();
  const list = new IntList();
  // Out-edges per node for the merge pass: target node and whether it is a no-change step.
  const outHead = new Int32Array(N + 1);
  const outTo = new IntList(), outNoop = new IntList(), outPair = new IntList();
  for (let u = 0; u < N; u++) {
    outHead[u] = outTo.size;
    const id = row[u] * w + col[u];
    const i = row[u], j = col[u];
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
      const pair = pFrom.size;
      pFrom.push(u);
      pTo.push(v);
      pLen.push(1);
      pUnch.push(unch);
      pStart.push(start);
      pEnd.push(end);
      pType.push(type);
      for (let k = 0; k < mult; k++) list.push(pair);
      outTo.push(v);
      outNoop.push(unch);
      outPair.push(pair);
    }
  }
  outHead[N] = outTo.size;

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
  };
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
  } = buildLattice(source, hypothesis);

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
      }
    }
    if (evK.size > maxMergedEdges) {
      throw new MergedEdgeBudgetError(
        `the edit lattice of a ${n}-token source and a ${m}-token hypothesis needs more than ` +
          `${maxMergedEdges} merged edges: too large to reproduce the reference's choice`,
      );
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
  for (const [key, golds] of groups) {
    const pairs = bySpan.get(key);
    if (!pairs) continue;
    if (graph.start[pairs[0]] !== graph.end[pairs[0]]) {
      // Deletions and substitutions: any match wins.
      for (const p of pairs) if (golds.some((g) => matches(editOf(p), g))) weights[p] = -L;
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
        if (matches(editOf(edge), golds[i])) {
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
 * The fallback for sentences past the merged-edge budget: an optimal path through the same
 * weighted graph as {@linkcode buildEditGraph} and {@linkcode bestEditSequence}, found without
 * materialising the merged edges, in `O(N)` memory for `N` lattice nodes.
 *
 * Node order is topological and every edge goes forward, so a single sweep settles the
 * distances: at node `u` its distance is final, and the merged edges out of `u` come out of
 * the same forward pass {@linkcode buildEditGraph} runs from `u` (same lengths, same number of
 * listings, hence the same weights), relaxed at once and forgotten. Merged no-change edges are
 * left out: one of them costs exactly what the chain of no-change steps under it costs. A gold
 * match weighs `-L` for `L` the length of the reference's edge list; when there are gold edits,
 * a first sweep counts `L` (replaying which merged no-change edges the reference's removal
 * loop drops) and collects the few edges whose span is a gold span, which are then weighted as
 * {@linkcode bestEditSequence} weights them. The optimum cost is therefore the exact one; only
 * the choice among equal-cost paths may differ from the reference's. Time `O(N^2 + A)` per
 * sweep for `A` merged edges.
 *
 * @example Usage
 * ```ts
 * import { bestPathCost, buildEditGraph, implicitEditSequence } from "./lattice.ts";
 * import assert from "node:assert/strict";
 *
 * const source = "The cat sat at mat .".split(" "), hyp = "A cat sat on the mat .".split(" ");
 * const gold = [{ start: 3, end: 4, original: "at", corrections: ["on"] }];
 * const { edits, cost } = implicitEditSequence(source, hyp, 2, gold);
 * assert.equal(cost, bestPathCost(buildEditGraph(source, hyp, 2), gold));
 * // Same cost as the reference's choice ("A cat sat", "on", "the"), another tie-break:
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
  const lat = buildLattice(source, hypothesis);
  const { N, row, col, outHead } = lat;
  const outTo = lat.outTo.data, outNoop = lat.outNoop.data, outPair = lat.outPair.data;
  const pStart = lat.pStart.data, pEnd = lat.pEnd.data, pType = lat.pType.data;
  const nOrig = lat.pFrom.size;
  const origMult = new Int32Array(nOrig);
  for (let x = 0; x < lat.list.size; x++) origMult[lat.list.data[x]]++;
  const spanBase = n + m + 2;
  const goldSpans = new Set<number>();
  for (const g of gold) if (g.start >= 0 && g.end >= 0) goldSpans.add(g.start * spanBase + g.end);

  // The forward pass of buildEditGraph from one node; `events[j]` counts the listings of the
  // merged edge `u -> j`, `targets` lists the js that have one.
  const bestLen = new Int32Array(N).fill(UNSET);
  const bestUnch = new Int32Array(N);
  const bestStart = new Int32Array(N);
  const events = new Int32Array(N);
  const touched = new IntList(), targets = new IntList();
  // When counting (first sweep): `cnt[k]` numbers the merged edges listed by `k`, `made`
  // counts this pass's, and the diagonal ones (the only possible no-change edges) are kept.
  const counting = goldSpans.size > 0;
  const cnt = new Int32Array(counting ? N : 0);
  const evK = new IntList(), evPos = new IntList(), evJ = new IntList();
  let made = 0;
  const pass = (u: number, count: boolean) => {
    for (let t = 0; t < touched.size; t++) {
      bestLen[touched.data[t]] = UNSET;
      events[touched.data[t]] = 0;
    }
    touched.size = targets.size = 0;
    let maxTouched = -1;
    for (let e = outHead[u]; e < outHead[u + 1]; e++) {
      const v = outTo[e];
      bestLen[v] = 1;
      bestUnch[v] = outNoop[e];
      bestStart[v] = pStart[outPair[e]];
      touched.push(v);
      if (v > maxTouched) maxTouched = v;
    }
    for (let k = u + 1; k <= maxTouched; k++) {
      const lk = bestLen[k];
      if (lk === UNSET) continue;
      for (let e = outHead[k]; e < outHead[k + 1]; e++) {
        const j = outTo[e];
        const len = lk + 1;
        if (len >= bestLen[j]) continue;
        const unch = bestUnch[k] + outNoop[e];
        if (unch > maxUnchangedWords) continue;
        if (bestLen[j] === UNSET) touched.push(j);
        bestLen[j] = len;
        bestUnch[j] = unch;
        bestStart[j] = bestStart[k];
        if (j > maxTouched) maxTouched = j;
        if (events[j]++ === 0) targets.push(j);
        if (count) {
          made++;
          const pos = cnt[k]++;
          if (row[j] - row[u] === col[j] - col[u]) {
            evK.push(k);
            evPos.push(pos);
            evJ.push(j);
          }
        }
      }
    }
  };
  const typeOf = (u: number, j: number) => {
    const di = row[j] - row[u], dj = col[j] - col[u];
    return di === dj && bestUnch[j] === di ? NOOP : di === 0 ? INS : dj === 0 ? DEL : SUB;
  };
  const endOf = (j: number) => row[j] === 0 ? col[j] - 1 : row[j];
  const defaultWeight = (len: number, type: number, mult: number) => {
    let weight = len;
    if (type !== NOOP) { for (let k = 0; k < mult; k++) weight += EPSILON; }
    return weight;
  };

  // Gold weights: count L, collect the edges on gold spans and weight them exactly.
  const override = new Map<number, number>();
  const hasOverride = new Uint8Array(N);
  if (counting) {
    const noopAt: number[] = [];
    const noopK = new IntList(), noopPos = new IntList();
    const cFrom: number[] = [], cTo: number[] = [], cLen: number[] = [], cStart: number[] = [];
    const cEnd: number[] = [], cType: number[] = [], cMult: number[] = [];
    for (let p = 0; p < nOrig; p++) {
      if (!goldSpans.has(pStart[p] * spanBase + pEnd[p])) continue;
      cFrom.push(lat.pFrom.data[p]);
      cTo.push(lat.pTo.data[p]);
      cLen.push(1);
      cStart.push(pStart[p]);
      cEnd.push(pEnd[p]);
      cType.push(pType[p]);
      cMult.push(origMult[p]);
    }
    let total = 0;
    for (let u = 0; u < N; u++) {
      evK.size = evPos.size = evJ.size = 0;
      made = 0;
      pass(u, true);
      total += made;
      for (let x = 0; x < evK.size; x++) {
        if (typeOf(u, evJ.data[x]) !== NOOP) continue;
        noopK.push(evK.data[x]);
        noopPos.push(evPos.data[x]);
      }
      for (let t = 0; t < targets.size; t++) {
        const j = targets.data[t], type = typeOf(u, j);
        if (type === NOOP || !goldSpans.has(bestStart[j] * spanBase + endOf(j))) continue;
        cFrom.push(u);
        cTo.push(j);
        cLen.push(bestLen[j]);
        cStart.push(bestStart[j]);
        cEnd.push(endOf(j));
        cType.push(type);
        cMult.push(events[j]);
      }
    }
    // The reference lists merged edges by k, then source, then pass order; its removal loop
    // drops a merged no-change edge unless it directly follows a dropped one.
    const offset = new Float64Array(N + 1);
    for (let k = 0; k < N; k++) offset[k + 1] = offset[k] + cnt[k];
    for (let x = 0; x < noopK.size; x++) noopAt.push(offset[noopK.data[x]] + noopPos.data[x]);
    noopAt.sort((a, b) => a - b);
    let removed = 0, last = -2;
    for (const q of noopAt) {
      if (q === last + 1) continue;
      removed++;
      last = q;
    }
    const L = lat.list.size + total - removed;
    const weights = new Float64Array(cFrom.length);
    for (let p = 0; p < cFrom.length; p++) weights[p] = defaultWeight(cLen[p], cType[p], cMult[p]);
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
      weights,
      mult: cMult,
      spanBase,
    };
    const gw = goldWeights(mini, gold, L);
    for (let p = 0; p < cFrom.length; p++) {
      override.set(cFrom[p] * N + cTo[p], gw[p]);
      hasOverride[cFrom[p]] = 1;
    }
  }

  // The sweep.
  const dist = new Float64Array(N).fill(Infinity);
  const predFrom = new Int32Array(N).fill(-1);
  const predStart = new Int32Array(N), predEnd = new Int32Array(N), predType = new Int8Array(N);
  dist[0] = 0;
  const relax = (u: number, v: number, w: number, start: number, end: number, type: number) => {
    if (hasOverride[u]) w = override.get(u * N + v) ?? w;
    const d = dist[u] + w;
    if (d < dist[v]) {
      dist[v] = d;
      predFrom[v] = u;
      predStart[v] = start;
      predEnd[v] = end;
      predType[v] = type;
    }
  };
  for (let u = 0; u < N; u++) {
    if (dist[u] === Infinity) continue;
    for (let e = outHead[u]; e < outHead[u + 1]; e++) {
      const p = outPair[e];
      relax(u, outTo[e], defaultWeight(1, pType[p], origMult[p]), pStart[p], pEnd[p], pType[p]);
    }
    pass(u, false);
    for (let t = 0; t < targets.size; t++) {
      const j = targets.data[t], type = typeOf(u, j);
      if (type === NOOP) continue;
      relax(u, j, defaultWeight(bestLen[j], type, events[j]), bestStart[j], endOf(j), type);
    }
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
  return { edits: edits.reverse(), cost: dist[N - 1] };
}
