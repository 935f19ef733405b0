/**
 * The `gecscore` command line: `score`, `show`, `list`, and the commands that the metrics and
 * formats add (`m2scorer`, `convert`, `repl`). Exit status: 0 done, 1 bad input, 2 bad usage;
 * errors are one line on stderr.
 *
 * ```sh
 * deno run --allow-read cli.ts score --gold gold.m2 CAMB AMU --format json
 * ```
 *
 * @module
 */

import { createRegistry } from "./mod.ts";
import { parseCommandArgs } from "./plugins/args.ts";
import { InputError, UsageError } from "./plugins/errors.ts";
import { loadPlugin } from "./plugins/loader.ts";
import { parseOptionAssignments } from "./plugins/options.ts";
import type { Registry } from "./plugins/registry.ts";
import {
  formatValue,
  headlineValue,
  renderExplanation,
  renderTable,
  scoreColumns,
} from "./plugins/render.ts";
import { scoreSystems, selectMetrics, type SystemResult } from "./plugins/scoring.ts";
import type { AnyMetric, GoldCorpus, Hypotheses, ReadLimits } from "./plugins/types.ts";
import { readGold } from "./formats/read_gold.ts";
import { READ_LIMIT_FLAGS, READ_LIMIT_HELP, readLimitsFromFlags } from "./formats/limits.ts";
import { CONVERT_HELP, convertCommand } from "./formats/convert.ts";
import { readHypotheses, readReferenceCorpus } from "./formats/text.ts";
import { resolveOptions } from "./plugins/options.ts";
import { M2SCORER_USAGE, m2scorerCommand } from "./metrics/m2scorer_command.ts";
import { REPL_HELP, replMain } from "./repl.ts";

/** Where a command writes: injectable for tests. */
export interface Io {
  /** Write to standard output. */
  out(text: string): void;
  /** Write to standard error. */
  err(text: string): void;
}

const encoder = new TextEncoder();

/** The process' standard output and error. */
export const processIo: Io = {
  out: (text) => writeAll(Deno.stdout, text),
  err: (text) => {
    try {
      writeAll(Deno.stderr, text);
    } catch (error) {
      // Nobody reads the errors any more (`2>&1 | head`): nothing else to do.
      if (!(error instanceof Deno.errors.BrokenPipe)) throw error;
    }
  },
};

function writeAll(stream: { writeSync(p: Uint8Array): number }, text: string): void {
  let bytes = encoder.encode(text);
  while (bytes.length) bytes = bytes.subarray(stream.writeSync(bytes));
}

/** A subcommand. */
export interface Command {
  /** One line for the command list. */
  summary: string;
  /** The full help text. */
  help: string;
  /** Run it with the arguments after its name; returns the exit status. */
  run(args: string[], context: CommandContext): Promise<number>;
}

/** What every command gets: the registry (built-ins plus `--plugin`s) and its output. */
export interface CommandContext {
  /** The registry, with plugins loaded. */
  registry: Registry;
  /** Output. */
  io: Io;
}

const PLUGIN_HELP = "  --plugin SPEC    load a metric/format plugin (path, file:/https: URL, npm:)";

function splitList(values: string[] | undefined): string[] | undefined {
  if (!values) return undefined;
  const ids = values.flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean);
  return ids.length ? [...new Set(ids)] : undefined;
}

async function readSystems(
  paths: string[],
  gold: GoldCorpus,
  limits?: Partial<ReadLimits>,
): Promise<Hypotheses[]> {
  const systems: Hypotheses[] = [];
  for (const path of paths) {
    const hyp = await readHypotheses(path, gold.sentences.length, limits);
    systems.push(hyp);
  }
  const names = new Set<string>();
  for (const s of systems) {
    if (names.has(s.name)) {
      throw new UsageError(`Two systems are named ${s.name}: give files distinct base names`);
    }
    names.add(s.name);
  }
  return systems;
}

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

const scoreCommand: Command = {
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
${READ_LIMIT_HELP}
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
        plugin: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
        ...READ_LIMIT_FLAGS,
      },
    });
    const limits = readLimitsFromFlags(values);
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
      gold = await readGold(values.gold as string, { registry, limits });
    } else if (values.src && values.ref?.length) {
      gold = await readReferenceCorpus(values.src as string, values.ref as string[], limits);
    } else {
      throw new UsageError("score: give --gold GOLD, or --src SRC with at least one --ref REF");
    }
    const options = parseOptionAssignments((values.opt as string[] | undefined) ?? []);
    const metricIds = splitList(values.metrics as string[] | undefined);
    const metrics = selectMetrics(registry, gold, metricIds);
    const systems = await readSystems(positionals, gold, limits);
    const results = scoreSystems({
      registry,
      gold,
      systems,
      metrics: metrics.map((m) => m.id),
      options,
      sentences: values.sentences as boolean,
    });
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

const showCommand: Command = {
  summary: "show each metric's alignment and score for one sentence",
  help: `Usage:
  gecscore show --gold GOLD HYP [--sentence N] [-m IDS] [--opt METRIC.NAME=VALUE]...

Print the source, the hypothesis and every selected metric's explanation (chosen edits,
alignment, n-grams) for sentence N (1-based, default 1).

Options:
  --gold FILE              the gold file
  --sentence N             the sentence, 1-based (default 1)
  -m, --metrics IDS        metrics to show (default: every metric the gold can serve)
  --opt METRIC.NAME=VALUE  a metric option, repeatable
${READ_LIMIT_HELP}
${PLUGIN_HELP}
  -h, --help               this help
`,
  async run(args, { registry, io }) {
    const { values, positionals } = parseCommandArgs("show", {
      args,
      allowPositionals: true,
      options: {
        gold: { type: "string" },
        sentence: { type: "string", default: "1" },
        metrics: { type: "string", short: "m", multiple: true },
        opt: { type: "string", multiple: true },
        plugin: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
        ...READ_LIMIT_FLAGS,
      },
    });
    if (values.help) {
      io.out(this.help);
      return 0;
    }
    const limits = readLimitsFromFlags(values);
    if (!values.gold) throw new UsageError("show: give --gold GOLD");
    if (positionals.length !== 1) throw new UsageError("show: give exactly one system output");
    const gold = await readGold(values.gold as string, { registry, limits });
    const n = /^\d+$/.test(values.sentence as string) ? Number(values.sentence) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > gold.sentences.length) {
      throw new UsageError(
        `show: --sentence must be a whole number from 1 to ${gold.sentences.length}, got ${values.sentence}`,
      );
    }
    const [system] = await readSystems(positionals, gold, limits);
    const metrics = selectMetrics(
      registry,
      gold,
      splitList(values.metrics as string[] | undefined),
    );
    const raw = parseOptionAssignments((values.opt as string[] | undefined) ?? []);
    for (const id of Object.keys(raw)) registry.metric(id);
    const sentence = gold.sentences[n - 1];
    const hypothesis = system.sentences[n - 1];
    const parts = [
      [
        `Sentence ${n} of ${gold.sentences.length} (${gold.path})`,
        `source     : ${sentence.source.join(" ")}`,
        `hypothesis : ${hypothesis.join(" ")}  (${system.name})`,
      ].join("\n"),
    ];
    for (const metric of metrics) {
      const options = resolveOptions(metric, raw[metric.id] ?? {});
      const explanation = metric.explain(sentence, hypothesis, options);
      parts.push(
        `== ${metric.id} (${metric.signature(options)})\n${renderExplanation(explanation)}`,
      );
    }
    io.out(parts.join("\n\n") + "\n");
    return 0;
  },
};

function describeOption(metric: AnyMetric, name: string): string {
  const spec = metric.optionSpecs?.[name];
  const value = (metric.defaults as Record<string, unknown>)[name];
  const range = spec?.choices
    ? ` (${spec.choices.join("|")})`
    : spec?.min !== undefined || spec?.max !== undefined
    ? ` (${spec.min ?? ""}..${spec.max ?? ""})`
    : "";
  return `    ${metric.id}.${name}=${JSON.stringify(value)}${range}${
    spec ? `  ${spec.description}` : ""
  }`;
}

const listCommand: Command = {
  summary: "list the registered metrics (with their options) and formats",
  help: `Usage:
  gecscore list [--plugin SPEC]...

List every registered metric with its version and options (default values, allowed
values), and every gold format with its file extensions.
`,
  run(args, { registry, io }) {
    const { values } = parseCommandArgs("list", {
      args,
      allowPositionals: false,
      options: {
        plugin: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      io.out(this.help);
      return Promise.resolve(0);
    }
    const out = ["Metrics:"];
    for (const metric of registry.metrics) {
      out.push(
        `  ${metric.id} ${metric.version}: ${metric.description} (needs ${
          metric.needs.join(", ") || "nothing"
        }; headline ${metric.headline})`,
      );
      for (const name of Object.keys(metric.defaults)) out.push(describeOption(metric, name));
    }
    if (!registry.metrics.length) out.push("  (none)");
    out.push("", "Formats:");
    for (const format of registry.formats) {
      out.push(`  ${format.id} (${format.extensions.join(" ")}): ${format.description}`);
    }
    io.out(out.join("\n") + "\n");
    return Promise.resolve(0);
  },
};

/**
 * The commands, by name. Metrics and formats that bring their own command add it here.
 */
export const COMMANDS: Record<string, Command> = {
  score: scoreCommand,
  show: showCommand,
  list: listCommand,
  convert: {
    summary: "convert a gold file between formats (M2 <-> I-measure XML)",
    help: CONVERT_HELP,
    run: (args, { registry, io }) => convertCommand(args, { registry, io }),
  },
  m2scorer: {
    summary: "drop-in for the NUS m2scorer: same arguments, same output",
    help: `${M2SCORER_USAGE}

Score SYSTEM (one sentence per line) against SOURCE_GOLD (M2) exactly as the NUS m2scorer 3.2
does, and print its three lines (Precision, Recall, F_beta).
  -v, --verbose                 the per-sentence trace the reference prints with -v
  --max_unchanged_words N       most unchanged tokens in a merged edit (default 2)
  --beta B                      F-score beta (default 0.5)
  --ignore_whitespace_casing    drop edits that only change whitespace or casing
`,
    run: (args, { io }) => m2scorerCommand(args, io),
  },
  repl: {
    summary: "explore a corpus interactively: sentences, alignments, scores, options",
    help: REPL_HELP,
    run: (args, { registry }) => replMain(args, { registry }),
  },
};

function mainHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  return `gecscore: score grammatical error correction systems (M2, I-measure, GLEU and plugins)

Usage: gecscore [--plugin SPEC]... COMMAND [ARGS]

Commands:
${Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`).join("\n")}
  ${"help".padEnd(width)}  help on a command: gecscore help COMMAND

Exit status: 0 done, 1 bad input, 2 bad usage.
`;
}

/** Pull every `--plugin SPEC` / `--plugin=SPEC` out of the arguments. */
function extractPlugins(args: string[]): { specs: string[]; rest: string[] } {
  const specs: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      rest.push(...args.slice(i));
      break;
    }
    if (arg === "--plugin") {
      if (i + 1 >= args.length || args[i + 1].startsWith("-")) {
        throw new UsageError("--plugin needs a specifier (a path, file:/https: URL or npm:)");
      }
      specs.push(args[++i]);
    } else if (arg.startsWith("--plugin=")) {
      const spec = arg.slice("--plugin=".length);
      if (!spec) {
        throw new UsageError("--plugin needs a specifier (a path, file:/https: URL or npm:)");
      }
      specs.push(spec);
    } else rest.push(arg);
  }
  return { specs, rest };
}

/**
 * Run the command line: returns the exit status. User errors (bad input, bad usage) are one
 * line on `io.err`; nothing is written to `io.out` unless the command succeeds.
 *
 * @example Usage
 * ```ts
 * import { main } from "./cli.ts";
 * import assert from "node:assert/strict";
 *
 * let out = "", err = "";
 * const io = { out: (t: string) => out += t, err: (t: string) => err += t };
 * assert.equal(await main(["list"], io), 0);
 * assert.match(out, /Formats:/);
 * assert.equal(await main(["nonsense"], io), 2);
 * assert.match(err, /^gecscore: Unknown command "nonsense"/);
 * ```
 *
 * @param args The arguments (without the program name).
 * @param io Where to write.
 * @returns The exit status.
 */
export async function main(args: string[], io: Io = processIo): Promise<number> {
  try {
    const { specs, rest } = extractPlugins(args);
    const [name, ...commandArgs] = rest;
    if (name === undefined) {
      throw new UsageError(
        `Give a command: ${Object.keys(COMMANDS).join(", ")}; see gecscore help`,
      );
    }
    if (name === "-h" || name === "--help") {
      io.out(mainHelp());
      return 0;
    }
    if (name === "help") {
      const topic = commandArgs[0];
      if (topic === undefined) io.out(mainHelp());
      else if (COMMANDS[topic]) io.out(COMMANDS[topic].help);
      else {throw new UsageError(
          `Unknown command "${topic}"; commands: ${Object.keys(COMMANDS).join(", ")}`,
        );}
      return 0;
    }
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!command) {
      throw new UsageError(
        `Unknown command "${name}"; commands: ${Object.keys(COMMANDS).join(", ")}`,
      );
    }
    const registry = createRegistry();
    for (const spec of specs) registry.use(await loadPlugin(spec));
    return await command.run(commandArgs, { registry, io });
  } catch (error) {
    // The reader of standard output went away (`| head`): it has what it wanted.
    if (error instanceof Deno.errors.BrokenPipe) return 0;
    if (error instanceof UsageError) {
      io.err(`gecscore: ${oneLine(error.message)}\n`);
      return 2;
    }
    if (error instanceof InputError) {
      io.err(`gecscore: ${oneLine(error.message)}\n`);
      return 1;
    }
    if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
      io.err(`gecscore: permission needed: ${(error as Error).message.split("\n")[0]}\n`);
      return 1;
    }
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    io.err(`gecscore: internal error (please report it): ${message}\n`);
    return 1;
  }
}

/** A message on one line, whatever the file names in it contain. */
function oneLine(message: string): string {
  return message.replace(/\r?\n|\r/g, "\\n");
}

if (import.meta.main) Deno.exit(await main(Deno.args));
