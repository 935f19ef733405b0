/**
 * A small OpenAI-compatible model server for the tests of the model-server metrics (LLM-S,
 * LLM-E, Scribendi) and the client: no model, deterministic answers, and each failure a real
 * server shows, chosen by the model name asked for:
 *
 * - `judge`: `chat/completions` gives each target of the prompt `1 + (sum of its code points)
 *   mod 5` points in the requested JSON; `completions` with `echo` gives each space-separated
 *   word of the prompt the log-probability `-(1 + (sum of its code points) mod 7) / 4` (the
 *   first none, as a BOS would), plus one generated token;
 * - `judge-badjson`: the message is prose, not the requested JSON;
 * - `judge-garbage`: the HTTP body is not JSON;
 * - `judge-slow`: answers after 30 s (a timeout);
 * - `judge-429`: HTTP 429 (Retry-After: 0) twice per distinct request, then as `judge`;
 * - `judge-429-always`, `judge-500-always`: always that status;
 * - `judge-drop`: the connection drops in the middle of the first answer to each distinct
 *   request, then as `judge`; `judge-drop-always`: always;
 * - `judge-nologprobs`: `completions` without log-probabilities (as llama.cpp's endpoint).
 *
 * `GET /v1/models` lists them all (so any other name is a wrong model). With the environment
 * variable `LLM_SERVER_KEY` set, a request without `Authorization: Bearer <it>` gets HTTP 401.
 *
 * Run as `deno run --allow-net=127.0.0.1 --allow-write=LOG --allow-env=LLM_SERVER_KEY
 * tests/llm_server.ts LOG`: it prints its port on the first line of standard output and
 * appends each request it receives to LOG as one JSON line (`{path, body, authorized}`; never
 * the key).
 *
 * @module
 */

const MODELS = [
  "judge",
  "judge-badjson",
  "judge-garbage",
  "judge-slow",
  "judge-429",
  "judge-429-always",
  "judge-500-always",
  "judge-drop",
  "judge-drop-always",
  "judge-nologprobs",
];

/** The points the server gives a target. */
export function targetPoints(target: string): number {
  let sum = 0;
  for (const ch of target) sum += ch.codePointAt(0)!;
  return 1 + sum % 5;
}

/** The log-probability the server gives a word of a prompt. */
export function wordLogprob(word: string): number {
  let sum = 0;
  for (const ch of word) sum += ch.codePointAt(0)!;
  return -(1 + sum % 7) / 4;
}

/** The targets of a filled LLM-S/LLM-E prompt: the lines between `# targets` and the next `#`. */
export function promptTargets(prompt: string): string[] {
  const start = prompt.indexOf("\n# targets\n") + "\n# targets\n".length;
  const end = prompt.indexOf("\n\n# output format");
  return prompt.slice(start, end).split("\n");
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** A response whose body breaks off: the client sees the connection drop mid-answer. */
function dropped(): Response {
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"choices": [{"mess'));
      } else controller.error(new Error("dropped"));
    },
  });
  return new Response(body, { headers: { "content-type": "application/json" } });
}

function chatAnswer(body: Record<string, unknown>, model: string): Response {
  const messages = body.messages as { content: string }[];
  const prompt = messages.at(-1)!.content;
  const targets = promptTargets(prompt);
  const scores = Object.fromEntries(
    targets.map((t, i) => [`target_score${i + 1}`, targetPoints(t)]),
  );
  const content = model === "judge-badjson"
    ? "Target 1 is fine, I would give it 4 points."
    : JSON.stringify(scores);
  return json(200, {
    id: "chatcmpl-test",
    object: "chat.completion",
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: prompt.split(" ").length, completion_tokens: 10 },
  });
}

function completionAnswer(body: Record<string, unknown>, model: string): Response {
  const prompt = String(body.prompt);
  const words = prompt.split(" ");
  const choice: Record<string, unknown> = {
    index: 0,
    text: `${prompt} x`,
    finish_reason: "length",
  };
  if (model !== "judge-nologprobs" && body.echo && body.logprobs !== undefined) {
    choice.logprobs = {
      tokens: [...words, " x"],
      token_logprobs: [null, ...words.slice(1).map(wordLogprob), -0.125],
      top_logprobs: null,
      text_offset: [],
    };
  } else {
    choice.text = "x";
  }
  return json(200, {
    id: "cmpl-test",
    object: "text_completion",
    model,
    choices: [choice],
    usage: { prompt_tokens: words.length, completion_tokens: 1 },
  });
}

if (import.meta.main) {
  const log = Deno.args[0];
  const key = Deno.env.get("LLM_SERVER_KEY");
  const seen = new Map<string, number>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    const authorized = !key || req.headers.get("authorization") === `Bearer ${key}`;
    if (req.method === "GET" && url.pathname === "/v1/models") {
      if (!authorized) return json(401, { error: { message: "Invalid API key" } });
      return json(200, { object: "list", data: MODELS.map((id) => ({ id, object: "model" })) });
    }
    const text = await req.text();
    const path = url.pathname.replace(/^\/v1\//, "");
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text);
    } catch {
      return json(400, { error: { message: "The body is not JSON" } });
    }
    await Deno.writeTextFile(log, JSON.stringify({ path, body, authorized }) + "\n", {
      append: true,
    });
    if (!authorized) return json(401, { error: { message: "Invalid API key" } });
    const model = String(body.model);
    if (!MODELS.includes(model)) {
      return json(404, { error: { message: `The model \`${model}\` does not exist.` } });
    }
    const count = (seen.get(text) ?? 0) + 1;
    seen.set(text, count);
    if (model === "judge-slow") await new Promise((r) => setTimeout(r, 30_000));
    if (model === "judge-garbage") return new Response("<html>Bad gateway</html>", { status: 200 });
    if (model === "judge-429-always" || (model === "judge-429" && count <= 2)) {
      return json(429, { error: { message: "Rate limit reached" } }, { "retry-after": "0" });
    }
    if (model === "judge-500-always") {
      return json(500, { error: { message: "Internal server error" } });
    }
    if (model === "judge-drop-always" || (model === "judge-drop" && count === 1)) return dropped();
    if (path === "chat/completions") return chatAnswer(body, model);
    if (path === "completions") return completionAnswer(body, model);
    return json(404, { error: { message: `No endpoint /${path}` } });
  });
  console.log(server.addr.port);
}
