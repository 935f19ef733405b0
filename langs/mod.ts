/**
 * The language packs gecscore's command line and REPL load beside the built-in plugins. Each
 * pack lives in its own folder (`langs/<pack>/`) and is written as a third party would write
 * it: it imports only gecscore's public entry points (the targets of `deno.json` `exports`),
 * never an internal module, and `tests/architecture_test.ts` checks that. A pack's `mod.ts`
 * exports a `Plugin`; heavy parts (resources, tokenizers) load on first use, so a command that
 * does not use a pack pays nothing for it.
 *
 * @example Adding the packs to a registry of your own
 * ```ts
 * import { createRegistry } from "../mod.ts";
 * import { LANGUAGE_PACKS } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const registry = createRegistry();
 * for (const pack of LANGUAGE_PACKS) registry.use(pack);
 * assert.ok(registry.metrics.some((m) => m.id === "cherrant"));
 * ```
 *
 * @module
 */

import type { Plugin } from "../mod.ts";
import { chinesePlugin } from "./zh/mod.ts";
import { multigecPack } from "./multigec/mod.ts";

/** The language packs, in the order they are registered. */
export const LANGUAGE_PACKS: readonly Plugin[] = [chinesePlugin, multigecPack];
