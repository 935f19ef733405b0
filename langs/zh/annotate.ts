/**
 * ChERRANT's annotator, the stages joined: align (every cheapest alignment), merge each,
 * drop the alignments whose edits repeat an earlier one's, classify, and write the M2 block
 * for one target: `T{k}` then `A` lines for a target with no edit (`没有错误`, or equal to the
 * source) or one that cannot be annotated (`无法标注`), else one `T{k}-A{j}` line per distinct
 * edit set, each followed by its `A` lines.
 *
 * @example One target
 * ```ts
 * import { createAnnotator } from "./annotate.ts";
 * import { charTokenizer } from "./tokenize.ts";
 * import { loadResources } from "./resources.ts";
 * import assert from "node:assert/strict";
 *
 * const r = await loadResources();
 * const tok = charTokenizer(r, {});
 * const annotate = createAnnotator(r, "char");
 * assert.deepEqual(annotate(tok("我去学校"), tok("我们去学校"), 0).slice(1), [
 *   "T0-A0 我 们 去 学 校",
 *   "A 1 1|||M|||们|||REQUIRED|||-NONE-|||0",
 * ]);
 * ```
 *
 * @module
 */

import { alignAll, costModel } from "./align.ts";
import { classifyEdit, type SpellCheck, type TypedEdit } from "./classify.ts";
import { mergeAlignment } from "./merge.ts";
import type { Resources } from "./resources.ts";
import type { Granularity, ZhToken } from "./token.ts";

/** `first`: only the first cheapest alignment; `all`: every one (ChERRANT's `-s`). */
export type Strategy = "first" | "all";

/**
 * Annotates one target: the M2 lines of its block, starting with the `S` line (no newlines,
 * no blank line after).
 */
export type Annotate = (src: ZhToken[], tgt: ZhToken[], annotator: number) => string[];

/**
 * The typed edit sets of one target, one per distinct merged alignment.
 *
 * @param src Source tokens.
 * @param tgt Target tokens.
 * @returns The edit sets, in ChERRANT's order.
 */
export type EditSets = (src: ZhToken[], tgt: ZhToken[]) => TypedEdit[][];

/**
 * The edit sets function of ChERRANT's annotator.
 *
 * @param resources Cilin, confusion set, readings.
 * @param granularity `char` or `word`.
 * @param strategy `all` (default) or `first`.
 * @param isSpelling The misspelling test at word level.
 * @returns The function.
 */
export function createEditSets(
  resources: Resources,
  granularity: Granularity,
  strategy: Strategy = "all",
  isSpelling?: SpellCheck,
): EditSets {
  const cost = costModel(resources, granularity);
  return (src, tgt) => {
    const srcText = src.map((t) => t.text), tgtText = tgt.map((t) => t.text);
    const seen = new Set<string>();
    const sets: TypedEdit[][] = [];
    for (const steps of alignAll(src, tgt, cost, strategy === "first")) {
      const edits = mergeAlignment(steps, srcText, tgtText, granularity);
      const key = edits.map((e) => `${e.op},${e.s1},${e.s2},${e.t1},${e.t2}`).join(";");
      if (seen.has(key)) continue;
      seen.add(key);
      sets.push(edits.map((e) => classifyEdit(e, src, tgt, granularity, isSpelling)));
    }
    return sets;
  };
}

/**
 * The M2 line of one edit.
 *
 * @param e The edit.
 * @param annotator The annotator (target) number.
 * @returns The `A` line.
 */
export function editLine(e: TypedEdit, annotator: number): string {
  return `A ${e.start} ${e.end}|||${e.type}|||${e.correction}|||REQUIRED|||-NONE-|||${annotator}`;
}

/**
 * ChERRANT's annotator.
 *
 * @param resources Cilin, confusion set, readings.
 * @param granularity `char` or `word`.
 * @param strategy `all` (default) or `first`.
 * @param isSpelling The misspelling test at word level.
 * @returns The function writing one target's block.
 */
export function createAnnotator(
  resources: Resources,
  granularity: Granularity,
  strategy: Strategy = "all",
  isSpelling?: SpellCheck,
): Annotate {
  const editSets = createEditSets(resources, granularity, strategy, isSpelling);
  return (src, tgt, annotator) => {
    const srcTokens = src.map((t) => t.text), tgtTokens = tgt.map((t) => t.text);
    const srcStr = srcTokens.join(""), tgtStr = tgtTokens.join("");
    const out = [`S ${srcTokens.join(" ")}`];
    if (tgtStr === "没有错误" || srcStr === tgtStr) {
      out.push(
        `T${annotator} 没有错误`,
        `A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||${annotator}`,
      );
    } else if (tgtStr === "无法标注") {
      out.push(
        `T${annotator} 无法标注`,
        `A -1 -1|||NA|||-NONE-|||REQUIRED|||-NONE-|||${annotator}`,
      );
    } else {
      editSets(src, tgt).forEach((edits, j) => {
        out.push(`T${annotator}-A${j} ${tgtTokens.join(" ")}`);
        for (const e of edits) out.push(editLine(e, annotator));
      });
    }
    return out;
  };
}
