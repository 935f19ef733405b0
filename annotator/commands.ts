/**
 * The drop-in commands with ERRANT's arguments and output:
 *
 * ```sh
 * gecscore errant_parallel (-orig ORIG -cor COR [COR ...] | -tsv PAIRS) -out OUT [-lev] [-merge STRATEGY]
 *   [-analyses FILE.conllu] [-lang XX] [--jobs N]
 * gecscore errant_m2 (-auto | -gold) M2 -out OUT [-no_min] [-old_cats] [-lev] [-merge STRATEGY]
 *   [-analyses FILE.conllu] [-lang XX] [--jobs N]
 * ```
 *
 * `-analyses` (not in ERRANT) supplies ready analyses in CoNLL-U; `-lang` annotates another
 * language from them (`build.ts`); `-tsv` reads (source, correction...) lines; `--jobs` sets the
 * workers of the stream (`stream.ts`). ERRANT's `-tok` (tokenise with spaCy) is refused: give
 * whitespace-tokenised text. Unlike ERRANT, files of different lengths are an error, not
 * silently cut to the shortest; an `-out` that is one of the inputs is refused; `-out -` is
 * standard output; the output is written whole or not at all.
 *
 * @module
 */

import { release } from "../formats/byte_lines.ts";
import { InputError, UsageError } from "../plugins/errors.ts";
import type { PluginCommandContext } from "../plugins/types.ts";
import { openFileAtomic, removeTemporaryFiles } from "../util/write_file_atomic.ts";
import type { AnnotatorSpec } from "./build.ts";
import type { MergeStrategy } from "./merge.ts";
import type { M2ToM2Options } from "./m2_to_m2.ts";
import {
  annotateParallelStream,
  type ParallelInput,
  reannotateM2Stream,
  type StreamOptions,
} from "./stream.ts";
import {
  ERRANT_M2_HELP,
  ERRANT_M2_USAGE,
  ERRANT_PARALLEL_HELP,
  ERRANT_PARALLEL_USAGE,
} from "./command_help.ts";

/** Where a command writes. */
export interface CommandOutput {
  /** Standard output: the help, and the M2 with `-out -`. */
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

function mergeOf(values: Map<string, string[]>): MergeStrategy {
  const merge = values.get("merge")?.[0] ?? "rules";
  if (!MERGES.has(merge)) {
    throw new UsageError(
      `-merge must be one of rules, all-split, all-merge, all-equal, not "${merge}"`,
    );
  }
  return merge as MergeStrategy;
}

/** The identity of an existing file (device and inode, or its real path), or undefined. */
async function identity(path: string): Promise<string | undefined> {
  try {
    const info = await Deno.stat(path);
    if (!info.isFile) return undefined;
    if (info.ino !== null && info.dev !== null) return `${info.dev}:${info.ino}`;
    return await Deno.realPath(path);
  } catch {
    return undefined;
  }
}

/** Refuses an `-out` that is one of the input files (it would be overwritten while read). */
async function checkNotInput(out: string, inputs: readonly [string, string][]): Promise<void> {
  if (out === "-") return;
  const target = await identity(out);
  if (target === undefined) return;
  for (const [option, path] of inputs) {
    if (await identity(path) === target) {
      throw new InputError(
        `-out is the same file as ${option} ${path}; refusing to overwrite an input`,
        out,
      );
    }
  }
}

/**
 * The annotator spec of `-lang` and `-analyses`: English by default; another language needs
 * ready analyses, and takes a language pack's rules when a registered plugin gives them.
 */
function specOf(
  values: Map<string, string[]>,
  context: PluginCommandContext | undefined,
): AnnotatorSpec {
  const analyses = values.get("analyses")?.[0];
  const lang = values.get("lang")?.[0];
  if (lang === undefined || lang === "en") return { analyses };
  if (!/^[a-z]{2,3}$/.test(lang)) {
    throw new UsageError(`-lang must be a language code such as uk or cs, not "${lang}"`);
  }
  if (analyses === undefined) {
    throw new UsageError(
      `-lang ${lang} needs -analyses FILE.conllu (the sentences analysed by UDPipe, Stanza, ` +
        "spaCy or Trankit): the built-in tagger is for English only",
    );
  }
  const ref = context?.plugins.flatMap((p) => p.annotatorLanguages ?? [])
    .find((l) => l.code === lang);
  return {
    analyses,
    lang,
    language: ref ? { module: ref.module, exportName: ref.exportName } : undefined,
  };
}

/** `--jobs N` / `-jobs N`: a positive whole number (capped at the number of cores later). */
function jobsOf(values: Map<string, string[]>): number | undefined {
  const raw = values.get("jobs")?.[0];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1) {
    throw new UsageError(`--jobs must be a whole number of at least 1, not "${raw}"`);
  }
  return n;
}

/** The signals that end a process by default and that a program can catch. */
const SIGNALS: Deno.Signal[] = Deno.build.os === "windows"
  ? ["SIGINT", "SIGBREAK"]
  : ["SIGINT", "SIGTERM", "SIGHUP"];
const SIGNAL_STATUS: Partial<Record<Deno.Signal, number>> = {
  SIGHUP: 129,
  SIGINT: 130,
  SIGTERM: 143,
  SIGBREAK: 149,
};

/** A progress line on standard error when it is a terminal: sentences and sentences per second. */
function progressLine(io: CommandOutput): { tick?: (n: number) => void; end: () => void } {
  if (io.err === undefined || !Deno.stderr.isTerminal()) return { end: () => {} };
  const start = performance.now();
  let last = 0;
  let shown = false;
  return {
    tick: (n) => {
      const now = performance.now();
      if (now - last < 250) return;
      last = now;
      shown = true;
      const rate = Math.round(n / ((now - start) / 1000));
      io.err!(`\r${n.toLocaleString("en")} pairs, ${rate.toLocaleString("en")} pairs/s   `);
    },
    end: () => {
      if (shown) io.err!("\r\x1b[K");
    },
  };
}

/** A run stopped by a terminating signal (Ctrl-C): the command returns the signal's status. */
class Interrupted extends Error {
  /** @param status The exit status (128 + the signal's number). */
  constructor(readonly status: number) {
    super("interrupted");
  }
}

/**
 * Writes the pieces of `m2` to `out` (standard output for `-`) whole or not at all: a file is
 * written beside the target and renamed at the end. A failure, or a terminating signal (Ctrl-C),
 * stops the run at the next piece and removes that file; the target is left as it was.
 */
async function writeStream(
  out: string,
  io: CommandOutput,
  m2: (stream: StreamOptions) => AsyncGenerator<Uint8Array>,
  jobs: number | undefined,
): Promise<void> {
  const progress = progressLine(io);
  const stream: StreamOptions = { jobs, onProgress: progress.tick };
  let stopped: number | undefined;
  const listeners: [Deno.Signal, () => void][] = [];
  for (const signal of SIGNALS) {
    const listener = () => {
      stopped = SIGNAL_STATUS[signal] ?? 1;
      // The temporary file goes at once; the run stops at its next piece.
      removeTemporaryFiles();
    };
    try {
      Deno.addSignalListener(signal, listener);
      listeners.push([signal, listener]);
    } catch {
      // Not supported here: the default handling stays.
    }
  }
  const check = () => {
    if (stopped !== undefined) throw new Interrupted(stopped);
  };
  try {
    if (out === "-") {
      const decoder = new TextDecoder();
      for await (const piece of m2(stream)) {
        check();
        io.out?.(decoder.decode(piece, { stream: true }));
        release(piece);
      }
      return;
    }
    const file = await openFileAtomic(out);
    try {
      for await (const piece of m2(stream)) {
        check();
        await file.write(piece);
        release(piece);
      }
      check();
      await file.commit();
    } catch (error) {
      await file.abort();
      throw error;
    }
  } catch (error) {
    // Writing to a removed temporary file fails: the signal is the reason.
    check();
    throw error;
  } finally {
    for (const [signal, listener] of listeners) Deno.removeSignalListener(signal, listener);
    progress.end();
  }
}

async function guarded(usage: string, io: CommandOutput, body: () => Promise<void>) {
  try {
    await body();
    return 0;
  } catch (e) {
    if (e instanceof Interrupted) return e.status;
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
export function errantParallelCommand(
  args: string[],
  io: CommandOutput,
  context?: PluginCommandContext,
): Promise<number> {
  if (args.includes("-h") || args.includes("--help")) {
    io.out?.(ERRANT_PARALLEL_HELP);
    return Promise.resolve(0);
  }
  return guarded(ERRANT_PARALLEL_USAGE, io, async () => {
    const { values, flags, positionals } = parse(args, {
      one: ["orig", "out", "merge", "analyses", "tsv", "jobs", "lang"],
      many: ["cor"],
      flags: ["lev", "tok"],
    });
    if (flags.has("tok")) {
      throw new UsageError(
        "-tok (tokenising with spaCy) is not available: give whitespace-tokenised text",
      );
    }
    if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
    const tsv = values.get("tsv")?.[0];
    if (tsv !== undefined && (values.has("orig") || values.has("cor"))) {
      throw new UsageError("give either -tsv or -orig and -cor, not both");
    }
    for (const name of tsv !== undefined ? ["out"] : ["orig", "cor", "out"]) {
      if (!values.has(name)) throw new UsageError(`-${name} is required`);
    }
    const merge = mergeOf(values);
    const jobs = jobsOf(values);
    const out = values.get("out")![0];
    const analyses = values.get("analyses")?.[0];
    const input: ParallelInput = tsv !== undefined
      ? { tsv }
      : { orig: values.get("orig")![0], cors: values.get("cor")! };
    const inputs: [string, string][] = "tsv" in input
      ? [["-tsv", input.tsv]]
      : [["-orig", input.orig], ...input.cors.map((c): [string, string] => ["-cor", c])];
    if (analyses !== undefined) inputs.push(["-analyses", analyses]);
    const spec = specOf(values, context);
    await checkNotInput(out, inputs);
    await writeStream(
      out,
      io,
      (stream) => annotateParallelStream(input, spec, { lev: flags.has("lev"), merge, ...stream }),
      jobs,
    );
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
export function errantM2Command(
  args: string[],
  io: CommandOutput,
  context?: PluginCommandContext,
): Promise<number> {
  if (args.includes("-h") || args.includes("--help")) {
    io.out?.(ERRANT_M2_HELP);
    return Promise.resolve(0);
  }
  return guarded(ERRANT_M2_USAGE, io, async () => {
    const { values, flags, positionals } = parse(args, {
      one: ["out", "merge", "analyses", "jobs", "lang"],
      many: [],
      flags: ["auto", "gold", "no_min", "old_cats", "lev"],
    });
    if (flags.has("auto") === flags.has("gold")) {
      throw new UsageError("give exactly one of -auto and -gold");
    }
    if (positionals.length !== 1) throw new UsageError("give one M2 file");
    if (!values.has("out")) throw new UsageError("-out is required");
    const merge = mergeOf(values);
    const jobs = jobsOf(values);
    const file = positionals[0];
    const out = values.get("out")![0];
    const analyses = values.get("analyses")?.[0];
    const inputs: [string, string][] = [["the M2 file", file]];
    if (analyses !== undefined) inputs.push(["-analyses", analyses]);
    const spec = specOf(values, context);
    await checkNotInput(out, inputs);
    const options: M2ToM2Options = {
      mode: flags.has("auto") ? "auto" : "gold",
      noMin: flags.has("no_min"),
      oldCats: flags.has("old_cats"),
      lev: flags.has("lev"),
      merge,
    };
    await writeStream(
      out,
      io,
      (stream) => reannotateM2Stream(file, spec, { ...options, ...stream }),
      jobs,
    );
  });
}
