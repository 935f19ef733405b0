/**
 * gecscore's own formats (`formats/`: M2, plain text, I-measure XML): the formats that read a
 * file unless the user names another. A plugin's format never takes a file one of them claims
 * ({@linkcode pickFormat} in `read_gold.ts`), and a signature names any other format that read
 * the data ({@linkcode fullSignature} in `signature.ts`), so a number read by a plugin's format
 * never passes for a built-in one.
 *
 * @module
 */

import type { Format } from "../plugins/types.ts";
import { m2Format } from "../formats/m2.ts";
import { ixmlFormat } from "../formats/ixml.ts";
import { textFormat } from "../formats/text.ts";

const OWN: ReadonlySet<Format> = new Set([m2Format, textFormat, ixmlFormat]);
const OWN_IDS: ReadonlySet<string> = new Set([...OWN].map((f) => f.id));

/**
 * Whether a format is one of gecscore's own: the object itself, or (for a format named only by
 * its id, as a corpus records it) its id. A registry with the built-in formats refuses a
 * plugin format with one of their ids.
 *
 * @example Usage
 * ```ts
 * import { isOwnFormat } from "./own_formats.ts";
 * import { m2Format } from "../formats/m2.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(isOwnFormat(m2Format));
 * assert.ok(isOwnFormat("text"));
 * assert.ok(!isOwnFormat({ ...m2Format, id: "copy" }));
 * assert.ok(!isOwnFormat("jsonl-gold"));
 * ```
 *
 * @param format The format, or its id.
 * @returns True for gecscore's own.
 */
export function isOwnFormat(format: Format | string): boolean {
  return typeof format === "string" ? OWN_IDS.has(format) : OWN.has(format);
}
