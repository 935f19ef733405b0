/**
 * shotakoyama/gleu's commands as plugin commands of the built-in plugin (`gecscore gleu`,
 * `gecscore sgleu`, `gecscore mgleu`): names and help; the command module
 * ({@link ./koyama_command.ts}) loads when one of them runs.
 *
 * @module
 */

import type { PluginCommand } from "../../plugins/types.ts";

const OPTIONS = `  -s, --src, --source FILE        the source sentences (one per line)
  -r, --ref, --references FILE..  one or more reference files, line-aligned with the source
  -o, --out, --outputs FILE..     one or more hypothesis files
  -n N                            the largest n-gram order (default 4)
  -t, --token word|char           n-grams of whitespace-separated words or of characters
  -i, --iter N                    reference-sampling iterations (default 500)
  -f, --fix, --fix-seed           draw references as compute_gleu does (iteration j seeds
                                  Python's Mersenne Twister with j * 101); without it the draws
                                  change from run to run when a sentence has several references
  -m, --max                       use the best reference of each sentence instead of sampling
  -d, --digit N                   decimal places, rounded half up (default 2)
  -v, --verbose                   per-order tables (gleu -m: per file; sgleu: per sentence and
                                  reference, the chosen one starred)
  -p, --proc N                    accepted and ignored (the reference's worker processes)`;

const NOTE = `Output is the reference's byte for byte (MultiGEC-2025 runs
gleu -s ORIG -r REF.. -o HYP -d 4 -f -n 4 -t word) where numpy's exp and log are the C
library's. On processors with AVX-512 numpy uses its own, which differ in the last bit for a
few arguments: a verbose table cell that is an exact tie (15.625) or a value printed with 12
digits can then differ in its last digit.`;

function help(name: string, what: string): string {
  return `Usage: gecscore ${name} -s SOURCE -r REF [REF ...] -o HYP [HYP ...] [options]

${what}
${OPTIONS}
${NOTE}
`;
}

/** `gecscore gleu`: corpus GLEU per hypothesis file, as shotakoyama/gleu's `gleu`. */
export const koyamaGleuDropIn: PluginCommand = {
  name: "gleu",
  summary:
    "drop-in for shotakoyama/gleu's gleu (MultiGEC-2025's GLEU): same arguments, same output",
  help: help(
    "gleu",
    "Print each hypothesis file's corpus GLEU (x100): the mean over sampling iterations, or with\n" +
      "-m the score with each sentence's best reference.",
  ),
  run: async (args, io) => (await import("./koyama_command.ts")).koyamaCommand("gleu", args, io),
};

/** `gecscore sgleu`: sentence GLEU, as shotakoyama/gleu's `sgleu`. */
export const koyamaSgleuDropIn: PluginCommand = {
  name: "sgleu",
  summary: "drop-in for shotakoyama/gleu's sgleu: sentence GLEU, a column per hypothesis file",
  help: help(
    "sgleu",
    "Print one line per sentence with each hypothesis file's sentence GLEU (x100, tab-separated):\n" +
      "the mean over the references, or with -m the best one.",
  ),
  run: async (args, io) => (await import("./koyama_command.ts")).koyamaCommand("sgleu", args, io),
};

/** `gecscore mgleu`: the mean of sentence GLEU, as shotakoyama/gleu's `mgleu`. */
export const koyamaMgleuDropIn: PluginCommand = {
  name: "mgleu",
  summary: "drop-in for shotakoyama/gleu's mgleu: the mean of sentence GLEU per hypothesis file",
  help: help(
    "mgleu",
    "Print each hypothesis file's mean sentence GLEU (x100; with -m each sentence's best\n" +
      "reference).",
  ),
  run: async (args, io) => (await import("./koyama_command.ts")).koyamaCommand("mgleu", args, io),
};
