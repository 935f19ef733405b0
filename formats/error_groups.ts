/**
 * I-measure error groups derived from M2 annotations: overlapping edits of the sentence's
 * annotators clustered into errors with one alternative per annotator, the way the
 * I-measure's own converter (`m2_to_ixml.py`) builds its XML, but without re-tokenizing the
 * corrections.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type { Alternative, ErrorGroup, GoldSentence, Tokens } from "../plugins/types.ts";

interface FlatEdit {
  start: number;
  end: number;
  type?: string;
  tokens: Tokens;
  annotator: string;
}

const cache = new WeakMap<GoldSentence, ErrorGroup[]>();

/**
 * True when the sentence's annotations are the placeholder a reader gives a sentence that had
 * no annotation lines at all: annotator `"0"` with no edits and no `noop`.
 */
function isImplicit(sentence: GoldSentence): boolean {
  const a = sentence.annotations;
  return a !== undefined && a.length === 1 && a[0].annotator === "0" &&
    a[0].edits.length === 0 && !a[0].noop;
}

/**
 * The number of annotators of a sentence as the I-measure counts it (`numann`): the XML's
 * value when the gold is XML; for M2 gold, the annotator ids that have a line in the
 * sentence's block, `noop` lines included (a sentence without `A` lines has 0).
 *
 * @example Usage
 * ```ts
 * import { annotatorCount } from "./error_groups.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(annotatorCount({ source: ["a"], annotations: [{ annotator: "0", edits: [] }] }), 0);
 * assert.equal(annotatorCount({
 *   source: ["a"],
 *   annotations: [{ annotator: "0", edits: [], noop: true }, { annotator: "1", edits: [] }],
 * }), 2);
 * assert.equal(annotatorCount({ source: ["a"], errors: [], numAnnotators: 3 }), 3);
 * ```
 *
 * @param sentence A gold sentence with annotations or error groups.
 * @returns The annotator count.
 */
export function annotatorCount(sentence: GoldSentence): number {
  if (sentence.numAnnotators !== undefined) return sentence.numAnnotators;
  if (sentence.annotations === undefined) {
    if (sentence.errors !== undefined) {
      return new Set(sentence.errors.flatMap((e) => e.alternatives.map((a) => a.annotator))).size;
    }
    throw noEdits(sentence);
  }
  return isImplicit(sentence) ? 0 : sentence.annotations.length;
}

function noEdits(sentence: GoldSentence): InputError {
  return new InputError(
    "the gold sentence has neither edits nor error groups (plain-text references cannot give I-measure errors)",
    undefined,
    sentence.line,
  );
}

/**
 * The reference converter's overlap test, argument order included (it is not symmetric: a
 * span that strictly contains the other is not caught, which never matters because longer
 * edits are placed first). Identical spans overlap; an insertion overlaps a span only when
 * strictly inside it, so insertions at an edit's boundary stay separate errors.
 */
function overlaps(e1: FlatEdit, e2: FlatEdit): boolean {
  if (e1.start === e2.start && e1.end === e2.end) return true;
  if (e1.start === e1.end) return e1.start > e2.start && e1.end < e2.end;
  if (e2.start === e2.end) return e2.start > e1.start && e2.end < e1.end;
  return (e1.end > e2.start && e1.end <= e2.end) || (e1.start >= e2.start && e1.start < e2.end);
}

function annotatorOrder(ids: Iterable<string>): (a: string, b: string) => number {
  const numeric = [...ids].every((id) => /^-?\d+$/.test(id));
  return numeric ? (a, b) => Number(a) - Number(b) : (a, b) => (a < b ? -1 : a > b ? 1 : 0);
}

function cluster(sentence: GoldSentence): ErrorGroup[] {
  const annotations = sentence.annotations!;
  const edits: FlatEdit[] = [];
  for (const a of annotations) {
    for (const e of a.edits) {
      edits.push({
        start: e.start,
        end: e.end,
        type: e.type,
        tokens: e.corrections[0] ?? [],
        annotator: a.annotator,
      });
    }
  }
  // Longest span first; the sort is stable, so ties keep file order.
  edits.sort((a, b) => (a.start - a.end) - (b.start - b.end));
  const clusters: FlatEdit[][] = [];
  for (const e of edits) {
    const home = clusters.find((c) => c.some((member) => overlaps(e, member)));
    if (home) home.push(e);
    else clusters.push([e]);
  }
  // By the span of each cluster's first (longest) edit; stable.
  clusters.sort((a, b) => a[0].start - b[0].start || a[0].end - b[0].end);
  const numann = annotatorCount(sentence);
  const order = annotatorOrder(annotations.map((a) => a.annotator));
  return clusters.map((members, i) => {
    const byAnnotator = new Map<string, Alternative>();
    for (const e of [...members].sort((a, b) => order(a.annotator, b.annotator))) {
      let alt = byAnnotator.get(e.annotator);
      if (!alt) {
        alt = { annotator: e.annotator, corrections: [] };
        byAnnotator.set(e.annotator, alt);
      }
      alt.corrections.push({ start: e.start, end: e.end, tokens: [...e.tokens] });
    }
    const alternatives = [...byAnnotator.values()];
    const types = [...new Set(members.map((e) => e.type ?? ""))];
    const group: ErrorGroup = {
      id: String(i + 1),
      required: alternatives.length === numann,
      alternatives,
    };
    const type = types.join("/");
    if (type !== "") group.type = type;
    return group;
  });
}

/**
 * The I-measure error groups of a gold sentence: `sentence.errors` when the gold has them
 * (I-measure XML), else derived from the annotations (M2) once and cached per sentence.
 *
 * Derivation follows the I-measure converter `m2_to_ixml.py`: edits are taken longest span
 * first (ties in file order, annotators in the order they appear); each joins the first
 * cluster holding an edit it overlaps (same span; or overlapping spans; an insertion only when
 * strictly inside the other span) or starts a new one; clusters are ordered by the span of
 * their first edit and numbered from 1. Each cluster has one alternative per annotator
 * (ordered by annotator id), holding that annotator's edits in cluster order, and only the
 * first correction of an edit with `||` alternatives. An error is required when every
 * annotator of the sentence (see {@linkcode annotatorCount}: `noop` annotators count, absent
 * ones do not) has an alternative in it. Its type joins the distinct edit types with `/` in
 * order of first appearance (the converter joins a Python set, whose order varies from run
 * to run). Unlike the converter, corrections are kept as tokenized in the M2 file, not
 * re-tokenized with NLTK.
 *
 * @example Usage
 * ```ts
 * import { errorGroups } from "./error_groups.ts";
 * import { parseM2 } from "./m2.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await parseM2([
 *   "S This machines is designed for help people .\n",
 *   "A 0 1|||SVA|||These|||REQUIRED|||-NONE-|||0\n",
 *   "A 2 3|||SVA|||are|||REQUIRED|||-NONE-|||0\n",
 *   "A 5 6|||Vform|||helping|||REQUIRED|||-NONE-|||0\n",
 *   "A 0 3|||SVA|||This machine is|||REQUIRED|||-NONE-|||1\n",
 * ], "x.m2");
 * const errors = errorGroups(gold.sentences[0]);
 * assert.equal(errors.length, 2);
 * assert.deepEqual(errors[0], {
 *   id: "1",
 *   type: "SVA",
 *   required: true,
 *   alternatives: [
 *     {
 *       annotator: "0",
 *       corrections: [{ start: 0, end: 1, tokens: ["These"] }, { start: 2, end: 3, tokens: ["are"] }],
 *     },
 *     { annotator: "1", corrections: [{ start: 0, end: 3, tokens: ["This", "machine", "is"] }] },
 *   ],
 * });
 * assert.equal(errors[1].required, false);
 * assert.equal(errorGroups(gold.sentences[0]), errors); // derived once
 * ```
 *
 * @param sentence A gold sentence with error groups or annotations.
 * @returns The error groups (do not modify them: they are shared).
 */
export function errorGroups(sentence: GoldSentence): ErrorGroup[] {
  if (sentence.errors !== undefined) return sentence.errors;
  let groups = cache.get(sentence);
  if (groups === undefined) {
    if (sentence.annotations === undefined) throw noEdits(sentence);
    groups = cluster(sentence);
    cache.set(sentence, groups);
  }
  return groups;
}
