/**
 * `gecscore gleu`, `gecscore sgleu` and `gecscore mgleu`: drop-ins for the three commands of
 * shotakoyama/gleu (the GLEU MultiGEC-2025 scores with). Same arguments, same output text:
 *
 * ```sh
 * gecscore gleu  -s SOURCE -r REF [REF ...] -o HYP [HYP ...] [-n N] [-i ITER] [-d DIGITS] [-t word|char] [-m] [-f] [-v]
 * gecscore sgleu ...   # one line per sentence, a column per hypothesis file
 * gecscore mgleu ...   # the mean of the sentence scores, per hypothesis file
 * ```
 *
 * @module
 */

import { InputError, UsageError } from "../../plugins/errors.ts";
import type { CommandIo } from "../../plugins/types.ts";
import { decimalRoundHalfUp } from "../../util/decimal_round.ts";
import { numpySum } from "../../util/numpy_sum.ts";
import { prettyTable } from "../../util/pretty_table.ts";
import {
  bestReference,
  type GleuKoyamaStats,
  type GleuUnit,
  koyamaCorpusMax,
  koyamaCorpusSample,
  koyamaGold,
  koyamaSentence,
  koyamaSentenceTables,
  koyamaStats,
  type KoyamaTable,
} from "./koyama.ts";

/** Which of the three commands. */
export type KoyamaCommandName = "gleu" | "sgleu" | "mgleu";

/** Usage line of a command. */
export function koyamaUsage(name: KoyamaCommandName): string {
  return `Usage: gecscore ${name} [-n N] -s SOURCE -r REF [REF ...] -o HYP [HYP ...] [-i ITER] ` +
    "[-d DIGITS] [-p PROC] [-t {char,word}] [-m] [-f] [-v]";
}

interface Parsed {
  n: number;
  source?: string;
  refs?: string[];
  hyps?: string[];
  iter: number;
  digit: number;
  token: GleuUnit;
  max: boolean;
  fix: boolean;
  verbose: boolean;
  help: boolean;
}

const LONG: Record<string, string> = {
  src: "s",
  source: "s",
  ref: "r",
  references: "r",
  out: "o",
  outputs: "o",
  iter: "i",
  digit: "d",
  proc: "p",
  token: "t",
  max: "m",
  fix: "f",
  "fix-seed": "f",
  verbose: "v",
  help: "h",
};
const VALUED = new Set(["n", "s", "r", "o", "i", "d", "p", "t"]);
const FLAGS = new Set(["m", "f", "v", "h"]);

/** Does argparse take this argument for an option (rather than a value)? */
function isOption(arg: string): boolean {
  return arg.startsWith("-") && arg !== "-" && !/^-\d+$|^-\d*\.\d+$/.test(arg);
}

function integer(value: string, flag: string): number {
  if (!/^\s*[+-]?\d+(_\d+)*\s*$/.test(value)) {
    throw new UsageError(`Argument ${flag}: invalid int value: '${value}'`);
  }
  return Number(value.replace(/_/g, ""));
}

/** Parse the arguments as the reference's argparse parser does. */
export function parseKoyamaArgs(args: readonly string[]): Parsed {
  const out: Parsed = {
    n: 4,
    iter: 500,
    digit: 2,
    token: "word",
    max: false,
    fix: false,
    verbose: false,
    help: false,
  };
  const take = (key: string, flag: string, inline: string | undefined, at: number): number => {
    if (key === "r" || key === "o") {
      const values: string[] = inline !== undefined ? [inline] : [];
      let k = at + 1;
      while (k < args.length && !isOption(args[k])) values.push(args[k++]);
      if (!values.length) throw new UsageError(`Argument ${flag}: expected at least one argument`);
      if (key === "r") out.refs = values;
      else out.hyps = values;
      return k;
    }
    let value = inline;
    let k = at + 1;
    if (value === undefined) {
      if (k >= args.length || isOption(args[k])) {
        throw new UsageError(`Argument ${flag}: expected one argument`);
      }
      value = args[k++];
    }
    if (key === "n") out.n = integer(value, flag);
    else if (key === "i") out.iter = integer(value, flag);
    else if (key === "d") out.digit = integer(value, flag);
    else if (key === "p") integer(value, flag);
    else if (key === "s") out.source = value;
    else if (key === "t") {
      if (value !== "word" && value !== "char") {
        throw new UsageError(
          `Argument ${flag}: invalid choice: '${value}' (choose from 'char', 'word')`,
        );
      }
      out.token = value;
    }
    return k;
  };
  const flag = (key: string) => {
    if (key === "m") out.max = true;
    else if (key === "f") out.fix = true;
    else if (key === "v") out.verbose = true;
    else out.help = true;
  };
  let k = 0;
  while (k < args.length) {
    const arg = args[k];
    if (arg === "--") {
      if (k + 1 < args.length) {
        throw new UsageError(`Unrecognized arguments: ${args.slice(k + 1).join(" ")}`);
      }
      break;
    }
    if (!isOption(arg)) throw new UsageError(`Unrecognized arguments: ${arg}`);
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = arg.slice(2, eq < 0 ? undefined : eq);
      const inline = eq < 0 ? undefined : arg.slice(eq + 1);
      let key = LONG[name];
      if (key === undefined) {
        const matches = Object.keys(LONG).filter((l) => l.startsWith(name));
        if (matches.length > 1) {
          throw new UsageError(
            `Ambiguous option: --${name} could match ${matches.map((m) => `--${m}`).join(", ")}`,
          );
        }
        if (!matches.length) throw new UsageError(`Unrecognized arguments: ${arg}`);
        key = LONG[matches[0]];
      }
      if (FLAGS.has(key)) {
        if (inline !== undefined) {
          throw new UsageError(`Argument --${name}: ignored explicit argument '${inline}'`);
        }
        flag(key);
        k++;
      } else k = take(key, `--${name}`, inline, k);
      continue;
    }
    // Short options, possibly bundled (-mv) or with an attached value (-d4).
    let rest = arg.slice(1);
    let next = k + 1;
    while (rest) {
      const key = rest[0];
      if (FLAGS.has(key)) {
        flag(key);
        rest = rest.slice(1);
      } else if (VALUED.has(key)) {
        const inline = rest.length > 1 ? rest.slice(1).replace(/^=/, "") : undefined;
        next = take(key, `-${key}`, inline, k);
        rest = "";
      } else {
        throw new UsageError(`Unrecognized arguments: ${arg}`);
      }
    }
    k = next;
  }
  return out;
}

/**
 * Lines of a file as Python's text mode reads them: UTF-8 with a byte order mark kept as a
 * character (the reference opens files as plain `utf-8`), universal newlines.
 */
async function readLines(path: string): Promise<string[]> {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(path);
  } catch (error) {
    const reason = error instanceof Deno.errors.NotFound
      ? "no such file"
      : (error as Error).message;
    throw new InputError(`cannot open file: ${reason}`, path);
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new InputError("is not valid UTF-8", path);
  }
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

function tableText(t: KoyamaTable, digit: number): string {
  const r = (x: number) => decimalRoundHalfUp(100 * x, digit);
  const header = ["", "match", "penal", "numer", "denom", "p", "bp", "gleu"];
  const rows = t.matches.map((_, n) => [
    String(n + 1),
    ...[t.matches[n], t.penalties[n], t.numerators[n], t.denominators[n]].map(String),
    r(t.precisions[n]),
    r(t.bp),
    r(t.gleus[n]),
  ]);
  const sum = (xs: number[]) => String(xs.reduce((a, b) => a + b, 0));
  rows.push([
    "total",
    ...[t.matches, t.penalties, t.numerators, t.denominators].map(sum),
    r(t.precision),
    r(t.bp),
    r(t.gleu),
  ]);
  return prettyTable(header, rows) + "\n";
}

/**
 * Run one of the commands.
 *
 * @example The corpus score of one hypothesis file
 * ```ts
 * import { koyamaCommand } from "./koyama_command.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/src`, "He go to school .\n");
 * await Deno.writeTextFile(`${dir}/ref`, "He goes to school .\n");
 * await Deno.writeTextFile(`${dir}/hyp`, "He goes to school .\n");
 * let out = "";
 * const code = await koyamaCommand(
 *   "gleu",
 *   ["-s", `${dir}/src`, "-r", `${dir}/ref`, "-o", `${dir}/hyp`, "-d", "4", "-f"],
 *   { out: (text) => out += text },
 * );
 * assert.equal(code, 0);
 * assert.equal(out, `${dir}/hyp\t100.0000\n`);
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param name Which command.
 * @param args The arguments after the command name.
 * @param io Where to write standard output and error.
 * @returns The exit status: 0 done, 1 bad input, 2 bad usage.
 */
export async function koyamaCommand(
  name: KoyamaCommandName,
  args: string[],
  io: Partial<CommandIo>,
): Promise<number> {
  const out = io.out ?? (() => {});
  const err = io.err ?? (() => {});
  try {
    const o = parseKoyamaArgs(args);
    if (o.help) {
      out(koyamaUsage(name) + "\n");
      return 0;
    }
    const missing = [
      o.source === undefined && "-s/--src/--source",
      o.refs === undefined && "-r/--ref/--references",
      o.hyps === undefined && "-o/--out/--outputs",
    ].filter(Boolean);
    if (missing.length) {
      throw new UsageError(`The following arguments are required: ${missing.join(", ")}`);
    }
    if (o.n < 1) throw new UsageError(`-n must be at least 1, got ${o.n}`);
    if (o.iter < 1 && name === "gleu" && !o.max) {
      throw new UsageError(`-i must be at least 1, got ${o.iter}`);
    }
    const source = await readLines(o.source!);
    const refs = await Promise.all(o.refs!.map(readLines));
    const hyps = await Promise.all(o.hyps!.map(readLines));
    // The reference zips the files (the shortest sets the length) and asserts the source
    // has as many lines.
    const count = source.length;
    for (const [files, lines] of [[o.refs!, refs], [o.hyps!, hyps]] as const) {
      lines.forEach((l, f) => {
        if (l.length < count) {
          throw new InputError(`has ${l.length} lines but the source has ${count}`, files[f]);
        }
        if (l.length > count) {
          err(
            `${name}: warning: ${files[f]}: ${l.length - count} line(s) beyond the source's ` +
              `${count} are ignored, as the reference tool ignores them\n`,
          );
        }
      });
    }
    const golds = source.map((s, i) => koyamaGold(s, refs.map((r) => r[i]), o.n, o.token));
    const statsOf = (h: number) => golds.map((g, i) => koyamaStats(g, hyps[h][i]));
    const round = (x: number) => decimalRoundHalfUp(100 * x, o.digit);
    if (name === "sgleu") {
      const all = hyps.map((_, h) => statsOf(h));
      const select = o.max ? "max" : "sample";
      for (let i = 0; i < count; i++) {
        if (!o.verbose) {
          out(all.map((s) => round(koyamaSentence(s[i], select).gleu)).join("\t") + "\n");
          continue;
        }
        let text = "";
        all.forEach((s, h) => {
          const tables = koyamaSentenceTables(s[i]);
          const best = bestReference(tables);
          tables.forEach((t, r) => {
            text += `S-${i + 1}   \t${source[i]}\n` +
              `H-${i + 1}-${h + 1} \t${hyps[h][i]}\n` +
              `R-${i + 1}-${r + 1}${r === best ? "*" : " "}\t${refs[r][i]}\n` +
              tableText(t, o.digit);
          });
        });
        out(text);
      }
      return 0;
    }
    for (let h = 0; h < hyps.length; h++) {
      const stats: GleuKoyamaStats[] = statsOf(h);
      const path = o.hyps![h];
      if (name === "mgleu") {
        const select = o.max ? "max" : "sample";
        const values = stats.map((s) => koyamaSentence(s, select).gleu);
        out(`${path}\t${round(numpySum(values) / values.length)}\n`);
      } else if (o.max) {
        const table = koyamaCorpusMax(stats);
        out(
          o.verbose ? `${path}\n${tableText(table, o.digit)}` : `${path}\t${round(table.gleu)}\n`,
        );
      } else {
        const { gleu } = koyamaCorpusSample(stats, o.iter, o.fix ? "python2" : "random");
        out(`${path}\t${round(gleu)}\n`);
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof InputError || error instanceof RangeError) {
      err(`${name}: ${error.message}\n`);
      return 1;
    }
    if (error instanceof UsageError) {
      err(`${name}: ${error.message}; ${koyamaUsage(name)}\n`);
      return 2;
    }
    throw error;
  }
}
