/**
 * Edits from a (source, hypothesis) pair: align the tokens, then group the operations that
 * change something into edits.
 *
 * The grouping is pluggable. The named strategies are ERRANT's simple ones: `all-split` (every
 * changing operation its own edit), `all-merge` (each run of changing operations between two
 * matches one edit) and `all-equal` (adjacent operations of the same kind merged); an
 * annotator with linguistic rules passes its own function.
 *
 * @module
 */

import type { Edit, Tokens } from "../plugins/types.ts";
import { align, type AlignCosts, type AlignOp, type AlignOptions } from "./align.ts";

/**
 * Splits one run of consecutive changing operations (no `M` among them) into edits: the
 * groups, in order, each a non-empty list of consecutive operations of the run. `ops` is the
 * whole alignment and `at` the index of the run's first operation in it, for rules that look
 * at the neighbours.
 */
export type MergeRule = (
  run: readonly AlignOp[],
  ops: readonly AlignOp[],
  at: number,
) => AlignOp[][];

/** Options of {@linkcode extractEdits}. */
export interface ExtractOptions {
  /** Alignment costs (default: plain Levenshtein on `===`). */
  costs?: AlignCosts<string, string>;
  /** Alignment tie-breaking. */
  align?: AlignOptions;
  /** How changing operations become edits (default `"all-merge"`). */
  merge?: "all-split" | "all-merge" | "all-equal" | MergeRule;
}

/**
 * Group an alignment's changing operations into edits (offsets in the source, each edit's one
 * correction the target tokens it covers).
 *
 * @example Usage
 * ```ts
 * import { align } from "./align.ts";
 * import { editsFromAlignment } from "./extract.ts";
 * import assert from "node:assert/strict";
 *
 * const source = ["a", "b", "c"], target = ["x", "y", "c"];
 * const { ops } = align(source, target);
 * assert.deepEqual(editsFromAlignment(ops, target, "all-merge"), [
 *   { start: 0, end: 2, corrections: [["x", "y"]] },
 * ]);
 * assert.equal(editsFromAlignment(ops, target, "all-split").length, 2);
 * ```
 *
 * @param ops The alignment, left to right.
 * @param target The target tokens.
 * @param merge The grouping.
 * @returns The edits, left to right.
 */
export function editsFromAlignment(
  ops: readonly AlignOp[],
  target: Tokens,
  merge: ExtractOptions["merge"] = "all-merge",
): Edit[] {
  const rule = typeof merge === "function" ? merge : RULES[merge];
  if (!rule) throw new RangeError(`Unknown merge strategy "${merge}"`);
  const edits: Edit[] = [];
  let k = 0;
  while (k < ops.length) {
    if (ops[k].op === "M") {
      k++;
      continue;
    }
    const at = k;
    while (k < ops.length && ops[k].op !== "M") k++;
    for (const group of rule(ops.slice(at, k), ops, at)) {
      if (group.length === 0) continue;
      const first = group[0], last = group[group.length - 1];
      edits.push({
        start: first.sourceStart,
        end: last.sourceEnd,
        corrections: [target.slice(first.targetStart, last.targetEnd)],
      });
    }
  }
  return edits;
}

const RULES: Record<string, MergeRule> = {
  "all-split": (run) => run.map((op) => [op]),
  "all-merge": (run) => [run.slice()],
  "all-equal": (run) => {
    const groups: AlignOp[][] = [];
    for (const op of run) {
      const last = groups[groups.length - 1];
      if (last && last[0].op === op.op) last.push(op);
      else groups.push([op]);
    }
    return groups;
  },
};

/**
 * The edits that turn `source` into `hypothesis`: a token alignment (pluggable costs) whose
 * changing operations are grouped into edits (pluggable merging). Applying them to the source
 * gives the hypothesis back.
 *
 * @example Usage
 * ```ts
 * import { applyEdits } from "./apply.ts";
 * import { extractEdits } from "./extract.ts";
 * import assert from "node:assert/strict";
 *
 * const source = "The cat sat at mat .".split(" ");
 * const hypothesis = "The cat sat on the mat .".split(" ");
 * const edits = extractEdits(source, hypothesis);
 * assert.deepEqual(edits, [{ start: 3, end: 4, corrections: [["on", "the"]] }]);
 * assert.deepEqual(applyEdits(source, edits), hypothesis);
 * assert.deepEqual(extractEdits(source, source), []);
 * ```
 *
 * @param source The source tokens.
 * @param hypothesis The corrected tokens.
 * @param options Costs and merging.
 * @returns The edits, left to right, one correction each.
 */
export function extractEdits(
  source: Tokens,
  hypothesis: Tokens,
  options: ExtractOptions = {},
): Edit[] {
  const { ops } = align(source, hypothesis, options.costs, options.align);
  return editsFromAlignment(ops, hypothesis, options.merge);
}
