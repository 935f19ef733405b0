/**
 * Ready analyses: sentences a better tagger and parser analysed (spaCy, Stanza, UDPipe, ...),
 * read from CoNLL-U, so the annotator decides as ERRANT does with that tagger. Columns read:
 * FORM, LEMMA, UPOS, XPOS (a Penn Treebank tag), HEAD and DEPREL. DEPREL may be spaCy 2's
 * English labels (`aux`, `auxpass`, `dobj`, `pobj`, `prep`, `poss`, ...) or Universal
 * Dependencies labels, which are mapped to those (`aux:pass` → `auxpass`, `obj` → `dobj`,
 * `nmod:poss` → `poss`, `compound:prt` → `prt`, `case` on an adposition → `prep`, a nominal whose
 * `case` child is an adposition → `pobj`, ...). Sentences are looked up by their tokens; a
 * sentence not in the file goes to the fallback analyser.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type { Analysis, Token } from "./token.ts";
import { coarsePos } from "./tag_map.ts";
import type { Analyser } from "./tag.ts";

const UD_TO_CLEAR: Readonly<Record<string, string>> = {
  "aux:pass": "auxpass",
  obj: "dobj",
  "nsubj:pass": "nsubjpass",
  "nmod:poss": "poss",
  "compound:prt": "prt",
  "obl:npmod": "npadvmod",
  root: "ROOT",
};

/** How to read CoNLL-U. */
export interface ConlluOptions {
  /**
   * Analyses of any language, as UDPipe, Stanza, spaCy or Trankit write them: the universal POS
   * (UPOS) is the POS the aligner, the merger and the error types use; XPOS, whatever its
   * tagset, is kept as the token's tag (`_` becomes empty); lemmas keep their case; DEPREL is
   * kept as written (UD labels). This is what ERRANT's MultiGEC fork reads from spaCy-UDPipe.
   */
  readonly universal?: boolean;
}

/**
 * Reads CoNLL-U text into analysed sentences (English with Penn tags in XPOS, or with
 * `universal`, any language).
 *
 * @example One sentence with UD labels
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { parseConllu } from "./conllu.ts";
 * const text = [
 *   "1\tHe\the\tPRON\tPRP\t_\t3\tnsubj\t_\t_",
 *   "2\thas\thave\tAUX\tVBZ\t_\t3\taux\t_\t_",
 *   "3\tleft\tleave\tVERB\tVBN\t_\t0\troot\t_\t_",
 *   "",
 * ].join("\n");
 * const [s] = parseConllu(text, "x.conllu");
 * assertEquals(s.map((t) => [t.tag, t.pos, t.lemma, t.dep, t.head]), [
 *   ["PRP", "PRON", "he", "nsubj", 2],
 *   ["VBZ", "AUX", "have", "aux", 2],
 *   ["VBN", "VERB", "leave", "ROOT", 2],
 * ]);
 * ```
 */
export function parseConllu(
  text: string,
  file: string,
  options: ConlluOptions = {},
): Analysis[] {
  const sentences: Analysis[] = [];
  let rows: { cols: string[]; line: number }[] = [];
  let ranges: Range[] = [];
  const flush = () => {
    if (rows.length > 0) {
      sentences.push(
        options.universal ? toUniversal(rows, ranges, file) : toAnalysis(rows, file),
      );
    }
    rows = [];
    ranges = [];
  };
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") return flush();
    if (line.startsWith("#")) return;
    const cols = line.split("\t");
    if (cols.length !== 10) {
      throw new InputError(
        `expected 10 tab-separated CoNLL-U columns, found ${cols.length}`,
        file,
        i + 1,
      );
    }
    // Multi-word token ranges and empty nodes carry no analysis of their own; a range is one
    // token of the text (`universal`: "zum" = "zu" + "dem").
    const range = /^(\d+)-(\d+)$/.exec(cols[0]);
    if (range) {
      const from = Number(range[1]), to = Number(range[2]);
      if (from !== rows.length + 1 || to <= from) {
        throw new InputError(
          `expected a range starting at ${rows.length + 1}, found "${cols[0]}"`,
          file,
          i + 1,
        );
      }
      ranges.push({ from: from - 1, to: to - 1, form: cols[1] });
      return;
    }
    if (/^\d+\.\d+$/.test(cols[0])) return;
    if (!/^\d+$/.test(cols[0]) || Number(cols[0]) !== rows.length + 1) {
      throw new InputError(`expected token ID ${rows.length + 1}, found "${cols[0]}"`, file, i + 1);
    }
    if (!/^\d+$/.test(cols[6]) && cols[6] !== "_") {
      throw new InputError(`HEAD must be a number, found "${cols[6]}"`, file, i + 1);
    }
    rows.push({ cols, line: i + 1 });
  });
  flush();
  return sentences;
}

/** The heads of a sentence's rows (a root, or `_`, heads itself), checked. */
function headsOf(rows: { cols: string[]; line: number }[], file: string): number[] {
  const n = rows.length;
  return rows.map(({ cols, line }, i) => {
    if (cols[6] === "_" || cols[6] === "0") return i;
    const h = Number(cols[6]) - 1;
    if (h >= n) {
      throw new InputError(`HEAD ${cols[6]} is past the sentence's ${n} tokens`, file, line);
    }
    return h;
  });
}

/** A multi-word token: words `from` to `to` (0-based, inclusive) written as `form`. */
interface Range {
  from: number;
  to: number;
  form: string;
}

/**
 * A sentence of any language: one token per word, or per multi-word token (its words' analysis
 * is that of the word whose head is outside it, else its first word).
 */
function toUniversal(
  rows: { cols: string[]; line: number }[],
  ranges: Range[],
  file: string,
): Analysis {
  const heads = headsOf(rows, file);
  // Each surface token: its words [from, to] and its form.
  const spans: Range[] = [];
  const surfaceOf = new Array<number>(rows.length);
  for (let i = 0, r = 0; i < rows.length;) {
    const range = r < ranges.length && ranges[r].from === i ? ranges[r++] : undefined;
    const to = range ? Math.min(range.to, rows.length - 1) : i;
    for (let k = i; k <= to; k++) surfaceOf[k] = spans.length;
    spans.push({ from: i, to, form: range ? range.form : rows[i].cols[1] });
    i = to + 1;
  }
  return spans.map(({ from, to, form }, s): Token => {
    let k = from;
    for (let w = from; w <= to; w++) {
      if (heads[w] === w || heads[w] < from || heads[w] > to) {
        k = w;
        break;
      }
    }
    const { cols, line } = rows[k];
    if (cols[3] === "_" || cols[3] === "") {
      throw new InputError(`no UPOS for "${cols[1]}": -lang needs universal POS tags`, file, line);
    }
    return {
      text: form,
      lower: form.toLowerCase(),
      tag: cols[4] === "_" ? "" : cols[4],
      pos: cols[3],
      lemma: cols[2] === "_" ? cols[1] : cols[2],
      dep: cols[7] === "_" ? "dep" : cols[7],
      head: heads[k] === k ? s : surfaceOf[heads[k]],
    };
  });
}

function toAnalysis(rows: { cols: string[]; line: number }[], file: string): Analysis {
  const heads = headsOf(rows, file);
  const uposOf = (i: number) => rows[i].cols[3];
  const labels = rows.map(({ cols }) => cols[7].toLowerCase() === "root" ? "ROOT" : cols[7]);
  const dep = labels.map((l, i) => {
    if (Object.hasOwn(UD_TO_CLEAR, l)) return UD_TO_CLEAR[l];
    if (l === "case" && uposOf(i) === "ADP") return "prep";
    if (l === "case" && rows[i].cols[4] === "POS") return "case";
    if (l === "obl" || l === "nmod") {
      const hasCase = labels.some((x, k) => x === "case" && heads[k] === i && uposOf(k) === "ADP");
      return hasCase ? "pobj" : l;
    }
    return l;
  });
  return rows.map(({ cols }, i): Token => {
    const tag = cols[4] === "_" ? "XX" : cols[4];
    const upos = cols[3] === "_" ? coarsePos(tag) : cols[3];
    return {
      text: cols[1],
      lower: cols[1].toLowerCase(),
      tag,
      pos: upos,
      lemma: (cols[2] === "_" ? cols[1] : cols[2]).toLowerCase(),
      dep: dep[i],
      head: heads[i],
    };
  });
}

/**
 * An analyser that answers from ready analyses, by the sentence's tokens, and asks `fallback`
 * for a sentence it does not have.
 */
export function readyAnalyser(sentences: readonly Analysis[], fallback: Analyser): Analyser {
  const byText = new Map<string, Analysis>();
  for (const s of sentences) byText.set(s.map((t) => t.text).join(" "), s);
  return (tokens) => byText.get(tokens.join(" ")) ?? fallback(tokens);
}
