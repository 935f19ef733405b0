/**
 * Default bounds for readers (see {@linkcode ReadLimits}): far above what real GEC data needs
 * (CoNLL-2014 and BEA-2019 lines stay under a few thousand characters, with at most a
 * handful of annotators and alternatives), far below what would exhaust memory.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type { ReadLimits } from "../plugins/types.ts";

/**
 * The default limits: 100,000 characters per line, 100 annotators, 100 alternatives per edit.
 *
 * @example Usage
 * ```ts
 * import { DEFAULT_READ_LIMITS } from "./limits.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(DEFAULT_READ_LIMITS.maxAnnotators, 100);
 * ```
 */
export const DEFAULT_READ_LIMITS: Readonly<ReadLimits> = Object.freeze({
  maxLineLength: 100_000,
  maxAnnotators: 100,
  maxAlternatives: 100,
});

/**
 * Complete limits: the given ones over the defaults.
 *
 * @example Usage
 * ```ts
 * import { readLimits } from "./limits.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(readLimits({ maxAnnotators: 5000 }).maxAnnotators, 5000);
 * assert.equal(readLimits().maxLineLength, 100_000);
 * ```
 *
 * @param limits Limits to override.
 * @returns All limits.
 */
export function readLimits(limits: Partial<ReadLimits> = {}): ReadLimits {
  const out = { ...DEFAULT_READ_LIMITS };
  for (const key of Object.keys(out) as (keyof ReadLimits)[]) {
    const value = limits[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * The most characters of one XML attribute value (an id, a number, an error type): 1,000,
 * far above what real gold files hold (CoNLL-2014's longest is a merged error type of a few
 * dozen characters). The XML reader refuses a longer one at its tag.
 */
export const MAX_XML_ATTRIBUTE_LENGTH = 1000;

/**
 * The most bytes read from one file that is read whole (the meta-evaluation's human and
 * score files, after gunzip): 64 MiB, six times the largest such file of CoNLL-2014 (the
 * expanded pairwise judgments, 10 MB unpacked).
 */
export const MAX_WHOLE_FILE_BYTES = 64 * 2 ** 20;

/**
 * Read a byte stream whole, but stop with an {@linkcode InputError} naming the file once it
 * holds more than `max` bytes (a device such as `/dev/zero`, a gzip bomb), so that memory
 * stays bounded whatever the file.
 *
 * @example Usage
 * ```ts
 * import { readAllBounded } from "./limits.ts";
 * import assert from "node:assert/strict";
 *
 * const stream = () => new Blob([new Uint8Array(10)]).stream();
 * assert.equal((await readAllBounded(stream(), "x.txt", 10)).length, 10);
 * await assert.rejects(readAllBounded(stream(), "x.txt", 9), /x\.txt: holds more than 9 bytes/);
 * ```
 *
 * @param stream The bytes.
 * @param file The file they come from, for the error.
 * @param max The most bytes accepted (default {@linkcode MAX_WHOLE_FILE_BYTES}).
 * @param what What is measured, for the error ("holds", "unpacks to").
 * @returns The bytes.
 */
export async function readAllBounded(
  stream: ReadableStream<Uint8Array>,
  file: string,
  max: number = MAX_WHOLE_FILE_BYTES,
  what = "holds",
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > max) {
        throw new InputError(
          `${what} more than ${max} bytes, the most gecscore reads of such a file`,
          file,
        );
      }
      chunks.push(value);
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
