/**
 * The gecscore version, read from the package manifest (`deno.json`), its one source of truth.
 *
 * @module
 */

import manifest from "../deno.json" with { type: "json" };

/**
 * The version of gecscore (`deno.json`'s `version`): printed by `gecscore --version` and pinned
 * in every signature.
 *
 * @example Usage
 * ```ts
 * import { VERSION } from "./version.ts";
 * import assert from "node:assert/strict";
 *
 * assert.match(VERSION, /^\d+\.\d+\.\d+/);
 * ```
 */
export const VERSION: string = manifest.version;
