/**
 * Asking an OpenAI-compatible model server (vLLM, llama.cpp, Ollama, OpenAI) for a batch of
 * answers, through a JSON Lines cache (`util/response_cache.ts`): every answer already cached
 * is read from there, the others are asked with bounded concurrency, a time limit per
 * request, and retries with exponential backoff on HTTP 429, 5xx and dropped connections.
 * An answer is checked by the caller's `parse` before it is cached, so the cache only ever
 * holds answers that were what was asked for.
 *
 * Every failure is one sentence naming the metric and the server: an unreachable server, a
 * model it does not serve, a refused or rejected request, an answer that is not JSON or not
 * what was asked for, a missing permission (`--allow-net=HOST`, `--allow-write=CACHE`) and,
 * with `offline`, an answer missing from the cache. The API key is read from the environment
 * variable the caller names, sent as a bearer token, and never printed or written.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import { requestKey, ResponseCache } from "./response_cache.ts";

/** Where and how to ask. */
export interface EndpointSettings {
  /** The metric asking, for messages (`llm_s`). */
  metric: string;
  /** The base URL of the OpenAI-compatible API, e.g. `http://127.0.0.1:8000/v1`. */
  url: string;
  /** The model name the server knows. */
  model: string;
  /** The environment variable holding the API key (`""`: send none). */
  keyEnv: string;
  /** Most requests in flight at once. */
  concurrency: number;
  /** Seconds one request may take. */
  timeout: number;
  /** Retries after a 429, a 5xx, a timeout or a dropped connection. */
  retries: number;
  /** Seconds before the first retry; each next one waits twice as long. */
  backoff: number;
  /** The cache file (JSON Lines). */
  cache: string;
  /** Answer from the cache only: a missing answer is an error. */
  offline: boolean;
}

/** One request of a batch. */
export interface ModelRequest<T> {
  /** The endpoint path under the base URL: `chat/completions` or `completions`. */
  path: string;
  /** The request body (the model included). */
  body: Record<string, unknown>;
  /** What it is about, for messages: `sentence 3 (gold line 12)`. */
  what: string;
  /** Turn the server's answer into what the caller needs; throws when it is not that. */
  parse(response: unknown): T;
}

/** How to run a batch (injectable for tests). */
export interface AskOptions {
  /** Cancels the batch. */
  signal?: AbortSignal;
  /** Progress: `done` of `total` requests (cached ones count as done at once). */
  onProgress?: (done: number, total: number) => void;
}

/** What the batch did: the answers in request order, and how many were asked of the server. */
export interface AskResult<T> {
  /** One parsed answer per request. */
  answers: T[];
  /** Requests sent to the server (retries not counted). */
  asked: number;
}

/** A failure worth retrying. */
class Transient extends Error {}

function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}...` : flat;
}

/** The message a server put in an error body (OpenAI, vLLM, Ollama, llama.cpp shapes). */
function serverMessage(text: string): string {
  try {
    const body = JSON.parse(text);
    const m = body?.error?.message ?? body?.message ?? body?.error ?? body?.detail;
    if (typeof m === "string") return oneLine(m);
  } catch { /* not JSON */ }
  return oneLine(text) || "no message";
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}

function granted(descriptor: Deno.PermissionDescriptor): boolean {
  try {
    return Deno.permissions.querySync(descriptor).state === "granted";
  } catch {
    return false;
  }
}

/** The API key, when the variable is set and readable. */
function apiKey(name: string): string | undefined {
  if (!name || !granted({ name: "env", variable: name })) return undefined;
  return Deno.env.get(name) || undefined;
}

/** The base URL, checked: http or https, no trailing slash. */
export function baseUrl(settings: Pick<EndpointSettings, "metric" | "url">): URL {
  let url: URL;
  try {
    url = new URL(settings.url);
  } catch {
    url = undefined as never;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new InputError(
      settings.url === ""
        ? `Metric ${settings.metric} needs the model server's URL: --opt ${settings.metric}.url=http://HOST:PORT/v1`
        : `Metric ${settings.metric}: ${settings.url} is not an http(s) URL (give the base of an OpenAI-compatible API, e.g. http://127.0.0.1:8000/v1)`,
    );
  }
  return url;
}

/** The client of one server for one batch. */
class Client {
  #settings: EndpointSettings;
  #base: string;
  #headers: Record<string, string>;
  #signal: AbortSignal;
  asked = 0;

  constructor(settings: EndpointSettings, signal: AbortSignal) {
    this.#settings = settings;
    this.#base = baseUrl(settings).href.replace(/\/+$/, "");
    this.#headers = { "content-type": "application/json" };
    const key = apiKey(settings.keyEnv);
    if (key) this.#headers.authorization = `Bearer ${key}`;
    this.#signal = signal;
  }

  #fail(text: string): InputError {
    return new InputError(`Metric ${this.#settings.metric}: ${text}`);
  }

  #network(error: unknown, what: string): Error {
    const cause = (error as { cause?: unknown })?.cause;
    const message = `${error instanceof Error ? error.message : String(error)} ${
      cause instanceof Error ? cause.message : ""
    }`;
    if (/refused/i.test(message)) {
      return this.#fail(`cannot reach the model server at ${this.#base} (connection refused)`);
    }
    if (/dns|lookup|resolve|not known/i.test(message)) {
      return this.#fail(`cannot reach the model server at ${this.#base} (unknown host)`);
    }
    return new Transient(`lost the connection to the model server at ${this.#base} ${what}`);
  }

  /** One HTTP exchange with the time limit; network failures are named or transient. */
  async #exchange(
    method: string,
    path: string,
    body: string | undefined,
    what: string,
  ): Promise<{ status: number; text: string; retryAfter: number }> {
    const timeout = AbortSignal.timeout(this.#settings.timeout * 1000);
    const signal = AbortSignal.any([this.#signal, timeout]);
    try {
      const response = await fetch(`${this.#base}/${path}`, {
        method,
        headers: this.#headers,
        body,
        signal,
      });
      const text = await response.text();
      const after = Number(response.headers.get("retry-after"));
      return { status: response.status, text, retryAfter: Number.isFinite(after) ? after : 0 };
    } catch (error) {
      if (this.#signal.aborted) throw this.#signal.reason;
      if (timeout.aborted) {
        throw new Transient(
          `the model server at ${this.#base} did not answer ${what} within ${this.#settings.timeout} s`,
        );
      }
      throw this.#network(error, what);
    }
  }

  /** Check that the server serves the model, when it lists its models. */
  async checkModel(): Promise<void> {
    let exchange;
    try {
      exchange = await this.#exchange("GET", "models", undefined, "for the list of models");
    } catch (error) {
      if (error instanceof Transient) throw this.#fail(error.message);
      throw error;
    }
    if (exchange.status === 401 || exchange.status === 403) throw this.#refused(exchange);
    if (exchange.status !== 200) return;
    let ids: string[] | undefined;
    try {
      const data = JSON.parse(exchange.text)?.data;
      if (Array.isArray(data)) ids = data.map((d) => String(d?.id));
    } catch { /* a server without the list */ }
    if (ids && !ids.includes(this.#settings.model)) {
      throw this.#fail(
        `the model server at ${this.#base} does not serve model "${this.#settings.model}" (it serves: ${
          ids.join(", ") || "none"
        })`,
      );
    }
  }

  #refused(exchange: { status: number; text: string }): InputError {
    const env = this.#settings.keyEnv;
    return this.#fail(
      `the model server at ${this.#base} refused the request (HTTP ${exchange.status}: ${
        serverMessage(exchange.text)
      })${
        env
          ? `; put the API key in ${env} and let deno read it (--allow-env=${env})`
          : "; it needs an API key (metric option key_env)"
      }`,
    );
  }

  /** One request, with retries; returns the parsed JSON body. */
  async post(path: string, body: Record<string, unknown>, what: string): Promise<unknown> {
    const text = JSON.stringify(body);
    const { retries, backoff } = this.#settings;
    this.asked++;
    for (let attempt = 0;; attempt++) {
      let problem: string;
      let wait = backoff * 2 ** attempt;
      try {
        const exchange = await this.#exchange("POST", path, text, `for ${what}`);
        const { status } = exchange;
        if (status >= 200 && status < 300) {
          try {
            return JSON.parse(exchange.text);
          } catch {
            throw this.#fail(
              `the model server at ${this.#base} answered ${what} with something that is not JSON (${
                JSON.stringify(oneLine(exchange.text, 60))
              })`,
            );
          }
        }
        if (status === 401 || status === 403) throw this.#refused(exchange);
        if (status === 404) {
          throw this.#fail(
            `the model server at ${this.#base} has no model "${this.#settings.model}" or no /${path} endpoint (HTTP 404: ${
              serverMessage(exchange.text)
            })`,
          );
        }
        if (status !== 429 && status < 500) {
          throw this.#fail(
            `the model server at ${this.#base} rejected the request for ${what} (HTTP ${status}: ${
              serverMessage(exchange.text)
            })`,
          );
        }
        problem = `answered HTTP ${status} (${serverMessage(exchange.text)})`;
        wait = Math.max(wait, Math.min(exchange.retryAfter, 60));
      } catch (error) {
        if (!(error instanceof Transient)) throw error;
        problem = error.message;
      }
      if (attempt >= retries) {
        const tries = `${attempt + 1} ${attempt ? "tries" : "try"}`;
        throw this.#fail(
          problem.startsWith("answered")
            ? `the model server at ${this.#base} ${problem} for ${what}, ${tries}`
            : `${problem} (${tries})`,
        );
      }
      await sleep(wait * 1000, this.#signal);
    }
  }
}

/**
 * Answers to a batch of requests: from the cache where it has them, else from the server
 * (then cached). Identical requests are asked once.
 *
 * @example Everything from the cache: no server, no network permission needed
 * ```ts
 * import { askModel } from "./model_client.ts";
 * import { requestKey, ResponseCache } from "./response_cache.ts";
 * import assert from "node:assert/strict";
 *
 * const cache = await Deno.makeTempFile({ suffix: ".jsonl" });
 * const body = { model: "m", prompt: "Hi" };
 * const c = await ResponseCache.open(cache);
 * await c.put({ key: await requestKey("completions", body), path: "completions", request: body, response: { n: 7 } });
 * await c.close();
 * const settings = { metric: "x", url: "http://127.0.0.1:9/v1", model: "m", keyEnv: "",
 *   concurrency: 2, timeout: 5, retries: 0, backoff: 0, cache, offline: true };
 * const result = await askModel(settings, [{ path: "completions", body, what: "sentence 1",
 *   parse: (r) => (r as { n: number }).n }]);
 * assert.deepEqual(result, { answers: [7], asked: 0 });
 * await Deno.remove(cache);
 * ```
 *
 * @param settings The server, the model, the cache and the limits.
 * @param requests The requests.
 * @param how Cancelling and progress.
 * @returns The answers, in request order, and how many requests went to the server.
 */
export async function askModel<T>(
  settings: EndpointSettings,
  requests: readonly ModelRequest<T>[],
  how: AskOptions = {},
): Promise<AskResult<T>> {
  const cache = await ResponseCache.open(settings.cache);
  const keys = await Promise.all(requests.map((r) => requestKey(r.path, r.body)));
  const answers: T[] = new Array(requests.length);
  const parseOrFail = (k: number, response: unknown): T => {
    try {
      return requests[k].parse(response);
    } catch (error) {
      if (error instanceof InputError) throw error;
      throw new InputError(
        `Metric ${settings.metric}: the model server's answer to ${
          requests[k].what
        } is not what was asked for: ${oneLine((error as Error).message)}`,
      );
    }
  };
  // The first request of each key not cached; the others wait for it.
  const missing = new Map<string, number[]>();
  let done = 0;
  for (let k = 0; k < requests.length; k++) {
    const cached = cache.get(keys[k]);
    if (cached !== undefined) {
      answers[k] = parseOrFail(k, cached);
      done++;
    } else {
      const list = missing.get(keys[k]);
      if (list) list.push(k);
      else missing.set(keys[k], [k]);
    }
  }
  const total = requests.length;
  how.onProgress?.(done, total);
  if (!missing.size) return { answers, asked: 0 };
  const [firstMissing] = missing.values();
  if (settings.offline) {
    const count = [...missing.values()].reduce((n, l) => n + l.length, 0);
    throw new InputError(
      `Metric ${settings.metric}: ${count} of ${total} answers are not in the cache ${settings.cache} (the first: ${
        requests[firstMissing[0]].what
      }), and the run is offline`,
    );
  }
  const url = baseUrl(settings);
  if (!granted({ name: "net", host: url.host })) {
    throw new InputError(
      `Metric ${settings.metric} needs network access to ${url.host}: run deno with --allow-net=${url.host}`,
    );
  }
  if (!granted({ name: "write", path: settings.cache })) {
    throw new InputError(
      `Metric ${settings.metric} keeps the server's answers in ${settings.cache} and needs to write it: run deno with --allow-write=${settings.cache}`,
    );
  }
  const controller = new AbortController();
  const signal = how.signal ? AbortSignal.any([how.signal, controller.signal]) : controller.signal;
  const client = new Client(settings, signal);
  let failure: unknown;
  try {
    await client.checkModel();
    const queue = [...missing.entries()];
    const worker = async () => {
      while (queue.length && failure === undefined) {
        const [key, ks] = queue.shift()!;
        const k = ks[0];
        try {
          const response = await client.post(requests[k].path, requests[k].body, requests[k].what);
          for (const j of ks) answers[j] = parseOrFail(j, response);
          await cache.put({
            key,
            path: requests[k].path,
            request: requests[k].body,
            response,
          });
          done += ks.length;
          how.onProgress?.(done, total);
        } catch (error) {
          if (failure === undefined) failure = error;
          controller.abort(error);
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(settings.concurrency, missing.size)) }, worker),
    );
  } finally {
    await cache.close();
  }
  if (failure !== undefined) throw failure;
  how.signal?.throwIfAborted();
  return { answers, asked: client.asked };
}

/** The metric options every model-server metric has (see {@linkcode endpointSettings}). */
export type EndpointOptions = {
  /** The base URL of the OpenAI-compatible API. */
  url: string;
  /** The model name. */
  model: string;
  /** The environment variable holding the API key. */
  key_env: string;
  /** Most requests in flight. */
  concurrency: number;
  /** Seconds per request. */
  timeout: number;
  /** Retries of a request. */
  retries: number;
  /** Seconds before the first retry. */
  backoff: number;
  /** The cache file. */
  cache: string;
  /** Answer from the cache only. */
  offline: boolean;
};

/** The default cache file: in the current folder, shared by every model-server metric. */
export const DEFAULT_CACHE = "gecscore-llm-cache.jsonl";

/** The defaults of {@linkcode EndpointOptions}. */
export const ENDPOINT_DEFAULTS: EndpointOptions = {
  url: "",
  model: "",
  key_env: "OPENAI_API_KEY",
  concurrency: 4,
  timeout: 120,
  retries: 4,
  backoff: 1,
  cache: DEFAULT_CACHE,
  offline: false,
};

/** Help and bounds of {@linkcode EndpointOptions}. */
export const ENDPOINT_SPECS = {
  url: { description: "base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:8000/v1" },
  model: { description: "the model name the server knows" },
  key_env: {
    description: "environment variable holding the API key (never printed or stored; empty: none)",
  },
  concurrency: { description: "most requests in flight at once", min: 1, max: 256, integer: true },
  timeout: { description: "seconds one request may take", min: 0.001, max: 86400 },
  retries: {
    description: "retries after HTTP 429, 5xx, a timeout or a dropped connection",
    min: 0,
    max: 20,
    integer: true,
  },
  backoff: { description: "seconds before the first retry (doubling)", min: 0, max: 600 },
  cache: { description: `JSON Lines file of the server's answers (default ${DEFAULT_CACHE})` },
  offline: { description: "answer from the cache only; a missing answer is an error" },
} as const;

/**
 * The settings of a metric's options, checked: a URL and a model are required unless the run
 * is offline.
 *
 * @example Usage
 * ```ts
 * import { ENDPOINT_DEFAULTS, endpointSettings } from "./model_client.ts";
 * import assert from "node:assert/strict";
 *
 * const s = endpointSettings("llm_s", { ...ENDPOINT_DEFAULTS, url: "http://h:1/v1", model: "m" });
 * assert.equal(s.keyEnv, "OPENAI_API_KEY");
 * assert.throws(() => endpointSettings("llm_s", ENDPOINT_DEFAULTS), /--opt llm_s.model=NAME/);
 * ```
 *
 * @param metric The metric id.
 * @param options Its options.
 * @returns The settings.
 */
export function endpointSettings(metric: string, options: EndpointOptions): EndpointSettings {
  if (!options.model) {
    throw new InputError(
      `Metric ${metric} needs the model's name: --opt ${metric}.model=NAME (and --opt ${metric}.url=http://HOST:PORT/v1)`,
    );
  }
  if (!options.offline) baseUrl({ metric, url: options.url });
  if (!options.cache) {
    throw new InputError(`Metric ${metric} needs a cache file (--opt ${metric}.cache=FILE)`);
  }
  return {
    metric,
    url: options.url,
    model: options.model,
    keyEnv: options.key_env,
    concurrency: options.concurrency,
    timeout: options.timeout,
    retries: options.retries,
    backoff: options.backoff,
    cache: options.cache,
    offline: options.offline,
  };
}
