/**
 * What `meta` writes: windows and heat maps, scatter plots (SVG files) and its tables or JSON.
 *
 * @module
 */

import type { CommandContext } from "./command.ts";
import { renderWithWidths } from "../render/text.ts";
import { UsageError } from "../plugins/errors.ts";
import { fileLabel } from "../meta/load.ts";
import { rankPairCells, rankPairHeatmapSvg } from "../meta/rank_pair_heatmap.ts";
import { selectSystems } from "../meta/system_sets.ts";
import { windowAnalysis } from "../meta/window.ts";
import { windowSvg } from "../meta/window_svg.ts";
import {
  renderAttackRanks,
  renderRankingAgreement,
  renderSentenceLevel,
  renderSystemLevel,
  renderSystemSets,
  renderWindows,
} from "./meta_tables.ts";
import { scatterSvg } from "../meta/scatter_svg.ts";
import type { SystemScores } from "../meta/wmt_scores.ts";
import type { MetaRequest, MetaResults, NamedSets } from "./meta_types.ts";

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, "_");

/**
 * Window analysis (`--window`, `--window-svg`) and the rank-pair heatmaps (`--heatmap-svg`):
 * one human ranking over the first set of systems.
 */
export async function windowsAndHeatmaps(
  request: MetaRequest,
  named: NamedSets,
  order: readonly string[],
  results: MetaResults,
  io: CommandContext["io"],
): Promise<void> {
  const { values, sets, exclude, windowSize } = request;
  const windowHumanName = values["window-human"] as string | undefined;
  const windowHuman = windowHumanName === undefined
    ? named.humans[0]
    : named.humans.find((h) => h.name === windowHumanName);
  if (windowHumanName !== undefined && !windowHuman) {
    throw new UsageError(
      `meta: --window-human ${windowHumanName} is not among the human rankings (${
        named.humans.map((h) => h.name).join(", ")
      })`,
    );
  }
  const firstSetSystems = () => {
    const all = order.filter((s) => windowHuman!.scores.has(s) && !exclude.includes(s));
    return sets.length ? selectSystems(sets[0], all) : all;
  };
  if (windowSize) {
    if (!windowHuman) throw new UsageError("meta: --window needs a system-level --human FILE");
    results.windows = windowAnalysis(windowHuman, named.metrics, firstSetSystems(), windowSize);
    if (values["window-svg"] !== undefined) {
      const paths = windowSvgPaths(values["window-svg"] as string);
      for (const method of ["pearson", "spearman"] as const) {
        await Deno.writeTextFile(paths[method], await windowSvg(results.windows, method));
      }
      io.err(`meta: wrote ${paths.pearson} and ${paths.spearman}\n`);
    }
  } else if (values["window-svg"] !== undefined) {
    throw new UsageError("meta: --window-svg needs --window N");
  }
  if (values["heatmap-svg"] !== undefined) {
    if (!windowHuman || !results.rankings.length) {
      throw new UsageError("meta: --heatmap-svg needs --human FILE and --rankings FILE");
    }
    const written = await writeHeatmaps(
      values["heatmap-svg"] as string,
      windowHuman,
      firstSetSystems(),
      results,
    );
    io.err(
      `meta: wrote ${written.length} heatmaps into ${values["heatmap-svg"]} ` +
        "(RANKINGS_METRIC.svg)\n",
    );
  }
}

/**
 * The files of `--window-svg FILE`: FILE without a final `.svg`, then `_pearson.svg` and
 * `_spearman.svg` (`plots/window.svg` gives `plots/window_pearson.svg` and
 * `plots/window_spearman.svg`; `plots/window` the same).
 */
function windowSvgPaths(file: string): { pearson: string; spearman: string } {
  const base = file.replace(/\.svg$/i, "");
  return { pearson: `${base}_pearson.svg`, spearman: `${base}_spearman.svg` };
}

/** One heatmap per metric of each rankings file's first set, ranked by the human ranking. */
async function writeHeatmaps(
  dir: string,
  human: SystemScores,
  keep: readonly string[],
  results: MetaResults,
): Promise<string[]> {
  await Deno.mkdir(dir, { recursive: true });
  const written: string[] = [];
  const ranking = [...keep].sort((a, b) => human.scores.get(b)! - human.scores.get(a)!);
  for (const { rankings, sets: perSet } of results.rankings) {
    const { set, result } = perSet[0];
    for (const m of result.metrics) {
      const svg = await rankPairHeatmapSvg(rankPairCells(m, ranking, "seeda"), {
        metric: m.metric,
        human: human.name,
        ranking,
        title: `${m.metric} on ${
          fileLabel(rankings)
        } (${set}): accuracy by ${human.name} rank pair`,
      });
      const path = `${dir}/${safeName(fileLabel(rankings))}_${safeName(m.metric)}.svg`;
      await Deno.writeTextFile(path, svg);
      written.push(path);
    }
  }
  return written;
}

/** `--svg DIR`: a scatter plot of every metric against every human ranking. */
export async function writeScatterPlots(
  { values }: MetaRequest,
  results: MetaResults,
  io: CommandContext["io"],
): Promise<void> {
  const shown = results.system ?? results.bySet[0]?.result;
  if (values.svg === undefined || !shown) return;
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
  io.err(
    `meta: wrote ${shown.humans.length * shown.metrics.length} scatter plots into ${dir} ` +
      "(METRIC_vs_HUMAN.svg)\n",
  );
}

/** The results as JSON or as tables. */
export async function printResults(
  format: MetaRequest["format"],
  results: MetaResults,
  { io }: CommandContext,
): Promise<void> {
  if (format === "json") {
    const { system, bySet, sentence, rankings, windows } = results;
    const json = {
      system: system ?? null,
      systemSets: bySet,
      sentence,
      rankings,
      window: windows ?? null,
      ...(results.attacks ? { attacks: results.attacks } : {}),
    };
    io.out(JSON.stringify(json, null, 2) + "\n");
    return;
  }
  const parts: string[] = [];
  await renderWithWidths(() => {
    parts.length = 0;
    const { sources } = results;
    if (results.system) parts.push(renderSystemLevel(results.system, format, sources));
    if (results.bySet.length) parts.push(renderSystemSets(results.bySet, format, sources));
    for (const s of results.sentence) {
      parts.push(renderSentenceLevel(s.judgments, s.result, format, sources));
    }
    for (const r of results.rankings) {
      parts.push(renderRankingAgreement(r.rankings, r.sets, format, sources));
    }
    if (results.windows) parts.push(renderWindows(results.windows, format, sources));
    if (results.attacks) parts.push(renderAttackRanks(results.attacks));
  });
  io.out(parts.join("\n\n") + "\n");
}
