/**
 * `gecscore cherrant_compare`: a drop-in for ChERRANT's `compare_m2_for_evaluation.py`, with its
 * arguments (`-hyp`, `-ref`, `--start`/`--end`, `--max_answer_num`, `--reference_num`, `-b`,
 * `-v`, `-dt`/`-ds`/`-cs`/`-cse`, `-single`, `-multi`, `-multi_hyp_avg`, `-multi_hyp_max`,
 * `-filt`, `-cat`) and its output, character for character. `-multi_hyp_avg` and
 * `-multi_hyp_max` are accepted and, as in the script, change nothing.
 *
 * @example ChERRANT's README demo
 * ```ts
 * import { compareM2Text } from "./compare_command.ts";
 * import assert from "node:assert/strict";
 *
 * const hyp = "S 我 去\nT0-A0 我 们 去\nA 1 1|||M|||们|||REQUIRED|||-NONE-|||0\n\n";
 * const ref = "S 我 去\nT0-A0 我 们 去 了\nA 1 1|||M|||们|||REQUIRED|||-NONE-|||0\nA 2 2|||M|||了|||REQUIRED|||-NONE-|||0\n\n";
 * const out = compareM2Text(hyp, ref, { beta: 0.5 });
 * assert.match(out, /\n1\t0\t1\t1\.0\t0\.5\t0\.8333\n/);
 * ```
 *
 * @module
 */

import { InputError, UsageError } from "../../plugins/mod.ts";
import type { CommandIo } from "../../plugins/mod.ts";
import { choice, float, int, parseArgs } from "./args.ts";
import { CHERRANT_COMPARE_HELP } from "./help.ts";
import {
  type CompareMode,
  compareSentence,
  computeFScore,
  groupCategories,
  processEdits,
  simplifyBlock,
} from "./compare.ts";
import { pyCenter, pyFloat, pyLjust, pyRepr, type PyValue } from "./python.ts";
import { pyStrip } from "./text.ts";

/** The options of `compareM2Text`. */
export interface CompareOptions {
  /** F-score beta (default 0.5). */
  beta?: number;
  /** `cs` (default), `cse`, `ds`, `dt`. */
  mode?: CompareMode;
  /** Only single-token edits. */
  single?: boolean;
  /** Only multi-token edits. */
  multi?: boolean;
  /** Types left out. */
  filt?: readonly string[];
  /** Per-type table: 1, 2 or 3. */
  cat?: number;
  /** Print every comparison. */
  verbose?: boolean;
  /** First sentence (with `end`, a Python slice). */
  start?: number;
  /** One past the last sentence (with `start`). */
  end?: number;
  /** Keep annotators below this number (1, 2 or 3). */
  maxAnswerNum?: number;
  /** Only sentences with this many reference annotators. */
  referenceNum?: number;
}

/** Python's `list[start:end]`. */
function pySlice<T>(list: readonly T[], start: number, end: number): T[] {
  const n = list.length;
  const at = (i: number) => i < 0 ? Math.max(0, n + i) : Math.min(n, i);
  return list.slice(at(start), Math.max(at(start), at(end)));
}

/** The file's blocks as the script splits them. */
function blocks(text: string): string[] {
  return pyStrip(text.replace(/\r\n?/g, "\n")).split("\n\n");
}

const TITLES: Record<CompareMode, string> = {
  dt: " Token-Based Detection ",
  ds: " Span-Based Detection ",
  cse: " Span-Based Correction + Classification ",
  cs: " Span-Based Correction ",
};

/**
 * Scores a hypothesis M2 against a reference M2 and returns what the script prints.
 *
 * @param hypText The hypothesis M2.
 * @param refText The reference M2.
 * @param options The script's options.
 * @param files The two files' names, for messages.
 * @returns The output text.
 * @throws {InputError} When the files have different numbers of sentences or a bad edit line.
 */
export function compareM2Text(
  hypText: string,
  refText: string,
  options: CompareOptions,
  files: [string, string] = ["hyp", "ref"],
): string {
  const beta = options.beta ?? 0.5;
  const mode = options.mode ?? "cs";
  const filter = {
    mode,
    single: options.single ?? false,
    multi: options.multi ?? false,
    filt: options.filt ?? [],
  };
  let hyp = blocks(hypText), ref = blocks(refText);
  if (options.start !== undefined && options.end !== undefined) {
    hyp = pySlice(hyp, options.start, options.end);
    ref = pySlice(ref, options.start, options.end);
  }
  if (hyp.length !== ref.length) {
    throw new InputError(
      `has ${hyp.length} sentences but ${files[1]} has ${ref.length}`,
      files[0],
    );
  }
  const lines: string[] = [];
  const print = (...parts: string[]) => lines.push(parts.join(" "));
  const betaText = pyFloat(beta);
  const best = { tp: 0, fp: 0, fn: 0 };
  const cats = new Map<string, [number, number, number]>();
  const simplify = (block: string, file: string, sentence: number) => {
    try {
      return simplifyBlock(block, options.maxAnswerNum);
    } catch (e) {
      throw new InputError(`sentence ${sentence + 1}: ${(e as Error).message}`, file);
    }
  };
  hyp.forEach((hypBlock, sentId) => {
    const src = hypBlock.split("\n")[0];
    const hypCoders = processEdits(simplify(hypBlock, files[0], sentId), filter);
    const refCoders = processEdits(simplify(ref[sentId], files[1], sentId), filter);
    if (options.referenceNum !== undefined && refCoders.length !== options.referenceNum) return;
    const s = compareSentence(hypCoders, refCoders);
    if (s.skip) return;
    const k = chooseVerbose();
    function chooseVerbose(): number {
      let bestTp = 0, bestFp = 0, bestFn = 0, bestF = -1, chosen = -1;
      let bestHyp = 0, bestRef = 0;
      s.counts.forEach(([tp, fp, fn], pair) => {
        const [, , f] = computeFScore(tp + best.tp, fp + best.fp, fn + best.fn, beta);
        if (
          f > bestF || (f === bestF && tp > bestTp) ||
          (f === bestF && tp === bestTp && fp < bestFp) ||
          (f === bestF && tp === bestTp && fp === bestFp && fn < bestFn)
        ) {
          [bestTp, bestFp, bestFn, bestF, chosen] = [tp, fp, fn, f, pair];
          [bestHyp, bestRef] = [s.hyp[pair], s.ref[pair]];
        }
        if (options.verbose) {
          const h = hypCoders.find((c) => c.coder === s.hyp[pair])!;
          const r = refCoders.find((c) => c.coder === s.ref[pair])!;
          const sorted = (c: typeof h) => {
            const keys = [...c.edits.values()].map((e) => e.key).sort(compareTuples);
            return !keys.length || keys[0][0] === -1 ? [] : keys;
          };
          const [lp, lr, lf] = computeFScore(tp, fp, fn, beta);
          const [gp, gr, gf] = computeFScore(tp + best.tp, fp + best.fp, fn + best.fn, beta);
          print("-".repeat(40));
          print(`SENTENCE ${sentId}${src.slice(1)}`);
          print("-".repeat(40));
          print(`SENTENCE ${sentId} - HYP ${s.hyp[pair]} - REF ${s.ref[pair]}`);
          print("HYPOTHESIS EDITS :", pyRepr(sorted(h) as PyValue[]));
          print("REFERENCE EDITS  :", pyRepr(sorted(r) as PyValue[]));
          print("Local TP/FP/FN   :", String(tp), String(fp), String(fn));
          print(`Local P/R/F${betaText}  :`, pyFloat(lp), pyFloat(lr), pyFloat(lf));
          print(
            "Global TP/FP/FN  :",
            String(tp + best.tp),
            String(fp + best.fp),
            String(fn + best.fn),
          );
          print(`Global P/R/F${betaText}  :`, pyFloat(gp), pyFloat(gr), pyFloat(gf));
        }
      });
      if (options.verbose) {
        print("-".repeat(40));
        print(`^^ HYP ${bestHyp}, REF ${bestRef} chosen for sentence ${sentId}`);
      }
      return chosen;
    }
    if (k < 0) return;
    const [tp, fp, fn] = s.counts[k];
    best.tp += tp;
    best.fp += fp;
    best.fn += fn;
    for (const [cat, c] of s.cats[k]) {
      const known = cats.get(cat);
      if (known) { for (let i = 0; i < 3; i++) known[i] += c[i]; }
      else cats.set(cat, [...c]);
    }
  });
  const title = TITLES[mode];
  if (options.cat) {
    const grouped = groupCategories(cats, options.cat);
    print("");
    print(pyCenter(title, 66, "="));
    print(
      pyLjust("Category", 14),
      pyLjust("TP", 8),
      pyLjust("FP", 8),
      pyLjust("FN", 8),
      pyLjust("P", 8),
      pyLjust("R", 8),
      `F${betaText}`,
    );
    const rows = [...grouped].sort(([a], [b]) => compareCodePoints(a, b));
    for (const [cat, [tp, fp, fn]] of rows) {
      const [p, r, f] = computeFScore(tp, fp, fn, beta);
      print(
        pyLjust(cat, 14),
        pyLjust(String(tp), 8),
        pyLjust(String(fp), 8),
        pyLjust(String(fn), 8),
        pyLjust(pyFloat(p), 8),
        pyLjust(pyFloat(r), 8),
        pyFloat(f),
      );
    }
  }
  print("");
  print(pyCenter(title, 46, "="));
  print(["TP", "FP", "FN", "Prec", "Rec", `F${betaText}`].join("\t"));
  const [p, r, f] = computeFScore(best.tp, best.fp, best.fn, beta);
  print(
    [String(best.tp), String(best.fp), String(best.fn), pyFloat(p), pyFloat(r), pyFloat(f)].join(
      "\t",
    ),
  );
  print(pyCenter("", 46, "="));
  print("");
  return lines.map((l) => `${l}\n`).join("");
}

function compareCodePoints(a: string, b: string): number {
  const x = [...a], y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
    if (d) return d;
  }
  return x.length - y.length;
}

function compareTuples(a: readonly (number | string)[], b: readonly (number | string)[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i], y = b[i];
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return compareCodePoints(String(x), String(y));
  }
  return a.length - b.length;
}

/**
 * Runs `cherrant_compare` with the script's arguments.
 *
 * @param args The arguments.
 * @param io Where to write.
 * @returns The exit status.
 */
export async function cherrantCompareCommand(args: string[], io: CommandIo): Promise<number> {
  if (args.includes("-h") || args.includes("--help")) {
    io.out(CHERRANT_COMPARE_HELP);
    return 0;
  }
  const name = "cherrant_compare";
  const v = parseArgs(args, [
    { names: ["-hyp"], key: "hyp", kind: "value" },
    { names: ["-ref"], key: "ref", kind: "value" },
    { names: ["--start"], key: "start", kind: "value", convert: int("--start") },
    { names: ["--end"], key: "end", kind: "value", convert: int("--end") },
    { names: ["--max_answer_num"], key: "max", kind: "value", convert: int("--max_answer_num") },
    { names: ["--reference_num"], key: "refs", kind: "value", convert: int("--reference_num") },
    { names: ["-b", "--beta"], key: "beta", kind: "value", convert: float("-b/--beta") },
    { names: ["-v", "--verbose"], key: "verbose", kind: "flag" },
    { names: ["-dt"], key: "dt", kind: "flag" },
    { names: ["-ds"], key: "ds", kind: "flag" },
    { names: ["-cs"], key: "cs", kind: "flag" },
    { names: ["-cse"], key: "cse", kind: "flag" },
    { names: ["-single"], key: "single", kind: "flag" },
    { names: ["-multi"], key: "multi", kind: "flag" },
    { names: ["-multi_hyp_avg"], key: "avg", kind: "flag" },
    { names: ["-multi_hyp_max"], key: "max_hyp", kind: "flag" },
    { names: ["-filt"], key: "filt", kind: "values" },
    {
      names: ["-cat"],
      key: "cat",
      kind: "value",
      convert: (x) => Number(choice("-cat", ["1", "2", "3"])(x)),
    },
  ], name);
  const modes = (["dt", "ds", "cs", "cse"] as const).filter((m) => v[m]);
  if (modes.length > 1) {
    throw new UsageError(`${name}: argument -${modes[1]}: not allowed with argument -${modes[0]}`);
  }
  const missing = ["hyp", "ref"].filter((k) => v[k] === undefined);
  if (missing.length) {
    throw new UsageError(
      `${name}: the following arguments are required: ${missing.map((k) => `-${k}`).join(", ")}`,
    );
  }
  const read = async (path: string) => {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(await Deno.readFile(path));
    } catch (e) {
      if (e instanceof TypeError) throw new InputError("is not UTF-8 text", path);
      if (e instanceof Deno.errors.NotFound) throw new InputError("no such file", path);
      throw new InputError((e as Error).message, path);
    }
  };
  const hypPath = v.hyp as string, refPath = v.ref as string;
  const [hypText, refText] = await Promise.all([read(hypPath), read(refPath)]);
  io.out(compareM2Text(hypText, refText, {
    beta: v.beta as number | undefined,
    mode: modes[0] === "dt" || modes[0] === "ds" || modes[0] === "cse" ? modes[0] : "cs",
    single: v.single === true,
    multi: v.multi === true,
    filt: (v.filt as string[] | undefined) ?? [],
    cat: v.cat as number | undefined,
    verbose: v.verbose === true,
    start: v.start as number | undefined,
    end: v.end as number | undefined,
    maxAnswerNum: v.max as number | undefined,
    referenceNum: v.refs as number | undefined,
  }, [hypPath, refPath]));
  return 0;
}
