/**
 * What the bootstrap behind `report`'s intervals costs on its own, on one thread: the systems
 * are scored first (not timed), then every (system, metric) pair's headline is computed on
 * each resample, as `report` does (`bootstrapValues()`, the default 1,000 resamples and seed),
 * and the time of that part is printed per metric and in all. Part of issue 36's target (c):
 * `report` must do this work besides `score`'s, so `(CPU of score + this) / cores` is a floor
 * under `report`'s wall time that no spreading of the work can go below (bench/targets.sh
 * prints it).
 *
 * `deno run -R --lock=deno.lock bench/bootstrap_cost.ts GOLD SYSTEM... [-m m2,gleu,imeasure]`
 *
 * Prints one line per metric, `metric seconds`, then `total seconds` (wall time of this
 * thread, which does nothing else meanwhile: its CPU time).
 */
import { parseArgs } from "node:util";
import { readGold, readSystem, registry, scoreSystems } from "../mod.ts";
import {
  bootstrapIndices,
  bootstrapValues,
  DEFAULT_BOOTSTRAP_SAMPLES,
  DEFAULT_SEED,
} from "../pipeline/resample.ts";

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: { metrics: { type: "string", short: "m", default: "m2,gleu,imeasure" } },
  allowPositionals: true,
});
if (positionals.length < 2) {
  console.error("bootstrap_cost.ts: give the gold file and at least one system file");
  Deno.exit(2);
}
const [goldPath, ...systemPaths] = positionals;
const metrics = values.metrics.split(",");
const gold = await readGold(goldPath);
const systems = await Promise.all(systemPaths.map((path) => readSystem(path, { registry })));
const results = await scoreSystems({ registry, gold, systems, metrics });
const indices = bootstrapIndices(gold.sentences.length, DEFAULT_BOOTSTRAP_SAMPLES, DEFAULT_SEED);

let total = 0;
for (let k = 0; k < metrics.length; k++) {
  const metric = registry.metric(metrics[k]);
  const start = performance.now();
  for (const result of results) {
    const { stats, options } = result.metrics[k];
    bootstrapValues(metric, stats, options, indices, metric.headline);
  }
  const seconds = (performance.now() - start) / 1000;
  total += seconds;
  console.log(`${metrics[k]} ${seconds.toFixed(3)}`);
}
console.log(`total ${total.toFixed(3)}`);
