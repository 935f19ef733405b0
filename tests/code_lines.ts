/**
 * Lines of code of a TypeScript source, for the tests that bound or compare them.
 *
 * @module
 */

/**
 * The lines of code of a TypeScript source: what is left once block comments, line comments
 * that fill their line and blank lines are taken out (a comment after code stays).
 *
 * @param source The source text.
 * @returns Its lines of code, in order.
 */
export function codeLines(source: string): string[] {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").split("\n")
    .filter((line) => line.trim() !== "" && !line.trim().startsWith("//"));
}
