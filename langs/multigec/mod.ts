/**
 * The MultiGEC-2025 language pack: what the shared task's evaluation does to essays before it
 * scores them, for every language of the task (Czech, English, Estonian, German, Greek,
 * Icelandic, Italian, Latvian, Russian, Slovene, Swedish, Ukrainian).
 *
 * - the `syntok` tokenizer (`syntok.ts`): syntok's tokens, written as the task's `pretokenize`
 *   writes them;
 * - the `multigec` format (`format.ts`, `essays.ts`): the essay Markdown files, essays matched
 *   by id, one essay per line as the task lines them up;
 * - the `multigec` command (`command.ts`, `leaderboard.ts`, loaded when it runs): the task's
 *   GLEU per subcorpus and system of a `ref/` + `res/` folder, per-language averages,
 *   bootstrap intervals, in text, Markdown, LaTeX or JSON.
 *
 * @example Tokenizing a line as MultiGEC does
 * ```ts
 * import { multigecPack } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const syntok = multigecPack.tokenizers!.find((t) => t.id === "syntok")!;
 * assert.deepEqual(syntok.tokenize("Це м'ясо, ok?"), ["Це", "м", "'ясо", ",", "ok", "?"]);
 * ```
 *
 * @module
 */

import type { Plugin, PluginCommand } from "../../plugins/mod.ts";
import { syntokTokenizer } from "./syntok.ts";
import { multigecFormat } from "./format.ts";

export {
  alignEssays,
  type Essay,
  type EssayFill,
  essayLine,
  parseEssays,
  readEssayLines,
  writeEssayLines,
  writeEssays,
} from "./essays.ts";
export {
  essayCorpus,
  lineTokens,
  multigecFormat,
  type MultigecName,
  parseMultigecName,
  siblingReferences,
} from "./format.ts";
export { pretokenize, type SyntokOptions, type SyntokToken, syntokTokens } from "./syntok.ts";

/** `gecscore multigec FOLDER`: the command loads its modules when it runs. */
export const multigecCommandEntry: PluginCommand = {
  name: "multigec",
  summary: "MultiGEC-2025 leaderboard of a ref/ + res/ folder: the task's GLEU per subcorpus, " +
    "per-language averages, bootstrap intervals",
  help: `Usage: gecscore multigec FOLDER [--split SPLIT] [--format text|markdown|latex|json]
                         [--samples N] [--seed N] [--lines-out DIR]

Score a folder laid out as MultiGEC-2025's local evaluation expects: ref/ holds the original
and reference essay files (LANG-CORPUS-orig-SPLIT.md, LANG-CORPUS-refN-SPLIT.md), res/ the
system outputs (LANG-CORPUS-hypoN-SPLIT.md; or res/TEAM/... with one folder per team). Essays
are matched by id, syntok-tokenized and lined up one per line as the task's script does (a
missing essay is "!"; a reference file without an essay takes the essay's first reference),
and scored with the task's GLEU (shotakoyama/gleu -d 4 -f -n 4 -t word). Per subcorpus the
systems are ranked; per language, systems scored on every subcorpus get the mean.

Options:
  --split SPLIT      train, dev or test (default: the only split in ref/)
  --format F         text (default), markdown, latex or json
  --samples N        bootstrap resamples of essays for the 95% intervals (default 1000; 0: none)
  --seed N           the bootstrap seed (default 12345)
  --lines-out DIR    also write the one-essay-per-line files the task's script writes
                     (DIR/ref/*.tmp, DIR/res/*.tmp)

The task ranks its minimal track by ERRANT's F0.5 and its fluency track by the Scribendi
score. English subcorpora get ERRANT's P, R and F0.5 from gecscore's annotator (its own
tagger, not spaCy) and are ranked by F0.5; the other languages have no ERRANT-style
annotation in gecscore yet and are ranked by GLEU, and the output says so.
`,
  run: async (args, io) => (await import("./command.ts")).multigecCommand(args, io),
};

/** The MultiGEC-2025 pack as a gecscore plugin. */
export const multigecPack: Plugin = {
  name: "gecscore-multigec",
  version: "1.0.0",
  tokenizers: [syntokTokenizer],
  formats: [multigecFormat],
  commands: [multigecCommandEntry],
};
