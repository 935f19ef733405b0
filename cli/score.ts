/**
 * `gecscore score`: score system outputs with the selected metrics, as a table, JSON or TSV.
 *
 * @module
 */

import { parseCommandArgs, PLUGIN_HELP, splitList } from "./args.ts";
import type { Command, Io } from "./command.ts";
import { READ_LIMIT_FLAGS, READ_LIMIT_HELP, readLimitsFromFlags } from "./limits.ts";
import { checkGoldFlags, GOLD_FLAGS, readCommandGold } from "./command_gold.ts";
import {
  readSystems,
  SYSTEM_FORMAT_FLAG,
  SYSTEM_FORMAT_HELP,
  systemFiles,
} from "./read_systems.ts";
import {
  formatValue,
  headlineValue,
  renderLatex,
  renderMarkdown,
  renderTable,
  scoreColumns,
} from "./render.ts";
import { stderrProgress } from "./progress.ts";
import {
  SIGNIFICANCE_HELP,
  SIGNIFICANCE_OPTIONS,
  significanceCells,
  type SignificanceFlags,
  significanceRequest,
} from "./significance.ts";
import { WarningEcho } from "./warnings.ts";
import { readLimits } from "../formats/limits.ts";
import { m2Sentences, sortAnnotators } from "../formats/m2.ts";
import {
  baseName,
  countLines,
  lines,
  readChunks,
  referenceSentences,
  tokenize,
} from "../formats/text.ts";
import { InputError, UsageError } from "../plugins/errors.ts";
import { parseOptionAssignments, resolveOptions } from "../plugins/options.ts";
import type { Registry } from "../plugins/registry.ts";
import type {
  AnyMetric,
  GoldCorpus,
  GoldSentence,
  OptionValue,
  ReadLimits,
  Tokens,
  TypeBreakdown,
} from "../plugins/types.ts";
import { openGold } from "../pipeline/read_gold.ts";
import { systemFormat } from "../pipeline/read_system.ts";
import { planRun, runPlan } from "../pipeline/engine.ts";
import { selectMetrics, type SystemResult } from "../pipeline/scoring.ts";
import { streamScores } from "../pipeline/stream.ts";
import { assessResults, type MetricSignificance } from "../pipeline/significance.ts";
import { fullSignature, GoldDigest, goldFingerprint } from "../pipeline/signature.ts";
import { typeIntervals } from "../pipeline/type_intervals.ts";
import { VERSION } from "../util/version.ts";

/** The output formats of `score`. */
export const SCORE_FORMATS = ["table", "json", "tsv", "jsonl", "markdown", "latex"] as const;

/** A metric's signature, with the resampling's fields when there was resampling. */
function signatureOf(signature: string, sig: MetricSignificance | undefined): string {
  return sig ? `${signature}|${sig.signature}` : signature;
}

/**
 * One system's JSON entry for one metric: the signature, the score's fields and, with
 * resampling, `tested`, `p_value`, `ci` and `rank` beside them. A score field of the same name
 * (GLEU's own `ci`, from its reference sampling) is kept as `metric_<name>`, never overwritten.
 */
function metricJson(
  signature: string,
  score: Record<string, unknown>,
  sig: MetricSignificance | undefined,
  k: number,
): Record<string, unknown> {
  if (!sig) return { signature, ...score };
  const s = sig.systems[k];
  const added: Record<string, unknown> = { tested: sig.headline };
  if (s.p_value !== undefined) added.p_value = s.p_value;
  if (s.ci) added.ci = s.ci;
  if (s.rank) added.rank = s.rank;
  const out: Record<string, unknown> = { signature };
  for (const [key, value] of Object.entries(score)) {
    out[Object.hasOwn(added, key) ? `metric_${key}` : key] = value;
  }
  return { ...out, ...added };
}

function reportJson(
  gold: GoldCorpus,
  results: SystemResult[],
  significance?: MetricSignificance[],
): string {
  const head: Record<string, unknown> = {
    version: VERSION,
    gold: gold.path,
    fingerprint: goldFingerprint(gold),
  };
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
              ...metricJson(
                signatureOf(m.signature, significance?.[j]),
                m.score,
                significance?.[j],
                k,
              ),
              ...(m.byType ? { byType: byTypeJson(m.byType) } : {}),
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

function byTypeJson(breakdown: TypeBreakdown): Record<string, unknown> {
  return {
    label: breakdown.label,
    ...(breakdown.notes ? { notes: breakdown.notes } : {}),
    types: Object.fromEntries(breakdown.types.map((t) => [t.type, t.score])),
  };
}

function byTypeTable(name: string, breakdown: TypeBreakdown): string {
  const rows = [[breakdown.label, ...breakdown.columns]];
  const rate = breakdown.columns.map((c) =>
    breakdown.types.some(({ score }) => {
      const v = headlineValue(score, c);
      return typeof v === "number" && !Number.isInteger(v);
    })
  );
  const cell = (score: Record<string, unknown>, c: string, i: number) => {
    if (c !== "ci") return formatValue(headlineValue(score, c), rate[i]);
    const ci = score.ci as { half_width: number } | undefined;
    return ci ? `±${ci.half_width.toFixed(4)}` : "n/a";
  };
  for (const { type, score } of breakdown.types) {
    rows.push([type, ...breakdown.columns.map((c, i) => cell(score, c, i))]);
  }
  const notes = (breakdown.notes ?? []).map((n) => `  ${n}`);
  return [`${name} by type:`, renderTable(rows), ...notes].join("\n");
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
      for (const { type, score } of m.byType?.types ?? []) {
        const ci = score.ci as Record<string, number> | undefined;
        const columns = m.byType!.columns.flatMap((c) =>
          c === "ci" ? (ci ? Object.keys(ci).map((key) => `ci.${key}`) : []) : [c]
        );
        for (const column of columns) {
          const value = headlineValue(score, column);
          if (value === undefined) continue;
          rows.push(
            [r.name, m.metric, `type:${type}`, column, String(value)].map(clean).join("\t"),
          );
        }
      }
    });
  }
  return rows.join("\n") + "\n";
}

function reportTable(
  results: SystemResult[],
  metrics: AnyMetric[],
  format: string,
  wide: boolean,
  significance?: MetricSignificance[],
  byType = false,
): string {
  const parts: string[] = [];
  metrics.forEach((metric, k) => {
    const first = results[0].metrics[k];
    const columns = scoreColumns(metric, first.score, !wide);
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
    const signature = signatureOf(first.signature, significance?.[k]);
    if (format === "markdown") {
      parts.push(`**${metric.id}** \`${signature}\`\n\n${renderMarkdown(rows)}`);
    } else if (format === "latex") {
      parts.push(`% ${metric.id}: ${signature}\n${renderLatex(rows)}`);
    } else parts.push(`${metric.id}  (${signature})\n${renderTable(rows)}`);
    for (const r of results) {
      const breakdown = r.metrics[k].byType;
      if (breakdown) parts.push(byTypeTable(`${metric.id}  ${r.name}`, breakdown));
    }
    if (byType && !metric.byType) parts.push(`${metric.id}: no per-type breakdown`);
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

/** What `score --format jsonl` was asked. */
interface JsonlRequest {
  gold?: string;
  goldFormat?: string;
  systemFormat?: string;
  src?: string;
  refs: string[];
  paths: string[];
  metricIds?: string[];
  options: Record<string, Record<string, OptionValue>>;
  sentences: boolean;
  quiet: boolean;
  limits: Partial<ReadLimits>;
}

/** Hypotheses of a file, tokenized line by line. */
async function* hypothesesOf(path: string, limits: Partial<ReadLimits>): AsyncGenerator<Tokens> {
  const intern = new Map<string, string>();
  const { maxLineLength } = readLimits(limits);
  for await (const { text } of lines(readChunks(path), { maxLineLength, file: path })) {
    if (intern.size > 1 << 16) intern.clear();
    yield tokenize(text, intern);
  }
}

/** Checks that a file has `count` lines (reading no further than one line past them). */
async function checkLineCount(
  path: string,
  count: number,
  limits: Partial<ReadLimits>,
): Promise<void> {
  const n = await countLines(path, limits, count);
  if (n === count) return;
  const [found, lines] = n > count ? [`more than ${count}`, count] : [String(n), n];
  throw new InputError(
    `has ${found} ${lines === 1 ? "line" : "lines"} but the gold has ${count} ${
      count === 1 ? "sentence" : "sentences"
    }`,
    path,
  );
}

/**
 * `score --format jsonl`: every input is checked first (gold parsed, line counts compared, read
 * limits applied) so that a bad input gives the usual one-line error and no output; then the
 * sentences are read, scored and written one at a time. XML and other gold formats are read
 * whole.
 */
async function scoreJsonl(request: JsonlRequest, registry: Registry, io: Io): Promise<number> {
  const { limits } = request;
  let path: string;
  let format: string;
  let first: GoldSentence | undefined;
  let count = 0;
  let sentences: () => AsyncIterable<GoldSentence> | Iterable<GoldSentence>;
  if (request.gold) {
    path = request.gold;
    const opened = await openGold(path, registry, request.goldFormat);
    format = opened.format.id;
    if (format === "m2") {
      const ids = new Set<string>();
      for await (const s of m2Sentences(opened.chunks, path, undefined, limits)) {
        first ??= s;
        count++;
        for (const a of s.annotations!) ids.add(a.annotator);
      }
      if (!count) throw new InputError('expected at least one "S" line, found none', path);
      const all = sortAnnotators(ids);
      first!.allAnnotators = all;
      sentences = () => m2Sentences(readChunks(path), path, all, limits);
    } else {
      const corpus = await opened.format.parse(opened.chunks, path, limits);
      count = corpus.sentences.length;
      first = corpus.sentences[0];
      sentences = () => corpus.sentences;
    }
  } else if (request.src && request.refs.length) {
    path = [request.src, ...request.refs].join(" ");
    format = "text";
    count = await countLines(request.src, limits);
    if (!count) throw new InputError("file is empty", request.src);
    for (const ref of request.refs) await checkLineCount(ref, count, limits);
    for await (const s of referenceSentences(request.src, request.refs, limits)) {
      first = s;
      break;
    }
    sentences = () => referenceSentences(request.src!, request.refs, limits);
  } else {
    throw new UsageError("score: give --gold GOLD, or --src SRC with at least one --ref REF");
  }
  // The metrics the gold can serve, judged on its first sentence (every sentence of a format
  // carries the same kinds of data).
  const probe: GoldCorpus = { path, format, sentences: first ? [first] : [] };
  const metrics = selectMetrics(registry, probe, request.metricIds);
  for (const id of Object.keys(request.options)) registry.metric(id);
  const names = new Set<string>();
  for (const file of request.paths) {
    const format = await systemFormat(file, registry, request.systemFormat);
    if (format.id !== "text") {
      throw new UsageError(
        `score: --format jsonl streams plain-text systems only; ${file} is read as ${format.id}: ` +
          "give it with --format json, tsv or table",
      );
    }
    await checkLineCount(file, count, limits);
    const name = baseName(file);
    if (names.has(name)) {
      throw new UsageError(`Two systems are named ${name}: give files distinct base names`);
    }
    names.add(name);
  }
  const systems = request.paths.map((file) => ({
    name: baseName(file),
    hypotheses: hypothesesOf(file, limits),
  }));
  let buffer = "";
  const flush = () => {
    if (buffer) io.out(buffer);
    buffer = "";
  };
  // The gold's fingerprint and reference count, taken as its sentences stream past.
  const digest = new GoldDigest();
  const source = sentences();
  async function* digested(): AsyncGenerator<GoldSentence> {
    for await (const sentence of source) {
      digest.add(sentence);
      yield sentence;
    }
  }
  const resolved = metrics.map((m) => resolveOptions(m, request.options[m.id] ?? {}));
  for await (
    const record of streamScores({
      metrics,
      options: request.options,
      gold: digested(),
      systems,
      sentences: request.sentences,
      registry,
      goldPath: path,
    })
  ) {
    const bySystem = (row: (system: number) => Record<string, unknown>) =>
      Object.fromEntries(systems.map((s, j) => [s.name, row(j)]));
    if (record.kind === "sentence") {
      const line = {
        sentence: record.sentence,
        systems: bySystem((j) =>
          Object.fromEntries(metrics.map((m, k) => [m.id, record.scores[j][k]]))
        ),
      };
      buffer += JSON.stringify(line) + "\n";
      if (buffer.length > 1 << 16) flush();
    } else {
      const line = {
        gold: path,
        sentences: record.sentences,
        systems: bySystem((j) =>
          Object.fromEntries(
            metrics.map((
              m,
              k,
            ) => [m.id, {
              signature: fullSignature(m, resolved[k], digest),
              ...record.scores[j][k],
            }]),
          )
        ),
      };
      buffer += JSON.stringify(line) + "\n";
      flush();
      const warnings = new WarningEcho(io.err, request.quiet);
      systems.forEach((_, j) => metrics.forEach((m, k) => warnings.echo(m, record.scores[j][k])));
      warnings.finish();
    }
  }
  return 0;
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
        {
          gold: values.gold as string | undefined,
          goldFormat: values["gold-format"] as string | undefined,
          systemFormat: values["system-format"] as string | undefined,
          src: values.src as string | undefined,
          refs: (values.ref as string[] | undefined) ?? [],
          paths: files.map((f) => f.path),
          metricIds: splitList(values.metrics as string[] | undefined),
          options: parseOptionAssignments((values.opt as string[] | undefined) ?? []),
          sentences: values.sentences as boolean,
          quiet: values.quiet as boolean,
          limits,
        },
        registry,
        io,
      );
    }
    const gold = await readCommandGold("score", values, registry, limits);
    const request = significanceRequest(values as SignificanceFlags);
    if (request?.test && files.length < 2) {
      throw new UsageError(
        `score: --paired ${request.test} needs at least two systems (the first is the baseline)`,
      );
    }
    const options = parseOptionAssignments((values.opt as string[] | undefined) ?? []);
    const metricIds = splitList(values.metrics as string[] | undefined);
    selectMetrics(registry, gold, metricIds);
    const systems = await readSystems(files, gold, io, limits, {
      registry,
      format: values["system-format"] as string | undefined,
    });
    const metrics = selectMetrics(registry, gold, metricIds, systems);
    const progress = stderrProgress("scoring", io.err);
    let results;
    try {
      const plan = planRun({
        registry,
        gold,
        systems,
        metrics: metrics.map((m) => m.id),
        options,
        sentences: values.sentences as boolean,
        byType: values["by-type"] as boolean,
      });
      results = await runPlan(plan, {
        jobs: parseJobs(values.jobs as string | undefined),
        onProgress: (done, total) => progress.update(done, total),
      });
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
    io.out(
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
        ),
    );
    return 0;
  },
};
