/**
 * Named sets of systems for meta-evaluation: which systems a correlation is computed over.
 * A set keeps every system, or only the listed ones, minus the excluded ones. SEEDA's four
 * sets are one recipe of this mechanism ({@linkcode SEEDA_SYSTEM_SETS}).
 *
 * @module
 */

import { UsageError } from "../plugins/errors.ts";

/** A named set of systems. */
export interface SystemSet {
  /** The name shown in tables (e.g. `base`). */
  name: string;
  /** When given, only these systems (before exclusions). */
  include?: readonly string[];
  /** Systems left out. */
  exclude: readonly string[];
}

/**
 * SEEDA's system sets (Kobayashi et al. 2024, `utils/corr_system.py`): `base` leaves out the
 * source (INPUT) and the two fluent rewrites (REF-F, GPT-3.5); `+INPUT` adds INPUT back;
 * `+fluency` (the script's `+REF-F_GPT-3.5`) adds the fluent rewrites but not INPUT; `all`
 * keeps all 15 systems.
 */
export const SEEDA_SYSTEM_SETS: readonly SystemSet[] = [
  { name: "base", exclude: ["GPT-3.5", "INPUT", "REF-F"] },
  { name: "+INPUT", exclude: ["GPT-3.5", "REF-F"] },
  { name: "+fluency", exclude: ["INPUT"] },
  { name: "all", exclude: [] },
];

/** Recipes of named sets, for `--sets NAME`. */
export const SYSTEM_SET_RECIPES: Readonly<Record<string, readonly SystemSet[]>> = {
  seeda: SEEDA_SYSTEM_SETS,
};

/**
 * Parse a set written `NAME=ITEM,ITEM,...`: an item `-SYS` excludes SYS, any other item
 * includes it (then only included systems count); `NAME=` is every system.
 *
 * @example Usage
 * ```ts
 * import { parseSystemSet } from "./system_sets.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseSystemSet("base=-INPUT,-REF-F"), { name: "base", exclude: ["INPUT", "REF-F"] });
 * assert.deepEqual(parseSystemSet("two=A,B"), { name: "two", include: ["A", "B"], exclude: [] });
 * assert.throws(() => parseSystemSet("oops"), /--set: expected NAME=/);
 * ```
 *
 * @param spec The text.
 * @returns The set.
 */
export function parseSystemSet(spec: string): SystemSet {
  const at = spec.indexOf("=");
  const name = at < 0 ? "" : spec.slice(0, at).trim();
  if (!name) {
    throw new UsageError(
      `--set: expected NAME=SYS,-SYS,... (e.g. base=-INPUT,-REF-F), got ${JSON.stringify(spec)}`,
    );
  }
  const items = spec.slice(at + 1).split(",").map((s) => s.trim()).filter(Boolean);
  const exclude = items.filter((s) => s.startsWith("-")).map((s) => s.slice(1));
  const include = items.filter((s) => !s.startsWith("-"));
  return include.length ? { name, include, exclude } : { name, exclude };
}

/**
 * The systems of a set among the given ones (in their order). A set naming a system that
 * is not among them is a `UsageError`, so a typo cannot silently keep a system.
 *
 * @example Usage
 * ```ts
 * import { SEEDA_SYSTEM_SETS, selectSystems } from "./system_sets.ts";
 * import assert from "node:assert/strict";
 *
 * const all = ["BART", "GPT-3.5", "INPUT", "REF-F", "T5"];
 * assert.deepEqual(selectSystems(SEEDA_SYSTEM_SETS[0], all), ["BART", "T5"]);
 * assert.throws(() => selectSystems({ name: "x", exclude: ["NOPE"] }, all), /set x names NOPE/);
 * ```
 *
 * @param set The set.
 * @param systems The systems available.
 * @returns The systems in the set.
 */
export function selectSystems(set: SystemSet, systems: readonly string[]): string[] {
  const known = new Set(systems);
  for (const s of [...(set.include ?? []), ...set.exclude]) {
    if (!known.has(s)) {
      throw new UsageError(
        `The system set ${set.name} names ${s}, which is not among the systems (${
          systems.join(", ")
        })`,
      );
    }
  }
  const include = set.include ? new Set(set.include) : undefined;
  const exclude = new Set(set.exclude);
  return systems.filter((s) => (!include || include.has(s)) && !exclude.has(s));
}
