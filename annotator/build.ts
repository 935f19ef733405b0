/**
 * The annotator a command runs with, built from what the command line names: the built-in
 * English one, or one reading ready analyses (`-analyses FILE.conllu`). The same function
 * builds it in the main thread and in each worker of `stream.ts`, from the same plain data.
 *
 * @module
 */

import { readChunks } from "../formats/text.ts";
import { InputError } from "../plugins/errors.ts";
import { type Annotator, createAnnotator, loadAnnotator } from "./annotate.ts";
import { universalTypePos } from "./classify.ts";
import { parseConllu, readyAnalyser } from "./conllu.ts";
import { type AnnotatorLanguageModule, loadLanguageRules } from "./language.ts";
import { loadWinkAnalyser } from "./tag.ts";

/** What an annotator is built from: plain data, so that a worker can be sent it. */
export interface AnnotatorSpec {
  /** A CoNLL-U file of ready analyses (`-analyses`); required for a language other than English. */
  readonly analyses?: string;
  /** The language (`-lang`), default `en`: English with the built-in tagger as fallback. */
  readonly lang?: string;
  /** Where that language's own rules are, when a language pack gives some. */
  readonly language?: AnnotatorLanguageModule;
}

/**
 * The most characters read from an analyses file (`-analyses FILE.conllu`, held whole): 256 Mi,
 * some 200,000 analysed sentences at about a kilobyte each, forty times BEA-2019's dev set; an
 * endless stream (a device, a FIFO) is refused at this bound instead of exhausting memory (each
 * worker of a parallel run holds the analyses too). Split a larger corpus, with its analyses.
 */
export const MAX_ANALYSES_CHARS = 256 * 2 ** 20;

/**
 * The whole text of a file (through `readChunks`: encodings checked, NUL bytes refused, errors
 * name the file), refused once it holds more than `max` characters.
 *
 * @example Usage
 * ```ts
 * import { readText } from "./build.ts";
 * import assert from "node:assert/strict";
 *
 * const path = await Deno.makeTempFile();
 * await Deno.writeTextFile(path, "1\tHe\n".repeat(10));
 * assert.equal((await readText(path)).length, 50);
 * await assert.rejects(readText(path, 49), /holds more than 49 characters/);
 * await Deno.remove(path);
 * ```
 *
 * @param path The file.
 * @param max The most characters it may hold (default {@linkcode MAX_ANALYSES_CHARS}).
 * @returns Its text.
 */
export async function readText(path: string, max: number = MAX_ANALYSES_CHARS): Promise<string> {
  const chunks: string[] = [];
  let size = 0;
  for await (const chunk of readChunks(path)) {
    size += chunk.length;
    if (size > max) {
      throw new InputError(
        `holds more than ${max.toLocaleString("en-US")} characters, the most an analyses file ` +
          "may hold (split the corpus and its analyses into parts)",
        path,
      );
    }
    chunks.push(chunk);
  }
  return chunks.join("");
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
  if (spec.lang !== undefined && spec.lang !== "en") return await buildUniversal(spec);
  if (spec.analyses === undefined) return await loadAnnotator();
  const sentences = parseConllu(await readText(spec.analyses), spec.analyses);
  return await loadAnnotator({ analyser: readyAnalyser(sentences, await loadWinkAnalyser()) });
}

/** Sentences shown in a message are cut to this many characters. */
const SHOWN = 60;

/**
 * Any language from ready analyses in CoNLL-U: universal POS for alignment, merging and types,
 * the language's word list, stemmer and types when a pack gives them.
 */
async function buildUniversal(spec: AnnotatorSpec): Promise<Annotator> {
  const file = spec.analyses;
  if (file === undefined) throw new InputError(`-lang ${spec.lang} needs -analyses FILE.conllu`);
  const sentences = parseConllu(await readText(file), file, { universal: true });
  const rules = spec.language ? await loadLanguageRules(spec.language) : {};
  const analyser = readyAnalyser(sentences, (tokens) => {
    const text = tokens.join(" ");
    const shown = text.length > SHOWN ? `${text.slice(0, SHOWN)}...` : text;
    throw new InputError(`no analysis of the sentence "${shown}" (its tokens as written)`, file);
  });
  return createAnnotator(analyser, {
    isWord: rules.isWord?.bind(rules) ?? (() => true),
    stem: rules.stem?.bind(rules) ?? ((w) => w),
    typePos: universalTypePos,
  }, rules.classify?.bind(rules));
}
