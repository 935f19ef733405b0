/**
 * Read a system's output with a registry's formats: the one door every command and the REPL
 * read systems through. Any registered format can hold a system: plain text (a hypothesis per
 * line), a hypothesis M2 (the system's own edits, one annotator), or a plugin format. How a
 * format's sentences become hypotheses is one rule ({@linkcode systemFromCorpus}); a system
 * whose format carries no edits can get them from an `annotate` hook (an annotator that
 * derives edits from the source and the hypothesis).
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type { Registry } from "../plugins/registry.ts";
import type { Edit, Format, GoldCorpus, Hypotheses, ReadLimits, Tokens } from "../plugins/types.ts";
import { m2Format } from "../formats/m2.ts";
import { isRegularFile } from "../formats/read_chunks.ts";
import { baseName, readChunks, readHypotheses, textFormat } from "../formats/text.ts";
import { applyEdits, EditOverlapError, readHypothesisM2 } from "../formats/hypothesis_m2.ts";
import { pickFormat } from "./read_gold.ts";

/** A system as read: its hypotheses, its own edits when its format has them, its sources. */
export interface SystemOutput extends Hypotheses {
  /** The id of the format it was read with. */
  format: string;
  /** The source of each sentence as the file writes it, when the format has sources. */
  sources?: string[][];
  /** The 1-based line of each sentence in the file, when known. */
  lines?: number[];
}

/** How to read a system. */
export interface ReadSystemOptions {
  /** The registry to look formats up in. */
  registry: Registry;
  /** The format id (default: picked from the file's name and content, else plain text). */
  format?: string;
  /** The gold's sentence count: a system of another length is an error naming both. */
  expected?: number;
  /** Read limits (defaults for what is not given). */
  limits?: Partial<ReadLimits>;
  /**
   * Derive a system's edits when its format carries none: called per sentence with the
   * gold's source (`sources`) and the hypothesis. For an annotator (ERRANT-style).
   */
  annotate?: (source: string[], hypothesis: string[]) => Edit[];
  /** The gold's sources, for `annotate`. */
  sources?: readonly string[][];
}

/**
 * The format a system file is read with: `id` when given, else the one its name and content
 * point to ({@linkcode pickFormat}: gecscore's own formats first, and a plugin's format only by
 * the file's name), else plain text.
 *
 * @example Usage
 * ```ts
 * import { systemFormat } from "./read_system.ts";
 * import { createRegistry } from "../mod.ts";
 * import assert from "node:assert/strict";
 *
 * const registry = createRegistry();
 * assert.equal((await systemFormat("tests/testdata/errant/hyp.m2", registry)).id, "m2");
 * assert.equal((await systemFormat("tests/testdata/m2scorer_example_system", registry)).id, "text");
 * ```
 *
 * @param path The file.
 * @param registry The registry.
 * @param id An explicit format id.
 * @returns The format.
 */
export async function systemFormat(path: string, registry: Registry, id?: string): Promise<Format> {
  if (id) {
    const known = registry.formats.some((f) => f.id === id);
    return !known && id === textFormat.id ? textFormat : registry.format(id);
  }
  // A pipe (`<(zcat sys.gz)`) is judged by its name: a look at its head would take its lines.
  if (!(await isRegularFile(path))) return pickFormat(registry, path, "", textFormat) ?? textFormat;
  // 16 KiB hold the first 4,096 characters (at most 4 bytes each).
  const chunks = readChunks(path, 16384);
  const first = await chunks.next();
  await chunks.return(undefined);
  const head = first.done ? "" : first.value.slice(0, 4096);
  return pickFormat(registry, path, head, textFormat) ?? textFormat;
}

/**
 * Turn a corpus read by any format into a system's output, sentence by sentence: a sentence
 * with annotations (one annotator: the system) gives its edits and their result applied to
 * the source; else a sentence with exactly one reference gives that reference as the
 * hypothesis; else the sentence itself is the hypothesis (plain text).
 *
 * @example Usage
 * ```ts
 * import { systemFromCorpus } from "./read_system.ts";
 * import assert from "node:assert/strict";
 *
 * const corpus = { path: "s.jsonl", format: "jsonl", sentences: [
 *   { source: ["a", "b"], references: [["a", "c"]], line: 1 },
 * ] };
 * const system = systemFromCorpus(corpus);
 * assert.deepEqual(system.sentences, [["a", "c"]]);
 * assert.equal(system.name, "s.jsonl");
 * ```
 *
 * @param corpus The corpus.
 * @returns The system.
 */
export function systemFromCorpus(corpus: GoldCorpus): SystemOutput {
  const file = corpus.path;
  const sentences: Tokens[] = [];
  const sources: Tokens[] = [];
  const lines: number[] = [];
  let edits: Edit[][] | undefined;
  corpus.sentences.forEach((s, i) => {
    const line = s.line;
    if (s.annotations) {
      if (s.annotations.length > 1) {
        throw new InputError(
          `sentence ${i + 1} has edits of annotators ${
            s.annotations.map((a) => a.annotator).join(" and ")
          }; a system's output has one annotator (the system)`,
          file,
          line,
        );
      }
      const own = s.annotations[0]?.edits ?? [];
      try {
        sentences.push(applyEdits(s.source, own));
      } catch (error) {
        if (!(error instanceof EditOverlapError)) throw error;
        const [a, b] = [own[error.first], own[error.second]];
        throw new InputError(
          `sentence ${i + 1}: edits ${a.start}-${a.end} and ${b.start}-${b.end} overlap, so ` +
            "they cannot both be applied",
          file,
          line,
        );
      }
      (edits ??= Array.from({ length: i }, () => [])).push([...own]);
    } else {
      sentences.push(s.references?.length === 1 ? s.references[0] : s.source);
      edits?.push([]);
    }
    sources.push(s.source);
    lines.push(line ?? 0);
  });
  const out: SystemOutput = {
    name: baseName(file),
    path: file,
    format: corpus.format,
    sentences,
    sources,
    lines,
  };
  if (edits) out.edits = edits;
  return out;
}

/**
 * Read one system's output file with any registered format, checked against the gold's
 * sentence count.
 *
 * @example Usage
 * ```ts
 * import { readSystem } from "./read_system.ts";
 * import { createRegistry } from "../mod.ts";
 * import assert from "node:assert/strict";
 *
 * const registry = createRegistry();
 * const hyp = await readSystem("tests/testdata/errant/hyp.m2", { registry, expected: 9 });
 * assert.equal(hyp.format, "m2");
 * assert.equal(hyp.edits?.[0].length, 2);
 * const text = await readSystem("tests/testdata/m2scorer_example_system", { registry });
 * assert.equal(text.format, "text");
 * await assert.rejects(
 *   readSystem("tests/testdata/m2scorer_example_system", { registry, expected: 4 }),
 *   /has 3 lines but the gold has 4 sentences/,
 * );
 * ```
 *
 * @param path The file; its base name becomes the system's name.
 * @param options The registry, format, expected length, limits and annotator hook.
 * @returns The system.
 */
export async function readSystem(path: string, options: ReadSystemOptions): Promise<SystemOutput> {
  const { registry, expected, limits } = options;
  const format = await systemFormat(path, registry, options.format);
  let system: SystemOutput;
  if (format === textFormat) {
    system = { ...(await readHypotheses(path, expected, limits)), format: format.id };
  } else if (format === m2Format) {
    system = { ...(await readHypothesisM2(path, expected, limits)), format: format.id };
  } else {
    const corpus = await format.parse(readChunks(path), path, limits);
    system = systemFromCorpus({ ...corpus, path, format: format.id });
    if (expected !== undefined && system.sentences.length !== expected) {
      throw new InputError(
        `has ${system.sentences.length} sentences but the gold has ${expected}`,
        path,
      );
    }
  }
  if (!system.edits && options.annotate) {
    const annotate = options.annotate;
    const sources = options.sources ?? system.sources;
    if (sources) system.edits = system.sentences.map((h, i) => annotate(sources[i], h));
  }
  return system;
}
