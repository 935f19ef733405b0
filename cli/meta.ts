/**
 * `gecscore meta`: how well metrics agree with human judgments. System level: Pearson r and
 * Spearman rho of each metric against each human ranking, and Williams' test for every pair
 * of metrics. Sentence level: Kendall's tau (HTies and NoTies) against pairwise judgments,
 * with bootstrap 95% confidence intervals. Metric scores come from WMT score files, from
 * registered metrics computed on the spot (`--gold`), or both.
 *
 * @module
 */

import { MODEL_FLAGS, withModelFlags } from "./model_flags.ts";
import { stderrProgress } from "./progress.ts";
import { parseCommandArgs } from "./args.ts";
import type { Command, CommandContext } from "./command.ts";
import { readSystems, systemFiles, withAnnotatorEdits } from "./read_systems.ts";
import { WarningEcho } from "../render/warnings.ts";
import { renderWithWidths } from "../render/text.ts";
import { InputError, UsageError } from "../plugins/errors.ts";
import { parseOptionAssignments } from "../plugins/options.ts";
import { gatherPlan, planRun, runPlanSync } from "../pipeline/engine.ts";
import { computedScores } from "../meta/computed_scores.ts";
import { fileLabel, readJudgments } from "../meta/load.ts";
import { parseAppraise, type RankingItem } from "../meta/appraise.ts";
import { appraisePairs } from "../meta/appraise.ts";
import { expectedWins } from "../meta/expected_wins.ts";
import {
  isLineScores,
  isScoreTable,
  parseLineScores,
  parseScoreTable,
} from "../meta/line_scores.ts";
import { rankedPairs } from "../meta/ranking_pairs.ts";
import { rankingAgreement, type SegmentMapping } from "../meta/ranking_agreement.ts";
import { rankPairCells, rankPairHeatmapSvg } from "../meta/rank_pair_heatmap.ts";
import { readTextFile } from "../meta/read_text.ts";
import {
  parseSystemSet,
  selectSystems,
  SYSTEM_SET_RECIPES,
  type SystemSet,
} from "../meta/system_sets.ts";
import { trueSkillRanking } from "../meta/trueskill_ranking.ts";
import { windowAnalysis } from "../meta/window.ts";
import { windowSvg } from "../meta/window_svg.ts";
import { parseWmtScores } from "../meta/wmt_scores.ts";
import {
  renderAttackRanks,
  renderRankingAgreement,
  renderSentenceLevel,
  renderSystemLevel,
  renderSystemSets,
  renderWindows,
} from "./meta_tables.ts";
import { type AttackRanks, attackRanks } from "../meta/attack_ranks.ts";
import { META_HELP } from "./meta_help.ts";

export { META_HELP, renderSentenceLevel, renderSystemLevel };
import { checkGoldFlags, GOLD_FLAGS, readCommandGold } from "./command_gold.ts";
import { scatterSvg } from "../meta/scatter_svg.ts";
import { sentenceLevel, type SentenceLevelResult } from "../meta/sentence_level.ts";
import { systemLevel, type SystemLevelResult } from "../meta/system_level.ts";
import type { SentenceScores, SystemScores } from "../meta/wmt_scores.ts";

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
  const { values, tokens } = parseCommandArgs("meta", {
    args,
    allowPositionals: true,
    tokens: true,
    options: {
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
  const exclude = list(values.exclude);
  // Adversarial outputs are scored with the systems and ranked among them, never correlated.
  const attackFiles = list(values.attack).map(splitSystemName);
  let attacks: AttackRanks[] | undefined;
  const resamples = wholeNumber("bootstrap", values.bootstrap, 0);
  const seed = wholeNumber("seed", values.seed, 0);
  const tsSeed = wholeNumber("ts-seed", values["ts-seed"], 0);
  const tsRuns = wholeNumber("ts-runs", values["ts-runs"], 1);
  const windowSize = values.window === undefined ? 0 : wholeNumber("window", values.window, 3);
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

  // Read every file first; one-value-per-line files wait for the system order.
  const known = new Set<string>();
  const note = (names: Iterable<string>) => {
    for (const n of names) known.add(n);
  };
  type Pending = { path: string; text: string };
  const humans: (SystemScores | Pending)[] = [];
  const rankingItems = new Map<string, RankingItem[]>();
  for (const path of humanPaths) {
    const text = await readTextFile(path);
    const label = fileLabel(path);
    if (text.trimStart().startsWith("<")) {
      const items = parseAppraise(text, path);
      const ew = expectedWins(appraisePairs(items));
      if (!ew.size) throw new InputError("no ranking items with translations", path);
      humans.push({ name: `${label}.ew`, metric: "ew", lp: "", testset: "", path, scores: ew });
      if (values.ts) {
        const ts = trueSkillRanking(rankedPairs(items), { seed: tsSeed, runs: tsRuns });
        humans.push({
          name: `${label}.ts`,
          metric: "ts",
          lp: "",
          testset: "",
          path,
          scores: new Map([...ts].map(([system, v]) => [system, v.mu])),
        });
      }
      note(ew.keys());
    } else if (isLineScores(text)) {
      humans.push({ path, text });
    } else {
      const file = parseWmtScores(text, path);
      if (file.level !== "system") {
        throw new InputError(
          "expected system-level human scores (METRIC LP TESTSET SYSTEM SCORE), found 6 fields a line",
          path,
          1,
        );
      }
      for (const set of file.system) {
        humans.push({
          ...set,
          name: file.system.length === 1
            ? label
            : `${label}/${set.metric}/${set.lp}/${set.testset}`,
        });
        note(set.scores.keys());
      }
    }
  }
  const systemSets: (SystemScores | Pending)[] = [];
  const sentenceSets: SentenceScores[] = [];
  for (const path of scorePaths) {
    const text = await readTextFile(path);
    if (isScoreTable(text)) {
      for (const set of parseScoreTable(text, path)) {
        systemSets.push(set);
        note(set.scores.keys());
      }
    } else if (isLineScores(text)) {
      systemSets.push({ path, text });
    } else {
      const file = parseWmtScores(text, path);
      systemSets.push(...file.system);
      sentenceSets.push(...file.sentence);
      for (const set of [...file.system, ...file.sentence]) note(set.scores.keys());
    }
  }
  for (const path of rankingPaths) {
    const text = await readTextFile(path);
    const items = parseAppraise(text, path);
    rankingItems.set(path, items);
    for (const item of items) for (const o of item.outputs) note(o.systems);
  }
  if (hasGold) {
    const gold = await readCommandGold("meta", goldFlags, registry);
    const ids = list(values.metrics).length ? list(values.metrics) : undefined;
    // The metrics are picked on the gold alone (before reading the systems) and again with
    // the systems, so a gold the metrics cannot serve is reported first.
    planRun({ registry, gold, systems: [], metrics: ids });
    const named = systemFiles(tokens).map((f) => ({ ...splitSystemName(f.path), m2: f.m2 }));
    const read = (await readSystems(
      named.map((n) => ({ path: n.path, m2: n.m2 })),
      gold,
      io,
      undefined,
      { registry, format: values["system-format"] as string | undefined },
    ))
      .map((h, k) => named[k].name === undefined ? h : { ...h, name: named[k].name! });
    const attacked = (await readSystems(
      attackFiles.map((n) => ({ path: n.path, m2: false })),
      gold,
      io,
      undefined,
      { registry, format: values["system-format"] as string | undefined },
    ))
      .map((h, k) => attackFiles[k].name === undefined ? h : { ...h, name: attackFiles[k].name! });
    checkDistinct([...read, ...attacked].map((h) => h.name));
    exclude.push(...attacked.map((h) => h.name));
    const systems = await withAnnotatorEdits(registry, gold, [...read, ...attacked], ids);
    // Metrics that ask a model server get their answers first (through their cache).
    const asking = stderrProgress("asking the model server", io.err);
    const plan = await gatherPlan(
      planRun({
        registry,
        gold,
        systems,
        metrics: ids,
        options: parseOptionAssignments(
          withModelFlags(registry, values, values.opt as string[] | undefined),
        ),
        sentences: judgmentPaths.length > 0 || rankingPaths.length > 0,
      }),
      { onProgress: (done, total) => asking.update(done, total) },
    )
      .finally(() => asking.done());
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
    note(read.map((h) => h.name));
    if (attacked.length) {
      attacks = attackRanks(
        computed.system,
        read.map((h) => h.name),
        attacked.map((h) => h.name),
        (id) => registry.metric(id).lowerIsBetter === true,
      );
    }
  }
  const order = values.order !== undefined
    ? await readOrder(values.order as string)
    : [...known].sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
  const pending = [...humans, ...systemSets].filter((x) => "text" in x);
  if (!order.length && pending.length) {
    throw new UsageError(
      `meta: ${pending[0].path} holds one value a line without system names: give --order ` +
        "SYS,SYS,... or the systems through a table, a WMT file, rankings or outputs",
    );
  }
  const resolve = (x: SystemScores | Pending): SystemScores =>
    "text" in x ? parseLineScores(x.text, x.path, order, fileLabel(x.path)) : x;
  const humanSets = humans.map(resolve);
  const metricSets = systemSets.map(resolve);
  checkUnique(humanSets, "human");
  checkUnique(metricSets, "system-level");
  checkUnique(sentenceSets, "sentence-level");

  let system: SystemLevelResult | undefined;
  const bySet: { set: string; result: SystemLevelResult }[] = [];
  if (humanSets.length) {
    if (!metricSets.length) {
      throw new InputError(
        "--human needs system-level metric scores, but every --scores file is sentence level",
      );
    }
    if (sets.length) {
      const all = [...new Set(humanSets.flatMap((h) => [...h.scores.keys()]))]
        .filter((s) => !exclude.includes(s)).sort();
      for (const set of sets) {
        const keep = new Set(selectSystems(set, all));
        const out = [...new Set([...humanSets, ...metricSets].flatMap((h) => [...h.scores.keys()]))]
          .filter((s) => !keep.has(s));
        bySet.push({ set: set.name, result: systemLevel(humanSets, metricSets, { exclude: out }) });
      }
    } else {
      system = systemLevel(humanSets, metricSets, { exclude });
    }
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
  const rankingResults: {
    rankings: string;
    sets: { set: string; result: ReturnType<typeof rankingAgreement> }[];
  }[] = [];
  for (const [path, items] of rankingItems) {
    if (!sentenceSets.length) {
      throw new InputError(
        "--rankings needs sentence-level metric scores: compute them with --gold GOLD SYS...",
        path,
      );
    }
    const judged = [...new Set(items.flatMap((it) => it.outputs.flatMap((o) => o.systems)))]
      .filter((s) => !exclude.includes(s));
    const inOrder = order.filter((s) => judged.includes(s));
    const perSet = sets.length ? sets : [{ name: "all", exclude: [] }];
    rankingResults.push({
      rankings: path,
      sets: perSet.map((set) => ({
        set: set.name,
        result: rankingAgreement(items, sentenceSets, {
          systems: selectSystems(set, inOrder),
          segments: srcId as SegmentMapping,
          bootstrap: resamples ? { resamples, seed } : false,
        }),
      })),
    });
  }

  // Window analysis and the rank-pair heatmaps use one human ranking over the first set.
  const windowHumanName = values["window-human"] as string | undefined;
  const windowHuman = windowHumanName === undefined
    ? humanSets[0]
    : humanSets.find((h) => h.name === windowHumanName);
  if (windowHumanName !== undefined && !windowHuman) {
    throw new UsageError(
      `meta: --window-human ${windowHumanName} is not among the human rankings (${
        humanSets.map((h) => h.name).join(", ")
      })`,
    );
  }
  const firstSetSystems = () => {
    const all = order.filter((s) => windowHuman!.scores.has(s) && !exclude.includes(s));
    return sets.length ? selectSystems(sets[0], all) : all;
  };
  let windows: ReturnType<typeof windowAnalysis> | undefined;
  if (windowSize) {
    if (!windowHuman) throw new UsageError("meta: --window needs a system-level --human FILE");
    windows = windowAnalysis(windowHuman, metricSets, firstSetSystems(), windowSize);
    if (values["window-svg"] !== undefined) {
      const base = values["window-svg"] as string;
      for (const method of ["pearson", "spearman"] as const) {
        await Deno.writeTextFile(
          base.replace(/\.svg$/i, "") + `_${method}.svg`,
          await windowSvg(windows, method),
        );
      }
    }
  } else if (values["window-svg"] !== undefined) {
    throw new UsageError("meta: --window-svg needs --window N");
  }
  if (values["heatmap-svg"] !== undefined) {
    if (!windowHuman || !rankingResults.length) {
      throw new UsageError("meta: --heatmap-svg needs --human FILE and --rankings FILE");
    }
    const dir = values["heatmap-svg"] as string;
    await Deno.mkdir(dir, { recursive: true });
    const keep = firstSetSystems();
    const ranking = [...keep].sort((a, b) =>
      windowHuman.scores.get(b)! - windowHuman.scores.get(a)!
    );
    for (const { rankings, sets: results } of rankingResults) {
      const { set, result } = results[0];
      for (const m of result.metrics) {
        const svg = await rankPairHeatmapSvg(rankPairCells(m, ranking, "seeda"), {
          metric: m.metric,
          human: windowHuman.name,
          ranking,
          title: `${m.metric} on ${
            fileLabel(rankings)
          } (${set}): accuracy by ${windowHuman.name} rank pair`,
        });
        await Deno.writeTextFile(
          `${dir}/${safeName(fileLabel(rankings))}_${safeName(m.metric)}.svg`,
          svg,
        );
      }
    }
  }

  if (values.svg !== undefined && (system ?? bySet[0]?.result)) {
    const shown = (system ?? bySet[0].result)!;
    const dir = values.svg as string;
    await Deno.mkdir(dir, { recursive: true });
    for (const human of shown.humans) {
      for (const metric of shown.metrics) {
        const c = shown.correlations.find((x) => x.human === human && x.metric === metric)!;
        const svg = await scatterSvg(
          shown.points.map((p) => ({ label: p.system, x: p.metric[metric], y: p.human[human] })),
          { metric, human, pearson: c.pearson, spearman: c.spearman },
        );
        await Deno.writeTextFile(`${dir}/${safeName(metric)}_vs_${safeName(human)}.svg`, svg);
      }
    }
  }

  if (format === "json") {
    io.out(
      JSON.stringify(
        {
          system: system ?? null,
          systemSets: bySet,
          sentence,
          rankings: rankingResults,
          window: windows ?? null,
          ...(attacks ? { attacks } : {}),
        },
        null,
        2,
      ) + "\n",
    );
  } else {
    const parts: string[] = [];
    await renderWithWidths(() => {
      parts.length = 0;
      if (system) parts.push(renderSystemLevel(system));
      if (bySet.length) parts.push(renderSystemSets(bySet));
      for (const s of sentence) parts.push(renderSentenceLevel(s.judgments, s.result));
      for (const r of rankingResults) parts.push(renderRankingAgreement(r.rankings, r.sets));
      if (windows) parts.push(renderWindows(windows));
      if (attacks) parts.push(renderAttackRanks(attacks));
    });
    io.out(parts.join("\n\n") + "\n");
  }
  return 0;
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
