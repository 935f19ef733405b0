/**
 * REPL commands that score and explain: `align`, `score`, `try`, `corpus`.
 *
 * @module
 */

import { UsageError } from "../../plugins/errors.ts";
import type { ReplCommand } from "../command.ts";

/** `align METRIC [SYSTEM...]`. */
export const alignCommand: ReplCommand = {
  aliases: ["a", "explain"],
  usage: "METRIC [SYSTEM...]",
  summary: "a metric's explanation of the sentence (alignment, edits, n-grams)",
  run: (s, args) => {
    if (!args.length) {
      throw new UsageError(
        `Usage: align METRIC [SYSTEM...]; metrics: ${
          s.registry.metrics.map((m) => m.id).join(", ") || "(none)"
        }`,
      );
    }
    return s.align(args[0], args.slice(1));
  },
};

/** `score [SYSTEM|METRIC...]`. */
export const scoreCommand: ReplCommand = {
  usage: "[SYSTEM|METRIC...]",
  summary: "each metric's sentence score for every system, side by side",
  details: `One row per system; per metric its headline value and its integer counts (from
metric.sentence() of the sentence's statistics). Name systems and/or metrics to see only
those. Metrics the gold cannot serve show n/a (needs ...).`,
  run: (s, args) => s.score(args),
};

/** `try TEXT`. */
export const tryCommand: ReplCommand = {
  aliases: ["t"],
  usage: "TEXT",
  summary: "score a hypothesis you type with every metric, with alignments",
  run: (s, _args, rest) => {
    if (!rest.trim()) throw new UsageError("Usage: try TEXT");
    return s.try(rest);
  },
};

/** `corpus [SYSTEM|METRIC...]`. */
export const corpusCommand: ReplCommand = {
  usage: "[SYSTEM|METRIC...]",
  summary: "corpus scores, every system and metric (statistics cached)",
  details: `Statistics are computed once per system, metric and options, and reused by later
corpus, score and find disagree commands.`,
  run: (s, args) => s.corpusTable(args),
};
