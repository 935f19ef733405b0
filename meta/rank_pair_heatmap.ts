/**
 * Agreement by rank pair: for every two systems (placed by their human system-level rank),
 * how often a metric agrees with the sentence-level human judgments comparing them, as an
 * SVG heatmap. Pairs of close systems are where metrics tend to fail.
 *
 * @module
 */

import { vegaLiteSvg } from "./vega_svg.ts";
import type { RankingAgreement, TieRule } from "./ranking_agreement.ts";

/** One cell: the pair of ranks and the metric's accuracy on their comparisons. */
export interface RankPairCell {
  /** Human rank of the better-ranked system (1 = best). */
  rankA: number;
  /** Human rank of the other system. */
  rankB: number;
  /** The better-ranked system. */
  systemA: string;
  /** The other system. */
  systemB: string;
  /** Pairwise accuracy on the judged comparisons of the two. */
  accuracy: number;
  /** The number of judged comparisons (human non-ties). */
  pairs: number;
}

/**
 * Accuracy for each pair of ranked systems from one metric's per-pair counts.
 *
 * @example Usage
 * ```ts
 * import { rankPairCells } from "./rank_pair_heatmap.ts";
 * import assert from "node:assert/strict";
 *
 * const byPair = [{ system1: "A", system2: "B", agree: 3, disagree: 1, tiesFirst: 0, tiesLater: 0 }];
 * const cells = rankPairCells({ byPair } as never, ["B", "A"], "seeda");
 * assert.deepEqual(cells, [{ rankA: 1, rankB: 2, systemA: "B", systemB: "A", accuracy: 0.75, pairs: 4 }]);
 * ```
 *
 * @param agreement One metric's result from `rankingAgreement`.
 * @param ranking The systems by human rank, best first.
 * @param rule The tie rule.
 * @returns The cells.
 */
export function rankPairCells(
  agreement: Pick<RankingAgreement, "byPair">,
  ranking: readonly string[],
  rule: TieRule,
): RankPairCell[] {
  const rank = new Map(ranking.map((s, i) => [s, i + 1]));
  const cells: RankPairCell[] = [];
  for (const p of agreement.byPair) {
    const r1 = rank.get(p.system1);
    const r2 = rank.get(p.system2);
    if (r1 === undefined || r2 === undefined) continue;
    const n = p.agree + p.disagree + p.tiesFirst + p.tiesLater;
    const agree = rule === "seeda"
      ? p.agree + p.tiesLater
      : p.agree + (p.tiesFirst + p.tiesLater) / 2;
    const [rankA, rankB, systemA, systemB] = r1 < r2
      ? [r1, r2, p.system1, p.system2]
      : [r2, r1, p.system2, p.system1];
    cells.push({ rankA, rankB, systemA, systemB, accuracy: agree / n, pairs: n });
  }
  return cells.sort((a, b) => a.rankA - b.rankA || a.rankB - b.rankB);
}

/**
 * Render rank-pair cells as an SVG heatmap (ranks on both axes, accuracy as colour and
 * printed in each cell).
 *
 * @example Usage
 * ```ts
 * import { rankPairHeatmapSvg } from "./rank_pair_heatmap.ts";
 * import assert from "node:assert/strict";
 *
 * const svg = await rankPairHeatmapSvg(
 *   [{ rankA: 1, rankB: 2, systemA: "B", systemB: "A", accuracy: 0.75, pairs: 4 }],
 *   { metric: "m2", human: "TS_sent", ranking: ["B", "A"] },
 * );
 * assert.match(svg, /^<svg/);
 * ```
 *
 * @param cells The cells.
 * @param options Names for the title and the axis labels.
 * @returns The SVG text.
 */
export async function rankPairHeatmapSvg(
  cells: readonly RankPairCell[],
  options: { metric: string; human: string; ranking: readonly string[]; title?: string },
): Promise<string> {
  const label = (rank: number) => `${rank} ${options.ranking[rank - 1]}`;
  const values = cells.map((c) => ({
    a: label(c.rankA),
    b: label(c.rankB),
    ra: c.rankA,
    rb: c.rankB,
    accuracy: c.accuracy,
    text: c.accuracy.toFixed(2),
    pairs: c.pairs,
  }));
  const order = options.ranking.map((_, i) => label(i + 1));
  const spec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: {
      text: options.title ??
        `${options.metric}: sentence-level accuracy by human rank pair (${options.human})`,
      fontSize: 13,
    },
    width: Math.max(240, 28 * options.ranking.length),
    height: Math.max(240, 28 * options.ranking.length),
    background: "white",
    data: { values },
    encoding: {
      x: { field: "b", type: "ordinal", sort: order, title: "lower-ranked system" },
      y: { field: "a", type: "ordinal", sort: order, title: "higher-ranked system" },
    },
    layer: [
      {
        mark: "rect",
        encoding: {
          color: {
            field: "accuracy",
            type: "quantitative",
            scale: { domain: [0, 1], scheme: "redyellowblue" },
            title: "accuracy",
          },
        },
      },
      { mark: { type: "text", fontSize: 9 }, encoding: { text: { field: "text" } } },
    ],
  };
  return await vegaLiteSvg(spec);
}
