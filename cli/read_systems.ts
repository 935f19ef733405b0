/**
 * Reading the system outputs a command scores.
 *
 * @module
 */

import { readHypotheses } from "../formats/text.ts";
import { UsageError } from "../plugins/errors.ts";
import type { GoldCorpus, Hypotheses, ReadLimits } from "../plugins/types.ts";

/**
 * Read system outputs, one per file, each with as many lines as the gold has sentences; two
 * files with one base name are a usage error.
 *
 * @example Usage
 * ```ts
 * import { readSystems } from "./read_systems.ts";
 * import { readGold } from "../builtin.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const [system] = await readSystems(["tests/testdata/m2scorer_example_system"], gold);
 * assert.equal(system.name, "m2scorer_example_system");
 * ```
 *
 * @param paths The files.
 * @param gold The gold they answer.
 * @param limits Read limits (defaults for what is not given).
 * @returns The systems, in order.
 */
export async function readSystems(
  paths: string[],
  gold: GoldCorpus,
  limits?: Partial<ReadLimits>,
): Promise<Hypotheses[]> {
  const systems: Hypotheses[] = [];
  for (const path of paths) {
    const hyp = await readHypotheses(path, gold.sentences.length, limits);
    systems.push(hyp);
  }
  const names = new Set<string>();
  for (const s of systems) {
    if (names.has(s.name)) {
      throw new UsageError(`Two systems are named ${s.name}: give files distinct base names`);
    }
    names.add(s.name);
  }
  return systems;
}
