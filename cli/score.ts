/**
 * `gecscore score`: score system outputs with the selected metrics, as a table, JSON or TSV.
 *
 * @module
 */

import { MODEL_FLAGS, MODEL_FLAGS_HELP, withModelFlags } from "./model_flags.ts";
import { PRESET_FLAG, PRESET_HELP, withPreset } from "./preset.ts";
import { parseCommandArgs, PLUGIN_HELP, splitList } from "./args.ts";
import type { Command, Io } from "./command.ts";
import { READ_LIMIT_FLAGS, READ_LIMIT_HELP, readLimitsFromFlags } from "./limits.ts";
import { checkGoldFlags, GOLD_FLAGS } from "./command_gold.ts";
import { SYSTEM_FORMAT_FLAG, SYSTEM_FORMAT_HELP, systemFiles } from "./read_systems.ts";
import { stderrProgress } from "./progress.ts";
import {
  SIGNIFICANCE_HELP,
  SIGNIFICANCE_OPTIONS,
  type SignificanceFlags,
  significanceRequest,
} from "./significance.ts";
import { WarningEcho } from "../render/warnings.ts";
import { renderWithWidths } from "../render/text.ts";
import { UsageError } from "../plugins/errors.ts";
import { escapeControls } from "../util/terminal_text.ts";
import { parseOptionAssignments } from "../plugins/options.ts";
import {
  type FileOutcome,
  fileRecords,
  planFiles,
  type RecordRun,
  runFiles,
} from "../pipeline/run.ts";
import type { RunPlan, SystemResult } from "../pipeline/scoring.ts";
import { assessResults, type MetricSignificance } from "../pipeline/significance.ts";
import { typeIntervals } from "../pipeline/type_intervals.ts";
import { reportJson, reportTable, reportTsv } from "./score_output.ts";
import { paperColumns } from "../render/paper.ts";
import type { AnyMetric } from "../plugins/types.ts";

/** The output formats of `score`. */
export const SCORE_FORMATS = ["table", "json", "tsv", "jsonl", "markdown", "latex"] as const;

/**
 * The value of `--jobs`: a whole number of workers from 1 up, at most the number of cores (but 2
 * is always allowed), or "auto" when not given.
 *
 * @example Usage
 * ```ts
 * import { parseJobs } from "./score.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(parseJobs("2"), 2);
 * assert.equal(parseJobs("1000"), Math.max(2, navigator.hardwareConcurrency));
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
  // More workers than cores only add memory (each has its own heap): 1000 took gigabytes.
  return Math.min(Number(value), Math.max(2, navigator.hardwareConcurrency || 1));
}

/** The flags of `score`, for `parseArgs`. */
const SCORE_FLAGS = {
  "hyp-m2": { type: "string", multiple: true },
  "by-type": { type: "boolean", default: false },
  ...GOLD_FLAGS,
  ...SYSTEM_FORMAT_FLAG,
  metrics: { type: "string", short: "m", multiple: true },
  opt: { type: "string", multiple: true },
  ...MODEL_FLAGS,
  ...PRESET_FLAG,
  format: { type: "string", default: "table" },
  sentences: { type: "boolean", default: false },
  wide: { type: "boolean", default: false },
  quiet: { type: "boolean", short: "q", default: false },
  jobs: { type: "string", short: "j" },
  plugin: { type: "string", multiple: true },
  help: { type: "boolean", short: "h" },
  ...READ_LIMIT_FLAGS,
  ...SIGNIFICANCE_OPTIONS,
} as const;

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
${PRESET_HELP}
  --format FORMAT          table (default), json, tsv, markdown, latex, or jsonl: one JSON
                           object per line, a sentence's scores as soon as they are computed
                           (with --sentences), the corpus scores last; M2 and text gold are
                           read as they are scored, so memory does not grow with the corpus
                           (a run that needs the whole corpus, such as --hyp-m2 systems or
                           gotoscorer.weights=systems, is read whole: the same records)
  --wide                   tables with every column (default: the few numbers people quote)
  --sentences              also report sentence-level scores
  -q, --quiet              no warnings on stderr (they stay in the JSON output)
  -j, --jobs N             score on N workers, at most one per core (default: one per core
                           for large runs); the output is the same for any N
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
      options: SCORE_FLAGS,
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
    const request = significanceRequest(values as SignificanceFlags);
    if (format === "jsonl" && request) {
      throw new UsageError(
        "score: --format jsonl streams the sentences and keeps none of them; resampling needs " +
          "them all: use --format json, tsv or table with it",
      );
    }
    if (request?.test && files.length < 2) {
      throw new UsageError(
        `score: --paired ${request.test} needs at least two systems (the first is the baseline)`,
      );
    }
    const jobs = parseJobs(values.jobs as string | undefined);
    const sentences = values.sentences as boolean;
    const byType = values["by-type"] as boolean;
    const plan = await planFiles({
      registry,
      command: "score",
      gold: values.gold as string | undefined,
      goldFormat: values["gold-format"] as string | undefined,
      src: values.src as string | undefined,
      refs: (values.ref as string[] | undefined) ?? [],
      systems: files,
      systemFormat: values["system-format"] as string | undefined,
      metrics: splitList(values.metrics as string[] | undefined),
      options: parseOptionAssignments(
        withModelFlags(registry, values, withPreset(values, values.opt as string[] | undefined)),
      ),
      sentences,
      byType,
      limits,
      // A metric that refuses the input (a sentence past its bounds) does not take the
      // others' results with it: they are printed, then its error, and the exit status is 1.
      onRefusal: format === "jsonl" ? "fail" : "skip",
      // Corpus scores alone are folded as the sentences stream past: no sentence is kept.
      stream: format === "jsonl"
        ? "records"
        : !request && !sentences && !byType
        ? "corpus"
        : undefined,
      jobs,
      onWarning: io.err,
    });
    if (format === "jsonl") {
      return await writeJsonl(fileRecords(plan, { jobs }), values.quiet as boolean, io);
    }
    const progress = stderrProgress("scoring", io.err);
    let outcome;
    try {
      outcome = await runFiles(plan, {
        jobs,
        onProgress: (done, total) => progress.update(done, total),
      });
    } finally {
      progress.done();
    }
    const { results, metrics, refusals } = outcome;
    const significance = request ? assessResults(registry, results, request) : undefined;
    const warnings = new WarningEcho(io.err, values.quiet as boolean);
    for (const result of results) {
      result.metrics.forEach((m, k) => warnings.echo(metrics[k], m.score));
    }
    for (const sig of significance ?? []) warnings.echo({ id: sig.metric }, sig);
    warnings.finish();
    warnings.notes(outcome.notes);
    if (byType && request?.ci && outcome.plan) {
      addTypeIntervals(outcome.plan, results, metrics, request);
    }
    io.out(
      await renderWithWidths(() =>
        renderScores(outcome, significance, format, values.wide as boolean, byType)
      ),
    );
    for (const refusal of refusals) {
      io.err(`gecscore: ${escapeControls(refusal.message.replace(/\r?\n|\r/g, "\\n"))}\n`);
    }
    return refusals.length ? 1 : 0;
  },
};

/** The scores of a run in one of `score`'s whole-run formats (all but jsonl). */
function renderScores(
  outcome: FileOutcome,
  significance: MetricSignificance[] | undefined,
  format: string,
  wide: boolean,
  byType: boolean,
): string {
  const { gold, results, metrics } = outcome;
  if (format === "json") return reportJson(gold, results, significance);
  if (format === "tsv") return reportTsv(results, metrics, significance);
  // Column labels from the options the scores were computed with.
  const labels = metrics.map((m, k) =>
    m.columnLabels?.(results[0]?.metrics[k].options as never) ?? {}
  );
  const paper = metrics.map((m, k) => paperColumns(m, results[0]?.metrics[k].options ?? {}));
  return reportTable(results, metrics, format, wide, significance, byType, labels, paper);
}

/** Per-type 95% intervals from the same bootstrap resamples as the corpus intervals. */
function addTypeIntervals(
  plan: RunPlan,
  results: SystemResult[],
  metrics: readonly AnyMetric[],
  request: { samples?: number; seed?: number },
): void {
  results.forEach((r, j) => {
    r.metrics.forEach((m, k) => {
      if (!m.byType) return;
      const system = plan.systems[j];
      const intervals = typeIntervals({
        metric: metrics[k],
        options: m.options,
        stats: m.stats,
        gold: plan.gold.sentences,
        hypotheses: system.sentences,
        hypothesisEdits: system.edits,
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

/**
 * `score --format jsonl`: one JSON object per sentence as it is scored (with `--sentences`),
 * then the corpus scores with their signatures.
 */
async function writeJsonl(run: RecordRun, quiet: boolean, io: Io): Promise<number> {
  const { goldPath, metrics, systems } = run;
  let buffer = "";
  const flush = () => {
    if (buffer) io.out(buffer);
    buffer = "";
  };
  const bySystem = (row: (system: number) => Record<string, unknown>) =>
    Object.fromEntries(systems.map((s, j) => [s.name, row(j)]));
  for await (const record of run.records) {
    if (record.kind === "sentence") {
      const line = {
        sentence: record.sentence,
        systems: bySystem((j) =>
          Object.fromEntries(metrics.map((m, k) => [m.id, record.scores[j][k]]))
        ),
      };
      buffer += JSON.stringify(line) + "\n";
      if (buffer.length > 1 << 16) flush();
      continue;
    }
    const line = {
      gold: goldPath,
      sentences: record.sentences,
      systems: bySystem((j) =>
        Object.fromEntries(
          metrics.map((m, k) => [m.id, { signature: run.signature(j, k), ...record.scores[j][k] }]),
        )
      ),
    };
    buffer += JSON.stringify(line) + "\n";
    flush();
    const warnings = new WarningEcho(io.err, quiet);
    systems.forEach((_, j) => metrics.forEach((m, k) => warnings.echo(m, record.scores[j][k])));
    warnings.finish();
    warnings.notes(run.notes());
  }
  return 0;
}
