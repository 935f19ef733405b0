/**
 * ChERRANT's merging of an alignment into edits: runs of insertions (or of deletions) become
 * one edit, runs of substitutions one substitution at character level, mixed runs one
 * substitution (a run of only insertions and deletions stays apart), transpositions stay
 * single; then "S M S" and "D M I" / "I M D" patterns that move a word become one
 * transposition, matches are dropped, and a substitution whose two sides share a start or an
 * end (a segmentation artefact at word level) is trimmed to what differs.
 *
 * @example A moved character becomes a transposition
 * ```ts
 * import { mergeAlignment } from "./merge.ts";
 * import assert from "node:assert/strict";
 *
 * const src = Array.from("去陌生地方旅游"), tgt = Array.from("旅游去陌生地方");
 * const steps = [
 *   { op: "I", s1: 0, s2: 0, t1: 0, t2: 1 }, { op: "I", s1: 0, s2: 0, t1: 1, t2: 2 },
 *   { op: "M", s1: 0, s2: 1, t1: 2, t2: 3 }, { op: "M", s1: 1, s2: 2, t1: 3, t2: 4 },
 *   { op: "M", s1: 2, s2: 3, t1: 4, t2: 5 }, { op: "M", s1: 3, s2: 4, t1: 5, t2: 6 },
 *   { op: "M", s1: 4, s2: 5, t1: 6, t2: 7 }, { op: "D", s1: 5, s2: 6, t1: 7, t2: 7 },
 *   { op: "D", s1: 6, s2: 7, t1: 7, t2: 7 },
 * ];
 * assert.deepEqual(mergeAlignment(steps, src, tgt, "char"), [{ op: "T7", s1: 0, s2: 7, t1: 0, t2: 7 }]);
 * ```
 *
 * @module
 */

import type { AlignStep } from "./align.ts";
import type { Granularity } from "./token.ts";
import { cpLength, levenshtein } from "./text.ts";

/** The punctuation the merger knows (ChERRANT's `merger.py`, after Python's `string.punctuation`). */
export const MERGE_PUNCT = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~" +
  "！？｡＂＃＄％＆＇（）＊＋，－／：；＜＝＞＠［＼］＾＿｀｛｜｝～｟｠｢｣､、〃》「」『』【】〔〕〖〗〘〙〚〛〜〝〞〟–—‘'‛“”„‟…‧.";

function joined(steps: readonly AlignStep[], tag: string): AlignStep[] {
  if (steps.length === 0) return [];
  const a = steps[0], b = steps[steps.length - 1];
  return [{ op: tag, s1: a.s1, s2: b.s2, t1: a.t1, t2: b.t2 }];
}

function processRun(run: AlignStep[], granularity: Granularity): AlignStep[] {
  if (run.length <= 1) return run;
  const kinds = new Set(run.map((s) => s.op));
  const only = (...k: string[]) => kinds.size === k.length && k.every((x) => kinds.has(x));
  if (only("D")) return joined(run, "D");
  if (only("I")) return joined(run, "I");
  if (only("D", "I")) return run;
  if (only("S")) return granularity === "word" ? run : joined(run, "S");
  if (only("M")) return joined(run, "M");
  return joined(run, "S");
}

const text = (tokens: readonly string[], from: number, to: number) =>
  tokens.slice(from, to).join("");

/**
 * Merges one alignment into edits (matches removed), as ChERRANT's `Merger`.
 *
 * @param steps The alignment.
 * @param src Source token texts.
 * @param tgt Target token texts.
 * @param granularity `char` or `word`.
 * @returns The edits, each a step with its merged operation.
 */
export function mergeAlignment(
  steps: readonly AlignStep[],
  src: readonly string[],
  tgt: readonly string[],
  granularity: Granularity,
): AlignStep[] {
  // Group consecutive steps: matches together, transpositions together, the rest together.
  const edits: AlignStep[] = [];
  let k = 0;
  while (k < steps.length) {
    const key = (s: AlignStep) => s.op[0] === "M" || s.op[0] === "T" ? s.op[0] : "";
    const group = [steps[k]];
    const g = key(steps[k]);
    while (k + group.length < steps.length && key(steps[k + group.length]) === g) {
      group.push(steps[k + group.length]);
    }
    k += group.length;
    if (g === "T") edits.push(...group);
    else edits.push(...processRun(group, granularity));
  }

  const filtered: AlignStep[] = [];
  const transposition = (i: number) =>
    joined([edits[i], edits[i + 1], edits[i + 2]], `T${edits[i + 2].s2 - edits[i].s1}`)[0];
  let i = 0;
  while (i < edits.length) {
    const e1 = edits[i].op[0];
    if (i < edits.length - 2) {
      const e2 = edits[i + 1].op[0], e3 = edits[i + 2].op[0];
      if (e1 === "S" && e2 === "M" && e3 === "S") {
        const w1 = text(src, edits[i].s1, edits[i].s2);
        const w2 = text(tgt, edits[i].t1, edits[i].t2);
        const w3 = text(src, edits[i + 2].s1, edits[i + 2].s2);
        const w4 = text(tgt, edits[i + 2].t1, edits[i + 2].t2);
        const moved = Math.min(cpLength(w1), cpLength(w2), cpLength(w3), cpLength(w4)) === 1
          ? w1 === w4 && w2 === w3
          : levenshtein(w1, w4) <= 1 && levenshtein(w2, w3) <= 1;
        if (moved) {
          filtered.push(transposition(i));
          i += 3;
        } else {
          filtered.push(edits[i]);
          i += 1;
        }
        continue;
      }
      const op2 = edits[i + 1].op;
      if (
        (e1 === "D" && (e2 === "M" || op2.startsWith("T")) && e3 === "I") ||
        (e1 === "I" && (e2 === "M" || op2.startsWith("T")) && e3 === "D")
      ) {
        const del = e1 === "D" ? edits[i] : edits[i + 2];
        const ins = e1 === "D" ? edits[i + 2] : edits[i];
        let a = text(src, del.s1, del.s2), b = text(tgt, ins.t1, ins.t2);
        if (cpLength(a) < cpLength(b)) [a, b] = [b, a];
        let moved = false;
        if (
          !MERGE_PUNCT.includes(a) && !MERGE_PUNCT.includes(b) &&
          cpLength(a) - cpLength(b) <= 1
        ) {
          moved = cpLength(b) === 1
            ? a === b
            : levenshtein(a, b) <= 1 || (cpLength(a) === cpLength(b) && (a + a).includes(b));
        }
        if (moved) {
          filtered.push(transposition(i));
          i += 3;
        } else {
          filtered.push(edits[i]);
          i += 1;
        }
        continue;
      }
    }
    if (e1 !== "M") filtered.push(edits[i]);
    i += 1;
  }
  return filtered.flatMap((edit) => trimmed(edit, src, tgt));
}

/** ChERRANT's second filter: drop an edit whose sides read the same; trim a substitution. */
function trimmed(edit: AlignStep, src: readonly string[], tgt: readonly string[]): AlignStep[] {
  const span1 = text(src, edit.s1, edit.s2), span2 = text(tgt, edit.t1, edit.t2);
  if (span1 === span2) return [];
  if (edit.op !== "S") return [edit];
  let changed = false;
  // A common head.
  let common = "";
  let headSrc = edit.s1;
  for (let i = edit.s1; i < edit.s2; i++) {
    if (!span2.startsWith(common + src[i])) break;
    common += src[i];
    headSrc = i + 1;
  }
  let start1 = edit.s1, start2 = edit.t1;
  if (common) {
    let acc = "";
    for (let i = edit.t1; i < edit.t2; i++) {
      acc += tgt[i];
      if (acc === common) {
        start1 = headSrc;
        start2 = i + 1;
        changed = true;
        break;
      } else if (cpLength(acc) > cpLength(common)) break;
    }
  }
  // A common tail.
  common = "";
  let end1 = edit.s2, end2 = edit.t2;
  let tailSrc = edit.s2;
  for (let i = edit.s2 - 1; i >= start1; i--) {
    if (!span2.endsWith(src[i] + common)) break;
    common = src[i] + common;
    tailSrc = i;
  }
  if (common) {
    let acc = "";
    for (let i = edit.t2 - 1; i >= start2; i--) {
      acc = tgt[i] + acc;
      if (acc === common) {
        end1 = tailSrc;
        end2 = i;
        changed = true;
        break;
      } else if (cpLength(acc) > cpLength(common)) break;
    }
  }
  if (!changed) return [edit];
  const op = start1 === end1 ? "I" : start2 === end2 ? "D" : "S";
  return [{ op, s1: start1, s2: end1, t1: start2, t2: end2 }];
}
