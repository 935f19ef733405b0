/**
 * The system files of a command's arguments (`HYP` positionals and `--hyp-m2 FILE`).
 *
 * @module
 */

import type { SystemFile } from "../pipeline/run.ts";

export type { SystemFile };

/** The `--system-format` flag, for `parseArgs`. */
export const SYSTEM_FORMAT_FLAG = { "system-format": { type: "string" } } as const;

/** Its help line. */
export const SYSTEM_FORMAT_HELP =
  "  --system-format ID       the format of the system files given as HYP (default: by name\n" +
  "                           and content, else plain text); see gecscore list";

/**
 * The system files of a command, in command-line order: positionals (plain text) and the
 * values of `--hyp-m2` (hypothesis M2), from `parseArgs` tokens.
 *
 * @example Usage
 * ```ts
 * import { systemFiles } from "./read_systems.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(systemFiles([
 *   { kind: "option", name: "hyp-m2", value: "a.m2" },
 *   { kind: "positional", value: "b.txt" },
 * ]), [{ path: "a.m2", m2: true }, { path: "b.txt", m2: false }]);
 * ```
 *
 * @param tokens The parsed tokens.
 * @returns The files.
 */
export function systemFiles(
  tokens: readonly { kind: string; name?: string; value?: string }[],
): SystemFile[] {
  const files: SystemFile[] = [];
  for (const token of tokens) {
    if (token.kind === "positional") files.push({ path: token.value!, m2: false });
    else if (token.kind === "option" && token.name === "hyp-m2") {
      files.push({ path: token.value!, m2: true });
    }
  }
  return files;
}
