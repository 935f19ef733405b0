/**
 * A progress bar on standard error for long runs, shown only when standard error is a
 * terminal (never in pipes, files or tests) and only once a run has taken a second.
 *
 * Written here rather than taken from npm: it needs a carriage return, a percentage and a
 * clear at the end; the npm bars drive Node's stream cursor API, which is more than this
 * needs and more to keep working under Deno.
 *
 * @module
 */

/** What a progress bar needs: the clock and where it writes (injectable for tests). */
export interface ProgressOptions {
  /** Write to the terminal (standard error). */
  write: (text: string) => void;
  /** Whether to show anything at all (standard error is a terminal). */
  enabled: boolean;
  /** What is being done, before the bar. */
  label?: string;
  /** Milliseconds before the bar first shows (default 1000). */
  delay?: number;
  /** The clock, in milliseconds (default `Date.now`). */
  now?: () => number;
  /** Terminal width in columns (default 80). */
  columns?: number;
}

/**
 * A progress bar: {@linkcode ProgressBar.update} as work is done, {@linkcode ProgressBar.done}
 * at the end (clears the line).
 *
 * @example Usage
 * ```ts
 * import { ProgressBar } from "./progress.ts";
 * import assert from "node:assert/strict";
 *
 * let out = "", t = 0;
 * const bar = new ProgressBar({ write: (s) => out += s, enabled: true, now: () => t, columns: 40 });
 * bar.update(1, 4);
 * assert.equal(out, ""); // not yet a second
 * t = 1500;
 * bar.update(2, 4);
 * assert.match(out, /^\r\[#+-+\]  50% 2\/4/);
 * bar.done();
 * assert.match(out, /\r\x1b\[K$/);
 * out = "";
 * bar.update(0, 4); // a new run, at t = 1500
 * bar.update(1, 4);
 * assert.equal(out, "");
 *
 * let quiet = "";
 * const off = new ProgressBar({ write: (s) => quiet += s, enabled: false, now: () => 5000 });
 * off.update(1, 2);
 * off.done();
 * assert.equal(quiet, "");
 * ```
 */
export class ProgressBar {
  #options: Required<ProgressOptions>;
  #start: number;
  #last = -Infinity;
  #shown = false;

  /**
   * A bar.
   *
   * @param options Where it writes, whether it shows, the clock.
   */
  constructor(options: ProgressOptions) {
    this.#options = { label: "", delay: 1000, now: Date.now, columns: 80, ...options };
    this.#start = this.#options.now();
  }

  /**
   * Report progress (redrawn at most ten times a second). `done` 0 starts a new run: the bar
   * waits its delay again.
   *
   * @param done Units done.
   * @param total Units in all.
   */
  update(done: number, total: number): void {
    const { enabled, now, delay, write, label, columns } = this.#options;
    if (!enabled) return;
    const t = now();
    if (done === 0) {
      this.#start = t;
      return;
    }
    if (t - this.#start < delay || (t - this.#last < 100 && done < total)) return;
    this.#last = t;
    const share = total > 0 ? Math.min(done / total, 1) : 1;
    const tail = ` ${String(Math.floor(share * 100)).padStart(3)}% ${done}/${total}`;
    const head = label ? `${label} ` : "";
    const width = Math.max(10, Math.min(40, columns - head.length - tail.length - 3));
    const filled = Math.round(share * width);
    write(`\r${head}[${"#".repeat(filled)}${"-".repeat(width - filled)}]${tail}`);
    this.#shown = true;
  }

  /** Clear the bar's line, if it was shown. */
  done(): void {
    if (this.#shown) this.#options.write("\r\x1b[K");
    this.#shown = false;
  }
}

/**
 * A bar on the process' standard error: enabled when it is a terminal.
 *
 * @param label What is being done.
 * @param write Where to write (standard error).
 * @returns The bar.
 */
export function stderrProgress(label: string, write: (text: string) => void): ProgressBar {
  let enabled = false, columns = 80;
  try {
    enabled = Deno.stderr.isTerminal();
    if (enabled) columns = Deno.consoleSize().columns;
  } catch {
    // No terminal size: keep the default.
  }
  return new ProgressBar({ write, enabled, label, columns });
}
