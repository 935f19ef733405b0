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

/**
 * Reads CoNLL-U text into analysed sentences.
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
export function parseConllu(text: string, file: string): Analysis[] {
  const sentences: Analysis[] = [];
  let rows: { cols: string[]; line: number }[] = [];
  const flush = () => {
    if (rows.length > 0) sentences.push(toAnalysis(rows, file));
    rows = [];
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
    // Multi-word token ranges and empty nodes carry no analysis of their own.
    if (/^\d+-\d+$/.test(cols[0]) || /^\d+\.\d+$/.test(cols[0])) return;
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

function toAnalysis(rows: { cols: string[]; line: number }[], file: string): Analysis {
  const n = rows.length;
  const heads = rows.map(({ cols, line }, i) => {
    if (cols[6] === "_" || cols[6] === "0") return i;
    const h = Number(cols[6]) - 1;
    if (h >= n) {
      throw new InputError(`HEAD ${cols[6]} is past the sentence's ${n} tokens`, file, line);
    }
    return h;
  });
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
