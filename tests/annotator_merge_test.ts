import assert from "node:assert/strict";
import { align, type AlignOp } from "../annotator/align.ts";
import {
  charSimilarity,
  isPunct,
  MAX_MERGE_RUN,
  mergeEdits,
  OPEN_POS,
  type Span,
  span,
  stripApostropheHyphen,
  VERBAL,
} from "../annotator/merge.ts";
import { isUpperChar } from "../annotator/strings.ts";
import type { Analysis, Token } from "../annotator/token.ts";
import { InputError } from "../plugins/errors.ts";
import { MersenneTwister } from "../util/mt19937.ts";

// ERRANT's rule merge written plainly (every span of a run built as token slices, sets and
// joined strings), the reference for the indexed merge in annotator/merge.ts.
/** Merge or split a run of adjacent D, I and S steps. */
function processSeq(seq: readonly AlignOp[], orig: Analysis, cor: Analysis): (AlignOp | Span)[] {
  if (seq.length <= 1) return [...seq];
  const ops = seq.map((a) => a.op[0]);
  const opSet = new Set(ops);
  if (opSet.size === 1 && (opSet.has("D") || opSet.has("I"))) return span(seq);
  const recurse = (part: readonly AlignOp[]) => processSeq(part, orig, cor);
  let content = false;
  const combos: [number, number][] = [];
  for (let a = 0; a < seq.length; a++) {
    for (let b = a + 1; b < seq.length; b++) combos.push([a, b]);
  }
  combos.sort((x, y) => (y[1] - y[0]) - (x[1] - x[0]));
  for (const [start, end] of combos) {
    if (!ops.slice(start, end + 1).includes("S")) continue;
    const o = orig.slice(seq[start].oStart, seq[end].oEnd);
    const c = cor.slice(seq[start].cStart, seq[end].cEnd);
    // Possessive suffixes: first token, then last token.
    if (start === 0 && (o[0].tag === "POS" || c[0].tag === "POS")) {
      return [seq[0], ...recurse(seq.slice(1))];
    }
    if (o[o.length - 1].tag === "POS" || c[c.length - 1].tag === "POS") {
      return [
        ...recurse(seq.slice(0, end - 1)),
        ...span(seq.slice(end - 1, end + 1)),
        ...recurse(seq.slice(end + 1)),
      ];
    }
    // Case changes.
    if (o[o.length - 1].lower === c[c.length - 1].lower) {
      if (
        start === 0 &&
        ((o.length === 1 && isUpperChar(c[0].text[0])) ||
          (c.length === 1 && isUpperChar(o[0].text[0])))
      ) {
        return [...span(seq.slice(start, end + 1)), ...recurse(seq.slice(end + 1))];
      }
      if (
        (o.length > 1 && isPunct(o[o.length - 2])) || (c.length > 1 && isPunct(c[c.length - 2]))
      ) {
        return [
          ...recurse(seq.slice(0, end - 1)),
          ...span(seq.slice(end - 1, end + 1)),
          ...recurse(seq.slice(end + 1)),
        ];
      }
    }
    // Whitespace and hyphens.
    if (stripApostropheHyphen(o) === stripApostropheHyphen(c)) {
      return [
        ...recurse(seq.slice(0, start)),
        ...span(seq.slice(start, end + 1)),
        ...recurse(seq.slice(end + 1)),
      ];
    }
    // Same POS, or auxiliary/infinitive/phrasal verbs.
    const posSet = new Set([...o.map((t) => t.pos), ...c.map((t) => t.pos)]);
    if (o.length !== c.length && (posSet.size === 1 || [...posSet].every((p) => VERBAL.has(p)))) {
      return [
        ...recurse(seq.slice(0, start)),
        ...span(seq.slice(start, end + 1)),
        ...recurse(seq.slice(end + 1)),
      ];
    }
    // Split rules on the smallest chunks.
    if (end - start < 2) {
      if (o.length === 2 && c.length === 2) {
        return [...recurse(seq.slice(0, start + 1)), ...recurse(seq.slice(start + 1))];
      }
      if (
        (ops[start] === "S" && charSimilarity(o[0], c[0]) > 0.75) ||
        (ops[end] === "S" && charSimilarity(o[o.length - 1], c[c.length - 1]) > 0.75)
      ) {
        return [...recurse(seq.slice(0, start + 1)), ...recurse(seq.slice(start + 1))];
      }
      const lastOp = ops[ops.length - 1];
      if (
        end === seq.length - 1 &&
        (((lastOp === "D" || lastOp === "S") && o[o.length - 1].pos === "DET") ||
          ((lastOp === "I" || lastOp === "S") && c[c.length - 1].pos === "DET"))
      ) {
        return [...recurse(seq.slice(0, -1)), seq[seq.length - 1]];
      }
    }
    for (const p of posSet) if (OPEN_POS.has(p)) content = true;
  }
  return content ? span(seq) : [...seq];
}

function naiveMerge(seq: readonly AlignOp[], orig: Analysis, cor: Analysis): Span[] {
  const edits: Span[] = [];
  let run: AlignOp[] = [];
  const flush = () => {
    if (run.length) edits.push(...processSeq(run, orig, cor).map(toSpan));
    run = [];
  };
  for (const a of seq) {
    if (a.op === "M") flush();
    else if (a.op[0] === "T") {
      flush();
      edits.push(toSpan(a));
    } else run.push(a);
  }
  flush();
  return edits;
}

function toSpan(x: AlignOp | Span): Span {
  return { oStart: x.oStart, oEnd: x.oEnd, cStart: x.cStart, cEnd: x.cEnd };
}

const WORDS = [
  "a",
  "A",
  "sub",
  "way",
  "subway",
  "sub-way",
  "'s",
  "s",
  "friend",
  "friends",
  ",",
  ".",
  "The",
  "the",
  "is",
  "was",
  "to",
  "go",
  "went",
  "dog",
  "Dog",
  "don't",
  "do",
  "n't",
  "an",
];
const POS = ["NOUN", "VERB", "AUX", "PART", "DET", "PUNCT", "ADJ", "ADP", "PROPN"];
const TAGS = ["NN", "POS", "VB", "DT", "NNS", "."];

Deno.test("mergeEdits() equals ERRANT's rule merge written plainly on random pairs", () => {
  const twister = new MersenneTwister(5);
  const random = () => twister.random();
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const tok = (text: string): Token => ({
    text,
    lower: text.toLowerCase(),
    tag: pick(TAGS),
    pos: pick(POS),
    lemma: text,
    dep: "dep",
    head: 0,
  });
  for (let trial = 0; trial < 5000; trial++) {
    const orig = Array.from({ length: 1 + Math.floor(random() * 25) }, () => tok(pick(WORDS)));
    const cor = random() < 0.3
      ? Array.from({ length: 1 + Math.floor(random() * 25) }, () => tok(pick(WORDS)))
      : orig.map((t) => random() < 0.3 ? tok(pick(WORDS)) : t);
    const seq = align(orig, cor);
    assert.deepEqual(mergeEdits(seq, orig, cor), naiveMerge(seq, orig, cor), `trial ${trial}`);
  }
});

Deno.test("mergeEdits() refuses a run of unmatched steps past MAX_MERGE_RUN, naming the bound", () => {
  const tok = (text: string): Token => ({
    text,
    lower: text,
    tag: "NN",
    pos: "NOUN",
    lemma: text,
    dep: "dep",
    head: 0,
  });
  const orig = Array.from({ length: MAX_MERGE_RUN + 1 }, (_, i) => tok(`w${i}`));
  const cor = Array.from({ length: MAX_MERGE_RUN + 1 }, (_, i) => tok(`u${i}`));
  assert.throws(
    () => mergeEdits(align(orig, cor), orig, cor),
    (e) =>
      e instanceof InputError &&
      e.message.startsWith(
        `a run of ${MAX_MERGE_RUN + 1} unmatched alignment steps is more than the ${MAX_MERGE_RUN}`,
      ),
  );
  const fits = orig.slice(0, 40), other = cor.slice(0, 40);
  assert.equal(mergeEdits(align(fits, other), fits, other).length > 0, true);
});
