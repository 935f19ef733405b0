/**
 * Chunk partitions: a source sentence cut into consecutive chunks, each either unchanged by
 * every target or an interval of merged edits, with each target's tokens for each chunk.
 * CLEME scores chunks of the hypothesis and the references side by side; GoToScorer scores a
 * reference's chunks (unchanged tokens one by one, with insertion slots between them).
 *
 * @module
 */

import type { Edit, Tokens } from "../plugins/types.ts";
import { applyEdits } from "./apply.ts";
import { mergeEdits, type MergeOptions } from "./merge.ts";

/** One chunk of a partition. */
export interface Chunk {
  /** First source token covered. */
  start: number;
  /** One past the last (equal to `start` for an insertion chunk or an insertion slot). */
  end: number;
  /** True when some target edits this chunk. */
  changed: boolean;
  /** The tokens of this chunk in each target, in target order. */
  tokens: Tokens[];
  /** The indices of each target's edits in this chunk (empty when it leaves the chunk as is). */
  edits: number[][];
}

/** Options of {@linkcode chunkPartition}. */
export interface ChunkOptions extends MergeOptions {
  /**
   * Unchanged source tokens as one chunk per stretch between edits (`"spans"`, the default,
   * as CLEME) or one chunk per token (`"tokens"`, as GoToScorer).
   */
  unchanged?: "spans" | "tokens";
  /**
   * Add an empty unchanged chunk (an insertion slot) before every chunk with source tokens
   * that does not follow an insertion chunk, and at the end unless the last chunk is an
   * insertion (as GoToScorer does, with `unchanged: "tokens"` and `touching: false`). Default
   * false.
   */
  slots?: boolean;
  /**
   * What overlapping edits of one target in a chunk do (see `applyEdits`): `"skip"` (the
   * default; the target's tokens then equal its reference rewrite) or `"throw"`.
   */
  overlap?: "throw" | "skip";
}

/**
 * Cut the source into chunks: the intervals of {@linkcode mergeEdits} over every target's
 * edits, and the unchanged stretches between them. Each chunk carries each target's tokens
 * (its edits in the chunk applied to the chunk's source tokens), so the chunks of one target,
 * concatenated, give that target's sentence.
 *
 * @example A CLEME-style chunk partition (Ye et al. 2023) of a hypothesis and a reference
 * ```ts
 * import { chunkPartition } from "./chunk.ts";
 * import assert from "node:assert/strict";
 *
 * const source = "I have a apple .".split(" ");
 * const hypothesis = [
 *   { start: 1, end: 2, corrections: [["has"]] },
 *   { start: 2, end: 3, corrections: [["an"]] },
 * ];
 * const reference = [{ start: 2, end: 3, corrections: [["an"]] }];
 * const chunks = chunkPartition(source, [hypothesis, reference]);
 * assert.deepEqual(chunks.map((c) => [c.start, c.end, c.changed]), [
 *   [0, 1, false],
 *   [1, 3, true],
 *   [3, 5, false],
 * ]);
 * assert.deepEqual(chunks[1].tokens, [["has", "an"], ["have", "an"]]);
 * assert.deepEqual(chunks[1].edits, [[0, 1], [0]]);
 * ```
 *
 * @example GoToScorer's chunks: each edit its own chunk (touching edits apart), unchanged tokens one by one, insertion slots between
 * ```ts
 * import { chunkPartition } from "./chunk.ts";
 * import assert from "node:assert/strict";
 *
 * const source = ["a", "b", "c", "d"];
 * const reference = [
 *   { start: 1, end: 2, corrections: [["x"]] },
 *   { start: 2, end: 3, corrections: [["y"]] },
 * ];
 * const gotoChunks = { unchanged: "tokens", slots: true, touching: false } as const;
 * const chunks = chunkPartition(source, [reference], gotoChunks);
 * assert.deepEqual(
 *   chunks.map((c) => `${c.start}-${c.end}:${c.tokens[0].join(" ")}`),
 *   ["0-0:", "0-1:a", "1-1:", "1-2:x", "2-2:", "2-3:y", "3-3:", "3-4:d", "4-4:"],
 * );
 * ```
 *
 * @param source The source tokens.
 * @param targets Each target's edits.
 * @param options Merging, unchanged chunks, slots.
 * @returns The chunks, left to right.
 */
export function chunkPartition(
  source: Tokens,
  targets: readonly (readonly Edit[])[],
  options: ChunkOptions = {},
): Chunk[] {
  const chunks: Chunk[] = [];
  const unchanged = (start: number, end: number) => {
    if (options.unchanged === "tokens") {
      for (let i = start; i < end; i++) chunks.push(same(source, i, i + 1, targets.length));
    } else if (end > start) {
      chunks.push(same(source, start, end, targets.length));
    }
  };
  let position = 0;
  for (const interval of mergeEdits(targets, options)) {
    unchanged(position, interval.start);
    const edits: number[][] = targets.map(() => []);
    for (const { target, edit } of interval.members) edits[target].push(edit);
    const slice = source.slice(interval.start, interval.end);
    const tokens = edits.map((own, t) =>
      applyEdits(
        slice,
        own.map((k) => {
          const e = targets[t][k];
          return { ...e, start: e.start - interval.start, end: e.end - interval.start };
        }),
        { overlap: options.overlap ?? "skip" },
      )
    );
    chunks.push({ start: interval.start, end: interval.end, changed: true, tokens, edits });
    position = interval.end;
  }
  unchanged(position, source.length);
  return options.slots ? withSlots(chunks, source, targets.length) : chunks;
}

function same(source: Tokens, start: number, end: number, n: number): Chunk {
  const tokens: string[][] = [], edits: number[][] = [];
  for (let t = 0; t < n; t++) {
    tokens.push(source.slice(start, end));
    edits.push([]);
  }
  return { start, end, changed: false, tokens, edits };
}

function withSlots(chunks: readonly Chunk[], source: Tokens, n: number): Chunk[] {
  const out: Chunk[] = [];
  const insertion = (c: Chunk | undefined) => c !== undefined && c.start === c.end;
  for (const c of chunks) {
    if (!insertion(c) && !insertion(out[out.length - 1])) {
      out.push(same(source, c.start, c.start, n));
    }
    out.push(c);
  }
  if (!insertion(out[out.length - 1])) out.push(same(source, source.length, source.length, n));
  return out;
}
