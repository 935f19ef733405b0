/**
 * The M2 fallback for sentences past the merged-edge budget: the same optimum cost in linear
 * memory, without materialising the merged edges (see {@linkcode implicitEditSequence}).
 *
 * @module
 */

import type { Tokens } from "../../plugins/types.ts";
import { goldWeights } from "./best_path.ts";
import type { EditGraph } from "./edit_graph.ts";
import {
  buildLattice,
  cellIndex,
  countListings,
  DEL,
  EPSILON,
  FallbackBudgetError,
  fallbackBudgetMessage,
  fallbackLattice,
  forwardPass,
  INS,
  type M2Edit,
  type M2GoldEdit,
  MAX_FALLBACK_WORK,
  NOOP,
  SUB,
} from "./lattice.ts";
import { IntList } from "./scratch.ts";

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
 * The fallback for sentences past the merged-edge budget: an optimal path through the same
 * weighted graph as `buildEditGraph` and `bestEditSequence`, found without
 * materialising the merged edges.
 *
 * The merged edges out of a node `u` come out of the same forward pass
 * `buildEditGraph` runs from `u` (same lengths, same number of listings, hence the
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
 * budget, when `buildEditGraph` gave up on the sentence); past that the reward is
 * {@linkcode MAX_COUNTED_LISTINGS} instead: once `L` is proven larger than the largest
 * difference between the other weights of two paths (about `n + m`), any such reward puts
 * the gold matches first and selects the same paths, so only the reported cost differs. The edges on gold spans are enumerated by forward passes
 * confined to their rows (and, but for insertions, to the columns of a matching correction)
 * and weighted as `bestEditSequence` weights them. Merged no-change edges are left
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
 * import { bestPathCost } from "./best_path.ts";
 * import { buildEditGraph } from "./edit_graph.ts";
 * import { implicitEditSequence } from "./fallback.ts";
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
  const cached = fallbackLattice(source, hypothesis);
  const lat = cached?.lattice ?? buildLattice(source, hypothesis);
  // What is left of the sentence's work budget (shared by its annotators when cached).
  const budget = { work: MAX_FALLBACK_WORK - (cached?.spent ?? 0) };
  const { N, row, col, outHead } = lat;
  const index = cellIndex(lat);
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
      listings = countListings(
        lat,
        n,
        m,
        maxUnchangedWords,
        MAX_COUNTED_LISTINGS,
        decisive,
        budget,
      );
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
          if (index[s * (m + 1) + x] < 0 || index[s * (m + 1) + x + lengths[k]] < 0) {
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
      if (s > 0 && s <= m && index[s] >= 0) sources.push(index[s]);
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
      first: 0,
      last: N - 1,
      lastSteps: 0,
      originals: 0,
      listLength: reward,
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
      if (fp.work > budget.work) {
        throw new FallbackBudgetError(fallbackBudgetMessage(n, m));
      }
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

  if (cached) cached.spent = MAX_FALLBACK_WORK - budget.work + fp.work;
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
