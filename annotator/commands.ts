/**
 * The drop-in commands with ERRANT's arguments and output:
 *
 * ```sh
 * gecscore errant_parallel -orig ORIG -cor COR [COR ...] -out OUT [-lev] [-merge STRATEGY] [-analyses FILE.conllu]
 * gecscore errant_m2 (-auto | -gold) M2 -out OUT [-no_min] [-old_cats] [-lev] [-merge STRATEGY] [-analyses FILE.conllu]
 * ```
 *
 * `-analyses` (not in ERRANT) supplies ready analyses in CoNLL-U. ERRANT's `-tok` (tokenise with
 * spaCy) is refused: give whitespace-tokenised text. Unlike ERRANT, files of different lengths
 * are an error, not silently cut to the shortest.
 *
 * @module
 */

import { readChunks } from "../formats/text.ts";
import { InputError, UsageError } from "../plugins/errors.ts";
import { writeFileAtomic } from "../util/write_file_atomic.ts";
import { type Annotator, loadAnnotator } from "./annotate.ts";
import { parseConllu, readyAnalyser } from "./conllu.ts";
import type { MergeStrategy } from "./merge.ts";
import { m2ToM2 } from "./m2_to_m2.ts";
import { parallelToM2 } from "./parallel.ts";
import { loadWinkAnalyser } from "./tag.ts";
import {
  ERRANT_M2_HELP,
  ERRANT_M2_USAGE,
  ERRANT_PARALLEL_HELP,
  ERRANT_PARALLEL_USAGE,
} from "./command_help.ts";

/** Where a command writes. */
export interface CommandOutput {
  /** Standard output (nothing is written there today; the M2 goes to `-out`). */
  out?: (text: string) => void;
  /** Standard error: the one-line message of a failure. */
  err?: (text: string) => void;
}

const MERGES = new Set(["rules", "all-split", "all-merge", "all-equal"]);

interface Spec {
  /** Options taking one value. */
  one: string[];
  /** Options taking one or more values. */
  many: string[];
  /** Flags. */
  flags: string[];
}

/** argparse-style single-dash options; returns values, flags and positionals. */
function parse(args: string[], spec: Spec) {
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const name = a.startsWith("-") && a.length > 1 ? a.replace(/^--?/, "") : undefined;
    if (name === undefined) {
      positionals.push(a);
      continue;
    }
    if (spec.flags.includes(name)) flags.add(name);
    else if (spec.one.includes(name) || spec.many.includes(name)) {
      const got: string[] = [];
      while (i + 1 < args.length && !(args[i + 1].startsWith("-") && args[i + 1].length > 1)) {
        got.push(args[++i]);
        if (spec.one.includes(name)) break;
      }
      if (got.length === 0) throw new UsageError(`-${name} needs a value`);
      values.set(name, got);
    } else throw new UsageError(`Unknown option: ${a}`);
  }
  return { values, flags, positionals };
}

async function readText(path: string): Promise<string> {
  let text = "";
  for await (const chunk of readChunks(path)) text += chunk;
  return text;
}

function textLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

async function buildAnnotator(analyses: string | undefined): Promise<Annotator> {
  if (analyses === undefined) return loadAnnotator();
  const sentences = parseConllu(await readText(analyses), analyses);
  return loadAnnotator({ analyser: readyAnalyser(sentences, await loadWinkAnalyser()) });
}

function mergeOf(values: Map<string, string[]>): MergeStrategy {
  const merge = values.get("merge")?.[0] ?? "rules";
  if (!MERGES.has(merge)) {
    throw new UsageError(
      `-merge must be one of rules, all-split, all-merge, all-equal, not "${merge}"`,
    );
  }
  return merge as MergeStrategy;
}

async function guarded(usage: string, io: CommandOutput, body: () => Promise<void>) {
  try {
    await body();
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.err?.(`${e.message}\n${usage}\n`);
      return 2;
    }
    if (e instanceof InputError) {
      io.err?.(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

/**
 * `errant_parallel`: annotate corrected texts against their original; writes an M2 file.
 *
 * @example Usage
 * ```ts
 * import { equal } from "node:assert/strict";
 * import { errantParallelCommand } from "./commands.ts";
 * const dir = Deno.makeTempDirSync();
 * Deno.writeTextFileSync(`${dir}/orig`, "He go home .\n");
 * Deno.writeTextFileSync(`${dir}/cor`, "He goes home .\n");
 * const code = await errantParallelCommand(
 *   ["-orig", `${dir}/orig`, "-cor", `${dir}/cor`, "-out", `${dir}/out.m2`],
 *   {},
 * );
 * equal(code, 0);
 * equal(
 *   Deno.readTextFileSync(`${dir}/out.m2`),
 *   "S He go home .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n",
 * );
 * Deno.removeSync(dir, { recursive: true });
 * ```
 *
 * @param args The arguments after the command's name.
 * @param io Where to write messages.
 * @returns The exit status: 0 done, 1 bad input, 2 bad usage.
 */
export function errantParallelCommand(args: string[], io: CommandOutput): Promise<number> {
  if (args.includes("-h") || args.includes("--help")) {
    io.out?.(ERRANT_PARALLEL_HELP);
    return Promise.resolve(0);
  }
  return guarded(ERRANT_PARALLEL_USAGE, io, async () => {
    const { values, flags, positionals } = parse(args, {
      one: ["orig", "out", "merge", "analyses"],
      many: ["cor"],
      flags: ["lev", "tok"],
    });
    if (flags.has("tok")) {
      throw new UsageError(
        "-tok (tokenising with spaCy) is not available: give whitespace-tokenised text",
      );
    }
    if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
    for (const name of ["orig", "cor", "out"]) {
      if (!values.has(name)) throw new UsageError(`-${name} is required`);
    }
    const merge = mergeOf(values);
    const origPath = values.get("orig")![0];
    const corPaths = values.get("cor")!;
    const orig = textLines(await readText(origPath));
    const cors: string[][] = [];
    for (const path of corPaths) {
      const lines = textLines(await readText(path));
      if (lines.length !== orig.length) {
        throw new InputError(`has ${lines.length} lines, but ${origPath} has ${orig.length}`, path);
      }
      cors.push(lines);
    }
    const annotator = await buildAnnotator(values.get("analyses")?.[0]);
    const m2 = parallelToM2(orig, cors, annotator, { lev: flags.has("lev"), merge });
    await writeFileAtomic(values.get("out")![0], m2);
  });
}

/**
 * `errant_m2`: re-annotate an M2 file (`-gold` keeps the spans and retypes them, `-auto`
 * extracts the edits afresh from each annotator's corrected sentence).
 *
 * @example A gold edit retyped
 * ```ts
 * import { equal } from "node:assert/strict";
 * import { errantM2Command } from "./commands.ts";
 * const dir = Deno.makeTempDirSync();
 * Deno.writeTextFileSync(`${dir}/g.m2`, "S He go home .\nA 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0\n\n");
 * equal(await errantM2Command(["-gold", `${dir}/g.m2`, "-out", `${dir}/o.m2`], {}), 0);
 * equal(Deno.readTextFileSync(`${dir}/o.m2`).split("\n")[1], "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0");
 * Deno.removeSync(dir, { recursive: true });
 * ```
 *
 * @param args The arguments after the command's name.
 * @param io Where to write messages.
 * @returns The exit status: 0 done, 1 bad input, 2 bad usage.
 */
export function errantM2Command(args: string[], io: CommandOutput): Promise<number> {
  if (args.includes("-h") || args.includes("--help")) {
    io.out?.(ERRANT_M2_HELP);
    return Promise.resolve(0);
  }
  return guarded(ERRANT_M2_USAGE, io, async () => {
    const { values, flags, positionals } = parse(args, {
      one: ["out", "merge", "analyses"],
      many: [],
      flags: ["auto", "gold", "no_min", "old_cats", "lev"],
    });
    if (flags.has("auto") === flags.has("gold")) {
      throw new UsageError("give exactly one of -auto and -gold");
    }
    if (positionals.length !== 1) throw new UsageError("give one M2 file");
    if (!values.has("out")) throw new UsageError("-out is required");
    const merge = mergeOf(values);
    const file = positionals[0];
    const text = await readText(file);
    const annotator = await buildAnnotator(values.get("analyses")?.[0]);
    const m2 = m2ToM2(text, annotator, {
      mode: flags.has("auto") ? "auto" : "gold",
      noMin: flags.has("no_min"),
      oldCats: flags.has("old_cats"),
      lev: flags.has("lev"),
      merge,
    }, file);
    await writeFileAtomic(values.get("out")![0], m2);
  });
}
