/**
 * The `gecscore convert` command: read a gold file in any registered format and write it in
 * another (the conversion itself is `pipeline/convert.ts`).
 *
 * @module
 */

import { parseCommandArgs } from "./args.ts";
import { UsageError } from "../plugins/errors.ts";
import type { Registry } from "../plugins/registry.ts";
import { createRegistry, readGold } from "../builtin.ts";
import { conversionLosses, forConversion, writerIds } from "../pipeline/convert.ts";
import { checkWritable, writeOutput } from "./write_output.ts";

/** The help text of `gecscore convert`. */
export const CONVERT_HELP = `Usage:
  gecscore convert IN OUT [--to FORMAT] [--gold-format FORMAT]

Convert a gold file between formats: M2 (.m2) and I-measure XML (.xml). The input format is
picked by IN's extension or content; the output format by --to, else by OUT's extension.
OUT is written whole or not at all (through a temporary file in its folder). OUT "-" or
/dev/stdout is standard output; a device or named pipe is written directly; the summary line
then goes to stderr.

M2 to XML clusters overlapping edits of different annotators into errors with one
alternative per annotator, as the I-measure's m2_to_ixml.py does (only the first of an
edit's || corrections is kept; corrections are not re-tokenized). XML to M2 gives one
annotator per ann id and one edit per <c>, REQUIRED, with its error's type. What a conversion
cannot carry over (per-edit types, req="no", || alternatives) is said on stderr with a count.

Options:
  --to FORMAT   output format id: m2 or ixml (or a plugin format that can write)
  --gold-format FORMAT
                the input's format id (default: by IN's name and content)
  -h, --help    this help
`;

/** Where the command writes its messages, and the registry it looks formats up in. */
export interface ConvertContext {
  /** The registry (built-ins plus loaded plugins); the built-ins when absent. */
  registry?: Registry;
  /**
   * Output for the help and the summary line; standard output when absent. When OUT is not
   * a regular file (`/dev/stdout`, a pipe) the summary goes to `err`, so it never mixes
   * with the converted text.
   */
  io?: { out(text: string): void; err?(text: string): void };
}

/**
 * `gecscore convert IN OUT [--to m2|ixml]`: read a gold file in any registered format and
 * write it in another. Returns the exit status (0); bad arguments are a
 * {@linkcode UsageError}, unreadable or unconvertible input an `InputError`.
 *
 * @example Usage
 * ```ts
 * import { convertCommand } from "./convert.ts";
 * import { readGold } from "../builtin.ts";
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
  const registry = context.registry ?? createRegistry();
  const out = context.io?.out ?? ((text: string) => console.log(text.replace(/\n$/, "")));
  const parsed = parseCommandArgs("convert", {
    args,
    allowPositionals: true,
    options: {
      to: { type: "string" },
      "gold-format": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
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
      `convert: format "${format.id}" cannot write files; formats that can: ${writerIds(registry)}`,
    );
  }
  if (await sameFile(input, output)) {
    throw new UsageError(
      `convert: IN and OUT are the same file (${output}); write to a new file`,
    );
  }
  // Standard output is written as such: Deno lets only --allow-all open /dev/stdout.
  const toStdout = output === "-" || output === "/dev/stdout";
  if (!toStdout) checkWritable(output);
  const corpus = await readGold(input, {
    registry,
    format: values["gold-format"] as string | undefined,
  });
  const text = format.write(forConversion(corpus, format.id));
  const stream = toStdout ||
    await Deno.stat(output).then((i) => !i.isFile && !i.isDirectory, () => false);
  if (toStdout) out(text);
  else await writeOutput(output, text);
  const n = corpus.sentences.length;
  const say = stream
    ? context.io?.err ?? ((text: string) => console.error(text.replace(/\n$/, "")))
    : out;
  const warn = context.io?.err ?? ((text: string) => console.error(text.replace(/\n$/, "")));
  for (const loss of conversionLosses(corpus, format.id)) warn(`convert: lost: ${loss}\n`);
  say(
    `Converted ${n} ${
      n === 1 ? "sentence" : "sentences"
    }: ${input} (${corpus.format}) -> ${output} (${format.id})\n`,
  );
  return 0;
}

/** Whether two paths name one existing file (hard links and symbolic links included). */
async function sameFile(a: string, b: string): Promise<boolean> {
  try {
    const [x, y] = await Promise.all([Deno.stat(a), Deno.stat(b)]);
    return x.ino !== null && x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false; // OUT does not exist yet (or cannot be looked at): not the same file.
  }
}
