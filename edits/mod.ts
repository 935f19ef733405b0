/**
 * Edits: the shared layer under the metrics. The edit type of the plugin contract, applying
 * edits to tokens, extracting edits from a (source, hypothesis) pair by token alignment with
 * pluggable costs, and the one precision/recall/F-beta helper with each reference tool's
 * conventions.
 *
 * @example Usage
 * ```ts
 * import { applyEdits, extractEdits, prf } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const source = "This are dog .".split(" ");
 * const hypothesis = "This is a dog .".split(" ");
 * const system = extractEdits(source, hypothesis);
 * assert.deepEqual(system, [{ start: 1, end: 2, corrections: [["is", "a"]] }]);
 * assert.deepEqual(applyEdits(source, system), hypothesis);
 * assert.deepEqual(prf({ tp: 1, fp: 0, fn: 1 }, { beta: 0.5 }).f, 1.25 * 0.5 / (0.25 + 0.5));
 * ```
 *
 * @module
 */

export type { Edit, Tokens } from "../plugins/types.ts";
export type { AlignCosts, AlignOp, AlignOptions, CostTable } from "./align.ts";
export { applyEdits, type ApplyOptions } from "./apply.ts";
export { extractEdits, type ExtractOptions, type MergeRule } from "./extract.ts";
export {
  type Prf,
  prf,
  type PrfConvention,
  type PrfConventionName,
  type PrfCounts,
  type PrfOptions,
} from "./prf.ts";
