/**
 * `gecscore report`: score systems and write the HTML report page.
 *
 * @module
 */

import { MODEL_FLAGS, MODEL_FLAGS_HELP, withModelFlags } from "./model_flags.ts";
import { PRESET_FLAG, PRESET_HELP, withPreset } from "./preset.ts";
import { parseCommandArgs, PLUGIN_HELP, splitList } from "./args.ts";
import { checkGoldFlags, GOLD_FLAGS } from "./command_gold.ts";
import { SYSTEM_FORMAT_FLAG, SYSTEM_FORMAT_HELP, systemFiles } from "./read_systems.ts";
import { readRunGold, readRunSystems } from "../pipeline/run.ts";
import { benchmarkNotes } from "../pipeline/benchmarks.ts";
import { WarningEcho } from "../render/warnings.ts";
import { type SignificanceFlags, significanceRequest } from "./significance.ts";
import { UsageError } from "../plugins/errors.ts";
import { parseOptionAssignments } from "../plugins/options.ts";
import type { Registry } from "../plugins/registry.ts";
import { checkWritable, writeOutput } from "./write_output.ts";
import { reportPage } from "../report/report_page.ts";
import { parseJobs } from "./score.ts";
import type { ReportHuman } from "../report/types.ts";
import { readHumanScores } from "../meta/load.ts";

/** The help text of `gecscore report`. */
export const REPORT_HELP = `Usage:
  gecscore report --gold GOLD [HYP]... [--hyp-m2 SYS.m2]... -o report.html [options]
  gecscore report --src SRC --ref REF [--ref REF]... HYP... -o report.html [options]

Score one or more system outputs and write one self-contained HTML page (no network needed
to open it): a summary table with the signatures, charts (score per system, gold edits
matched per error type, score by sentence length, metric against metric) and a sentence
browser with token diffs, sentence scores and the gold edits each system made or missed.
The first system is the baseline: by default the page shows 95% bootstrap intervals and
paired bootstrap p-values against it (--paired bs; one system: intervals only).

Options:
  --gold FILE              the gold file
  --gold-format ID         the gold's format (default: by name and content); see gecscore list
  --src FILE, --ref FILE   source and reference sentences (instead of --gold)
  --hyp-m2 FILE            a system given as a hypothesis M2 (its own edits, as ERRANT
                           needs), repeatable (mixes with HYP)
${SYSTEM_FORMAT_HELP}
  -o, --output FILE        where to write the page ("-" for standard output)
  -m, --metrics IDS        metrics to run, comma separated or repeated (default: every
                           registered metric the gold can serve)
  --opt METRIC.NAME=VALUE  a metric option, repeatable (e.g. --opt m2.beta=1.0)
${MODEL_FLAGS_HELP}
${PRESET_HELP}
  --attack FILE            an adversarial output (e.g. data/attack-gec-metrics/conll14/*.txt),
                           scored as a system; a table shows where each metric ranks it
                           among the other systems; repeatable
  --human FILE             system-level human scores to plot each metric against, repeatable
                           (WMT "METRIC LP TESTSET SYSTEM SCORE", gzip allowed, or an Appraise
                           ranking XML, from which Expected Wins is computed)
  --title TEXT             the page title
  --no-significance        no intervals, paired tests or rank ranges
  --paired bs|ar           the paired test (default bs): paired bootstrap or approximate
                           randomization
  --ranks                  also rank ranges from testing every pair (Holm's correction)
  --samples N              bootstrap resamples (default 1000), or trials with --paired ar
  --seed S                 the seed of every draw (default 12345)
  -j, --jobs N             score and resample on N threads, at most one per core (default:
                           one per core for large runs); the page is the same for any N
${PLUGIN_HELP}
  -h, --help               this help
`;

/** What the command writes to. */
export interface ReportIo {
  /** Standard output. */
  out(text: string): void;
  /** Standard error (warnings). */
  err(text: string): void;
}

function samePath(a: string, b: string): boolean {
  try {
    return Deno.realPathSync(a) === Deno.realPathSync(b);
  } catch {
    return a === b;
  }
}

/** The flags of `gecscore report`. */
const REPORT_FLAGS = {
  "hyp-m2": { type: "string", multiple: true },
  ...GOLD_FLAGS,
  ...SYSTEM_FORMAT_FLAG,
  output: { type: "string", short: "o" },
  metrics: { type: "string", short: "m", multiple: true },
  opt: { type: "string", multiple: true },
  attack: { type: "string", multiple: true },
  ...MODEL_FLAGS,
  ...PRESET_FLAG,
  title: { type: "string" },
  human: { type: "string", multiple: true },
  "no-significance": { type: "boolean", default: false },
  paired: { type: "string" },
  ranks: { type: "boolean", default: false },
  samples: { type: "string" },
  seed: { type: "string" },
  jobs: { type: "string", short: "j" },
  plugin: { type: "string", multiple: true },
  help: { type: "boolean", short: "h" },
} as const;

/**
 * Run `gecscore report` with the arguments after its name. Returns the exit status (0);
 * bad arguments are a {@linkcode UsageError}, unreadable input an `InputError`.
 *
 * @example Usage
 * ```ts
 * import { reportCommand } from "./report.ts";
 * import { createRegistry } from "../mod.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir({ dir: "/tmp" });
 * let out = "";
 * const io = { out: (t: string) => out += t, err: (_: string) => {} };
 * const args = ["--gold", "tests/testdata/m2scorer_example.m2", "tests/testdata/m2scorer_example_system",
 *   "-m", "m2", "-o", `${dir}/r.html`];
 * assert.equal(await reportCommand(args, { registry: createRegistry(), io }), 0);
 * assert.match(await Deno.readTextFile(`${dir}/r.html`), /<table class="summary">/);
 * assert.match(out, /^Wrote .*r\.html/);
 * await assert.rejects(reportCommand(["--gold", "x.m2", "sys"], { registry: createRegistry(), io }), /-o/);
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param args The arguments after `report`.
 * @param context The registry (with plugins loaded) and where to write.
 * @returns The exit status.
 */
export async function reportCommand(
  args: string[],
  context: { registry: Registry; io: ReportIo },
): Promise<number> {
  const { registry, io } = context;
  const { values, tokens } = parseCommandArgs("report", {
    args,
    allowPositionals: true,
    tokens: true,
    options: REPORT_FLAGS,
  });
  if (values.help) {
    io.out(REPORT_HELP);
    return 0;
  }
  const output = values.output as string | undefined;
  if (!output) {
    throw new UsageError("report: give the output file with -o FILE (or -o - for stdout)");
  }
  const files = systemFiles(tokens);
  if (!files.length) {
    throw new UsageError("report: give at least one system output file (HYP or --hyp-m2 FILE)");
  }
  checkGoldFlags("report", values);
  const flags: SignificanceFlags = {
    paired: values.paired as string | undefined,
    ci: true,
    ranks: values.ranks as boolean,
    samples: values.samples as string | undefined,
    seed: values.seed as string | undefined,
  };
  if (values["no-significance"]) {
    const stray = (["paired", "samples", "seed"] as const).find((k) => flags[k] !== undefined) ??
      (flags.ranks ? "ranks" : undefined);
    if (stray) throw new UsageError(`report: --${stray} and --no-significance exclude each other`);
  } else if (flags.paired === undefined && files.length > 1) flags.paired = "bs";
  if (flags.paired !== undefined && files.length < 2) {
    throw new UsageError(
      `report: --paired ${flags.paired} needs at least two systems (the first is the baseline)`,
    );
  }
  const resampling = values["no-significance"] ? undefined : significanceRequest(flags);
  const jobs = parseJobs(values.jobs as string | undefined);
  const humanPaths = (values.human as string[] | undefined) ?? [];
  const attackFiles = ((values.attack as string[] | undefined) ?? []).map((path) => ({
    path,
    m2: false,
  }));
  const inputs = [
    values.gold,
    values.src,
    ...(values.ref ?? []),
    ...humanPaths,
    ...files.map((f) => f.path),
    ...attackFiles.map((f) => f.path),
  ].filter(
    (x): x is string => typeof x === "string",
  );
  if (output !== "-" && inputs.some((path) => samePath(path, output))) {
    throw new UsageError(`report: the output ${output} is also an input file`);
  }
  // Before the work: a run that cannot write its report should not score first.
  if (output !== "-") checkWritable(output);
  const gold = await readRunGold({
    registry,
    command: "report",
    gold: values.gold as string | undefined,
    goldFormat: values["gold-format"] as string | undefined,
    src: values.src as string | undefined,
    refs: (values.ref as string[] | undefined) ?? [],
  });
  const systems = await readRunSystems([...files, ...attackFiles], gold, {
    registry,
    format: values["system-format"] as string | undefined,
    onWarning: io.err,
  });
  const human = await readHuman(humanPaths);
  const { input, html } = await reportPage({
    registry,
    gold,
    systems,
    metrics: splitList(values.metrics as string[] | undefined),
    options: parseOptionAssignments(
      withModelFlags(registry, values, withPreset(values, values.opt as string[] | undefined)),
    ),
    title: values.title as string | undefined,
    human,
    resampling,
    generator: "gecscore report",
    ...(attackFiles.length ? { attacks: systems.slice(files.length).map((s) => s.name) } : {}),
  }, { jobs });
  new WarningEcho(io.err).notes(
    benchmarkNotes(input.metrics.map((m) => ({ metric: m.id, signature: m.signature }))),
  );
  if (output === "-") {
    io.out(html);
    return 0;
  }
  await writeOutput(output, html);
  const size = new TextEncoder().encode(html).length;
  io.out(
    `Wrote ${output}: ${systems.length} system${systems.length === 1 ? "" : "s"}, ${
      input.metrics.map((m) => m.id).join(", ")
    }, ${gold.sentences.length} sentences, ${(size / 1e6).toFixed(1)} MB\n`,
  );
  return 0;
}

/** The human scores of `--human` files, as the report shows them. */
async function readHuman(paths: readonly string[]): Promise<ReportHuman[]> {
  const human: ReportHuman[] = [];
  for (const path of paths) {
    for (const set of await readHumanScores(path)) {
      human.push({ label: set.name, scores: Object.fromEntries(set.scores) });
    }
  }
  return human;
}
