/**
 * Load third-party plugins by specifier: a path, a `file:` or `https:` URL, or an `npm:`
 * specifier. The module's default export must be a {@linkcode Plugin}; it is checked when
 * loaded, with a message saying what is wrong.
 *
 * @module
 */

import { InputError } from "./errors.ts";
import type { Plugin } from "./types.ts";

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
 * import { pluginProblem } from "./loader.ts";
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
  for (const [i, m] of metrics.entries()) {
    const where = `metrics[${i}]${typeof m?.id === "string" ? ` ("${m.id}")` : ""}`;
    if (m === null || typeof m !== "object") return `${where} must be an object`;
    for (const key of ["id", "description", "version", "headline"]) {
      if (typeof m[key] !== "string") return `${where}: "${key}" must be a string`;
    }
    if (!/^[a-z][a-z0-9_-]*$/.test(m.id as string)) {
      return `${where}: "id" must be lower case letters, digits, _ or -`;
    }
    if (m.defaults === null || typeof m.defaults !== "object") {
      return `${where}: "defaults" must be an object`;
    }
    if (!Array.isArray(m.needs)) return `${where}: "needs" must be an array`;
    for (const fn of METRIC_FUNCTIONS) {
      if (typeof m[fn] !== "function") return `${where}: "${fn}" must be a function`;
    }
  }
  const formats = (p.formats ?? []) as Record<string, unknown>[];
  for (const [i, f] of formats.entries()) {
    const where = `formats[${i}]${typeof f?.id === "string" ? ` ("${f.id}")` : ""}`;
    if (f === null || typeof f !== "object") return `${where} must be an object`;
    for (const key of ["id", "description"]) {
      if (typeof f[key] !== "string") return `${where}: "${key}" must be a string`;
    }
    if (!Array.isArray(f.extensions)) return `${where}: "extensions" must be an array`;
    if (typeof f.parse !== "function") return `${where}: "parse" must be a function`;
  }
  return undefined;
}

/**
 * Turn a plugin specifier into a module URL: paths resolve against `base` (default: the
 * current directory); `file:`, `http:`, `https:`, `npm:` and `jsr:` specifiers pass through.
 *
 * @example Usage
 * ```ts
 * import { pluginUrl } from "./loader.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pluginUrl("./x.ts", "file:///work/"), "file:///work/x.ts");
 * assert.equal(pluginUrl("npm:gec-plugin@1"), "npm:gec-plugin@1");
 * ```
 *
 * @param spec The specifier.
 * @param base The URL paths are relative to (must end with a slash).
 * @returns The URL to import.
 */
export function pluginUrl(spec: string, base?: string): string {
  if (/^(file|https?|npm|jsr):/i.test(spec)) return spec;
  const root = base ?? new URL(`file://${Deno.cwd().replace(/\/?$/, "/")}`).href;
  return new URL(spec.replaceAll("\\", "/"), root).href;
}

/**
 * Import a plugin module and return its default export, checked.
 *
 * @example Usage
 * ```ts
 * import { loadPlugin } from "./loader.ts";
 * import assert from "node:assert/strict";
 *
 * const plugin = await loadPlugin("examples/exact_match.ts");
 * assert.ok(plugin.metrics?.some((m) => m.id === "exact_match"));
 * await assert.rejects(loadPlugin("no/such/plugin.ts"), /Cannot load plugin no\/such\/plugin\.ts/);
 * ```
 *
 * @param spec A path, `file:`/`https:` URL or `npm:` specifier.
 * @param base The URL relative paths resolve against (default: the current directory).
 * @returns The plugin.
 */
export async function loadPlugin(spec: string, base?: string): Promise<Plugin> {
  const url = pluginUrl(spec, base);
  let module: Record<string, unknown>;
  try {
    module = await import(url);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new InputError(`Cannot load plugin ${spec}: ${reason}`);
  }
  if (!("default" in module)) {
    throw new InputError(
      `Plugin ${spec} has no default export; export default { name, version, metrics }`,
    );
  }
  const problem = pluginProblem(module.default);
  if (problem) throw new InputError(`Plugin ${spec}: default export is not a plugin: ${problem}`);
  return module.default as Plugin;
}
