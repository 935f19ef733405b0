/**
 * The M2 gold format (Dahlmeier & Ng 2012): blocks of an `S` line and zero or more `A` lines,
 * separated by blank lines.
 *
 * ```
 * S The cat sat at mat .
 * A 3 4|||Prep|||on|||REQUIRED|||-NONE-|||0
 * A 4 4|||ArtOrDet|||the||a|||REQUIRED|||-NONE-|||0
 * ```
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type {
  Annotation,
  Edit,
  Format,
  GoldCorpus,
  GoldSentence,
  ReadLimits,
} from "../plugins/types.ts";
import { readLimits } from "./limits.ts";
import { lines, tokenize } from "./text.ts";

const A_SHAPE = 'expected "A start end|||type|||correction|||required|||comment|||annotator"';

function excerpt(text: string): string {
  return JSON.stringify(text.length > 60 ? text.slice(0, 57) + "..." : text);
}

function internString(text: string, intern: Map<string, string>): string {
  const seen = intern.get(text);
  if (seen !== undefined) return seen;
  intern.set(text, text);
  return text;
}

function parseOffset(field: string): number | undefined {
  return /^-?\d+$/.test(field) ? Number(field) : undefined;
}

/** A whole number of at most 9 digits, optionally negative, spanning `text[from..to)`
 * exactly (what {@linkcode parseOffset} reads), else `undefined`. */
function shortOffset(text: string, from: number, to: number): number | undefined {
  const negative = text.charCodeAt(from) === 45;
  const first = negative ? from + 1 : from;
  if (first >= to || to - first > 9) return undefined;
  let value = 0;
  for (let i = first; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return undefined;
    value = value * 10 + d;
  }
  return negative ? -value : value;
}

/**
 * {@linkcode parseALine} for the common well-formed line (offsets `"start end"` with one
 * space, nothing to refuse), without splitting the span and fields apart: the same result,
 * or `undefined` when the line needs the full parser (which also words its errors).
 */
function parseALineQuick(
  body: string,
  sourceLength: number,
  intern: Map<string, string>,
  maxAlternatives: number,
): { annotator: string; edit?: Edit } | undefined {
  // The five separators, found as split("|||") finds them (left to right).
  const s1 = body.indexOf("|||");
  if (s1 < 0) return undefined;
  const s2 = body.indexOf("|||", s1 + 3);
  if (s2 < 0) return undefined;
  const s3 = body.indexOf("|||", s2 + 3);
  if (s3 < 0) return undefined;
  const s4 = body.indexOf("|||", s3 + 3);
  if (s4 < 0) return undefined;
  const s5 = body.indexOf("|||", s4 + 3);
  if (s5 < 0 || body.indexOf("|||", s5 + 3) >= 0) return undefined;
  // Fields 1, 3, 4 and 5 starting with "|": refused by the full parser.
  const PIPE = 124;
  if (
    body.charCodeAt(s1 + 3) === PIPE || body.charCodeAt(s3 + 3) === PIPE ||
    body.charCodeAt(s4 + 3) === PIPE || body.charCodeAt(s5 + 3) === PIPE
  ) return undefined;
  const space = body.indexOf(" ");
  if (space < 0 || space > s1) return undefined;
  const start = shortOffset(body, 0, space), end = shortOffset(body, space + 1, s1);
  if (start === undefined || end === undefined) return undefined;
  const type = internString(body.slice(s1 + 3, s2).trim(), intern);
  const annotator = internString(body.slice(s5 + 3).trim(), intern);
  if (annotator === "") return undefined;
  if (type === "noop" || (start === -1 && end === -1)) return { annotator };
  if (start < 0 || end < 0 || end < start || end > sourceLength) return undefined;
  const alternatives = body.slice(s2 + 3, s3).split("||");
  if (alternatives.length > maxAlternatives) return undefined;
  let literalNone: number[] | undefined;
  const corrections: string[][] = [];
  for (let k = 0; k < alternatives.length; k++) {
    const t = alternatives[k].trim();
    if (t !== "-NONE-") corrections.push(tokenize(t, intern));
    else {
      (literalNone ??= []).push(k);
      corrections.push([]);
    }
  }
  const edit: Edit = {
    start,
    end,
    corrections,
    type,
    required: body.slice(s3 + 3, s4).trim() === "REQUIRED",
  };
  if (literalNone) edit.literalNone = literalNone;
  const comment = body.slice(s4 + 3, s5).trim();
  if (comment !== "" && comment !== "-NONE-") edit.comment = comment;
  return { annotator, edit };
}

/**
 * Parse the body of one `A` line (the text after `"A "`).
 *
 * @returns The annotator and the edit, or `undefined` for a `noop` line.
 */
function parseALine(
  body: string,
  sourceLength: number,
  file: string,
  line: number,
  intern: Map<string, string>,
  maxAlternatives: number,
): { annotator: string; edit?: Edit } {
  const fields = body.split("|||");
  if (fields.length !== 6) {
    throw new InputError(
      `${A_SHAPE}, found ${fields.length} fields in ${excerpt("A " + body)}`,
      file,
      line,
    );
  }
  // Split from the left, four or five "|" in a row leave the extra ones at the start of the
  // next field ("x||||REQUIRED" is "x" and "|REQUIRED"): refuse that rather than read a
  // "|REQUIRED" that is not REQUIRED. (The correction field may start with "||": an empty
  // first alternative, as in m2scorer.)
  for (const k of [1, 3, 4, 5]) {
    if (fields[k].startsWith("|")) {
      throw new InputError(
        `${A_SHAPE}, found "|" next to a "|||" separator (four or more "|" in a row?) in ${
          excerpt("A " + body)
        }`,
        file,
        line,
      );
    }
  }
  const span = fields[0].trim().split(/\s+/);
  const start = parseOffset(span[0]);
  const end = parseOffset(span[1] ?? "");
  if (span.length !== 2 || start === undefined || end === undefined) {
    throw new InputError(
      `expected two integer token offsets "start end", found ${excerpt(fields[0])}`,
      file,
      line,
    );
  }
  const type = internString(fields[1].trim(), intern);
  const annotator = internString(fields[5].trim(), intern);
  if (annotator === "") {
    throw new InputError(`${A_SHAPE}, found an empty annotator id`, file, line);
  }
  if (type === "noop" || (start === -1 && end === -1)) return { annotator };
  if (start < 0 || end < 0) {
    throw new InputError(
      `expected offsets >= 0 (or "-1 -1" for noop), found ${start} ${end}`,
      file,
      line,
    );
  }
  if (end < start) {
    throw new InputError(`expected start <= end, found ${start} ${end}`, file, line);
  }
  if (end > sourceLength) {
    throw new InputError(
      `expected offsets within the sentence's ${sourceLength} tokens, found ${start} ${end}`,
      file,
      line,
    );
  }
  const literalNone: number[] = [];
  const alternatives = fields[2].split("||");
  if (alternatives.length > maxAlternatives) {
    throw new InputError(
      `expected at most ${maxAlternatives} alternative corrections, found ${alternatives.length} (the limit; --max-alternatives)`,
      file,
      line,
    );
  }
  const corrections = alternatives.map((c, k) => {
    const t = c.trim();
    if (t !== "-NONE-") return tokenize(t, intern);
    literalNone.push(k);
    return [];
  });
  const edit: Edit = { start, end, corrections, type, required: fields[3].trim() === "REQUIRED" };
  if (literalNone.length) edit.literalNone = literalNone;
  const comment = fields[4].trim();
  if (comment !== "" && comment !== "-NONE-") edit.comment = comment;
  return { annotator, edit };
}

/**
 * Parse M2 text, streaming. Handles several annotators, `||` alternatives, `-NONE-`, `noop`
 * and `-1 -1`, insertions, CRLF, a UTF-8 BOM, trailing whitespace and sentences without
 * edits. Every malformed line is an {@linkcode InputError} `FILE:LINE: what was expected`.
 *
 * @example Usage
 * ```ts
 * import { parseM2 } from "./m2.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await parseM2([
 *   "S The cat sat at mat .\n",
 *   "A 3 4|||Prep|||on|||REQUIRED|||-NONE-|||0\n\n",
 *   "S The dog .\n",
 * ], "example.m2");
 * assert.equal(gold.sentences.length, 2);
 * assert.deepEqual(gold.sentences[0].annotations?.[0].edits[0].corrections, [["on"]]);
 * assert.deepEqual(gold.sentences[1].annotations, [{ annotator: "0", edits: [] }]);
 * await assert.rejects(parseM2(["S a b\nA 1 x|||T|||c|||R|||-|||0\n"], "bad.m2"), /^InputError: bad\.m2:2: expected two integer token offsets/);
 * ```
 *
 * @param chunks The text, in chunks of any size.
 * @param file The file name for messages and the corpus' `path`.
 * @param limits Line length, distinct annotators and alternatives per edit allowed (defaults
 *   for what is not given); past one is an {@linkcode InputError} at its line.
 * @returns The gold corpus.
 */
export async function parseM2(
  chunks: AsyncIterable<string> | Iterable<string>,
  file: string,
  limits?: Partial<ReadLimits>,
): Promise<GoldCorpus> {
  const sentences: GoldSentence[] = [];
  const ids = new Set<string>();
  for await (const s of m2Sentences(chunks, file, undefined, limits)) {
    for (const a of s.annotations!) ids.add(a.annotator);
    sentences.push(s);
  }
  if (sentences.length === 0) {
    throw new InputError('expected at least one "S" line, found none', file);
  }
  const allAnnotators = sortAnnotators(ids);
  for (const s of sentences) s.allAnnotators = allAnnotators;
  return { path: file, format: "m2", sentences };
}

/**
 * The sentences of M2 text one at a time, as {@linkcode parseM2} reads them but without
 * `allAnnotators` (it needs the whole file: give it as `allAnnotators`, e.g. from a first
 * pass). Memory does not grow with the number of sentences read.
 *
 * @example Usage
 * ```ts
 * import { m2Sentences } from "./m2.ts";
 * import assert from "node:assert/strict";
 *
 * const got = [];
 * for await (const s of m2Sentences(["S a b\n", "A 0 1|||X|||c|||REQUIRED|||-NONE-|||1\n\nS d\n"], "x.m2", ["0", "1"])) {
 *   got.push(s);
 * }
 * assert.equal(got.length, 2);
 * assert.deepEqual(got[0].annotations?.[0].edits[0].corrections, [["c"]]);
 * assert.deepEqual(got[1].allAnnotators, ["0", "1"]);
 * ```
 *
 * @param chunks The text, in chunks of any size.
 * @param file The file name for messages.
 * @param allAnnotators The annotator ids of the whole file, set on every sentence if given.
 * @param limits Line length, distinct annotators and alternatives per edit allowed (defaults
 *   for what is not given); past one is an {@linkcode InputError} at its line.
 * @param options `intern` (default true): equal source tokens share their storage, which saves
 *   memory when the sentences are kept; a reader whose sentences are dropped as they are
 *   scored saves the time instead with `intern: false`. `firstLine` (default 1): the line
 *   number of the first line of `chunks`, for a part of a file. `quick` (default true): well-formed
 *   `A` lines are read by a quicker parser with the same result (false: the full parser
 *   reads every line, as tests compare them).
 * @returns The sentences, in order.
 */
export async function* m2Sentences(
  chunks: AsyncIterable<string> | Iterable<string>,
  file: string,
  allAnnotators?: string[],
  limits?: Partial<ReadLimits>,
  options: { intern?: boolean; firstLine?: number; quick?: boolean } = {},
): AsyncGenerator<GoldSentence> {
  const quick = options.quick ?? true;
  const { maxLineLength, maxAnnotators, maxAlternatives } = readLimits(limits);
  const interning = options.intern ?? true;
  const annotatorIds = new Set<string>();
  let current: GoldSentence | undefined;
  let byAnnotator = new Map<string, Annotation>();
  const intern = new Map<string, string>();
  const finish = () => {
    const done = current;
    if (!done) return undefined;
    done.annotations = byAnnotator.size
      ? [...byAnnotator.values()]
      : [{ annotator: "0", edits: [] }];
    for (const a of done.annotations) if (a.noop && a.edits.length) delete a.noop;
    if (allAnnotators) done.allAnnotators = allAnnotators;
    current = undefined;
    byAnnotator = new Map();
    // Tokens are interned to save memory; a streaming reader must not keep them all.
    if (intern.size > 1 << 16) intern.clear();
    return done;
  };
  const firstLine = options.firstLine;
  for await (const { line, text } of lines(chunks, { maxLineLength, file, firstLine })) {
    if (text.trim() === "") {
      const done = finish();
      if (done) yield done;
      continue;
    }
    if (text.startsWith("S ") || text === "S" || text.startsWith("S\t")) {
      const done = finish();
      if (done) yield done;
      current = { source: tokenize(text.slice(1), interning ? intern : undefined), line };
    } else if (text.startsWith("A ")) {
      if (!current) {
        throw new InputError('expected an "S" line before the first "A" line', file, line);
      }
      const body = text.slice(2), length = current.source.length;
      const { annotator, edit } =
        (quick ? parseALineQuick(body, length, intern, maxAlternatives) : undefined) ??
          parseALine(body, length, file, line, intern, maxAlternatives);
      if (!annotatorIds.has(annotator)) {
        annotatorIds.add(annotator);
        if (annotatorIds.size > maxAnnotators) {
          throw new InputError(
            `expected at most ${maxAnnotators} distinct annotators, found a new one (${
              excerpt(annotator)
            }) past the limit (--max-annotators)`,
            file,
            line,
          );
        }
      }
      let annotation = byAnnotator.get(annotator);
      if (!annotation) {
        annotation = { annotator, edits: [] };
        byAnnotator.set(annotator, annotation);
      }
      if (edit) annotation.edits.push(edit);
      else if (annotation.edits.length === 0) annotation.noop = true;
    } else {
      throw new InputError(
        `expected a line starting with "S " or "A ", found ${excerpt(text)}`,
        file,
        line,
      );
    }
  }
  const done = finish();
  if (done) yield done;
}

/**
 * Sort annotator ids: numerically when all are integers (as the reference scorers do), else
 * as strings.
 *
 * @example Usage
 * ```ts
 * import { sortAnnotators } from "./m2.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(sortAnnotators(["10", "2", "0"]), ["0", "2", "10"]);
 * ```
 *
 * @param ids Annotator ids.
 * @returns A new sorted array.
 */
export function sortAnnotators(ids: Iterable<string>): string[] {
  const list = [...ids];
  return list.every((id) => /^-?\d+$/.test(id))
    ? list.sort((a, b) => Number(a) - Number(b))
    : list.sort();
}

function correctionText(edit: Edit, k: number): string {
  const tokens = edit.corrections[k];
  if (tokens.length) return tokens.join(" ");
  return edit.literalNone?.includes(k) ? "-NONE-" : "";
}

/**
 * Write a gold corpus as M2. Sentences without annotations (for example from a rewrites-only
 * corpus) are written with no `A` lines; a `noop` annotation as `A -1 -1|||noop|||...`.
 *
 * @example Usage
 * ```ts
 * import { parseM2, writeM2 } from "./m2.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "S a b\nA 1 2|||X|||c||d|||REQUIRED|||-NONE-|||0\n\n";
 * assert.equal(writeM2(await parseM2([text], "x.m2")), text);
 * ```
 *
 * @param corpus The corpus.
 * @returns The M2 text.
 */
export function writeM2(corpus: GoldCorpus): string {
  const out: string[] = [];
  for (const s of corpus.sentences) {
    out.push("S " + s.source.join(" ") + "\n");
    const annotations = s.annotations ?? [];
    const implicit = annotations.length === 1 && annotations[0].annotator === "0" &&
      annotations[0].edits.length === 0 && !annotations[0].noop;
    if (!implicit) {
      for (const a of annotations) {
        if (a.edits.length === 0) {
          out.push(`A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||${a.annotator}\n`);
        }
        for (const e of a.edits) {
          const corr = e.corrections.length
            ? e.corrections.map((_, k) => correctionText(e, k)).join("||")
            : "-NONE-";
          out.push(
            `A ${e.start} ${e.end}|||${e.type ?? "-NONE-"}|||${corr}|||${
              e.required === false ? "-NONE-" : "REQUIRED"
            }|||${e.comment ?? "-NONE-"}|||${a.annotator}\n`,
          );
        }
      }
    }
    out.push("\n");
  }
  return out.join("");
}

/** The M2 gold format plugin. */
export const m2Format: Format = {
  id: "m2",
  description: "M2 gold edits (Dahlmeier & Ng 2012): S lines with A edit lines per annotator",
  extensions: [".m2"],
  sniff(head) {
    const lines = head.replace(/^\uFEFF/, "").split(/\r?\n/);
    const first = lines.find((l) => l.trim() !== "");
    // ChERRANT's M2 has target lines (`T0-A0 ...`) that M2 has not: another format's file.
    return first !== undefined && /^S( |\t|$)/.test(first) &&
      !lines.some((l) => /^T\d+-A\d+ /.test(l));
  },
  parse: parseM2,
  write: writeM2,
};
