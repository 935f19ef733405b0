/**
 * Building the report page: from a synthetic input of 100,000 sentences (two systems, two
 * metrics; scoring not included), and from the CoNLL-2014 input of 13 systems when ../shared
 * is present (scored once before the bench); and gathering the CoNLL-2014 input itself
 * (scoring, 1,000 bootstrap resamples per system and metric, paired tests), on one thread and
 * on two; and the whole page as `report` makes it by default (`reportPage()`).
 *
 * `deno bench -A --lock=deno.lock bench/report_bench.ts`
 *
 * Target (issue 25): the whole command, 13 systems × m2, gleu and imeasure with intervals and
 * paired tests, under 3 s on two cores:
 * `/usr/bin/time -v deno run -R -W --lock=deno.lock cli.ts report --gold ../shared/data/conll2014/gold/official-2014.combined.m2 ../shared/data/conll2014/systems/* -m m2,gleu,imeasure -o /tmp/r.html`
 * (add `--jobs 1` for one thread).
 */

import { createRegistry, readGold } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { buildReport } from "../report/build_report.ts";
import { reportInput, reportInputParallel } from "../report/report_input.ts";
import { reportPage } from "../report/report_page.ts";
import type { ReportInput } from "../report/types.ts";
import { CONLL2014_SYSTEMS, shared, SHARED_AVAILABLE } from "../tests/shared.ts";

/** A deterministic input of `n` sentences: sources of 5-44 tokens, outputs with a few changes. */
function syntheticInput(n: number): ReportInput {
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const words = "the a of to in cat dogs is are was were runs run it they on at".split(" ");
  const sentences = Array.from({ length: n }, () => {
    const length = 5 + Math.floor(random() * 40);
    const source = Array.from({ length }, () => words[Math.floor(random() * words.length)]);
    return {
      source,
      references: [source.map((t) => (t === "a" ? "the" : t))],
      types: ["ArtOrDet"],
    };
  });
  const system = (name: string) => ({
    name,
    sentences: sentences.map((s) => s.source.map((t) => (random() < 0.05 ? "X" : t))),
    scores: { p: { f: random() }, q: { g: random() } },
    sentenceScores: {
      p: sentences.map(() => random()),
      q: sentences.map(() => random()),
    },
  });
  return {
    title: "synthetic",
    gold: "synthetic.m2",
    goldFormat: "m2",
    metrics: [
      { id: "p", headline: "f", columns: ["f"], signature: "p|v:1" },
      { id: "q", headline: "g", columns: ["g"], signature: "q|v:1" },
    ],
    systems: [system("A"), system("B")],
    sentences,
  };
}

const synthetic = syntheticInput(100_000);
Deno.bench("buildReport(): 100,000 sentences, 2 systems, 2 metrics", async () => {
  await buildReport(synthetic);
});

if (SHARED_AVAILABLE) {
  const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.m2"));
  const systems = await Promise.all(
    CONLL2014_SYSTEMS.map((n) =>
      readHypotheses(shared(`data/conll2014/systems/${n}`), gold.sentences.length)
    ),
  );
  const input = await reportInput({ registry: createRegistry(), gold, systems });
  Deno.bench("buildReport(): CoNLL-2014, 13 systems, m2 + imeasure + gleu", async () => {
    await buildReport(input);
  });
  const request = {
    registry: createRegistry(),
    gold,
    systems,
    metrics: ["m2", "gleu", "imeasure"],
    resampling: { test: "bs" as const, ci: true },
  };
  for (const jobs of [1, 2]) {
    Deno.bench({
      name:
        `reportInputParallel(): CoNLL-2014, 13 systems × m2, gleu, imeasure, CIs, --jobs ${jobs}`,
      group: "conll2014 input",
      baseline: jobs === 1,
      n: 3,
      warmup: 1,
      async fn() {
        await reportInputParallel(request, { jobs });
      },
    });
  }
  // What `report` does by default: each metric resampled on a worker while the next is
  // scored here, and the charts that need no resampling drawn meanwhile.
  Deno.bench({
    name: "reportPage(): CoNLL-2014, 13 systems × m2, gleu, imeasure, CIs, automatic threads",
    group: "conll2014 page",
    n: 3,
    warmup: 1,
    async fn() {
      await reportPage(request);
    },
  });
}
