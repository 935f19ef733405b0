/**
 * Checks the I-measure's segmented mixed search against brute-force enumeration: on every
 * sentence with at most `limit` mixed combinations, the best candidate of both must have the
 * same comparison key and counts. Run on all 13 CoNLL-2014 outputs (slow, not part of CI):
 *
 * ```sh
 * deno run --allow-read bench/imeasure_brute.ts [SYSTEM...]
 * ```
 *
 * @module
 */

import { errorGroups } from "../formats/error_groups.ts";
import { readGold } from "../builtin.ts";
import { readSentences } from "../formats/text.ts";
import { imeasureMetric, searchReferences } from "../metrics/imeasure/mod.ts";
import type { ImeasureOptions } from "../metrics/imeasure/types.ts";
import { combinationCount, errorOptions } from "../metrics/imeasure/refs.ts";
import type { GoldSentence, Tokens } from "../plugins/types.ts";
import { CONLL2014_SYSTEMS } from "../tests/shared.ts";

/** Result of {@linkcode compareWithBruteForce}. */
export interface BruteReport {
  /** Sentences compared. */
  checked: number;
  /** Sentences whose best candidate differs: `index: search counts vs brute counts`. */
  differences: string[];
}

/**
 * Compares the search with enumeration on every sentence with at most `limit` combinations.
 *
 * @param gold Gold sentences.
 * @param hyps Hypotheses.
 * @param limit Largest number of combinations enumerated.
 * @param options Metric options (default: the defaults).
 * @returns What was checked and what differed.
 */
export function compareWithBruteForce(
  gold: readonly GoldSentence[],
  hyps: readonly Tokens[],
  limit: number,
  options: ImeasureOptions = imeasureMetric.defaults,
): BruteReport {
  let checked = 0;
  const differences: string[] = [];
  gold.forEach((g, i) => {
    const n = combinationCount(errorGroups(g).map((e) => errorOptions(e, true)));
    if (n > limit) return;
    checked++;
    const fast = searchReferences(g, hyps[i], options);
    const brute = searchReferences(g, hyps[i], options, true);
    const a = fast.counts[fast.best], b = brute.counts[brute.best];
    const sa = imeasureMetric.corpus([{ candidates: [a], best: 0 }], options);
    const sb = imeasureMetric.corpus([{ candidates: [b], best: 0 }], options);
    if (JSON.stringify(sa) !== JSON.stringify(sb)) {
      differences.push(`${i + 1}: ${a.join(",")} vs ${b.join(",")}`);
    }
  });
  return { checked, differences };
}

if (import.meta.main) {
  const base = new URL("../../shared/data/conll2014/", import.meta.url).pathname;
  const gold = await readGold(`${base}gold/official-2014.combined.ieval.xml`);
  const systems = Deno.args.length ? Deno.args : CONLL2014_SYSTEMS;
  for (const system of systems) {
    const t0 = performance.now();
    const hyps = await readSentences(`${base}systems/${system}`);
    const r = compareWithBruteForce(gold.sentences, hyps, 1024);
    console.log(
      `${system}: ${r.checked} sentences checked, ${r.differences.length} differ (${
        ((performance.now() - t0) / 1000).toFixed(1)
      } s)`,
    );
    for (const d of r.differences.slice(0, 10)) console.log(`  ${d}`);
  }
}
