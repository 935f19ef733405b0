/**
 * What `errant_compare` prints: the optional per-category table, the overall block, and the
 * `-v` per-sentence trace, byte for byte as ERRANT v3.0.2 prints them.
 *
 * @module
 */

import { InputError } from "../../plugins/errors.ts";
import {
  addChosen,
  type CategoryCounts,
  choosePair,
  compareEdits,
  editOptions,
  ERRANT_TITLES,
  errantF,
  type ErrantOptions,
  groupCategories,
  processEdits,
} from "./compare.ts";
import { centre, ljust, pyCompare, pyStr, pyTupleRepr } from "./python.ts";
import { readErrantBlocks } from "./read.ts";

/** How to run the comparison. */
export interface ErrantCompareOptions {
  /** The metric options (mode, beta, filters). */
  options: ErrantOptions;
  /** Print the category table at this level (`-cat`); 0 or absent: no table. */
  cat?: number;
  /** Print the per-sentence trace (`-v`). */
  verbose?: boolean;
}

function compareKeys(a: readonly (number | string)[], b: readonly (number | string)[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i], y = b[i];
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return pyCompare(String(x), String(y));
  }
  return a.length - b.length;
}

function verboseEdits(edits: ReadonlyMap<string, { key: (number | string)[]; cats: string[] }>) {
  const list = [...edits.values()].sort((a, b) => compareKeys(a.key, b.key));
  if (!list.length || list[0].key[0] === -1) return "[]";
  return `[${list.map((e) => pyTupleRepr([...e.key, e.cats[0]])).join(", ")}]`;
}

function printTable(rows: (string | number)[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...String(r[i])].length)) + 3);
  return rows.map((row) =>
    row.map((cell, i) => {
      const text = String(cell);
      return " ".repeat(Math.max(0, widths[i] - [...text].length)) + text;
    }).join("")
  );
}

/**
 * Run `errant_compare` on the text of a hypothesis M2 and a reference M2 and return what it
 * prints on standard output.
 *
 * @example Usage
 * ```ts
 * import { errantCompareText } from "./report.ts";
 * import { errantMetric } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const ref = "S This are dog .\nA 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0\nA 2 2|||M:DET|||a|||REQUIRED|||-NONE-|||0\n";
 * const hyp = "S This are dog .\nA 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0\n";
 * const out = errantCompareText(hyp, ref, "hyp.m2", "ref.m2", { options: errantMetric.defaults });
 * assert.equal(out.split("\n")[3], "1\t0\t1\t1.0\t0.5\t0.8333");
 * ```
 *
 * @param hypText The hypothesis M2 text.
 * @param refText The reference M2 text.
 * @param hypFile The hypothesis file name (for messages).
 * @param refFile The reference file name (for messages).
 * @param run Options, category level and verbosity.
 * @returns The output text.
 */
export function errantCompareText(
  hypText: string,
  refText: string,
  hypFile: string,
  refFile: string,
  run: ErrantCompareOptions,
): string {
  const hypBlocks = readErrantBlocks(hypText, hypFile);
  const refBlocks = readErrantBlocks(refText, refFile);
  if (hypBlocks.length !== refBlocks.length) {
    throw new InputError(
      `has ${hypBlocks.length} blocks but ${refFile} has ${refBlocks.length}; ` +
        "the hypothesis and reference must have the same number of sentences",
      hypFile,
    );
  }
  const { options } = run;
  const beta = options.beta;
  const betaText = pyStr(beta);
  const edit = editOptions(options);
  const out: string[] = [];
  const totals = { tp: 0, fp: 0, fn: 0 };
  const cats = new Map<string, [number, number, number]>();
  const rule = "-".repeat(40);
  hypBlocks.forEach((hypBlock, id) => {
    const hyp = processEdits(hypBlock.edits, edit);
    const ref = processEdits(refBlocks[id].edits, edit);
    if (run.verbose) out.push(rule, `Original sentence ${id}: ${hypBlock.sentence}`);
    const stats = { counts: [] as [number, number, number][], cats: [] as CategoryCounts[] };
    for (const h of hyp) {
      for (const r of ref) {
        const c = compareEdits(h.edits, r.edits);
        stats.counts.push([c.tp, c.fp, c.fn]);
        stats.cats.push(c.cats);
        if (!run.verbose) continue;
        const local = errantF(c.tp, c.fp, c.fn, beta).map(pyStr).join(" ");
        const g = [c.tp + totals.tp, c.fp + totals.fp, c.fn + totals.fn];
        const global = errantF(g[0], g[1], g[2], beta).map(pyStr).join(" ");
        out.push(
          rule,
          `SENTENCE ${id} - HYP ${h.coder} - REF ${r.coder}`,
          `HYPOTHESIS EDITS : ${verboseEdits(h.edits)}`,
          `REFERENCE EDITS  : ${verboseEdits(r.edits)}`,
          `Local TP/FP/FN   : ${c.tp} ${c.fp} ${c.fn}`,
          `Local P/R/F${betaText}  : ${local}`,
          `Global TP/FP/FN  : ${g.join(" ")}`,
          `Global P/R/F${betaText}  : ${global}`,
        );
      }
    }
    const k = choosePair(stats.counts.map(([tp, fp, fn]) => ({ tp, fp, fn })), totals, beta);
    const chosenCats = stats.cats[k];
    if (run.verbose) {
      const h = hyp[Math.floor(k / ref.length)].coder, r = ref[k % ref.length].coder;
      out.push(rule, `^^ HYP ${h}, REF ${r} chosen for sentence ${id}`, "Local results:");
      out.push(...printTable([["Category", "TP", "FP", "FN"], ...chosenCats]));
    }
    addChosen(totals, cats, stats.counts[k], chosenCats);
  });
  const title = ERRANT_TITLES[edit.mode];
  if (run.cat) {
    out.push("", centre(title, 66, "="));
    out.push(
      [
        ...["Category"].map((h) => ljust(h, 14)),
        ...["TP", "FP", "FN", "P", "R"].map((h) => ljust(h, 8)),
        "F" + betaText,
      ].join(" "),
    );
    for (const [cat, [tp, fp, fn]] of groupCategories(cats, run.cat)) {
      const [p, r, f] = errantF(tp, fp, fn, beta);
      out.push(
        [
          ljust(cat, 14),
          ...[tp, fp, fn, p, r].map((x, i) => ljust(i < 3 ? String(x) : pyStr(x), 8)),
          pyStr(f),
        ]
          .join(" "),
      );
    }
  }
  out.push("", centre(title, 46, "="));
  out.push(["TP", "FP", "FN", "Prec", "Rec", "F" + betaText].join("\t"));
  out.push(
    [totals.tp, totals.fp, totals.fn].map(String).concat(
      errantF(totals.tp, totals.fp, totals.fn, beta).map(pyStr),
    ).join("\t"),
  );
  out.push("=".repeat(46), "");
  return out.join("\n") + "\n";
}
