/**
 * The loaded annotator, shared by the Chinese formats (which load it, asynchronously, when
 * they read a file) and the `cherrant` metric (whose statistics are synchronous and use it).
 * This module is tiny on purpose: the plugin's entry point imports it without loading the
 * annotator or its data.
 *
 * @module
 */

import type { SimpleEdit } from "./compare.ts";
import type { Resources } from "./resources.ts";
import type { ZhToken } from "./token.ts";

/** The loaded annotator and helpers. */
export interface Tools {
  /** The resources. */
  readonly resources: Resources;
  /** A target as ChERRANT cleans it: whitespace removed, then converted by t2s. */
  clean(target: string): string;
  /** A sentence's character tokens (whitespace already removed). */
  tokens(sentence: string): ZhToken[];
  /**
   * The union of a target's edits over its cheapest alignments, as the scorer simplifies
   * them (`没有错误` or a target equal to the source gives a noop; `无法标注` an `NA` edit).
   */
  targetEdits(source: readonly string[], target: string, coder: number): SimpleEdit[];
}

let current: Tools | undefined;

/**
 * Records the loaded tools.
 *
 * @param tools The tools.
 */
export function setTools(tools: Tools): void {
  current = tools;
}

/**
 * The tools if they are loaded.
 *
 * @returns The tools, or undefined before they are loaded.
 */
export function loadedTools(): Tools | undefined {
  return current;
}
