/**
 * `gecscore m2scorer`: a drop-in for the NUS m2scorer command line. Same arguments, same
 * output text (byte for byte on its non-verbose output), polynomial time.
 *
 * ```sh
 * gecscore m2scorer [-v] [--max_unchanged_words N] [--beta B] [--ignore_whitespace_casing] SYSTEM SOURCE_GOLD
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";
import {
  argsErrorMessage,
  READ_LIMIT_FLAGS,
  readLimitsFromFlags,
} from "../../plugins/command_args.ts";
import type { DropInRunner } from "../../plugins/drop_in.ts";
import { InputError, UsageError } from "../../plugins/errors.ts";
import type { CommandIo, PluginCommand } from "../../plugins/types.ts";
import { pyFixed } from "../../util/python_number.ts";
import type { M2Options, M2Score } from "./mod.ts";
import { m2VerboseTrace } from "./trace.ts";

/** Usage text of the command. */
export const M2SCORER_USAGE: string =
  "Usage: gecscore m2scorer [-v] [--very_verbose] [--max_unchanged_words N] [--beta B] " +
  "[--ignore_whitespace_casing] [--timeout SECONDS] [--max-line-length N] " +
  "[--max-annotators N] [--max-alternatives N] SYSTEM SOURCE_GOLD";

/** Python's `str.strip()` whitespace, as the reference strips each system line. */
const STRIP =
  // deno-lint-ignore no-control-regex
  /^[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

/**
 * Run the command: the arguments become a run of the M2 metric, which `run` plans and carries
 * out as `score` does (the gold read as M2, the system as plain text, the options resolved by
 * the planner); this prints what the reference prints of it.
 *
 * @example Usage
 * ```ts
 * import { m2scorerCommand } from "./m2scorer.ts";
 * import { dropInRunner } from "../../pipeline/drop_in.ts";
 * import { createRegistry } from "../../mod.ts";
 * import assert from "node:assert/strict";
 *
 * let out = "";
 * const code = await m2scorerCommand(
 *   ["tests/testdata/m2scorer_example_system2", "tests/testdata/m2scorer_example.m2"],
 *   { out: (text) => out += text },
 *   dropInRunner(() => createRegistry()),
 * );
 * assert.equal(code, 0);
 * assert.equal(out, "Precision   : 0.7500\nRecall      : 0.6000\nF_0.5       : 0.7143\n");
 * ```
 *
 * @param args The arguments after `m2scorer`.
 * @param io Where to write standard output and error (what has no writer is dropped).
 * @param run Plans and carries out the run (`pipeline/drop_in.ts`, given by `builtin.ts`).
 * @returns The exit status: 0 done, 1 bad input, 2 bad usage.
 */
export async function m2scorerCommand(
  args: string[],
  io: Partial<CommandIo>,
  run: DropInRunner,
): Promise<number> {
  const out = io.out ?? (() => {});
  const err = io.err ?? (() => {});
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        strict: true,
        options: {
          verbose: { type: "boolean", short: "v" },
          very_verbose: { type: "boolean" },
          max_unchanged_words: { type: "string" },
          "max-unchanged-words": { type: "string" },
          beta: { type: "string" },
          ignore_whitespace_casing: { type: "boolean" },
          "ignore-whitespace-casing": { type: "boolean" },
          timeout: { type: "string" },
          help: { type: "boolean", short: "h" },
          ...READ_LIMIT_FLAGS,
        },
      });
    } catch (error) {
      throw new UsageError(`${argsErrorMessage(error)}; ${M2SCORER_USAGE}`);
    }
    const { values, positionals } = parsed;
    if (values.help) {
      out(M2SCORER_USAGE + "\n");
      return 0;
    }
    if (positionals.length !== 2) {
      throw new UsageError(
        `Expected SYSTEM and SOURCE_GOLD, got ${positionals.length} file argument(s); ${M2SCORER_USAGE}`,
      );
    }
    const raw: Record<string, string | boolean> = {};
    if (values.beta !== undefined) raw.beta = values.beta;
    const muw = values.max_unchanged_words ?? values["max-unchanged-words"];
    if (muw !== undefined) raw.max_unchanged_words = muw;
    if (values.ignore_whitespace_casing || values["ignore-whitespace-casing"]) {
      raw.ignore_whitespace_casing = true;
    }
    let timeout = Infinity;
    if (values.timeout !== undefined) {
      timeout = Number(values.timeout);
      if (!/^\s*[\d.eE+]+\s*$/.test(values.timeout) || !(timeout > 0)) {
        throw new UsageError(
          `--timeout must be a positive number of seconds, got "${values.timeout}"; ${M2SCORER_USAGE}`,
        );
      }
    }
    const [systemPath, goldPath] = positionals;
    const verbose = values.verbose || values.very_verbose;
    const result = await run({
      command: "m2scorer",
      gold: goldPath,
      goldFormat: "m2",
      system: systemPath,
      systemFormat: "text",
      metric: "m2",
      options: raw,
      limits: readLimitsFromFlags(values),
      lines: verbose,
      slowerThanMs: Number.isFinite(timeout) ? timeout * 1000 : undefined,
    });
    const options = result.options as M2Options;
    const score = result.score as M2Score;
    if (verbose) {
      const hypotheses = result.system.sentences.map((tokens, i) => ({
        text: result.lines![i].replace(STRIP, ""),
        tokens,
      }));
      for (const piece of m2VerboseTrace(result.gold.sentences, hypotheses, options)) out(piece);
    }
    const slow = result.slow.map((i) => i + 1);
    if (slow.length) {
      err(
        `m2scorer: warning: ${slow.length} sentence(s) took longer than --timeout ${timeout} s ` +
          `(${slow.slice(0, 5).join(", ")}${slow.length > 5 ? ", ..." : ""}); they are ` +
          "scored all the same (the reference skips such sentences, lowering its counts)\n",
      );
    }
    for (const warning of score.warnings ?? []) err(`m2scorer: warning: ${warning}\n`);
    out(
      `Precision   : ${pyFixed(score.precision, 4)}\n` +
        `Recall      : ${pyFixed(score.recall, 4)}\n` +
        `F_${pyFixed(options.beta, 1)}       : ${pyFixed(score.f, 4)}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof InputError) {
      err(`m2scorer: ${error.message}\n`);
      return 1;
    }
    if (error instanceof UsageError) {
      err(`m2scorer: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

/** Help text of the command (`gecscore help m2scorer`). */
export const M2SCORER_HELP: string = `${M2SCORER_USAGE}

Score SYSTEM (one sentence per line) against SOURCE_GOLD (M2) exactly as the NUS m2scorer 3.2
does, and print its three lines (Precision, Recall, F_beta).
  -v, --verbose                 the per-sentence trace the reference prints with -v
  --max_unchanged_words N       most unchanged tokens in a merged edit (default 2)
  --beta B                      F-score beta (default 0.5)
  --ignore_whitespace_casing    drop edits that only change whitespace or casing
  --very_verbose                the same trace as -v (the reference adds dumps of its edit
                                lattice, which gecscore does not build the same way)
  --timeout SECONDS             accepted as in the Python 3 m2scorer, which skips a
                                sentence scored slower than this; gecscore scores every
                                sentence and warns about those that took longer
The Python 3 m2scorer's spellings --max-unchanged-words and --ignore-whitespace-casing work too.
`;

/**
 * The `m2scorer` command, which the M2 metric's plugin adds to `gecscore`.
 *
 * @param run Plans and carries out its run (`builtin.ts` gives the pipeline's).
 * @returns The command.
 */
export function m2scorerDropIn(run: DropInRunner): PluginCommand {
  return {
    name: "m2scorer",
    summary: "drop-in for the NUS m2scorer: same arguments, same output",
    help: M2SCORER_HELP,
    run: (args, io) => m2scorerCommand(args, io, run),
  };
}
