/**
 * Load third-party plugins by specifier: a path, a `file:` or `https:` URL, or an `npm:`
 * specifier. The module's default export must be a {@linkcode Plugin}; it is checked when
 * loaded, with a message saying what is wrong.
 *
 * {@linkcode loadPlugin} runs the plugin boxed in a worker with no permissions and a time
 * limit per call (see `host.ts`); {@linkcode importPlugin} imports it into the calling
 * program, with all of that program's permissions, for code you trust.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import { hostOf, PluginHost } from "./host.ts";
import type { Plugin } from "../plugins/types.ts";

export { pluginProblem } from "./plugin_problem.ts";
import { importFailure, pluginProblem } from "./plugin_problem.ts";

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
 * Say plainly when a plugin file is not there, is a folder, or is not a regular file (a device
 * such as /dev/zero, which Deno would read for many seconds, or a pipe, which may never end);
 * the import would report it late or less clearly. Other URLs pass.
 */
async function checkPluginFile(url: string, spec: string): Promise<void> {
  if (!url.startsWith("file:")) return;
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(new URL(url));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new InputError(`Cannot load plugin ${spec}: no such file`);
    }
    return;
  }
  if (info.isDirectory) {
    throw new InputError(`Cannot load plugin ${spec}: it is a folder; name the plugin's module`);
  }
  if (!info.isFile) {
    throw new InputError(
      `Cannot load plugin ${spec}: it is not a regular file (a device, a pipe or a socket)`,
    );
  }
}

/**
 * Import a plugin module into this program and return its default export, checked. The
 * plugin runs with every permission this program has and can reach its objects: only for
 * code you trust. {@linkcode loadPlugin} is the boxed way.
 *
 * @example Usage
 * ```ts
 * import { importPlugin } from "./loader.ts";
 * import plugin from "../examples/exact_match.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(await importPlugin("examples/exact_match.ts"), plugin);
 * await assert.rejects(importPlugin("no/such/plugin.ts"), /Cannot load plugin no\/such\/plugin\.ts/);
 * ```
 *
 * @param spec A path, `file:`/`https:` URL or `npm:` specifier.
 * @param base The URL relative paths resolve against (default: the current directory).
 * @returns The plugin.
 */
export async function importPlugin(spec: string, base?: string): Promise<Plugin> {
  const url = pluginUrl(spec, base);
  await checkPluginFile(url, spec);
  let module: Record<string, unknown>;
  try {
    module = await import(url);
  } catch (error) {
    throw new InputError(`Cannot load plugin ${spec}: ${importFailure(error)}`);
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

/**
 * Load a third-party plugin boxed in a worker: it may import (and read) only the modules and
 * JSON files of its own folder, gecscore's modules and packages; it gets no other file,
 * network, environment or subprocess access, cannot touch this program's objects (the
 * built-in metrics included), runs only while a call into it is waited for, and each call
 * has a time limit (default 30 s) and the plugin a memory limit (default 1024 MB), past which
 * it is stopped with a `PluginError` naming it. Deno cannot interrupt a worker busy in
 * JavaScript, so end the program after a plugin was stopped for memory. The plugin returned is a proxy whose
 * metric and format functions behave as the plugin's own (synchronous, same results).
 *
 * Needs Deno's `--unstable-worker-options` (set in this package's `deno.json`; give the flag
 * when running from elsewhere).
 *
 * @example Usage
 * ```ts
 * import { loadPlugin } from "./loader.ts";
 * import assert from "node:assert/strict";
 *
 * const plugin = await loadPlugin("examples/exact_match.ts");
 * const metric = plugin.metrics!.find((m) => m.id === "exact_match")!;
 * const stats = metric.stats({ source: ["a"], references: [["b"]] }, ["b"], metric.defaults);
 * assert.equal(metric.corpus([stats], metric.defaults).accuracy, 1);
 * await assert.rejects(loadPlugin("no/such/plugin.ts"), /Cannot load plugin no\/such\/plugin\.ts/);
 * ```
 *
 * @param spec A path, `file:`/`https:` URL or `npm:` specifier.
 * @param base The URL relative paths resolve against (default: the current directory).
 * @param options The time limit per call (`timeoutMs`) and the memory limit (`memoryMb`).
 * @returns The plugin (a proxy).
 */
export async function loadPlugin(
  spec: string,
  base?: string,
  options: { timeoutMs?: number; memoryMb?: number } = {},
): Promise<Plugin> {
  const url = pluginUrl(spec, base);
  await checkPluginFile(url, spec);
  const host = await PluginHost.start([{ url, exportName: "default", spec }], {
    permissions: "none",
    timeoutMs: options.timeoutMs,
    memoryMb: options.memoryMb,
  });
  return host.plugins[0];
}

/**
 * Stop the worker of a plugin loaded with {@linkcode loadPlugin}. A program that loaded
 * plugins and does not end with `Deno.exit` calls it, since a live worker keeps a program
 * running; later calls into the plugin fail. Plugins not loaded boxed are left alone.
 *
 * @example Usage
 * ```ts
 * import { loadPlugin, unloadPlugin } from "./loader.ts";
 * import assert from "node:assert/strict";
 *
 * const plugin = await loadPlugin("examples/exact_match.ts");
 * unloadPlugin(plugin);
 * const metric = plugin.metrics![0];
 * assert.throws(() => metric.signature(metric.defaults), /the plugin was stopped earlier/);
 * ```
 *
 * @param plugin A plugin returned by {@linkcode loadPlugin}.
 */
export function unloadPlugin(plugin: Plugin): void {
  hostOf(plugin)?.host.terminate("it was unloaded");
}
