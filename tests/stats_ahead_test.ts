/**
 * A boxed metric's statistics fetched ahead in batches (`statsAhead()`, which the REPL uses when
 * it computes a metric sentence by sentence) give what one call per sentence gives: the same
 * values, the same error for the sentence that throws, the same stop at the time limit. This
 * test runs with `--allow-run`, so the plugins are boxed in a process of their own.
 */

import assert from "node:assert/strict";
import { loadPlugin, unloadPlugin } from "../sandbox/loader.ts";
import { statsAhead } from "../sandbox/metric_proxy.ts";
import type { AnyMetric, GoldSentence, Plugin } from "../plugins/types.ts";

const PLUGINS = new URL("./testdata/plugins/", import.meta.url).pathname;

/** `n` gold sentences and hypotheses; hypothesis `bad` (if any) holds the token A. */
function corpus(n: number, bad = -1): { golds: GoldSentence[]; hyps: string[][] } {
  const golds = Array.from({ length: n }, (_, i): GoldSentence => ({
    source: ["a", "b", String(i)],
    references: [["a", "c", String(i)]],
  }));
  const hyps = golds.map((_, i) => i === bad ? ["A", "c"] : ["a", "c", String(i % 7)]);
  return { golds, hyps };
}

/** Every sentence's statistics, or the message of the first error, and the index it came at. */
function each(metric: AnyMetric, golds: GoldSentence[], hyps: string[][], ahead: boolean) {
  const values: unknown[] = [];
  let fetched = 0;
  try {
    for (let i = 0; i < golds.length; i++) {
      if (ahead && i >= fetched) {
        fetched = i + Math.max(1, statsAhead(metric, golds.slice(i), hyps.slice(i), {}));
      }
      values.push(metric.stats(golds[i], hyps[i], {}));
    }
  } catch (error) {
    return { values, error: (error as Error).message, at: values.length };
  }
  return { values };
}

async function withPlugin(file: string, options: { timeoutMs?: number }, f: (p: Plugin) => void) {
  const plugin = await loadPlugin(`${PLUGINS}${file}`, undefined, options);
  try {
    f(plugin);
  } finally {
    unloadPlugin(plugin);
  }
}

Deno.test("statistics fetched ahead equal one call per sentence", async () => {
  const { golds, hyps } = corpus(700);
  const tokenF = new URL("../examples/token_f.ts", import.meta.url).pathname;
  const plugin = await loadPlugin(tokenF);
  try {
    const metric = plugin.metrics![0];
    const options = metric.defaults;
    const single = golds.map((g, i) => metric.stats(g, hyps[i], options));
    const fetched = statsAhead(metric, golds, hyps, options);
    assert.ok(fetched > 0 && fetched <= golds.length, `fetched ${fetched}`);
    const ahead = golds.map((g, i) => metric.stats(g, hyps[i], options));
    assert.deepEqual(ahead, single);
    // Not boxed: nothing fetched.
    assert.equal(statsAhead({ ...metric }, golds, hyps, options), 0);
  } finally {
    unloadPlugin(plugin);
  }
});

Deno.test("a sentence that throws fails as it fails alone; those before it are fetched", async () => {
  await withPlugin("throws_on_a.ts", {}, (plugin) => {
    const metric = plugin.metrics![0];
    const { golds, hyps } = corpus(50, 30);
    const alone = each(metric, golds, hyps, false);
    const ahead = each(metric, golds, hyps, true);
    assert.equal(alone.at, 30);
    assert.deepEqual(ahead, alone);
    assert.match(ahead.error!, /cannot score A/);
  });
});

Deno.test("a batch that runs over the time limit stops the plugin as a single call does", async () => {
  const { golds, hyps } = corpus(3);
  let alone = "";
  await withPlugin("runaway.ts", { timeoutMs: 500 }, (plugin) => {
    alone = each(plugin.metrics![0], golds, hyps, false).error!;
  });
  await withPlugin("runaway.ts", { timeoutMs: 500 }, (plugin) => {
    const ahead = each(plugin.metrics![0], golds, hyps, true);
    assert.equal(ahead.at, 0);
    assert.equal(ahead.error, alone);
    assert.match(ahead.error!, /stats\(\) did not finish within 0\.5 s/);
  });
});
