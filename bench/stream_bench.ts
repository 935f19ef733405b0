/**
 * Streaming sentence-level scoring of generated CoNLL-like corpora (`generate_corpus.ts`):
 * M2 and GLEU sentence scores of 10,000 sentences read from an M2 gold and a system file as
 * they are scored (`score --sentences --format jsonl` without the JSON writing).
 * `deno bench -R -W bench/stream_bench.ts`
 *
 * Larger sizes through the command line (time linear in size, memory flat):
 *
 * ```sh
 * deno run -R -W bench/generate_corpus.ts 1000000 /tmp/gec1m
 * /usr/bin/time -v deno run -R cli.ts score --gold /tmp/gec1m/gold.m2 /tmp/gec1m/hyp.txt \
 *   -m m2,gleu --sentences --format jsonl > /tmp/gec1m/scores.jsonl
 * ```
 *
 * @module
 */

import { streamScores } from "../mod.ts";
import { tokenize } from "../formats/tokenize.ts";
import { lines } from "../formats/mod.ts";
import { m2Sentences } from "../formats/m2.ts";
import { readChunks } from "../formats/text.ts";
import { gleuMetric } from "../metrics/gleu/mod.ts";
import { m2Metric } from "../metrics/m2/mod.ts";
import { writeCorpus } from "./generate_corpus.ts";

const dir = await Deno.makeTempDir({ prefix: "gecscore_stream_bench" });
await writeCorpus(10_000, dir);
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

async function* hypotheses(path: string) {
  for await (const { text } of lines(readChunks(path))) yield tokenize(text);
}

Deno.bench({
  name: "stream 10k generated sentences, m2 + gleu sentence scores (M2 gold read as scored)",
  n: 3,
  warmup: 1,
  async fn() {
    let records = 0;
    for await (
      const _ of streamScores({
        metrics: [m2Metric, gleuMetric],
        gold: m2Sentences(readChunks(`${dir}/gold.m2`), `${dir}/gold.m2`, ["0"]),
        systems: [{ name: "hyp", hypotheses: hypotheses(`${dir}/hyp.txt`) }],
        sentences: true,
      })
    ) records++;
    if (records !== 10_001) throw new Error(`${records} records`);
  },
});
