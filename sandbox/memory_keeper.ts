/**
 * The memory keeper of one boxed plugin (see `box.ts`): a trusted worker that watches the
 * program's memory while the plugin lives. Every few milliseconds it compares the program's
 * resident memory with what it was when the keeper started (just before the plugin's worker
 * was), less what the main thread's heap grew meanwhile. Past the limit it marks the plugin
 * stopped on the shared buffer, wakes a caller blocked on the call buffer and the plugin's
 * worker if it waits between calls (it then closes), and tells the main thread, which
 * terminates the plugin's worker. It never waits for the main thread, whatever that one is
 * doing. The limit is kept well below V8's heap limit, whose breach would end the whole process.
 *
 * It prints nothing; everything travels back as messages.
 *
 * @module
 */

/** What the main thread sends to start watching. */
export interface KeeperStart {
  kind: "watch";
  /** The call buffer (status, length, bytes): a blocked caller waits on status 0. */
  buffer: SharedArrayBuffer;
  /**
   * Shared with the main thread and the plugin's worker: i32 [0] stopped for memory, [1] the
   * growth in MB, [2] messages sent to the plugin's worker since it loaded, [3] stop; f64 at
   * byte 16: the main thread's heap.
   */
  watch: SharedArrayBuffer;
  /** The memory limit, in bytes. */
  limitBytes: number;
}

/** How often memory is looked at, in milliseconds. */
const POLL_MS = 5;

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event: MessageEvent) => {
  const start = event.data as KeeperStart;
  if (start.kind !== "watch") return;
  const flag = new Int32Array(start.watch, 0, 4);
  const mainHeap = new Float64Array(start.watch, 16, 1);
  const control = new Int32Array(start.buffer, 0, 2);
  const baseRss = Deno.memoryUsage().rss;
  const baseMain = mainHeap[0];
  const poll = setInterval(() => {
    const growth = Deno.memoryUsage().rss - baseRss - Math.max(0, mainHeap[0] - baseMain);
    if (growth <= start.limitBytes) return;
    clearInterval(poll);
    // Rounded up: a growth just past the limit reads as more than it, never as the limit itself.
    const mb = Math.ceil(growth / 2 ** 20);
    Atomics.store(flag, 1, mb);
    Atomics.store(flag, 0, 1);
    // A plugin worker waiting between calls wakes up, sees the stop and closes.
    Atomics.store(flag, 3, 1);
    Atomics.notify(flag, 2);
    // A caller blocked on the call buffer wakes up and sees status 3.
    Atomics.compareExchange(control, 0, 0, 3);
    Atomics.notify(control, 0);
    scope.postMessage({ kind: "memory", growthMb: mb });
  }, POLL_MS);
  // The baseline is taken: the plugin's worker may start.
  scope.postMessage({ kind: "watching" });
};
