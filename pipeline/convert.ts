/**
 * Gold format conversion through a registry: M2 ⇄ I-measure XML, or any format that can
 * write. M2 → XML clusters the annotators' edits into error groups as the I-measure's
 * converter does (see `formats/error_groups.ts`); XML → M2 writes the annotations derived
 * from the alternatives (one M2 annotator per `ann` id, one `A` line per `<c>`).
 *
 * @module
 */

import { UsageError } from "../plugins/errors.ts";
import type { Registry } from "../plugins/registry.ts";
import type { GoldCorpus } from "../plugins/types.ts";

/**
 * Convert a gold corpus to another format's text.
 *
 * @example Usage
 * ```ts
 * import { convertCorpus } from "./convert.ts";
 * import { parseM2 } from "../formats/m2.ts";
 * import assert from "node:assert/strict";
 *
 * import { ixmlFormat } from "../formats/ixml.ts";
 * import { Registry } from "../plugins/registry.ts";
 *
 * const registry = new Registry().use({ name: "x", version: "1", formats: [ixmlFormat] });
 * const gold = await parseM2(["S a b\nA 1 2|||X|||c|||REQUIRED|||-NONE-|||0\n"], "x.m2");
 * assert.match(convertCorpus(gold, "ixml", registry), /<c start="1" end="2">c<\/c>/);
 * assert.throws(() => convertCorpus(gold, "nope", registry), /Unknown format "nope"/);
 * ```
 *
 * @param corpus The corpus.
 * @param to The output format id.
 * @param registry Where to look the format up.
 * @returns The text in that format.
 */
export function convertCorpus(corpus: GoldCorpus, to: string, registry: Registry): string {
  const format = registry.format(to);
  if (!format.write) {
    throw new UsageError(
      `Format "${to}" cannot write files; formats that can: ${writerIds(registry)}`,
    );
  }
  return format.write(corpus);
}

/**
 * The ids of a registry's formats that can write files, comma separated.
 *
 * @example Usage
 * ```ts
 * import { writerIds } from "./convert.ts";
 * import { Registry } from "../plugins/registry.ts";
 * import { m2Format } from "../formats/m2.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(writerIds(new Registry().use({ name: "m", version: "1", formats: [m2Format] })), "m2");
 * ```
 *
 * @param registry The registry.
 * @returns The ids.
 */
export function writerIds(registry: Registry): string {
  return registry.formats.filter((f) => f.write).map((f) => f.id).join(", ");
}

/**
 * What a conversion cannot carry over, one sentence each (empty when nothing is lost):
 * I-measure XML to M2 loses per-edit types (an XML error has one type, often the joined labels
 * of its edits), the `req="no"` of errors not every annotator corrected, and an annotator's
 * second alternative of one error (M2 cannot tell it from a second edit); M2 to XML keeps only
 * the first of an edit's `||` corrections and one type per error.
 *
 * @example Usage
 * ```ts
 * import { conversionLosses } from "./convert.ts";
 * import { parseM2 } from "../formats/m2.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await parseM2(["S a b\nA 1 2|||X|||c||d|||REQUIRED|||-NONE-|||0\n"], "x.m2");
 * assert.deepEqual(conversionLosses(gold, "ixml"), [
 *   "1 edit has || alternative corrections: the XML keeps only the first of each",
 * ]);
 * ```
 *
 * @param corpus The corpus read.
 * @param to The output format id.
 * @returns The losses.
 */
export function conversionLosses(corpus: GoldCorpus, to: string): string[] {
  const notes: string[] = [];
  const count = (n: number, one: string, many: string, rest: string) => {
    if (n) notes.push(`${n} ${n === 1 ? one : many} ${rest}`);
  };
  if (corpus.format === "ixml" && to === "m2") {
    let joined = 0, optional = 0, second = 0;
    let example = "";
    for (const s of corpus.sentences) {
      for (const e of s.errors ?? []) {
        const edits = e.alternatives.reduce((n, a) => n + a.corrections.length, 0);
        if (e.type?.includes("/")) {
          joined += edits;
          example ||= e.type;
        }
        if (!e.required) optional++;
        const seen = new Set<string>();
        for (const a of e.alternatives) {
          if (seen.has(a.annotator)) second++;
          seen.add(a.annotator);
        }
      }
    }
    count(
      joined,
      "edit carries",
      "edits carry",
      `the joined type label of an error (e.g. "${example}"): the XML has one type per ` +
        "error, not per edit, so --by-type on the M2 counts these labels",
    );
    count(
      optional,
      "error was",
      "errors were",
      'not corrected by every annotator (req="no"); M2 has no field for that: its edits are ' +
        "written REQUIRED, as each annotator's own",
    );
    count(
      second,
      "alternative is a second alternative",
      "alternatives are second alternatives",
      "of one annotator for one error; M2 writes them as further edits of that annotator",
    );
  } else if (to === "ixml") {
    let alternatives = 0;
    for (const s of corpus.sentences) {
      for (const a of s.annotations ?? []) {
        for (const e of a.edits) if (e.corrections.length > 1) alternatives++;
      }
    }
    count(
      alternatives,
      "edit has",
      "edits have",
      "|| alternative corrections: the XML keeps only the first of each",
    );
  }
  return notes;
}

/**
 * The corpus as a conversion to `to` should write it: I-measure XML to M2 marks every edit
 * REQUIRED (each annotator's own edit; the XML's `req="no"` says that not every annotator
 * corrected the error, which M2 has no field for, {@linkcode conversionLosses} says so).
 *
 * @example Usage
 * ```ts
 * import { forConversion } from "./convert.ts";
 * import assert from "node:assert/strict";
 *
 * const edit = { start: 0, end: 1, corrections: [["b"]], required: false };
 * const corpus = {
 *   path: "g.xml",
 *   format: "ixml",
 *   sentences: [{ source: ["a"], annotations: [{ annotator: "0", edits: [edit] }] }],
 * };
 * assert.equal(forConversion(corpus, "m2").sentences[0].annotations?.[0].edits[0].required, true);
 * ```
 *
 * @param corpus The corpus read.
 * @param to The output format id.
 * @returns The corpus to write (the same object when nothing changes).
 */
export function forConversion(corpus: GoldCorpus, to: string): GoldCorpus {
  if (!(corpus.format === "ixml" && to === "m2")) return corpus;
  return {
    ...corpus,
    sentences: corpus.sentences.map((s) => ({
      ...s,
      annotations: s.annotations?.map((a) => ({
        ...a,
        edits: a.edits.map((e) => ({ ...e, required: true })),
      })),
    })),
  };
}
