/**
 * `--preset NAME`: the options a benchmark's published numbers need, shared by `score`,
 * `report`, `show` and `meta` (`pipeline/benchmarks.ts` holds the presets). An explicit
 * `--opt` still wins; the signature records every option either way.
 *
 * @module
 */

import { presetAssignments, PRESETS } from "../pipeline/benchmarks.ts";

/** The flag, for `parseArgs`. */
export const PRESET_FLAG = { preset: { type: "string" } } as const;

/** Its help line. */
export const PRESET_HELP =
  `  --preset NAME            the options of a benchmark's published numbers (an --opt wins):
                           ${
    Object.entries(PRESETS).map(([name, preset]) =>
      `${name} (${
        Object.entries(preset).flatMap(([m, o]) =>
          Object.entries(o).map(([k, v]) => `${m}.${k}=${v}`)
        ).join(", ")
      })`
    ).join("; ")
  }`;

/**
 * The `--opt` assignments with the preset's put first (so explicit ones win).
 *
 * @example Usage
 * ```ts
 * import { withPreset } from "./preset.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(withPreset({ preset: "conll2014" }, ["gleu.refs=plain"]), [
 *   "gleu.refs=conll2014",
 *   "imeasure.mix=false",
 *   "gleu.refs=plain",
 * ]);
 * assert.deepEqual(withPreset({}, ["m2.beta=1"]), ["m2.beta=1"]);
 * ```
 *
 * @param values The parsed flags.
 * @param opt The `--opt` assignments.
 * @returns The assignments to parse.
 */
export function withPreset(values: { preset?: unknown }, opt: readonly string[] = []): string[] {
  return [
    ...presetAssignments(typeof values.preset === "string" ? values.preset : undefined),
    ...opt,
  ];
}
