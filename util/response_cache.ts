/**
 * A cache of model-server answers in a JSON Lines file: one line per request,
 * `{"key":…,"path":…,"request":…,"response":…}`, the key being the SHA-256 of the request
 * (its endpoint path and its body, keys sorted) so that the same request finds its answer
 * whichever server or machine asked it. Lines are only ever appended, each in one write, so a
 * run that stops half-way leaves whole lines; a rerun of the same table reads every answer
 * from here and asks the server nothing.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";

/** JSON with object keys sorted at every level (the text a request key is hashed from). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value as Record<string, unknown>).sort();
    return `{${
      keys.map((k) =>
        `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`
      ).join(",")
    }}`;
  }
  return JSON.stringify(value);
}

/**
 * The cache key of a request: the SHA-256, in hex, of its endpoint path and body.
 *
 * @example Key order does not matter
 * ```ts
 * import { requestKey } from "./response_cache.ts";
 * import assert from "node:assert/strict";
 *
 * const a = await requestKey("chat/completions", { model: "m", seed: 1 });
 * assert.equal(a, await requestKey("chat/completions", { seed: 1, model: "m" }));
 * assert.notEqual(a, await requestKey("completions", { model: "m", seed: 1 }));
 * assert.match(a, /^[0-9a-f]{64}$/);
 * ```
 *
 * @param path The endpoint path under the base URL (`chat/completions`).
 * @param body The request body.
 * @returns The key.
 */
export async function requestKey(path: string, body: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson({ path, body }));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** One cached answer as a line of the file holds it. */
export interface CachedAnswer {
  /** The request's key ({@linkcode requestKey}). */
  key: string;
  /** The endpoint path. */
  path: string;
  /** The request body (the API key is never part of it). */
  request: unknown;
  /** The server's answer, parsed. */
  response: unknown;
}

/**
 * The answers of a cache file, and appending new ones.
 *
 * @example Answers survive a reopen
 * ```ts
 * import { ResponseCache } from "./response_cache.ts";
 * import assert from "node:assert/strict";
 *
 * const file = await Deno.makeTempFile({ suffix: ".jsonl" });
 * const cache = await ResponseCache.open(file);
 * await cache.put({ key: "k", path: "completions", request: {}, response: { ok: 1 } });
 * await cache.close();
 * assert.deepEqual((await ResponseCache.open(file)).get("k"), { ok: 1 });
 * await Deno.remove(file);
 * ```
 */
export class ResponseCache {
  readonly path: string;
  #answers: Map<string, unknown>;
  #file: Deno.FsFile | undefined;
  #writing: Promise<void> = Promise.resolve();

  private constructor(path: string, answers: Map<string, unknown>) {
    this.path = path;
    this.#answers = answers;
  }

  /**
   * Read a cache file (a missing file is an empty cache). A line that is not a cached answer
   * is an error naming the file and the line.
   *
   * @param path The file.
   * @returns The cache.
   */
  static async open(path: string): Promise<ResponseCache> {
    let text = "";
    try {
      text = await Deno.readTextFile(path);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) {
        throw new InputError(`cannot read the cache: ${(error as Error).message}`, path);
      }
    }
    const answers = new Map<string, unknown>();
    const lines = text.split("\n");
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (line === "") continue;
      let record: Partial<CachedAnswer> | undefined;
      try {
        record = JSON.parse(line);
      } catch {
        record = undefined;
      }
      if (
        !record || typeof record !== "object" || typeof record.key !== "string" ||
        !("response" in record)
      ) {
        throw new InputError(
          "is not a cached answer (a JSON object with key and response); was the cache " +
            "file edited or written by something else?",
          path,
          i + 1,
        );
      }
      answers.set(record.key, record.response);
    }
    return new ResponseCache(path, answers);
  }

  /** The number of answers. */
  get size(): number {
    return this.#answers.size;
  }

  /**
   * The cached answer of a key.
   *
   * @param key The request's key.
   * @returns The answer, or undefined.
   */
  get(key: string): unknown {
    return this.#answers.get(key);
  }

  /**
   * Append an answer (one whole line in one write; appends are queued in call order).
   *
   * @param answer The answer.
   */
  put(answer: CachedAnswer): Promise<void> {
    this.#answers.set(answer.key, answer.response);
    const line = new TextEncoder().encode(JSON.stringify(answer) + "\n");
    this.#writing = this.#writing.then(async () => {
      this.#file ??= await Deno.open(this.path, { append: true, create: true });
      let written = 0;
      while (written < line.length) written += await this.#file.write(line.subarray(written));
    });
    return this.#writing;
  }

  /** Wait for pending appends and close the file. */
  async close(): Promise<void> {
    try {
      await this.#writing;
    } finally {
      this.#file?.close();
      this.#file = undefined;
    }
  }
}
