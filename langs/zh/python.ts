/**
 * Python's ways of printing numbers and values, as ChERRANT's scorer prints them: `round(x, n)`
 * (half to even on the exact binary value), `str()` of a float, `repr()` of strings, tuples
 * and lists, and `str.ljust`/`format(s, "c^n")` by code points.
 *
 * @example
 * ```ts
 * import { pyFloat, pyRepr, pyRound, pyCenter } from "./python.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pyRound(0.03125, 4), 0.0312);
 * assert.equal(pyFloat(1), "1.0");
 * assert.equal(pyRepr([[1, 2, "的"], [3, 3, "it's"]]), `[(1, 2, '的'), (3, 3, "it's")]`);
 * assert.equal(pyCenter(" T ", 7, "="), "== T ==");
 * ```
 *
 * @module
 */

import { cpLength } from "./text.ts";

/**
 * Python's `round(x, digits)`.
 *
 * @param x The number.
 * @param digits Decimal places.
 * @returns The rounded number.
 */
export function pyRound(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  // toFixed rounds the exact binary value, ties away from zero; Python rounds ties to even.
  const exact = Math.abs(x).toFixed(Math.min(100, digits + 60));
  const tail = exact.slice(exact.indexOf(".") + 1 + digits);
  if (/^50*$/.test(tail)) {
    const down = Number(exact.slice(0, exact.indexOf(".") + 1 + digits));
    const lastDigit = Number(exact[exact.indexOf(".") + digits]);
    const even = lastDigit % 2 === 0 ? down : Number((down + 10 ** -digits).toFixed(digits));
    return x < 0 ? -even : even;
  }
  return Number(x.toFixed(digits));
}

/**
 * Python's `str(x)` for a float (`repr`): the shortest form, with `.0` for whole numbers.
 *
 * @param x The number.
 * @returns Its text.
 */
export function pyFloat(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (Number.isInteger(x) && Math.abs(x) < 1e16) return x.toFixed(1);
  const s = String(x);
  const m = /^(-?[\d.]+)e([+-])(\d+)$/.exec(s);
  if (m) return `${m[1]}e${m[2]}${m[3].padStart(2, "0")}`;
  if (Math.abs(x) < 1e-4) {
    const [mant, exp] = x.toExponential().split("e");
    return `${mant}e-${exp.slice(1).padStart(2, "0")}`;
  }
  return s;
}

const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/**
 * Python's `repr()` of a string.
 *
 * @param s The string.
 * @returns It quoted and escaped as Python writes it.
 */
export function pyStrRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch !== " " && NOT_PRINTABLE.test(ch)) {
      if (cp < 0x100) out += `\\x${cp.toString(16).padStart(2, "0")}`;
      else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, "0")}`;
      else out += `\\U${cp.toString(16).padStart(8, "0")}`;
    } else out += ch;
  }
  return out + quote;
}

/** A value Python prints: numbers (ints), strings, tuples (arrays inside a list). */
export type PyValue = number | string | PyValue[];

/**
 * Python's `repr()` of a list of tuples (the outer array is a list, inner arrays tuples).
 *
 * @param list The list.
 * @returns Its text.
 */
export function pyRepr(list: readonly PyValue[]): string {
  const item = (v: PyValue): string => {
    if (typeof v === "number") return String(v);
    if (typeof v === "string") return pyStrRepr(v);
    return v.length === 1 ? `(${item(v[0])},)` : `(${v.map(item).join(", ")})`;
  };
  return `[${list.map(item).join(", ")}]`;
}

/**
 * Python's `s.ljust(width)`.
 *
 * @param s The text.
 * @param width The width in code points.
 * @returns The text padded with spaces on the right.
 */
export function pyLjust(s: string, width: number): string {
  return s + " ".repeat(Math.max(0, width - cpLength(s)));
}

/**
 * Python's `'{:c^w}'.format(s)`: centred, the odd fill character on the right.
 *
 * @param s The text.
 * @param width The width in code points.
 * @param fill The fill character.
 * @returns The centred text.
 */
export function pyCenter(s: string, width: number, fill: string): string {
  const pad = Math.max(0, width - cpLength(s));
  const left = Math.floor(pad / 2);
  return fill.repeat(left) + s + fill.repeat(pad - left);
}
