/**
 * Edits: the shared layer under the metrics. The edit type of the plugin contract, applying
 * edits to tokens, token alignment with pluggable costs, extracting edits from a (source,
 * hypothesis) pair, merging the edits of several targets into shared intervals, chunk
 * partitions, and the one precision/recall/F-beta helper with each reference tool's
 * conventions.
 *
 * @example Usage
 * ```ts
 * import { applyEdits, chunkPartition, extractEdits, prf } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const source = "This are dog .".split(" ");
 * const hypothesis = "This is dog .".split(" ");
 * const reference = [{ start: 1, end: 2, corrections: [["is"]] }, {
 *   start: 2,
 *   end: 2,
 *   corrections: [["a"]],
 * }];
 * const system = extractEdits(source, hypothesis);
 * assert.deepEqual(applyEdits(source, system), hypothesis);
 * const changed = chunkPartition(source, [system, reference]).filter((c) => c.changed);
 * assert.deepEqual(changed[0].tokens, [["is"], ["is", "a"]]);
 * assert.deepEqual(prf({ tp: 1, fp: 0, fn: 1 }, { beta: 0.5 }).f, 1.25 * 0.5 / (0.25 + 0.5));
 * ```
 *
 * @module
 */

export type { Edit, Tokens } from "../plugins/types.ts";
export * from "./align.ts";
export * from "./apply.ts";
export * from "./chunk.ts";
export * from "./extract.ts";
export * from "./merge.ts";
export * from "./prf.ts";
