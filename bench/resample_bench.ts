/**
 * Resampling speed on CoNLL-2014 (skipped when `../shared` is absent). The per-sentence
 * statistics are computed once before timing, as a scoring run caches them; the timed part is
 * the resampling alone. Targets: 12 systems against a baseline, paired bootstrap 1000 on M2
 * under 2 s; the three built-in metrics with bootstrap 1000 under 10 s; approximate
 * randomization 10000 on M2 for one pair under 2 s.
 *
 * `deno bench --allow-read bench/resample_bench.ts`
 */
import { createRegistry, readGold, scoreSystems } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { assessSignificance, type SystemStats } from "../pipeline/significance.ts";
import { CONLL2014_SYSTEMS, shared, SHARED_AVAILABLE } from "../tests/shared.ts";

const registry = createRegistry();
const METRICS = ["m2", "imeasure", "gleu"];

/** Per metric: the 13 systems' statistics, AMU first (the baseline). */
const conll = SHARED_AVAILABLE
  ? await (async () => {
    const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.m2"));
    const names = ["AMU", ...CONLL2014_SYSTEMS.filter((s) => s !== "AMU")];
    const systems = await Promise.all(
      names.map((name) => readHypotheses(shared(`data/conll2014/systems/${name}`), 1312)),
    );
    const results = await scoreSystems({ registry, gold, systems, metrics: METRICS });
    return Object.fromEntries(
      METRICS.map((id, k) => [
        id,
        results.map((r): SystemStats => ({ name: r.name, stats: r.metrics[k].stats })),
      ]),
    );
  })()
  : undefined;

function run(
  id: string,
  systems: SystemStats[],
  request: Parameters<typeof assessSignificance>[3],
) {
  const metric = registry.metric(id);
  return assessSignificance(metric, metric.defaults, systems, request);
}

Deno.bench({
  name: "m2: 12 CoNLL-2014 systems against AMU, paired bootstrap 1000 (with CIs)",
  ignore: !conll,
  n: 3,
  warmup: 1,
  fn() {
    run("m2", conll!.m2, { test: "bs", samples: 1000 });
  },
});

Deno.bench({
  name: "m2 + imeasure + gleu: 13 systems, bootstrap 1000 CIs and paired p against AMU",
  ignore: !conll,
  n: 1,
  warmup: 1,
  fn() {
    for (const id of METRICS) run(id, conll![id], { test: "bs", samples: 1000 });
  },
});

Deno.bench({
  name: "m2 + imeasure + gleu: one system, bootstrap 1000 CI",
  ignore: !conll,
  n: 3,
  warmup: 1,
  fn() {
    for (const id of METRICS) run(id, conll![id].slice(1, 2), { ci: true, samples: 1000 });
  },
});

Deno.bench({
  name: "m2: CAMB against AMU, approximate randomization 10000",
  ignore: !conll,
  n: 3,
  warmup: 1,
  fn() {
    run("m2", conll!.m2.slice(0, 2), { test: "ar", trials: 10000 });
  },
});
