/**
 * What a boxed plugin is given: its memory limit (checked against V8's heap limit), the main
 * thread's heap as its keeper sees it, and the files and hosts it may load.
 *
 * @module
 */

import { getHeapStatistics } from "node:v8";
import { UsageError } from "../plugins/errors.ts";
import type { BoxGrants } from "./box.ts";
import type { PluginModule } from "./host_worker.ts";

/** The default memory limit of a boxed plugin, in MB. */
export const DEFAULT_PLUGIN_MEMORY_MB = 1024;

/**
 * The largest memory limit allowed, in MB: well below V8's heap limit, since a worker that
 * reaches that one ends the whole process before it can be stopped.
 *
 * @example Usage
 * ```ts
 * import { DEFAULT_PLUGIN_MEMORY_MB, maxPluginMemoryMb } from "./box_limits.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(maxPluginMemoryMb() >= 64);
 * assert.ok(DEFAULT_PLUGIN_MEMORY_MB > 0);
 * ```
 *
 * @returns The bound, in MB.
 */
export function maxPluginMemoryMb(): number {
  return Math.max(64, Math.floor(getHeapStatistics().heap_size_limit / 2 ** 20 * 0.75));
}

/** The memory limit asked for, checked; the default when none was. */
export function memoryLimitMb(asked: number | undefined): number {
  const max = maxPluginMemoryMb();
  if (asked === undefined) return Math.min(DEFAULT_PLUGIN_MEMORY_MB, max);
  if (!Number.isFinite(asked) || asked < 16 || asked > max) {
    throw new UsageError(
      `The plugin memory limit must be a number of MB from 16 to ${max} (three quarters of ` +
        `V8's heap limit), found ${asked}`,
    );
  }
  return asked;
}

/** Tell a box's keeper how big the main thread's heap is now (its growth is not the plugin's). */
export function publishHeap(watch: SharedArrayBuffer): void {
  const usage = Deno.memoryUsage();
  new Float64Array(watch, 16, 1)[0] = usage.heapTotal + usage.external;
}

/** Module file names in gecscore's own folders. */
const OWN_FOLDERS_SKIPPED = new Set(["tests", "bench", "docs", "examples", "node_modules"]);

/** A module file of gecscore's. */
const MODULE = /\.(ts|js)$/;

/**
 * Whether a folder of gecscore's holds modules, in it or one level down (`metrics/m2/`): a
 * folder of data put beside the source (`data/`, outputs) is not the plugin's to read.
 */
function holdsModules(folder: URL): boolean {
  try {
    const subfolders: string[] = [];
    for (const entry of Deno.readDirSync(folder)) {
      if (entry.isFile && MODULE.test(entry.name)) return true;
      if (entry.isDirectory && !entry.name.startsWith(".")) subfolders.push(entry.name);
    }
    return subfolders.some((name) => {
      for (const entry of Deno.readDirSync(new URL(`${name}/`, folder))) {
        if (entry.isFile && MODULE.test(entry.name)) return true;
      }
      return false;
    });
  } catch {
    return false;
  }
}

/**
 * What a boxed plugin may load: gecscore's own module folders (those holding modules) and root
 * modules, its entry files (read); its own folders (whose module and JSON files it is granted
 * one by one as it imports them); the hosts of remote plugins and of a remote gecscore
 * (import).
 *
 * @param modules The plugin's modules.
 * @param root gecscore's root folder (for the tests; default: this package's).
 * @returns The grants.
 */
export function boxGrants(
  modules: readonly PluginModule[],
  root: URL = new URL("../", import.meta.url),
): BoxGrants {
  const reads: string[] = [];
  const folders: string[] = [];
  const imports = new Set<string>();
  if (root.protocol === "file:") {
    try {
      for (const entry of Deno.readDirSync(root)) {
        if (entry.name.startsWith(".")) continue;
        const path = decodeURIComponent(new URL(entry.name, root).pathname);
        if (
          entry.isDirectory && !OWN_FOLDERS_SKIPPED.has(entry.name) &&
          holdsModules(new URL(`${entry.name}/`, root))
        ) reads.push(path);
        else if (entry.isFile && /\.(ts|js)$|^deno\.json$/.test(entry.name)) reads.push(path);
      }
    } catch {
      // Not readable: the plugin then finds no gecscore module to import.
    }
  } else if (/^https?:$/.test(root.protocol)) imports.add(root.host);
  for (const module of modules) {
    const url = new URL(module.url);
    if (url.protocol === "file:") {
      const path = decodeURIComponent(url.pathname);
      reads.push(path);
      folders.push(path.slice(0, path.lastIndexOf("/") + 1));
    } else if (/^https?:$/.test(url.protocol)) imports.add(url.host);
    else if (url.protocol === "jsr:") imports.add("jsr.io");
  }
  // A worker cannot get more than this program has: keep what it may read and import itself.
  const may = (descriptor: Deno.PermissionDescriptor) => {
    try {
      return Deno.permissions.querySync(descriptor).state === "granted";
    } catch {
      return false;
    }
  };
  return {
    reads: reads.filter((path) => may({ name: "read", path })),
    folders,
    imports: [...imports].filter((host) => may({ name: "import", host })),
  };
}
