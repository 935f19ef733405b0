/**
 * One pool of `node:worker_threads` workers for the streams that cut a huge input into chunks
 * (scoring: `pipeline/stream_parallel.ts`; annotation: `annotator/stream.ts`). The pool starts
 * its workers, sends each its set-up and waits until every one is ready, hands the chunks out
 * to the least busy worker, and gives the answers back in input order. Memory stays flat in the
 * size of the input: a worker has at most two chunks (the one it works on and the next), at
 * most four chunks per worker are out at a time, and the chunks are pulled from their source
 * only when one may be sent. A worker that fails to start, throws, or exits stops the run with
 * a {@linkcode PluginError}; leaving the answers early (an error, `break`, `return()`) ends the
 * workers. The worker side of the protocol is {@linkcode servePool}.
 *
 * Known limit: Deno gives no event for a `node:worker_threads` worker that runs out of its heap,
 * so such a run would wait rather than fail.
 *
 * @module
 */

import { parentPort, Worker } from "node:worker_threads";
import { InputError, PluginError, UsageError } from "../plugins/errors.ts";

/** A chunk to send, with the buffers to move to the worker rather than copy. */
export interface PoolTask<Task> {
  /** The message body. */
  readonly task: Task;
  /** Buffers to transfer (they become unusable here). */
  readonly transfer?: readonly ArrayBuffer[];
}

/** How to run a pool. */
export interface PoolOptions<Init> {
  /** The worker's module (it calls {@linkcode servePool}). */
  readonly module: URL;
  /** The number of workers (at least 1). */
  readonly workers: number;
  /** The set-up every worker is sent first. */
  readonly init: Init;
  /** What the workers are called in messages: "Scoring" gives "Scoring worker stopped: ...". */
  readonly name: string;
  /** The V8 heap of each worker, in MB. */
  readonly heapMb?: { maxYoungGenerationSizeMb: number; maxOldGenerationSizeMb: number };
}

/** The messages of the protocol. */
type ToWorker<Init, Task> = { init: Init } | { id: number; task: Task };
type FromWorker<Answer> =
  | { ready: true }
  | { ready: false; error: string }
  | { id: number; answer: Answer }
  | { id: number; failed: string };

/** A worker is sent at most this many chunks at a time. */
const PER_WORKER = 2;
/** At most this many chunks per worker are out (sent, or answered and not yet given back). */
const WINDOW_PER_WORKER = 4;

/**
 * Runs `tasks` on a pool of workers; yields their answers in the order of the tasks.
 *
 * @example Squares on two workers, in order
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { runPool } from "./worker_pool.ts";
 * const dir = Deno.makeTempDirSync();
 * const module = new URL(`file://${dir}/square.ts`);
 * const pool = new URL("./worker_pool.ts", import.meta.url).href;
 * Deno.writeTextFileSync(
 *   module,
 *   `import { servePool } from "${pool}";\n` +
 *     "servePool((init: number) => (n: number) => ({ answer: n * n + init }));\n",
 * );
 * async function* tasks() {
 *   for (let n = 1; n <= 5; n++) yield { task: n };
 * }
 * const got: number[] = [];
 * for await (const answer of runPool<number, number, number>(tasks(), {
 *   module,
 *   workers: 2,
 *   init: 100,
 *   name: "Example",
 * })) got.push(answer);
 * assertEquals(got, [101, 104, 109, 116, 125]);
 * Deno.removeSync(dir, { recursive: true });
 * ```
 *
 * @param tasks The chunks, pulled as they can be sent; an error it throws ends the run.
 * @param options The workers' module, number, set-up and heap.
 * @returns The answers, in the order of the tasks.
 */
export async function* runPool<Init, Task, Answer>(
  tasks: AsyncIterable<PoolTask<Task>>,
  options: PoolOptions<Init>,
): AsyncGenerator<Answer> {
  const workers = Math.max(1, options.workers);
  const source = tasks[Symbol.asyncIterator]();
  // The answers that came back and are not given yet, by task number; chunks each worker has.
  const answers = new Map<number, Answer>();
  const load: number[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const arrival = () => new Promise<void>((resolve) => wake = resolve);
  const started: InstanceType<typeof Worker>[] = [];
  try {
    const ready = Array.from({ length: workers }, (_, w) => {
      load.push(0);
      const worker = new Worker(options.module, { resourceLimits: options.heapMb });
      started.push(worker);
      const up = Promise.withResolvers<void>();
      worker.on("message", (data: FromWorker<Answer>) => {
        if ("ready" in data) {
          if (data.ready) up.resolve();
          else up.reject(new PluginError(`${options.name} worker failed to start: ${data.error}`));
          return;
        }
        if ("failed" in data) return stop(data.failed);
        load[w]--;
        answers.set(data.id, data.answer);
        wake?.();
      });
      const stop = (why: string) => {
        failure ??= new PluginError(`${options.name} worker stopped: ${why}`);
        up.reject(failure);
        wake?.();
      };
      worker.on("error", (error) => stop(error instanceof Error ? error.message : String(error)));
      worker.on("exit", (code) => stop(`exit code ${code}`));
      worker.postMessage({ init: options.init } satisfies ToWorker<Init, Task>);
      return up.promise;
    });
    await Promise.all(ready);
    let sent = 0;
    let given = 0;
    const window = workers * WINDOW_PER_WORKER;
    for (;;) {
      let w = 0;
      for (;;) {
        for (let answer; (answer = answers.get(given)) !== undefined;) {
          answers.delete(given++);
          yield answer;
        }
        if (failure) throw failure;
        w = 0;
        for (let v = 1; v < workers; v++) if (load[v] < load[w]) w = v;
        if (load[w] < PER_WORKER && sent - given < window) break;
        await arrival();
        wake = undefined;
      }
      const next = await source.next();
      if (next.done) break;
      load[w]++;
      started[w].postMessage(
        { id: sent++, task: next.value.task } satisfies ToWorker<Init, Task>,
        (next.value.transfer ?? []) as ArrayBuffer[],
      );
    }
    while (given < sent) {
      for (let answer; (answer = answers.get(given)) !== undefined;) {
        answers.delete(given++);
        yield answer;
      }
      if (failure) throw failure;
      if (given < sent) {
        await arrival();
        wake = undefined;
      }
    }
  } finally {
    for (const worker of started) {
      worker.removeAllListeners("exit");
      worker.terminate();
    }
    // A source left early (an error, or a caller that stopped) is closed too.
    try {
      await source.return?.();
    } catch {
      // The error that ended the run stands.
    }
  }
}

/** What a worker answers a chunk with: the answer, and buffers to move back rather than copy. */
export interface PoolAnswer<Answer> {
  /** The answer. */
  readonly answer: Answer;
  /** Buffers to transfer. */
  readonly transfer?: readonly ArrayBuffer[];
}

/**
 * The worker side of {@linkcode runPool}: `setup` is called with the set-up once and gives the
 * function that answers each chunk; the chunks are answered one after another, in the order
 * they came. A failing `setup` is reported as the worker's failure to start. The handler should
 * catch the errors it expects and put them in its answer; an error it throws stops the run
 * ("... worker stopped: MESSAGE").
 *
 * @param setup Builds the chunk handler from the set-up.
 * @param describe How an error is told (default: its message).
 */
export function servePool<Init, Task, Answer>(
  setup: (
    init: Init,
  ) =>
    | ((task: Task) => PoolAnswer<Answer> | Promise<PoolAnswer<Answer>>)
    | Promise<(task: Task) => PoolAnswer<Answer> | Promise<PoolAnswer<Answer>>>,
  describe: (error: unknown) => string = (error) =>
    error instanceof Error ? error.message : String(error),
): void {
  const port = parentPort!;
  let handle: (task: Task) => PoolAnswer<Answer> | Promise<PoolAnswer<Answer>>;
  // Chunks are answered one after another, in the order they came.
  let queue: Promise<void> = Promise.resolve();
  port.on("message", async (data: ToWorker<Init, Task>) => {
    if ("init" in data) {
      try {
        handle = await setup(data.init);
        port.postMessage({ ready: true } satisfies FromWorker<Answer>);
      } catch (error) {
        port.postMessage(
          { ready: false, error: describe(error) } satisfies FromWorker<Answer>,
        );
      }
      return;
    }
    const { id, task } = data;
    queue = queue.then(async () => {
      let reply: PoolAnswer<Answer>;
      try {
        reply = await handle(task);
      } catch (error) {
        port.postMessage({ id, failed: describe(error) } satisfies FromWorker<Answer>);
        return;
      }
      port.postMessage(
        { id, answer: reply.answer } satisfies FromWorker<Answer>,
        (reply.transfer ?? []) as ArrayBuffer[],
      );
    });
  });
}

/**
 * An error a worker sent back as its message and class name, as that class: an
 * {@linkcode InputError} or a {@linkcode UsageError} stays one (a user's mistake, printed in one
 * line), anything else is a {@linkcode PluginError}.
 *
 * @param message The error's message.
 * @param name Its class name.
 * @returns The error.
 */
export function reviveError(message: string, name: string | undefined): Error {
  return name === "InputError"
    ? new InputError(message)
    : name === "UsageError"
    ? new UsageError(message)
    : new PluginError(message);
}
