/**
 * A boxed plugin resamples close to the same plugin in-process (issue 25's target: within
 * 1.5×), and loads quickly. The example plugin's `token_edit_rate` on CoNLL-2014 (skipped when `../shared` is
 * absent), statistics computed before timing; each case runs in-process (`importPlugin`, as
 * `--debug` does) and boxed (`loadPlugin`, as `--plugin` does): the boxed metric receives the
 * statistics once and scores resamples in batches of indices inside its worker.
 *
 * `deno bench --allow-read --unstable-worker-options bench/boxed_resample_bench.ts`
 *
 * Whole processes, side by side (the figures of the commit that added this file are in its
 * message):
 *
 * ```sh
 * S=../shared/data/conll2014
 * deno task gecscore [--debug] --plugin examples/exact_match.ts score -m token_edit_rate \
 *   --gold $S/gold/official-2014.combined.m2 $S/systems/AMU $S/systems/CAMB --paired ar
 * deno task gecscore [--debug] --plugin examples/exact_match.ts score -m token_edit_rate \
 *   --gold $S/gold/official-2014.combined.m2 $S/systems/* --ranks
 * ```
 */
import { readGold } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { importPlugin, loadPlugin, unloadPlugin } from "../sandbox/loader.ts";
import { assessSignificance, type SystemStats } from "../pipeline/significance.ts";
import type { AnyMetric } from "../plugins/types.ts";
import { CONLL2014_SYSTEMS, shared, SHARED_AVAILABLE } from "../tests/shared.ts";

const PLUGIN = new URL("../examples/exact_match.ts", import.meta.url).href;

const setup = SHARED_AVAILABLE
  ? await (async () => {
    const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.m2"));
    const names = ["AMU", ...CONLL2014_SYSTEMS.filter((s) => s !== "AMU")];
    const systems = await Promise.all(
      names.map((name) => readHypotheses(shared(`data/conll2014/systems/${name}`), 1312)),
    );
    const metricOf = async (boxed: boolean) =>
      (boxed ? await loadPlugin(PLUGIN) : await importPlugin(PLUGIN)).metrics!
        .find((m) => m.id === "token_edit_rate")!;
    const inProcess = await metricOf(false);
    const stats = systems.map((s): SystemStats => ({
      name: s.name,
      stats: gold.sentences.map((g, i) => inProcess.stats(g, s.sentences[i], inProcess.defaults)),
    }));
    return { inProcess, boxed: await metricOf(true), stats };
  })()
  : undefined;

function cases(label: string, run: (metric: AnyMetric) => void) {
  for (const where of ["in-process", "boxed"] as const) {
    Deno.bench({
      name: `${label}, ${where}`,
      group: label,
      baseline: where === "in-process",
      ignore: !setup,
      n: 3,
      warmup: 1,
      fn() {
        run(where === "boxed" ? setup!.boxed : setup!.inProcess);
      },
    });
  }
}

cases("token_edit_rate: CAMB against AMU, approximate randomization 10000", (metric) => {
  assessSignificance(metric, metric.defaults, setup!.stats.slice(0, 2), {
    test: "ar",
    trials: 10000,
  });
});

cases("token_edit_rate: 13 systems, bootstrap 1000 CIs and paired p against AMU", (metric) => {
  assessSignificance(metric, metric.defaults, setup!.stats, { test: "bs", samples: 1000 });
});

// Loading is part of every boxed run: the box's two workers start from this thread (a worker
// started by a worker came up about 1 s late).
Deno.bench({
  name: "load and unload examples/exact_match.ts boxed",
  group: "load",
  n: 5,
  warmup: 1,
  async fn() {
    unloadPlugin(await loadPlugin(PLUGIN));
  },
});
