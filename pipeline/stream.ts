/**
 * Streaming scoring: sentence-level scores of huge parallel corpora, one sentence at a time,
 * with the corpus scores at the end. Each metric's corpus score is folded sentence by sentence
 * through its `accumulator()` when it has one (memory then does not grow with the corpus);
 * a metric without one keeps its statistics for `corpus()` at the end.
 *
 * @module
 */

import { InputError, PluginError, UsageError } from "../plugins/errors.ts";
import { type CallSite, checkedScore, checkedStats, where } from "../checked/guard.ts";
import type { Registry } from "../plugins/registry.ts";
import { callSite, streamOptions } from "./scoring.ts";
import { sentenceEditor } from "./annotate_systems.ts";
import type {
  Accumulator,
  AnyMetric,
  GoldSentence,
  Metric,
  Options,
  Score,
} from "../plugins/types.ts";

/** What {@linkcode streamScores} needs. */
export interface StreamRequest {
  /** The metrics (already selected for the gold). */
  // deno-lint-ignore no-explicit-any
  metrics: readonly Metric<any, any, any>[];
  /** Raw option values by metric id, then option name. */
  options?: Record<string, Options>;
  /**
   * `prepared[k]`: the options of `metrics[k]` as a planner already resolved them (then
   * `options` is not read).
   */
  prepared?: readonly Options[];
  /** The gold sentences, in order. */
  gold: AsyncIterable<GoldSentence> | Iterable<GoldSentence>;
  /**
   * The systems: each its name, its file for messages (default: its name), and its hypotheses,
   * one per gold sentence, in order, plain text (a metric that compares edits gets them from
   * gecscore's annotator, sentence by sentence).
   */
  systems: readonly {
    name: string;
    path?: string;
    hypotheses: AsyncIterable<string[]> | Iterable<string[]>;
  }[];
  /** Also give every sentence's scores (else only the corpus record). */
  sentences?: boolean;
  /** The registry the metrics come from: a fault then names the metric's plugin. */
  registry?: Registry;
  /** The gold file, for `FILE:LINE` in messages. */
  goldPath?: string;
}

/** One system of a stream: its name and its hypotheses in gold order, plain text. */
export type StreamSystem = StreamRequest["systems"][number];

/** The scores of one gold sentence: per system (request order), per metric (request order). */
export interface SentenceRecord {
  /** The record kind. */
  kind: "sentence";
  /** The sentence number, from 1. */
  sentence: number;
  /** `scores[system][metric]`. */
  scores: Score[][];
}

/** The corpus scores, after the last sentence. */
export interface CorpusRecord {
  /** The record kind. */
  kind: "corpus";
  /** The number of sentences. */
  sentences: number;
  /** `scores[system][metric]`. */
  scores: Score[][];
  /** `signatures[metric]`. */
  signatures: string[];
}

/** Keeps the statistics for `corpus()` when a metric has no accumulator. */
export function keeper(metric: AnyMetric, options: Options, site: CallSite): Accumulator {
  const stats: unknown[] = [];
  return {
    add: (s) => void stats.push(s),
    score: () => checkedScore(metric, "corpus", stats, options, site),
  };
}

/** A metric's accumulator, its faults named as `corpus()`'s are. */
export function checkedAccumulator(
  metric: AnyMetric,
  fold: Accumulator,
  site: CallSite,
): Accumulator {
  const named = (fn: string, error: unknown): never => {
    if (error instanceof InputError || error instanceof UsageError) throw error;
    if (error instanceof PluginError) {
      if (!error.detail) throw error;
      throw new PluginError(`${where(metric, site)}: ${error.detail}`);
    }
    const what = error instanceof Error
      ? `${error.name}: ${error.message.split("\n")[0]}`
      : String(error).split("\n")[0];
    throw new PluginError(`${where(metric, site)}: accumulator ${fn}() threw ${what}`);
  };
  return {
    add(stats) {
      try {
        fold.add(stats);
      } catch (error) {
        named("add", error);
      }
    },
    score() {
      let score;
      try {
        score = fold.score();
      } catch (error) {
        return named("score", error);
      }
      const probe = { id: metric.id, headline: metric.headline, corpus: () => score };
      return checkedScore(probe as unknown as AnyMetric, "corpus", [], {}, site);
    },
  };
}

/** An iterator over `items`: a plain one when they are not asynchronous (no await per item). */
function iterate<T>(items: AsyncIterable<T> | Iterable<T>): AsyncIterator<T> | Iterator<T> {
  return Symbol.asyncIterator in items
    ? items[Symbol.asyncIterator]()
    : (items as Iterable<T>)[Symbol.iterator]();
}

/**
 * Score systems one gold sentence at a time: a sentence record per gold sentence (when
 * `sentences` is set), then one corpus record. The numbers are those of `scoreSystems()`.
 *
 * @example Usage
 * ```ts
 * import { streamScores } from "./stream.ts";
 * import { readGold } from "../mod.ts";
 * import { readSentences } from "../formats/text.ts";
 * import { m2Metric } from "../metrics/m2/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const hyps = await readSentences("tests/testdata/m2scorer_example_system");
 * const records = [];
 * for await (const r of streamScores({
 *   metrics: [m2Metric],
 *   gold: gold.sentences,
 *   systems: [{ name: "system", hypotheses: hyps }],
 *   sentences: true,
 * })) records.push(r);
 * assert.equal(records.length, 4);
 * assert.equal(records[3].kind, "corpus");
 * assert.equal(records[3].scores[0][0].f, 0.8);
 * ```
 *
 * @param request What to score.
 * @returns The records, in order.
 */
export async function* streamScores(
  request: StreamRequest,
): AsyncGenerator<SentenceRecord | CorpusRecord> {
  const { metrics, systems } = request;
  const options = request.prepared ??
    streamOptions(metrics, request.options ?? {}, request.registry);
  const sites = systems.map((system) =>
    metrics.map((m): CallSite =>
      request.registry
        ? callSite(request.registry, m, system, { path: request.goldPath ?? "" })
        : { system: system.name, goldPath: request.goldPath }
    )
  );
  if (!request.goldPath) { for (const row of sites) for (const site of row) delete site.goldPath; }
  const folds = corpusFolds(metrics, options, sites);
  const hypotheses = systems.map((s) => iterate(s.hypotheses));
  // Plain outputs scored by a metric that compares edits get the annotator's, sentence by
  // sentence (the same edits as the whole-corpus step gives).
  const editor = metrics.some((m) => m.needsHypothesisEdits) ? await sentenceEditor() : undefined;
  let n = 0;
  for await (const gold of request.gold) {
    n++;
    const scores: Score[][] = [];
    const editsOf = editor?.sentence(gold, n - 1);
    for (let j = 0; j < systems.length; j++) {
      const pending = hypotheses[j].next();
      const next = pending instanceof Promise ? await pending : pending;
      if (next.done) {
        throw new InputError(
          `system ${systems[j].name} has ${n - 1} lines but the gold has more sentences`,
        );
      }
      const row: Score[] = [];
      const edits = editsOf?.(next.value, systems[j].path ?? systems[j].name);
      metrics.forEach((metric, k) => {
        const site = sites[j][k];
        const stats = checkedStats(metric, gold, next.value, options[k], n - 1, site, edits);
        folds[j][k].add(stats);
        if (request.sentences) {
          row.push(checkedScore(metric, "sentence", stats, options[k], site, n - 1, gold.line));
        }
      });
      scores.push(row);
    }
    if (request.sentences) yield { kind: "sentence", sentence: n, scores };
  }
  for (let j = 0; j < systems.length; j++) {
    if (!(await hypotheses[j].next()).done) throw extraLines(systems[j].name, n);
  }
  yield corpusRecord(n, folds, metrics, options);
}

/**
 * One fold per system and metric (`folds[system][metric]`): the metric's accumulator, checked,
 * or a keeper of its statistics when it has none.
 *
 * @param metrics The metrics.
 * @param options Their resolved options.
 * @param sites Where each system and metric's calls are, for fault messages.
 * @returns The folds.
 */
export function corpusFolds(
  metrics: readonly AnyMetric[],
  options: readonly Options[],
  sites: readonly (readonly CallSite[])[],
): Accumulator[][] {
  return sites.map((row) =>
    metrics.map((m, k) => {
      const fold = m.accumulator?.(options[k]);
      return fold ? checkedAccumulator(m, fold, row[k]) : keeper(m, options[k], row[k]);
    })
  );
}

/**
 * The corpus record that ends a stream, from its folds.
 *
 * @param sentences How many sentences were scored.
 * @param folds The folds of {@linkcode corpusFolds}.
 * @param metrics The metrics.
 * @param options Their resolved options.
 * @returns The record.
 */
export function corpusRecord(
  sentences: number,
  folds: readonly (readonly Accumulator[])[],
  metrics: readonly AnyMetric[],
  options: readonly Options[],
): CorpusRecord {
  return {
    kind: "corpus",
    sentences,
    scores: folds.map((row) => row.map((f) => f.score())),
    signatures: metrics.map((m, k) => m.signature(options[k])),
  };
}

/**
 * The error for a system that goes on past the gold's last sentence.
 *
 * @param system The system's name.
 * @param sentences The gold's sentences.
 * @returns The error.
 */
export function extraLines(system: string, sentences: number): InputError {
  return new InputError(`system ${system} has more lines than the gold's ${sentences} sentences`);
}
