/**
 * Which metric warnings the CLI and the REPL echo on standard error, and how. Metrics never
 * print: a warning travels in the sentence's statistics (`warning` or `warnings`), the corpus
 * score (`warnings`) and the explanation (a block titled `Warning`). Every metric's warnings
 * (the M2 fallback for huge lattices, the I-measure's inexact searches, a plugin's own) are
 * echoed, each kind once per command: the first in full, then how many more there were (the
 * JSON output has them all). `--quiet` silences them.
 *
 * @module
 */

import type { AnyMetric } from "../plugins/types.ts";

/**
 * The warnings carried by statistics, a score or an explanation.
 *
 * @example Usage
 * ```ts
 * import { warningsIn } from "./warnings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(warningsIn({ warning: "a" }), ["a"]);
 * assert.deepEqual(warningsIn({ warnings: ["a", "b"] }), ["a", "b"]);
 * assert.deepEqual(warningsIn({ blocks: [{ title: "Warning", lines: ["c"] }] }), ["c"]);
 * assert.deepEqual(warningsIn(3), []);
 * ```
 *
 * @param value Statistics, a score or an explanation.
 * @returns The warnings, in order.
 */
export function warningsIn(value: unknown): string[] {
  if (value === null || typeof value !== "object") return [];
  const v = value as {
    warning?: unknown;
    warnings?: unknown;
    blocks?: { title?: string; lines?: string[] }[];
  };
  const out: string[] = [];
  if (typeof v.warning === "string") out.push(v.warning);
  if (Array.isArray(v.warnings)) out.push(...v.warnings.map(String));
  if (Array.isArray(v.blocks)) {
    for (const block of v.blocks) if (block.title === "Warning") out.push(...(block.lines ?? []));
  }
  return out;
}

/**
 * The kind of a warning: its text without the place it names (what comes before the first
 * `": "`, such as `sentence at gold line 12`) and with every number replaced by `#`.
 *
 * @example Usage
 * ```ts
 * import { warningKind } from "./warnings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   warningKind('sentence "A b" (line 3): 4096 mixed references'),
 *   warningKind('sentence "C" (line 70): 512 mixed references'),
 * );
 * assert.notEqual(warningKind("x: too big"), warningKind("x: too small"));
 * ```
 *
 * @param warning The warning.
 * @returns Its kind.
 */
export function warningKind(warning: string): string {
  const colon = warning.indexOf(": ");
  return (colon >= 0 ? warning.slice(colon + 2) : warning).replace(/\d+(\.\d+)?/g, "#");
}

/**
 * Echoes metric warnings on standard error, each kind (per metric) once: the first in full;
 * {@linkcode WarningEcho.finish} then says how many more of each kind there were.
 *
 * @example Usage
 * ```ts
 * import { WarningEcho } from "./warnings.ts";
 * import assert from "node:assert/strict";
 *
 * let err = "";
 * const echo = new WarningEcho((text) => err += text);
 * echo.echo({ id: "m2" }, { warnings: ["line 3: too big", "line 9: too big"] });
 * echo.echo({ id: "m2" }, { warning: "line 12: too big" });
 * echo.finish();
 * assert.equal(err, "Warning: m2: line 3: too big\n" +
 *   "Warning: m2: 2 more warnings like it (the JSON output lists them all)\n");
 * ```
 */
export class WarningEcho {
  #write: (text: string) => void;
  #quiet: boolean;
  #seen = new Map<string, { metric: string; more: number; texts: Set<string> }>();
  #noted = new Set<string>();

  /**
   * An echo.
   *
   * @param write Where the lines go (standard error).
   * @param quiet Echo nothing (`--quiet`).
   */
  constructor(write: (text: string) => void, quiet = false) {
    this.#write = write;
    this.#quiet = quiet;
  }

  /**
   * Echo the warnings a metric's statistics, score or explanation carries (new kinds only).
   *
   * @param metric The metric (its id).
   * @param value Its statistics, score or explanation.
   */
  echo(metric: Pick<AnyMetric, "id">, value: unknown): void {
    if (this.#quiet) return;
    for (const warning of warningsIn(value)) {
      const key = `${metric.id}\u0000${warningKind(warning)}`;
      const seen = this.#seen.get(key);
      if (seen) {
        if (!seen.texts.has(warning)) seen.texts.add(warning), seen.more++;
        continue;
      }
      this.#seen.set(key, { metric: metric.id, more: 0, texts: new Set([warning]) });
      this.#write(`Warning: ${metric.id}: ${warning}\n`);
    }
  }

  /**
   * Echo notes on the run's settings (a known benchmark gold scored with settings other than
   * its published ones, `pipeline/benchmarks.ts`), each as `gecscore: note: NOTE`, once.
   *
   * @example Usage
   * ```ts
   * import { WarningEcho } from "./warnings.ts";
   * import assert from "node:assert/strict";
   *
   * let err = "";
   * new WarningEcho((text) => err += text).notes(["a", "a"]);
   * new WarningEcho((text) => err += text, true).notes(["b"]);
   * assert.equal(err, "gecscore: note: a\n");
   * ```
   *
   * @param notes The notes.
   */
  notes(notes: readonly string[]): void {
    if (this.#quiet) return;
    for (const note of notes) {
      if (this.#noted.has(note)) continue;
      this.#noted.add(note);
      this.#write(`gecscore: note: ${note}\n`);
    }
  }

  /** Say how many more warnings of each kind there were, and start afresh. */
  finish(): void {
    for (const { metric, more } of this.#seen.values()) {
      if (more) {
        this.#write(
          `Warning: ${metric}: ${more} more warning${
            more === 1 ? "" : "s"
          } like it (the JSON output lists them all)\n`,
        );
      }
    }
    this.#seen.clear();
  }
}
