/**
 * The MultiGEC essay Markdown format as a gecscore format (`multigec`, `.md`): an original
 * file (`LANG-CORPUS-orig-SPLIT.md`) reads as a gold corpus of one sentence per essay (its
 * syntok tokens), with the references from the `-refN-` files beside it lined up by essay id
 * as the task lines them up (a reference file that lacks an essay gives it the essay's first
 * reference; an essay no reference has is `!`). Any other essay file reads as its essays, in
 * file order, without references.
 *
 * @module
 */

import { defineFormat, type GoldCorpus, type GoldSentence, InputError } from "../../plugins/mod.ts";
import { alignEssays, type Essay, essayLine, parseEssays, writeEssays } from "./essays.ts";

/** The name parts of a MultiGEC file: `LANG-CORPUS-ROLE-SPLIT.md`. */
export interface MultigecName {
  /** The language code, e.g. `uk`. */
  lang: string;
  /** The corpus, e.g. `ua_gec` (any hyphens kept). */
  corpus: string;
  /** `orig`, `refN` or `hypoN` (also `baselineN` and the like). */
  role: string;
  /** The split: `train`, `dev` or `test`. */
  split: string;
}

/**
 * The parts of a MultiGEC file name, or undefined when it does not follow the convention.
 *
 * @example Usage
 * ```ts
 * import { parseMultigecName } from "./format.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseMultigecName("ref/cs-natwebinf-ref2-dev.md"), {
 *   lang: "cs", corpus: "natwebinf", role: "ref2", split: "dev",
 * });
 * assert.equal(parseMultigecName("notes.md"), undefined);
 * ```
 *
 * @param path The file's path.
 * @returns Its parts.
 */
export function parseMultigecName(path: string): MultigecName | undefined {
  const base = path.replace(/^.*[\\/]/, "");
  const m = /^([a-z]{2})-(.+)-(orig|ref\d+|[a-z]*hypo\d*|baseline\w*)-([a-z]+)\.md$/i.exec(base);
  return m ? { lang: m[1], corpus: m[2], role: m[3], split: m[4] } : undefined;
}

/** Text → tokens of an essay line (the trailing space of a pretokenized line dropped). */
export function lineTokens(line: string): string[] {
  return line.split(" ").filter((t) => t !== "");
}

/**
 * The reference files beside an original file (`-ref1-`, `-ref2-`, ...), in number order.
 *
 * @param origPath The original file's path.
 * @returns The paths that exist.
 */
export async function siblingReferences(origPath: string): Promise<string[]> {
  const name = parseMultigecName(origPath);
  if (!name || name.role !== "orig") return [];
  const slash = Math.max(origPath.lastIndexOf("/"), origPath.lastIndexOf("\\"));
  const dir = slash < 0 ? "." : origPath.slice(0, slash) || "/";
  const prefix = `${name.lang}-${name.corpus}-ref`.toLowerCase();
  const found: [number, string][] = [];
  try {
    for await (const entry of Deno.readDir(dir)) {
      const lower = entry.name.toLowerCase();
      const m = /^(\d+)-(.+)\.md$/.exec(lower.slice(prefix.length));
      if (lower.startsWith(prefix) && m && m[2] === name.split.toLowerCase()) {
        found.push([Number(m[1]), slash < 0 ? entry.name : `${dir}/${entry.name}`]);
      }
    }
  } catch (error) {
    throw new InputError(`cannot list the folder of ${origPath}: ${(error as Error).message}`);
  }
  return found.sort((a, b) => a[0] - b[0]).map(([, p]) => p);
}

/**
 * A gold corpus from an original file's essays and its reference files' essays.
 *
 * @param path The original file (for the corpus path and messages).
 * @param original Its essays.
 * @param references The reference files' essays, in reference order.
 * @returns The corpus: one sentence per original essay.
 */
export function essayCorpus(
  path: string,
  original: readonly Essay[],
  references: readonly (readonly Essay[])[],
): GoldCorpus {
  const aligned = alignEssays(original, references, "first");
  const sentences = original.map((e, i): GoldSentence => {
    const sentence: GoldSentence = { source: lineTokens(essayLine(e.text)), line: e.line };
    if (aligned.length) sentence.references = aligned.map((lines) => lineTokens(lines[i]));
    return sentence;
  });
  return { path, format: "multigec", sentences };
}

/** The `multigec` format. */
export const multigecFormat = defineFormat({
  id: "multigec",
  description: "MultiGEC-2025 essay Markdown (### essay_id = N): an -orig- file with its -refN- " +
    "files beside it, essays matched by id, syntok-tokenized as the task does",
  extensions: [".md"],
  sniff: (head) => head.trimStart().startsWith("### essay_id = "),
  async parse(chunks, file) {
    let text = "";
    for await (const chunk of chunks) text += chunk;
    const original = parseEssays(text, file);
    if (!original.length) throw new InputError("has no essay (### essay_id = N)", file);
    const references: Essay[][] = [];
    for (const ref of await siblingReferences(file)) {
      let refText: string;
      try {
        refText = await Deno.readTextFile(ref);
      } catch (error) {
        throw new InputError(`cannot read reference file: ${(error as Error).message}`, ref);
      }
      references.push(parseEssays(refText, ref));
    }
    return essayCorpus(file, original, references);
  },
  write(corpus) {
    return writeEssays(
      corpus.sentences.map((s, i) => ({ id: String(i + 1), text: s.source.join(" ") })),
    );
  },
});
