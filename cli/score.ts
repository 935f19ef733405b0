/**
 * `gecscore score`: score system outputs with the selected metrics, as a table, JSON or TSV.
 *
 * @module
 */

import { parseCommandArgs, PLUGIN_HELP, splitList } from "./args.ts";
import type { Command } from "./command.ts";
import { readSystems } from "./read_systems.ts";
import { formatValue, headlineValue, renderTable, scoreColumns } from "./render.ts";
import { echoedWarnings } from "./warnings.ts";
import { readGold } from "../builtin.ts";
import { readReferenceCorpus } from "../formats/text.ts";
import { UsageError } from "../plugins/errors.ts";
import { parseOptionAssignments } from "../plugins/options.ts";
import type { AnyMetric, GoldCorpus } from "../plugins/types.ts";
import { selectMetrics, type SystemResult } from "../pipeline/scoring.ts";
import { scoreSystemsParallel } from "../pipeline/parallel.ts";

function reportJson(gold: GoldCorpus, results: SystemResult[]): string {
  return JSON.stringify(
    {
      gold: gold.path,
      systems: results.map((r) => {
        const system: Record<string, unknown> = {
          name: r.name,
          path: r.path,
          metrics: Object.fromEntries(
            r.metrics.map((m) => [m.metric, { signature: m.signature, ...m.score }]),
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

function reportTsv(results: SystemResult[], metrics: AnyMetric[]): string {
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
      m.sentences?.forEach((s, i) => emit(String(i + 1), s));
    });
  }
  return rows.join("\n") + "\n";
}

function reportTable(results: SystemResult[], metrics: AnyMetric[]): string {
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
    const rows = [["system", ...columns]];
    for (const r of results) {
      const m = r.metrics[k];
      rows.push([r.name, ...cells(m.score)]);
      m.sentences?.forEach((s, i) => rows.push([`  ${r.name}:${i + 1}`, ...cells(s)]));
    }
    parts.push(`${metric.id}  (${first.signature})\n${renderTable(rows)}`);
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
    io.out(
      format === "json"
        ? reportJson(gold, results)
        : format === "tsv"
        ? reportTsv(results, metrics)
        : reportTable(results, metrics),
    );
    return 0;
  },
};
