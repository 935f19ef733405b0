/**
 * LLM-S and LLM-E (Kobayashi et al., BEA 2024: "Large Language Models Are State-of-the-Art
 * Evaluator for Grammatical Error Correction"), as gec-metrics implements them
 * (`LLMKobayashi24OpenAISent` and `LLMKobayashi24OpenAIEdit`), asked of any OpenAI-compatible
 * model server (vLLM, llama.cpp, Ollama, OpenAI).
 *
 * Per source sentence, the systems' outputs are counted; when there are more than five
 * distinct ones, the five most frequent are kept (ties in order of first appearance), and the
 * kept outputs are sorted (by code point, as Python sorts strings). The model is asked once per
 * sentence, with gec-metrics' prompt (`prompts.ts`), its system message, seed 777 and a JSON
 * schema asking for `target_score1`..`target_scoreN`, to give each target 1 to 5 points; LLM-E
 * shows each target as its edits (`source words→corrected words`, from the system's own edits
 * or gecscore's ERRANT-style annotator). Each score goes back to every system that produced
 * that output; an output not kept is not judged. Pairs of systems then win, tie or lose per
 * sentence, and the system rating is TrueSkill (default) or Expected Wins over all sentences
 * (`stats/judged_ratings.ts`), so a system's rating depends on the systems scored with it.
 *
 * The answers are gathered once per run (`gather`, through the cache of
 * `util/model_client.ts`) and carried to the statistics in the `answers` option, so scoring,
 * resampling and ranks are synchronous and work as for any metric.
 *
 * @module
 */

import { InputError } from "../../plugins/errors.ts";
import type {
  Edit,
  Explanation,
  GatherContext,
  GoldSentence,
  Metric,
  Score,
  Tokens,
} from "../../plugins/types.ts";
import {
  askModel,
  ENDPOINT_DEFAULTS,
  ENDPOINT_SPECS,
  type EndpointOptions,
  endpointSettings,
} from "../../util/model_client.ts";
import { judgedExpectedWins, judgedTrueSkill } from "../../stats/judged_ratings.ts";
import { LLM_E_PROMPT, LLM_S_PROMPT, SYSTEM_MESSAGE } from "./prompts.ts";

export { LLM_E_PROMPT, LLM_S_PROMPT, SYSTEM_MESSAGE } from "./prompts.ts";

/** LLM-S and LLM-E options. */
export type KobayashiOptions = EndpointOptions & {
  /** `"trueskill"` or `"expected_wins"`: how sentence judgements become a system rating. */
  aggregation: string;
  /** The seed sent with each request (not sent to a model whose name contains `gemini`). */
  seed: number;
  /** Filled by `gather()`: the judged outputs of every sentence, as JSON; not set by users. */
  answers: string;
};

/** Per-sentence statistics: every system's score of the sentence and which systems are this. */
export interface KobayashiStats {
  /** Each system's score (1-5 as the model gave it), null when its output was not judged. */
  scores: (number | null)[];
  /** The systems whose output is this system's output of the sentence. */
  mine: number[];
}

/** An LLM-S or LLM-E score. */
export interface KobayashiScore extends Score {
  /** The system's rating: TrueSkill mu or Expected Wins. */
  rating: number;
  /** The mean of the system's judged scores (0 when none was judged). */
  mean: number;
  /** The sentences on which the system's output was judged. */
  judged: number;
}

/** One sentence's answers: the distinct outputs, their scores, each system's output. */
interface SentenceAnswers {
  /** Distinct outputs (as sent, before the edit form), in order of first appearance. */
  h: string[];
  /** The score of each distinct output, null when not judged. */
  s: (number | null)[];
  /** Per system: the index of its output in `h`. */
  w: number[];
}

const VERSION = "1.0";

/** At most this many distinct outputs are judged per sentence. */
export const MAX_TARGETS = 5;

function byCodePoint(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/**
 * The outputs judged for one sentence (gec-metrics' `sample_sentences`): the distinct outputs
 * when there are at most `max`, else the `max` most frequent (ties by first appearance), sorted
 * by code point.
 *
 * @example Usage
 * ```ts
 * import { sampleOutputs } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(sampleOutputs(["b", "a", "b"]), ["a", "b"]);
 * const many = ["f", "e", "e", "d", "c", "b", "a", "g", "g"];
 * assert.deepEqual(sampleOutputs(many), ["c", "d", "e", "f", "g"]);
 * ```
 *
 * @param outputs Every system's output of the sentence.
 * @param max The most outputs kept.
 * @returns The kept outputs, sorted.
 */
export function sampleOutputs(outputs: readonly string[], max = MAX_TARGETS): string[] {
  const counts = new Map<string, number>();
  for (const o of outputs) counts.set(o, (counts.get(o) ?? 0) + 1);
  let kept = [...counts.keys()];
  if (kept.length > max) {
    kept = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, max).map(([o]) => o);
  }
  return kept.sort(byCodePoint);
}

/**
 * A prompt: `[SOURCE]` then `[CORRECTION]` replaced everywhere (as Python's `str.replace`),
 * the targets one per line.
 *
 * @example Usage
 * ```ts
 * import { fillPrompt } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(fillPrompt("S: [SOURCE]\nT:\n[CORRECTION]", "a $& b", ["x", "y"]), "S: a $& b\nT:\nx\ny");
 * ```
 *
 * @param template The prompt template.
 * @param source The source sentence.
 * @param targets The targets.
 * @returns The prompt.
 */
export function fillPrompt(template: string, source: string, targets: readonly string[]): string {
  return template.split("[SOURCE]").join(source).split("[CORRECTION]").join(targets.join("\n"));
}

/**
 * The edit form of an output for LLM-E (gec-metrics' `hyp_form`): each edit as
 * `source words→corrected words`, separated by spaces (empty for an unchanged sentence).
 *
 * @example Usage
 * ```ts
 * import { editForm } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const source = ["He", "go", "to", "school"];
 * assert.equal(editForm(source, [
 *   { start: 1, end: 2, corrections: [["goes"]] },
 *   { start: 3, end: 3, corrections: [["every", "day"]] },
 * ]), "go→goes →every day");
 * ```
 *
 * @param source The source tokens.
 * @param edits The output's edits.
 * @returns The edit form.
 */
export function editForm(source: Tokens, edits: readonly Edit[]): string {
  return edits.map((e) =>
    `${source.slice(e.start, e.end).join(" ")}→${(e.corrections[0] ?? []).join(" ")}`
  ).join(" ");
}

/**
 * The `response_format` gec-metrics sends for `n` targets: the JSON schema the OpenAI library
 * makes of its pydantic model `LLMSentOutputFormat<n>` (strict).
 *
 * @param n The number of targets (1-5).
 * @returns The response format.
 */
export function responseFormat(n: number): Record<string, unknown> {
  const name = `LLMSentOutputFormat${n}`;
  const fields = Array.from({ length: n }, (_, i) => `target_score${i + 1}`);
  return {
    type: "json_schema",
    json_schema: {
      schema: {
        properties: Object.fromEntries(
          fields.map((f, i) => [f, { title: `Target Score${i + 1}`, type: "integer" }]),
        ),
        required: fields,
        title: name,
        type: "object",
        additionalProperties: false,
      },
      name,
      strict: true,
    },
  };
}

/**
 * The request body for one sentence, as gec-metrics sends it.
 *
 * @param model The model name.
 * @param prompt The filled prompt.
 * @param targets How many targets it shows.
 * @param seed The seed (left out for Gemini models, as gec-metrics does).
 * @returns The body of a `chat/completions` request.
 */
export function requestBody(
  model: string,
  prompt: string,
  targets: number,
  seed: number,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model,
    messages: [
      { role: "system", content: SYSTEM_MESSAGE },
      { role: "user", content: prompt },
    ],
    response_format: responseFormat(targets),
  };
  if (!model.includes("gemini")) body.seed = seed;
  return body;
}

/**
 * The scores in a chat completion: `target_score1`..`target_scoreN`, integers, from the JSON
 * in the first choice's message.
 *
 * @example Usage
 * ```ts
 * import { parseScores } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const answer = { choices: [{ message: { content: '{"target_score1": 4, "target_score2": 2}' } }] };
 * assert.deepEqual(parseScores(answer, 2), [4, 2]);
 * assert.throws(() => parseScores(answer, 3), /target_score3/);
 * ```
 *
 * @param response The server's answer.
 * @param n The number of targets asked about.
 * @returns The scores.
 */
export function parseScores(response: unknown, n: number): number[] {
  const content = (response as { choices?: { message?: { content?: unknown } }[] })
    ?.choices?.[0]?.message?.content;
  if (typeof content !== "string") {
    throw new Error("it has no choices[0].message.content");
  }
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(content);
  } catch {
    throw new Error(
      `the message is not JSON (${JSON.stringify(content.slice(0, 60))}); does the server ` +
        "support response_format json_schema?",
    );
  }
  return Array.from({ length: n }, (_, i) => {
    const v = json?.[`target_score${i + 1}`];
    if (typeof v !== "number" || !Number.isInteger(v)) {
      throw new Error(
        `target_score${i + 1} is ${
          v === undefined ? "missing" : `not an integer (${JSON.stringify(v)})`
        } in ${JSON.stringify(content.slice(0, 80))}`,
      );
    }
    return v;
  });
}

function sentenceKey(gold: GoldSentence): string {
  return gold.line !== undefined ? `L${gold.line}` : `S${gold.source.join(" ")}`;
}

const parsed = new Map<string, Record<string, SentenceAnswers>>();

function answersOf(options: KobayashiOptions, id: string): Record<string, SentenceAnswers> {
  if (!options.answers) {
    throw new InputError(
      `metric ${id} has no answers: they are asked of the model server once for the whole run ` +
        "before scoring (gecscore score, show, report and meta do this; a library caller runs " +
        "gatherPlan() or runPlan())",
    );
  }
  let table = parsed.get(options.answers);
  if (!table) {
    if (parsed.size > 4) parsed.clear();
    table = JSON.parse(options.answers) as Record<string, SentenceAnswers>;
    parsed.set(options.answers, table);
  }
  return table;
}

// System ratings of whole runs, by the statistics' scores (every system of a run shares them).
const ratings = new Map<string, number[]>();

function ratingsOf(stats: readonly KobayashiStats[], aggregation: string): number[] {
  const n = stats[0].scores.length;
  const key = `${aggregation}|${stats.map((s) => s.scores.join(",")).join(";")}`;
  let r = ratings.get(key);
  if (!r) {
    const sentences = stats.map((s) => s.scores);
    r = aggregation === "expected_wins"
      ? judgedExpectedWins(sentences, n)
      : judgedTrueSkill(sentences, n);
    if (ratings.size > 16) ratings.clear();
    ratings.set(key, r);
  }
  return r;
}

/**
 * Which system the statistics are of: the first of the systems whose output each sentence's
 * statistics name (systems with the same output on every sentence are interchangeable).
 */
function selfOf(stats: readonly KobayashiStats[]): number {
  let self = new Set(stats[0].mine);
  for (const s of stats) self = new Set(s.mine.filter((m) => self.has(m)));
  if (!self.size) {
    throw new InputError("statistics of different systems were mixed in one corpus score");
  }
  return Math.min(...self);
}

function scoreWith(
  stats: readonly KobayashiStats[],
  ratingOf: (me: number) => number,
): KobayashiScore {
  if (!stats.length) return { rating: 0, mean: 0, judged: 0 };
  const me = selfOf(stats);
  let sum = 0;
  let judged = 0;
  for (const s of stats) {
    const v = s.scores[me];
    if (v === null) continue;
    sum += v;
    judged++;
  }
  return { rating: ratingOf(me), mean: judged ? sum / judged : 0, judged };
}

function corpusScore(stats: readonly KobayashiStats[], options: KobayashiOptions): KobayashiScore {
  return scoreWith(stats, (me) => ratingsOf(stats, options.aggregation)[me]);
}

/** The indices as a string, two UTF-16 units each: an exact key. */
function indexKey(indices: Int32Array): string {
  const units = new Uint16Array(indices.buffer, indices.byteOffset, indices.length * 2);
  let out = "";
  for (let i = 0; i < units.length; i += 8192) {
    out += String.fromCharCode(...units.subarray(i, i + 8192));
  }
  return out;
}

// Runs by their statistics' scores, numbered (for short resample keys).
const runIds = new Map<string, number>();
let nextRun = 0;

// Ratings of resamples, by the run and the resample's indices: resampling draws the same
// indices for every system, and one rating run rates every system of the run at once.
const resampled = new Map<string, number[]>();
const MAX_RESAMPLED = 4096;

/**
 * The resampling fast path: equal to `corpus()` of the resampled statistics, with the system
 * ratings of a resample computed once for all the systems of a run.
 */
function resamplerOf(
  stats: readonly KobayashiStats[],
  options: KobayashiOptions,
): (indices: Int32Array) => KobayashiScore {
  const content = `${options.aggregation}|${stats.map((s) => s.scores.join(",")).join(";")}`;
  let run = runIds.get(content);
  if (run === undefined) {
    if (runIds.size > 64) runIds.clear();
    run = nextRun++;
    runIds.set(content, run);
  }
  const n = stats.length ? stats[0].scores.length : 0;
  return (indices) => {
    const picked = Array.from(indices, (i) => stats[i]);
    return scoreWith(picked, (me) => {
      const key = `${run}|${indexKey(indices)}`;
      let r = resampled.get(key);
      if (!r) {
        const sentences = picked.map((s) => s.scores);
        r = options.aggregation === "expected_wins"
          ? judgedExpectedWins(sentences, n)
          : judgedTrueSkill(sentences, n);
        if (resampled.size >= MAX_RESAMPLED) resampled.clear();
        resampled.set(key, r);
      }
      return r[me];
    });
  };
}

/** What differs between LLM-S and LLM-E. */
interface Variant {
  id: string;
  name: string;
  description: string;
  prompt: string;
  edits: boolean;
}

async function gatherAnswers(
  variant: Variant,
  options: KobayashiOptions,
  context: GatherContext,
): Promise<KobayashiOptions> {
  const settings = endpointSettings(variant.id, options);
  const { gold, systems } = context;
  if (!systems.length) throw new InputError(`Metric ${variant.id} needs at least one system`);
  const table: Record<string, SentenceAnswers> = {};
  const sentences = gold.map((g, i) => {
    const outputs = systems.map((s) => s.sentences[i].join(" "));
    const kept = sampleOutputs(outputs);
    const source = g.source.join(" ");
    const targets = variant.edits
      ? kept.map((o) => {
        const s = systems[outputs.indexOf(o)];
        return editForm(g.source, s.edits?.[i] ?? []);
      })
      : kept;
    const where = `sentence ${i + 1}${g.line !== undefined ? ` (gold line ${g.line})` : ""}`;
    return { outputs, kept, body: fillPrompt(variant.prompt, source, targets), where };
  });
  const { answers } = await askModel(
    settings,
    sentences.map(({ kept, body, where }) => ({
      path: "chat/completions",
      body: requestBody(options.model, body, kept.length, options.seed),
      what: where,
      parse: (response: unknown) => parseScores(response, kept.length),
    })),
    context,
  );
  sentences.forEach(({ outputs, kept }, i) => {
    const h = [...new Set(outputs)];
    const s = h.map((o) => {
      const k = kept.indexOf(o);
      return k < 0 ? null : answers[i][k];
    });
    const entry: SentenceAnswers = { h, s, w: outputs.map((o) => h.indexOf(o)) };
    const key = sentenceKey(gold[i]);
    const known = table[key];
    if (known && JSON.stringify(known) !== JSON.stringify(entry)) {
      throw new InputError(
        `Metric ${variant.id}: two sentences have the source ${
          JSON.stringify(gold[i].source.join(" "))
        } and no line numbers to tell them apart`,
      );
    }
    table[key] = entry;
  });
  return { ...options, answers: JSON.stringify(table) };
}

function makeMetric(
  variant: Variant,
): Metric<KobayashiOptions, KobayashiStats, KobayashiScore> {
  const statsOf = (gold: GoldSentence, hypothesis: Tokens, options: KobayashiOptions) => {
    const entry = answersOf(options, variant.id)[sentenceKey(gold)];
    const d = entry?.h.indexOf(hypothesis.join(" ")) ?? -1;
    if (d < 0) {
      throw new InputError(
        `metric ${variant.id} has no answer for this output: it was not among the run's ` +
          "outputs when the answers were gathered",
        undefined,
        gold.line,
      );
    }
    return {
      scores: entry.w.map((k) => entry.s[k]),
      mine: entry.w.flatMap((k, j) => k === d ? [j] : []),
    };
  };
  return {
    id: variant.id,
    description: variant.description,
    version: VERSION,
    defaults: { ...ENDPOINT_DEFAULTS, aggregation: "trueskill", seed: 777, answers: "" },
    optionSpecs: {
      ...ENDPOINT_SPECS,
      aggregation: {
        description: "system rating from the sentence judgements",
        choices: ["trueskill", "expected_wins"],
      },
      seed: { description: "seed sent with each request", integer: true },
      answers: {
        description: "filled from the model server's answers for the run; not set by users",
      },
    },
    needs: [],
    needsHypothesisEdits: variant.edits || undefined,
    headline: "rating",
    columns: ["rating", "mean", "judged"],
    columnLabels: (o) => ({
      rating: o.aggregation === "expected_wins" ? `${variant.name} EW` : `${variant.name} TS`,
    }),
    sentenceIsCorpusOfOne: true,
    orderSensitive: (o) => o.aggregation === "trueskill",
    gather: (options, context) => gatherAnswers(variant, options, context),
    stats: statsOf,
    corpus: corpusScore,
    resampler: resamplerOf,
    sentence: (stats, options) => corpusScore([stats], options),
    explain(gold, hypothesis, options): Explanation {
      const stats = statsOf(gold, hypothesis, options);
      const entry = answersOf(options, variant.id)[sentenceKey(gold)];
      const mine = stats.scores[stats.mine[0]];
      const rows = entry.h.map((h, k) => [
        entry.s[k] === null ? "-" : String(entry.s[k]),
        String(entry.w.filter((x) => x === k).length),
        h,
      ]);
      return {
        summary: mine === null
          ? `${variant.name}: this output was not judged (not among the ${MAX_TARGETS} most frequent outputs of the sentence)`
          : `${variant.name}: the model gave this output ${mine} of 5 points`,
        blocks: [{
          title: "Outputs of the run (score, systems, output)",
          table: [["score", "systems", "output"], ...rows],
        }],
      };
    },
    signature: (o) =>
      `${variant.id}|model:${o.model}|agg:${o.aggregation}|seed:${o.seed}|cache:${o.cache}|v:${VERSION}`,
  };
}

/** LLM-S: the model scores the corrected sentences. */
export const llmSMetric: Metric<KobayashiOptions, KobayashiStats, KobayashiScore> = makeMetric({
  id: "llm_s",
  name: "LLM-S",
  description:
    "LLM-S (Kobayashi et al. 2024): a model server rates the outputs 1-5, systems ranked",
  prompt: LLM_S_PROMPT,
  edits: false,
});

/** LLM-E: the model scores the corrections' edits. */
export const llmEMetric: Metric<KobayashiOptions, KobayashiStats, KobayashiScore> = makeMetric({
  id: "llm_e",
  name: "LLM-E",
  description: "LLM-E (Kobayashi et al. 2024): a model server rates the outputs' edits 1-5",
  prompt: LLM_E_PROMPT,
  edits: true,
});
