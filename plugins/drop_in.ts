/**
 * What a drop-in command (a reference scorer's command line, beside its metric) asks of the run
 * model: one gold file, one system file and one metric, planned and carried out by the engine
 * as `score` is (the gold and the system read through the registry's formats, the options
 * resolved and prepared by the planner, the statistics and the corpus score from the executor's
 * checked calls). The composition root (`builtin.ts`) gives each built-in drop-in the runner
 * (`pipeline/drop_in.ts`), so that a metric's folder, below the pipeline, needs none of it.
 *
 * @module
 */

import type { GoldCorpus, Hypotheses, Options, ReadLimits, Score } from "./types.ts";

/** One run of a drop-in. */
export interface DropInRequest {
  /** The command, for messages. */
  command: string;
  /** The gold file. */
  gold: string;
  /** The gold's format id. */
  goldFormat: string;
  /** The system file. */
  system: string;
  /** The system file's format id (`"text"`: one sentence per line). */
  systemFormat: string;
  /** The metric id. */
  metric: string;
  /** Raw option values, as `--opt` gives them. */
  options: Record<string, string | number | boolean>;
  /** Read limits. */
  limits?: Partial<ReadLimits>;
  /** Also the system file's lines as read (without line ends), for a verbose trace. */
  lines?: boolean;
  /** Name the sentences whose statistics took longer than this many milliseconds. */
  slowerThanMs?: number;
}

/** What the run gave. */
export interface DropInResult {
  /** The gold, as read. */
  gold: GoldCorpus;
  /** The system, as read. */
  system: Hypotheses;
  /** The system file's lines, when asked for. */
  lines?: string[];
  /** The options the metric was run with (resolved and prepared by the planner). */
  options: Options;
  /** The corpus score. */
  score: Score;
  /** The sentences (0-based) slower than `slowerThanMs`, when it was given. */
  slow: number[];
}

/** Plans and carries out a drop-in's run. */
export type DropInRunner = (request: DropInRequest) => Promise<DropInResult>;
