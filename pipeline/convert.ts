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
