/**
 * Edits for plain-text system outputs: when a metric compares the system's own edits (ERRANT)
 * and a system came as plain text, gecscore's ERRANT-style annotator extracts and types them
 * from (gold source, system sentence), and the system states where its edits came from
 * (`editsFrom: "gecscore-<version>"`, shown as `edits:gecscore-<version>` in the signature).
 * Systems given as a hypothesis M2 keep their own edits.
 *
 * @module
 */

import type {
  AnyMetric,
  Edit,
  GoldCorpus,
  GoldSentence,
  Hypotheses,
  Tokens,
} from "../plugins/types.ts";
import type { Annotator } from "../annotator/annotate.ts";
import { VERSION } from "../util/version.ts";
import { InputError } from "../plugins/errors.ts";

/** What the annotator's edits are called in signatures: `gecscore-<version>`. */
export const ANNOTATOR_EDITS: string = `gecscore-${VERSION}`;

/**
 * The systems, with edits extracted by the annotator for the plain-text ones when one of
 * `metrics` compares edits (else the same array).
 *
 * @example A plain system gets typed edits
 * ```ts
 * import assert from "node:assert/strict";
 * import { annotatePlainSystems, ANNOTATOR_EDITS } from "./annotate_systems.ts";
 * const gold = { path: "g", format: "text", sentences: [{ source: ["He", "go", "."], references: [] }] };
 * const systems = [{ name: "s", path: "s", sentences: [["He", "goes", "."]] }];
 * const [s] = await annotatePlainSystems(gold, systems, [{ needsHypothesisEdits: true }]);
 * assert.equal(s.editsFrom, ANNOTATOR_EDITS);
 * assert.deepEqual(s.edits, [[{ start: 1, end: 2, corrections: [["goes"]], type: "R:VERB:SVA" }]]);
 * ```
 *
 * @param gold The gold corpus (its sources are the original sentences).
 * @param systems The systems.
 * @param metrics The metrics that will score them.
 * @param annotator An annotator (default: the built-in one, loaded on first need).
 * @returns The systems, annotated where needed.
 */
export async function annotatePlainSystems(
  gold: GoldCorpus,
  systems: readonly Hypotheses[],
  metrics: readonly Pick<AnyMetric, "needsHypothesisEdits">[],
  annotator?: Annotator,
): Promise<Hypotheses[]> {
  if (!metrics.some((m) => m.needsHypothesisEdits) || systems.every((s) => s.edits)) {
    return [...systems];
  }
  const edits = await sentenceEditor(annotator);
  // Systems often agree on a sentence: each distinct output of a sentence is annotated once.
  const sentences = gold.sentences.map((sentence, i) => edits.sentence(sentence, i));
  return systems.map((system) => {
    if (system.edits) return system;
    return {
      ...system,
      edits: system.sentences.map((hyp, i) => sentences[i](hyp, system.path)),
      editsFrom: ANNOTATOR_EDITS,
    };
  });
}

/** The annotator's edits of one gold sentence's outputs: see {@linkcode sentenceEditor}. */
export interface SentenceEditor {
  /**
   * The edits of outputs of gold sentence `index` (0-based): a function of a hypothesis and its
   * file (for messages); an output equal to the source has none, and each distinct output is
   * annotated once (copies are returned).
   */
  sentence(gold: GoldSentence, index: number): (hypothesis: Tokens, path: string) => Edit[];
}

/**
 * Edits from gecscore's annotator, a sentence at a time (as a stream reads them): the source
 * is analysed once per sentence, each distinct output once. The whole-corpus step
 * ({@linkcode annotatePlainSystems}) and the streamed engine use it alike, so both give the
 * same edits.
 *
 * @param annotator An annotator (default: the built-in one, loaded now).
 * @returns The editor.
 */
export async function sentenceEditor(annotator?: Annotator): Promise<SentenceEditor> {
  // Loaded here, on first need: most runs score no plain output with an edit-based metric.
  const a = annotator ?? await (await import("../annotator/annotate.ts")).loadAnnotator();
  return {
    sentence(gold, i) {
      let analysed: ReturnType<Annotator["analyse"]> | undefined;
      const seen = new Map<string, Edit[]>();
      return (hyp, path) => {
        const source = gold.source;
        if (hyp.length === source.length && hyp.every((t, k) => t === source[k])) return [];
        const key = hyp.join(" ");
        const known = seen.get(key);
        if (known) {
          return known.map((e) => ({ ...e, corrections: e.corrections.map((c) => [...c]) }));
        }
        let typed;
        try {
          analysed ??= a.analyse(source);
          typed = a.annotate(analysed, a.analyse(hyp));
        } catch (error) {
          if (!(error instanceof InputError)) throw error;
          const line = gold.line === undefined ? "" : ` (gold line ${gold.line})`;
          throw new InputError(`sentence ${i + 1}${line}: ${error.message}`, path);
        }
        const found: Edit[] = typed.map((e) => ({
          start: e.oStart,
          end: e.oEnd,
          corrections: [e.correction === "" ? [] : e.correction.split(" ")],
          type: e.type,
        }));
        seen.set(key, found);
        return found;
      };
    },
  };
}
