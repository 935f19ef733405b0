/**
 * Score systems for the report: the same statistics and scores as `gecscore score` (one
 * {@linkcode scoreSystems} run with sentence scores), plus what the page shows beyond them:
 * corpus scores per sentence-length bucket (from the statistics of the bucket's sentences), the
 * references, and the gold edits each system matched (when M2 runs on an annotated gold).
 *
 * @module
 */

import { referenceRewrites } from "../formats/references.ts";
import type { M2Options, M2Stats } from "../metrics/m2/mod.ts";
import { resolveOptions } from "../plugins/options.ts";
import { headlineValue } from "../plugins/headline.ts";
import { tableFields } from "./fields.ts";
import { type ScoreRequest, scoreSystems, selectMetrics } from "../pipeline/scoring.ts";
import type { GoldSentence, Options, Score, Tokens } from "../plugins/types.ts";
import { m2SentenceEdits, typeBreakdown } from "./m2_edits.ts";
import type {
  ReportBucket,
  ReportHuman,
  ReportInput,
  ReportSentence,
  ReportSignificance,
  ReportTypeBreakdown,
} from "./types.ts";

/** What {@linkcode reportInput} needs: a scoring request and the optional extra sections. */
export interface ReportRequest extends ScoreRequest {
  /** The page title (default: "gecscore report: " and the gold's file name). */
  title?: string;
  /** Confidence intervals and paired p-values. */
  significance?: ReportSignificance;
  /** Per-type counts (default: from M2's matching, when M2 runs and the gold has types). */
  types?: ReportTypeBreakdown;
  /** Human judgments of the systems: one entry per human ranking. */
  human?: ReportHuman[];
  /** What made the page. */
  generator?: string;
}

/** Upper bounds (inclusive) of the sentence-length buckets, in source tokens. */
const BUCKET_EDGES = [10, 20, 30, 40];

function bucketOf(length: number): number {
  const k = BUCKET_EDGES.findIndex((edge) => length <= edge);
  return k < 0 ? BUCKET_EDGES.length : k;
}

function bucketLabel(k: number): string {
  if (k === 0) return `1-${BUCKET_EDGES[0]}`;
  if (k === BUCKET_EDGES.length) return `${BUCKET_EDGES[k - 1] + 1}+`;
  return `${BUCKET_EDGES[k - 1] + 1}-${BUCKET_EDGES[k]}`;
}

function headline(score: Score, path: string): number {
  const value = headlineValue(score, path);
  return typeof value === "number" ? value : NaN;
}

function references(sentence: GoldSentence): Tokens[] {
  if (!sentence.references && !sentence.annotations) return [];
  return referenceRewrites(sentence);
}

function editTypes(sentence: GoldSentence): string[] {
  const types = new Set<string>();
  for (const a of sentence.annotations ?? []) {
    for (const e of a.edits) if (e.type) types.add(e.type);
  }
  for (const e of sentence.errors ?? []) if (e.type) types.add(e.type);
  return [...types].sort();
}

/**
 * Score the systems and gather everything the report page shows.
 *
 * @example Usage
 * ```ts
 * import { reportInput } from "./report_input.ts";
 * import { createRegistry, readGold, readHypotheses } from "../mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const system = await readHypotheses("tests/testdata/m2scorer_example_system2", 3);
 * const input = reportInput({ registry: createRegistry(), gold, systems: [system], metrics: ["m2"] });
 * assert.equal((input.systems[0].scores.m2.f as number).toFixed(4), "0.7143");
 * assert.equal(input.systems[0].sentenceScores.m2.length, 3);
 * assert.equal(input.edits?.compared.length, 3);
 * ```
 *
 * @param request The systems, gold, metrics and options, and the optional extra sections.
 * @returns The report's input.
 */
export function reportInput(request: ReportRequest): ReportInput {
  const { registry, gold } = request;
  const metrics = selectMetrics(registry, gold, request.metrics);
  const results = scoreSystems({ ...request, metrics: metrics.map((m) => m.id), sentences: true });
  const options = metrics.map((m) => resolveOptions<Options>(m, request.options?.[m.id] ?? {}));
  const input: ReportInput = {
    title: request.title ?? `gecscore report: ${gold.path.split(/[\\/]/).pop()}`,
    gold: gold.path,
    goldFormat: gold.format,
    metrics: metrics.map((metric, k) => ({
      id: metric.id,
      headline: metric.headline,
      columns: tableFields(metric, results[0]?.metrics[k].score ?? {}),
      signature: metric.signature(options[k]),
    })),
    systems: results.map((r, s) => ({
      name: r.name,
      sentences: request.systems[s].sentences,
      scores: Object.fromEntries(r.metrics.map((m) => [m.metric, m.score])),
      sentenceScores: Object.fromEntries(
        r.metrics.map((
          m,
          k,
        ) => [m.metric, m.sentences!.map((x) => headline(x, metrics[k].headline))]),
      ),
    })),
    sentences: gold.sentences.map((sentence): ReportSentence => ({
      source: sentence.source,
      references: references(sentence),
      types: editTypes(sentence),
    })),
  };
  // Corpus scores of each length bucket, from the statistics of its sentences.
  const byBucket = new Map<number, number[]>();
  gold.sentences.forEach((s, i) => {
    const k = bucketOf(s.source.length);
    if (!byBucket.has(k)) byBucket.set(k, []);
    byBucket.get(k)!.push(i);
  });
  input.buckets = [...byBucket.keys()].sort((a, b) => a - b).map((k): ReportBucket => {
    const indices = byBucket.get(k)!;
    return {
      label: bucketLabel(k),
      count: indices.length,
      scores: Object.fromEntries(results.map((r) => [
        r.name,
        Object.fromEntries(metrics.map((metric, m) => {
          const stats = indices.map((i) => r.metrics[m].stats[i]);
          return [metric.id, headline(metric.corpus(stats, options[m]), metric.headline)];
        })),
      ])),
    };
  });
  // Gold edits matched and missed, as M2 counts them.
  const m2 = metrics.findIndex((m) => m.id === "m2");
  if (m2 >= 0 && results.length) {
    input.edits = m2SentenceEdits(
      gold.sentences,
      request.systems.map((s) => s.sentences),
      results.map((r) => r.metrics[m2].stats as M2Stats[]),
      options[m2] as M2Options,
    );
    const hasTypes = input.edits.gold.some((a) => a.some((edits) => edits.some((e) => e.type)));
    if (hasTypes && !request.types) {
      input.types = typeBreakdown(input.edits, results.map((r) => r.name));
    }
  }
  if (request.types) input.types = request.types;
  if (request.significance) input.significance = request.significance;
  if (request.human?.length) input.human = request.human;
  if (request.generator) input.generator = request.generator;
  const warnings = results.flatMap((r) =>
    r.metrics.flatMap((m) => {
      const list = (m.score as { warnings?: unknown }).warnings;
      return Array.isArray(list) ? list.map((w) => `${m.metric} on ${r.name}: ${w}`) : [];
    })
  );
  if (warnings.length) input.warnings = warnings;
  return input;
}
