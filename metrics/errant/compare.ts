/**
 * The heart of ERRANT's scorer (`errant_compare`, v3.0.2), written from its observed
 * behaviour: edits are filtered and turned into keys per evaluation mode, each hypothesis
 * coder is compared with each reference coder, and the greedy corpus-level choice picks one
 * pair per sentence.
 *
 * @module
 */

import { fBeta, prf } from "../../edits/prf.ts";
import { pyCompare, pySplit } from "./python.ts";

/** One edit as ERRANT's scorer sees an M2 `A` line. */
export interface ErrantEdit {
  /** Start token (-1 for noop). */
  start: number;
  /** End token (-1 for noop). */
  end: number;
  /** Error type as written (`R:NOUN`, `UNK`, `noop`). */
  cat: string;
  /** The correction field exactly as written (`-NONE-`, `a||b` and spaces kept). */
  cor: string;
  /** The coder (annotator) id, canonical (`"0"`, `"1"`). */
  coder: string;
}

/** What is evaluated and how (the `errant_compare` flags). */
export type ErrantMode = "cs" | "cse" | "ds" | "dt";

/** The options that change which edits count and how they are keyed. */
export interface ErrantEditOptions {
  /** `cs` span correction (default), `cse` with type, `ds` span detection, `dt` tokens. */
  mode: ErrantMode;
  /** Only edits of at most one token on each side. */
  single: boolean;
  /** Only edits of two or more tokens on some side. */
  multi: boolean;
  /** Error types (exact, e.g. `R:OTHER`) not evaluated. */
  filt: readonly string[];
}

/** One key of a coder's edits: the tuple ERRANT compares, and the categories at it. */
export interface KeyedEdit {
  /** The tuple: `(start, end, cor)`, `(start, end, cat, cor)` or `(start, end)`. */
  key: (number | string)[];
  /** The categories of the edits with this key, in file order. */
  cats: string[];
}

/** One coder's keyed edits, in first-seen order. */
export interface CoderEdits {
  /** The coder id. */
  coder: string;
  /** Keyed edits by the key's JSON text. */
  edits: Map<string, KeyedEdit>;
}

/**
 * ERRANT's `process_edits`: a block without edits is one coder-0 noop; a coder is listed
 * before its edits are filtered (so a coder whose edits are all filtered still competes);
 * `UNK` edits count only for detection; `-single`, `-multi` and `-filt` drop edits; the
 * rest are keyed by the mode.
 *
 * @example Usage
 * ```ts
 * import { processEdits } from "./compare.ts";
 * import assert from "node:assert/strict";
 *
 * const coders = processEdits([
 *   { start: 1, end: 3, cat: "R:VERB", cor: "went", coder: "0" },
 *   { start: 2, end: 2, cat: "UNK", cor: "", coder: "1" },
 * ], { mode: "dt", single: false, multi: false, filt: [] });
 * assert.deepEqual(coders.map((c) => [...c.edits.keys()]), [["[1,2]", "[2,3]"], ["[2,3]"]]);
 * assert.deepEqual(processEdits([], { mode: "cs", single: false, multi: false, filt: [] })[0]
 *   .edits.get('[-1,-1,"-NONE-"]'), { key: [-1, -1, "-NONE-"], cats: ["noop"] });
 * ```
 *
 * @param edits The block's edits, in file order.
 * @param options Mode and filters.
 * @returns The coders in first-seen order.
 */
export function processEdits(
  edits: readonly ErrantEdit[],
  options: ErrantEditOptions,
): CoderEdits[] {
  const list = edits.length
    ? edits
    : [{ start: -1, end: -1, cat: "noop", cor: "-NONE-", coder: "0" }];
  const coders = new Map<string, Map<string, KeyedEdit>>();
  const detection = options.mode === "ds" || options.mode === "dt";
  for (const { start, end, cat, cor, coder } of list) {
    let keyed = coders.get(coder);
    if (!keyed) coders.set(coder, keyed = new Map());
    if (!detection && cat === "UNK") continue;
    const corTokens = pySplit(cor).length;
    if (options.single && (end - start >= 2 || corTokens >= 2)) continue;
    if (options.multi && end - start < 2 && corTokens < 2) continue;
    if (options.filt.length && options.filt.includes(cat)) continue;
    const add = (key: (number | string)[]) => {
      const id = JSON.stringify(key);
      const seen = keyed!.get(id);
      if (seen) seen.cats.push(cat);
      else keyed!.set(id, { key, cats: [cat] });
    };
    if (options.mode === "dt") {
      if (start === -1) add([start, start]);
      else if (start === end && start >= 0) add([start, start + 1]);
      else for (let t = start; t < end; t++) add([t, t + 1]);
    } else if (options.mode === "ds") add([start, end]);
    else if (options.mode === "cse") add([start, end, cat, cor]);
    else add([start, end, cor]);
  }
  return [...coders].map(([coder, edits]) => ({ coder, edits }));
}

/** Counts per category: `[tp, fp, fn]`, in first-seen order. */
export type CategoryCounts = [category: string, tp: number, fp: number, fn: number][];

/** The comparison of one hypothesis coder with one reference coder. */
export interface Comparison {
  /** True positives. */
  tp: number;
  /** False positives. */
  fp: number;
  /** False negatives. */
  fn: number;
  /** The same counts per category. */
  cats: CategoryCounts;
}

/**
 * ERRANT's `compareEdits`: a hypothesis key found among the reference keys is a true
 * positive for each reference category at that key; one not found is a false positive for
 * each of its own categories; a reference key not found among the hypothesis keys is a
 * false negative for each of its categories. Keys whose first category is `noop` are
 * skipped.
 *
 * @example Usage
 * ```ts
 * import { compareEdits, processEdits } from "./compare.ts";
 * import assert from "node:assert/strict";
 *
 * const options = { mode: "cs" as const, single: false, multi: false, filt: [] };
 * const [hyp] = processEdits([{ start: 0, end: 1, cat: "R:DET", cor: "The", coder: "0" }], options);
 * const [ref] = processEdits([
 *   { start: 0, end: 1, cat: "R:DET", cor: "The", coder: "0" },
 *   { start: 3, end: 3, cat: "M:PREP", cor: "of", coder: "0" },
 * ], options);
 * assert.deepEqual(compareEdits(hyp.edits, ref.edits),
 *   { tp: 1, fp: 0, fn: 1, cats: [["R:DET", 1, 0, 0], ["M:PREP", 0, 0, 1]] });
 * ```
 *
 * @param hyp One hypothesis coder's keyed edits.
 * @param ref One reference coder's keyed edits.
 * @returns The counts.
 */
export function compareEdits(
  hyp: ReadonlyMap<string, KeyedEdit>,
  ref: ReadonlyMap<string, KeyedEdit>,
): Comparison {
  let tp = 0, fp = 0, fn = 0;
  const cats = new Map<string, [string, number, number, number]>();
  const bump = (cat: string, k: 1 | 2 | 3) => {
    let row = cats.get(cat);
    if (!row) cats.set(cat, row = [cat, 0, 0, 0]);
    row[k]++;
  };
  for (const [id, h] of hyp) {
    if (h.cats[0] === "noop") continue;
    const r = ref.get(id);
    if (r) {
      for (const cat of r.cats) {
        tp++;
        bump(cat, 1);
      }
    } else {
      for (const cat of h.cats) {
        fp++;
        bump(cat, 2);
      }
    }
  }
  for (const [id, r] of ref) {
    if (r.cats[0] === "noop" || hyp.has(id)) continue;
    for (const cat of r.cats) {
      fn++;
      bump(cat, 3);
    }
  }
  return { tp, fp, fn, cats: [...cats.values()] };
}

/**
 * ERRANT's `computeFScore`: precision 1 without false positives, recall 1 without false
 * negatives, F 0 when both are 0; each rounded to 4 places as Python's `round` does.
 *
 * @example Usage
 * ```ts
 * import { errantF } from "./compare.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(errantF(483, 795, 1934, 0.5), [0.3779, 0.1998, 0.3208]);
 * assert.deepEqual(errantF(0, 0, 0, 0.5), [1, 1, 1]);
 * assert.deepEqual(errantF(0, 2, 0, 0.5), [0, 1, 0]);
 * ```
 *
 * @param tp True positives.
 * @param fp False positives.
 * @param fn False negatives.
 * @param beta Beta.
 * @returns `[precision, recall, f]`, rounded.
 */
export function errantF(
  tp: number,
  fp: number,
  fn: number,
  beta: number,
): [number, number, number] {
  const { precision, recall, f } = prf({ tp, fp, fn }, { beta, convention: "errant" });
  return [precision, recall, f];
}

/** Running corpus totals. */
export interface Totals {
  /** True positives. */
  tp: number;
  /** False positives. */
  fp: number;
  /** False negatives. */
  fn: number;
}

/**
 * ERRANT's choice of one hypothesis/reference coder pair for a sentence: the highest F of
 * the running totals plus the pair's counts (F rounded to 4 places), then more true
 * positives, fewer false positives, fewer false negatives; on a full tie the first pair
 * (hypothesis coders outer, reference coders inner, in first-seen order) stays.
 *
 * @example Usage
 * ```ts
 * import { choosePair } from "./compare.ts";
 * import assert from "node:assert/strict";
 *
 * const pairs = [{ tp: 0, fp: 1, fn: 2 }, { tp: 1, fp: 0, fn: 3 }, { tp: 1, fp: 0, fn: 3 }];
 * assert.equal(choosePair(pairs, { tp: 0, fp: 0, fn: 0 }, 0.5), 1);
 * ```
 *
 * @param pairs The counts of each pair, in ERRANT's order.
 * @param totals The corpus totals before this sentence.
 * @param beta Beta.
 * @returns The index of the chosen pair.
 */
export function choosePair(pairs: readonly Totals[], totals: Totals, beta: number): number {
  let bestTp = 0, bestFp = 0, bestFn = 0, bestF = -1, chosen = -1;
  pairs.forEach(({ tp, fp, fn }, index) => {
    const f = fBeta(tp + totals.tp, fp + totals.fp, fn + totals.fn, beta, "errant");
    if (
      f > bestF || (f === bestF && tp > bestTp) ||
      (f === bestF && tp === bestTp && fp < bestFp) ||
      (f === bestF && tp === bestTp && fp === bestFp && fn < bestFn)
    ) {
      bestTp = tp;
      bestFp = fp;
      bestFn = fn;
      bestF = f;
      chosen = index;
    }
  });
  return chosen;
}

/**
 * Add a sentence's chosen coder pair to the running corpus totals and the counts per
 * category, as ERRANT does after each choice.
 *
 * @example Usage
 * ```ts
 * import { addChosen } from "./compare.ts";
 * import assert from "node:assert/strict";
 *
 * const totals = { tp: 1, fp: 0, fn: 0 };
 * const cats = new Map<string, [number, number, number]>([["R:VERB", [1, 0, 0]]]);
 * addChosen(totals, cats, [1, 1, 0], [["R:VERB", 1, 0, 0], ["M:DET", 0, 1, 0]]);
 * assert.deepEqual(totals, { tp: 2, fp: 1, fn: 0 });
 * assert.deepEqual([...cats], [["R:VERB", [2, 0, 0]], ["M:DET", [0, 1, 0]]]);
 * ```
 *
 * @param totals The running totals (added to).
 * @param cats Counts per category (added to).
 * @param counts The chosen pair's `[tp, fp, fn]`.
 * @param chosenCats The chosen pair's counts per category.
 */
export function addChosen(
  totals: Totals,
  cats: Map<string, [number, number, number]>,
  counts: readonly [number, number, number],
  chosenCats: CategoryCounts,
): void {
  totals.tp += counts[0];
  totals.fp += counts[1];
  totals.fn += counts[2];
  for (const [cat, tp, fp, fn] of chosenCats) addCounts(cats, cat, tp, fp, fn);
}

/** Add counts to a category's row, making the row if it is new. */
function addCounts(
  cats: Map<string, [number, number, number]>,
  key: string,
  tp: number,
  fp: number,
  fn: number,
): void {
  const row = cats.get(key);
  if (row) {
    row[0] += tp;
    row[1] += fp;
    row[2] += fn;
  } else cats.set(key, [tp, fp, fn]);
}

/**
 * ERRANT's category levels: 1 keeps the operation (`R`), 2 the main type (`NOUN:NUM`), 3
 * the full type; `UNK` stays `UNK` at every level. A type in another taxonomy (UA-GEC's
 * `Spelling`, `G/Case`, `F/Style`, NUCLE's `ArtOrDet`: not an operation letter and a colon)
 * has no operation: level 1 is its group (the part before the first `/`, else the whole
 * type), levels 2 and 3 the whole type. ERRANT cuts such a type as if it had an operation
 * (`Spelling` → `S` and `elling`); a one-letter type is cut as ERRANT cuts it.
 *
 * @example Usage
 * ```ts
 * import { categoryAt } from "./compare.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual([1, 2, 3].map((level) => categoryAt("R:NOUN:NUM", level)), ["R", "NOUN:NUM", "R:NOUN:NUM"]);
 * assert.equal(categoryAt("UNK", 1), "UNK");
 * assert.deepEqual([1, 2, 3].map((level) => categoryAt("G/Case", level)), ["G", "G/Case", "G/Case"]);
 * assert.deepEqual([1, 2].map((level) => categoryAt("Spelling", level)), ["Spelling", "Spelling"]);
 * ```
 *
 * @param cat The full type.
 * @param level 1, 2 or 3.
 * @returns The category at that level.
 */
export function categoryAt(cat: string, level: number): string {
  if (cat === "UNK" || level === 3) return cat;
  // Python indexes code points; an empty type has no first character (ERRANT fails there).
  const chars = [...cat];
  if (chars.length <= 1 || chars[1] === ":") {
    return level === 1 ? chars[0] ?? "" : chars.slice(2).join("");
  }
  const slash = cat.indexOf("/");
  return level === 1 && slash > 0 ? cat.slice(0, slash) : cat;
}

/** ERRANT options (names as on the command line: `--opt errant.mode=ds`). */
export interface ErrantOptions {
  /** F-score beta (`-b`). */
  beta: number;
  /** `cs` span correction (default), `cse` span correction + type, `ds` span detection,
   * `dt` token detection. */
  mode: string;
  /** Category level of the per-category scores: 1 operation, 2 main type, 3 full type. */
  cat: number;
  /** Only single-token edits (`-single`). */
  single: boolean;
  /** Only multi-token edits (`-multi`). */
  multi: boolean;
  /** Error types not evaluated (`-filt`), separated by spaces or commas; exact names. */
  filt: string;
  /** Metric options are a flat record of values. */
  [key: string]: number | boolean | string;
}

/** The evaluation modes. */
export const MODES: readonly ErrantMode[] = ["cs", "cse", "ds", "dt"];

/** The headings ERRANT prints for each mode. */
export const ERRANT_TITLES: Readonly<Record<ErrantMode, string>> = {
  cs: " Span-Based Correction ",
  cse: " Span-Based Correction + Classification ",
  ds: " Span-Based Detection ",
  dt: " Token-Based Detection ",
};

/**
 * The edit-level options of a metric options object.
 *
 * @param options ERRANT options.
 * @returns Mode and filters.
 */
export function editOptions(options: ErrantOptions): ErrantEditOptions {
  const filt = String(options.filt).split(/[\s,]+/).filter(Boolean);
  return {
    mode: MODES.includes(options.mode as ErrantMode) ? options.mode as ErrantMode : "cs",
    single: Boolean(options.single),
    multi: Boolean(options.multi),
    filt,
  };
}

/**
 * Group per-type counts at an ERRANT category level, sorted in Python's string order.
 *
 * @example Usage
 * ```ts
 * import { groupCategories } from "./compare.ts";
 * import assert from "node:assert/strict";
 *
 * const cats = new Map<string, [number, number, number]>([["R:NOUN", [1, 0, 2]], ["M:DET", [0, 1, 0]], ["R:DET", [2, 2, 2]]]);
 * assert.deepEqual(groupCategories(cats, 1), [["M", [0, 1, 0]], ["R", [3, 2, 4]]]);
 * ```
 *
 * @param cats Counts per full type.
 * @param level 1, 2 or 3.
 * @returns `[category, [tp, fp, fn]]`, sorted.
 */
export function groupCategories(
  cats: ReadonlyMap<string, readonly [number, number, number]>,
  level: number,
): [string, [number, number, number]][] {
  const grouped = new Map<string, [number, number, number]>();
  for (const [cat, [tp, fp, fn]] of cats) addCounts(grouped, categoryAt(cat, level), tp, fp, fn);
  return [...grouped].sort((a, b) => pyCompare(a[0], b[0]));
}
