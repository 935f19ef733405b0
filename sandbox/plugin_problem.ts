/**
 * What is wrong with a candidate plugin object, in one sentence: the check every loaded
 * plugin passes before it is used.
 *
 * @module
 */

const METRIC_FUNCTIONS = ["stats", "corpus", "sentence", "explain", "signature"] as const;

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * Check that a value is a {@linkcode Plugin}; return a sentence saying what is wrong, or
 * `undefined` when it is one.
 *
 * @example Usage
 * ```ts
 * import { pluginProblem } from "./plugin_problem.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pluginProblem({ name: "p", version: "1.0", metrics: [] }), undefined);
 * assert.equal(pluginProblem({ name: "p" }), '"version" must be a string, found undefined');
 * ```
 *
 * @param value The candidate.
 * @returns The problem, or undefined.
 */
export function pluginProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return `expected an object { name, version, metrics?, formats? }, found ${describe(value)}`;
  }
  const p = value as Record<string, unknown>;
  for (const key of ["name", "version"]) {
    if (typeof p[key] !== "string" || p[key] === "") {
      return `"${key}" must be a string, found ${
        p[key] === "" ? "an empty string" : typeof p[key]
      }`;
    }
  }
  for (const key of ["metrics", "formats"]) {
    if (p[key] !== undefined && !Array.isArray(p[key])) {
      return `"${key}" must be an array, found ${describe(p[key])}`;
    }
  }
  const metrics = (p.metrics ?? []) as Record<string, unknown>[];
  const seen = new Map<unknown, number>();
  for (const [i, m] of metrics.entries()) {
    const where = `metrics[${i}]${typeof m?.id === "string" ? ` ("${m.id}")` : ""}`;
    if (m === null || typeof m !== "object") return `${where} must be an object`;
    for (const key of ["id", "description", "version", "headline"]) {
      if (typeof m[key] !== "string") return `${where}: "${key}" must be a string`;
    }
    if (!/^[a-z][a-z0-9_-]*$/.test(m.id as string)) {
      return `${where}: "id" must be lower case letters, digits, _ or -`;
    }
    if (seen.has(m.id)) return `${where}: the id "${m.id}" is also metrics[${seen.get(m.id)}]'s`;
    seen.set(m.id, i);
    if (m.defaults === null || typeof m.defaults !== "object") {
      return `${where}: "defaults" must be an object`;
    }
    if (!Array.isArray(m.needs)) return `${where}: "needs" must be an array`;
    for (const fn of METRIC_FUNCTIONS) {
      if (typeof m[fn] !== "function") return `${where}: "${fn}" must be a function`;
    }
  }
  const formats = (p.formats ?? []) as Record<string, unknown>[];
  seen.clear();
  for (const [i, f] of formats.entries()) {
    const where = `formats[${i}]${typeof f?.id === "string" ? ` ("${f.id}")` : ""}`;
    if (f === null || typeof f !== "object") return `${where} must be an object`;
    for (const key of ["id", "description"]) {
      if (typeof f[key] !== "string") return `${where}: "${key}" must be a string`;
    }
    if (!Array.isArray(f.extensions)) return `${where}: "extensions" must be an array`;
    if (seen.has(f.id)) return `${where}: the id "${f.id}" is also formats[${seen.get(f.id)}]'s`;
    seen.set(f.id, i);
    for (const ext of f.extensions as unknown[]) {
      if (typeof ext !== "string" || !/^\.[^./\\\s]+$/.test(ext)) {
        return `${where}: extension ${
          JSON.stringify(ext) ?? String(ext)
        } must be a dot and a name, like ".m2"`;
      }
    }
    if (typeof f.parse !== "function") return `${where}: "parse" must be a function`;
  }
  return undefined;
}

/** Deno's ANSI colours, which its error messages may carry. */
// deno-lint-ignore no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** A `file:` URL as a path; other URLs as they are. */
function place(url: string): string {
  if (!url.startsWith("file://")) return url;
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return url;
  }
}

/**
 * Why a plugin module failed to import, in one line that names the file and line when the
 * error has them: a syntax error (`syntax error in /p/bad.ts:2:8: ...`), an error thrown
 * while the module ran (`Error: boom (/p/throws.ts:2:7)`), a missing module.
 *
 * @example Usage
 * ```ts
 * import { importFailure } from "./plugin_problem.ts";
 * import assert from "node:assert/strict";
 *
 * const syntax = new TypeError(
 *   "SyntaxError: Expected ',', got 'oops'\n  |\n2 |   oops oops\n  |        ~~~~\n" +
 *     "    at file:///p/bad.ts:2:8",
 * );
 * assert.equal(importFailure(syntax), "syntax error in /p/bad.ts:2:8: Expected ',', got 'oops'");
 * const thrown = new Error("boom");
 * thrown.stack = "Error: boom\n    at file:///p/throws.ts:2:7";
 * assert.equal(importFailure(thrown), "Error: boom (/p/throws.ts:2:7)");
 * ```
 *
 * @param error What `import()` rejected with.
 * @returns One line.
 */
export function importFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error).replace(ANSI, "").split("\n")[0];
  const message = error.message.replace(ANSI, "");
  const first = message.split("\n")[0];
  // A package the run's lock file lacks: Deno says only that the lock is out of date. From
  // gecscore's folder the lock is scoring.lock, frozen (see tests/dependencies_test.ts).
  if (/lockfile is out of date/i.test(first)) {
    return "its packages are not in the lock file of this run (scoring.lock, frozen, when run " +
      "from gecscore's folder); load it with the installed gecscore, or add them to that lock " +
      "once with --frozen=false";
  }
  // Frames and code locations, skipping this box's own modules (the importer).
  const here = new URL(".", import.meta.url).href;
  const frames = [
    ...`${message}\n${String(error.stack ?? "").replace(ANSI, "")}`.matchAll(
      /\n\s*at (?:.*\()?((?:file|https?|npm|jsr|data):[^\s)]*?):(\d+):(\d+)\)?/g,
    ),
  ].filter((m) => !m[1].startsWith(here));
  const where = frames.length > 0
    ? `${place(frames[0][1])}:${frames[0][2]}:${frames[0][3]}`
    : undefined;
  const syntax = /^SyntaxError: (.*)$/.exec(first);
  if (syntax) return `syntax error${where ? ` in ${where}` : ""}: ${syntax[1]}`;
  const text = first.startsWith(`${error.name}:`) ? first : `${error.name}: ${first}`;
  return where ? `${text} (${where})` : text;
}
