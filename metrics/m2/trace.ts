/**
 * The m2scorer's verbose (`-v`) trace: per sentence and annotator the source, hypothesis,
 * chosen edit sequence, gold edits, correct edits and running counts, then the chosen
 * annotator; at the end the exact totals. Same text as the reference prints.
 *
 * @module
 */

import { prf } from "../../edits/prf.ts";
import type { GoldSentence, Tokens } from "../../plugins/types.ts";
import {
  chooseAnnotator,
  editRepr,
  m2Annotators,
  m2CountF,
  type M2Options,
  m2Score,
  shrinkEdit,
} from "./mod.ts";
import { m2Annotations } from "./annotators.ts";
import type { M2GoldEdit } from "./lattice.ts";
import { pyFixed, pyFloat, pyRepr } from "../../util/python_number.ts";

/** One system sentence: its tokens and its text as the reference prints it. */
export interface TraceHypothesis {
  /** Tokens. */
  tokens: Tokens;
  /** The stripped line. */
  text: string;
}

/**
 * Whether a gold correction was written `-NONE-` (the reference prints it as a byte string
 * `''`) rather than left empty (a unicode `u''`): by sentence index, annotator, edit index
 * among the annotator's edits, and correction index.
 */
export type LiteralNone = (
  sentence: number,
  annotator: string,
  edit: number,
  correction: number,
) => boolean;

/**
 * The {@linkcode LiteralNone} of parsed M2 gold: what the reader kept in each edit's
 * `literalNone`.
 *
 * @example Usage
 * ```ts
 * import { literalNoneOf } from "./trace.ts";
 * import { parseM2 } from "../../formats/m2.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await parseM2(["S a b\nA 0 1|||X|||-NONE-|||R|||-|||0\nA 1 2|||X||||||R|||-|||0\n"], "x");
 * const none = literalNoneOf(gold.sentences);
 * assert.equal(none(0, "0", 0, 0), true);
 * assert.equal(none(0, "0", 1, 0), false);
 * ```
 *
 * @param gold The gold sentences.
 * @returns The lookup.
 */
export function literalNoneOf(gold: readonly GoldSentence[]): LiteralNone {
  return (sentence, annotator, edit, correction) =>
    (gold[sentence] ? m2Annotations(gold[sentence]) : []).find((a) => a.annotator === annotator)
      ?.edits[edit]?.literalNone?.includes(correction) ?? false;
}

function goldRepr(
  g: M2GoldEdit,
  literalNone: (edit: number, correction: number) => boolean,
  index: number,
): string {
  const corrections = g.corrections.map((c, k) =>
    c === "" && !literalNone(index, k) ? "u''" : pyRepr(c)
  );
  return `(${g.start}, ${g.end}, ${pyRepr(g.original)}, [${corrections.join(", ")}])`;
}

function annotatorId(id: string): string {
  return /^-?\d+$/.test(id) ? String(Number(id)) : id;
}

/**
 * The verbose trace, line by line (each yielded string ends with a newline), followed by the
 * totals block the reference prints before its three summary lines.
 *
 * @example Usage
 * ```ts
 * import { m2VerboseTrace } from "./trace.ts";
 * import { readGold } from "../../builtin.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const hyps = ["A cat sat on the mat .", "The dog .", "Giant otters are apex predator ."]
 *   .map((text) => ({ text, tokens: text.split(" ") }));
 * const text = [...m2VerboseTrace(gold.sentences, hyps, { beta: 0.5, max_unchanged_words: 2,
 *   ignore_whitespace_casing: false })].join("");
 * assert.ok(text.includes(">> Chosen Annotator for line 2 : 1\n"));
 * assert.ok(text.endsWith("F_0.5 = 0.8\n"));
 * ```
 *
 * @param gold Gold sentences.
 * @param hypotheses System sentences, one per gold sentence.
 * @param options M2 options.
 * @param literalNone Which empty gold corrections were written `-NONE-` (default: what the M2
 *   reader kept in each edit's `literalNone`; the others print as `u''`).
 * @returns The trace text, in pieces.
 */
export function* m2VerboseTrace(
  gold: readonly GoldSentence[],
  hypotheses: readonly TraceHypothesis[],
  options: M2Options,
  literalNone: LiteralNone = literalNoneOf(gold),
): Generator<string> {
  const beta = options.beta;
  const betaText = pyFixed(beta, 1);
  const totals: [number, number, number] = [0, 0, 0];
  for (let s = 0; s < gold.length; s++) {
    const hyp = hypotheses[s];
    const results = m2Annotators(gold[s], hyp.tokens, options);
    const counts = results.map((r) => [r.correct.length, r.edits.length, r.gold.length]);
    const out: string[] = [];
    results.forEach((r, i) => {
      const [c, p, g] = counts[i].map((x, k) => totals[k] + x);
      out.push(`>> Annotator: ${annotatorId(r.annotator)}`);
      out.push(...r.marks);
      out.push(`SOURCE        : ${gold[s].source.join(" ")}`);
      out.push(`HYPOTHESIS    : ${hyp.text}`);
      out.push(`EDIT SEQ      : [${r.edits.map((e) => editRepr(shrinkEdit(e))).join(", ")}]`);
      out.push(
        `GOLD EDITS    : [${
          r.gold.map((g, e) => goldRepr(g, (edit, k) => literalNone(s, r.annotator, edit, k), e))
            .join(", ")
        }]`,
      );
      out.push(`CORRECT EDITS : [${r.correct.map(editRepr).join(", ")}]`);
      out.push(`# correct     : ${c}`);
      out.push(`# proposed    : ${p}`);
      out.push(`# gold        : ${g}`);
      const rates = prf({ tp: c, fp: p - c, fn: g - c }, { beta });
      out.push(`precision     : ${pyFloat(rates.precision)}`);
      out.push(`recall        : ${pyFloat(rates.recall)}`);
      out.push(`f_${betaText}         : ${pyFloat(m2CountF(c, p, g, beta))}`);
      out.push("-------------------------------------------");
    });
    const chosen = chooseAnnotator(totals, counts, beta);
    out.push(
      `>> Chosen Annotator for line ${s + 1} : ${
        chosen >= 0 ? annotatorId(results[chosen].annotator) : "-1"
      }`,
    );
    out.push("");
    if (chosen >= 0) { for (let k = 0; k < 3; k++) totals[k] += counts[chosen][k]; }
    yield out.join("\n") + "\n";
  }
  const score = m2Score(totals[0], totals[1], totals[2], beta);
  yield [
    `CORRECT EDITS  : ${totals[0]}`,
    `PROPOSED EDITS : ${totals[1]}`,
    `GOLD EDITS     : ${totals[2]}`,
    `P = ${pyFloat(score.precision)}`,
    `R = ${pyFloat(score.recall)}`,
    `F_${betaText} = ${pyFloat(score.f)}`,
  ].join("\n") + "\n";
}
