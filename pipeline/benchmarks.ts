/**
 * Known benchmarks: the option presets that give their published numbers (`--preset`), and the
 * notes a run earns when it scores a known benchmark gold with other settings. A gold is known
 * by its fingerprint (the `gold:XXXXXXXX` of a signature, `pipeline/signature.ts`), so the file
 * may have any name. The notes travel with the results; the faces decide whether to echo them
 * (`render/warnings.ts`).
 *
 * @module
 */

import { UsageError } from "../plugins/errors.ts";
import type { GoldCorpus } from "../plugins/types.ts";
import type { RunPlan } from "./scoring.ts";
import { fullSignature } from "./signature.ts";

/** Raw option values by metric id, then option name (as `--opt METRIC.NAME=VALUE` gives them). */
export type PresetOptions = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The presets, by name: the options every published number of the benchmark needs. */
export const PRESETS: Readonly<Record<string, PresetOptions>> = {
  // CoNLL-2014: compute_gleu read the distributed .trg files (gleu.refs=conll2014), ieval.py
  // was run with -nomix (imeasure.mix=false). m2scorer's defaults are gecscore's.
  conll2014: { gleu: { refs: "conll2014" }, imeasure: { mix: "false" } },
};

/**
 * The fingerprint of the CoNLL-2014 test gold in M2 (`official-2014.combined.m2`), as printed in
 * the signature by `gecscore score -m m2 --format json --gold official-2014.combined.m2 SYS`
 * (gecscore 0.1.0; the fingerprint depends on the parsed content only).
 */
export const CONLL2014_M2_GOLD = "07340446";

/**
 * The fingerprint of the CoNLL-2014 test gold in the I-measure's XML
 * (`official-2014.combined.ieval.xml`), printed as above with `-m imeasure` on that file.
 */
export const CONLL2014_XML_GOLD = "765f787c";

/**
 * The `--opt` assignments of a preset, to put before the user's own (so theirs win).
 *
 * @example Usage
 * ```ts
 * import { presetAssignments } from "./benchmarks.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(presetAssignments("conll2014"), ["gleu.refs=conll2014", "imeasure.mix=false"]);
 * assert.deepEqual(presetAssignments(undefined), []);
 * assert.throws(() => presetAssignments("conll2013"), /Unknown preset "conll2013"; valid: conll2014/);
 * ```
 *
 * @param name The preset's name, if one was given.
 * @returns The assignments, `METRIC.NAME=VALUE`.
 * @throws {UsageError} An unknown preset.
 */
export function presetAssignments(name: string | undefined): string[] {
  if (name === undefined) return [];
  const preset = Object.hasOwn(PRESETS, name) ? PRESETS[name] : undefined;
  if (!preset) {
    throw new UsageError(
      `Unknown preset ${JSON.stringify(name)}; valid: ${Object.keys(PRESETS).join(", ")}`,
    );
  }
  return Object.entries(preset).flatMap(([metric, options]) =>
    Object.entries(options).map(([option, value]) => `${metric}.${option}=${value}`)
  );
}

/** What a note is computed from: one metric's result, by its full signature. */
export interface NotedResult {
  /** The metric id. */
  metric: string;
  /** Its full signature (its options, `gold:XXXXXXXX`). */
  signature: string;
}

/** The value of field `name` in a signature (`refs:plain` gives `plain`). */
function field(signature: string, name: string): string | undefined {
  return signature.split("|").find((f) => f.startsWith(`${name}:`))?.slice(name.length + 1);
}

/**
 * The notes a run earns for scoring a known benchmark gold with settings other than the
 * published ones (each once, in the order met), read from the full signatures (which record
 * the options and the gold): GLEU on the CoNLL-2014 M2 gold without `refs=conll2014`; the
 * I-measure on the CoNLL-2014 M2 gold (published: the XML gold), or on the XML gold without
 * `mix=false`.
 *
 * @example Usage
 * ```ts
 * import { benchmarkNotes, CONLL2014_M2_GOLD } from "./benchmarks.ts";
 * import assert from "node:assert/strict";
 *
 * const signature = `gleu|variant:2016|refs:plain|v:1.0|nrefs:2|gold:${CONLL2014_M2_GOLD}`;
 * const [note] = benchmarkNotes([{ metric: "gleu", signature }]);
 * assert.match(note, /^GLEU on the CoNLL-2014 gold with refs:plain; .*--preset conll2014/);
 * assert.deepEqual(
 *   benchmarkNotes([{ metric: "gleu", signature: signature.replace("plain", "conll2014") }]),
 *   [],
 * );
 * ```
 *
 * @param results Metric results (of every system; a note is given once).
 * @returns The notes, without a prefix or a line end.
 */
export function benchmarkNotes(results: Iterable<NotedResult>): string[] {
  const notes = new Set<string>();
  for (const { metric, signature } of results) {
    const gold = field(signature, "gold");
    if (gold === CONLL2014_M2_GOLD && metric === "gleu") {
      const refs = field(signature, "refs");
      if (refs !== undefined && refs !== "conll2014") {
        notes.add(
          `GLEU on the CoNLL-2014 gold with refs:${refs}; the published numbers use ` +
            `--preset conll2014 (gleu.refs=conll2014)`,
        );
      }
    } else if (gold === CONLL2014_M2_GOLD && metric === "imeasure") {
      notes.add(
        `the I-measure on the CoNLL-2014 M2 gold; the published numbers use the XML gold ` +
          `(official-2014.combined.ieval.xml)${
            field(signature, "mix") === "no" ? "" : " with --preset conll2014 (imeasure.mix=false)"
          }`,
      );
    } else if (gold === CONLL2014_XML_GOLD && metric === "imeasure") {
      const mix = field(signature, "mix");
      if (mix !== undefined && mix !== "no") {
        notes.add(
          `the I-measure on the CoNLL-2014 gold with mix:${mix}; the published numbers use ` +
            `--preset conll2014 (imeasure.mix=false)`,
        );
      }
    }
  }
  return [...notes];
}

/**
 * The notes of {@linkcode benchmarkNotes} for a plan, before it is carried out (its metrics,
 * their options and the gold give the full signatures).
 *
 * @param plan The plan (a {@linkcode RunPlan} or what it is made of).
 * @returns The notes.
 */
export function planNotes(
  plan: Pick<RunPlan, "metrics" | "options"> & { gold: GoldCorpus },
): string[] {
  return benchmarkNotes(plan.metrics.map((m, k) => ({
    metric: m.id,
    signature: fullSignature(m, plan.options[k], plan.gold),
  })));
}
