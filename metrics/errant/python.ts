/**
 * How Python 3 computes and prints what ERRANT's scorer prints: `round(x, n)` (correctly
 * rounded, exact ties to even), `str(float)` (shortest round-trip digits), `repr` of strings
 * and edit tuples, `str.ljust` and `'{:=^N}'` centring (both counting code points).
 *
 * @module
 */

import { pyRound } from "../../util/python_round.ts";

export { pyRound };

/**
 * The characters Python's `str.isspace()` accepts (what `split()` and `strip()` without
 * arguments remove); JavaScript's `\s` differs (it has U+FEFF, lacks U+001C-U+001F, U+0085).
 */
export const PY_SPACE_CLASS: string =
  "\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

const SPACE_RUN = new RegExp(`[${PY_SPACE_CLASS}]+`);

/**
 * Python's `str.split()` without arguments: the runs of non-space characters.
 *
 * @example Usage
 * ```ts
 * import { pySplit } from "./python.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(pySplit("  a b\u3000c "), ["a", "b", "c"]);
 * assert.deepEqual(pySplit(""), []);
 * ```
 *
 * @param text The text.
 * @returns The parts.
 */
export function pySplit(text: string): string[] {
  return text.split(SPACE_RUN).filter((t) => t !== "");
}

/**
 * Python 3's `str(float)`: the shortest digits that read back to the same double, in fixed
 * notation from 1e-4 up to 1e16 (with `.0` on whole numbers), else `1e-05` style.
 *
 * @example Usage
 * ```ts
 * import { pyStr } from "./python.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pyStr(1), "1.0");
 * assert.equal(pyStr(0.5), "0.5");
 * assert.equal(pyStr(0.3208), "0.3208");
 * assert.equal(pyStr(0.00001), "1e-05");
 * assert.equal(pyStr(1e16), "1e+16");
 * assert.equal(pyStr(123456.5), "123456.5");
 * ```
 *
 * @param x The number.
 * @returns Its text.
 */
export function pyStr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const sign = x < 0 ? "-" : "";
  const [mantissa, exp] = Math.abs(x).toExponential().split("e");
  const e = Number(exp);
  const digits = mantissa.replace(".", "");
  if (e < -4 || e >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
  const whole = digits.slice(0, e + 1).padEnd(e + 1, "0");
  const fraction = digits.slice(e + 1);
  return `${sign}${whole}.${fraction || "0"}`;
}

const UNPRINTABLE = /[\p{C}\p{Z}]/u;

/**
 * Python 3's `repr()` of a string: single quotes unless the text has a `'` and no `"`;
 * backslash escapes for the quote, `\\`, `\t`, `\n`, `\r` and characters Python does not
 * count as printable.
 *
 * @example Usage
 * ```ts
 * import { pyRepr } from "./python.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pyRepr("'s"), `"'s"`);
 * assert.equal(pyRepr(""), "''");
 * assert.equal(pyRepr("caf\u00e9"), "'caf\u00e9'");
 * assert.equal(pyRepr("a\u00a0b"), "'a\\xa0b'");
 * ```
 *
 * @param text The string.
 * @returns Its repr.
 */
export function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch !== " " && UNPRINTABLE.test(ch)) {
      out += c < 0x100
        ? "\\x" + c.toString(16).padStart(2, "0")
        : c < 0x10000
        ? "\\u" + c.toString(16).padStart(4, "0")
        : "\\U" + c.toString(16).padStart(8, "0");
    } else out += ch;
  }
  return out + quote;
}

/**
 * Python's `repr()` of a tuple of ints and strings: `(3, 4, 'the', 'R:DET')`.
 *
 * @example Usage
 * ```ts
 * import { pyTupleRepr } from "./python.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pyTupleRepr([30, 31, "'s", "R:NOUN:POSS"]), `(30, 31, "'s", 'R:NOUN:POSS')`);
 * ```
 *
 * @param items The items.
 * @returns Its repr.
 */
export function pyTupleRepr(items: readonly (number | string)[]): string {
  const parts = items.map((x) => typeof x === "number" ? String(x) : pyRepr(x));
  return parts.length === 1 ? `(${parts[0]},)` : `(${parts.join(", ")})`;
}

/**
 * Python's string order (by code point; JavaScript's `<` compares UTF-16 units).
 *
 * @example Usage
 * ```ts
 * import { pyCompare } from "./python.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(["R:NOUN", "M:DET", "UNK", "R:ADJ"].sort(pyCompare), ["M:DET", "R:ADJ", "R:NOUN", "UNK"]);
 * assert.ok(pyCompare("\uffff", "\u{1F600}") < 0);
 * ```
 *
 * @param a A string.
 * @param b Another.
 * @returns Negative, zero or positive.
 */
export function pyCompare(a: string, b: string): number {
  const x = [...a], y = [...b];
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    if (x[i] !== y[i]) return x[i].codePointAt(0)! - y[i].codePointAt(0)!;
  }
  return x.length - y.length;
}

/**
 * Python's `str.ljust(width)`: pad on the right with spaces to `width` code points.
 *
 * @example Usage
 * ```ts
 * import { ljust } from "./python.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(ljust("TP", 8), "TP      ");
 * assert.equal(ljust("M:VERB:SVA:LONG", 8), "M:VERB:SVA:LONG");
 * ```
 *
 * @param text The text.
 * @param width The width.
 * @returns The padded text.
 */
export function ljust(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - [...text].length));
}

/**
 * Python's `'{:F^W}'.format(text)`: centred in `width` code points, the extra fill on the
 * right.
 *
 * @example Usage
 * ```ts
 * import { centre } from "./python.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(centre(" ab ", 9, "="), "== ab ===");
 * ```
 *
 * @param text The text.
 * @param width The width.
 * @param fill The fill character.
 * @returns The centred text.
 */
export function centre(text: string, width: number, fill: string): string {
  const pad = Math.max(0, width - [...text].length);
  const left = Math.floor(pad / 2);
  return fill.repeat(left) + text + fill.repeat(pad - left);
}
