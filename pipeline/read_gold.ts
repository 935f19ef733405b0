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
import { isRegularFile } from "../formats/read_chunks.ts";
import { readChunks } from "../formats/text.ts";
import { isOwnFormat } from "./own_formats.ts";

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

/** The format that claims a file among some formats, and whether it did by the file's name. */
function claim(
  formats: readonly Format[],
  path: string,
  head: string,
): { format: Format; byName: boolean } | undefined {
  const lower = path.toLowerCase();
  const byName = formats.filter((f) =>
    f.extensions.some((ext) => lower.endsWith(ext.toLowerCase()))
  );
  const byContent = formats.filter((f) => f.sniff?.(head) === true);
  const named = byName[0];
  if (named && (!named.sniff || byContent.includes(named) || byContent.length !== 1)) {
    return { format: named, byName: true };
  }
  if (byContent.length === 1) return { format: byContent[0], byName: false };
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
 * Pick the format of a file from its name and the start of its text, gecscore's own formats
 * first ({@linkcode isOwnFormat}): a plugin's format never takes a file one of them claims,
 * so a plugin cannot change how built-in data is read without being named. Among either
 * kind, a format whose extension the file has is taken unless its own `sniff()` rejects the
 * text while exactly one other format's accepts it; without an extension match, the one format
 * whose `sniff()` accepts the text. When several formats of one kind claim the text and the
 * name does not settle it, that is an {@linkcode InputError} naming them: the caller must name
 * the format. With a `fallback` (plain text, for a system), the file is the fallback's unless
 * a format claims it by name: a plugin's `sniff()` alone never takes it.
 *
 * @example Usage
 * ```ts
 * import { pickFormat } from "./read_gold.ts";
 * import { Registry } from "../plugins/registry.ts";
 * import { m2Format } from "../formats/m2.ts";
 * import { textFormat } from "../formats/text.ts";
 * import assert from "node:assert/strict";
 *
 * const twin = { ...m2Format, id: "twin", extensions: [".twin"] };
 * const triplet = { ...m2Format, id: "triplet", extensions: [".triplet"] };
 * const registry = new Registry().use({ name: "p", version: "1", formats: [twin, triplet] });
 * assert.equal(pickFormat(registry, "a.twin", "S a\n")?.id, "twin");
 * assert.throws(() => pickFormat(registry, "a", "S a\n"), /formats twin and triplet both claim/);
 * assert.equal(pickFormat(registry, "a", "hello"), undefined);
 * // gecscore's own M2 format claims the file: the plugin's twin does not take it.
 * registry.use({ name: "m2", version: "1", formats: [m2Format] });
 * assert.equal(pickFormat(registry, "a.twin", "S a\n")?.id, "m2");
 * // A system: plain text unless a format claims the file by name.
 * assert.equal(pickFormat(new Registry().use({ name: "p", version: "1", formats: [twin] }), "a", "S a\n", textFormat)?.id, "text");
 * ```
 *
 * @param registry The registry to look formats up in.
 * @param path The file name.
 * @param head The start of its text (a few KiB).
 * @param fallback The format of a file no format claims by name (plain text, for a system).
 * @returns The format, or undefined when none claims the file.
 */
export function pickFormat(
  registry: Registry,
  path: string,
  head: string,
  fallback?: Format,
): Format | undefined {
  const formats = registry.formats;
  const own = claim(formats.filter((f) => isOwnFormat(f)), path, head);
  if (own) return own.format;
  const plugin = claim(formats.filter((f) => !isOwnFormat(f)), path, head);
  if (!plugin || (fallback && !plugin.byName)) return fallback;
  return plugin.format;
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
  const chunks = await isRegularFile(path) ? readChunks(path) : pipeChunks(path);
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

/**
 * The most characters read from a gold that is not a regular file (a pipe, a device): 16 Mi,
 * some 45,000 annotated sentences of CoNLL-2014. A pipe is read whole, once; one fed without
 * end would otherwise fill the memory.
 */
export const MAX_PIPE_CHARS = 16 * 2 ** 20;

/** The chunks of a pipe, refused past {@linkcode MAX_PIPE_CHARS}. */
async function* pipeChunks(path: string): AsyncGenerator<string> {
  let length = 0;
  for await (const chunk of readChunks(path)) {
    length += chunk.length;
    if (length > MAX_PIPE_CHARS) {
      throw new InputError(
        `is a pipe that gave more than ${
          MAX_PIPE_CHARS.toLocaleString("en-US")
        } characters, the most read from a pipe; give the gold as a file`,
        path,
      );
    }
    yield chunk;
  }
}
