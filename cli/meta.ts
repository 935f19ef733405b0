/**
 * `gecscore meta`: how well metrics agree with human judgments. System level: Pearson r and
 * Spearman rho of each metric against each human ranking, and Williams' test for every pair
 * of metrics. Sentence level: Kendall's tau (HTies and NoTies) against pairwise judgments,
 * with bootstrap 95% confidence intervals. Metric scores come from WMT score files, from
 * registered metrics computed on the spot (`--gold`), or both.
 *
 * @module
 */

import { parseCommandArgs } from "./args.ts";
import type { Command, CommandContext } from "./command.ts";
import { readSystems } from "./read_systems.ts";
import { renderTable } from "./render.ts";
import { WarningEcho } from "./warnings.ts";
import { readGold } from "../builtin.ts";
import { InputError, UsageError } from "../plugins/errors.ts";
import { parseOptionAssignments } from "../plugins/options.ts";
import { planRun, runPlanSync } from "../pipeline/engine.ts";
import { computedScores } from "../meta/computed_scores.ts";
import { readHumanScores, readJudgments, readScoreFile } from "../meta/load.ts";
import { scatterSvg } from "../meta/scatter_svg.ts";
import { sentenceLevel, type SentenceLevelResult } from "../meta/sentence_level.ts";
import { systemLevel, type SystemLevelResult } from "../meta/system_level.ts";
import type { SentenceScores, SystemScores } from "../meta/wmt_scores.ts";

/** The help text of `gecscore meta`. */
export const META_HELP = `Usage:
  gecscore meta --human FILE [--human FILE]... [--judgments FILE]...
                (--scores FILE... | --gold GOLD SYS... [-m IDS] | both) [options]

Correlate metric scores with human judgments (Chollampatt & Ng 2018).

Human side:
  --human FILE       system-level human scores, WMT format "METRIC LP TESTSET SYSTEM SCORE"
                     (e.g. expected_wins.txt.gz, trueskill.txt.gz), or an Appraise ranking
                     XML, from which Expected Wins is computed; repeatable
  --judgments FILE   pairwise judgments for sentence level: WMT CSV (expanded.csv.gz,
                     unexpanded.csv.gz) or an Appraise XML (expanded pairs); repeatable
Metric side:
  --scores FILE      WMT score file, system level (5 fields) or sentence level
                     "METRIC LP TESTSET SYSTEM ID SCORE" (6 fields); repeatable
  --gold GOLD SYS... compute registered metrics on the spot for the system outputs SYS...
                     (sentence level from each metric's sentence scores)
  -m, --metrics IDS  metrics to compute with --gold (default: all the gold can serve)
  --opt METRIC.NAME=VALUE  a metric option, repeatable
Options:
  --exclude SYSTEM   leave a system out (e.g. IPN, INPUT); repeatable or comma separated
  --bootstrap N      resamples for the sentence-level CIs (default 1000; 0 = none)
  --seed N           seed of the bootstrap (Python random.seed; default 1)
  --format FORMAT    table (default, 3 decimals) or json (full precision)
  --svg DIR          write one scatter plot per metric and human ranking into DIR
  --plugin SPEC      load a metric/format plugin (path, file:/https: URL, npm:)
  -h, --help         this help

Williams' test is one-tailed (psych::r.test, df = n - 3), tested in the direction of the
higher signed correlation: a cell holds p for "row metric correlates better than column".
The CI is the bootstrap percentile interval of the resampled comparisons; "±" is half its
width, as the reference script prints it.
`;

const f3 = (x: number | undefined) =>
  x === undefined || Number.isNaN(x) ? "n/a" : x.toFixed(3).replace(/^-0\.000$/, "0.000");

function list(values: unknown): string[] {
  return ((values as string[] | undefined) ?? []).flatMap((v) => v.split(","))
    .map((v) => v.trim()).filter(Boolean);
}

function wholeNumber(name: string, value: unknown, min: number): number {
  const text = String(value);
  if (!/^\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`meta: --${name} must be a whole number >= ${min}, got ${text}`);
  }
  return Number(text);
}

/**
 * Render system-level results as text tables (3 decimals).
 *
 * @example Usage
 * ```ts
 * import { renderSystemLevel } from "./meta.ts";
 * import { systemLevel } from "../meta/system_level.ts";
 * import assert from "node:assert/strict";
 *
 * const set = (name: string, values: Record<string, number>) =>
 *   ({ name, metric: name, lp: "", testset: "", path: name, scores: new Map(Object.entries(values)) });
 * const text = renderSystemLevel(systemLevel([set("h", { A: 1, B: 2, C: 3 })], [set("m", { A: 1, B: 3, C: 2 })]));
 * assert.match(text, /^m +0\.500 +0\.500$/m);
 * ```
 *
 * @param result What `systemLevel` returned.
 * @returns The tables.
 */
export function renderSystemLevel(result: SystemLevelResult): string {
  const parts = [
    `System level: ${result.systems.length} systems (${result.systems.join(", ")})${
      result.excluded.length ? `; excluded: ${result.excluded.join(", ")}` : ""
    }`,
  ];
  const header = ["metric", ...result.humans.flatMap((h) => [`${h} r`, `${h} rho`])];
  const rows = result.metrics.map((metric) => [
    metric,
    ...result.humans.flatMap((human) => {
      const c = result.correlations.find((x) => x.human === human && x.metric === metric)!;
      return [f3(c.pearson), f3(c.spearman)];
    }),
  ]);
  parts.push(renderTable([header, ...rows]));
  if (result.metrics.length > 1) {
    for (const human of result.humans) {
      for (const method of ["pearson", "spearman"] as const) {
        const cell = (a: string, b: string) => {
          const w = result.williams.find((x) =>
            x.human === human && x.method === method && x.better === a && x.worse === b
          );
          return w ? f3(w.p) : "-";
        };
        parts.push(
          `Williams' test, ${human}, ${method === "pearson" ? "Pearson r" : "Spearman rho"} ` +
            `(one-tailed p that the row metric correlates better than the column metric)\n` +
            renderTable([
              ["", ...result.metrics],
              ...result.metrics.map((a) => [a, ...result.metrics.map((b) => cell(a, b))]),
            ]),
        );
      }
    }
  }
  return parts.join("\n\n");
}

/**
 * Render sentence-level results as a text table (3 decimals).
 *
 * @example Usage
 * ```ts
 * import { renderSentenceLevel } from "./meta.ts";
 * import { sentenceLevel } from "../meta/sentence_level.ts";
 * import assert from "node:assert/strict";
 *
 * const pair = { segment: "0", judge: "j", rankingId: "1", system1: "A", rank1: 1, system2: "B", rank2: 2 };
 * const metric = { name: "m", lp: "", testset: "", path: "m", scores: new Map([
 *   ["A", new Map([["0", 1]])], ["B", new Map([["0", 0]])],
 * ]) };
 * const text = renderSentenceLevel("j.csv", sentenceLevel([pair], [metric], { bootstrap: false }));
 * assert.match(text, /^m +1\.000 +1\.000$/m);
 * ```
 *
 * @param label The judgments' file.
 * @param result What `sentenceLevel` returned.
 * @returns The table.
 */
export function renderSentenceLevel(label: string, result: SentenceLevelResult): string {
  const boot = result.bootstrap;
  const variants = result.metrics[0].variants.map((v) => v.variant);
  const name = (v: string) => v === "hties" ? "HTies" : "NoTies";
  const header = [
    "metric",
    ...variants.flatMap((v) => boot ? [`tau ${name(v)}`, "95% CI"] : [`tau ${name(v)}`]),
  ];
  const rows = result.metrics.map((m) => [
    m.metric,
    ...m.variants.flatMap((v) =>
      boot
        ? [
          `${f3(v.tau)}±${f3(v.halfWidth)}${v.aboveOthers ? "*" : ""}`,
          `[${f3(v.lower)}, ${f3(v.upper)}]`,
        ]
        : [f3(v.tau)]
    ),
  ]);
  const pairs =
    `${result.pairs} comparisons (HTies), ${result.humanNonTies} without human ties (NoTies)`;
  return `Sentence level: ${label}: ${pairs}${
    result.dropped ? `; ${result.dropped} dropped with excluded systems` : ""
  }${boot ? `; bootstrap ${boot.resamples} resamples, seed ${boot.seed}` : ""}\n` +
    renderTable([header, ...rows]) +
    (boot && result.metrics.length > 1
      ? "\n* the highest tau, with a 95% CI above every other metric's"
      : "");
}

function checkUnique(sets: readonly { name: string; path: string }[], level: string): void {
  const seen = new Map<string, string>();
  for (const set of sets) {
    const other = seen.get(set.name);
    if (other !== undefined) {
      throw new UsageError(
        `meta: two ${level} score sets are named ${set.name} (${other} and ${set.path})`,
      );
    }
    seen.set(set.name, set.path);
  }
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, "_");

/**
 * `gecscore meta`: correlate metrics with human judgments.
 *
 * @example Usage
 * ```ts
 * import { metaCommand } from "./meta.ts";
 * import { createRegistry } from "../mod.ts";
 * import assert from "node:assert/strict";
 *
 * let out = "";
 * const io = { out: (t: string) => out += t, err: () => {} };
 * assert.equal(await metaCommand.run(["--help"], { registry: createRegistry(), io }), 0);
 * assert.match(out, /^Usage:/);
 * ```
 */
export const metaCommand: Command = {
  summary: "correlate metrics with human judgments (system and sentence level)",
  help: META_HELP,
  run: (args, context) => runMeta(args, context),
};

async function runMeta(args: string[], context: CommandContext): Promise<number> {
  const { registry, io } = context;
  const { values, positionals } = parseCommandArgs("meta", {
    args,
    allowPositionals: true,
    options: {
      human: { type: "string", multiple: true },
      judgments: { type: "string", multiple: true },
      scores: { type: "string", multiple: true },
      gold: { type: "string" },
      metrics: { type: "string", short: "m", multiple: true },
      opt: { type: "string", multiple: true },
      exclude: { type: "string", multiple: true },
      bootstrap: { type: "string", default: "1000" },
      seed: { type: "string", default: "1" },
      format: { type: "string", default: "table" },
      svg: { type: "string" },
      plugin: { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.out(META_HELP);
    return 0;
  }
  const format = values.format as string;
  if (format !== "table" && format !== "json") {
    throw new UsageError(`meta: unknown output format "${format}"; valid: table, json`);
  }
  const humanPaths = list(values.human);
  const judgmentPaths = list(values.judgments);
  const scorePaths = (values.scores as string[] | undefined) ?? [];
  if (!humanPaths.length && !judgmentPaths.length) {
    throw new UsageError(
      "meta: give --human FILE (system level) or --judgments FILE (sentence level)",
    );
  }
  if (values.gold === undefined && positionals.length) {
    throw new UsageError(`meta: system outputs (${positionals[0]}...) need --gold GOLD`);
  }
  if (values.gold !== undefined && !positionals.length) {
    throw new UsageError("meta: --gold needs the system outputs to score after it");
  }
  if (values.gold === undefined && !scorePaths.length) {
    throw new UsageError("meta: give metric scores: --scores FILE..., or --gold GOLD SYS...");
  }
  if (values.gold === undefined && (values.metrics || values.opt)) {
    throw new UsageError("meta: -m and --opt choose metrics computed with --gold GOLD SYS...");
  }
  if (values.svg !== undefined && !humanPaths.length) {
    throw new UsageError("meta: --svg plots system-level scores: give --human FILE");
  }
  const exclude = list(values.exclude);
  const resamples = wholeNumber("bootstrap", values.bootstrap, 0);
  const seed = wholeNumber("seed", values.seed, 0);

  const humans: SystemScores[] = [];
  for (const path of humanPaths) humans.push(...await readHumanScores(path));
  const systemSets: SystemScores[] = [];
  const sentenceSets: SentenceScores[] = [];
  for (const path of scorePaths) {
    const file = await readScoreFile(path);
    systemSets.push(...file.system);
    sentenceSets.push(...file.sentence);
  }
  if (values.gold !== undefined) {
    const gold = await readGold(values.gold as string, { registry });
    const ids = list(values.metrics).length ? list(values.metrics) : undefined;
    // The metrics are picked on the gold alone (before reading the systems) and again with
    // the systems, so a gold the metrics cannot serve is reported first.
    planRun({ registry, gold, systems: [], metrics: ids });
    const systems = await readSystems(positionals, gold);
    const plan = planRun({
      registry,
      gold,
      systems,
      metrics: ids,
      options: parseOptionAssignments((values.opt as string[] | undefined) ?? []),
      sentences: judgmentPaths.length > 0,
    });
    const { metrics } = plan;
    const results = runPlanSync(plan);
    const warnings = new WarningEcho(io.err);
    for (const result of results) {
      result.metrics.forEach((m, k) => warnings.echo(metrics[k], m.score));
    }
    warnings.finish();
    const computed = computedScores(results, registry);
    systemSets.push(...computed.system);
    sentenceSets.push(...computed.sentence);
  }
  checkUnique(humans, "human");
  checkUnique(systemSets, "system-level");
  checkUnique(sentenceSets, "sentence-level");

  let system: SystemLevelResult | undefined;
  if (humans.length) {
    if (!systemSets.length) {
      throw new InputError(
        "--human needs system-level metric scores, but every --scores file is sentence level",
      );
    }
    system = systemLevel(humans, systemSets, { exclude });
  }
  const sentence: { judgments: string; result: SentenceLevelResult }[] = [];
  if (judgmentPaths.length) {
    if (!sentenceSets.length) {
      throw new InputError(
        "--judgments needs sentence-level metric scores, but every --scores file is system level",
      );
    }
    for (const path of judgmentPaths) {
      const { pairs } = await readJudgments(path);
      sentence.push({
        judgments: path,
        result: sentenceLevel(pairs, sentenceSets, {
          exclude,
          bootstrap: resamples ? { resamples, seed } : false,
        }),
      });
    }
  }

  if (values.svg !== undefined && system) {
    const dir = values.svg as string;
    await Deno.mkdir(dir, { recursive: true });
    for (const human of system.humans) {
      for (const metric of system.metrics) {
        const c = system.correlations.find((x) => x.human === human && x.metric === metric)!;
        const svg = await scatterSvg(
          system.points.map((p) => ({ label: p.system, x: p.metric[metric], y: p.human[human] })),
          { metric, human, pearson: c.pearson, spearman: c.spearman },
        );
        await Deno.writeTextFile(`${dir}/${safeName(metric)}_vs_${safeName(human)}.svg`, svg);
      }
    }
  }

  if (format === "json") {
    io.out(JSON.stringify({ system: system ?? null, sentence }, null, 2) + "\n");
  } else {
    const parts: string[] = [];
    if (system) parts.push(renderSystemLevel(system));
    for (const s of sentence) parts.push(renderSentenceLevel(s.judgments, s.result));
    io.out(parts.join("\n\n") + "\n");
  }
  return 0;
}
