/**
 * A small reader of command-line arguments the way Python's `argparse` reads ChERRANT's:
 * options by short or long name (`-f F`, `--file F`, `--file=F`, a unique prefix of a long
 * name), flags, options taking one value or several (`nargs="+"`), integer and float values.
 *
 * @example ChERRANT's parallel_to_m2 arguments
 * ```ts
 * import { parseArgs } from "./args.ts";
 * import assert from "node:assert/strict";
 *
 * const spec = [
 *   { names: ["-f", "--file"], key: "file", kind: "value" as const },
 *   { names: ["--segmented"], key: "segmented", kind: "flag" as const },
 * ];
 * const got = parseArgs(["--file=a.txt", "--seg"], spec, "cherrant_parallel");
 * assert.deepEqual(got, { file: "a.txt", segmented: true });
 * ```
 *
 * @module
 */

import { UsageError } from "../../plugins/mod.ts";

/** One option. */
export interface ArgSpec {
  /** Its spellings, e.g. `["-f", "--file"]`. */
  names: readonly string[];
  /** The key of its value in the result. */
  key: string;
  /** `flag` (true when given), `value` (one), `values` (one or more). */
  kind: "flag" | "value" | "values";
  /** Convert and check a value (throw a message to reject it). */
  convert?: (value: string) => unknown;
}

/**
 * A whole number, as argparse's `type=int`.
 *
 * @param name The option, for the message.
 * @returns The converter.
 */
export const int = (name: string) => (v: string): number => {
  if (!/^\s*[-+]?\d+\s*$/.test(v)) throw new UsageError(`${name}: invalid int value: '${v}'`);
  return Number.parseInt(v, 10);
};

/**
 * A number, as argparse's `type=float`.
 *
 * @param name The option, for the message.
 * @returns The converter.
 */
export const float = (name: string) => (v: string): number => {
  const n = Number(v.trim());
  if (v.trim() === "" || Number.isNaN(n) && !/^\s*nan\s*$/i.test(v)) {
    throw new UsageError(`${name}: invalid float value: '${v}'`);
  }
  return n;
};

/**
 * A value among some choices.
 *
 * @param name The option, for the message.
 * @param choices The allowed values.
 * @returns The converter.
 */
export const choice = (name: string, choices: readonly string[]) => (v: string): string => {
  if (!choices.includes(v)) {
    throw new UsageError(`${name}: invalid choice: '${v}' (choose from ${choices.join(", ")})`);
  }
  return v;
};

/**
 * Reads the arguments.
 *
 * @param args The arguments.
 * @param specs The options.
 * @param command The command's name, for messages.
 * @returns The values by key (flags given are `true`; options not given are absent).
 */
export function parseArgs(
  args: readonly string[],
  specs: readonly ArgSpec[],
  command: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const find = (name: string): ArgSpec => {
    const exact = specs.find((s) => s.names.includes(name));
    if (exact) return exact;
    if (name.startsWith("--")) {
      const hits = specs.filter((s) =>
        s.names.some((n) => n.startsWith("--") && n.startsWith(name))
      );
      if (hits.length === 1) return hits[0];
      if (hits.length > 1) throw new UsageError(`${command}: ambiguous option: ${name}`);
    }
    throw new UsageError(`${command}: unrecognized argument: ${name}`);
  };
  const isOption = (a: string) => /^-[^\d]/.test(a);
  for (let i = 0; i < args.length; i++) {
    let arg = args[i];
    let inline: string | undefined;
    const eq = arg.indexOf("=");
    if (arg.startsWith("--") && eq > 0) [arg, inline] = [arg.slice(0, eq), arg.slice(eq + 1)];
    if (!isOption(arg)) throw new UsageError(`${command}: unrecognized argument: ${arg}`);
    const spec = find(arg);
    const convert = (v: string) => spec.convert ? spec.convert(v) : v;
    if (spec.kind === "flag") {
      if (inline !== undefined) {
        throw new UsageError(`${command}: argument ${arg}: ignored explicit argument '${inline}'`);
      }
      out[spec.key] = true;
    } else if (spec.kind === "value") {
      const v = inline ?? args[++i];
      if (v === undefined || (inline === undefined && isOption(v))) {
        throw new UsageError(`${command}: argument ${spec.names.join("/")}: expected one argument`);
      }
      out[spec.key] = convert(v);
    } else {
      const values: unknown[] = [];
      if (inline !== undefined) values.push(convert(inline));
      while (i + 1 < args.length && !isOption(args[i + 1])) values.push(convert(args[++i]));
      if (values.length === 0) {
        throw new UsageError(
          `${command}: argument ${spec.names.join("/")}: expected at least one argument`,
        );
      }
      out[spec.key] = values;
    }
  }
  return out;
}
