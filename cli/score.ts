/**
 * `gecscore score`: score system outputs with the selected metrics, as a table, JSON or TSV.
 *
 * @module
 */

import { MODEL_FLAGS, MODEL_FLAGS_HELP, withModelFlags } from "./model_flags.ts";
import { parseCommandArgs, PLUGIN_HELP, splitList } from "./args.ts";
import type { Command } from "./command.ts";
import { READ_LIMIT_FLAGS, READ_LIMIT_HELP, readLimitsFromFlags } from "./limits.ts";
import { checkGoldFlags, GOLD_FLAGS, readCommandGold } from "./command_gold.ts";
import {
  readSystems,
  SYSTEM_FORMAT_FLAG,
  SYSTEM_FORMAT_HELP,
  systemFiles,
  withAnnotatorEdits,
} from "./read_systems.ts";
import { stderrProgress } from "./progress.ts";
import {
  SIGNIFICANCE_HELP,
  SIGNIFICANCE_OPTIONS,
  type SignificanceFlags,
  significanceRequest,
} from "./significance.ts";
import { WarningEcho } from "../render/warnings.ts";
import { renderWithWidths } from "../render/text.ts";
import { InputError, UsageError } from "../plugins/errors.ts";
import { escapeControls } from "../util/terminal_text.ts";
import { parseOptionAssignments, resolveOptions } from "../plugins/options.ts";
import { planRun, runPlan } from "../pipeline/engine.ts";
import { selectMetrics } from "../pipeline/scoring.ts";
import { assessResults } from "../pipeline/significance.ts";
import { typeIntervals } from "../pipeline/type_intervals.ts";
import { reportJson, reportTable, reportTsv } from "./score_output.ts";
import { type JsonlRequest, scoreJsonl, streamedResults } from "./score_stream.ts";
import type { AnyMetric } from "../plugins/types.ts";
import type { SystemResult } from "../pipeline/scoring.ts";
import type { MetricSignificance } from "../pipeline/significance.ts";

/** The output formats of `score`. */
export const SCORE_FORMATS = ["table", "json", "tsv", "jsonl", "markdown", "latex"] as const;

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
  gecscore score --gold GOLD [HYP]... [--hyp-m2 SYS.m2]... [options]
  gecscore score --src SRC --ref REF [--ref REF]... HYP... [options]

Score one or more system outputs (one pre-tokenized sentence per line, as many lines as the
gold has sentences), or systems given as hypothesis M2 files (their own edits, one annotator,
as errant_parallel writes them; every metric scores their text, errant their edits). The
gold format is picked by extension or content (.m2, .xml). With --src/--ref, the gold is
plain text and only metrics that need references can run. Warnings go to stderr once per
kind; a progress bar shows on stderr during long runs when it is a terminal.

Options:
  --gold FILE              the gold file
  --gold-format ID         the gold's format (default: by name and content); see gecscore list
  --src FILE, --ref FILE   source and reference sentences (instead of --gold)
  -m, --metrics IDS        metrics to run, comma separated or repeated (default: every
                           registered metric the gold can serve); see gecscore list
  --opt METRIC.NAME=VALUE  a metric option, repeatable (e.g. --opt m2.beta=1.0)
${MODEL_FLAGS_HELP}
  --format FORMAT          table (default), json, tsv, markdown, latex, or jsonl: one JSON
                           object per line, a sentence's scores as soon as they are computed
                           (with --sentences), the corpus scores last; M2 and text gold are
                           read as they are scored, so memory does not grow with the corpus
  --wide                   tables with every column (default: the few numbers people quote)
  --sentences              also report sentence-level scores
  -q, --quiet              no warnings on stderr (they stay in the JSON output)
  -j, --jobs N             score on N workers (default: one per core for large runs);
                           the output is the same for any N
  --hyp-m2 FILE            a system given as a hypothesis M2, repeatable (mixes with HYP)
${SYSTEM_FORMAT_HELP}
  --by-type                per error type: errant by its categories (level errant.cat);
                           m2 by gold error type (TP and FN; precision is not defined)
${READ_LIMIT_HELP}
${PLUGIN_HELP}

${SIGNIFICANCE_HELP}
  -h, --help               this help
`,
  async run(args, { registry, io }) {
    const { values, tokens } = parseCommandArgs("score", {
      args,
      allowPositionals: true,
      tokens: true,
      options: {
        "hyp-m2": { type: "string", multiple: true },
        "by-type": { type: "boolean", default: false },
        ...GOLD_FLAGS,
        ...SYSTEM_FORMAT_FLAG,
        metrics: { type: "string", short: "m", multiple: true },
        opt: { type: "string", multiple: true },
        ...MODEL_FLAGS,
        format: { type: "string", default: "table" },
        sentences: { type: "boolean", default: false },
        wide: { type: "boolean", default: false },
        quiet: { type: "boolean", short: "q", default: false },
        jobs: { type: "string", short: "j" },
        plugin: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
        ...READ_LIMIT_FLAGS,
        ...SIGNIFICANCE_OPTIONS,
      },
    });
    if (values.help) {
      io.out(this.help);
      return 0;
    }
    const limits = readLimitsFromFlags(values);
    const format = values.format as string;
    if (!(SCORE_FORMATS as readonly string[]).includes(format)) {
      throw new UsageError(
        `Unknown output format "${format}"; valid: ${SCORE_FORMATS.join(", ")}`,
      );
    }
    const files = systemFiles(tokens);
    if (!files.length) {
      throw new UsageError("score: give at least one system output file (HYP or --hyp-m2 FILE)");
    }
    checkGoldFlags("score", values);
    // What the streamed runs (`--format jsonl`, and corpus scores alone) are asked.
    const streamRequest = (
      sentences: boolean,
      metricIds: string[] | undefined,
      options: JsonlRequest["options"],
      jobs: JsonlRequest["jobs"],
    ): JsonlRequest => ({
      gold: values.gold as string | undefined,
      goldFormat: values["gold-format"] as string | undefined,
      systemFormat: values["system-format"] as string | undefined,
      src: values.src as string | undefined,
      refs: (values.ref as string[] | undefined) ?? [],
      paths: files.map((f) => f.path),
      metricIds,
      options,
      sentences,
      quiet: values.quiet as boolean,
      limits,
      jobs,
    });
    if (format === "jsonl") {
      if (significanceRequest(values as SignificanceFlags)) {
        throw new UsageError(
          "score: --format jsonl streams the sentences and keeps none of them; resampling needs " +
            "them all: use --format json, tsv or table with it",
        );
      }
      if (files.some((f) => f.m2)) {
        throw new UsageError(
          "score: --format jsonl streams plain-text systems only; give --hyp-m2 systems with " +
            "--format json, tsv or table",
        );
      }
      return await scoreJsonl(
        streamRequest(
          values.sentences as boolean,
          splitList(values.metrics as string[] | undefined),
          parseOptionAssignments(
            withModelFlags(registry, values, values.opt as string[] | undefined),
          ),
          parseJobs(values.jobs as string | undefined),
        ),
        registry,
        io,
      );
    }
    const request = significanceRequest(values as SignificanceFlags);
    const jobs = parseJobs(values.jobs as string | undefined);
    const output = (
      gold: Parameters<typeof reportJson>[0],
      results: SystemResult[],
      metrics: AnyMetric[],
      significance?: MetricSignificance[],
    ) =>
      format === "json"
        ? reportJson(gold, results, significance)
        : format === "tsv"
        ? reportTsv(results, metrics, significance)
        : reportTable(
          results,
          metrics,
          format,
          values.wide as boolean,
          significance,
          values["by-type"] as boolean,
          metrics.map((m) =>
            m.columnLabels?.(resolveOptions(m, options[m.id] ?? {}) as never) ?? {}
          ),
        );
    const options = parseOptionAssignments(
      withModelFlags(registry, values, values.opt as string[] | undefined),
    );
    const metricIds = splitList(values.metrics as string[] | undefined);
    if (!request && !values.sentences && !values["by-type"] && !files.some((f) => f.m2)) {
      // Only corpus scores are printed: they are folded as the sentences stream past, and no
      // sentence is kept (the same numbers, bytes and errors as the whole-corpus engine).
      const streamed = await streamedResults(
        streamRequest(false, metricIds, options, jobs),
        registry,
      );
      if (streamed) {
        const warnings = new WarningEcho(io.err, values.quiet as boolean);
        for (const result of streamed.results) {
          result.metrics.forEach((m, k) => warnings.echo(streamed.metrics[k], m.score));
        }
        warnings.finish();
        io.out(
          await renderWithWidths(() => output(streamed.gold, streamed.results, streamed.metrics)),
        );
        return 0;
      }
    }
    const gold = await readCommandGold("score", values, registry, limits);
    if (request?.test && files.length < 2) {
      throw new UsageError(
        `score: --paired ${request.test} needs at least two systems (the first is the baseline)`,
      );
    }
    selectMetrics(registry, gold, metricIds);
    const systems = await withAnnotatorEdits(
      registry,
      gold,
      await readSystems(files, gold, io, limits, {
        registry,
        format: values["system-format"] as string | undefined,
      }),
      metricIds,
    );
    let metrics = selectMetrics(registry, gold, metricIds, systems);
    const progress = stderrProgress("scoring", io.err);
    // A metric that refuses the input (a sentence past its bounds) does not take the others'
    // results with it: they are printed, then its error, and the exit status is 1.
    const refusals: InputError[] = [];
    let results;
    try {
      for (;;) {
        const plan = planRun({
          registry,
          gold,
          systems,
          metrics: metrics.map((m) => m.id),
          options,
          sentences: values.sentences as boolean,
          byType: values["by-type"] as boolean,
        });
        try {
          results = await runPlan(plan, {
            jobs,
            onProgress: (done, total) => progress.update(done, total),
          });
          break;
        } catch (error) {
          const refused = refusingMetric(error, metrics);
          if (refused === undefined || metrics.length === 1) throw error;
          refusals.push(error as InputError);
          metrics = metrics.filter((m) => m.id !== refused);
        }
      }
    } finally {
      progress.done();
    }
    const significance = request ? assessResults(registry, results, request, options) : undefined;
    const warnings = new WarningEcho(io.err, values.quiet as boolean);
    for (const result of results) {
      result.metrics.forEach((m, k) => warnings.echo(metrics[k], m.score));
    }
    for (const sig of significance ?? []) warnings.echo({ id: sig.metric }, sig);
    warnings.finish();
    if (values["by-type"] && request?.ci) {
      // Per-type 95% intervals from the same bootstrap resamples as the corpus intervals.
      results.forEach((r, j) => {
        r.metrics.forEach((m, k) => {
          if (!m.byType) return;
          const intervals = typeIntervals({
            metric: metrics[k],
            options: resolveOptions(metrics[k], options[metrics[k].id] ?? {}),
            stats: m.stats,
            gold: gold.sentences,
            hypotheses: systems[j].sentences,
            hypothesisEdits: systems[j].edits,
            samples: request.samples,
            seed: request.seed,
          });
          const field = m.byType.headline ?? m.byType.columns.at(-1)!;
          for (const t of m.byType.types) {
            const ci = intervals.get(t.type);
            if (typeof ci === "object") t.score.ci = ci;
            else t.score.ci_resamples_defined = ci ?? 0;
          }
          m.byType.columns = [...m.byType.columns, "ci"];
          (m.byType.notes ??= []).push(
            `ci: 95% bootstrap interval of ${field} per type (the corpus resamples); a type ` +
              `without an edit in some resample has none (ci_resamples_defined says in how many ` +
              `it had one)`,
          );
        });
      });
    }
    io.out(await renderWithWidths(() => output(gold, results, metrics, significance)));
    for (const refusal of refusals) {
      io.err(`gecscore: ${escapeControls(refusal.message.replace(/\r?\n|\r/g, "\\n"))}\n`);
    }
    return refusals.length ? 1 : 0;
  },
};

/**
 * The metric an input error belongs to, when the metric raised it about the input it was given
 * (its message starts with the metric's id, as `imeasure: sentence at gold line 3: ...`).
 */
function refusingMetric(error: unknown, metrics: readonly { id: string }[]): string | undefined {
  if (!(error instanceof InputError)) return undefined;
  return metrics.find((m) => error.message.startsWith(`${m.id}: `))?.id;
}
