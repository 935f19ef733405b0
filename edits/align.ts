/**
 * Token alignment: a Levenshtein alignment of a source and a target sentence with pluggable
 * costs, returned as the operations that turn one into the other.
 *
 * With the default costs it is the plain token Levenshtein distance (match 0, substitution,
 * insertion and deletion 1). An ERRANT-style annotator plugs in its linguistic costs: a
 * substitution cost from the two tokens, and transpositions of a block of tokens (a
 * Damerau-Levenshtein extension) through {@linkcode AlignCosts.transpose}.
 *
 * @module
 */

/** One alignment operation: a span of the source and the span of the target it becomes. */
export interface AlignOp {
  /** `M` match, `S` substitution, `I` insertion, `D` deletion, `T` transposition. */
  op: "M" | "S" | "I" | "D" | "T";
  /** First source token (0-based). */
  sourceStart: number;
  /** One past the last source token (`sourceStart` for an insertion). */
  sourceEnd: number;
  /** First target token. */
  targetStart: number;
  /** One past the last target token (`targetStart` for a deletion). */
  targetEnd: number;
}

/**
 * The costs of an alignment. Every member is optional; the defaults give the plain
 * Levenshtein distance on tokens compared with `===`.
 */
export interface AlignCosts<A, B> {
  /** True when the two tokens match: cost 0, operation `M`, nothing else tried. */
  match?(a: A, b: B, i: number, j: number): boolean;
  /** Cost of replacing source token `i` with target token `j` (default 1). */
  substitute?(a: A, b: B, i: number, j: number): number;
  /** Cost of inserting target token `j` (default 1). */
  insert?(b: B, j: number): number;
  /** Cost of deleting source token `i` (default 1). */
  delete?(a: A, i: number): number;
  /**
   * A transposition ending with source token `i` and target token `j` (both 0-based, the cell
   * `(i + 1, j + 1)`): the block `source[i-k+1..i]` becomes `target[j-k+1..j]`. Return the
   * total cost of the path through it (usually `cost(i - k + 1, j - k + 1)` plus a block cost)
   * and the block size `k` (at least 2), or undefined when there is none. `cost(i, j)` reads
   * the cost of aligning the first `i` source tokens with the first `j` target tokens; `table`
   * holds the same numbers (`table.values[i * table.width + j]`) for a search that reads many.
   */
  transpose?(
    i: number,
    j: number,
    cost: (i: number, j: number) => number,
    table: CostTable,
  ): { cost: number; size: number } | undefined;
}

/** The cost matrix as it is filled: row `i` (source prefix length) starts at `i * width`. */
export interface CostTable {
  /** The costs, row by row; cells not yet computed hold 0. */
  readonly values: Float64Array;
  /** The row length: target length plus one. */
  readonly width: number;
}

/** Options of {@linkcode align}. */
export interface AlignOptions {
  /**
   * Which operation wins when several are equally cheap, first first (default
   * `["T", "S", "I", "D"]`, as ERRANT's alignment breaks ties). A match is never compared.
   */
  ties?: readonly ("T" | "S" | "I" | "D")[];
}

/** The result of {@linkcode align}: the total cost and the operations, left to right. */
export interface Alignment {
  /** Cost of the cheapest alignment. */
  cost: number;
  /** The operations, in source and target order; together they cover both sentences. */
  ops: AlignOp[];
}

const DEFAULT_TIES = ["T", "S", "I", "D"] as const;
const CODES = { T: 4, S: 1, I: 2, D: 3 } as const;

/**
 * The cheapest alignment of `source` with `target` under `costs`: dynamic programming over the
 * `(|source|+1) × (|target|+1)` cost matrix, then a walk back from the bottom right cell.
 *
 * @example Plain Levenshtein
 * ```ts
 * import { align } from "./align.ts";
 * import assert from "node:assert/strict";
 *
 * const { cost, ops } = align("This are dog .".split(" "), "This is a dog .".split(" "));
 * assert.equal(cost, 2);
 * // Two cheapest alignments: "are" becomes "is" or "a". The walk back from the end prefers the
 * // substitution (the default ties), so "are" → "a", and "is" is inserted before it.
 * assert.equal(ops.map((o) => o.op).join(""), "MISMM");
 * assert.deepEqual(ops[1], { op: "I", sourceStart: 1, sourceEnd: 1, targetStart: 1, targetEnd: 2 });
 * ```
 *
 * @example Pluggable costs: case-insensitive matches, cheap substitutions of the same word
 * ```ts
 * import { align } from "./align.ts";
 * import assert from "node:assert/strict";
 *
 * const lower = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
 * assert.equal(align(["The", "Cat"], ["the", "cat"], { match: lower }).cost, 0);
 * const cheap = { substitute: (a: string, b: string) => (a.startsWith(b[0]) ? 0.5 : 3) };
 * assert.deepEqual(align(["cat"], ["cats"], cheap), {
 *   cost: 0.5,
 *   ops: [{ op: "S", sourceStart: 0, sourceEnd: 1, targetStart: 0, targetEnd: 1 }],
 * });
 * // A substitution dearer than a deletion and an insertion is not taken.
 * assert.deepEqual(align(["cat"], ["dog"], cheap).ops.map((o) => o.op), ["D", "I"]);
 * ```
 *
 * @param source The source tokens.
 * @param target The target tokens.
 * @param costs The costs (default: plain Levenshtein on `===`).
 * @param options Tie-breaking.
 * @returns The cost and the operations.
 */
export function align<A = string, B = string>(
  source: readonly A[],
  target: readonly B[],
  costs: AlignCosts<A, B> = {},
  options: AlignOptions = {},
): Alignment {
  const n = source.length, m = target.length;
  const width = m + 1;
  const matrix = new Float64Array((n + 1) * width);
  // Operation per cell: 0 M, 1 S, 2 I, 3 D, 4 T; transposition sizes apart.
  const opOf = new Uint8Array((n + 1) * width);
  const sizes = new Map<number, number>();
  const match = costs.match ?? ((a: A, b: B) => (a as unknown) === (b as unknown));
  const sub = costs.substitute ?? (() => 1);
  const ins = costs.insert ?? (() => 1);
  const del = costs.delete ?? (() => 1);
  const ties = options.ties ?? DEFAULT_TIES;
  if (!ties.length || ties.some((op) => !Object.hasOwn(CODES, op))) {
    throw new RangeError(
      `Alignment ties must list some of "T", "S", "I", "D", found ${JSON.stringify(ties)}`,
    );
  }
  const cost = (i: number, j: number) => matrix[i * width + j];
  for (let i = 1; i <= n; i++) {
    matrix[i * width] = matrix[(i - 1) * width] + del(source[i - 1], i - 1);
    opOf[i * width] = 3;
  }
  for (let j = 1; j <= m; j++) {
    matrix[j] = matrix[j - 1] + ins(target[j - 1], j - 1);
    opOf[j] = 2;
  }
  // The tie order as operation codes; the first cheapest operation in that order wins.
  const order = Int8Array.from(ties, (op) => CODES[op]);
  const values = new Float64Array(5);
  const transpose = costs.transpose;
  const table: CostTable = { values: matrix, width };
  for (let i = 0; i < n; i++) {
    const a = source[i];
    const rowAbove = i * width;
    const row = rowAbove + width;
    for (let j = 0; j < m; j++) {
      const cell = row + j + 1;
      if (match(a, target[j], i, j)) {
        matrix[cell] = matrix[rowAbove + j];
        opOf[cell] = 0;
        continue;
      }
      values[3] = matrix[rowAbove + j + 1] + del(a, i);
      values[2] = matrix[row + j] + ins(target[j], j);
      values[1] = matrix[rowAbove + j] + sub(a, target[j], i, j);
      const t = transpose?.(i, j, cost, table);
      values[4] = t ? t.cost : Infinity;
      let best = order[0];
      for (let k = 1; k < order.length; k++) if (values[order[k]] < values[best]) best = order[k];
      matrix[cell] = values[best];
      opOf[cell] = best;
      if (best === 4) sizes.set(cell, t!.size);
    }
  }
  const ops: AlignOp[] = [];
  let i = n, j = m;
  while (i + j > 0) {
    const cell = i * width + j;
    switch (opOf[cell]) {
      case 0:
      case 1:
        ops.push({
          op: opOf[cell] === 0 ? "M" : "S",
          sourceStart: i - 1,
          sourceEnd: i,
          targetStart: j - 1,
          targetEnd: j,
        });
        i--;
        j--;
        break;
      case 2:
        ops.push({ op: "I", sourceStart: i, sourceEnd: i, targetStart: j - 1, targetEnd: j });
        j--;
        break;
      case 3:
        ops.push({ op: "D", sourceStart: i - 1, sourceEnd: i, targetStart: j, targetEnd: j });
        i--;
        break;
      default: {
        const k = sizes.get(cell)!;
        ops.push({ op: "T", sourceStart: i - k, sourceEnd: i, targetStart: j - k, targetEnd: j });
        i -= k;
        j -= k;
      }
    }
  }
  ops.reverse();
  return { cost: matrix[n * width + m], ops };
}
