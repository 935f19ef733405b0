/**
 * Read a gold file of any registered format, picked by extension or content.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import { Registry } from "../plugins/registry.ts";
import type { GoldCorpus, ReadLimits } from "../plugins/types.ts";
import { builtinPlugin } from "../plugins/builtin.ts";
import { readChunks } from "./text.ts";

let builtins: Registry | undefined;

/**
 * Read a gold corpus. The format is `format` when given, else the registered format whose
 * extension the file has, else the one whose `sniff()` accepts its first bytes.
 *
 * @example Usage
 * ```ts
 * import { readGold } from "./read_gold.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * assert.equal(gold.format, "m2");
 * await assert.rejects(readGold("no/such/file.m2"), /no\/such\/file\.m2: cannot open file/);
 * ```
 *
 * @param path The file.
 * @param options The registry to look formats up in, an explicit format id, and read limits
 *   (defaults for what is not given; see {@linkcode ReadLimits}).
 * @returns The corpus.
 */
export async function readGold(
  path: string,
  options: { registry?: Registry; format?: string; limits?: Partial<ReadLimits> } = {},
): Promise<GoldCorpus> {
  const registry = options.registry ?? (builtins ??= new Registry().use(builtinPlugin));
  let format = options.format ? registry.format(options.format) : undefined;
  const chunks = readChunks(path);
  const first = await chunks.next();
  const head = first.done ? "" : first.value;
  if (head.replace(/^\uFEFF/, "").trim() === "" && first.done) {
    throw new InputError("file is empty", path);
  }
  if (!format) format = registry.formatFor(path, head.slice(0, 4096));
  if (!format) {
    throw new InputError(
      `cannot tell the gold format from the name or content; known formats: ${
        registry.formats.map((f) => `${f.id} (${f.extensions.join(" ")})`).join(", ")
      }`,
      path,
    );
  }
  async function* all(): AsyncGenerator<string> {
    if (!first.done) yield head;
    yield* chunks;
  }
  return await format.parse(all(), path, options.limits);
}
