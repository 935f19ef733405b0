/**
 * The annotator a command runs with, built from what the command line names: the built-in
 * English one, or one reading ready analyses (`-analyses FILE.conllu`). The same function
 * builds it in the main thread and in each worker of `stream.ts`, from the same plain data.
 *
 * @module
 */

import { readChunks } from "../formats/text.ts";
import { type Annotator, loadAnnotator } from "./annotate.ts";
import { parseConllu, readyAnalyser } from "./conllu.ts";
import { loadWinkAnalyser } from "./tag.ts";

/** What an annotator is built from: plain data, so that a worker can be sent it. */
export interface AnnotatorSpec {
  /** A CoNLL-U file of ready analyses (`-analyses`). */
  readonly analyses?: string;
}

/** The whole text of a file (through `readChunks`: encodings checked, errors name the file). */
export async function readText(path: string): Promise<string> {
  let text = "";
  for await (const chunk of readChunks(path)) text += chunk;
  return text;
}

/**
 * Builds the annotator `spec` describes.
 *
 * @example The built-in English annotator
 * ```ts
 * import { equal } from "node:assert/strict";
 * import { buildAnnotator } from "./build.ts";
 * const a = await buildAnnotator({});
 * equal(a.annotate(a.analyse(["He", "go"]), a.analyse(["He", "goes"]))[0].type, "R:VERB:SVA");
 * ```
 *
 * @param spec What to build it from.
 * @returns The annotator.
 */
export async function buildAnnotator(spec: AnnotatorSpec): Promise<Annotator> {
  if (spec.analyses === undefined) return await loadAnnotator();
  const sentences = parseConllu(await readText(spec.analyses), spec.analyses);
  return await loadAnnotator({ analyser: readyAnalyser(sentences, await loadWinkAnalyser()) });
}
