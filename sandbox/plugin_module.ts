/**
 * Which module (and export) a plugin object comes from, so that workers can load their own copy.
 *
 * @module
 */

import type { Plugin } from "../plugins/types.ts";
import type { PluginModule } from "./host_worker.ts";

export type { PluginModule };

const sources = new WeakMap<Plugin, PluginModule>();

/**
 * Say which module (and export) a plugin object comes from, so that workers can load their
 * own copy of it: the parallel scorer runs such plugins' metrics in a pool of workers.
 *
 * @example Usage
 * ```ts
 * import { pluginModule, setPluginModule } from "./plugin_module.ts";
 * import assert from "node:assert/strict";
 *
 * const plugin = { name: "p", version: "1" };
 * setPluginModule(plugin, { url: "file:///p.ts", exportName: "default", spec: "p.ts" });
 * assert.equal(pluginModule(plugin)?.url, "file:///p.ts");
 * ```
 *
 * @param plugin The plugin object.
 * @param module Its module and export.
 */
export function setPluginModule(plugin: Plugin, module: PluginModule): void {
  sources.set(plugin, module);
}

/**
 * The module a plugin object comes from, when declared with {@linkcode setPluginModule}.
 *
 * @param plugin The plugin object.
 * @returns Its module, or undefined.
 */
export function pluginModule(plugin: Plugin): PluginModule | undefined {
  return sources.get(plugin);
}
