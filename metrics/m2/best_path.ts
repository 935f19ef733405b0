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

/** Scratch slots of the shortest path (see `Scratch` in `lattice.ts`). */
const S_PRED = S_GRAPH_FREE, S_GOLD_WEIGHTS = S_GRAPH_FREE_F64, S_DIST = S_GRAPH_FREE_F64 + 1;

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

/** Prefix sums of token lengths plus one (a space each): text lengths of token ranges. */
function prefix(tokens: Tokens): Float64Array {
  const out = new Float64Array(tokens.length + 1);
  for (let i = 0; i < tokens.length; i++) out[i + 1] = out[i] + tokens[i].length + 1;
  return out;
}

/** {@linkcode prefix} of each graph's source and hypothesis, made once for its annotators. */
const textSums = new WeakMap<EditGraph, { src: Float64Array; hyp: Float64Array }>();

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
  L: number = graph.list.length,
  out?: Float64Array,
): Float64Array {
  let weights: Float64Array;
  if (out) {
    weights = out.subarray(0, graph.weights.length);
    weights.set(graph.weights);
  } else weights = graph.weights.slice();
  if (!gold.length) return weights;
  const groups = new Map<number, M2GoldEdit[]>();
  for (const g of gold) {
    if (g.start < 0 || g.end < 0) continue;
    const key = g.start * graph.spanBase + g.end;
    const list = groups.get(key);
    if (list) list.push(g);
    else groups.set(key, [g]);
  }
  if (!groups.size) return weights;
  // The listed pairs of each gold span, in pair order.
  const bySpan = new Map<number, number[]>();
  {
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
  let sums = textSums.get(graph);
  if (!sums) {
    textSums.set(graph, sums = { src: prefix(graph.source), hyp: prefix(graph.hypothesis) });
  }
  const srcLen = sums.src, hypLen = sums.hyp;
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
  return shortestPath(graph, gold).dist[graph.nodes - 1];
}

/** Bellman-Ford in the reference's edge order: distances and predecessor pairs. */
function shortestPath(graph: EditGraph, gold: readonly M2GoldEdit[]) {
  const N = graph.nodes;
  // Scratch buffers: the callers are done with them before the next sentence.
  const weights = goldWeights(
    graph,
    gold,
    graph.list.length,
    scratch.f64(S_GOLD_WEIGHTS, graph.weights.length),
  );
  const dist = scratch.f64(S_DIST, N).fill(Infinity, 0, N);
  const pred = scratch.i32(S_PRED, N).fill(-1, 0, N);
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
