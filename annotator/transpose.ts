/**
 * The aligner's transposition search: a block of tokens ending at a cell that is a reordering
 * of the other side's block (case-insensitive), looked for back along the cell's diagonal;
 * blocks are compared by running hash totals first, and long walks are answered by an index of
 * each diagonal.
 *
 * @module
 */

import type { Analysis } from "./token.ts";

/** The cost matrix as it is filled: row `i` (original prefix length) starts at `i * width`. */
interface CostTable {
  readonly values: Float64Array;
  readonly width: number;
}

/** Steps walked back along a diagonal before {@linkcode DiagonalIndex} is asked instead. */
const SHORT_SCAN = 16;

/**
 * For long transposition searches: per diagonal of the cost matrix, built as far as it is asked
 * for, the last row where the cost stops changing and, for each block-start hash difference
 * `oSum[a] − cSum[b]`, the latest start `a` on that diagonal. The walk back from a cell stops at
 * the first such row, and the first block it would find is the latest start with the cell's
 * difference, so one lookup replaces a walk as long as the sentence.
 */
class DiagonalIndex {
  #starts: (Map<number, number> | undefined)[] = [];
  #upTo: number[] = [];
  #lastFlat: number[] = [];
  constructor(
    private readonly oSum: Float64Array,
    private readonly cSum: Float64Array,
    private readonly targetLength: number,
  ) {}

  /**
   * The start `a` of the block the walk back from token cell `(i, j)` finds by hash, or
   * undefined when the walk stops (a flat step or the edge) before any start with `target`.
   * The caller confirms the block; a start closer than the short scan means a collision.
   */
  find(i: number, j: number, target: number, table: CostTable): number | undefined {
    const d = i - j;
    const slot = d + this.targetLength;
    let starts = this.#starts[slot];
    if (!starts) {
      starts = this.#starts[slot] = new Map();
      this.#upTo[slot] = Math.max(0, d);
      this.#lastFlat[slot] = -1;
    }
    const { values, width } = table;
    for (let x = this.#upTo[slot]; x <= i; x++) {
      // Row x is flat when cost(x, x − d) equals cost(x − 1, x − 1 − d).
      if (
        x >= 1 && x - d >= 1 && values[x * width + x - d] === values[(x - 1) * width + x - 1 - d]
      ) {
        this.#lastFlat[slot] = x;
      }
      if (x - 1 >= 0 && x - 1 - d >= 0) {
        starts.set(smallKey(this.oSum[x - 1] - this.cSum[x - 1 - d]), x - 1);
      }
    }
    if (i + 1 > this.#upTo[slot]) this.#upTo[slot] = i + 1;
    const a = starts.get(smallKey(target));
    if (a === undefined || a < this.#lastFlat[slot]) return undefined;
    // Keys are folded to small integers: a start whose full difference is not the target is a
    // collision, answered as one (the caller walks on).
    if (this.oSum[a] - this.cSum[a - d] !== target) return i;
    return a;
  }
}

/** A hash difference folded to a small integer, the fast kind of Map key. */
function smallKey(difference: number): number {
  return (difference % 0x40000000) | 0;
}

/**
 * Prefix sums of a 32-bit FNV-1a hash of each token. The sums stay exact integers in a double
 * for sentences of up to 2^21 tokens.
 */
export function hashPrefix(tokens: readonly string[]): Float64Array {
  const prefix = new Float64Array(tokens.length + 1);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    let h = 0x811c9dc5;
    for (let c = 0; c < token.length; c++) h = Math.imul(h ^ token.charCodeAt(c), 0x01000193);
    prefix[i + 1] = prefix[i] + (h >>> 0);
  }
  return prefix;
}

function sortedEqual(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** The transposition search of one sentence pair (see `fillLinguistic` in `align.ts`). */
export class TranspositionSearch {
  #cSum: Float64Array | undefined;
  #cLow: string[] | undefined;
  #diagonals: DiagonalIndex | undefined;
  constructor(
    readonly oSum: Float64Array,
    readonly oLow: readonly string[],
    readonly cor: Analysis,
    readonly width: number,
    readonly matrix: Float64Array,
    readonly p: number,
    readonly n: number,
    readonly m: number,
  ) {}

  /** Fills the costs of the prefix's rows and columns: |i − j|. */
  #fillPrefix(): void {
    const { matrix, width, p, n, m } = this;
    for (let i = 0; i <= n; i++) {
      const row = i * width;
      for (let j = 0; j <= (i <= p ? m : p); j++) matrix[row + j] = i > j ? i - j : j - i;
    }
  }

  /**
   * The smallest k in [from, steps] such that the original tokens i−k..i and the corrected
   * tokens j−k..j are reorderings of each other (lower-cased), or 0. `steps` counts the steps
   * back along the diagonal before the first where the cost stays the same.
   */
  find(i: number, j: number, from: number, steps: number): number {
    const { oSum, oLow } = this;
    const cLow = this.#cLow ??= this.cor.map((t) => t.lower);
    const cSum = this.#cSum ??= hashPrefix(cLow);
    // Running totals of a hash of each lower-cased token: two blocks whose totals differ cannot
    // be reorderings of each other, so a block is sorted only when it very likely is one.
    const target = oSum[i + 1] - cSum[j + 1];
    for (let k = from; k <= steps; k++) {
      if (k > SHORT_SCAN) {
        // A long way back (unrelated sentences): look the block up instead of walking.
        if (!this.#diagonals) {
          this.#fillPrefix();
          this.#diagonals = new DiagonalIndex(oSum, cSum, cLow.length);
        }
        const table = { values: this.matrix, width: this.width };
        const s = this.#diagonals.find(i, j, target, table);
        if (s === undefined) return 0;
        if (s < i - SHORT_SCAN) {
          if (sortedEqual(oLow.slice(s, i + 1), cLow.slice(s - i + j, j + 1))) return i - s;
        }
        // A hash collision: walk on from here, as the short scan does.
      }
      if (
        oSum[i - k] - cSum[j - k] === target &&
        sortedEqual(oLow.slice(i - k, i + 1), cLow.slice(j - k, j + 1))
      ) {
        return k;
      }
    }
    return 0;
  }
}
