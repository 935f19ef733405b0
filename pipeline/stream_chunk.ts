/**
 * One chunk of a stream scored on workers (`stream_parallel.ts`): consecutive sentences sent as
 * raw text (the gold's lines and each system's lines) are parsed, tokenized and scored through
 * `checked/guard.ts`, and the statistics, sentence scores and the gold's fingerprint text come
 * back in order. The workers (`stream_worker.ts`) and the thread that reads share this code.
 *
 * @module
 */

import { m2Sentences } from "../formats/m2.ts";
import { tokenizeAscii } from "../formats/tokenize.ts";
import type { AnyMetric, GoldSentence, Options, ReadLimits, Score } from "../plugins/types.ts";
import { type CallSite, checkedScore, checkedStats, describeError } from "../checked/guard.ts";
import { digestPart } from "./signature.ts";

/** The set-up of a run's chunk scoring. */
export interface StreamWorkerInit {
  /** The plugin modules holding the metrics. */
  modules: { url: string; exportName: string }[];
  /** Each metric: its module's index and its id. */
  metrics: { module: number; id: string }[];
  /** Each metric's options, as the planner resolved them. */
  options: Options[];
  /** `sites[system][metric]`. */
  sites: CallSite[][];
  /** The gold's file, for messages. */
  goldPath: string;
  /** An M2 gold (with the annotators of the whole file) or plain source and references. */
  gold: { kind: "m2"; allAnnotators: string[] } | { kind: "text" };
  /** Read limits. */
  limits?: Partial<ReadLimits>;
  /** Also compute sentence scores. */
  sentences: boolean;
}

/** A chunk of consecutive sentences. */
export interface StreamChunk {
  /** The chunk's number (answers carry it back). */
  id: number;
  /** The index of its first sentence in the corpus. */
  first: number;
  /** The gold line of its first sentence. */
  firstLine: number;
  /** The gold's lines (an M2 block each, or source lines), joined with "\n". */
  gold: string;
  /** Reference lines (plain-text gold), one string per reference file. */
  refs?: string[];
  /** Each system's lines. */
  hyps: string[];
}

/** The answer to a chunk. */
export interface StreamAnswer {
  /** The chunk's number. */
  id: number;
  /** Sentences done. */
  count: number;
  /** Statistics, sentence by sentence, system by system, metric by metric. */
  stats: unknown[];
  /** Sentence scores in the same order (when asked for). */
  scores: Score[];
  /** The sentences' fingerprint keys, joined. */
  keys: string;
  /** The largest number of references among them. */
  references: number;
  /** A fault: its message and the name of its class. */
  error?: string;
  errorName?: string;
}

async function goldOf(setup: StreamWorkerInit, chunk: StreamChunk): Promise<GoldSentence[]> {
  const out: GoldSentence[] = [];
  if (setup.gold.kind === "m2") {
    const parsed = m2Sentences(
      [chunk.gold],
      setup.goldPath,
      setup.gold.allAnnotators,
      setup.limits,
      {
        intern: false,
        firstLine: chunk.firstLine,
      },
    );
    for await (const s of parsed) out.push(s);
    return out;
  }
  const refs = chunk.refs!.map((r) => r.split("\n"));
  chunk.gold.split("\n").forEach((line, i) => {
    out.push({
      source: tokenizeAscii(line),
      references: refs.map((r) => tokenizeAscii(r[i])),
      line: chunk.firstLine + i,
    });
  });
  return out;
}

/**
 * Score one chunk: parse and tokenize its lines, compute every (system, metric) statistic and,
 * when asked, sentence score. A fault stops the chunk at its sentence: the sentences before it
 * are in the answer, with the fault's message and class name.
 *
 * @param setup The run's set-up.
 * @param metrics The metrics, in order.
 * @param options Their resolved options.
 * @param chunk The chunk.
 * @returns The answer.
 */
export async function scoreChunk(
  setup: StreamWorkerInit,
  metrics: readonly AnyMetric[],
  options: readonly Options[],
  chunk: StreamChunk,
): Promise<StreamAnswer> {
  const stats: unknown[] = [];
  const scores: Score[] = [];
  const keys: string[] = [];
  const answer: StreamAnswer = { id: chunk.id, count: 0, stats, scores, keys: "", references: 0 };
  try {
    const gold = await goldOf(setup, chunk);
    const hyps = chunk.hyps.map((h) => h.split("\n"));
    for (let i = 0; i < gold.length; i++) {
      const sentence = gold[i];
      const index = chunk.first + i;
      for (let j = 0; j < hyps.length; j++) {
        const hypothesis = tokenizeAscii(hyps[j][i]);
        for (let k = 0; k < metrics.length; k++) {
          const site = setup.sites[j][k];
          const s = checkedStats(metrics[k], sentence, hypothesis, options[k], index, site);
          stats.push(s);
          if (setup.sentences) {
            scores.push(
              checkedScore(metrics[k], "sentence", s, options[k], site, index, sentence.line),
            );
          }
        }
      }
      answer.count++;
      const part = digestPart(sentence);
      keys.push(part.key);
      answer.references = Math.max(answer.references, part.references);
    }
  } catch (error) {
    const named = error instanceof Error &&
      /^(PluginError|InputError|UsageError)$/.test(error.name);
    answer.error = named ? (error as Error).message : describeError(error);
    answer.errorName = error instanceof Error ? error.name : undefined;
    // Only whole sentences go back.
    const done = answer.count * chunk.hyps.length * metrics.length;
    stats.length = Math.min(stats.length, done);
    scores.length = Math.min(scores.length, done);
  }
  answer.keys = keys.join("");
  return answer;
}
