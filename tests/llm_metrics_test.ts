/**
 * LLM-S, LLM-E and Scribendi against the test server (`tests/llm_server.ts`, started and
 * stopped here on 127.0.0.1): the prompts sent are gec-metrics' own, the answers become
 * gec-metrics' rankings and scores (`tests/testdata/llm/reference.json`, made by running
 * gec-metrics from source on the same answers: `make_reference.py`), a rerun asks nothing and
 * prints the same bytes, `offline` fails on a miss, and each failure of the server is one
 * line and exit status 1 with nothing written.
 */
import assert from "node:assert/strict";
import { runCli } from "./run_cli.ts";
import { createRegistry, readGold } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { gatherPlan, planRun } from "../pipeline/engine.ts";
import { assertMetricConformance } from "../plugins/testkit.ts";
import { requestKey, ResponseCache } from "../util/response_cache.ts";
import { askModel } from "../util/model_client.ts";
import { SEEDA_SYSTEMS, shared, sharedTest } from "./shared.ts";

const D = "tests/testdata/llm";
const SYSTEMS = ["A", "B", "C", "D", "E", "F", "G"];
const FILES = SYSTEMS.map((s) => `${D}/${s}.txt`);
const reference = JSON.parse(await Deno.readTextFile(`${D}/reference.json`));
const tmp = await Deno.makeTempDir({ prefix: "gecscore_llm_" });

interface Server {
  port: number;
  log: string;
  stop(): Promise<void>;
}

/** Start the test server in its own process (this one has no network permission). */
async function startServer(key?: string): Promise<Server> {
  const log = await Deno.makeTempFile({ dir: tmp, suffix: ".log" });
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-net=127.0.0.1",
      `--allow-write=${log}`,
      "--allow-env=LLM_SERVER_KEY",
      "tests/llm_server.ts",
      log,
    ],
    stdout: "piped",
    stderr: "inherit",
    env: key ? { LLM_SERVER_KEY: key } : {},
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the test server did not start");
    text += value;
  }
  const port = Number(text.split("\n")[0]);
  return {
    port,
    log,
    async stop() {
      child.kill("SIGTERM");
      await reader.cancel();
      await child.status;
    },
  };
}

/** The requests the server received, in order. */
async function requests(
  server: Server,
): Promise<{ path: string; body: Record<string, unknown> }[]> {
  return (await Deno.readTextFile(server.log)).split("\n").filter((l) => l).map((l) =>
    JSON.parse(l)
  );
}

/** `--opt` for a metric on the server. */
function opts(metric: string, server: Server, cache: string, extra: Record<string, string> = {}) {
  const all = {
    url: `http://127.0.0.1:${server.port}/v1`,
    model: "judge",
    cache,
    backoff: "0.01",
    ...extra,
  };
  return Object.entries(all).flatMap(([k, v]) => ["--opt", `${metric}.${k}=${v}`]);
}

function permissions(server: Server, cache: string): string[] {
  return ["--allow-read", `--allow-net=127.0.0.1:${server.port}`, `--allow-write=${cache}`];
}

/** A failed run: one line on stderr naming what went wrong, exit 1, nothing on stdout. */
function assertOneLineFailure(run: { code: number; stdout: string; stderr: string }, re: RegExp) {
  assert.equal(run.code, 1, run.stderr);
  assert.equal(run.stdout, "");
  assert.equal(run.stderr.split("\n").filter((l) => l).length, 1, run.stderr);
  assert.match(run.stderr, re);
}

const server = await startServer();

Deno.test({
  name: "LLM-S and LLM-E send gec-metrics' prompts and give its TrueSkill and Expected Wins",
  sanitizeResources: false,
  async fn() {
    const cache = `${tmp}/rank.jsonl`;
    const before = (await requests(server)).length;
    const run = (agg: string) =>
      runCli(permissions(server, cache), [
        "score",
        "--gold",
        `${D}/gold.m2`,
        ...FILES,
        "-m",
        "llm_s,llm_e",
        ...opts("llm_s", server, cache, { aggregation: agg }),
        ...opts("llm_e", server, cache, { aggregation: agg }),
        "--format",
        "json",
      ]);
    const ts = await run("trueskill");
    assert.equal(ts.code, 0, ts.stderr);
    const sent = (await requests(server)).slice(before);
    // One request per sentence and metric, each gec-metrics' prompt exactly.
    assert.equal(sent.length, 12);
    const prompts = (variant: string) =>
      sent.map((r) => (r.body.messages as { content: string }[])[1].content)
        .filter((p) => p.includes("# context") === (variant === "llm_e")).sort();
    assert.deepEqual(prompts("llm_s"), [...reference.llm_s.prompts].sort());
    assert.deepEqual(prompts("llm_e"), [...reference.llm_e.prompts].sort());
    for (const r of sent) {
      assert.equal(r.path, "chat/completions");
      assert.deepEqual(Object.keys(r.body), ["model", "messages", "response_format", "seed"]);
      assert.equal(r.body.seed, 777);
      const messages = r.body.messages as { role: string; content: string }[];
      assert.deepEqual(messages[0], { role: "system", content: "You are a helpful assistant." });
      const n = messages[1].content.split("# targets\n")[1].split("\n\n# output")[0].split("\n")
        .length;
      const format = r.body.response_format as {
        json_schema: { name: string; strict: boolean; schema: { required: string[] } };
      };
      assert.equal(format.json_schema.name, `LLMSentOutputFormat${n}`);
      assert.deepEqual(
        format.json_schema.schema.required,
        Array.from({ length: n }, (_, i) => `target_score${i + 1}`),
      );
    }
    const ratings = (out: string, metric: string) =>
      (JSON.parse(out) as {
        systems: { metrics: Record<string, { rating: number }> }[];
      }).systems.map((s) => s.metrics[metric].rating);
    // TrueSkill agrees with the Python package to rounding (its erfc and exp are Python's).
    const close = (got: number[], want: number[]) =>
      got.forEach((g, i) => assert.ok(Math.abs(g - want[i]) < 1e-12, `${g} vs ${want[i]}`));
    close(ratings(ts.stdout, "llm_s"), reference.llm_s.trueskill);
    close(ratings(ts.stdout, "llm_e"), reference.llm_e.trueskill);
    // Expected Wins from the same answers: nothing asked again.
    const ew = await run("expected_wins");
    assert.equal(ew.code, 0, ew.stderr);
    assert.equal((await requests(server)).length, before + 12);
    close(ratings(ew.stdout, "llm_s"), reference.llm_s.expected_wins);
    close(ratings(ew.stdout, "llm_e"), reference.llm_e.expected_wins);
  },
});

Deno.test({
  name: "Scribendi's sentence and corpus scores are gec-metrics' from the same perplexities",
  sanitizeResources: false,
  async fn() {
    const cache = `${tmp}/scribendi.jsonl`;
    const run = await runCli(permissions(server, cache), [
      "score",
      "--gold",
      `${D}/gold.m2`,
      ...FILES,
      "-m",
      "scribendi",
      ...opts("scribendi", server, cache),
      "--format",
      "json",
      "--sentences",
    ]);
    assert.equal(run.code, 0, run.stderr);
    const systems = (JSON.parse(run.stdout) as {
      systems: {
        metrics: { scribendi: { score: number } };
        sentences: { scribendi: { score: number } }[];
      }[];
    }).systems;
    assert.deepEqual(systems.map((s) => s.metrics.scribendi.score), reference.scribendi.corpus);
    assert.deepEqual(
      systems.map((s) => s.sentences.map((x) => x.scribendi.score)),
      reference.scribendi.sentence,
    );
    // The requests: echoed prompt log-probabilities, one per distinct changed text.
    const sent = (await requests(server)).filter((r) => r.path === "completions");
    assert.ok(sent.length > 0);
    for (const r of sent) {
      assert.deepEqual(
        { ...r.body, prompt: "" },
        { model: "judge", prompt: "", max_tokens: 1, echo: true, logprobs: 1, temperature: 0 },
      );
    }
  },
});

Deno.test({
  name: "a rerun asks the server nothing and prints the same bytes; offline fails on a miss",
  sanitizeResources: false,
  async fn() {
    const cache = `${tmp}/rerun.jsonl`;
    const args = (extra: Record<string, string> = {}, seed = "777") => [
      "score",
      "--gold",
      `${D}/gold.m2`,
      ...FILES,
      "-m",
      "llm_s,scribendi",
      ...opts("llm_s", server, cache, { ...extra, seed }),
      ...opts("scribendi", server, cache, extra),
    ];
    const first = await runCli(permissions(server, cache), args());
    assert.equal(first.code, 0, first.stderr);
    assert.match(
      first.stdout,
      /llm_s\|model:judge\|agg:trueskill\|seed:777\|cache:\S+rerun\.jsonl/,
    );
    const count = (await requests(server)).length;
    const lines = (await Deno.readTextFile(cache)).split("\n").filter((l) => l).length;
    const second = await runCli(permissions(server, cache), args());
    assert.equal(second.stdout, first.stdout);
    assert.equal((await requests(server)).length, count, "no request on the rerun");
    // Offline, read-only and without network: the same bytes.
    const offline = await runCli(["--allow-read"], args({ offline: "true" }));
    assert.equal(offline.code, 0, offline.stderr);
    assert.equal(offline.stdout, first.stdout);
    assert.equal((await Deno.readTextFile(cache)).split("\n").filter((l) => l).length, lines);
    // The same with the command's flags instead of metric options.
    const flags = await runCli(["--allow-read"], [
      "score",
      "--gold",
      `${D}/gold.m2`,
      ...FILES,
      "-m",
      "llm_s,scribendi",
      "--opt",
      "llm_s.model=judge",
      "--opt",
      "scribendi.model=judge",
      "--cache",
      cache,
      "--offline",
    ]);
    assert.equal(flags.code, 0, flags.stderr);
    assert.equal(flags.stdout, first.stdout);
    // A question not in the cache, offline: one line naming the cache.
    const miss = await runCli(["--allow-read"], args({ offline: "true" }, "1"));
    assertOneLineFailure(
      miss,
      /Metric llm_s: 6 of 6 answers are not in the cache \S+rerun\.jsonl \(the first: sentence 1 \(gold line 1\)\), and the run is offline/,
    );
  },
});

Deno.test({
  name: "every failure of the server is one line and exit 1, with nothing written",
  sanitizeResources: false,
  async fn() {
    const cases: [string, Record<string, string>, RegExp, string[]?][] = [
      ["llm_s", { model: "nosuch" }, /does not serve model "nosuch" \(it serves: judge, /],
      [
        "llm_s",
        { model: "judge-badjson" },
        /answer to sentence \d \(gold line \d+\) is not what was asked for: the message is not JSON/,
      ],
      [
        "llm_s",
        { model: "judge-garbage" },
        /answered sentence \d \(gold line \d+\) with something that is not JSON \("<html>Bad gateway<\/html>"\)/,
      ],
      [
        "llm_s",
        { model: "judge-500-always", retries: "1" },
        /answered HTTP 500 \(Internal server error\) for sentence \d \(gold line \d+\), 2 tries$/m,
      ],
      [
        "llm_s",
        { model: "judge-429-always", retries: "2" },
        /answered HTTP 429 \(Rate limit reached\) for sentence \d .*, 3 tries$/m,
      ],
      [
        "llm_s",
        { model: "judge-drop-always", retries: "1" },
        /lost the connection to the model server at \S+ for sentence \d .*\(2 tries\)$/m,
      ],
      [
        "llm_s",
        { model: "judge-slow", retries: "0", timeout: "0.3" },
        /did not answer for sentence \d .* within 0\.3 s \(1 try\)$/m,
      ],
      [
        "scribendi",
        { model: "judge-nologprobs" },
        /^gecscore: Metric scribendi: the model server at \S+ does not echo the prompt's log-probabilities \(echo with logprobs\), which Scribendi needs/,
      ],
      [
        "llm_s",
        { url: "http://127.0.0.1:59999/v1" },
        /needs network access to 127\.0\.0\.1:59999: run deno with --allow-net=127\.0\.0\.1:59999$/m,
      ],
      ["llm_s", { url: "" }, /Metric llm_s needs the model server's URL: --opt llm_s\.url=/],
      ["llm_s", { url: "ftp://x" }, /ftp:\/\/x is not an http\(s\) URL/],
    ];
    for (const [metric, extra, re] of cases) {
      const cache = `${tmp}/fail_${metric}_${
        Object.values(extra).join("_").replace(/\W/g, "")
      }.jsonl`;
      const before = (await requests(server)).length;
      const run = await runCli(permissions(server, cache), [
        "score",
        "--gold",
        `${D}/gold.m2`,
        ...FILES,
        "-m",
        metric,
        ...opts(metric, server, cache, extra),
      ]);
      assertOneLineFailure(run, re);
      // No answer that was not what was asked for is ever cached.
      const cached = await ResponseCache.open(cache);
      assert.equal(cached.size, 0, `${extra.model}: ${cached.size} cached`);
      if (extra.model === "judge-badjson" || extra.model === "judge-garbage") {
        assert.ok((await requests(server)).length > before);
      }
    }
    // An unreachable server, with permission: one line.
    const cache = `${tmp}/unreachable.jsonl`;
    const refused = await runCli([
      "--allow-read",
      "--allow-net=127.0.0.1:59999",
      `--allow-write=${cache}`,
    ], [
      "score",
      "--gold",
      `${D}/gold.m2`,
      ...FILES,
      "-m",
      "llm_s",
      ...opts("llm_s", server, cache, { url: "http://127.0.0.1:59999/v1" }),
    ]);
    assertOneLineFailure(
      refused,
      /cannot reach the model server at http:\/\/127\.0\.0\.1:59999\/v1 \(connection refused\)$/m,
    );
    // No permission to write the cache: one line naming the flag, before any request.
    const before = (await requests(server)).length;
    const readOnly = await runCli(["--allow-read", `--allow-net=127.0.0.1:${server.port}`], [
      "score",
      "--gold",
      `${D}/gold.m2`,
      ...FILES,
      "-m",
      "llm_s",
      ...opts("llm_s", server, `${tmp}/ro.jsonl`),
    ]);
    assertOneLineFailure(readOnly, /needs to write it: run deno with --allow-write=\S+ro\.jsonl$/m);
    assert.equal((await requests(server)).length, before);
    // The report: no page is written when the server fails.
    const page = `${tmp}/page.html`;
    const report = await runCli([
      ...permissions(server, `${tmp}/r.jsonl`),
      `--allow-write=${tmp}`,
    ], [
      "report",
      "--gold",
      `${D}/gold.m2`,
      ...FILES,
      "-m",
      "llm_s",
      ...opts("llm_s", server, `${tmp}/r.jsonl`, { model: "judge-badjson" }),
      "-o",
      page,
    ]);
    assertOneLineFailure(report, /is not what was asked for/);
    await assert.rejects(Deno.stat(page), Deno.errors.NotFound);
  },
});

Deno.test({
  name: "transient failures (429, dropped connections) are retried to the same answers",
  sanitizeResources: false,
  async fn() {
    const out: string[] = [];
    for (const model of ["judge", "judge-429", "judge-drop"]) {
      const cache = `${tmp}/retry_${model}.jsonl`;
      const run = await runCli(permissions(server, cache), [
        "score",
        "--gold",
        `${D}/gold.m2`,
        ...FILES,
        "-m",
        "llm_s",
        ...opts("llm_s", server, cache, { model, concurrency: "2" }),
        "--format",
        "json",
      ]);
      assert.equal(run.code, 0, run.stderr);
      out.push(
        JSON.stringify(
          JSON.parse(run.stdout).systems.map((s: { metrics: { llm_s: { rating: number } } }) =>
            s.metrics.llm_s.rating
          ),
        ),
      );
    }
    assert.equal(out[1], out[0]);
    assert.equal(out[2], out[0]);
  },
});

Deno.test({
  name: "the API key comes from the environment and is never printed or cached",
  sanitizeResources: false,
  async fn() {
    const secret = "sk-test-0123456789";
    const keyed = await startServer(secret);
    try {
      const cache = `${tmp}/keyed.jsonl`;
      const args = [
        "score",
        "--gold",
        `${D}/gold.m2`,
        ...FILES,
        "-m",
        "llm_s",
        ...opts("llm_s", keyed, cache, { key_env: "GECSCORE_TEST_KEY" }),
      ];
      const refused = await runCli(permissions(keyed, cache), args);
      assertOneLineFailure(
        refused,
        /refused the request \(HTTP 401: Invalid API key\); put the API key in GECSCORE_TEST_KEY and let deno read it \(--allow-env=GECSCORE_TEST_KEY\)$/m,
      );
      Deno.env.set("GECSCORE_TEST_KEY", secret);
      const ok = await runCli(
        [...permissions(keyed, cache), "--allow-env=GECSCORE_TEST_KEY"],
        args,
      );
      Deno.env.delete("GECSCORE_TEST_KEY");
      assert.equal(ok.code, 0, ok.stderr);
      for (const text of [ok.stdout, ok.stderr, refused.stderr, await Deno.readTextFile(cache)]) {
        assert.ok(!text.includes(secret));
      }
    } finally {
      await keyed.stop();
    }
  },
});

Deno.test({
  name: "meta and the report take the model-server metrics",
  sanitizeResources: false,
  async fn() {
    const cache = `${tmp}/meta.jsonl`;
    const human = `${tmp}/human.txt`;
    await Deno.writeTextFile(
      human,
      SYSTEMS.map((s, i) => `Human en-en test ${s} ${[0.1, 0.5, 0.3, 0.2, 0.7, 0.6, 0.4][i]}`)
        .join("\n") + "\n",
    );
    const meta = await runCli(permissions(server, cache), [
      "meta",
      "--human",
      human,
      "--gold",
      `${D}/gold.m2`,
      ...SYSTEMS.map((s, i) => `${s}=${FILES[i]}`),
      "-m",
      "llm_s,scribendi",
      ...opts("llm_s", server, cache),
      ...opts("scribendi", server, cache),
    ]);
    assert.equal(meta.code, 0, meta.stderr);
    assert.match(meta.stdout, /llm_s/);
    assert.match(meta.stdout, /scribendi/);
    const page = `${tmp}/ok.html`;
    const report = await runCli([...permissions(server, cache), `--allow-write=${tmp}`], [
      "report",
      "--gold",
      `${D}/gold.m2`,
      ...FILES,
      "-m",
      "llm_s,llm_e",
      ...opts("llm_s", server, cache),
      ...opts("llm_e", server, cache),
      "-o",
      page,
    ]);
    assert.equal(report.code, 0, report.stderr);
    // The same systems with G as an adversarial output: its ranks, from the same answers.
    const before = (await requests(server)).length;
    const attacked = await runCli([...permissions(server, cache), `--allow-write=${tmp}`], [
      "report",
      "--gold",
      `${D}/gold.m2`,
      ...FILES.slice(0, 6),
      "--attack",
      FILES[6],
      "-m",
      "llm_s",
      ...opts("llm_s", server, cache),
      "--no-significance",
      "-o",
      "-",
    ]);
    assert.equal(attacked.code, 0, attacked.stderr);
    assert.equal((await requests(server)).length, before);
    // G's rating -0.0490 is below B, C and F, above A, D and E: rank 4 of 7.
    assert.match(attacked.stdout, /data-metric="llm_s" data-attack="G.txt" data-rank="4">4\/7</);
    assert.match(await Deno.readTextFile(page), /data-metric="llm_e" data-field="rating"/);
  },
});

sharedTest("meta on SEEDA takes LLM-S: one request per judged sentence, then none", async () => {
  const cache = `${tmp}/seeda.jsonl`;
  const args = [
    "meta",
    "--human",
    shared("data/seeda/human/TS_sent.txt"),
    "--gold",
    shared("data/seeda/subset-gold/subset.m2"),
    ...SEEDA_SYSTEMS.map((s) => `${s}=${shared(`data/seeda/outputs-subset/${s}.txt`)}`),
    "--sets",
    "seeda",
    "-m",
    "llm_s",
    ...opts("llm_s", server, cache),
  ];
  const before = (await requests(server)).length;
  const first = await runCli(permissions(server, cache), args);
  assert.equal(first.code, 0, first.stderr);
  const sentences = (await Deno.readTextFile(shared("data/seeda/subset-gold/subset.m2")))
    .split("\n").filter((l) => l.startsWith("S ")).length;
  assert.equal((await requests(server)).length - before, sentences);
  assert.match(first.stdout, /^llm_s +-?\d\.\d{3}/m);
  const again = await runCli(["--allow-read"], [...args, "--offline"]);
  assert.equal(again.stdout, first.stdout);
});

Deno.test({
  name: "LLM-S, LLM-E and Scribendi pass the conformance kit with their gathered answers",
  sanitizeResources: false,
  async fn(t) {
    // The answers of the run above, read offline from its cache (this process has no network).
    const cache = `${tmp}/meta.jsonl`;
    await Deno.stat(cache);
    const registry = createRegistry();
    const gold = await readGold(`${D}/gold.m2`);
    const systems = await Promise.all(
      SYSTEMS.map(async (s) => ({ ...(await readHypotheses(`${D}/${s}.txt`, 6)), name: s })),
    );
    const { annotatePlainSystems } = await import("../pipeline/annotate_systems.ts");
    const annotated = await annotatePlainSystems(gold, systems, [{ needsHypothesisEdits: true }]);
    for (const id of ["llm_s", "llm_e", "scribendi"]) {
      const plan = await gatherPlan(
        await planRun({
          registry,
          gold,
          systems: annotated,
          metrics: [id],
          options: { [id]: { model: "judge", cache, offline: true } },
        }),
      );
      const metric = plan.metrics[0];
      await assertMetricConformance(t, metric, {
        gold: gold.sentences,
        hypotheses: annotated[0].sentences,
        hypothesisEdits: annotated[0].edits,
        options: [plan.options[0]],
        orderWitness: id === "llm_s",
      });
    }
  },
});

Deno.test("the client asks each distinct request once and reads the cache without a server", async () => {
  const cache = `${tmp}/client.jsonl`;
  const body = { model: "m", prompt: "x" };
  const c = await ResponseCache.open(cache);
  await c.put({
    key: await requestKey("completions", body),
    path: "completions",
    request: body,
    response: 3,
  });
  await c.close();
  const settings = {
    metric: "t",
    url: "http://127.0.0.1:59999/v1",
    model: "m",
    keyEnv: "",
    concurrency: 1,
    timeout: 1,
    retries: 0,
    backoff: 0,
    cache,
    offline: false,
  };
  const progress: string[] = [];
  const result = await askModel(
    settings,
    [1, 2].map(() => ({
      path: "completions",
      body,
      what: "x",
      parse: (r: unknown) => r as number,
    })),
    { onProgress: (d, n) => progress.push(`${d}/${n}`) },
  );
  assert.deepEqual(result, { answers: [3, 3], asked: 0 });
  assert.deepEqual(progress, ["2/2"]);
  // A broken cache line: one error naming the file and line.
  await Deno.writeTextFile(cache, "{not json\n", { append: true });
  await assert.rejects(ResponseCache.open(cache), new RegExp(`${cache}:2: is not a cached answer`));
});

Deno.test("a boxed plugin's gather step is refused in one line: its box has no network", async () => {
  const run = await runCli(["--allow-read"], [
    "score",
    "--plugin",
    `${D}/gather_plugin.ts`,
    "--gold",
    `${D}/gold.m2`,
    FILES[0],
    "-m",
    "remote",
  ]);
  assert.notEqual(run.code, 0);
  assert.equal(run.stdout, "");
  assert.equal(run.stderr.split("\n").filter((l) => l).length, 1, run.stderr);
  assert.match(
    run.stderr,
    /gather\(\) asks for network access, which a plugin in its box never has/,
  );
});

Deno.test({
  name: "stop the test server",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await server.stop();
    await Deno.remove(tmp, { recursive: true });
  },
});
