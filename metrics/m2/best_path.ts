/**
 * The reference's choice of edits for one annotator: gold-aware weights on the edit graph
 * (`set_weights`) and Bellman-Ford in the reference's edge order.
 *
 * @module
 */

import type { Tokens } from "../../plugins/types.ts";
import { type EditGraph, pairEdit, S_GRAPH_FREE, S_GRAPH_FREE_F64 } from "./edit_graph.ts";
import { EPSILON, type M2Edit, type M2GoldEdit, NOOP } from "./lattice.ts";
import { scratch } from "./scratch.ts";

/** Scratch slots of the shortest path and the gold weights (see `Scratch` in `scratch.ts`). */
const S_PRED = S_GRAPH_FREE, S_GOLD_WEIGHTS = S_GRAPH_FREE_F64, S_DIST = S_GRAPH_FREE_F64 + 1;
const S_SRC_SUMS = S_GRAPH_FREE_F64 + 2, S_HYP_SUMS = S_GRAPH_FREE_F64 + 3, S_GOLD_STARTS = 2;
const S_GOLD_LEAD = S_GRAPH_FREE + 1, S_SPAN_HEAD = S_GRAPH_FREE + 2;
const S_SPAN_TAIL = S_GRAPH_FREE + 3, S_NEXT = S_GRAPH_FREE + 4, S_GOLDS = S_GRAPH_FREE + 5;
const S_SORTED = S_GRAPH_FREE + 6, S_ENTRIES = S_GRAPH_FREE + 7, S_PATH = S_GRAPH_FREE + 8;

/** Prefix sums of token lengths plus one (a space each): text lengths of token ranges. */
function prefix(tokens: Tokens, out: Float64Array): Float64Array {
  out[0] = 0;
  for (let i = 0; i < tokens.length; i++) out[i + 1] = out[i] + tokens[i].length + 1;
  return out;
}

/** The graph whose {@linkcode prefix} sums are on the scratch slots (made once for its
 * annotators). */
let sumsOf: EditGraph | undefined;

/** The graph's {@linkcode prefix} sums of source and hypothesis (on scratch slots). */
function textSums(graph: EditGraph): { srcLen: Float64Array; hypLen: Float64Array } {
  const srcLen = scratch.f64(S_SRC_SUMS, graph.source.length + 1);
  const hypLen = scratch.f64(S_HYP_SUMS, graph.hypothesis.length + 1);
  if (sumsOf !== graph) {
    prefix(graph.source, srcLen), prefix(graph.hypothesis, hypLen);
    sumsOf = graph;
  }
  return { srcLen, hypLen };
}

/** The length of the text of tokens `a..b` from their prefix sums. */
function textLength(sums: Float64Array, a: number, b: number): number {
  return b > a ? sums[b] - sums[a] - 1 : 0;
}

/**
 * Whether `tokens[a..b)` joined by spaces is `text`, given that the lengths agree (what
 * `tokens.slice(a, b).join(" ") === text` says, without making the string).
 */
function joinedEquals(tokens: Tokens, a: number, b: number, text: string): boolean {
  let at = 0;
  for (let i = a; i < b; i++) {
    if (i > a) {
      if (text.charCodeAt(at) !== 32) return false;
      at++;
    }
    const token = tokens[i];
    if (!text.startsWith(token, at)) return false;
    at += token.length;
  }
  return at === text.length;
}

/**
 * Whether pair `p` of a gold edit's span matches it (`matches` on the pair's edit): its
 * texts, compared token by token after their lengths (from the prefix sums).
 */
function matchesGold(
  graph: EditGraph,
  srcLen: Float64Array,
  hypLen: Float64Array,
  p: number,
  g: M2GoldEdit,
): boolean {
  const u = graph.from[p], v = graph.to[p];
  const r0 = graph.row[u], r1 = graph.row[v], c0 = graph.col[u], c1 = graph.col[v];
  if (textLength(srcLen, r0, r1) !== g.original.length) return false;
  if (!joinedEquals(graph.source, r0, r1, g.original)) return false;
  const length = textLength(hypLen, c0, c1);
  const corrections = g.corrections;
  for (let k = 0; k < corrections.length; k++) {
    const c = corrections[k];
    if (c.length === length && joinedEquals(graph.hypothesis, c0, c1, c)) return true;
  }
  return false;
}

/**
 * The per-annotator weights: gold matches get `-|E|` (the reference's `set_weights`).
 *
 * @param graph The sentence's graph.
 * @param gold One annotator's gold edits.
 * @param L The reward of a match (the edge list's length).
 * @param out Where to write the weights (a new array when omitted; at least as long as the
 *   graph has pairs).
 * @returns The weights (`out`'s first elements when given).
 */
export function goldWeights(
  graph: EditGraph,
  gold: readonly M2GoldEdit[],
  L: number = graph.listLength,
  out?: Float64Array,
): Float64Array {
  const weights = out
    ? out.subarray(0, graph.weights.length)
    : new Float64Array(graph.weights.length);
  setGoldWeights(graph, gold, L, weights);
  return weights;
}

/** {@linkcode goldWeights} written into `weights` (at least as long as the graph has pairs). */
function setGoldWeights(
  graph: EditGraph,
  gold: readonly M2GoldEdit[],
  L: number,
  weights: Float64Array,
): void {
  weights.set(graph.weights);
  const G = gold.length;
  if (!G) return;
  // Gold edits by span: `lead[x]` is the first gold edit with the span of edit `x` (-1 for
  // an edit without a valid span); `starts` marks the start offsets of the spans.
  const { spanBase } = graph;
  const starts = scratch.u8(S_GOLD_STARTS, spanBase).fill(0, 0, spanBase);
  const lead = scratch.i32(S_GOLD_LEAD, G);
  let spans = 0;
  for (let x = 0; x < G; x++) {
    const g = gold[x];
    lead[x] = -1;
    if (g.start < 0 || g.end < 0) continue;
    for (let y = 0; y < x && lead[x] < 0; y++) {
      if (lead[y] === y && gold[y].start === g.start && gold[y].end === g.end) lead[x] = y;
    }
    if (lead[x] < 0) lead[x] = x, spans++;
    if (g.start < spanBase) starts[g.start] = 1;
  }
  if (!spans) return;
  // The listed pairs of each gold span, in pair order: a list from `head[x]` through `next`.
  const { from, to, start, end, mult } = graph;
  const nPairs = from.length;
  const head = scratch.i32(S_SPAN_HEAD, G).fill(-1, 0, G);
  const tail = scratch.i32(S_SPAN_TAIL, G);
  const next = scratch.i32(S_NEXT, nPairs);
  let listed = false;
  for (let p = 0; p < nPairs; p++) {
    if (!mult[p] || !starts[start[p]]) continue;
    for (let x = 0; x < G; x++) {
      if (lead[x] !== x || gold[x].start !== start[p] || gold[x].end !== end[p]) continue;
      next[p] = -1;
      if (head[x] < 0) head[x] = p;
      else next[tail[x]] = p;
      tail[x] = p;
      listed = true;
      break;
    }
  }
  if (!listed) return;
  // A cheap necessary condition first: the texts' lengths (from prefix sums of token
  // lengths), so that long lists of edges on a span are not each compared.
  const { srcLen, hypLen } = textSums(graph);
  // The gold edits of the span at hand (indices into `gold`).
  const golds = scratch.i32(S_GOLDS, G);
  for (let s = 0; s < G; s++) {
    const first = head[s];
    if (first < 0) continue;
    let nGolds = 0;
    for (let x = s; x < G; x++) if (lead[x] === s) golds[nGolds++] = x;
    if (start[first] !== end[first]) {
      // Deletions and substitutions: any match wins.
      for (let p = first; p >= 0; p = next[p]) {
        for (let y = 0; y < nGolds; y++) {
          if (matchesGold(graph, srcLen, hypLen, p, gold[golds[y]])) {
            weights[p] = -L;
            break;
          }
        }
      }
      continue;
    }
    // Insertions: the reference's two-pointer walk, replayed step by step, over the span's
    // pairs sorted by (from, to), each repeated as often as it is listed.
    let distinct = 0, count = 0;
    for (let p = first; p >= 0; p = next[p]) distinct++, count += mult[p];
    const sorted = scratch.i32(S_SORTED, distinct);
    let d = 0;
    for (let p = first; p >= 0; p = next[p]) {
      // Insertion sort (pairs have distinct (from, to)).
      let at = d++;
      while (at > 0 && (from[sorted[at - 1]] - from[p] || to[sorted[at - 1]] - to[p]) > 0) {
        sorted[at] = sorted[at - 1];
        at--;
      }
      sorted[at] = p;
    }
    const M = scratch.i32(S_ENTRIES, count);
    let size = 0;
    for (let y = 0; y < distinct; y++) {
      const p = sorted[y];
      for (let k = 0; k < mult[p]; k++) M[size++] = p;
    }
    for (let y = 0; y < size; y++) weights[M[y]] = graph.length[M[y]];
    let lptr = 0, rptr = size - 1, cur = lptr;
    let gl = 0, gr = nGolds - 1;
    while (lptr <= rptr) {
      const edge = M[cur];
      let has = false;
      const fromLeft = cur === lptr;
      for (let x = 0; x <= gr - gl; x++) {
        const i = fromLeft ? gl + x : gr - x;
        if (matchesGold(graph, srcLen, hypLen, edge, gold[golds[i]])) {
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
          while (lptr < size && from[M[lptr]] !== to[M[cur]]) {
            weights[M[lptr]] += EPSILON;
            lptr++;
          }
          cur = lptr;
        } else {
          rptr--;
          while (rptr >= 0 && to[M[rptr]] !== from[M[cur]]) {
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
}

/**
 * The edit sequence the reference chooses for one annotator's gold edits: the shortest path
 * through the graph with gold matches rewarded, left to right, without no-change edges.
 *
 * @example Usage
 * ```ts
 * import { buildEditGraph } from "./edit_graph.ts";
 * import { bestEditSequence } from "./best_path.ts";
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
  const edits = cutEditSequence(graph, gold);
  if (!edits) {
    throw new Error("the graph's cut suffix does not give the whole graph's path: build it whole");
  }
  return edits;
}

/**
 * {@linkcode bestEditSequence}, or `undefined` when the graph leaves out an unchanged suffix
 * (`cutAfter` of `buildEditGraph`) and the path found may not be the whole graph's: the
 * path must reach the graph's last node through its `lastSteps` chain steps.
 *
 * @param graph The sentence's graph.
 * @param gold One annotator's gold edits.
 * @returns The chosen edits, or `undefined`.
 */
export function cutEditSequence(
  graph: EditGraph,
  gold: readonly M2GoldEdit[],
): M2Edit[] | undefined {
  const { pred } = shortestPath(graph, gold);
  const last = graph.last;
  // Into each of the last `lastSteps` nodes, the chain's step from the node before it (the
  // only edge of length 1 between them).
  for (let v = last; v > last - graph.lastSteps; v--) {
    const p = pred[v];
    if (p < 0 || graph.from[p] !== v - 1 || graph.length[p] !== 1) return undefined;
  }
  const out: M2Edit[] = [];
  for (let v = last; pred[v] >= 0; v = graph.from[pred[v]]) {
    if (graph.type[pred[v]] !== NOOP) out.push(pairEdit(graph, pred[v]));
  }
  return out.reverse();
}

/**
 * What M2 counts of {@linkcode cutEditSequence}'s edits, without making them: how many
 * match the gold edits as the reference's `matchSeq` counts (each edit against the gold
 * edits after the last match, every match counted) and how many there are; `undefined`
 * where `cutEditSequence` gives it.
 *
 * @param graph The sentence's graph.
 * @param gold One annotator's gold edits.
 * @returns `[correct, proposed]`, or `undefined`.
 */
export function cutEditCounts(
  graph: EditGraph,
  gold: readonly M2GoldEdit[],
): [number, number] | undefined {
  const { pred } = shortestPath(graph, gold);
  const last = graph.last;
  for (let v = last; v > last - graph.lastSteps; v--) {
    const p = pred[v];
    if (p < 0 || graph.from[p] !== v - 1 || graph.length[p] !== 1) return undefined;
  }
  // The path's changing pairs, last first.
  const path = scratch.i32(S_PATH, graph.nodes);
  let count = 0;
  for (let v = last; pred[v] >= 0; v = graph.from[pred[v]]) {
    if (graph.type[pred[v]] !== NOOP) path[count++] = pred[v];
  }
  if (!count || !gold.length) return [0, count];
  const { srcLen, hypLen } = textSums(graph);
  let correct = 0, next = 0;
  for (let x = count - 1; x >= 0; x--) {
    const p = path[x];
    for (let i = next; i < gold.length; i++) {
      const g = gold[i];
      if (graph.start[p] !== g.start || graph.end[p] !== g.end) continue;
      if (!matchesGold(graph, srcLen, hypLen, p, g)) continue;
      correct++;
      next = i + 1;
    }
  }
  return [correct, count];
}

/**
 * The cost of the path {@linkcode bestEditSequence} chooses (the sum of its edge weights).
 *
 * @example Usage
 * ```ts
 * import { buildEditGraph } from "./edit_graph.ts";
 * import { bestPathCost } from "./best_path.ts";
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
  if (graph.last !== graph.nodes - 1) throw new Error("the graph's suffix is cut: no cost");
  return shortestPath(graph, gold).dist[graph.nodes - 1];
}

/**
 * Bellman-Ford in the reference's edge order: distances and predecessor pairs.
 *
 * It stops after the first pass that changes nothing, as the reference's result would be
 * unchanged by more passes, or one pass earlier: when every node a pass improved had all its
 * out-edges relaxed after that (an improvement through an original edge: they are listed
 * first, by source node; or one of the node that is read back from, which has none), the
 * next pass would change nothing.
 */
function shortestPath(graph: EditGraph, gold: readonly M2GoldEdit[]) {
  const N = graph.nodes;
  // Scratch buffers: the callers are done with them before the next sentence.
  const weights = scratch.f64(S_GOLD_WEIGHTS, graph.weights.length);
  setGoldWeights(graph, gold, graph.listLength, weights);
  const dist = scratch.f64(S_DIST, N).fill(Infinity, 0, N);
  const pred = scratch.i32(S_PRED, N).fill(-1, 0, N);
  // The search starts where the graph does (a cut prefix's nodes are at their index).
  dist[graph.first] = graph.first;
  const { list, from, to, originals, last } = graph;
  for (let pass = 0; pass < N - 1; pass++) {
    let again = false;
    for (let x = 0; x < list.length; x++) {
      const p = list[x];
      const d = dist[from[p]] + weights[p];
      const v = to[p];
      if (d < dist[v]) {
        dist[v] = d;
        pred[v] = p;
        if (x >= originals && v !== last) again = true;
      }
    }
    if (!again) break;
  }
  return { dist, pred };
}
