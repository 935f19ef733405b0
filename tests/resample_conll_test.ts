/**
 * The resampling fast paths on CoNLL-2014 (skipped when `../shared` is absent): for two
 * systems and every built-in metric, `resampler()` equals `corpus()` on bootstrap resamples
 * and on the corpora approximate randomization mixes.
 */
import assert from "node:assert/strict";
import { createRegistry, readGold, scoreSystems } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { bootstrapIndices, swapMasks } from "../pipeline/resample.ts";
import { shared, sharedTest } from "./shared.ts";

sharedTest("resampler() equals corpus() on CoNLL-2014 resamples of AMU and CAMB", async () => {
  const registry = createRegistry();
  const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.m2"));
  const systems = await Promise.all(
    ["AMU", "CAMB"].map((name) => readHypotheses(shared(`data/conll2014/systems/${name}`), 1312)),
  );
  const ids = ["m2", "imeasure", "gleu"];
  const results = await scoreSystems({ registry, gold, systems, metrics: ids });
  const n = gold.sentences.length;
  const rows = bootstrapIndices(n, 3, 12345);
  const masks = swapMasks(n, 2, 12345);
  ids.forEach((id, k) => {
    const metric = registry.metric(id);
    const [a, b] = results.map((r) => r.metrics[k].stats);
    const fast = metric.resampler!(a, metric.defaults);
    for (let r = 0; r < 3; r++) {
      const row = rows.subarray(r * n, (r + 1) * n);
      assert.deepEqual(fast(row), metric.corpus(Array.from(row, (i) => a[i]), metric.defaults));
    }
    const both = [...a, ...b];
    const mixed = metric.resampler!(both, metric.defaults);
    for (let t = 0; t < 2; t++) {
      const row = Int32Array.from(
        { length: n },
        (_, i) => ((masks[t * 41 + (i >>> 5)] >>> (i & 31)) & 1 ? i + n : i),
      );
      assert.deepEqual(
        mixed(row),
        metric.corpus(Array.from(row, (i) => both[i]), metric.defaults),
        `${id}: mixed corpus ${t}`,
      );
    }
  });
});
