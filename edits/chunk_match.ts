/**
 * CLEME's chunk matching (Ye et al. 2023 §3.2; CLEME2.0, Ye et al. 2025): the hypothesis'
 * chunks against the references' chunks of a {@linkcode chunkPartition}, under the
 * "dependent" assumption (each reference alone) or the "independent" one (all references at
 * once), as THUKElab/CLEME computes it (v1.0 code 5fc7617, v1.1/CLEME2.0 code e90abea).
 * Shared by the CLEME and CLEME2.0 metrics.
 *
 * - Dependent, per reference: a changed hypothesis chunk is TP if the reference has the same
 *   tokens there, else FP (FP_ne when the reference changed that chunk, FP_un when not); an
 *   unchanged hypothesis chunk is FN if the reference differs there, else TN.
 * - Independent, once: a changed hypothesis chunk is TP if any reference has the same tokens,
 *   else FP (FP_ne when any reference changed the chunk); an unchanged one is FN only when
 *   every reference changed the chunk, else TN.
 *
 * Each outcome keeps the hypothesis chunk's length, `max(source tokens, target tokens)`, which
 * CLEME's length weighting needs.
 *
 * @module
 */

import type { Edit, GoldSentence, Tokens } from "../plugins/types.ts";
import { applyEdits } from "./apply.ts";
import { type Chunk, chunkPartition } from "./chunk.ts";

/** How a chunk of the hypothesis was judged. */
export type ChunkOutcome = "tp" | "fp_ne" | "fp_un" | "fn" | "tn";

/** One hypothesis chunk's outcome against one reference (or all, when independent). */
export interface ChunkJudgement {
  /** The outcome. */
  outcome: ChunkOutcome;
  /** Index of the chunk in the partition. */
  chunk: number;
  /** `max(source length, hypothesis length)` of the chunk. */
  length: number;
}

/** CLEME's matching assumption. */
export type ChunkMode = "dependent" | "independent";

/** Which CLEME code's handling of empty targets: `"1.1"` (e90abea) or `"1.0"` (5fc7617). */
export type ClemeVersion = "1.0" | "1.1";

/** The targets CLEME partitions: the hypothesis' edits and each reference's. */
export interface ClemeTargets {
  /** The source tokens. */
  source: Tokens;
  /** The hypothesis edits (after v1.0's empty-target handling, maybe a reference's). */
  hypothesis: readonly Edit[];
  /** The references' edits. */
  references: (readonly Edit[])[];
}

/** Whether applying an edit list to its source leaves nothing, by edit list. */
const emptied = new WeakMap<readonly Edit[], { source: Tokens; empty: boolean }>();

/**
 * The targets CLEME scores for one sentence. The references are the gold's annotators (one
 * with no annotation here has no edits). CLEME v1.1 drops references whose rewrite is empty
 * (keeping the first when all are). CLEME v1.0 deletes empty targets while it iterates over
 * `[hypothesis, ...references]` as long as more than two remain, skipping the target after each
 * deletion: an empty hypothesis is then replaced by the first reference (which is no longer a
 * reference), a known bug that changes one POST sentence of CoNLL-2014.
 *
 * @example v1.0 deletes an empty hypothesis; v1.1 keeps it
 * ```ts
 * import { clemeTargets } from "./chunk_match.ts";
 * import assert from "node:assert/strict";
 *
 * const del = [{ start: 0, end: 1, corrections: [[]] }];
 * const gold = { source: ['"'], annotations: [
 *   { annotator: "0", edits: [] }, { annotator: "1", edits: del },
 * ] };
 * const v10 = clemeTargets(gold, del, "1.0");
 * assert.deepEqual([v10.hypothesis, v10.references], [[], [del]]);
 * const v11 = clemeTargets(gold, del, "1.1");
 * assert.deepEqual([v11.hypothesis, v11.references], [del, [[]]]);
 * ```
 *
 * @param gold The gold sentence (with annotations).
 * @param hypothesis The system's edits.
 * @param version Which code's empty-target handling.
 * @returns The targets.
 */
export function clemeTargets(
  gold: GoldSentence,
  hypothesis: readonly Edit[],
  version: ClemeVersion,
): ClemeTargets {
  const annotations = gold.annotations ?? [];
  const ids = gold.allAnnotators ?? annotations.map((a) => a.annotator);
  const byId = new Map(annotations.map((a) => [a.annotator, a.edits]));
  let references: (readonly Edit[])[] = ids.map((id) => byId.get(id) ?? []);
  if (!references.length) references = [[]];
  const empty = (edits: readonly Edit[]) => {
    if (edits.length === 0) return false;
    // A gold annotation's edits are asked about once per system: kept with the edits array.
    let known = emptied.get(edits);
    if (known === undefined || known.source !== gold.source) {
      known = {
        source: gold.source,
        empty: applyEdits(gold.source, edits, { overlap: "skip" }).length === 0,
      };
      emptied.set(edits, known);
    }
    return known.empty;
  };
  if (version === "1.1") {
    const kept = references.filter((r) => !empty(r));
    return { source: gold.source, hypothesis, references: kept.length ? kept : [references[0]] };
  }
  const targets = [hypothesis, ...references];
  for (let i = 0; i < targets.length; i++) {
    // Python's `del` inside `enumerate`: the target after a deleted one is never looked at.
    if (empty(targets[i]) && targets.length > 2) targets.splice(i, 1);
  }
  return { source: gold.source, hypothesis: targets[0], references: targets.slice(1) };
}

/** The partition of a sentence's targets and the lengths of the references' changed chunks. */
export interface ClemePartition {
  /** The chunks (target 0 = hypothesis, then the references). */
  chunks: Chunk[];
  /** Sum of `max(source, reference)` lengths over every reference's changed chunks. */
  changedLength: number;
  /** How many changed reference chunks there are. */
  changedCount: number;
}

/**
 * Partition the targets into chunks (touching edits merge), with what the length weighting's
 * bias needs.
 *
 * @param targets The targets.
 * @returns The partition.
 */
export function clemePartition(targets: ClemeTargets): ClemePartition {
  const chunks = chunkPartition(targets.source, [targets.hypothesis, ...targets.references]);
  let changedLength = 0, changedCount = 0;
  for (const c of chunks) {
    for (let t = 1; t < c.tokens.length; t++) {
      if (c.edits[t].length) {
        changedLength += Math.max(c.end - c.start, c.tokens[t].length);
        changedCount++;
      }
    }
  }
  return { chunks, changedLength, changedCount };
}

function same(a: Tokens, b: Tokens): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Judge the hypothesis' chunks: one list per reference (dependent) or a single list
 * (independent).
 *
 * @example A hypothesis that fixes one of two errors the reference fixes, and adds one
 * ```ts
 * import { chunkPartition } from "./chunk.ts";
 * import { judgeChunks } from "./chunk_match.ts";
 * import assert from "node:assert/strict";
 *
 * const source = "He go to school in the yesterday .".split(" ");
 * const hyp = [
 *   { start: 1, end: 2, corrections: [["went"]] },
 *   { start: 2, end: 3, corrections: [["into"]] },
 * ];
 * const ref = [
 *   { start: 1, end: 2, corrections: [["went"]] },
 *   { start: 5, end: 6, corrections: [[]] },
 * ];
 * const [judged] = judgeChunks(chunkPartition(source, [hyp, ref]), "dependent");
 * // "go to" is one chunk (the edits touch): hyp "went into" vs ref "went to" -> FP_ne.
 * assert.deepEqual(judged.map((j) => j.outcome), ["tn", "fp_ne", "tn", "fn", "tn"]);
 * ```
 *
 * @param chunks The partition (target 0 = hypothesis).
 * @param mode Dependent or independent.
 * @returns The judgements.
 */
export function judgeChunks(chunks: readonly Chunk[], mode: ChunkMode): ChunkJudgement[][] {
  const refs = chunks.length ? chunks[0].tokens.length - 1 : 0;
  const judge = (c: Chunk, k: number, outcome: ChunkOutcome): ChunkJudgement => ({
    outcome,
    chunk: k,
    length: Math.max(c.end - c.start, c.tokens[0].length),
  });
  if (mode === "independent") {
    return [chunks.map((c, k) => {
      const changedBy = (t: number) => c.edits[t].length > 0;
      if (changedBy(0)) {
        for (let t = 1; t <= refs; t++) {
          if (same(c.tokens[0], c.tokens[t])) return judge(c, k, "tp");
        }
        let any = false;
        for (let t = 1; t <= refs; t++) any ||= changedBy(t);
        return judge(c, k, any ? "fp_ne" : "fp_un");
      }
      let all = refs > 0;
      for (let t = 1; t <= refs; t++) all &&= changedBy(t);
      return judge(c, k, all ? "fn" : "tn");
    })];
  }
  return Array.from({ length: refs }, (_, r) =>
    chunks.map((c, k) => {
      const t = r + 1;
      if (c.edits[0].length) {
        if (same(c.tokens[0], c.tokens[t])) return judge(c, k, "tp");
        return judge(c, k, c.edits[t].length ? "fp_ne" : "fp_un");
      }
      return judge(c, k, same(c.tokens[0], c.tokens[t]) ? "tn" : "fn");
    }));
}
