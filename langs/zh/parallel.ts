/**
 * `gecscore cherrant_parallel`: a drop-in for ChERRANT's `parallel_to_m2.py`. It reads the
 * MuCGEC parallel format (`id \t source \t target1 \t target2 ...`), converts the targets to
 * simplified characters (OpenCC `t2s`, by the opencc-js package) unless `--no_simplified`,
 * and writes every target's edits in ChERRANT's M2 (the file it writes is the same, byte for
 * byte). At word level (`-g word`) the sentences must come segmented (see `segmented.ts`):
 * there is no LTP here.
 *
 * @example Annotating two references
 * ```ts
 * import { parallelToM2 } from "./parallel.ts";
 * import assert from "node:assert/strict";
 *
 * const m2 = await parallelToM2("1\t我去学校\t我们去学校\t没有错误\n", "in.txt", {});
 * assert.equal(m2, [
 *   "S 我 去 学 校",
 *   "T0-A0 我 们 去 学 校",
 *   "A 1 1|||M|||们|||REQUIRED|||-NONE-|||0",
 *   "T1 没有错误",
 *   "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1",
 *   "", "",
 * ].join("\n"));
 * ```
 *
 * @module
 */

import { InputError, UsageError } from "../../plugins/mod.ts";
import { readText } from "../../formats/mod.ts";
import type { CommandIo } from "../../plugins/mod.ts";
import { choice, int, parseArgs } from "./args.ts";
import { CHERRANT_PARALLEL_HELP } from "./help.ts";
import { createAnnotator, type Strategy } from "./annotate.ts";
import { loadResources } from "./resources.ts";
import { pyLines, pySplit, pyStrip } from "./text.ts";
import { charTokenizer } from "./tokenize.ts";
import type { Granularity, ZhToken } from "./token.ts";
import { loadT2s } from "./t2s.ts";
import { loadWordPiece } from "./wordpiece.ts";

/** Options of `parallelToM2` (ChERRANT's flags). */
export interface ParallelOptions {
  /** `char` (default) or `word` (word level needs segmented input). */
  granularity?: Granularity;
  /** `all` (default): every cheapest alignment; `first`: only the first. */
  strategy?: Strategy;
  /** The sentences are split into tokens on spaces (`--segmented`). */
  segmented?: boolean;
  /** Do not convert targets to simplified characters (`--no_simplified`). */
  noSimplified?: boolean;
  /** Split with BERT word pieces (`--bpe`, character level). */
  bpe?: boolean;
  /** Word level: tagged sentences by their text, from a CoNLL-U file (`--conllu`). */
  analyses?: ReadonlyMap<string, string>;
  /** Word level: the text of FASPell's `char_meta.txt`, for `S:SPELL` (`--char_meta`). */
  charMeta?: string;
}

/**
 * Annotates a MuCGEC parallel file into ChERRANT's M2.
 *
 * @param text The file's text.
 * @param file Its name, for messages.
 * @param options ChERRANT's options.
 * @returns The M2 text.
 * @throws {InputError} For a line without a source or with an empty sentence.
 */
export async function parallelToM2(
  text: string,
  file: string,
  options: ParallelOptions,
): Promise<string> {
  const granularity = options.granularity ?? "char";
  const segmented = options.segmented ?? false;
  const [resources, t2s] = await Promise.all([
    loadResources(),
    options.noSimplified ? undefined : loadT2s(),
  ]);
  let tokenize: (s: string, line: number) => ZhToken[];
  let annotate;
  if (granularity === "word") {
    const analyses = options.analyses;
    if (!segmented && !analyses) {
      throw new UsageError(
        "-g word needs segmented sentences (--segmented: words separated by spaces, " +
          "optionally word/TAG) or --conllu FILE: there is no LTP segmenter here",
      );
    }
    const { spellCheck, wordTokenizer } = await import("./segmented.ts");
    const words = wordTokenizer(resources);
    tokenize = analyses
      ? (s, line) => {
        const tagged = analyses.get(s.replaceAll(" ", ""));
        if (tagged === undefined) {
          throw new InputError(`no CoNLL-U sentence reads ${JSON.stringify(s)}`, file, line);
        }
        return words(tagged);
      }
      : words;
    annotate = createAnnotator(
      resources,
      "word",
      options.strategy,
      spellCheck(resources, options.charMeta),
    );
  } else {
    const wordPiece = options.bpe && !segmented ? await loadWordPiece() : undefined;
    tokenize = charTokenizer(resources, { segmented, wordPiece });
    annotate = createAnnotator(resources, "char", options.strategy);
  }
  const clean = (s: string) => segmented ? pyStrip(s) : pySplit(s).join("");
  const tokens = new Map<string, ZhToken[]>();
  const tokensOf = (s: string, line: number): ZhToken[] => {
    if (s === "") {
      throw new InputError("an empty sentence (ChERRANT cannot annotate it)", file, line);
    }
    let t = tokens.get(s);
    if (!t) {
      try {
        t = tokenize(s, line);
      } catch (e) {
        if (e instanceof InputError) throw e;
        throw new InputError(e instanceof Error ? e.message : String(e), file, line);
      }
      tokens.set(s, t);
    }
    return t;
  };
  let out = "";
  pyLines(text).forEach((line, index) => {
    const fields = line.split("\t").slice(1);
    if (fields.length === 0) {
      throw new InputError(
        "expected `id TAB source [TAB target ...]`, found no tab",
        file,
        index + 1,
      );
    }
    const src = tokensOf(clean(fields[0]), index + 1);
    fields.slice(1).forEach((raw, k) => {
      let target = clean(raw);
      if (t2s) target = t2s(target);
      const block = annotate(src, tokensOf(target, index + 1), k);
      const lines = k === 0 ? block : block.slice(1);
      for (const l of lines) out += `${l}\n`;
    });
    out += "\n";
  });
  return out;
}

/**
 * Writes a file whole or not at all: into a temporary file beside it, then renamed.
 *
 * @param path The file.
 * @param text Its text.
 */
async function writeWhole(path: string, text: string): Promise<void> {
  const slash = path.lastIndexOf("/");
  const dir = slash < 0 ? "." : path.slice(0, slash) || "/";
  const temp = await Deno.makeTempFile({ dir, prefix: ".cherrant-" });
  try {
    await Deno.writeTextFile(temp, text);
    await Deno.rename(temp, path);
  } catch (e) {
    await Deno.remove(temp).catch(() => {});
    throw e;
  }
}

/**
 * Runs `cherrant_parallel` with the script's arguments.
 *
 * @param args The arguments.
 * @param io Where to write.
 * @returns The exit status.
 */
export async function cherrantParallelCommand(args: string[], io: CommandIo): Promise<number> {
  if (args.includes("-h") || args.includes("--help")) {
    io.out(CHERRANT_PARALLEL_HELP);
    return 0;
  }
  const name = "cherrant_parallel";
  const v = parseArgs(args, [
    { names: ["-f", "--file"], key: "file", kind: "value" },
    { names: ["-o", "--output"], key: "output", kind: "value" },
    { names: ["-b", "--batch_size"], key: "batch", kind: "value", convert: int("-b/--batch_size") },
    { names: ["-d", "--device"], key: "device", kind: "value", convert: int("-d/--device") },
    {
      names: ["-w", "--worker_num"],
      key: "workers",
      kind: "value",
      convert: int("-w/--worker_num"),
    },
    {
      names: ["-g", "--granularity"],
      key: "granularity",
      kind: "value",
      convert: choice("-g/--granularity", ["char", "word"]),
    },
    { names: ["-m", "--merge"], key: "merge", kind: "flag" },
    {
      names: ["-s", "--multi_cheapest_strategy"],
      key: "strategy",
      kind: "value",
      convert: choice("-s/--multi_cheapest_strategy", ["first", "all"]),
    },
    { names: ["--segmented"], key: "segmented", kind: "flag" },
    { names: ["--no_simplified"], key: "noSimplified", kind: "flag" },
    { names: ["--bpe"], key: "bpe", kind: "flag" },
    { names: ["--conllu"], key: "conllu", kind: "value" },
    { names: ["--char_meta"], key: "charMeta", kind: "value" },
  ], name);
  const missing = [["file", "-f/--file"], ["output", "-o/--output"]].filter(([k]) =>
    v[k] === undefined
  );
  if (missing.length) {
    throw new UsageError(
      `${name}: the following arguments are required: ${missing.map(([, n]) => n).join(", ")}`,
    );
  }
  const file = v.file as string;
  const text = await readText(file);
  const conllu = v.conllu as string | undefined;
  let analyses;
  if (conllu !== undefined) {
    const { readConllu } = await import("./segmented.ts");
    analyses = readConllu(await readText(conllu), conllu);
  }
  const charMeta = v.charMeta === undefined ? undefined : await readText(v.charMeta as string);
  const m2 = await parallelToM2(text, file, {
    granularity: v.granularity as Granularity | undefined,
    strategy: v.strategy as Strategy | undefined,
    segmented: v.segmented === true,
    noSimplified: v.noSimplified === true,
    bpe: v.bpe === true,
    analyses,
    charMeta,
  });
  const output = v.output as string;
  try {
    await writeWhole(output, m2);
  } catch (e) {
    throw new InputError(`cannot write: ${(e as Error).message}`, output);
  }
  return 0;
}
