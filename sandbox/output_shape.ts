/**
 * What is wrong with what a boxed plugin hands back, in one phrase: a format's gold corpus and
 * a metric's explanation are checked before gecscore uses them, so a malformed answer is
 * reported naming the plugin instead of failing later inside gecscore.
 *
 * @module
 */

function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function isTokens(value: unknown): boolean {
  return Array.isArray(value) && value.every((t) => typeof t === "string");
}

function editProblem(edit: unknown, length: number): string | undefined {
  if (edit === null || typeof edit !== "object") return `is ${kind(edit)}, not an edit`;
  const e = edit as Record<string, unknown>;
  if (!Number.isInteger(e.start) || !Number.isInteger(e.end)) {
    return '"start" and "end" must be whole numbers';
  }
  const [start, end] = [e.start as number, e.end as number];
  if (start < -1 || end < start || end > length) {
    return `the span ${start}-${end} is outside the ${length}-token source`;
  }
  if (!Array.isArray(e.corrections) || !e.corrections.every(isTokens)) {
    return '"corrections" must be a list of token lists';
  }
  return undefined;
}

/**
 * What is wrong with a gold corpus a format plugin returned, or undefined when its shape is
 * right: `{ sentences: [...] }`, each sentence with a token list `source` and, when present,
 * token-list `references` and annotations whose edits fit the source.
 *
 * @example Usage
 * ```ts
 * import { goldProblem } from "./output_shape.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(goldProblem({ sentences: [{ source: ["a"], references: [["b"]] }] }), undefined);
 * assert.equal(
 *   goldProblem({ sentences: [{ source: "a b" }] }),
 *   'sentence 1: "source" must be a list of tokens (strings), found a string',
 * );
 * ```
 *
 * @param corpus The value returned by `parse()`.
 * @returns The problem, or undefined.
 */
export function goldProblem(corpus: unknown): string | undefined {
  if (corpus === null || typeof corpus !== "object") {
    return `it returned ${kind(corpus)}, not { sentences }`;
  }
  const sentences = (corpus as { sentences?: unknown }).sentences;
  if (!Array.isArray(sentences)) return `"sentences" must be a list, found ${kind(sentences)}`;
  for (const [i, sentence] of sentences.entries()) {
    const at = `sentence ${i + 1}`;
    if (sentence === null || typeof sentence !== "object") return `${at} is ${kind(sentence)}`;
    const s = sentence as Record<string, unknown>;
    if (!isTokens(s.source)) {
      return `${at}: "source" must be a list of tokens (strings), found ${kind(s.source)}`;
    }
    if (s.references !== undefined) {
      if (!Array.isArray(s.references) || !s.references.every(isTokens)) {
        return `${at}: "references" must be a list of token lists`;
      }
    }
    if (s.annotations !== undefined) {
      if (!Array.isArray(s.annotations)) return `${at}: "annotations" must be a list`;
      for (const annotation of s.annotations) {
        const a = annotation as Record<string, unknown> | null;
        if (!a || typeof a.annotator !== "string" || !Array.isArray(a.edits)) {
          return `${at}: each annotation must be { annotator: string, edits: [...] }`;
        }
        for (const edit of a.edits) {
          const problem = editProblem(edit, (s.source as unknown[]).length);
          if (problem) return `${at}, annotator ${a.annotator}: an edit ${problem}`;
        }
      }
    }
    if (s.line !== undefined && !Number.isInteger(s.line)) {
      return `${at}: "line" must be a whole number`;
    }
  }
  return undefined;
}

/**
 * What is wrong with an explanation a metric returned, or undefined: `{ summary: string,
 * blocks: [{ title: string, lines?: string[], table?: string[][] }] }`.
 *
 * @example Usage
 * ```ts
 * import { explanationProblem } from "./output_shape.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(explanationProblem({ summary: "ok", blocks: [] }), undefined);
 * assert.equal(explanationProblem({ summary: 42, blocks: [] }), '"summary" must be text, found a number');
 * ```
 *
 * @param value The value returned by `explain()`.
 * @returns The problem, or undefined.
 */
export function explanationProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== "object") {
    return `it returned ${kind(value)}, not { summary, blocks }`;
  }
  const e = value as Record<string, unknown>;
  if (typeof e.summary !== "string") return `"summary" must be text, found ${kind(e.summary)}`;
  if (!Array.isArray(e.blocks)) return `"blocks" must be a list, found ${kind(e.blocks)}`;
  for (const [i, block] of e.blocks.entries()) {
    const b = block as Record<string, unknown> | null;
    const at = `block ${i + 1}`;
    if (!b || typeof b !== "object") return `${at} is ${kind(block)}`;
    if (typeof b.title !== "string") return `${at}: "title" must be text`;
    if (b.lines !== undefined && !isTokens(b.lines)) return `${at}: "lines" must be a list of text`;
    if (b.table !== undefined && !(Array.isArray(b.table) && b.table.every(isTokens))) {
      return `${at}: "table" must be a list of rows of text`;
    }
  }
  return undefined;
}
