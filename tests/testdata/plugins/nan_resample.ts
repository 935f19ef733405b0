// A plugin for tests/report_parallel_test.ts: metric `nan_sum` sums its statistics (one number
// per sentence) and gives NaN once the sum reaches 9, as some bootstrap resamples of
// [1, 2, 3, 4] do; workers load it through its declared module.
import type { AnyMetric, Plugin } from "../../../plugins/types.ts";
import { setPluginModule } from "../../../sandbox/host.ts";

const nanSum = {
  id: "nan_sum",
  description: "sum of the statistics, NaN from 9 up",
  version: "1",
  defaults: {},
  needs: [],
  headline: "v",
  stats: () => 0,
  corpus: (s: readonly number[]) => {
    const total = s.reduce((a, x) => a + x, 0);
    return { v: total >= 9 ? NaN : total };
  },
  sentence: (s: number) => ({ v: s }),
  explain: () => ({ summary: "", blocks: [] }),
  signature: () => "nan_sum",
} as unknown as AnyMetric;

export const nanResample: Plugin = { name: "nan_resample", version: "1", metrics: [nanSum] };
setPluginModule(nanResample, {
  url: import.meta.url,
  exportName: "nanResample",
  spec: "tests/testdata/plugins/nan_resample.ts",
});
