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
import { parseM2 } from "../formats/m2.ts";
import { readLimits } from "../formats/limits.ts";
import { READ_LIMIT_FLAGS, readLimitsFromFlags } from "./limits.ts";
import { lines, readChunks, tokenize } from "../formats/text.ts";
import { argsErrorMessage } from "./args.ts";
import { InputError, UsageError } from "../plugins/errors.ts";
import { resolveOptions } from "../plugins/options.ts";
import { m2Metric, type M2Options } from "../metrics/m2/mod.ts";
import { pyFixed } from "../util/python_number.ts";
import { m2VerboseTrace, type TraceHypothesis } from "../metrics/m2/trace.ts";

/** Usage text of the command. */
export const M2SCORER_USAGE: string =
  "Usage: gecscore m2scorer [-v] [--max_unchanged_words N] [--beta B] " +
  "[--ignore_whitespace_casing] [--max-line-length N] [--max-annotators N] " +
  "[--max-alternatives N] SYSTEM SOURCE_GOLD";

const STRIP =
  // deno-lint-ignore no-control-regex
  /^[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

const encoder = new TextEncoder();

function writeStdout(text: string): void {
  let bytes = encoder.encode(text);
  while (bytes.length) bytes = bytes.subarray(Deno.stdout.writeSync(bytes));
}

/**
 * Run the command.
 *
 * @example Usage
 * ```ts
 * import { m2scorerCommand } from "./m2scorer.ts";
 * import assert from "node:assert/strict";
 *
 * let out = "";
 * const code = await m2scorerCommand(
 *   ["tests/testdata/m2scorer_example_system2", "tests/testdata/m2scorer_example.m2"],
 *   { out: (text) => out += text },
 * );
 * assert.equal(code, 0);
 * assert.equal(out, "Precision   : 0.7500\nRecall      : 0.6000\nF_0.5       : 0.7143\n");
 * ```
 *
 * @param args The arguments after `m2scorer`.
 * @param io Where to write standard output and error (the process' by default).
 * @returns The exit status: 0 done, 1 bad input, 2 bad usage.
 */
export async function m2scorerCommand(
  args: string[],
  io: { out?: (text: string) => void; err?: (text: string) => void } = {},
): Promise<number> {
  const out = io.out ?? writeStdout;
  const err = io.err ?? ((text: string) => console.error(text.replace(/\n$/, "")));
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        strict: true,
        options: {
          verbose: { type: "boolean", short: "v" },
          max_unchanged_words: { type: "string" },
          beta: { type: "string" },
          ignore_whitespace_casing: { type: "boolean" },
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
    if (values.max_unchanged_words !== undefined) {
      raw.max_unchanged_words = values.max_unchanged_words;
    }
    if (values.ignore_whitespace_casing) raw.ignore_whitespace_casing = true;
    const options = resolveOptions<M2Options>(m2Metric, raw);
    const [systemPath, goldPath] = positionals;
    const limits = readLimits(readLimitsFromFlags(values));
    const gold = await parseM2(readChunks(goldPath), goldPath, limits);
    const hypotheses: TraceHypothesis[] = [];
    const { maxLineLength } = limits;
    for await (
      const { line, text } of lines(readChunks(systemPath), {
        maxLineLength,
        file: systemPath,
      })
    ) {
      if (line > gold.sentences.length) {
        throw new InputError(
          `has more than ${gold.sentences.length} lines but the gold has ${gold.sentences.length} sentences`,
          systemPath,
        );
      }
      const stripped = text.replace(STRIP, "");
      hypotheses.push({ text: stripped, tokens: tokenize(stripped) });
    }
    if (hypotheses.length !== gold.sentences.length) {
      throw new InputError(
        `has ${hypotheses.length} lines but the gold has ${gold.sentences.length} sentences`,
        systemPath,
      );
    }
    let score;
    if (values.verbose) {
      for (const piece of m2VerboseTrace(gold.sentences, hypotheses, options)) {
        out(piece);
      }
    }
    {
      const stats = gold.sentences.map((s, i) => m2Metric.stats(s, hypotheses[i].tokens, options));
      score = m2Metric.corpus(stats, options);
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
