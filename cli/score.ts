/**
 * `gecscore score`: score system outputs with the selected metrics, as a table, JSON or TSV.
 *
 * @module
 */

import { parseCommandArgs, PLUGIN_HELP, splitList } from "./args.ts";
import type { Command } from "./command.ts";
import { readSystems } from "./read_systems.ts";
import { formatValue, headlineValue, renderTable, scoreColumns } from "./render.ts";
import {
  SIGNIFICANCE_HELP,
  SIGNIFICANCE_OPTIONS,
  significanceCells,
  type SignificanceFlags,
  significanceRequest,
} from "./significance.ts";
import { echoedWarnings } from "./warnings.ts";
import { readGold } from "../builtin.ts";
import { readReferenceCorpus } from "../formats/text.ts";
import { UsageError } from "../plugins/errors.ts";
import { parseOptionAssignments } from "../plugins/options.ts";
import type { AnyMetric, GoldCorpus } from "../plugins/types.ts";
import { selectMetrics, type SystemResult } from "../pipeline/scoring.ts";
import { scoreSystemsParallel } from "../pipeline/parallel.ts";
import { assessResults, type MetricSignificance } from "../pipeline/significance.ts";

/** A metric's signature, with the resampling's fields when there was resampling. */
function signatureOf(signature: string, sig: MetricSignificance | undefined): string {
  return sig ? `${signature}|${sig.signature}` : signature;
}

/** The significance fields of one system and metric, for JSON. */
function significanceJson(sig: MetricSignificance | undefined, k: number) {
  if (!sig) return {};
  const s = sig.systems[k];
  const out: Record<string, unknown> = { tested: sig.headline };
  if (s.p_value !== undefined) out.p_value = s.p_value;
  if (s.ci) out.ci = s.ci;
  if (s.rank) out.rank = s.rank;
  return out;
}

function reportJson(
  gold: GoldCorpus,
  results: SystemResult[],
  significance?: MetricSignificance[],
): string {
  const head: Record<string, unknown> = { gold: gold.path };
  if (significance?.length) {
    const { test, samples, trials, seed, alpha } = significance[0];
    head.significance = { baseline: results[0].name, test, samples, trials, seed, alpha };
  }
  return JSON.stringify(
    {
      ...head,
      systems: results.map((r, k) => {
        const system: Record<string, unknown> = {
          name: r.name,
          path: r.path,
          metrics: Object.fromEntries(
            r.metrics.map((m, j) => [m.metric, {
              signature: signatureOf(m.signature, significance?.[j]),
              ...m.score,
              ...significanceJson(significance?.[j], k),
            }]),
          ),
        };
        if (r.metrics.some((m) => m.sentences)) {
          system.sentences = gold.sentences.map((_, i) =>
            Object.fromEntries(r.metrics.map((m) => [m.metric, m.sentences![i]]))
          );
        }
        return system;
      }),
    },
    null,
    2,
  ) + "\n";
}

function reportTsv(
  results: SystemResult[],
  metrics: AnyMetric[],
  significance?: MetricSignificance[],
): string {
  const rows = [["system", "metric", "sentence", "field", "value"].join("\t")];
  const clean = (v: string) => v.replace(/[\t\n\r]/g, " ");
  for (const r of results) {
    r.metrics.forEach((m, k) => {
      const emit = (sentence: string, score: Record<string, unknown>) => {
        for (const path of scoreColumns(metrics[k], score)) {
          const value = headlineValue(score, path);
          rows.push([r.name, m.metric, sentence, path, clean(String(value))].map(clean).join("\t"));
        }
      };
      emit("all", m.score);
      const sig = significance?.[k].systems[results.indexOf(r)];
      if (sig) {
        const fields: [string, unknown][] = [];
        if (sig.ci) {
          for (const [key, value] of Object.entries(sig.ci)) fields.push([`ci.${key}`, value]);
        }
        if (sig.p_value !== undefined) fields.push(["p_value", sig.p_value]);
        if (sig.rank) fields.push(["rank", sig.rank.join("-")]);
        for (const [field, value] of fields) {
          rows.push([r.name, m.metric, "all", field, String(value)].map(clean).join("\t"));
        }
      }
      m.sentences?.forEach((s, i) => emit(String(i + 1), s));
    });
  }
  return rows.join("\n") + "\n";
}

function reportTable(
  results: SystemResult[],
  metrics: AnyMetric[],
  significance?: MetricSignificance[],
): string {
  const parts: string[] = [];
  metrics.forEach((metric, k) => {
    const first = results[0].metrics[k];
    const columns = scoreColumns(metric, first.score);
    const scores = results.flatMap((r) => [r.metrics[k].score, ...(r.metrics[k].sentences ?? [])]);
    // A column is a rate when any of its values is fractional: then 1 prints as 1.0000.
    const rate = columns.map((c) =>
      scores.some((s) => {
        const v = headlineValue(s, c);
        return typeof v === "number" && !Number.isInteger(v);
      })
    );
    const cells = (score: Record<string, unknown>) =>
      columns.map((c, i) => formatValue(headlineValue(score, c), rate[i]));
    const sig = significance?.[k] ? significanceCells(significance[k]) : undefined;
    const rows = [["system", ...columns, ...(sig?.header ?? [])]];
    results.forEach((r, j) => {
      const m = r.metrics[k];
      rows.push([r.name, ...cells(m.score), ...(sig?.rows[j] ?? [])]);
      m.sentences?.forEach((s, i) => rows.push([`  ${r.name}:${i + 1}`, ...cells(s)]));
    });
    parts.push(
      `${metric.id}  (${signatureOf(first.signature, significance?.[k])})\n${renderTable(rows)}`,
    );
  });
  return parts.join("\n\n") + "\n";
}

/**
 * The value of `--jobs`: a whole number of workers from 1 up, or "auto" when not given.
 *
 * @example Usage
 * ```ts
 * import { parseJobs } from "./score.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(parseJobs("3"), 3);
 * assert.equal(parseJobs(undefined), "auto");
 * assert.throws(() => parseJobs("0x2"), /--jobs needs a whole number from 1 up, found "0x2"/);
 * ```
 *
 * @param value The option's value.
 * @returns The number, or "auto".
 */
export function parseJobs(value: string | undefined): number | "auto" {
  if (value === undefined) return "auto";
  if (!/^\s*[1-9]\d{0,3}\s*$/.test(value)) {
    throw new UsageError(`--jobs needs a whole number from 1 up, found ${JSON.stringify(value)}`);
  }
  return Number(value);
}

/** The `score` command. */
export const scoreCommand: Command = {
  summary: "score system outputs against a gold file (or source + reference files)",
  help: `Usage:
  gecscore score --gold GOLD HYP... [options]
  gecscore score --src SRC --ref REF [--ref REF]... HYP... [options]

Score one or more system outputs (one pre-tokenized sentence per line, as many lines as the
gold has sentences). The gold format is picked by extension or content (.m2, .xml). With
--src/--ref, the gold is plain text and only metrics that need references can run.

Options:
  --gold FILE              the gold file
  --src FILE, --ref FILE   source and reference sentences (instead of --gold)
  -m, --metrics IDS        metrics to run, comma separated or repeated (default: every
                           registered metric the gold can serve); see gecscore list
  --opt METRIC.NAME=VALUE  a metric option, repeatable (e.g. --opt m2.beta=1.0)
  --format FORMAT          table (default), json or tsv
  --sentences              also report sentence-level scores
  -j, --jobs N             score on N workers (default: one per core for large runs);
                           the output is the same for any N
${PLUGIN_HELP}

${SIGNIFICANCE_HELP}
  -h, --help               this help
`,
  async run(args, { registry, io }) {
    const { values, positionals } = parseCommandArgs("score", {
      args,
      allowPositionals: true,
      options: {
        gold: { type: "string" },
        src: { type: "string" },
        ref: { type: "string", multiple: true },
        metrics: { type: "string", short: "m", multiple: true },
        opt: { type: "string", multiple: true },
        format: { type: "string", default: "table" },
        sentences: { type: "boolean", default: false },
        jobs: { type: "string", short: "j" },
        plugin: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
        ...SIGNIFICANCE_OPTIONS,
      },
    });
    if (values.help) {
      io.out(this.help);
      return 0;
    }
    const format = values.format as string;
    if (!["table", "json", "tsv"].includes(format)) {
      throw new UsageError(`Unknown output format "${format}"; valid: table, json, tsv`);
    }
    if (!positionals.length) throw new UsageError("score: give at least one system output file");
    if (values.gold && (values.src || values.ref)) {
      throw new UsageError("score: give either --gold or --src with --ref, not both");
    }
    let gold: GoldCorpus;
    if (values.gold) {
      gold = await readGold(values.gold as string, { registry });
    } else if (values.src && values.ref?.length) {
      gold = await readReferenceCorpus(values.src as string, values.ref as string[]);
    } else {
      throw new UsageError("score: give --gold GOLD, or --src SRC with at least one --ref REF");
    }
    const request = significanceRequest(values as SignificanceFlags);
    if (request?.test && positionals.length < 2) {
      throw new UsageError(
        `score: --paired ${request.test} needs at least two systems (the first is the baseline)`,
      );
    }
    const options = parseOptionAssignments((values.opt as string[] | undefined) ?? []);
    const metricIds = splitList(values.metrics as string[] | undefined);
    const metrics = selectMetrics(registry, gold, metricIds);
    const systems = await readSystems(positionals, gold);
    const results = await scoreSystemsParallel({
      registry,
      gold,
      systems,
      metrics: metrics.map((m) => m.id),
      options,
      sentences: values.sentences as boolean,
    }, { jobs: parseJobs(values.jobs as string | undefined) });
    for (const result of results) {
      result.metrics.forEach((m, k) => {
        const text = echoedWarnings(metrics[k], m.score);
        if (text) io.err(text);
      });
    }
    const significance = request ? assessResults(registry, results, request, options) : undefined;
    for (const sig of significance ?? []) {
      for (const warning of sig.warnings ?? []) io.err(`Warning: ${sig.metric}: ${warning}\n`);
    }
    io.out(
      format === "json"
        ? reportJson(gold, results, significance)
        : format === "tsv"
        ? reportTsv(results, metrics, significance)
        : reportTable(results, metrics, significance),
    );
    return 0;
  },
};
