/**
 * `gecscore errant_compare`: a drop-in for ERRANT's `errant_compare` (v3.0.2) with the same
 * arguments and the same standard output, byte for byte.
 *
 * ```sh
 * gecscore errant_compare -hyp system.m2 -ref gold.m2 -cat 3
 * ```
 *
 * @module
 */

import { parseM2 } from "../../formats/m2.ts";
import { checkNoNul, openForReading } from "../../formats/text.ts";
import { InputError, UsageError } from "../../plugins/errors.ts";
import { READ_LIMIT_HELP, readLimitsFromFlags } from "../../plugins/command_args.ts";
import type { ReadLimits } from "../../plugins/types.ts";
import type { PluginCommand } from "../../plugins/types.ts";
import { errantCompareText, errantMetric, type ErrantOptions } from "./mod.ts";

/** Usage text of the command. */
export const ERRANT_COMPARE_USAGE: string =
  "Usage: gecscore errant_compare -hyp HYP -ref REF [-b BETA] [-v] [-dt | -ds | -cs | -cse] " +
  "[-single] [-multi] [-filt TYPE...] [-cat {1,2,3}]";

/** Help text of the command. */
export const ERRANT_COMPARE_HELP: string = `${ERRANT_COMPARE_USAGE}

Compare a hypothesis M2 file (the system's edits, e.g. from errant_parallel) with a
reference M2 file exactly as ERRANT's errant_compare (v3.0.2) does, and print what it prints.
  -hyp HYP        the hypothesis M2 file
  -ref REF        the reference (gold) M2 file
  -b, --beta B    F-score beta (default 0.5)
  -v, --verbose   the per-sentence trace
  -dt             token-based detection
  -ds             span-based detection
  -cs             span-based correction (the default)
  -cse            span-based correction + classification (the error type must match)
  -single         only single-token edits (0:1, 1:0, 1:1)
  -multi          only multi-token edits (2+:n, n:2+)
  -filt TYPE...   error types not evaluated (exact names, e.g. M:PUNCT R:OTHER)
  -cat {1,2,3}    also print scores per category: 1 operation (R), 2 main type (NOUN),
                  3 full type (R:NOUN)
Options may be abbreviated to a unique prefix (as ERRANT's argument parser allows).

gecscore's own: both files are read with the limits of every other command, which these raise:
${READ_LIMIT_HELP}
`;

interface Spec {
  name: string;
  strings: string[];
  kind: "flag" | "value" | "list";
}

const SPECS: Spec[] = [
  { name: "help", strings: ["-h", "--help"], kind: "flag" },
  { name: "hyp", strings: ["-hyp"], kind: "value" },
  { name: "ref", strings: ["-ref"], kind: "value" },
  { name: "beta", strings: ["-b", "--beta"], kind: "value" },
  { name: "verbose", strings: ["-v", "--verbose"], kind: "flag" },
  { name: "dt", strings: ["-dt"], kind: "flag" },
  { name: "ds", strings: ["-ds"], kind: "flag" },
  { name: "cs", strings: ["-cs"], kind: "flag" },
  { name: "cse", strings: ["-cse"], kind: "flag" },
  { name: "single", strings: ["-single"], kind: "flag" },
  { name: "multi", strings: ["-multi"], kind: "flag" },
  { name: "filt", strings: ["-filt"], kind: "list" },
  { name: "cat", strings: ["-cat"], kind: "value" },
  // gecscore's own: the read limits of every other door, which a refusal names.
  { name: "max-line-length", strings: ["--max-line-length"], kind: "value" },
  { name: "max-annotators", strings: ["--max-annotators"], kind: "value" },
  { name: "max-alternatives", strings: ["--max-alternatives"], kind: "value" },
];

const NEGATIVE_NUMBER = /^-\d+$|^-\d*\.\d+$/;

function usage(message: string): UsageError {
  return new UsageError(`errant_compare: ${message}; ${ERRANT_COMPARE_USAGE}`);
}

/** Find the option an argument names: exact, `NAME=VALUE`, a unique prefix, or `-bVALUE`. */
function lookup(arg: string): { spec: Spec; string: string; explicit?: string } | undefined {
  const exact = SPECS.find((s) => s.strings.includes(arg));
  if (exact) return { spec: exact, string: arg };
  const eq = arg.indexOf("=");
  if (eq > 0) {
    const name = arg.slice(0, eq);
    const spec = SPECS.find((s) => s.strings.includes(name));
    if (spec) return { spec, string: name, explicit: arg.slice(eq + 1) };
  }
  const name = eq > 0 ? arg.slice(0, eq) : arg;
  const explicit = eq > 0 ? arg.slice(eq + 1) : undefined;
  const matches: { spec: Spec; string: string; explicit?: string }[] = [];
  for (const spec of SPECS) {
    for (const string of spec.strings) {
      if (!arg.startsWith("--") && string === arg.slice(0, 2) && arg.length > 2) {
        matches.push({ spec, string, explicit: arg.slice(2) });
      } else if (string.startsWith(name) && (name.startsWith("--") === string.startsWith("--"))) {
        matches.push({ spec, string, explicit });
      }
    }
  }
  if (matches.length > 1) {
    throw usage(
      `ambiguous option: ${name} could match ${matches.map((m) => m.string).join(", ")}`,
    );
  }
  return matches[0];
}

function parseBeta(raw: string): number {
  const text = raw.trim().replaceAll("_", "");
  const beta = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(beta)) throw usage(`argument -b/--beta: invalid float value: '${raw}'`);
  // ERRANT squares beta (Python raises OverflowError there): one line instead of NaN scores.
  if (!Number.isFinite(beta * beta)) {
    throw usage(`argument -b/--beta: ${raw} is too large (its square is not a finite number)`);
  }
  return beta;
}

function parseCat(raw: string): number {
  if (!/^\s*[+-]?\d+\s*$/.test(raw)) throw usage(`argument -cat: invalid int value: '${raw}'`);
  const cat = Number(raw.trim());
  if (![1, 2, 3].includes(cat)) {
    throw usage(`argument -cat: invalid choice: ${cat} (choose from 1, 2, 3)`);
  }
  return cat;
}

/** The parsed arguments of `errant_compare`. */
export interface ErrantCompareArgs {
  /** Print the help. */
  help: boolean;
  /** The hypothesis M2 file. */
  hyp: string;
  /** The reference M2 file. */
  ref: string;
  /** The metric options. */
  options: ErrantOptions;
  /** The `-cat` level, or 0. */
  cat: number;
  /** `-v`. */
  verbose: boolean;
  /** The read limits given (`--max-annotators`...; gecscore's own). */
  limits: Partial<ReadLimits>;
}

/**
 * Parse `errant_compare` arguments as ERRANT's argument parser does.
 *
 * @example Usage
 * ```ts
 * import { parseErrantCompareArgs } from "./errant_compare.ts";
 * import assert from "node:assert/strict";
 *
 * const args = parseErrantCompareArgs(["-hyp", "h.m2", "-ref", "r.m2", "-ds", "-filt", "M:PUNCT", "R:OTHER", "-cat", "3"]);
 * assert.deepEqual([args.options.mode, args.options.filt, args.cat], ["ds", "M:PUNCT R:OTHER", 3]);
 * assert.throws(() => parseErrantCompareArgs(["-hyp", "h", "-ref", "r", "-ds", "-dt"]), /not allowed with/);
 * assert.throws(() => parseErrantCompareArgs(["-hyp", "h", "-ref", "r", "-beta", "1.0"]), /invalid float value: 'eta'/);
 * ```
 *
 * @param args The arguments after the command name.
 * @returns The parsed arguments.
 */
export function parseErrantCompareArgs(args: readonly string[]): ErrantCompareArgs {
  const values = new Map<string, string | string[] | boolean>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith("-") || arg === "-" || NEGATIVE_NUMBER.test(arg)) {
      throw usage(`unrecognized arguments: ${arg}`);
    }
    const found = lookup(arg);
    if (!found) throw usage(`unrecognized arguments: ${arg}`);
    const { spec, explicit } = found;
    if (spec.kind === "flag") {
      if (explicit !== undefined) {
        throw usage(`argument ${spec.strings.join("/")}: ignored explicit argument '${explicit}'`);
      }
      values.set(spec.name, true);
      continue;
    }
    const taken: string[] = explicit !== undefined ? [explicit] : [];
    const more = spec.kind === "list" || taken.length === 0;
    while (
      more && i + 1 < args.length &&
      (!args[i + 1].startsWith("-") || NEGATIVE_NUMBER.test(args[i + 1]) || args[i + 1] === "-")
    ) {
      taken.push(args[++i]);
      if (spec.kind === "value") break;
    }
    if (!taken.length) {
      throw usage(
        `argument ${spec.strings.join("/")}: expected ${
          spec.kind === "list" ? "at least one argument" : "one argument"
        }`,
      );
    }
    if (spec.name === "beta") parseBeta(taken[0]);
    if (spec.name === "cat") parseCat(taken[0]);
    values.set(spec.name, spec.kind === "list" ? taken : taken[0]);
  }
  const modes = ["dt", "ds", "cs", "cse"].filter((m) => values.get(m));
  if (modes.length > 1) {
    throw usage(`argument -${modes[1]}: not allowed with argument -${modes[0]}`);
  }
  const options: ErrantOptions = { ...errantMetric.defaults };
  const help = values.get("help") === true;
  if (!help) {
    const missing = ["hyp", "ref"].filter((n) => !values.has(n));
    if (missing.length) {
      throw usage(
        `the following arguments are required: ${missing.map((n) => "-" + n).join(", ")}`,
      );
    }
  }
  if (values.has("beta")) options.beta = parseBeta(String(values.get("beta")));
  const cat = values.has("cat") ? parseCat(String(values.get("cat"))) : 0;
  if (cat) options.cat = cat;
  options.mode = modes[0] ?? "cs";
  options.single = values.get("single") === true;
  options.multi = values.get("multi") === true;
  options.filt = ((values.get("filt") as string[] | undefined) ?? []).join(" ");
  return {
    help,
    hyp: String(values.get("hyp") ?? ""),
    ref: String(values.get("ref") ?? ""),
    options,
    cat,
    verbose: values.get("verbose") === true,
    limits: readLimitsFromFlags(Object.fromEntries(
      ["max-line-length", "max-annotators", "max-alternatives"]
        .filter((name) => values.has(name))
        .map((name) => [name, values.get(name)]),
    )),
  };
}

/**
 * The most bytes `errant_compare` reads of one file: 256 MiB, some 750,000 annotated sentences
 * (BEA-2019's whole training data in M2 is under 60 MiB); past it, a device or an endless pipe
 * is refused instead of exhausting memory (`-hyp /dev/zero` took 5 GB in 4 s).
 */
export const MAX_COMPARE_FILE_BYTES = 256 * 2 ** 20;

/** What a file-system error on `path` says, in one line naming the file. */
function readError(error: unknown, path: string): unknown {
  if (error instanceof InputError) return error;
  if (error instanceof Deno.errors.NotFound) return new InputError("cannot open file", path);
  if (error instanceof Deno.errors.IsADirectory) {
    return new InputError("is a directory, not a file", path);
  }
  return error;
}

function joined(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) out.set(chunk, at), at += chunk.length;
  return out;
}

async function readText(path: string, max = MAX_COMPARE_FILE_BYTES): Promise<string> {
  let file: Deno.FsFile;
  try {
    file = await openForReading(path);
  } catch (error) {
    throw readError(error, path);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const buffer = new Uint8Array(1 << 20);
    while (true) {
      let read: number | null;
      try {
        read = await file.read(buffer);
      } catch (error) {
        throw readError(error, path);
      }
      if (read === null) break;
      const bytes = buffer.slice(0, read);
      chunks.push(bytes);
      size += read;
      // Refused at the first NUL (with its line), not after reading the rest.
      if (bytes.includes(0)) checkNoNul(path, joined(chunks, size));
      if (size > max) {
        throw new InputError(
          `holds more than ${
            max.toLocaleString("en-US")
          } bytes, the most errant_compare reads of an M2 file`,
          path,
        );
      }
    }
  } finally {
    file.close();
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(joined(chunks, size));
  } catch {
    throw new InputError("is not valid UTF-8 text", path);
  }
}

/**
 * Run `errant_compare`: parse the arguments, read both files, write ERRANT's output.
 *
 * @example Usage
 * ```ts
 * import { errantCompare } from "./errant_compare.ts";
 * import assert from "node:assert/strict";
 *
 * let out = "";
 * const status = await errantCompare(["-h"], { out: (t) => out += t });
 * assert.equal(status, 0);
 * assert.match(out, /^Usage: gecscore errant_compare -hyp HYP -ref REF/);
 * ```
 *
 * @param args The arguments after the command name.
 * @param io Where to write standard output.
 * @returns The exit status (errors are thrown as {@linkcode UsageError} / {@linkcode InputError}).
 */
export async function errantCompare(
  args: readonly string[],
  io: { out(text: string): void },
): Promise<number> {
  const parsed = parseErrantCompareArgs(args);
  if (parsed.help) {
    io.out(ERRANT_COMPARE_HELP);
    return 0;
  }
  const [hypText, refText] = await Promise.all([readText(parsed.hyp), readText(parsed.ref)]);
  // The checks and limits of every other door (offsets, blank lines between sentences, line
  // ends, line length, annotators, alternatives): ERRANT's reading, below, checks none of them.
  for (const [path, text] of [[parsed.hyp, hypText], [parsed.ref, refText]]) {
    await parseM2([text.replace(/^\ufeff/, "")], path, parsed.limits);
  }
  io.out(errantCompareText(hypText, refText, parsed.hyp, parsed.ref, {
    options: parsed.options,
    cat: parsed.cat,
    verbose: parsed.verbose,
  }));
  return 0;
}

/** The `errant_compare` command, which the ERRANT metric's plugin adds to `gecscore`. */
export const errantCompareDropIn: PluginCommand = {
  name: "errant_compare",
  summary: "drop-in for ERRANT's errant_compare: same arguments, same output",
  help: ERRANT_COMPARE_HELP,
  run: (args, io) => errantCompare(args, io),
};
