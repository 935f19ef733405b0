/**
 * Reading the gold a command scores against: `--gold FILE`, or plain-text `--src` with one
 * or more `--ref`.
 *
 * @module
 */

import { readGold } from "../builtin.ts";
import { readReferenceCorpus } from "../formats/text.ts";
import { UsageError } from "../plugins/errors.ts";
import type { GoldCorpus, ReadLimits } from "../plugins/types.ts";
import type { Registry } from "../plugins/registry.ts";

/** The gold flags (`--gold`, `--src`, `--ref`), for `parseArgs`. */
export const GOLD_FLAGS = {
  gold: { type: "string" },
  src: { type: "string" },
  ref: { type: "string", multiple: true },
  "gold-format": { type: "string" },
} as const;

/** The gold flags as `parseArgs` gives them. */
export interface GoldFlags {
  /** `--gold FILE`. */
  gold?: string;
  /** `--src FILE`. */
  src?: string;
  /** `--ref FILE`, repeatable. */
  ref?: string[];
  /** `--gold-format ID`. */
  "gold-format"?: string;
}

/**
 * Refuse `--gold` given together with `--src` or `--ref` (a usage error naming the command).
 *
 * @example Usage
 * ```ts
 * import { checkGoldFlags } from "./command_gold.ts";
 * import assert from "node:assert/strict";
 *
 * checkGoldFlags("score", { gold: "a.m2" });
 * assert.throws(() => checkGoldFlags("score", { gold: "a.m2", ref: ["r"] }), /score: give either/);
 * ```
 *
 * @param command The command, for the message.
 * @param flags The flags given.
 */
export function checkGoldFlags(command: string, flags: GoldFlags): void {
  if (flags.gold && (flags.src || flags.ref)) {
    throw new UsageError(`${command}: give either --gold or --src with --ref, not both`);
  }
  if (flags["gold-format"] !== undefined && !flags.gold) {
    throw new UsageError(`${command}: --gold-format names the format of --gold FILE`);
  }
}

/**
 * Read a command's gold: the `--gold` file (format by extension or content, through the
 * registry), else the `--src` sentences with their `--ref` references; anything else is a
 * usage error naming the command.
 *
 * @example Usage
 * ```ts
 * import { readCommandGold } from "./command_gold.ts";
 * import { createRegistry } from "../builtin.ts";
 * import assert from "node:assert/strict";
 *
 * const registry = createRegistry();
 * const gold = await readCommandGold("score", { gold: "tests/testdata/m2scorer_example.m2" }, registry);
 * assert.equal(gold.sentences.length, 3);
 * await assert.rejects(readCommandGold("score", { src: "x" }, registry), /at least one --ref/);
 * ```
 *
 * @param command The command, for messages.
 * @param flags The flags given.
 * @param registry The registry (gold formats).
 * @param limits Read limits (defaults for what is not given).
 * @returns The gold corpus.
 */
export async function readCommandGold(
  command: string,
  flags: GoldFlags,
  registry: Registry,
  limits?: Partial<ReadLimits>,
): Promise<GoldCorpus> {
  checkGoldFlags(command, flags);
  if (flags.gold) {
    return await readGold(flags.gold, { registry, limits, format: flags["gold-format"] });
  }

  if (flags.src && flags.ref?.length) {
    return await readReferenceCorpus(flags.src, flags.ref, limits);
  }
  throw new UsageError(`${command}: give --gold GOLD, or --src SRC with at least one --ref REF`);
}
