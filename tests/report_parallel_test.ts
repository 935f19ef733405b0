import assert from "node:assert/strict";
import { createRegistry, readGold } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { reportInput, reportInputParallel } from "../report/report_input.ts";
import { buildReport } from "../report/build_report.ts";
import { bootstrapOnWorkers } from "../pipeline/bootstrap_pool.ts";
import { nanResample } from "./testdata/plugins/nan_resample.ts";
import faulty from "./testdata/plugins/faulty.ts";
import { CONLL2014_SYSTEMS, shared, sharedTest } from "./shared.ts";

Deno.test("reportInputParallel() gives reportInput()'s page on two threads", async () => {
  const gold = await readGold("tests/testdata/m2scorer_example.m2");
  const systems = await Promise.all(
    ["m2scorer_example_system", "m2scorer_example_system2", "m2scorer_example_system"].map((f) =>
      readHypotheses(`tests/testdata/${f}`, 3)
    ),
  );
  for (const resampling of [{ test: "bs" as const, ci: true }, { ci: true, ranks: true }]) {
    const request = {
      registry: createRegistry(),
      gold,
      systems,
      metrics: ["m2", "gleu", "imeasure"],
      resampling: { ...resampling, samples: 300, seed: 7 },
    };
    const serial = await reportInput(request);
    const parallel = await reportInputParallel(request, { jobs: 2 });
    assert.deepEqual(parallel, serial);
    assert.equal(await buildReport(parallel), await buildReport(serial));
  }
});

/** The report request of the first 4 CoNLL-2014 systems, m2, gleu and imeasure. */
async function conllRequest(samples: number) {
  const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.m2"));
  const systems = await Promise.all(
    CONLL2014_SYSTEMS.slice(0, 4).map((n) =>
      readHypotheses(shared(`data/conll2014/systems/${n}`), gold.sentences.length)
    ),
  );
  return {
    registry: createRegistry(),
    gold,
    systems,
    metrics: ["m2", "gleu", "imeasure"],
    resampling: { test: "bs" as const, ci: true, samples },
  };
}

sharedTest("reportInputParallel() on CoNLL-2014 equals the serial input", async () => {
  const request = await conllRequest(100);
  assert.deepEqual(await reportInputParallel(request, { jobs: 2 }), await reportInput(request));
});

Deno.test("bootstrapOnWorkers() names a metric's fault on a worker as on this thread", async () => {
  const registry = createRegistry({ builtins: false }).use(nanResample);
  const metric = registry.metric("nan_sum");
  const tasks = [{ metric, options: {}, stats: [1, 2, 3, 4], path: "v" }];
  // With two threads, this one sleeps first: the worker claims the tasks and meets the fault.
  const sleep = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);
  for (const jobs of [1, 2]) {
    await assert.rejects(
      bootstrapOnWorkers(registry, [...tasks, ...tasks], { samples: 20, seed: 1 }, {
        jobs,
        meanwhile: jobs === 2 ? sleep : undefined,
      }),
      (e: Error) =>
        e instanceof RangeError &&
        /^Metric nan_sum gave NaN at "v" on a resampled corpus/.test(e.message),
      `jobs ${jobs}`,
    );
  }
});

Deno.test("bootstrapOnWorkers() runs a metric without a declared module on this thread", async () => {
  const registry = createRegistry({ builtins: false }).use({
    name: "local",
    version: "1",
    metrics: [nanResample.metrics![0]],
  });
  const metric = registry.metric("nan_sum");
  const tasks = [{ metric, options: {}, stats: [1, 1, 1], path: "v" }];
  const one = await bootstrapOnWorkers(registry, tasks, { samples: 30, seed: 3 }, { jobs: 1 });
  const two = await bootstrapOnWorkers(registry, tasks, { samples: 30, seed: 3 }, { jobs: 2 });
  assert.deepEqual(two, one);
  assert.deepEqual([...one[0]], Array(30).fill(3));
});

Deno.test("reportInputParallel() resamples each system's metrics while the next are scored, with the serial numbers", async () => {
  const gold = await readGold("tests/testdata/m2scorer_example.m2");
  const systems = await Promise.all(
    ["m2scorer_example_system", "m2scorer_example_system2"].map((f) =>
      readHypotheses(`tests/testdata/${f}`, 3)
    ),
  );
  const request = {
    registry: createRegistry(),
    gold,
    systems,
    metrics: ["gleu", "m2", "imeasure"],
    resampling: { test: "bs" as const, ci: true, ranks: true, samples: 200, seed: 3 },
  };
  const serial = await reportInput(request);
  for (const jobs of [2, 3]) {
    assert.deepEqual(await reportInputParallel(request, { jobs, overlap: true }), serial);
  }
});

Deno.test("reportInputParallel() stops the resampling workers when a later metric fails to score", async () => {
  const gold = await readGold("tests/testdata/m2scorer_example.m2");
  const system = await readHypotheses("tests/testdata/m2scorer_example_system", 3);
  const request = {
    registry: createRegistry().use(faulty),
    gold,
    systems: [system, system],
    metrics: ["m2", "refuses"],
    resampling: { test: "bs" as const, ci: true, samples: 100 },
  };
  const expected = await (async () => {
    try {
      await reportInput(request);
    } catch (error) {
      return error as Error;
    }
  })();
  assert.ok(expected);
  // The test's sanitizers fail it if a worker is left running.
  await assert.rejects(
    reportInputParallel(request, { jobs: 2, overlap: true }),
    (e: Error) => e.constructor === expected.constructor && e.message === expected.message,
  );
});

sharedTest(
  "reportInputParallel() on CoNLL-2014 with automatic threads equals the serial input",
  async () => {
    // 4 systems × 3 metrics × 300 resamples of 1,312 sentences: enough for two threads.
    const request = await conllRequest(300);
    assert.deepEqual(await reportInputParallel(request), await reportInput(request));
  },
);
