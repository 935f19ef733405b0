/**
 * Gold format conversion: M2 ⇄ I-measure XML, and the `gecscore convert` command.
 *
 * M2 → XML clusters the annotators' edits into error groups as the I-measure's converter
 * does (see {@linkcode errorGroups}); XML → M2 writes the annotations derived from the
 * alternatives (one M2 annotator per `ann` id, one `A` line per `<c>`).
 *
 * @module
 */

import { parseCommandArgs } from "../plugins/args.ts";
import { InputError, UsageError } from "../plugins/errors.ts";
import { Registry } from "../plugins/registry.ts";
import { builtinPlugin } from "../plugins/builtin.ts";
import type { GoldCorpus } from "../plugins/types.ts";
import { readGold } from "./read_gold.ts";

export { writeIxml } from "./ixml.ts";
export { writeM2 } from "./m2.ts";

/** The help text of `gecscore convert`. */
export const CONVERT_HELP = `Usage:
  gecscore convert IN OUT [--to FORMAT]

Convert a gold file between formats: M2 (.m2) and I-measure XML (.xml). The input format is
picked by IN's extension or content; the output format by --to, else by OUT's extension.
OUT is written whole or not at all (through a temporary file in its folder).

M2 to XML clusters overlapping edits of different annotators into errors with one
alternative per annotator, as the I-measure's m2_to_ixml.py does (only the first of an
edit's || corrections is kept; corrections are not re-tokenized). XML to M2 gives one
annotator per ann id and one edit per <c>; each edit gets its error's type and req.

Options:
  --to FORMAT   output format id: m2 or ixml (or a plugin format that can write)
  -h, --help    this help
`;

/** Where the command writes its messages, and the registry it looks formats up in. */
export interface ConvertContext {
  /** The registry (built-ins plus loaded plugins); the built-ins when absent. */
  registry?: Registry;
  /** Output for the help and the summary line; standard output when absent. */
  io?: { out(text: string): void };
}

/**
 * Convert a gold corpus to another format's text.
 *
 * @example Usage
 * ```ts
 * import { convertCorpus } from "./convert.ts";
 * import { parseM2 } from "./m2.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await parseM2(["S a b\nA 1 2|||X|||c|||REQUIRED|||-NONE-|||0\n"], "x.m2");
 * assert.match(convertCorpus(gold, "ixml"), /<c start="1" end="2">c<\/c>/);
 * assert.throws(() => convertCorpus(gold, "nope"), /Unknown format "nope"/);
 * ```
 *
 * @param corpus The corpus.
 * @param to The output format id.
 * @param registry Where to look the format up (the built-ins by default).
 * @returns The text in that format.
 */
export function convertCorpus(corpus: GoldCorpus, to: string, registry?: Registry): string {
  const format = (registry ?? builtins()).format(to);
  if (!format.write) {
    throw new UsageError(
      `Format "${to}" cannot write files; formats that can: ${writers(registry)}`,
    );
  }
  return format.write(corpus);
}

let builtinRegistry: Registry | undefined;

function builtins(): Registry {
  return builtinRegistry ??= new Registry().use(builtinPlugin);
}

function writers(registry?: Registry): string {
  return (registry ?? builtins()).formats.filter((f) => f.write).map((f) => f.id).join(", ");
}

/**
 * Write a file atomically: the text goes to a temporary file in the same folder, which is
 * then renamed over the target, so a failure never leaves a half-written file behind.
 *
 * @example Usage
 * ```ts
 * import { writeFileAtomic } from "./convert.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir({ dir: "/tmp" });
 * await writeFileAtomic(`${dir}/out.txt`, "hello\n");
 * assert.equal(await Deno.readTextFile(`${dir}/out.txt`), "hello\n");
 * await assert.rejects(writeFileAtomic(`${dir}/no/such/dir/out.txt`, "x"), /cannot write file/);
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param path The file to write.
 * @param text Its new content.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const slash = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  const dir = slash >= 0 ? path.slice(0, slash + 1) : "";
  const name = path.slice(slash + 1);
  const temp = `${dir}.${name}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  try {
    await Deno.writeTextFile(temp, text, { createNew: true });
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    const why = error instanceof Deno.errors.NotFound
      ? "no such folder"
      : error instanceof Deno.errors.NotCapable
      ? "permission denied (run Deno with --allow-write)"
      : error instanceof Deno.errors.PermissionDenied
      ? "permission denied"
      : error instanceof Deno.errors.IsADirectory
      ? "is a directory"
      : error instanceof Error
      ? error.message.split("\n")[0]
      : String(error);
    throw new InputError(`cannot write file: ${why}`, path);
  }
}

/**
 * `gecscore convert IN OUT [--to m2|ixml]`: read a gold file in any registered format and
 * write it in another. Returns the exit status (0); bad arguments are a
 * {@linkcode UsageError}, unreadable or unconvertible input an {@linkcode InputError}.
 *
 * @example Usage
 * ```ts
 * import { convertCommand } from "./convert.ts";
 * import { readGold } from "./read_gold.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir({ dir: "/tmp" });
 * const io = { out: (_: string) => {} };
 * assert.equal(await convertCommand(["tests/testdata/imeasure_example.xml", `${dir}/gold.m2`], { io }), 0);
 * const m2 = await readGold(`${dir}/gold.m2`);
 * assert.equal(m2.sentences[0].annotations?.length, 2);
 * await assert.rejects(convertCommand(["only-one-file"], { io }), /expected IN and OUT/);
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param args The arguments after `convert`.
 * @param context The registry and output (the built-ins and standard output by default).
 * @returns The exit status.
 */
export async function convertCommand(
  args: string[],
  context: ConvertContext = {},
): Promise<number> {
  const registry = context.registry ?? builtins();
  const out = context.io?.out ?? ((text: string) => console.log(text.replace(/\n$/, "")));
  const parsed = parseCommandArgs("convert", {
    args,
    allowPositionals: true,
    options: { to: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const { values, positionals } = parsed;
  if (values.help) {
    out(CONVERT_HELP);
    return 0;
  }
  if (positionals.length !== 2) {
    throw new UsageError(
      `convert: expected IN and OUT, found ${positionals.length} file ${
        positionals.length === 1 ? "name" : "names"
      }; usage: gecscore convert IN OUT [--to m2|ixml]`,
    );
  }
  const [input, output] = positionals;
  let format;
  if (values.to !== undefined) {
    format = registry.format(values.to);
  } else {
    format = registry.formatFor(output);
    if (!format) {
      throw new UsageError(
        `convert: cannot tell the output format from "${output}"; add --to ${
          registry.formats.filter((f) => f.write).map((f) => f.id).join("|")
        } or use a known extension`,
      );
    }
  }
  if (!format.write) {
    throw new UsageError(
      `convert: format "${format.id}" cannot write files; formats that can: ${writers(registry)}`,
    );
  }
  const corpus = await readGold(input, { registry });
  const text = format.write(corpus);
  await writeFileAtomic(output, text);
  out(
    `Converted ${corpus.sentences.length} sentences: ${input} (${corpus.format}) -> ${output} (${format.id})\n`,
  );
  return 0;
}
