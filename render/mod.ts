/**
 * The one rendering layer of the command line, the REPL and the report: plain-text,
 * Markdown and LaTeX tables, numbers, score columns, explanations, significance cells and
 * the warnings a run echoes. It prints nothing itself: callers decide where text goes.
 *
 * @module
 */

export * from "./text.ts";
export * from "./fields.ts";
export * from "./significance.ts";
export * from "./paper.ts";
export * from "./warnings.ts";
