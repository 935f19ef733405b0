/**
 * Read a gold file of any format in a registry, picked by extension or content. The
 * registry is given: the pipeline does not know which plugins are built in (see
 * `builtin.ts` for the `readGold` that defaults to the built-ins).
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type { Registry } from "../plugins/registry.ts";
import type { Format, GoldCorpus, ReadLimits } from "../plugins/types.ts";
import { readChunks } from "../formats/text.ts";

/**
 * Read a gold corpus with a registry's formats. The format is `format` when given, else the
 * one {@linkcode pickFormat} picks from the file's name and first bytes.
 *
 * @example Usage
 * ```ts
 * import { readGoldFile } from "./read_gold.ts";
 * import { Registry } from "../plugins/registry.ts";
 * import { m2Format } from "../formats/m2.ts";
 * import assert from "node:assert/strict";
 *
 * const registry = new Registry().use({ name: "m2", version: "1", formats: [m2Format] });
 * const gold = await readGoldFile("tests/testdata/m2scorer_example.m2", registry);
 * assert.equal(gold.format, "m2");
 * await assert.rejects(
 *   readGoldFile("no/such/file.m2", registry),
 *   /no\/such\/file\.m2: cannot open file/,
 * );
 * ```
 *
 * @param path The file.
 * @param registry The registry to look formats up in.
 * @param formatId An explicit format id (default: by extension, then by content).
 * @param limits Read limits passed to the format (defaults for what is not given; see
 *   {@linkcode ReadLimits}).
 * @returns The corpus.
 */
export async function readGoldFile(
  path: string,
  registry: Registry,
  formatId?: string,
  limits?: Partial<ReadLimits>,
): Promise<GoldCorpus> {
  const { format, chunks } = await openGold(path, registry, formatId);
  return await format.parse(chunks, path, limits);
}

/**
 * Pick the format of a file from its name and the start of its text. A format whose
 * extension the file has is taken unless its own `sniff()` rejects the text while exactly one
 * other format's accepts it; without an extension match, the one format whose `sniff()`
 * accepts the text. When several formats claim the text and the name does not settle it, that
 * is an {@linkcode InputError} naming them: the caller must name the format.
 *
 * @example Usage
 * ```ts
 * import { pickFormat } from "./read_gold.ts";
 * import { Registry } from "../plugins/registry.ts";
 * import { m2Format } from "../formats/m2.ts";
 * import assert from "node:assert/strict";
 *
 * const twin = { ...m2Format, id: "twin", extensions: [".twin"] };
 * const registry = new Registry().use({ name: "p", version: "1", formats: [m2Format, twin] });
 * assert.equal(pickFormat(registry, "a.m2", "S a\n")?.id, "m2");
 * assert.equal(pickFormat(registry, "a.twin", "S a\n")?.id, "twin");
 * assert.throws(() => pickFormat(registry, "a", "S a\n"), /formats m2 and twin both claim/);
 * assert.equal(pickFormat(registry, "a", "hello"), undefined);
 * ```
 *
 * @param registry The registry to look formats up in.
 * @param path The file name.
 * @param head The start of its text (a few KiB).
 * @returns The format, or undefined when none claims the file.
 */
export function pickFormat(registry: Registry, path: string, head: string): Format | undefined {
  const lower = path.toLowerCase();
  const byName = registry.formats.filter((f) =>
    f.extensions.some((ext) => lower.endsWith(ext.toLowerCase()))
  );
  const byContent = registry.formats.filter((f) => f.sniff?.(head) === true);
  const named = byName[0];
  if (named && (!named.sniff || byContent.includes(named) || byContent.length !== 1)) {
    return named;
  }
  if (byContent.length === 1) return byContent[0];
  if (byContent.length > 1) {
    const ids = byContent.map((f) => f.id);
    throw new InputError(
      `formats ${ids.slice(0, -1).join(", ")} and ${ids.at(-1)} both claim this file by its ` +
        "content and its name does not settle it; name the format to read it with",
      path,
    );
  }
  return undefined;
}

/**
 * The format of a gold file (as {@linkcode readGoldFile} picks it) and its text, not yet
 * read beyond the first chunk.
 *
 * @example Usage
 * ```ts
 * import { openGold } from "./read_gold.ts";
 * import { Registry } from "../plugins/registry.ts";
 * import { m2Format } from "../formats/m2.ts";
 * import assert from "node:assert/strict";
 *
 * const registry = new Registry().use({ name: "m2", version: "1", formats: [m2Format] });
 * const { format } = await openGold("tests/testdata/m2scorer_example.m2", registry);
 * assert.equal(format.id, "m2");
 * ```
 *
 * @param path The file.
 * @param registry The registry to look formats up in.
 * @param formatId An explicit format id (default: by extension, then by content).
 * @returns The format and the file's text chunks.
 */
export async function openGold(
  path: string,
  registry: Registry,
  formatId?: string,
): Promise<{ format: Format; chunks: AsyncGenerator<string> }> {
  let format = formatId ? registry.format(formatId) : undefined;
  const chunks = readChunks(path);
  const first = await chunks.next();
  const head = first.done ? "" : first.value;
  if (head.replace(/^\uFEFF/, "").trim() === "" && first.done) {
    throw new InputError("file is empty", path);
  }
  if (!format) format = pickFormat(registry, path, head.slice(0, 4096));
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
  return { format, chunks: all() };
}
