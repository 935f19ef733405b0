/**
 * ChERRANT's scoring (`compare_m2_for_evaluation.py`): every annotator's edits are the union of
 * its alternative alignments (an edit two alternatives share counts twice), a sentence whose one
 * annotator could not annotate it (`NA`) is skipped, and the pair of hypothesis and reference
 * annotators is chosen per sentence, in order, to maximise the corpus F-score so far (then more
 * TP, fewer FP, fewer FN), with precision, recall and F rounded to 4 places as the script rounds
 * them (the choice compares rounded values).
 *
 * @example The counts of one sentence
 * ```ts
 * import { compareEdits, processEdits, simplifyBlock } from "./compare.ts";
 * import assert from "node:assert/strict";
 *
 * const hyp = simplifyBlock("S 我 去\nT0-A0 我 们 去\nA 1 1|||M|||们|||REQUIRED|||-NONE-|||0");
 * const ref = simplifyBlock("S 我 去\nT0-A0 我 们 去 了\nA 1 1|||M|||们|||REQUIRED|||-NONE-|||0\nA 2 2|||M|||了|||REQUIRED|||-NONE-|||0");
 * const opts = { mode: "cs" as const, single: false, multi: false, filt: [] };
 * const [h] = processEdits(hyp, opts), [r] = processEdits(ref, opts);
 * assert.deepEqual([...compareEdits(h.edits, r.edits)].slice(0, 3), [1, 0, 1]);
 * ```
 *
 * @module
 */

import { pyRound } from "./python.ts";
import { pySplit } from "./text.ts";

/** One edit as the script simplifies it: `[start, end, cat, cor, coder]`. */
export interface SimpleEdit {
  /** Start. */
  start: number;
  /** End. */
  end: number;
  /** Error type. */
  cat: string;
  /** Correction, spaces removed. */
  cor: string;
  /** Annotator number. */
  coder: number;
}

/** `cs` (default), `cse`, `ds` or `dt`, as the script's flags. */
export type CompareMode = "cs" | "cse" | "ds" | "dt";

/** The options that shape the edits compared. */
export interface EditFilter {
  /** What an edit is compared by. */
  mode: CompareMode;
  /** Only edits of one token or none on each side (`-single`). */
  single: boolean;
  /** Only edits of two or more tokens on a side (`-multi`). */
  multi: boolean;
  /** Error types left out (`-filt`). */
  filt: readonly string[];
}

/** The edits of one annotator: key (a tuple) to the types listed under it. */
export interface CoderEdits {
  /** The annotator. */
  coder: number;
  /** Edit key (its tuple, joined) to tuple and types, in first-seen order. */
  edits: Map<string, { key: (number | string)[]; cats: string[] }>;
}

/**
 * The `A` lines of an M2 block, simplified (`simplify_edits`), keeping annotators 0 to
 * `maxAnswers - 1` when `maxAnswers` is 1, 2 or 3; another number gives no edits at all, as
 * the script (which then returns nothing) does.
 *
 * @param block The block's text.
 * @param maxAnswers `--max_answer_num`.
 * @returns The edits.
 * @throws {Error} For an `A` line whose offsets or annotator are not numbers.
 */
export function simplifyBlock(block: string, maxAnswers?: number): SimpleEdit[] {
  const out: SimpleEdit[] = [];
  for (const line of block.split("\n")) {
    if (!line.startsWith("A ")) continue;
    const fields = line.slice(2).split("|||");
    const span = pySplit(fields[0]);
    const start = pyInt(span[0]), end = pyInt(span[1]);
    const coder = pyInt(fields[fields.length - 1]);
    if ([start, end, coder].some(Number.isNaN) || fields.length < 3) {
      throw new Error(`cannot read the edit line ${JSON.stringify(line)}`);
    }
    out.push({ start, end, cat: fields[1], cor: fields[2].replaceAll(" ", ""), coder });
  }
  if (maxAnswers === undefined) return out;
  if (maxAnswers >= 1 && maxAnswers <= 3) {
    return out.filter((e) => e.coder < maxAnswers && e.coder >= 0);
  }
  return [];
}

function pyInt(s: string | undefined): number {
  if (s === undefined) return NaN;
  const t = s.trim().replaceAll("_", "");
  return /^[-+]?\d+$/.test(t) ? Number.parseInt(t, 10) : NaN;
}

/**
 * Groups edits by annotator under the comparison keys (`process_edits`).
 *
 * @param edits The edits.
 * @param filter Mode and filters.
 * @returns The annotators, in first-seen order.
 */
export function processEdits(edits: readonly SimpleEdit[], filter: EditFilter): CoderEdits[] {
  const list = edits.length
    ? edits
    : [{ start: -1, end: -1, cat: "noop", cor: "-NONE-", coder: 0 }];
  const coders = new Map<number, CoderEdits>();
  const detection = filter.mode === "dt" || filter.mode === "ds";
  for (const e of list) {
    let coder = coders.get(e.coder);
    if (!coder) coders.set(e.coder, coder = { coder: e.coder, edits: new Map() });
    if (!detection && e.cat === "UNK") continue;
    const corTokens = pySplit(e.cor).length;
    if (filter.single && (e.end - e.start >= 2 || corTokens >= 2)) continue;
    if (filter.multi && e.end - e.start < 2 && corTokens < 2) continue;
    if (filter.filt.length && filter.filt.includes(e.cat)) continue;
    const add = (key: (number | string)[]) => {
      const id = key.join("\u0000");
      const known = coder.edits.get(id);
      if (known) known.cats.push(e.cat);
      else coder.edits.set(id, { key, cats: [e.cat] });
    };
    if (filter.mode === "dt") {
      if (e.start === -1) add([e.start, e.start]);
      else if (e.start === e.end && e.start >= 0) add([e.start, e.start + 1]);
      else for (let t = e.start; t < e.end; t++) add([t, t + 1]);
    } else if (filter.mode === "ds") add([e.start, e.end]);
    else if (filter.mode === "cse") add([e.start, e.end, e.cat, e.cor]);
    else add([e.start, e.end, e.cor]);
  }
  return [...coders.values()];
}

/** Counts per error type: `[tp, fp, fn]`, in first-seen order. */
export type CategoryCounts = [string, [number, number, number]][];

/**
 * TP, FP and FN of one hypothesis annotator against one reference annotator (`compareEdits`).
 *
 * @param hyp The hypothesis edits.
 * @param ref The reference edits.
 * @returns TP, FP, FN and the counts per type.
 */
export function compareEdits(
  hyp: CoderEdits["edits"],
  ref: CoderEdits["edits"],
): [number, number, number, CategoryCounts] {
  let tp = 0, fp = 0, fn = 0;
  const cats = new Map<string, [number, number, number]>();
  const bump = (cat: string, k: 0 | 1 | 2) => {
    let c = cats.get(cat);
    if (!c) cats.set(cat, c = [0, 0, 0]);
    c[k]++;
  };
  for (const [id, h] of hyp) {
    if (h.cats[0] === "noop") continue;
    const r = ref.get(id);
    if (r) {
      for (const cat of r.cats) {
        tp++;
        bump(cat, 0);
      }
    } else {
      for (const cat of h.cats) {
        fp++;
        bump(cat, 1);
      }
    }
  }
  for (const [id, r] of ref) {
    if (r.cats[0] === "noop") continue;
    if (!hyp.has(id)) {
      for (const cat of r.cats) {
        fn++;
        bump(cat, 2);
      }
    }
  }
  return [tp, fp, fn, [...cats]];
}

/**
 * Precision, recall and F-beta rounded to 4 places (`computeFScore`).
 *
 * @param tp True positives.
 * @param fp False positives.
 * @param fn False negatives.
 * @param beta Beta.
 * @returns `[p, r, f]`.
 */
export function computeFScore(tp: number, fp: number, fn: number, beta: number) {
  const [p, r, f] = unroundedFScore(tp, fp, fn, beta);
  return [pyRound(p, 4), pyRound(r, 4), pyRound(f, 4)] as const;
}

/**
 * Precision, recall and F-beta as the script computes them, before rounding.
 *
 * @param tp True positives.
 * @param fp False positives.
 * @param fn False negatives.
 * @param beta Beta.
 * @returns `[p, r, f]`.
 */
export function unroundedFScore(tp: number, fp: number, fn: number, beta: number) {
  const p = fp ? tp / (tp + fp) : 1.0;
  const r = fn ? tp / (tp + fn) : 1.0;
  const b2 = beta ** 2;
  const f = p + r ? ((1 + b2) * p * r) / (b2 * p + r) : 0.0;
  return [p, r, f] as const;
}

/** One sentence's comparisons: every hypothesis annotator against every reference one. */
export interface SentenceComparisons {
  /** True for a sentence left out (not annotatable, or not the wanted number of annotators). */
  skip: boolean;
  /** Hypothesis annotator per pair. */
  hyp: number[];
  /** Reference annotator per pair. */
  ref: number[];
  /** TP, FP, FN per pair, hypothesis-major. */
  counts: [number, number, number][];
  /** Counts per type per pair. */
  cats: CategoryCounts[];
}

/**
 * Compares a sentence's annotators pairwise (the loop of `evaluate_edits`).
 *
 * @param hyp Hypothesis annotators.
 * @param ref Reference annotators.
 * @param referenceNum `--reference_num`: skip a sentence with another number of annotators.
 * @returns The comparisons.
 */
export function compareSentence(
  hyp: readonly CoderEdits[],
  ref: readonly CoderEdits[],
  referenceNum?: number,
): SentenceComparisons {
  const out: SentenceComparisons = { skip: false, hyp: [], ref: [], counts: [], cats: [] };
  if (referenceNum !== undefined && ref.length !== referenceNum) return { ...out, skip: true };
  if (ref.length === 1 && ref[0].edits.size === 1) {
    const [only] = ref[0].edits.values();
    if (only.cats[0] === "NA") return { ...out, skip: true };
  }
  for (const h of hyp) {
    for (const r of ref) {
      const [tp, fp, fn, cats] = compareEdits(h.edits, r.edits);
      out.hyp.push(h.coder);
      out.ref.push(r.coder);
      out.counts.push([tp, fp, fn]);
      out.cats.push(cats);
    }
  }
  return out;
}

/**
 * The pair the script keeps given the corpus counts so far (-1 when there is none).
 *
 * @param counts TP, FP, FN per pair.
 * @param best The corpus counts so far.
 * @param beta Beta.
 * @returns The pair's index.
 */
export function choosePair(
  counts: readonly (readonly [number, number, number])[],
  best: { tp: number; fp: number; fn: number },
  beta: number,
): number {
  let bestTp = 0, bestFp = 0, bestFn = 0, bestF = -1, chosen = -1;
  counts.forEach(([tp, fp, fn], k) => {
    const f = computeFScore(tp + best.tp, fp + best.fp, fn + best.fn, beta)[2];
    if (
      f > bestF || (f === bestF && tp > bestTp) ||
      (f === bestF && tp === bestTp && fp < bestFp) ||
      (f === bestF && tp === bestTp && fp === bestFp && fn < bestFn)
    ) {
      [bestTp, bestFp, bestFn, bestF, chosen] = [tp, fp, fn, f, k];
    }
  });
  return chosen;
}

/** The corpus counts and the chosen pair of each sentence. */
export interface Totals {
  /** True positives. */
  tp: number;
  /** False positives. */
  fp: number;
  /** False negatives. */
  fn: number;
  /** Per type `[tp, fp, fn]`, types in first-seen order. */
  cats: Map<string, [number, number, number]>;
  /** The chosen pair per sentence (-1: skipped or none). */
  chosen: number[];
}

/**
 * The corpus totals, sentence by sentence in order.
 *
 * @param sentences Each sentence's comparisons.
 * @param beta Beta.
 * @returns The totals.
 */
export function corpusTotals(sentences: readonly SentenceComparisons[], beta: number): Totals {
  const t: Totals = { tp: 0, fp: 0, fn: 0, cats: new Map(), chosen: [] };
  for (const s of sentences) {
    if (s.skip) {
      t.chosen.push(-1);
      continue;
    }
    const k = choosePair(s.counts, t, beta);
    t.chosen.push(k);
    if (k < 0) continue;
    const [tp, fp, fn] = s.counts[k];
    t.tp += tp;
    t.fp += fp;
    t.fn += fn;
    for (const [cat, c] of s.cats[k]) {
      const known = t.cats.get(cat);
      if (known) { for (let i = 0; i < 3; i++) known[i] += c[i]; }
      else t.cats.set(cat, [...c]);
    }
  }
  return t;
}

/**
 * Per-type counts at a level of `-cat` (`processCategories`): 1 the operation (`M`), 2 what
 * follows it (`NOUN`; empty at character level), 3 the type as it is.
 *
 * @param cats Counts per type.
 * @param level 1, 2 or 3.
 * @returns Counts per grouped type.
 */
export function groupCategories(
  cats: ReadonlyMap<string, readonly [number, number, number]>,
  level: number,
): Map<string, [number, number, number]> {
  const out = new Map<string, [number, number, number]>();
  for (const [cat, c] of cats) {
    const key = cat === "UNK" || level === 3
      ? cat
      : level === 1
      ? cat.slice(0, 1)
      : [...cat].slice(2).join("");
    const known = out.get(key);
    if (known) { for (let i = 0; i < 3; i++) known[i] += c[i]; }
    else out.set(key, [c[0], c[1], c[2]]);
  }
  return out;
}
