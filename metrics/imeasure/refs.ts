/**
 * The I-measure's candidate references of one sentence: one per annotator (`mix: false`), or
 * every compatible combination of one alternative per error ("mix and match").
 *
 * Behaviour observed in `ieval.py` and kept: corrections of one alternative that cover the
 * same span are merged (their tokens concatenated); an error that not every annotator
 * corrected (`required: false`) may also be left uncorrected when mixing; a combination in
 * which two corrections cover the same span is not a valid reference; corrections are applied
 * from the last span to the first, and a correction that would delete the whole sentence is
 * skipped (a workaround for NUCLE); a reference equal to an empty sentence is replaced by the
 * source. With `mix: false`, the source itself is a candidate when some annotator of the
 * sentence made no correction (fewer annotators with alternatives than `numAnnotators`).
 *
 * @module
 */

import type { Correction, ErrorGroup, Tokens } from "../../plugins/types.ts";

/** One correction of a candidate: a span of the source and its replacement. */
export type Span = Correction;

/** The alternatives of one error as a list of options (each a list of merged corrections). */
export function errorOptions(error: ErrorGroup, mix: boolean, annotator?: string): Span[][] {
  const options: Span[][] = [];
  const seen = new Set<string>();
  const add = (spans: Span[]) => {
    // The spans in order of start and end, each token prefixed by its length (unambiguous).
    const sorted = spans.length > 1
      ? spans.slice().sort((a, b) => a.start - b.start || a.end - b.end)
      : spans;
    let key = "";
    for (const s of sorted) {
      key += `${s.start},${s.end},${s.tokens.length}`;
      for (const t of s.tokens) key += `|${t.length}:${t}`;
      key += ";";
    }
    if (!seen.has(key)) seen.add(key), options.push(spans);
  };
  if (mix && !error.required) add([]);
  for (const alt of error.alternatives) {
    if (annotator !== undefined && alt.annotator !== annotator) continue;
    add(mergeSpans(alt.corrections));
  }
  return options;
}

/** Merges corrections of the same span (tokens concatenated in order). */
function mergeSpans(corrections: readonly Correction[]): Span[] {
  const merged: Span[] = [];
  for (const c of corrections) {
    const same = merged.find((m) => m.start === c.start && m.end === c.end);
    if (same) same.tokens = [...same.tokens, ...c.tokens];
    else merged.push({ start: c.start, end: c.end, tokens: [...c.tokens] });
  }
  return merged;
}

/**
 * Applies corrections to a source the way the I-measure builds a reference.
 *
 * @example Usage
 * ```ts
 * import { applySpans } from "./refs.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(
 *   applySpans(["a", "b", "c"], [{ start: 0, end: 1, tokens: ["x"] }, { start: 2, end: 2, tokens: ["y"] }]),
 *   ["x", "b", "y", "c"],
 * );
 * assert.deepEqual(applySpans(["a"], [{ start: 0, end: 1, tokens: [] }]), ["a"]);
 * ```
 *
 * @param source Source tokens (or their ids: any token type).
 * @param spans Corrections (any order), with tokens of the same type.
 * @returns The reference tokens.
 */
export function applySpans<T = string>(
  source: readonly T[],
  spans: readonly { start: number; end: number; tokens: readonly T[] }[],
): T[] {
  // Last first: by start, then end, decreasing; equal spans in their given order (a stable
  // sort of the indices).
  const order: number[] = [];
  for (let x = 0; x < spans.length; x++) order.push(x);
  if (spans.length > 1) {
    order.sort((a, b) => spans[b].start - spans[a].start || spans[b].end - spans[a].end || a - b);
  }
  const out = source.slice();
  for (const x of order) {
    const s = spans[x];
    // A correction that would leave nothing is skipped (the length `splice` would leave).
    const len = out.length;
    const at = s.start < 0 ? Math.max(len + s.start, 0) : Math.min(s.start, len);
    const removed = Math.min(Math.max(s.end - s.start, 0), len - at);
    if (len - removed + s.tokens.length > 0) out.splice(s.start, s.end - s.start, ...s.tokens);
  }
  return out.length ? out : source.slice();
}

/** True when no two corrections cover the same span. */
export function compatible(spans: readonly Span[]): boolean {
  if (spans.length > 16) {
    const seen = new Set<string>();
    for (const s of spans) {
      const k = `${s.start}:${s.end}`;
      if (seen.has(k)) return false;
      seen.add(k);
    }
    return true;
  }
  for (let x = 1; x < spans.length; x++) {
    for (let y = 0; y < x; y++) {
      if (spans[x].start === spans[y].start && spans[x].end === spans[y].end) return false;
    }
  }
  return true;
}

/** A `mix: false` candidate: its reference and the corrections that build it. */
export interface AnnotatorCandidate {
  /** The reference tokens. */
  reference: Tokens;
  /** The corrections applied to the source (empty for the source itself). */
  spans: Span[];
}

/**
 * The candidate references with `mix: false`, with the corrections that build each: the
 * source when some annotator made no correction, then one per annotator (sorted ids),
 * without duplicate references.
 *
 * @example Usage
 * ```ts
 * import { annotatorCandidates } from "./refs.ts";
 * import assert from "node:assert/strict";
 *
 * const c = annotatorCandidates(["a", "b"], [{
 *   id: "1", required: true,
 *   alternatives: [{ annotator: "0", corrections: [{ start: 1, end: 2, tokens: ["y"] }] }],
 * }], 1);
 * assert.deepEqual(c, [{ reference: ["a", "y"], spans: [{ start: 1, end: 2, tokens: ["y"] }] }]);
 * const refs = annotatorCandidates(["a", "b"], [{
 *   id: "1", required: false,
 *   alternatives: [{ annotator: "1", corrections: [{ start: 0, end: 1, tokens: ["x"] }] }],
 * }], 2).map((candidate) => candidate.reference);
 * assert.deepEqual(refs, [["a", "b"], ["x", "b"]]);
 * ```
 *
 * @param source Source tokens.
 * @param errors The error groups.
 * @param numAnnotators The sentence's annotator count.
 * @returns The distinct candidates.
 */
export function annotatorCandidates(
  source: Tokens,
  errors: readonly ErrorGroup[],
  numAnnotators: number,
): AnnotatorCandidate[] {
  const out: AnnotatorCandidate[] = [];
  const seen = new Set<string>();
  const add = (reference: Tokens, spans: Span[]) => {
    const k = reference.join(" ");
    if (!seen.has(k)) seen.add(k), out.push({ reference, spans });
  };
  const annotators = numAnnotators <= 0 ? [] : [
    ...new Set(errors.flatMap((e) => e.alternatives.map((a) => a.annotator))),
  ].sort();
  if (numAnnotators <= 0 || annotators.length < numAnnotators) add(source.slice(), []);
  for (const ann of annotators) {
    const spans = errors.flatMap((e) => errorOptions(e, false, ann).flat());
    add(spans.length ? applySpans(source, spans) : source.slice(), spans);
  }
  return out;
}

/** The number of combinations (one option per error) of a list of option lists. */
export function combinationCount(options: readonly (readonly unknown[])[]): number {
  return options.reduce((n, o) => n * o.length, 1);
}

/**
 * Every distinct mixed reference (one option per error, compatible combinations only), in
 * product order, first occurrence kept. The caller bounds the product size.
 *
 * @param source Source tokens.
 * @param options Options per error (from {@linkcode errorOptions} with `mix: true`).
 * @returns The distinct references.
 */
export function mixedReferences(source: Tokens, options: readonly Span[][][]): Tokens[] {
  const refs: Tokens[] = [];
  const seen = new Set<string>();
  if (!options.length) return [source.slice()];
  const pick = new Array(options.length).fill(0);
  while (true) {
    const spans = options.flatMap((o, e) => o[pick[e]]);
    if (!spans.length || compatible(spans)) {
      const r = spans.length ? applySpans(source, spans) : source.slice();
      const k = r.join(" ");
      if (!seen.has(k)) seen.add(k), refs.push(r);
    }
    let e = options.length - 1;
    while (e >= 0 && ++pick[e] === options[e].length) pick[e--] = 0;
    if (e < 0) break;
  }
  return refs;
}
