/**
 * M2 per annotator: each annotator's gold edits in the reference's order, the system edits
 * the reference chooses for them (`best_path.ts`, or `fallback.ts` past the budget) and the
 * ones that match, with the verbose marks.
 *
 * @module
 */

import { sortAnnotators } from "../../formats/m2.ts";
import { splitUnicodeWhitespace } from "../../formats/text.ts";
import { InputError } from "../../plugins/errors.ts";
import type { Annotation, GoldSentence, Tokens } from "../../plugins/types.ts";
import { pyRepr, python2DictOrder } from "../../util/python_number.ts";
import { RecentMemo } from "../../util/recent_memo.ts";
import { bestEditSequence, cutEditCounts, cutEditSequence } from "./best_path.ts";
import { buildEditGraph, type EditGraph, MergedEdgeBudgetError } from "./edit_graph.ts";
import { implicitEditSequence } from "./fallback.ts";
import {
  FallbackBudgetError,
  type M2Edit,
  type M2GoldEdit,
  releaseFallbackLattice,
} from "./lattice.ts";

/** M2 options (names as on the command line: `--opt m2.beta=1`). */
export interface M2Options {
  /** The F-score's beta: recall weighs beta times as much as precision. */
  beta: number;
  /** Most unchanged tokens a merged system edit may contain. */
  max_unchanged_words: number;
  /** Drop system edits that only change whitespace or casing. */
  ignore_whitespace_casing: boolean;
  /** Metric options are a flat record of values. */
  [key: string]: number | boolean | string;
}

/** One annotator's view of one sentence: the chosen system edits and what matched. */
export interface M2AnnotatorResult {
  /** Annotator id. */
  annotator: string;
  /** Gold edits of this annotator, as the reference compares them. */
  gold: M2GoldEdit[];
  /** The system edits chosen for this annotator, left to right. */
  edits: M2Edit[];
  /** The system edits that matched a gold edit (an edit matching twice is listed twice). */
  correct: M2Edit[];
  /** The reference's verbose marks for matched insertions/deletions next to each other. */
  marks: string[];
  /** Set when the sentence's edit lattice was past the merged-edge budget: the edits are an
   * optimal sequence for the reference's weights, but a tie among equal-cost sequences may be
   * broken differently from the reference. */
  warning?: string;
}

/** The M2 defaults. */
export const M2_DEFAULTS: M2Options = {
  beta: 0.5,
  max_unchanged_words: 2,
  ignore_whitespace_casing: false,
};

/**
 * The largest edit lattice M2 scores, in cells (`(n + 1)(m + 1)` for `n` source and `m`
 * hypothesis tokens): about 1250 tokens against 1250, or 1 against 750 thousand. It bounds
 * the memory of one sentence to some 450 MB; up to 1000 tokens each a sentence scores in
 * about a second (`bench/m2_bench.ts`), or, when so many alignments are equally good that
 * the fallback's search passes `MAX_FALLBACK_WORK` (`lattice.ts`), is refused in about as
 * long. Larger pairs are an {@linkcode InputError}.
 */
export const MAX_LATTICE_CELLS = 1_572_864;

/**
 * The order in which the reference walks a sentence's annotators: its `int` ids are the keys
 * of a Python 2 dict filled in order of first appearance, then copied into a second dict, and
 * it iterates that (see {@linkcode python2DictOrder}). Small consecutive ids (0, 1, 2...) come
 * out ascending; others need not (5, 8, 16 come out 8, 16, 5). Ids that are not all integers
 * (which the reference cannot read) are sorted. Two spellings of one number ("5", "05") are
 * one annotator (see {@linkcode m2Annotations}).
 *
 * @example Usage
 * ```ts
 * import { annotatorOrder } from "./annotators.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(annotatorOrder(["1", "0"]), ["0", "1"]);
 * assert.deepEqual(annotatorOrder(["5", "8", "16"]), ["8", "16", "5"]);
 * assert.deepEqual(annotatorOrder(["b", "a"]), ["a", "b"]);
 * ```
 *
 * @param ids The sentence's annotator ids, in order of first appearance.
 * @returns The ids in the reference's order.
 */
export function annotatorOrder(ids: readonly string[]): string[] {
  // Sentences mostly have the same few ids: the order is worked out once per list of ids.
  const key = JSON.stringify(ids);
  let order = annotatorOrders.get(key);
  if (!order) {
    if (annotatorOrders.size > 1024) annotatorOrders.clear();
    annotatorOrders.set(key, order = dictOrder(ids));
  }
  return order.slice();
}

/** {@linkcode annotatorOrder} of the lists of ids seen, by their JSON. */
const annotatorOrders = new Map<string, string[]>();

function dictOrder(ids: readonly string[]): string[] {
  if (!ids.every((id) => /^[-+]?\d+$/.test(id))) return sortAnnotators(ids);
  const first = python2DictOrder(ids.map((id) => BigInt(id))).map((i) => ids[i]);
  return python2DictOrder(first.map((id) => BigInt(id))).map((i) => first[i]);
}

/** An annotator id the reference reads as a number (its `int()`). */
const INTEGER_ID = /^[-+]?\d+$/;
/** An integer id as `BigInt(id).toString()` writes it. */
const PLAIN_ID = /^(0|-?[1-9]\d*)$/;

/**
 * A sentence's annotations as the reference groups them: when every id is an integer, ids
 * that are the same number (`0`, `00`, `+0`) are one annotator, as the reference's `int`
 * keys make them, named by the first spelling, with the edits of each spelling in turn.
 * A sentence without annotations has one annotator `0` without edits.
 *
 * @example Usage
 * ```ts
 * import { m2Annotations } from "./annotators.ts";
 * import assert from "node:assert/strict";
 *
 * const edit = { start: 0, end: 1, corrections: [["b"]] };
 * const merged = m2Annotations({ source: ["a"], annotations: [
 *   { annotator: "0", edits: [edit] }, { annotator: "00", edits: [edit] },
 * ] });
 * assert.deepEqual(merged.map((a) => [a.annotator, a.edits.length]), [["0", 2]]);
 * ```
 *
 * @param sentence The gold sentence.
 * @returns One annotation per annotator, in order of first appearance.
 */
export function m2Annotations(sentence: GoldSentence): Annotation[] {
  const annotations = sentence.annotations?.length
    ? sentence.annotations
    : [{ annotator: "0", edits: [] }];
  if (!annotations.every((a) => INTEGER_ID.test(a.annotator))) return annotations;
  const byNumber = new Map<string, Annotation>();
  for (const a of annotations) {
    // A number written plainly is its own key.
    const key = PLAIN_ID.test(a.annotator) ? a.annotator : BigInt(a.annotator).toString();
    const seen = byNumber.get(key);
    if (!seen) byNumber.set(key, a);
    else byNumber.set(key, { annotator: seen.annotator, edits: [...seen.edits, ...a.edits] });
  }
  return byNumber.size === annotations.length ? annotations : [...byNumber.values()];
}

/**
 * The gold edits of each annotator of a sentence, in the reference's annotator order (see
 * {@linkcode annotatorOrder}). A `noop` annotation has no edits.
 *
 * @example Usage
 * ```ts
 * import { m2GoldEdits } from "./annotators.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = m2GoldEdits({
 *   source: ["The", "dog", "."],
 *   annotations: [
 *     { annotator: "1", edits: [], noop: true },
 *     { annotator: "0", edits: [{ start: 1, end: 2, corrections: [["dogs"]] }] },
 *   ],
 * });
 * assert.deepEqual(gold.map((g) => g.annotator), ["0", "1"]);
 * assert.deepEqual(gold[0].edits, [{ start: 1, end: 2, original: "dog", corrections: ["dogs"] }]);
 * ```
 *
 * @param sentence The gold sentence (it must carry `annotations`).
 * @returns Annotator ids with their edits.
 */
export function m2GoldEdits(
  sentence: GoldSentence,
): { annotator: string; edits: M2GoldEdit[] }[] {
  const byId = new Map(m2Annotations(sentence).map((a) => [a.annotator, a]));
  return annotatorOrder([...byId.keys()]).map((id) => ({
    annotator: id,
    edits: byId.get(id)!.edits.map((e) => ({
      start: e.start,
      end: e.end,
      original: sentence.source.slice(e.start, e.end).join(" "),
      corrections: e.corrections.map((c) => c.join(" ")),
    })),
  }));
}

/**
 * The last {@linkcode m2GoldEdits} of each gold sentence, with what it was computed from: of
 * the current sentence while scoring goes sentence by sentence, of every sentence once it
 * comes back to one (system by system; see {@linkcode RecentMemo}).
 */
const goldEditsCache = new RecentMemo<GoldSentence, {
  source: Tokens;
  annotations: GoldSentence["annotations"];
  value: { annotator: string; edits: M2GoldEdit[] }[];
}>(1);

/**
 * {@linkcode m2GoldEdits}, computed once per gold sentence: every system scored against the
 * same gold reuses it (recomputed when the sentence's source or annotations were replaced).
 */
function cachedGoldEdits(gold: GoldSentence): { annotator: string; edits: M2GoldEdit[] }[] {
  const hit = goldEditsCache.get(gold);
  if (hit && hit.source === gold.source && hit.annotations === gold.annotations) return hit.value;
  const value = m2GoldEdits(gold);
  goldEditsCache.set(gold, { source: gold.source, annotations: gold.annotations, value });
  return value;
}

export function matchEdit(e: M2Edit, g: M2GoldEdit): boolean {
  return e.start === g.start && e.end === g.end && e.original === g.original &&
    g.corrections.includes(e.correction);
}

/**
 * The reference's `shrinkEdit`: drop the tokens an edit's original and correction share at
 * both ends (how the verbose trace prints edit sequences).
 *
 * @example Usage
 * ```ts
 * import { shrinkEdit } from "./annotators.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(shrinkEdit({ start: 45, end: 48, original: "hospital and do", correction: "the hospital and" }),
 *   { start: 45, end: 48, original: "hospital and do", correction: "the hospital and" });
 * assert.deepEqual(shrinkEdit({ start: 2, end: 4, original: "a b", correction: "a c" }),
 *   { start: 3, end: 4, original: "b", correction: "c" });
 * ```
 *
 * @param edit The edit.
 * @returns The shrunk edit.
 */
export function shrinkEdit(edit: M2Edit): M2Edit {
  const orig = edit.original.split(/\s+/).filter(Boolean);
  const corr = edit.correction.split(/\s+/).filter(Boolean);
  const min = Math.min(orig.length, corr.length);
  let i = 0;
  while (i < min && orig[i] === corr[i]) i++;
  let j = 0;
  while (j < min - i && orig[orig.length - 1 - j] === corr[corr.length - 1 - j]) j++;
  return {
    start: edit.start + i,
    end: edit.end - j,
    original: orig.slice(i, orig.length - j).join(" "),
    correction: corr.slice(i, corr.length - j).join(" "),
  };
}

/**
 * Python repr of an edit tuple, as the verbose trace prints it.
 *
 * @param e The edit.
 * @returns `(3, 4, u'at', u'on')`.
 */
export function editRepr(e: M2Edit): string {
  return `(${e.start}, ${e.end}, ${pyRepr(e.original)}, ${pyRepr(e.correction)})`;
}

/** The reference's `matchSeq`: correct edits in order, plus its verbose marks. */
function matchSequence(
  edits: readonly M2Edit[],
  gold: readonly M2GoldEdit[],
): { correct: M2Edit[]; marks: string[] } {
  const correct: M2Edit[] = [];
  const marks: string[] = [];
  let last = 0;
  for (const e of edits) {
    const from = last;
    for (let i = from; i < gold.length; i++) {
      if (!matchEdit(e, gold[i])) continue;
      correct.push(e);
      last = i + 1;
      // Only deletions and insertions get a mark: nothing else needs the neighbours.
      const deletion = e.start < e.end && e.correction.trim() === "";
      if (!deletion && e.start !== e.end) continue;
      let next = edits.filter((x) => e.end === x.start).map(shrinkEdit);
      let prev = edits.filter((x) => e.start === x.end).map(shrinkEdit);
      const keep = e.start !== e.end
        ? (x: M2Edit) => x.start === x.end
        : (x: M2Edit) => x.start < x.end && x.correction === "";
      next = next.filter(keep);
      prev = prev.filter(keep);
      const adjacent = next.length > 0 || prev.length > 0;
      const matchAdj = [...next, ...prev].some((x) => gold.some((g) => matchEdit(x, g)));
      if (deletion && adjacent) {
        marks.push(`${matchAdj ? "!" : "&"} ${editRepr(e)}`);
      } else if (e.start === e.end && adjacent) {
        marks.push(`${matchAdj ? "!" : "*"} ${editRepr(e)}`);
      }
    }
  }
  return { correct, marks };
}

function ignorable(e: M2Edit): boolean {
  return e.original.replaceAll(" ", "").toLowerCase() ===
    e.correction.replaceAll(" ", "").toLowerCase();
}

/**
 * M2's statistics of a sentence whose hypothesis is its source, token for token (the most
 * common case): no edits for any annotator, so each counts `[0, 0, its gold edits]`, as
 * {@linkcode m2Annotators} would find. `undefined` for any other pair (and for a pair that
 * `m2Annotators` would split or refuse), which then needs the full computation.
 *
 * @example Usage
 * ```ts
 * import { m2UnchangedCounts } from "./annotators.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = { source: ["a", "cat"], annotations: [
 *   { annotator: "0", edits: [{ start: 0, end: 1, corrections: [["A"]] }] },
 * ] };
 * assert.deepEqual(m2UnchangedCounts(gold, ["a", "cat"]), { annotators: ["0"], counts: [[0, 0, 1]] });
 * assert.equal(m2UnchangedCounts(gold, ["A", "cat"]), undefined);
 * ```
 *
 * @param gold The gold sentence.
 * @param hypothesis The system's tokens.
 * @returns Annotator ids and `[correct, proposed, gold]` per annotator, or `undefined`.
 */
export function m2UnchangedCounts(
  gold: GoldSentence,
  hypothesis: Tokens,
): { annotators: string[]; counts: [number, number, number][] } | undefined {
  const source = gold.source, n = source.length;
  if (hypothesis.length !== n) return undefined;
  for (let i = 0; i < n; i++) if (hypothesis[i] !== source[i]) return undefined;
  // Tokens holding whitespace are split first, and huge pairs refused: leave those to
  // m2Annotators.
  if (splitUnicodeWhitespace(hypothesis) !== hypothesis) return undefined;
  if ((n + 1) * (n + 1) > MAX_LATTICE_CELLS) return undefined;
  const annotators: string[] = [], counts: [number, number, number][] = [];
  for (const { annotator, edits } of cachedGoldEdits(gold)) {
    annotators.push(annotator);
    counts.push([0, 0, edits.length]);
  }
  return { annotators, counts };
}

/**
 * How far the edit graph may leave out an unchanged prefix for these gold edits (the
 * `cutBefore` of `buildEditGraph`): up to the first gold edit with a correction equal to its
 * original text (only such an edit can reward a no-change edge).
 */
function cutBound(annotators: readonly { edits: readonly M2GoldEdit[] }[]): number {
  const known = cutBounds.get(annotators);
  if (known !== undefined) return known;
  let bound = Infinity;
  for (const { edits } of annotators) {
    for (const g of edits) {
      if (g.start < bound && g.corrections.includes(g.original)) bound = Math.max(0, g.start);
    }
  }
  cutBounds.set(annotators, bound);
  return bound;
}

/** {@linkcode cutBound} of the gold edits of {@linkcode cachedGoldEdits}, by their list. */
const cutBounds = new WeakMap<object, number>();

/** The fallback's edits, its refusal named by the sentence (and the scratch lattice freed). */
function fallbackEdits(
  gold: GoldSentence,
  hypothesis: Tokens,
  maxUnchangedWords: number,
  goldEdits: M2GoldEdit[],
): M2Edit[] {
  try {
    return implicitEditSequence(gold.source, hypothesis, maxUnchangedWords, goldEdits).edits;
  } catch (error) {
    if (!(error instanceof FallbackBudgetError)) throw error;
    releaseFallbackLattice();
    const where = gold.line === undefined ? "a sentence" : `sentence at gold line ${gold.line}`;
    throw new FallbackBudgetError(`m2: ${where}: ${error.message}`);
  }
}

/**
 * Score one sentence against each of its annotators: the system edits the reference chooses
 * for that annotator and the ones that match.
 *
 * @example Usage
 * ```ts
 * import { m2Annotators } from "./annotators.ts";
 * import assert from "node:assert/strict";
 *
 * const results = m2Annotators(
 *   { source: "The cat sat at mat .".split(" "), annotations: [{ annotator: "0", edits: [
 *     { start: 3, end: 4, corrections: [["on"]] },
 *     { start: 4, end: 4, corrections: [["the"], ["a"]] },
 *   ] }] },
 *   "A cat sat on the mat .".split(" "),
 * );
 * assert.equal(results[0].edits.length, 3);
 * assert.equal(results[0].correct.length, 2);
 * ```
 *
 * @param gold The gold sentence.
 * @param hypothesis The system's tokens.
 * @param options M2 options (defaults when omitted).
 * @returns One result per annotator, in the reference's order.
 */
export function m2Annotators(
  gold: GoldSentence,
  hypothesis: Tokens,
  options: Partial<M2Options> = {},
): M2AnnotatorResult[] {
  return annotatorResults(gold, hypothesis, options);
}

/**
 * {@linkcode m2Annotators}; `tooLarge` is the error building the sentence's graph already
 * gave (then it is not built again: the fallback search runs at once).
 */
function annotatorResults(
  gold: GoldSentence,
  hypothesis: Tokens,
  options: Partial<M2Options>,
  tooLarge?: MergedEdgeBudgetError,
): M2AnnotatorResult[] {
  const opts = { ...M2_DEFAULTS, ...options };
  // m2scorer decodes its input: it splits on Unicode whitespace, a no-break space too.
  hypothesis = splitUnicodeWhitespace(hypothesis);
  const cells = (gold.source.length + 1) * (hypothesis.length + 1);
  if (cells > MAX_LATTICE_CELLS) {
    const where = gold.line === undefined ? "a sentence" : `sentence at gold line ${gold.line}`;
    throw new InputError(
      `m2: ${where}: a ${gold.source.length}-token source against a ${hypothesis.length}-token ` +
        `hypothesis needs an edit lattice of ${cells} cells, more than the ${MAX_LATTICE_CELLS} ` +
        "M2 bounds itself to (about 1250 tokens each)",
    );
  }
  // An unchanged sentence has a lattice that is one diagonal of no-change steps: no edits,
  // whatever the gold (a gold edit that changes nothing can only reward a no-change step).
  const unchanged = hypothesis.length === gold.source.length &&
    hypothesis.every((token, i) => token === gold.source[i]);
  let graph: EditGraph | undefined, warning: string | undefined;
  // The graph without the unchanged prefix and suffix that cannot change the result (see
  // `buildEditGraph`), on scratch buffers: it is used only until this sentence is scored.
  const bound = cutBound(cachedGoldEdits(gold));
  const build = (cutAfter: boolean) =>
    buildEditGraph(
      gold.source,
      hypothesis,
      opts.max_unchanged_words,
      undefined,
      true,
      bound,
      cutAfter,
    );
  try {
    if (tooLarge) throw tooLarge;
    graph = unchanged ? undefined : build(bound === Infinity);
  } catch (error) {
    if (!(error instanceof MergedEdgeBudgetError)) throw error;
    // Too large to list the merged edges: an implicit search with the same optimum.
    const where = gold.line === undefined ? "a sentence" : `sentence at gold line ${gold.line}`;
    warning = `${where}: ${error.message}; it was scored with an optimal edit sequence whose ` +
      "choice among equal-cost sequences may differ from m2scorer's";
  }
  const results = cachedGoldEdits(gold).map(({ annotator, edits: shared }) => {
    // A copy of the list, so that a caller changing a result cannot change the cache.
    const goldEdits = shared.slice();
    let edits = graph
      // Where the cut suffix may change the path, the graph is made whole.
      ? cutEditSequence(graph, goldEdits) ?? bestEditSequence(graph = build(false), goldEdits)
      : warning
      ? fallbackEdits(gold, hypothesis, opts.max_unchanged_words, goldEdits)
      : [];
    if (opts.ignore_whitespace_casing) edits = edits.filter((e) => !ignorable(e));
    const { correct, marks } = matchSequence(edits, goldEdits);
    return warning
      ? { annotator, gold: goldEdits, edits, correct, marks, warning }
      : { annotator, gold: goldEdits, edits, correct, marks };
  });
  if (warning) releaseFallbackLattice();
  return results;
}

/**
 * What M2's statistics take of {@linkcode m2Annotators}: per annotator, `[correct, proposed,
 * gold]` (and the warning), the same numbers, without making the edits where it can.
 *
 * @example Usage
 * ```ts
 * import { m2AnnotatorCounts } from "./annotators.ts";
 * import assert from "node:assert/strict";
 *
 * const counts = m2AnnotatorCounts(
 *   { source: "The cat sat at mat .".split(" "), annotations: [{ annotator: "0", edits: [
 *     { start: 3, end: 4, corrections: [["on"]] },
 *     { start: 4, end: 4, corrections: [["the"], ["a"]] },
 *   ] }] },
 *   "A cat sat on the mat .".split(" "),
 * );
 * assert.deepEqual(counts, { annotators: ["0"], counts: [[2, 3, 2]] });
 * ```
 *
 * @param gold The gold sentence.
 * @param hypothesis The system's tokens.
 * @param options M2 options (defaults when omitted).
 * @returns Annotator ids, in the reference's order, with their counts.
 */
export function m2AnnotatorCounts(
  gold: GoldSentence,
  hypothesis: Tokens,
  options: Partial<M2Options> = {},
): { annotators: string[]; counts: [number, number, number][]; warning?: string } {
  const muw = options.max_unchanged_words ?? M2_DEFAULTS.max_unchanged_words;
  const split = splitUnicodeWhitespace(hypothesis);
  const plain = !(options.ignore_whitespace_casing ?? M2_DEFAULTS.ignore_whitespace_casing) &&
    (gold.source.length + 1) * (split.length + 1) <= MAX_LATTICE_CELLS &&
    (split.length !== gold.source.length || split.some((t, i) => t !== gold.source[i]));
  const annotators: string[] = [], counts: [number, number, number][] = [];
  let tooLarge: MergedEdgeBudgetError | undefined;
  if (plain) {
    // The common case: the graph's paths counted as m2Annotators would count its edits.
    const shared = cachedGoldEdits(gold), bound = cutBound(shared);
    let graph: EditGraph | undefined;
    try {
      graph = buildEditGraph(gold.source, split, muw, undefined, true, bound, bound === Infinity);
    } catch (error) {
      if (!(error instanceof MergedEdgeBudgetError)) throw error;
      tooLarge = error;
    }
    if (graph) {
      for (const { annotator, edits } of shared) {
        let found = cutEditCounts(graph, edits);
        if (!found) {
          graph = buildEditGraph(gold.source, split, muw, undefined, true, bound, false);
          found = cutEditCounts(graph, edits)!;
        }
        annotators.push(annotator);
        counts.push([found[0], found[1], edits.length]);
      }
      return { annotators, counts };
    }
  }
  // Everything else (whitespace and casing ignored, unchanged or refused pairs, the
  // fallback): from the edits.
  const results = annotatorResults(gold, hypothesis, options, tooLarge);
  for (const r of results) {
    annotators.push(r.annotator);
    counts.push([r.correct.length, r.edits.length, r.gold.length]);
  }
  return results[0]?.warning ? { annotators, counts, warning: results[0].warning } : {
    annotators,
    counts,
  };
}
