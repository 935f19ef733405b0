/**
 * The trusted shim of a boxed plugin's own process (see `process_box.ts`): the program starts
 * `deno run` on this module with read access to gecscore's modules and the plugin's folder
 * only, in an empty folder, and talks to it over its standard input and output. The shim runs
 * the plugin as the worker box does ({@linkcode PluginBox}: a worker with no permissions beside
 * a memory keeper), so the plugin cannot touch the shim's globals, and relays messages.
 *
 * - **Input.** The first 16 bytes are a secret; the shim reads them before any plugin code
 *   loads. Then come frames (see {@linkcode encodeInput}): a `node:v8` serialized message
 *   (`start`, then the host's messages for the plugin's worker) and, for a batch of resamples,
 *   its rows of indices as raw numbers. End of input, or a frame that does not decode, ends the
 *   process.
 * - **Output.** Each frame the shim writes is the secret, the length, the serialized message and
 *   the secret again, in one write. The plugin can write to the process's standard output too
 *   (node's `fs.writeSync(1, ...)`), but not knowing the secret it cannot make a frame; the host
 *   shows everything else as the plugin's labelled lines. The plugin's console lines come this
 *   way too (see `lockdown.ts`), so they reach the user before the answer that follows them.
 *
 * @module
 */

import { deserialize, serialize } from "node:v8";
import { type BoxGrants, PluginBox } from "./box.ts";
import { publishHeap } from "./box_limits.ts";
import type { PluginModule } from "./host_worker.ts";

/** The length of the secret that opens and closes every frame the shim writes. */
export const SECRET_BYTES = 16;

/** What the host sends first, after the secret. */
export interface ChildStart {
  kind: "start";
  /** The plugin modules. */
  modules: PluginModule[];
  /** What the plugin may read and import. */
  grants: BoxGrants;
  /** The memory limit, in bytes. */
  limitBytes: number;
}

/** What the shim writes in its frames. */
export type ChildFrame =
  /** A message of the plugin's worker or its keeper (`ready`, answers, `crash`, `memory`). */
  | { kind: "msg"; data: unknown }
  /** The answer of a synchronous call: status 1 value, 2 error, 3 stopped for memory. */
  | { kind: "answer"; status: number; bytes: Uint8Array; growthMb: number };

/** What the host sends after `start`: a message for the plugin's worker. */
export interface ChildPost {
  kind: "post";
  message: { kind: string };
}

/** How many resample batches both sides keep, to send one that comes again by its number. */
export const KEPT_ROWS = 4;

/**
 * One frame of the box's input: a 32-bit little-endian length of what follows, then four
 * 32-bit numbers (the message's length; the size of each row number: 0 none, 2 or 4 bytes; how
 * many; the rows' number), the serialized message, zeros to a multiple of 4 bytes, and the rows'
 * numbers. Resample indices below 65,536 travel as 16-bit numbers: half the bytes through the
 * pipe. Rows sent before (a paired bootstrap scores every system on the same rows) travel as
 * their number alone: size 0, the number of the rows kept (the last {@linkcode KEPT_ROWS} sent).
 *
 * @param message The message.
 * @param rows Resample rows the call reads from the call buffer (see `metric_proxy.ts`), with
 *   their number; or the number alone of rows sent before.
 * @returns The frame's parts, to write one after the other.
 */
export function encodeInput(
  message: ChildStart | ChildPost,
  rows?: { id: number; numbers?: Int32Array | Uint16Array },
): Uint8Array[] {
  const body = serialize(message);
  const padded = Math.ceil(body.length / 4) * 4;
  const numbers = rows?.numbers;
  const rowBytes = numbers ? numbers.byteLength : 0;
  const head = new Uint8Array(20 + padded);
  const view = new DataView(head.buffer);
  view.setUint32(0, 16 + padded + rowBytes, true);
  view.setUint32(4, body.length, true);
  view.setUint32(8, numbers ? numbers.BYTES_PER_ELEMENT : 0, true);
  view.setUint32(12, numbers ? numbers.length : 0, true);
  view.setUint32(16, rows?.id ?? 0, true);
  head.set(body, 20);
  return numbers
    ? [head, new Uint8Array(numbers.buffer, numbers.byteOffset, numbers.byteLength)]
    : [head];
}

if (import.meta.main) Deno.exit(await main());

/**
 * Relay until the end of input (0) or a frame that does not decode (3); the box's workers are
 * then told to end.
 */
async function main(): Promise<number> {
  // Ctrl-C on a terminal signals every process of the program's group: the program decides
  // what becomes of the box (it ends it, or the box sees its input end when the program does).
  if (Deno.build.os !== "windows") Deno.addSignalListener("SIGINT", () => {});
  const input = Deno.stdin;
  const writeOut = Deno.stdout.writeSync.bind(Deno.stdout);
  // What was read and not yet taken: chunks, the first one from `offset` on.
  const chunks: Uint8Array[] = [];
  let offset = 0;
  let pendingBytes = 0;
  /** Read until `n` bytes are pending; false at the end of input. */
  const fill = async (n: number): Promise<boolean> => {
    if (pendingBytes >= n) return true;
    // One buffer for what is missing (at least 64 KiB), filled by as many reads as it takes.
    const chunk = new Uint8Array(Math.max(1 << 16, n - pendingBytes));
    let filled = 0;
    while (pendingBytes + filled < n) {
      const got = await input.read(chunk.subarray(filled));
      if (got === null) return false;
      filled += got;
    }
    chunks.push(chunk.subarray(0, filled));
    pendingBytes += filled;
    return true;
  };
  /** Take `n` pending bytes (a copy). */
  const take = (n: number): Uint8Array => {
    const out = new Uint8Array(n);
    let done = 0;
    while (done < n) {
      const first = chunks[0];
      const part = Math.min(n - done, first.length - offset);
      out.set(first.subarray(offset, offset + part), done);
      done += part;
      offset += part;
      if (offset === first.length) {
        chunks.shift();
        offset = 0;
      }
    }
    pendingBytes -= n;
    return out;
  };
  if (!await fill(SECRET_BYTES)) return 0;
  const secret = take(SECRET_BYTES);
  let box: PluginBox | undefined;
  let hostGone = false;

  const send = (frame: ChildFrame): void => {
    const body = serialize(frame);
    const bytes = new Uint8Array(2 * SECRET_BYTES + 4 + body.length);
    bytes.set(secret);
    new DataView(bytes.buffer).setUint32(SECRET_BYTES, body.length, true);
    bytes.set(body, SECRET_BYTES + 4);
    bytes.set(secret, SECRET_BYTES + 4 + body.length);
    let done = 0;
    try {
      while (done < bytes.length) done += writeOut(bytes.subarray(done));
    } catch {
      // The host is gone: stop the plugin.
      hostGone = true;
      box?.terminate();
    }
  };

  const buffer = new SharedArrayBuffer(1 << 16, { maxByteLength: 1 << 30 });
  const control = new Int32Array(buffer, 0, 2);
  const watch = new SharedArrayBuffer(24);
  const gate = new Int32Array(watch, 0, 4);

  /** Answer a synchronous call once the plugin's worker put it in the call buffer. */
  const answerWhenDone = async (): Promise<void> => {
    const waited = Atomics.waitAsync(control, 0, 0);
    if (waited.async) await waited.value;
    const status = Atomics.load(control, 0);
    const length = status === 3 ? 0 : control[1];
    send({
      kind: "answer",
      status,
      bytes: new Uint8Array(buffer, 8, length).slice(),
      growthMb: Atomics.load(gate, 1),
    });
  };

  /** The last resample batches sent, by their number (see encodeInput()). */
  const keptRows = new Map<number, Int32Array>();
  const end = (code: number): number => {
    // A plugin's worker waiting between calls wakes up, sees the stop and closes (box.ts).
    Atomics.store(gate, 3, 1);
    Atomics.notify(gate, 2);
    box?.terminate();
    return code;
  };
  for (;;) {
    if (hostGone || !await fill(4)) return end(0);
    const head = take(4);
    const length = new DataView(head.buffer).getUint32(0, true);
    if (length > 2 ** 30) return end(3);
    if (!await fill(length)) return end(0);
    if (length < 16) return end(3);
    const frame = take(length);
    const fields = new DataView(frame.buffer, 0, 16);
    const [bodyLength, size, count, rowsId] = [0, 4, 8, 12].map((at) => fields.getUint32(at, true));
    const rowsAt = 16 + Math.ceil(bodyLength / 4) * 4;
    if (![0, 2, 4].includes(size) || rowsAt + size * count !== length) return end(3);
    let message: ChildStart | ChildPost;
    try {
      message = deserialize(frame.subarray(16, 16 + bodyLength));
    } catch {
      return end(3);
    }
    if (message.kind === "start") {
      publishHeap(watch);
      const heapTimer = setInterval(() => publishHeap(watch), 50);
      Deno.unrefTimer(heapTimer);
      box = new PluginBox(
        new URL("./host_worker.ts", import.meta.url).href,
        message.modules,
        buffer,
        watch,
        message.grants,
        message.limitBytes,
        true,
      );
      box.onmessage = (event) => send({ kind: "msg", data: event.data });
      continue;
    }
    if (message.kind !== "post" || !box) return end(3);
    let rows: Int32Array | undefined;
    if (size > 0) {
      rows = new Int32Array(count);
      rows.set(
        size === 2
          ? new Uint16Array(frame.buffer, rowsAt, count)
          : new Int32Array(frame.buffer, rowsAt, count),
      );
      keptRows.set(rowsId, rows);
      if (keptRows.size > KEPT_ROWS) keptRows.delete(keptRows.keys().next().value!);
    } else if (rowsId !== 0) {
      rows = keptRows.get(rowsId);
      if (!rows) return end(3);
    }
    if (rows) {
      if (buffer.byteLength < 8 + rows.byteLength) buffer.grow(8 + rows.byteLength);
      new Int32Array(buffer, 8, rows.length).set(rows);
    }
    const call = message.message.kind === "call";
    if (call) Atomics.store(control, 0, 0);
    try {
      box.postMessage(message.message);
    } catch (error) {
      send({ kind: "msg", data: { kind: "crash", message: (error as Error).message } });
      continue;
    }
    // The plugin's worker waits (blocked) for this count to grow: see box.ts.
    Atomics.add(gate, 2, 1);
    Atomics.notify(gate, 2);
    if (call) await answerWhenDone();
  }
}
