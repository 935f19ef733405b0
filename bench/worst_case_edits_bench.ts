/**
 * Worst cases of the metrics that compare edits, on plain text: one sentence pair of 1,000
 * tokens each (issue "speed": any pair up to 1,000 tokens each under 2 s for every metric). A
 * plain-text system's edits come from the annotator (tag, align, merge, classify), whose
 * alignment searches transpositions back along the diagonals; unrelated sentences are its worst
 * case. Each case is the annotation plus the metric's statistics, as `score` on a plain system.
 * GREEN counts n-grams (linear) and needs no edits. Past `MAX_MERGE_RUN` (300) unmatched steps in
 * one run, the annotator refuses the pair with an error naming the sentence and the bound: the
 * unrelated 1,000-token case times that refusal.
 *
 * `deno bench --allow-read bench/worst_case_edits_bench.ts`
 *
 * @module
 */
import type { AnyMetric, GoldCorpus, GoldSentence } from "../plugins/types.ts";
import { loadAnnotator } from "../annotator/annotate.ts";
import { annotatePlainSystems } from "../pipeline/annotate_systems.ts";
import { clemeMetric } from "../metrics/cleme/mod.ts";
import { cleme2Metric } from "../metrics/cleme2/mod.ts";
import { errantMetric } from "../metrics/errant/mod.ts";
import { gotoscorerMetric } from "../metrics/gotoscorer/mod.ts";
import { greenMetric } from "../metrics/green/mod.ts";
import { InputError } from "../plugins/mod.ts";
import { resolveOptions } from "../plugins/options.ts";

/** `n` tokens from a 97-word vocabulary, `prefix` naming it. */
function words(n: number, prefix: string): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}${(i * 31) % 97}`);
}

const n = 1000;
const source = words(n, "w");
const edits = [];
for (let i = 5; i < n; i += 10) {
  edits.push({ start: i, end: i + 1, corrections: [[`c${i}`]], type: "R:NOUN" });
}
const gold: GoldSentence = {
  source,
  annotations: [{ annotator: "0", edits }],
  references: [source.map((t, i) => i % 10 === 5 ? `c${i}` : t)],
  line: 1,
};
const corpus: GoldCorpus = { path: "worst.m2", format: "m2", sentences: [gold] };
const hypotheses = {
  "an edited copy": source.map((t, i) => i % 20 === 5 ? `c${i}` : t),
  // Refused: the rule merge bounds runs of unmatched steps (MAX_MERGE_RUN); timed to the refusal.
  "1000 unrelated tokens": words(n, "u"),
  // The longest unrelated run the merge takes on: 300 tokens, then the rest of the source.
  "300 unrelated tokens, then the source": [...words(300, "u"), ...source.slice(300)],
};
const annotator = await loadAnnotator();

async function scoreOne(metric: AnyMetric, hypothesis: string[]): Promise<void> {
  let system;
  try {
    [system] = await annotatePlainSystems(
      corpus,
      [{ name: "s", path: "s", sentences: [hypothesis] }],
      [metric],
      annotator,
    );
  } catch (error) {
    if (
      error instanceof InputError && /the annotator's rule merge bounds itself/.test(error.message)
    ) {
      return;
    }
    throw error;
  }
  const options = resolveOptions(metric, {});
  metric.stats(gold, hypothesis, options, system.edits?.[0]);
}

const metrics: AnyMetric[] = [
  errantMetric as AnyMetric,
  clemeMetric as AnyMetric,
  cleme2Metric as AnyMetric,
  gotoscorerMetric as AnyMetric,
  greenMetric as AnyMetric,
];
for (const metric of metrics) {
  for (const [what, hypothesis] of Object.entries(hypotheses)) {
    Deno.bench({
      name: `${metric.id}: ${n} tokens against ${what} (annotated as plain text)`,
      n: 1,
      warmup: 0,
      async fn() {
        await scoreOne(metric, hypothesis);
      },
    });
  }
}
