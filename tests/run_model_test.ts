/**
 * One run model: every face builds a plan and renders its results, so a metric and an input
 * work the same on every path. Plain-text systems scored by metrics that compare edits
 * (ERRANT, GoToScorer, CLEME) give the same numbers in `--format jsonl` as in the other
 * outputs; a metric's prepared options (GoToScorer's `weights=systems`) reach `show`, the REPL,
 * streaming and resampling; the scripted `scoreSystems()` annotates as the CLI does.
 */

import assert from "node:assert/strict";
import { gecscore } from "./run_cli.ts";
import { shared, sharedTest } from "./shared.ts";
import { createRegistry, readGold, scoreSystems, streamScores } from "../mod.ts";
import { InputError, UsageError } from "../plugins/mod.ts";
import type { Score } from "../plugins/mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { Session } from "../repl/session.ts";
import { executePlan, planRun } from "../pipeline/engine.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEMS = [
  "tests/testdata/m2scorer_example_system",
  "tests/testdata/m2scorer_example_system2",
];
const EDIT_METRICS = "errant,gotoscorer,cleme";

/** Scores by system, metric and sentence (1-based; 0 for the corpus) from a jsonl output. */
function jsonlScores(out: string): Map<string, unknown> {
  const scores = new Map<string, unknown>();
  for (const line of out.trimEnd().split("\n")) {
    const record = JSON.parse(line);
    const at = record.sentence ?? 0;
    for (const [system, metrics] of Object.entries(record.systems)) {
      for (const [metric, score] of Object.entries(metrics as Record<string, unknown>)) {
        const { signature: _, ...numbers } = score as Record<string, unknown>;
        scores.set(`${system} ${metric} ${at}`, numbers);
      }
    }
  }
  return scores;
}

/** The same map from a `--format json --sentences` output. */
function jsonScores(out: string): Map<string, unknown> {
  const scores = new Map<string, unknown>();
  for (const system of JSON.parse(out).systems) {
    for (const [metric, score] of Object.entries(system.metrics)) {
      const { signature: _, ...numbers } = score as Record<string, unknown>;
      scores.set(`${system.name} ${metric} 0`, numbers);
    }
    system.sentences.forEach((sentence: Record<string, unknown>, i: number) => {
      for (const [metric, score] of Object.entries(sentence)) {
        scores.set(`${system.name} ${metric} ${i + 1}`, score);
      }
    });
  }
  return scores;
}

/** `score` as json and as jsonl (sentences): both succeed with the same numbers. */
async function sameInJsonAndJsonl(args: string[]): Promise<number> {
  const json = await gecscore("score", ...args, "--sentences", "--format", "json");
  const jsonl = await gecscore("score", ...args, "--sentences", "--format", "jsonl");
  assert.equal(json.code, 0, json.stderr);
  assert.equal(jsonl.code, 0, jsonl.stderr);
  const expected = jsonScores(json.stdout);
  assert.deepEqual(jsonlScores(jsonl.stdout), expected);
  // The signatures too: the edits' source is stated alike.
  const last = JSON.parse(jsonl.stdout.trimEnd().split("\n").at(-1)!);
  for (const system of JSON.parse(json.stdout).systems) {
    for (const [metric, score] of Object.entries(system.metrics)) {
      assert.equal(
        last.systems[system.name][metric].signature,
        (score as { signature: string }).signature,
      );
    }
  }
  return expected.size;
}

Deno.test("score --format jsonl scores plain-text systems with errant, gotoscorer and cleme as json does", async () => {
  const n = await sameInJsonAndJsonl(["--gold", GOLD, ...SYSTEMS, "-m", EDIT_METRICS]);
  assert.equal(n, 2 * 3 * 4);
  // Without a metric that prepares its options from the whole run, the records stream (each
  // sentence annotated as it is read).
  await sameInJsonAndJsonl(["--gold", GOLD, ...SYSTEMS, "-m", "errant,cleme,m2"]);
  // Prepared options (weights from every system scored) on both paths.
  await sameInJsonAndJsonl([
    "--gold",
    GOLD,
    ...SYSTEMS,
    "-m",
    "gotoscorer,m2",
    "--opt",
    "gotoscorer.weights=systems",
  ]);
});

sharedTest(
  "score --format jsonl equals json for errant, gotoscorer and cleme on CoNLL-2014 outputs",
  async () => {
    const systems = ["AMU", "INPUT"].map((s) => shared(`data/conll2014/systems/${s}`));
    const n = await sameInJsonAndJsonl([
      "--gold",
      shared("data/conll2014/gold/official-2014.combined.m2"),
      ...systems,
      "-m",
      EDIT_METRICS,
    ]);
    assert.equal(n, 2 * 3 * 1313);
  },
);

Deno.test("the REPL scores with prepared options: gotoscorer.weights=systems as score computes them", async () => {
  const session = new Session({ registry: createRegistry() });
  await session.execute(`load gold ${GOLD}`);
  await session.execute(`load hyp ${SYSTEMS.join(" ")}`);
  await session.execute("annotate");
  const set = await session.execute("set gotoscorer.weights systems");
  assert.match(set, /weights:systems\(m2scorer_example_system\+m2scorer_example_system2\)/);
  const corpus = await session.execute("corpus gotoscorer");
  const cli = await gecscore(
    "score",
    "--gold",
    GOLD,
    ...SYSTEMS,
    "-m",
    "gotoscorer",
    "--opt",
    "gotoscorer.weights=systems",
    "--format",
    "json",
  );
  assert.equal(cli.code, 0, cli.stderr);
  for (const system of JSON.parse(cli.stdout).systems) {
    const f = (system.metrics.gotoscorer.f as number).toFixed(4).replace(/\.?0+$/, "");
    assert.match(corpus, new RegExp(`^${system.name} +${f.replace(".", "\\.")}\\b`, "m"));
  }
  assert.doesNotMatch(corpus, /error/);
});

Deno.test("show explains with prepared options and the systems' annotated edits", async () => {
  const show = await gecscore(
    "show",
    "--gold",
    GOLD,
    SYSTEMS[0],
    "-m",
    "gotoscorer",
    "--opt",
    "gotoscorer.weights=systems",
  );
  assert.equal(show.code, 0, show.stderr);
  assert.match(
    show.stdout,
    /== gotoscorer \(gotoscorer\|ref:0\|weights:systems\(m2scorer_example_system\)/,
  );
  assert.match(show.stdout, /Reference chunks/);
});

Deno.test("score --ci resamples gotoscorer with the weights it was scored with", async () => {
  const ci = await gecscore(
    "score",
    "--gold",
    GOLD,
    ...SYSTEMS,
    "-m",
    "gotoscorer",
    "--opt",
    "gotoscorer.weights=systems",
    "--ci",
    "--samples",
    "100",
    "--format",
    "json",
  );
  assert.equal(ci.code, 0, ci.stderr);
  const [first] = JSON.parse(ci.stdout).systems;
  assert.equal(typeof first.metrics.gotoscorer.ci.mean, "number");
});

Deno.test("scoreSystems() annotates plain-text systems for metrics that compare edits, as the CLI does", async () => {
  const registry = createRegistry();
  const gold = await readGold(GOLD);
  const systems = await Promise.all(SYSTEMS.map((s) => readHypotheses(s, 3)));
  const results = await scoreSystems({
    registry,
    gold,
    systems,
    metrics: EDIT_METRICS.split(","),
  });
  const cli = await gecscore(
    "score",
    "--gold",
    GOLD,
    ...SYSTEMS,
    "-m",
    EDIT_METRICS,
    "--format",
    "json",
  );
  assert.equal(cli.code, 0, cli.stderr);
  JSON.parse(cli.stdout).systems.forEach(
    (system: { metrics: Record<string, unknown> }, j: number) => {
      results[j].metrics.forEach((m) => {
        const { signature, ...numbers } = system.metrics[m.metric] as Record<string, unknown>;
        assert.equal(m.signature, signature);
        assert.deepEqual({ ...m.score }, numbers);
      });
    },
  );
  // Results carry the options they were computed with.
  assert.equal(results[0].metrics[0].options.beta, 0.5);
});

Deno.test("streamScores() annotates plain-text systems sentence by sentence as scoreSystems() does", async () => {
  const registry = createRegistry();
  const gold = await readGold(GOLD);
  const systems = await Promise.all(SYSTEMS.map((s) => readHypotheses(s, 3)));
  const metrics = ["errant", "cleme", "m2"];
  const whole = await scoreSystems({ registry, gold, systems, metrics, sentences: true });
  const records: { scores: Score[][] }[] = [];
  for await (
    const record of streamScores({
      metrics: metrics.map((id) => registry.metric(id)),
      gold: gold.sentences,
      systems: systems.map((s) => ({ name: s.name, hypotheses: s.sentences })),
      sentences: true,
      registry,
    })
  ) records.push(record);
  const corpus = records.at(-1)!;
  whole.forEach((r, j) =>
    r.metrics.forEach((m, k) => {
      assert.deepEqual(corpus.scores[j][k], m.score);
      records.slice(0, -1).forEach((record, i) =>
        assert.deepEqual(record.scores[j][k], m.sentences![i])
      );
    })
  );
});

Deno.test("streamScores() says a metric whose options need the whole run cannot stream", async () => {
  const registry = createRegistry();
  const gold = await readGold(GOLD);
  const records = streamScores({
    metrics: [registry.metric("gotoscorer")],
    options: { gotoscorer: { weights: "systems" } },
    gold: gold.sentences,
    systems: [],
    registry,
  });
  await assert.rejects(
    () => records.next(),
    (e: Error) =>
      e instanceof UsageError &&
      /gotoscorer completes its options from the whole run/.test(e.message),
  );
});

Deno.test("a metric that refuses a sentence is left out under the plan's policy, on workers as in this thread", async () => {
  const registry = createRegistry().use({
    name: "picky",
    version: "1",
    metrics: [{
      id: "picky",
      version: "1",
      description: "refuses the second sentence",
      needs: [],
      defaults: {},
      headline: "x",
      stats: (gold) => {
        if (gold.line === 5) throw new InputError("picky: sentence at gold line 5: too hard");
        return 1;
      },
      corpus: (stats) => ({ x: stats.length }),
      sentence: () => ({ x: 1 }),
      explain: () => ({ summary: "", blocks: [] }),
      signature: () => "picky",
    }],
  });
  const gold = await readGold(GOLD);
  const systems = await Promise.all(SYSTEMS.map((s) => readHypotheses(s, 3)));
  const request = { registry, gold, systems, metrics: ["m2", "picky", "gleu"] };
  const skip = await planRun({ ...request, onRefusal: "skip" });
  const here = await executePlan(skip);
  const workers = await executePlan(skip, { jobs: 2 });
  for (const outcome of [here, workers]) {
    assert.deepEqual(outcome.metrics.map((m) => m.id), ["m2", "gleu"]);
    assert.deepEqual(outcome.refusals.map((e) => e.message), [
      "picky: sentence at gold line 5: too hard",
    ]);
    assert.deepEqual(outcome.results[1].metrics.map((m) => m.metric), ["m2", "gleu"]);
  }
  assert.deepEqual(workers.results, here.results);
  // The default policy ends the run with the refusal.
  await assert.rejects(() => executePlan({ ...skip, onRefusal: "fail" }), /too hard/);
  // A metric alone is never left out: its refusal is the run's error.
  const alone = await planRun({ ...request, metrics: ["picky"], onRefusal: "skip" });
  await assert.rejects(() => executePlan(alone), /too hard/);
});
