/**
 * REPL responsiveness on the CoNLL-2014 data (skipped when `../shared` is absent): loading the
 * gold and the 13 systems, moving to a sentence, and scoring it with every registered metric
 * (the built-ins plus the example plugin), through the {@linkcode Session} API that the
 * prompt uses. `deno bench --allow-read bench/repl_bench.ts`
 */
import { createRegistry, Session } from "../mod.ts";
import example from "../plugins/examples/exact_match.ts";
import { CONLL2014_SYSTEMS, shared, SHARED_AVAILABLE } from "../tests/shared.ts";

const GOLD = shared("data/conll2014/gold/official-2014.combined.m2");
const SYSTEMS = CONLL2014_SYSTEMS.map((name) => shared(`data/conll2014/systems/${name}`));

async function loaded(): Promise<Session> {
  const session = new Session({ registry: createRegistry().use(example) });
  await session.loadGold(GOLD);
  await session.loadHypotheses(SYSTEMS);
  return session;
}

const ready = SHARED_AVAILABLE ? await loaded() : undefined;
let next = 0;

Deno.bench({
  name: "load gold + 13 systems (CoNLL-2014)",
  ignore: !SHARED_AVAILABLE,
  async fn() {
    await loaded();
  },
});

Deno.bench({
  name: "goto N + show (13 systems, references)",
  ignore: !SHARED_AVAILABLE,
  async fn() {
    next = (next + 97) % 1312;
    await ready!.execute(`goto ${next + 1}`);
  },
});

Deno.bench({
  name: "goto N + score: every metric x 13 systems on one sentence",
  ignore: !SHARED_AVAILABLE,
  async fn() {
    next = (next + 97) % 1312;
    ready!.goto(next + 1);
    await ready!.execute("score");
  },
});

Deno.bench({
  name: "align every metric on one sentence (13 systems)",
  ignore: !SHARED_AVAILABLE,
  fn() {
    next = (next + 97) % 1312;
    ready!.goto(next + 1);
    for (const metric of ready!.registry.metrics) ready!.align(metric.id);
  },
});

Deno.bench({
  name: "corpus, every metric x 13 systems, from a fresh session (statistics computed)",
  ignore: !SHARED_AVAILABLE,
  n: 3,
  async fn() {
    const session = await loaded();
    session.corpusTable();
  },
});
