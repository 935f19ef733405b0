/**
 * Token diffs for the REPL: what a hypothesis or reference changes in the source, as
 * `[-old-]{+new+}` in plain text or red/green on a terminal.
 *
 * @module
 */

import type { Tokens } from "../plugins/types.ts";

/** One run of a token diff: tokens kept, deleted from the source, or inserted. */
export interface DiffRun {
  /** `same`: in both; `del`: only in the source; `ins`: only in the target. */
  kind: "same" | "del" | "ins";
  /** The tokens of the run. */
  tokens: Tokens;
}

/**
 * The shortest token diff from `source` to `target` (longest common subsequence), as runs;
 * within a changed stretch the deletions come before the insertions.
 *
 * @example Usage
 * ```ts
 * import { tokenDiff } from "./token_diff.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(tokenDiff(["a", "b", "c"], ["a", "x", "c", "d"]), [
 *   { kind: "same", tokens: ["a"] },
 *   { kind: "del", tokens: ["b"] },
 *   { kind: "ins", tokens: ["x"] },
 *   { kind: "same", tokens: ["c"] },
 *   { kind: "ins", tokens: ["d"] },
 * ]);
 * ```
 *
 * @param source The tokens before.
 * @param target The tokens after.
 * @returns The runs, in order.
 */
export function tokenDiff(source: Tokens, target: Tokens): DiffRun[] {
  // Trim the common prefix and suffix: most hypotheses change few tokens.
  let head = 0;
  while (head < source.length && head < target.length && source[head] === target[head]) head++;
  let tail = 0;
  while (
    tail < source.length - head && tail < target.length - head &&
    source[source.length - 1 - tail] === target[target.length - 1 - tail]
  ) tail++;
  const a = source.slice(head, source.length - tail);
  const b = target.slice(head, target.length - tail);
  // lcs[i][j] = length of the LCS of a[i..] and b[j..].
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] = a[i] === b[j]
        ? lcs[(i + 1) * width + j + 1] + 1
        : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
    }
  }
  const runs: DiffRun[] = [];
  const push = (kind: DiffRun["kind"], token: string) => {
    const last = runs[runs.length - 1];
    if (last?.kind === kind) last.tokens.push(token);
    else runs.push({ kind, tokens: [token] });
  };
  for (let k = 0; k < head; k++) push("same", source[k]);
  let i = 0, j = 0;
  let dels: string[] = [], inss: string[] = [];
  const flush = () => {
    for (const t of dels) push("del", t);
    for (const t of inss) push("ins", t);
    dels = [];
    inss = [];
  };
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      push("same", a[i]);
      i++;
      j++;
    } else if (
      j >= b.length || (i < a.length && lcs[(i + 1) * width + j] >= lcs[i * width + j + 1])
    ) {
      dels.push(a[i++]);
    } else {
      inss.push(b[j++]);
    }
  }
  flush();
  for (let k = source.length - tail; k < source.length; k++) push("same", source[k]);
  return runs;
}

/** ANSI styles for a diff on a terminal. */
const STYLE = {
  del: ["\x1b[31;9m", "\x1b[0m"],
  ins: ["\x1b[32;1m", "\x1b[0m"],
} as const;

/**
 * Render a diff as one line: `[-deleted-]{+inserted+}` in plain text, or coloured (red
 * struck-through deletions, bold green insertions) when `color` is true.
 *
 * @example Usage
 * ```ts
 * import { formatDiff, tokenDiff } from "./token_diff.ts";
 * import assert from "node:assert/strict";
 *
 * const diff = tokenDiff("The cat sat at mat .".split(" "), "The cat sat on the mat .".split(" "));
 * assert.equal(formatDiff(diff), "The cat sat [-at-]{+on the+} mat .");
 * ```
 *
 * @param runs The diff.
 * @param color Use ANSI colours instead of brackets.
 * @returns The text.
 */
export function formatDiff(runs: readonly DiffRun[], color = false): string {
  let out = "";
  runs.forEach(({ kind, tokens }, k) => {
    const text = tokens.join(" ");
    const piece = kind === "same"
      ? text
      : color
      ? `${STYLE[kind][0]}${text}${STYLE[kind][1]}`
      : kind === "del"
      ? `[-${text}-]`
      : `{+${text}+}`;
    const glued = !color && kind === "ins" && runs[k - 1]?.kind === "del";
    out += (k === 0 || glued ? "" : " ") + piece;
  });
  return out;
}
