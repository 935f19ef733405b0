/**
 * `gecscore meta`: how well metrics agree with human judgments. System level: Pearson r and
 * Spearman rho of each metric against each human ranking, and Williams' test for every pair
 * of metrics. Sentence level: Kendall's tau (HTies and NoTies) against pairwise judgments,
 * with bootstrap 95% confidence intervals. Metric scores come from WMT score files, from
 * registered metrics computed on the spot (`--gold`), or both. The files are read by `meta/`'s
 * loaders (`readMetaFiles`); this module parses the command line, runs the analyses and
 * prints them.
 *
 * @module
 */

import { MODEL_FLAGS, withModelFlags } from "./model_flags.ts";
import { PRESET_FLAG, withPreset } from "./preset.ts";
import { stderrProgress } from "./progress.ts";
import { parseCommandArgs } from "./args.ts";
import type { Command, CommandContext } from "./command.ts";
import { systemFiles } from "./read_systems.ts";
import { readRunSystems } from "../pipeline/run.ts";
import { WarningEcho } from "../render/warnings.ts";
import { benchmarkNotes } from "../pipeline/benchmarks.ts";
import { InputError, UsageError } from "../plugins/errors.ts";
import { parseOptionAssignments } from "../plugins/options.ts";
import { gatherPlan, planRun, runPlan } from "../pipeline/engine.ts";
import { computedScores } from "../meta/computed_scores.ts";
import { type MetaFiles, nameLineScores, readJudgmentSets, readMetaFiles } from "../meta/load.ts";
import type { RankingItem } from "../meta/appraise.ts";
import { rankingAgreement } from "../meta/ranking_agreement.ts";
import { readTextFile } from "../meta/read_text.ts";
import {
  parseSystemSet,
  selectSystems,
  SYSTEM_SET_RECIPES,
  type SystemSet,
} from "../meta/system_sets.ts";
import { type MetricSources, renderSentenceLevel, renderSystemLevel } from "./meta_tables.ts";
import { type AttackRanks, attackRanks } from "../meta/attack_ranks.ts";
import { META_HELP } from "./meta_help.ts";

import type { MetaRequest, MetaResults, NamedSets } from "./meta_types.ts";
import { printResults, windowsAndHeatmaps, writeScatterPlots } from "./meta_output.ts";
export { META_HELP, renderSentenceLevel, renderSystemLevel };
import { checkGoldFlags, GOLD_FLAGS, readCommandGold } from "./command_gold.ts";
import { sentenceLevel } from "../meta/sentence_level.ts";
import { systemLevel } from "../meta/system_level.ts";

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

/** The command line of `meta`. */
const META_OPTIONS = {
  "hyp-m2": { type: "string", multiple: true },
  attack: { type: "string", multiple: true },
  human: { type: "string", multiple: true },
  judgments: { type: "string", multiple: true },
  rankings: { type: "string", multiple: true },
  scores: { type: "string", multiple: true },
  ...GOLD_FLAGS,
  "system-format": { type: "string" },
  metrics: { type: "string", short: "m", multiple: true },
  opt: { type: "string", multiple: true },
  ...MODEL_FLAGS,
  ...PRESET_FLAG,
  exclude: { type: "string", multiple: true },
  order: { type: "string" },
  set: { type: "string", multiple: true },
  sets: { type: "string" },
  "src-id": { type: "string", default: "0" },
  ts: { type: "boolean" },
  "ts-seed": { type: "string", default: "1" },
  "ts-runs": { type: "string", default: "1" },
  window: { type: "string" },
  "window-human": { type: "string" },
  "window-svg": { type: "string" },
  "heatmap-svg": { type: "string" },
  bootstrap: { type: "string", default: "1000" },
  seed: { type: "string", default: "1" },
  format: { type: "string", default: "table" },
  svg: { type: "string" },
  plugin: { type: "string", multiple: true },
  help: { type: "boolean", short: "h" },
} as const;

async function runMeta(args: string[], context: CommandContext): Promise<number> {
  const { values, tokens } = parseCommandArgs("meta", {
    args,
    allowPositionals: true,
    tokens: true,
    options: META_OPTIONS,
  });
  if (values.help) {
    context.io.out(META_HELP);
    return 0;
  }
  const request = checkRequest(values, tokens);
  const files = await readMetaFiles({
    human: request.humanPaths,
    scores: request.scorePaths,
    rankings: request.rankingPaths,
    trueSkill: request.trueSkill,
  });
  const spot = request.hasGold ? await scoreOnTheSpot(request, files, context) : undefined;
  const computed = spot?.names ?? [];
  const order = values.order !== undefined
    ? await readOrder(values.order as string)
    : [...files.systems].sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
  const named = nameSets(files, order);
  const results: MetaResults = {
    ...systemLevelResults(request, named),
    sentence: await sentenceLevelResults(request, named),
    rankings: rankingResults(request, files.rankings, named, order),
    sources: computed.length ? metricSources(named, computed) : undefined,
    ...(spot?.attacks ? { attacks: spot.attacks } : {}),
  };
  await windowsAndHeatmaps(request, named, order, results, context.io);
  await writeScatterPlots(request, results, context.io);
  await printResults(request.format, results, context);
  return 0;
}

/** Check the command line as a whole: what is given, what it needs, and the numbers. */
function checkRequest(
  values: Record<string, unknown>,
  tokens: Parameters<typeof systemFiles>[0],
): MetaRequest {
  const format = values.format as MetaRequest["format"];
  if (!["table", "json", "markdown", "latex"].includes(format)) {
    throw new UsageError(
      `meta: unknown output format "${format}"; valid: table, json, markdown, latex`,
    );
  }
  const positionals = systemFiles(tokens).map((f) => f.path);
  const humanPaths = list(values.human);
  const judgmentPaths = list(values.judgments);
  const rankingPaths = list(values.rankings);
  const scorePaths = (values.scores as string[] | undefined) ?? [];
  const goldFlags = {
    gold: values.gold as string | undefined,
    src: values.src as string | undefined,
    ref: values.ref as string[] | undefined,
    "gold-format": values["gold-format"] as string | undefined,
  };
  checkGoldFlags("meta", goldFlags);
  const hasGold = goldFlags.gold !== undefined || goldFlags.src !== undefined ||
    goldFlags.ref !== undefined;
  if (!humanPaths.length && !judgmentPaths.length && !rankingPaths.length) {
    throw new UsageError(
      "meta: give --human FILE (system level), --judgments FILE or --rankings FILE (sentence level)",
    );
  }
  if (!hasGold && positionals.length) {
    throw new UsageError(
      `meta: system outputs (${positionals[0]}...) need --gold GOLD or --src/--ref`,
    );
  }
  if (!hasGold && values.attack) {
    throw new UsageError("meta: --attack FILE is scored with the systems: give --gold GOLD SYS...");
  }
  if (hasGold && !positionals.length) {
    throw new UsageError("meta: --gold needs the system outputs to score after it");
  }
  if (!hasGold && !scorePaths.length) {
    throw new UsageError("meta: give metric scores: --scores FILE..., or --gold GOLD SYS...");
  }
  if (!hasGold && (values.metrics || values.opt)) {
    throw new UsageError("meta: -m and --opt choose metrics computed with --gold GOLD SYS...");
  }
  if (values.svg !== undefined && !humanPaths.length) {
    throw new UsageError("meta: --svg plots system-level scores: give --human FILE");
  }
  const srcId = values["src-id"] as string;
  if (srcId !== "0" && srcId !== "1" && srcId !== "judged") {
    throw new UsageError(`meta: --src-id must be 0, 1 or judged, got ${srcId}`);
  }
  const numbers = {
    resamples: wholeNumber("bootstrap", values.bootstrap, 0),
    seed: wholeNumber("seed", values.seed, 0),
  };
  const trueSkill = {
    seed: wholeNumber("ts-seed", values["ts-seed"], 0),
    runs: wholeNumber("ts-runs", values["ts-runs"], 1),
  };
  const windowSize = values.window === undefined ? 0 : wholeNumber("window", values.window, 3);
  return {
    values,
    tokens,
    format,
    humanPaths,
    judgmentPaths,
    rankingPaths,
    scorePaths,
    goldFlags,
    hasGold,
    srcId,
    exclude: list(values.exclude),
    ...numbers,
    windowSize,
    sets: systemSets(values),
    trueSkill: values.ts ? trueSkill : undefined,
    attackFiles: list(values.attack).map(splitSystemName),
  };
}

/** `--sets RECIPE` and every `--set NAME=...`. */
function systemSets(values: Record<string, unknown>): SystemSet[] {
  const sets: SystemSet[] = [];
  if (values.sets !== undefined) {
    const recipe = SYSTEM_SET_RECIPES[values.sets as string];
    if (!recipe) {
      throw new UsageError(
        `meta: unknown --sets recipe ${values.sets}; known: ${
          Object.keys(SYSTEM_SET_RECIPES).join(", ")
        }`,
      );
    }
    sets.push(...recipe);
  }
  for (const spec of (values.set as string[] | undefined) ?? []) sets.push(parseSystemSet(spec));
  return sets;
}

/**
 * Score the systems given after `--gold` and add their scores (and names) to the files'.
 * Returns the names of the score sets computed.
 */
async function scoreOnTheSpot(
  request: MetaRequest,
  files: MetaFiles,
  { registry, io }: CommandContext,
): Promise<{ names: string[]; attacks?: AttackRanks[] }> {
  const { values, tokens } = request;
  const gold = await readCommandGold("meta", request.goldFlags, registry);
  const ids = list(values.metrics).length ? list(values.metrics) : undefined;
  // The metrics are picked on the gold alone (before reading the systems) and again with
  // the systems, so a gold the metrics cannot serve is reported first.
  await planRun({ registry, gold, systems: [], metrics: ids });
  const named = systemFiles(tokens).map((f) => ({ ...splitSystemName(f.path), m2: f.m2 }));
  const read = (await readRunSystems(
    named.map((n) => ({ path: n.path, m2: n.m2 })),
    gold,
    { registry, format: values["system-format"] as string | undefined, onWarning: io.err },
  ))
    .map((h, k) => named[k].name === undefined ? h : { ...h, name: named[k].name! });
  const attacked = (await readRunSystems(
    request.attackFiles.map((n) => ({ path: n.path, m2: false })),
    gold,
    { registry, format: values["system-format"] as string | undefined, onWarning: io.err },
  ))
    .map((h, k) =>
      request.attackFiles[k].name === undefined ? h : { ...h, name: request.attackFiles[k].name! }
    );
  checkDistinct([...read, ...attacked].map((h) => h.name));
  request.exclude.push(...attacked.map((h) => h.name));
  // Metrics that ask a model server get their answers first (through their cache).
  const asking = stderrProgress("asking the model server", io.err);
  const plan = await gatherPlan(
    await planRun({
      registry,
      gold,
      systems: [...read, ...attacked],
      metrics: ids,
      options: parseOptionAssignments(
        withModelFlags(registry, values, withPreset(values, values.opt as string[] | undefined)),
      ),
      sentences: request.judgmentPaths.length > 0 || request.rankingPaths.length > 0,
    }),
    { onProgress: (done, total) => asking.update(done, total) },
  ).finally(() => asking.done());
  const { metrics } = plan;
  const results = await runPlan(plan);
  const warnings = new WarningEcho(io.err);
  for (const result of results) {
    result.metrics.forEach((m, k) => warnings.echo(metrics[k], m.score));
  }
  warnings.finish();
  warnings.notes(benchmarkNotes(results.flatMap((r) => r.metrics)));
  const computed = computedScores(results, registry);
  files.system.push(...computed.system);
  files.sentence.push(...computed.sentence);
  for (const h of read) files.systems.add(h.name);
  const attacks = attacked.length
    ? attackRanks(
      computed.system,
      read.map((h) => h.name),
      attacked.map((h) => h.name),
      (id) => registry.metric(id).lowerIsBetter === true,
    )
    : undefined;
  return { names: [...computed.system, ...computed.sentence].map((set) => set.name), attacks };
}

/**
 * Each metric's source (computed on the spot, or read from a file) when both kinds are
 * compared, so the tables label them; otherwise nothing.
 */
function metricSources(
  named: NamedSets,
  computed: readonly string[],
): MetricSources | undefined {
  const sources = new Map<string, "computed" | "file">();
  for (const set of [...named.metrics, ...named.sentence]) {
    sources.set(set.name, computed.includes(set.name) ? "computed" : "file");
  }
  return new Set(sources.values()).size > 1 ? sources : undefined;
}

/** Name the files of one value a line by the order of the systems; check names are unique. */
function nameSets(files: MetaFiles, order: readonly string[]): NamedSets {
  const pending = [...files.humans, ...files.system].filter((x) => "text" in x);
  if (!order.length && pending.length) {
    throw new UsageError(
      `meta: ${pending[0].path} holds one value a line without system names: give --order ` +
        "SYS,SYS,... or the systems through a table, a WMT file, rankings or outputs",
    );
  }
  const named = {
    humans: files.humans.map((x) => nameLineScores(x, order)),
    metrics: files.system.map((x) => nameLineScores(x, order)),
    sentence: files.sentence,
  };
  checkUnique(named.humans, "human");
  checkUnique(named.metrics, "system-level");
  checkUnique(named.sentence, "sentence-level");
  return named;
}

/** System level: every human ranking against every metric, over all systems or per set. */
function systemLevelResults(
  { sets, exclude }: MetaRequest,
  { humans, metrics }: NamedSets,
): Pick<MetaResults, "system" | "bySet"> {
  if (!humans.length) return { bySet: [] };
  if (!metrics.length) {
    throw new InputError(
      "--human needs system-level metric scores, but every --scores file is sentence level",
    );
  }
  if (!sets.length) return { system: systemLevel(humans, metrics, { exclude }), bySet: [] };
  const all = [...new Set(humans.flatMap((h) => [...h.scores.keys()]))]
    .filter((s) => !exclude.includes(s)).sort();
  const bySet = sets.map((set) => {
    const keep = new Set(selectSystems(set, all));
    const out = [...new Set([...humans, ...metrics].flatMap((h) => [...h.scores.keys()]))]
      .filter((s) => !keep.has(s));
    return { set: set.name, result: systemLevel(humans, metrics, { exclude: out }) };
  });
  return { bySet };
}

/** Sentence level: Kendall's tau of every metric against each pairwise judgment file. */
async function sentenceLevelResults(
  { judgmentPaths, exclude, resamples, seed }: MetaRequest,
  { sentence }: NamedSets,
): Promise<MetaResults["sentence"]> {
  if (judgmentPaths.length && !sentence.length) {
    throw new InputError(
      "--judgments needs sentence-level metric scores, but every --scores file is system level",
    );
  }
  const results: MetaResults["sentence"] = [];
  for (const path of judgmentPaths) {
    for (const { label, pairs } of await readJudgmentSets(path)) {
      results.push({
        judgments: label,
        result: sentenceLevel(pairs, sentence, {
          exclude,
          bootstrap: resamples ? { resamples, seed } : false,
        }),
      });
    }
  }
  return results;
}

/** Ranking agreement of the sentence-level scores with each Appraise rankings file, per set. */
function rankingResults(
  { sets, exclude, srcId, resamples, seed }: MetaRequest,
  rankings: ReadonlyMap<string, RankingItem[]>,
  { sentence }: NamedSets,
  order: readonly string[],
): MetaResults["rankings"] {
  return [...rankings].map(([path, items]) => {
    if (!sentence.length) {
      throw new InputError(
        "--rankings needs sentence-level metric scores: compute them with --gold GOLD SYS...",
        path,
      );
    }
    const judged = [...new Set(items.flatMap((it) => it.outputs.flatMap((o) => o.systems)))]
      .filter((s) => !exclude.includes(s));
    const inOrder = order.filter((s) => judged.includes(s));
    const perSet = sets.length ? sets : [{ name: "all", exclude: [] }];
    return {
      rankings: path,
      sets: perSet.map((set) => ({
        set: set.name,
        result: rankingAgreement(items, sentence, {
          systems: selectSystems(set, inOrder),
          segments: srcId,
          bootstrap: resamples ? { resamples, seed } : false,
        }),
      })),
    };
  });
}

/** `NAME=PATH` names a system; a plain path keeps the file's name. */
function splitSystemName(arg: string): { name?: string; path: string } {
  const match = /^([^=/\\]+)=(.+)$/.exec(arg);
  if (!match) return { path: arg };
  try {
    Deno.statSync(arg);
    return { path: arg };
  } catch {
    return { name: match[1], path: match[2] };
  }
}

function checkDistinct(names: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new UsageError(`meta: two systems are named ${name}`);
    seen.add(name);
  }
}

/** `--order`: a file with one system a line, or a comma-separated list. */
async function readOrder(value: string): Promise<string[]> {
  let names: string[];
  let isFile = false;
  try {
    isFile = (await Deno.stat(value)).isFile;
  } catch {
    isFile = false;
  }
  if (isFile) {
    names = (await readTextFile(value)).split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
  } else names = value.split(",").map((s) => s.trim()).filter(Boolean);
  if (!names.length) throw new UsageError("meta: --order names no system");
  checkDistinct(names);
  return names;
}
