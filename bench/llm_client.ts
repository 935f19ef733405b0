/**
 * The model-server client against the test server (`tests/llm_server.ts`, started here on
 * 127.0.0.1 in its own process): requests per second it sustains at several concurrency limits
 * (each request a distinct `completions` prompt, every answer checked and appended to the
 * cache), then the same batch again from the cache: no request at all. Last, the command
 * itself: `score -m llm_s,scribendi` on the test fixture twice, counting what the server
 * received. The server shares the machine, so the figures bound the client from below.
 *
 * `deno run --allow-read --allow-run --allow-net=127.0.0.1 --allow-write=/tmp bench/llm_client.ts [--requests N]`
 */

import { askModel, type EndpointSettings } from "../util/model_client.ts";

const n = Number(Deno.args[Deno.args.indexOf("--requests") + 1]) || 2000;
const tmp = await Deno.makeTempDir({ prefix: "gecscore_llm_bench_" });
const log = `${tmp}/server.log`;
const server = new Deno.Command(Deno.execPath(), {
  args: [
    "run",
    "--allow-net=127.0.0.1",
    `--allow-write=${log}`,
    "--allow-env",
    "tests/llm_server.ts",
    log,
  ],
  stdout: "piped",
}).spawn();
const reader = server.stdout.pipeThrough(new TextDecoderStream()).getReader();
let first = "";
while (!first.includes("\n")) first += (await reader.read()).value ?? "";
const port = Number(first.split("\n")[0]);
const lines = async () => (await Deno.readTextFile(log).catch(() => "")).split("\n").length - 1;

try {
  for (const concurrency of [1, 4, 16]) {
    const settings: EndpointSettings = {
      metric: "bench",
      url: `http://127.0.0.1:${port}/v1`,
      model: "judge",
      keyEnv: "",
      concurrency,
      timeout: 30,
      retries: 0,
      backoff: 0,
      cache: `${tmp}/cache_${concurrency}.jsonl`,
      offline: false,
    };
    const requests = Array.from({ length: n }, (_, i) => ({
      path: "completions",
      body: {
        model: "judge",
        prompt: `sentence number ${i} at concurrency ${concurrency} .`,
        max_tokens: 1,
        echo: true,
        logprobs: 1,
        temperature: 0,
      },
      what: `request ${i + 1}`,
      parse: (r: unknown) => (r as { usage: { prompt_tokens: number } }).usage.prompt_tokens,
    }));
    let t = performance.now();
    const asked = await askModel(settings, requests);
    const seconds = (performance.now() - t) / 1000;
    t = performance.now();
    const again = await askModel({ ...settings, offline: true }, requests);
    const cached = (performance.now() - t) / 1000;
    console.log(
      `concurrency ${concurrency}: ${asked.asked} requests in ${seconds.toFixed(2)} s = ${
        (asked.asked / seconds).toFixed(0)
      } requests/s; rerun from the cache: ${again.asked} requests, ${cached.toFixed(3)} s`,
    );
  }
  const D = "tests/testdata/llm";
  const cache = `${tmp}/cli.jsonl`;
  const run = async () => {
    const t = performance.now();
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-read",
        `--allow-net=127.0.0.1:${port}`,
        `--allow-write=${cache}`,
        "cli.ts",
        "score",
        "--gold",
        `${D}/gold.m2`,
        ...["A", "B", "C", "D", "E", "F", "G"].map((s) => `${D}/${s}.txt`),
        "-m",
        "llm_s,scribendi",
        "--cache",
        cache,
        ...["llm_s", "scribendi"].flatMap((m) => [
          "--opt",
          `${m}.url=http://127.0.0.1:${port}/v1`,
          "--opt",
          `${m}.model=judge`,
        ]),
      ],
      stdout: "piped",
    }).output();
    return { stdout: new TextDecoder().decode(out.stdout), s: (performance.now() - t) / 1000 };
  };
  const before = await lines();
  const a = await run();
  const middle = await lines();
  const b = await run();
  const after = await lines();
  console.log(
    `score -m llm_s,scribendi: ${middle - before} requests (${a.s.toFixed(2)} s), rerun ${
      after - middle
    } requests (${b.s.toFixed(2)} s), same output: ${a.stdout === b.stdout}`,
  );
} finally {
  server.kill("SIGTERM");
  await reader.cancel();
  await server.status;
  await Deno.remove(tmp, { recursive: true });
}
