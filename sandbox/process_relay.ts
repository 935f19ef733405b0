/**
 * The program's side of a boxed plugin's process (see `process_box.ts`): a trusted worker that
 * starts the process, writes the host's messages to its standard input, and reads its standard
 * output and error. The main thread may be blocked waiting for a synchronous call; this worker
 * puts the answer in the call buffer and wakes it.
 *
 * - **Frames.** What the process writes is untrusted (the plugin can write to its standard
 *   output): a frame counts only when it opens and closes with the secret this worker sent, and
 *   its length and contents decode. A frame that breaks these rules ends the process.
 * - **The plugin's lines.** Everything else on standard output, and everything on standard
 *   error, reaches the user as the plugin's labelled, sanitised lines on the program's standard
 *   error (`labelledLines()`), never on its standard output.
 * - **Idle.** Once no answer has been awaited for a second, the process is stopped (`SIGSTOP`)
 *   and continued (`SIGCONT`) before the next message, so a plugin spends no CPU while the
 *   program waits (in the REPL, at the prompt).
 * - **Stops.** `kill` ends the process (`SIGKILL`): its threads end with it, busy or not.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { deserialize, serialize } from "node:v8";
import {
  type ChildFrame,
  type ChildPost,
  type ChildStart,
  encodeInput,
  SECRET_BYTES,
} from "./box_child.ts";
import { labelledLines } from "./lockdown.ts";

/** What the main thread sends to start the process. */
export interface RelayStart {
  kind: "start";
  /** The deno executable and its arguments. */
  exec: string;
  args: string[];
  /** The working folder of the process. */
  cwd: string;
  /** The secret frames open and close with. */
  secret: Uint8Array;
  /** The host's call buffer (status, length, bytes). */
  buffer: SharedArrayBuffer;
  /** The host's watch buffer (see `memory_keeper.ts`): [0] stopped for memory, [1] MB. */
  watch: SharedArrayBuffer;
  /** The plugin, as the user named it (the label of its lines). */
  label: string;
  /** The memory limit, in MB. */
  memoryMb: number;
  /** V8's heap limit in the process, in MB (the growth said when V8 ended the process). */
  heapLimitMb: number;
}

/** How long the process may sit idle before it is stopped, in milliseconds. */
const IDLE_STOP_MS = 1000;
/** The longest line of the plugin's kept before it is shown anyway. */
const MAX_LINE = 1 << 16;

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
  close(): void;
};

let child: Deno.ChildProcess | undefined;
let writer: WritableStreamDefaultWriter<Uint8Array> | undefined;
let start: RelayStart | undefined;
let killed = false;
let stopped = false;
/** Messages sent that wait for an answer (a synchronous call, a load, a job, a parse). */
let awaited = 0;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let writing: Promise<void> = Promise.resolve();
/** A synchronous call waits in the main thread. */
let callWaits = false;
/** V8 ended the process for memory (its fatal message was seen on standard error). */
let outOfMemory = false;

const encoder = new TextEncoder();

/** Show the plugin's text as its labelled lines on standard error. */
function show(text: string): void {
  if (text === "" || !start) return;
  const prefix = `[plugin ${start.label}] `;
  const lines = text.replace(/\r?\n$/, "").split(/\r?\n/).map((line) =>
    line.startsWith(prefix) ? line.slice(prefix.length) : line
  );
  const bytes = encoder.encode(labelledLines(start.label, lines.join("\n")));
  let done = 0;
  try {
    while (done < bytes.length) done += Deno.stderr.writeSync(bytes.subarray(done));
  } catch {
    // Standard error is gone.
  }
}

/** Text of the plugin's that waits for the end of its line. */
class LineKeeper {
  #held = "";
  #decoder = new TextDecoder();
  /** Take bytes, show the whole lines (and a partial line past the bound). */
  take(bytes: Uint8Array, filter?: (line: string) => boolean): void {
    this.#held += this.#decoder.decode(bytes, { stream: true });
    const end = this.#held.lastIndexOf("\n");
    if (end >= 0) {
      const whole = this.#held.slice(0, end + 1);
      this.#held = this.#held.slice(end + 1);
      show(filter ? whole.split("\n").filter(filter).join("\n") : whole);
    }
    if (this.#held.length > MAX_LINE) this.flush();
  }
  /** Show what is held. */
  flush(): void {
    const held = this.#held;
    this.#held = "";
    show(held);
  }
}

function cancelIdle(): void {
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = undefined;
}

/** Stop the process once it has been idle a while. */
function idleLater(): void {
  cancelIdle();
  if (awaited > 0 || killed || !child) return;
  idleTimer = setTimeout(() => {
    idleTimer = undefined;
    if (awaited > 0 || killed || stopped || !child) return;
    try {
      child.kill("SIGSTOP");
      stopped = true;
    } catch {
      // Gone already.
    }
  }, IDLE_STOP_MS);
}

function resume(): void {
  cancelIdle();
  if (!stopped || !child) return;
  try {
    child.kill("SIGCONT");
  } catch {
    // Gone already.
  }
  stopped = false;
}

function kill(): void {
  if (killed) return;
  killed = true;
  cancelIdle();
  try {
    child?.kill("SIGKILL");
  } catch {
    // Gone already.
  }
}

/** Wake a main thread blocked in a synchronous call with a status and a value. */
function wake(status: number, value: unknown): void {
  if (!start || !callWaits) return;
  callWaits = false;
  const control = new Int32Array(start.buffer, 0, 2);
  if (status !== 3) {
    const bytes = serialize(value);
    if (start.buffer.byteLength < 8 + bytes.length) start.buffer.grow(8 + bytes.length);
    new Uint8Array(start.buffer, 8, bytes.length).set(bytes);
    control[1] = bytes.length;
  }
  Atomics.store(control, 0, status);
  Atomics.notify(control, 0);
}

/** Mark the plugin stopped for memory, where the host looks for it. */
function overMemory(growthMb: number): void {
  if (!start) return;
  const flag = new Int32Array(start.watch, 0, 2);
  Atomics.store(flag, 1, growthMb);
  Atomics.store(flag, 0, 1);
  wake(3, undefined);
}

/** The process broke the rules of its channel, or ended: end it and say why. */
function ended(message: string): void {
  kill();
  wake(2, message);
  scope.postMessage({ kind: "ended", message, memory: outOfMemory });
}

function answered(frame: ChildFrame): void {
  if (frame.kind === "answer") {
    if (!start) return;
    awaited = Math.max(0, awaited - 1);
    if (frame.status === 3) {
      overMemory(frame.growthMb);
    } else if (callWaits) {
      callWaits = false;
      const control = new Int32Array(start.buffer, 0, 2);
      const bytes = frame.bytes;
      if (start.buffer.byteLength < 8 + bytes.length) start.buffer.grow(8 + bytes.length);
      new Uint8Array(start.buffer, 8, bytes.length).set(bytes);
      control[1] = bytes.length;
      Atomics.store(control, 0, frame.status === 1 ? 1 : 2);
      Atomics.notify(control, 0);
    }
  } else {
    const data = frame.data as { kind?: string; seq?: number; growthMb?: unknown } | null;
    const kind = data?.kind;
    if (kind === "memory") {
      // The keeper's measure, when it is a number (the message crossed the plugin's worker's box).
      const growth = Number(data?.growthMb);
      overMemory(Number.isInteger(growth) && growth > 0 ? growth : start!.memoryMb);
    }
    if (
      kind === "ready" || kind === "init-error" ||
      ((kind === "job" || kind === "parse") && typeof data?.seq === "number")
    ) awaited = Math.max(0, awaited - 1);
    scope.postMessage({ kind: "msg", data });
  }
  idleLater();
}

/** Read the process's standard output: frames and the plugin's own text between them. */
async function readOutput(stream: ReadableStream<Uint8Array>, secret: Buffer): Promise<void> {
  const text = new LineKeeper();
  let held = Buffer.alloc(0);
  // A frame's length once its header is read, and its later chunks until it is whole.
  let want = 0;
  const parts: Uint8Array[] = [];
  let partBytes = 0;
  for await (const chunk of stream) {
    if (want > 0 && partBytes + chunk.length < want) {
      // The middle of a large frame: keep the chunk, join once.
      parts.push(chunk);
      partBytes += chunk.length;
      continue;
    }
    if (parts.length > 0) {
      held = Buffer.concat([held, ...parts, chunk]);
      parts.length = 0;
      partBytes = 0;
    } else held = held.length === 0 ? Buffer.from(chunk) : Buffer.concat([held, chunk]);
    want = 0;
    for (;;) {
      const at = held.indexOf(secret);
      if (at < 0) {
        // Keep what may be the start of a secret.
        const keep = Math.min(held.length, SECRET_BYTES - 1);
        text.take(held.subarray(0, held.length - keep));
        held = held.subarray(held.length - keep);
        break;
      }
      if (at > 0) text.take(held.subarray(0, at));
      held = held.subarray(at);
      if (held.length < SECRET_BYTES + 4) break;
      const length = held.readUInt32LE(SECRET_BYTES);
      if (length > 2 ** 30) return ended("it wrote a malformed message to its box's channel");
      const end = SECRET_BYTES + 4 + length;
      if (held.length < end + SECRET_BYTES) {
        want = end + SECRET_BYTES - held.length;
        break;
      }
      if (!held.subarray(end, end + SECRET_BYTES).equals(secret)) {
        return ended("it wrote a malformed message to its box's channel");
      }
      let frame: ChildFrame;
      try {
        frame = deserialize(held.subarray(SECRET_BYTES + 4, end));
      } catch {
        return ended("it wrote a malformed message to its box's channel");
      }
      held = held.subarray(end + SECRET_BYTES);
      text.flush();
      if (frame === null || typeof frame !== "object" || !/^(msg|answer)$/.test(frame.kind)) {
        return ended("it wrote a malformed message to its box's channel");
      }
      answered(frame);
    }
  }
  text.take(Buffer.concat([held, ...parts]));
  text.flush();
}

/** V8's fatal out-of-memory report, which ends the process. */
const V8_FATAL = /^(<--- Last few GCs --->|#\s*Fatal|FATAL ERROR:.*out of memory)/i;

/** Read the process's standard error: the plugin's lines (V8's fatal report left out). */
async function readErrors(stream: ReadableStream<Uint8Array>): Promise<void> {
  const text = new LineKeeper();
  for await (const chunk of stream) {
    text.take(chunk, (line) => {
      if (V8_FATAL.test(line) || /JavaScript heap out of memory/.test(line)) outOfMemory = true;
      return !outOfMemory;
    });
  }
  if (!outOfMemory) text.flush();
}

function send(
  payload: ChildStart | ChildPost,
  rows?: { id: number; numbers?: Int32Array | Uint16Array },
): void {
  const parts = encodeInput(payload, rows);
  writing = writing.then(async () => {
    for (const part of parts) await writer!.write(part);
  }).catch(() => {});
}

scope.onmessage = (event: MessageEvent) => {
  const data = event.data;
  if (data.kind === "start") {
    start = data as RelayStart;
    child = new Deno.Command(start.exec, {
      args: start.args,
      cwd: start.cwd,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    writer = child.stdin.getWriter();
    writing = writer.write(start.secret).catch(() => {});
    const secret = Buffer.from(start.secret);
    const output = readOutput(child.stdout, secret);
    const errors = readErrors(child.stderr);
    child.status.then(async (status) => {
      await Promise.all([output, errors]).catch(() => {});
      cancelIdle();
      if (killed) {
        scope.close();
        return;
      }
      const how = status.signal
        ? `signal ${status.signal}`
        : status.code === 3
        ? "it read the box's own input and broke its channel"
        : `exit code ${status.code}`;
      const memory = outOfMemory || status.signal === "SIGTRAP" || status.code === 133;
      if (memory) {
        outOfMemory = true;
        // Its heap alone reached V8's limit before the keeper saw the growth.
        overMemory(start!.heapLimitMb);
      }
      ended(`its process ended (${how})`);
      scope.close();
    });
    return;
  }
  if (data.kind === "send") {
    if (killed || !writer) return;
    const kind = data.payload?.message?.kind ?? data.payload?.kind;
    if (kind === "call") callWaits = true;
    if (kind !== "gold") awaited++;
    resume();
    send(data.payload, data.rows);
    return;
  }
  if (data.kind === "kill") {
    kill();
    const killed = new Int32Array(data.killed as SharedArrayBuffer);
    Atomics.store(killed, 0, 1);
    Atomics.notify(killed, 0);
  }
};
