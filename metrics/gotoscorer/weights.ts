/**
 * GoToScorer's chunk weights: how hard each reference chunk is, from how many systems get it
 * right (Gotou et al. 2020): `weight = 1 − (systems correct) / (systems)`.
 *
 * Two definitions of "correct":
 * - `position` (the default, the paper's): some chunk of the system has the reference chunk's
 *   span and text.
 * - `gecmetrics` (gec-metrics 0.1.1 `annotate_weight`, reproduced exactly): some chunk of the
 *   system anywhere in the sentence has the same text. Its span test compares the reference
 *   chunk with itself, so position is ignored: every reference deletion (text "") matches the
 *   system's empty insertion slots and weighs 0, and unchanged tokens weigh about 0.
 *
 * The gec-metrics weight file (`gecmetrics-gen-gotoscorer-weight --out`) is a JSON list, one
 * `{"evaluations": [[0|1 per system] per chunk], "weights": [per chunk]}` per sentence;
 * {@linkcode readWeightFile} reads it and {@linkcode weightFileText} writes it.
 *
 * @module
 */

import { InputError } from "../../plugins/errors.ts";
import type { Edit, Tokens } from "../../plugins/types.ts";
import { type GotoChunk, gotoChunks, usableEdits } from "./chunk.ts";

/** Per sentence: the per-system outcome of each reference chunk, and the weights. */
export interface SentenceWeights {
  /** Per reference chunk, 1 per system that got it right, else 0. */
  evaluations: number[][];
  /** Per reference chunk, its weight. */
  weights: number[];
}

/**
 * The weights of one sentence's reference chunks from the systems' chunks.
 *
 * @example A deletion: position-aware, only the system that deletes it is right
 * ```ts
 * import { gotoChunks } from "./chunk.ts";
 * import { sentenceWeights } from "./weights.ts";
 * import assert from "node:assert/strict";
 *
 * const source = "a b c".split(" ");
 * const del = [{ start: 1, end: 2, corrections: [[]], type: "U:X" }];
 * const ref = gotoChunks(source, del);
 * const systems = [gotoChunks(source, del), gotoChunks(source, [])];
 * const k = ref.findIndex((c) => c.edited);
 * assert.equal(sentenceWeights(ref, systems, "position").weights[k], 0.5);
 * // gec-metrics: the unchanged system's empty slots "match" the deletion.
 * assert.equal(sentenceWeights(ref, systems, "gecmetrics").weights[k], 0);
 * ```
 *
 * @param ref The reference chunks.
 * @param systems Each system's chunks.
 * @param compat `"position"` or `"gecmetrics"`.
 * @returns The evaluations and weights.
 */
export function sentenceWeights(
  ref: readonly GotoChunk[],
  systems: readonly (readonly GotoChunk[])[],
  compat: string,
): SentenceWeights {
  const evaluations = ref.map((r) =>
    systems.map((hyp) =>
      hyp.some((h) =>
          h.text === r.text && (compat === "gecmetrics" || (h.start === r.start && h.end === r.end))
        )
        ? 1
        : 0
    )
  );
  const weights = evaluations.map((e) => {
    let sum = 0;
    for (const x of e) sum += x;
    return 1 - sum / e.length;
  });
  return { evaluations, weights };
}

/**
 * The weights of a corpus from systems' edits.
 *
 * @param sources The source sentences.
 * @param references The chosen reference's edits per sentence.
 * @param systems Per system, its edits per sentence.
 * @param compat `"position"` or `"gecmetrics"`.
 * @returns Per sentence weights.
 */
export function corpusWeights(
  sources: readonly Tokens[],
  references: readonly (readonly Edit[])[],
  systems: readonly (readonly (readonly Edit[])[])[],
  compat: string,
): SentenceWeights[] {
  if (!systems.length) {
    throw new InputError("GoToScorer weights from systems need at least one system");
  }
  return sources.map((source, i) =>
    sentenceWeights(
      gotoChunks(source, usableEdits(references[i])),
      systems.map((s) => gotoChunks(source, usableEdits(s[i]))),
      compat,
    )
  );
}

/**
 * Write weights in gec-metrics' weight-file format (JSON, indented by 2 as `json.dump` does).
 *
 * @param weights Per sentence weights.
 * @returns The file's text.
 */
export function weightFileText(weights: readonly SentenceWeights[]): string {
  return JSON.stringify(weights, null, 2);
}

/**
 * Read a gec-metrics weight file: per sentence, its chunk weights.
 *
 * @example Usage
 * ```ts
 * import { readWeightFile } from "./weights.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(readWeightFile('[{"evaluations": [[1]], "weights": [0.0]}]', "w.json"), [[0]]);
 * assert.throws(() => readWeightFile('[{"weights": ["x"]}]', "w.json"), /w\.json: sentence 1/);
 * ```
 *
 * @param text The file's text.
 * @param file Its name, for messages.
 * @returns Per sentence, the weights.
 */
export function readWeightFile(text: string, file: string): number[][] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InputError(`not a GoToScorer weight file (JSON): ${(error as Error).message}`, file);
  }
  if (!Array.isArray(data)) {
    throw new InputError("a GoToScorer weight file is a JSON list, one entry per sentence", file);
  }
  return data.map((entry, i) => {
    const weights = (entry as { weights?: unknown })?.weights;
    if (
      !Array.isArray(weights) || !weights.every((w) => typeof w === "number" && Number.isFinite(w))
    ) {
      throw new InputError(
        `sentence ${i + 1}: expected {"weights": [numbers]} as gec-metrics writes it`,
        file,
      );
    }
    return weights as number[];
  });
}
