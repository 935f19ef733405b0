/**
 * Which objects stand for a boxed plugin: the proxies of a plugin, its metrics and formats
 * that {@linkcode ./host.ts} hands out, each with its host and plugin index. Kept apart from
 * the host so that code which only asks (the engine, `score`) does not load the sandbox.
 *
 * @module
 */

const hosts = new WeakMap<object, { host: unknown; plugin: number }>();

/**
 * The host and plugin index behind a proxied plugin, metric or format, or undefined for an
 * ordinary object. `H` is the host's type, `PluginHost` (this module does not import it, so
 * that asking loads nothing of the box); {@link ./host.ts} exports this function typed.
 *
 * @example Usage
 * ```ts
 * import { hostOf } from "./hosted.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(hostOf({}), undefined);
 * ```
 *
 * @param metric A metric (or format).
 * @returns Its host, when it runs in one.
 */
export function hostOf<H = unknown>(metric: object): { host: H; plugin: number } | undefined {
  return hosts.get(metric) as { host: H; plugin: number } | undefined;
}

/**
 * Record that `object` is a proxy for plugin `plugin` of `host` (called by the host only).
 *
 * @param object The proxy.
 * @param host Its host.
 * @param plugin The plugin's index in the host.
 */
export function setHost(object: object, host: unknown, plugin: number): void {
  hosts.set(object, { host, plugin });
}
