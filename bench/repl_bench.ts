/**
 * REPL responsiveness on the CoNLL-2014 data (skipped when `../shared` is absent): loading the
 * gold and the 13 systems, moving to a sentence, and scoring it with every registered metric
 * (the built-ins plus the example plugin), through the {@linkcode Session} API that the
 * prompt uses. `deno bench --allow-read bench/repl_bench.ts`
 *
 * Corpus scores are not benched here: their cost is the metrics' statistics over the whole
 * corpus (see each metric's bench), computed once per system, metric and options.
 */
import { createRegistry } from "../mod.ts";
import { Session } from "../repl/session.ts";
import { alignView } from "../repl/commands/inspect.ts";
import example from "../examples/exact_match.ts";
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
// A fixed tour of 14 sentences (every 97th), so that runs compare.
let next = 0;
const step = () => (next = (next + 97) % (97 * 14));

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
    step();
    await ready!.execute(`goto ${next + 1}`);
  },
});

Deno.bench({
  name: "goto N + score: every metric x 13 systems on one sentence",
  ignore: !SHARED_AVAILABLE,
  async fn() {
    step();
    ready!.goto(next + 1);
    await ready!.execute("score");
  },
});

Deno.bench({
  name: "align every metric on one sentence (13 systems)",
  ignore: !SHARED_AVAILABLE,
  fn() {
    step();
    ready!.goto(next + 1);
    for (const metric of ready!.registry.metrics) alignView(ready!, metric.id);
  },
});
