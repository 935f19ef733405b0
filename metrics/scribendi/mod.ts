/**
 * The Scribendi score (Islam and Magnani, EMNLP 2021), as gec-metrics computes it
 * (`gec_metrics/metrics/scribendi.py`), with the perplexities from an OpenAI-compatible model
 * server's prompt log-probabilities. Per sentence: 0 when the output equals the source; else
 * -1 when the output's perplexity is not lower than the source's; else +1 when the larger of
 * fuzzywuzzy's `token_sort_ratio` / 100 and the Levenshtein ratio is at least the threshold
 * (0.8), -1 otherwise (`util/fuzz_ratio.ts`). The corpus score is the sum (gec-metrics'
 * `score_corpus`); `mean` is the sum per sentence.
 *
 * Perplexity is `exp` of the mean negative log-probability of the prompt's tokens after the
 * first (which has no context), from a `completions` request with `echo` and `logprobs` (what
 * vLLM serves; llama.cpp's and Ollama's OpenAI endpoints do not echo the prompt's
 * log-probabilities, and the metric says so). gec-metrics puts the tokenizer's BOS text before
 * each sentence: vLLM adds BOS itself for Llama-style tokenizers; for a model whose tokenizer
 * does not, give it as `prefix` (e.g. `<|endoftext|>` for GPT-2).
 *
 * @module
 */

import { InputError } from "../../plugins/errors.ts";
import type { Explanation, GatherContext, Metric, Score, Tokens } from "../../plugins/types.ts";
import {
  askModel,
  ENDPOINT_DEFAULTS,
  ENDPOINT_SPECS,
  type EndpointOptions,
  endpointSettings,
} from "../../util/model_client.ts";
import { levenshteinRatio, tokenSortRatio } from "../../util/fuzz_ratio.ts";

/** Scribendi options. */
export type ScribendiOptions = EndpointOptions & {
  /** The gate on max(token sort ratio, Levenshtein ratio). */
  threshold: number;
  /** Text put before every sentence sent (a BOS the server does not add). */
  prefix: string;
  /** Filled by `gather()`: the perplexity of every text, as JSON; not set by users. */
  answers: string;
};

/** Per-sentence statistics: the sentence's score, -1, 0 or 1. */
export interface ScribendiStats {
  /** -1, 0 or 1. */
  s: number;
}

/** A Scribendi score. */
export interface ScribendiScore extends Score {
  /** The sum of the sentence scores. */
  score: number;
  /** The sum per sentence. */
  mean: number;
  /** Sentences scoring +1. */
  up: number;
  /** Sentences scoring -1. */
  down: number;
  /** Sentences left unchanged (0). */
  unchanged: number;
}

const VERSION = "1.0";

/**
 * The perplexity of a prompt from a `completions` answer with `echo` and `logprobs`: `exp` of
 * the mean negative log-probability of the prompt's tokens (the first `usage.prompt_tokens`
 * entries), leading entries without one (the first token) left out; NaN when none is left.
 *
 * @example Usage
 * ```ts
 * import { promptPerplexity } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const answer = {
 *   choices: [{ text: "a b.", logprobs: { token_logprobs: [null, -1, -3, -0.5] } }],
 *   usage: { prompt_tokens: 3, completion_tokens: 1 },
 * };
 * assert.equal(promptPerplexity(answer), Math.exp(2));
 * assert.throws(() => promptPerplexity({ choices: [{ text: "x" }] }), /log-probabilities/);
 * ```
 *
 * @param response The server's answer.
 * @returns The perplexity.
 */
export function promptPerplexity(response: unknown): number {
  const r = response as {
    choices?: { logprobs?: { token_logprobs?: unknown } | null }[];
    usage?: { prompt_tokens?: unknown };
  };
  const logprobs = r?.choices?.[0]?.logprobs?.token_logprobs;
  if (!Array.isArray(logprobs)) {
    throw new Error(
      "it has no choices[0].logprobs.token_logprobs: the server does not echo the prompt's " +
        "log-probabilities (echo with logprobs), which Scribendi needs (vLLM serves them; " +
        "llama.cpp's and Ollama's OpenAI endpoints do not)",
    );
  }
  const count = r.usage?.prompt_tokens;
  if (typeof count !== "number" || !Number.isInteger(count) || count > logprobs.length) {
    throw new Error(
      "it has no usage.prompt_tokens to tell the prompt's tokens from the generated ones",
    );
  }
  let k = 0;
  while (k < count && logprobs[k] === null) k++;
  let sum = 0;
  for (let i = k; i < count; i++) {
    const v = logprobs[i];
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw new Error(`prompt token ${i + 1} has no log-probability (${JSON.stringify(v)})`);
    }
    sum += v;
  }
  return Math.exp(-sum / (count - k));
}

const parsed = new Map<string, Record<string, number | null>>();

function perplexities(options: ScribendiOptions): Record<string, number | null> {
  if (!options.answers) {
    throw new InputError(
      "metric scribendi has no perplexities: they are asked of the model server once for the " +
        "whole run before scoring (gecscore score, show, report and meta do this; a library " +
        "caller runs gatherPlan() or runPlan())",
    );
  }
  let table = parsed.get(options.answers);
  if (!table) {
    if (parsed.size > 4) parsed.clear();
    table = JSON.parse(options.answers) as Record<string, number | null>;
    parsed.set(options.answers, table);
  }
  return table;
}

interface Judgement {
  s: number;
  source?: number;
  output?: number;
  tsr?: number;
  ldr?: number;
}

function judge(source: Tokens, hypothesis: Tokens, options: ScribendiOptions): Judgement {
  const src = source.join(" ");
  const hyp = hypothesis.join(" ");
  if (src === hyp) return { s: 0 };
  const table = perplexities(options);
  const ppl = (text: string) => {
    const v = table[text];
    if (v === undefined) {
      throw new InputError(
        `metric scribendi has no perplexity of ${JSON.stringify(text.slice(0, 60))}: it was not ` +
          "in the run when the perplexities were gathered",
      );
    }
    return v === null ? NaN : v;
  };
  const source_ = ppl(src);
  const output = ppl(hyp);
  // As gec-metrics: not lower is -1 (a NaN perplexity compares false and goes to the gate).
  if (source_ <= output) return { s: -1, source: source_, output };
  const tsr = tokenSortRatio(src, hyp) / 100;
  const ldr = levenshteinRatio(src, hyp);
  return { s: Math.max(tsr, ldr) >= options.threshold ? 1 : -1, source: source_, output, tsr, ldr };
}

function corpusScore(stats: readonly ScribendiStats[]): ScribendiScore {
  let score = 0;
  let up = 0;
  let down = 0;
  for (const { s } of stats) {
    score += s;
    if (s > 0) up++;
    else if (s < 0) down++;
  }
  return {
    score,
    mean: stats.length ? score / stats.length : 0,
    up,
    down,
    unchanged: stats.length - up - down,
  };
}

async function gatherPerplexities(
  options: ScribendiOptions,
  context: GatherContext,
): Promise<ScribendiOptions> {
  const settings = endpointSettings("scribendi", options);
  const texts = new Map<string, string>();
  context.gold.forEach((g, i) => {
    const src = g.source.join(" ");
    const where = `sentence ${i + 1}${g.line !== undefined ? ` (gold line ${g.line})` : ""}`;
    for (const system of context.systems) {
      const hyp = system.sentences[i].join(" ");
      if (hyp === src) continue;
      if (!texts.has(src)) texts.set(src, `the source of ${where}`);
      if (!texts.has(hyp)) texts.set(hyp, `the output of ${system.name}, ${where}`);
    }
  });
  const list = [...texts.entries()];
  const { answers } = await askModel(
    settings,
    list.map(([text, what]) => ({
      path: "completions",
      body: {
        model: options.model,
        prompt: options.prefix + text,
        max_tokens: 1,
        echo: true,
        logprobs: 1,
        temperature: 0,
      },
      what,
      parse: (response: unknown) => {
        try {
          return promptPerplexity(response);
        } catch (error) {
          if (/log-probabilities \(echo/.test((error as Error).message)) {
            throw new InputError(
              `Metric scribendi: the model server at ${options.url} ${
                (error as Error).message.replace(/^it has no [^:]+: the server /, "")
              }`,
            );
          }
          throw error;
        }
      },
    })),
    context,
  );
  const table: Record<string, number | null> = {};
  list.forEach(([text], k) => table[text] = Number.isNaN(answers[k]) ? null : answers[k]);
  return { ...options, answers: JSON.stringify(table) };
}

/** The Scribendi score over a model server. */
export const scribendiMetric: Metric<ScribendiOptions, ScribendiStats, ScribendiScore> = {
  id: "scribendi",
  description: "Scribendi score (Islam and Magnani 2021): perplexity and similarity, -1/0/+1",
  version: VERSION,
  defaults: { ...ENDPOINT_DEFAULTS, threshold: 0.8, prefix: "", answers: "" },
  optionSpecs: {
    ...ENDPOINT_SPECS,
    threshold: { description: "gate on max(token sort ratio, Levenshtein ratio)", min: 0, max: 1 },
    prefix: { description: "text put before every sentence sent (a BOS the server omits)" },
    answers: {
      description: "filled from the model server's answers for the run; not set by users",
    },
  },
  needs: [],
  headline: "score",
  columns: ["score", "mean", "up", "down", "unchanged"],
  sentenceIsCorpusOfOne: true,
  gather: gatherPerplexities,
  stats: (gold, hypothesis, options) => ({ s: judge(gold.source, hypothesis, options).s }),
  corpus: (stats) => corpusScore(stats),
  sentence: (stats) => corpusScore([stats]),
  explain(gold, hypothesis, options): Explanation {
    const j = judge(gold.source, hypothesis, options);
    const lines = j.source === undefined ? ["The output equals the source."] : [
      `perplexity: source ${j.source}, output ${j.output}`,
      ...(j.tsr === undefined ? [] : [
        `token sort ratio ${j.tsr}, Levenshtein ratio ${j.ldr}, threshold ${options.threshold}`,
      ]),
    ];
    return {
      summary: `Scribendi ${j.s > 0 ? "+1" : j.s}`,
      blocks: [{ title: "Perplexity and similarity", lines }],
    };
  },
  signature: (o) =>
    `scribendi|model:${o.model}|th:${o.threshold}|prefix:${
      JSON.stringify(o.prefix)
    }|cache:${o.cache}|v:${VERSION}`,
};
