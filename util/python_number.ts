/**
 * How Python 2 prints what the m2scorer prints: `%.4f` (round half to even on the exact
 * binary value), `str(float)` (12 significant digits) and `repr` of unicode strings, edit
 * tuples and lists. Used for byte-identical output of `gecscore m2scorer`.
 *
 * @module
 */

/**
 * Python's `"%.Nf" % x`: correctly rounded, exact ties to even (JavaScript's `toFixed`
 * rounds exact ties up).
 *
 * @example Usage
 * ```ts
 * import { pyFixed } from "./python_number.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pyFixed(0.03125, 4), "0.0312");
 * assert.equal(pyFixed(0.25, 1), "0.2");
 * assert.equal(pyFixed(2 / 3, 4), "0.6667");
 * ```
 *
 * @param x The number.
 * @param digits Digits after the point.
 * @returns The text.
 */
export function pyFixed(x: number, digits: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf";
  const rounded = x.toFixed(digits);
  if (Math.abs(x) >= 1e21) return rounded;
  const full = Math.abs(x).toFixed(100);
  const point = full.indexOf(".");
  const rest = full.slice(point + 1 + digits);
  if (!/^50*$/.test(rest)) return rounded;
  const kept = full.slice(0, point + 1 + digits).replace(/\.$/, "");
  const last = Number(kept[kept.length - 1]);
  if (last % 2 === 1) return rounded;
  return (x < 0 ? "-" : "") + kept;
}

/**
 * Python 2's `str(float)` (what `print` shows): 12 significant digits, `.0` on integers.
 *
 * @example Usage
 * ```ts
 * import { pyFloat } from "./python_number.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pyFloat(2 / 3), "0.666666666667");
 * assert.equal(pyFloat(1), "1.0");
 * assert.equal(pyFloat(0.8), "0.8");
 * assert.equal(pyFloat(0.00001), "1e-05");
 * ```
 *
 * @param x The number.
 * @returns The text.
 */
export function pyFloat(x: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, exp] = x.toExponential(11).split("e");
  const e = Number(exp);
  let text: string;
  if (e < -4 || e >= 12) {
    const m = mantissa.replace(/\.?0+$/, "");
    text = `${m}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  } else {
    text = x.toFixed(Math.max(0, 11 - e));
    if (text.includes(".")) text = text.replace(/\.?0+$/, "");
  }
  return /^-?\d+$/.test(text) ? text + ".0" : text;
}

/**
 * Python 2's `repr` of a string as the m2scorer prints it: `''` for an empty string (a
 * byte string there), else a unicode literal `u'...'`.
 *
 * @example Usage
 * ```ts
 * import { pyRepr } from "./python_number.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pyRepr("on"), "u'on'");
 * assert.equal(pyRepr(""), "''");
 * assert.equal(pyRepr("don't"), `u"don't"`);
 * assert.equal(pyRepr("caf\u00e9"), "u'caf\\xe9'");
 * ```
 *
 * @param text The string.
 * @returns Its repr.
 */
export function pyRepr(text: string): string {
  if (text === "") return "''";
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = "u" + quote;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (c < 0x20 || (c >= 0x7f && c < 0x100)) out += "\\x" + c.toString(16).padStart(2, "0");
    else if (c >= 0x100 && c < 0x10000) out += "\\u" + c.toString(16).padStart(4, "0");
    else if (c >= 0x10000) out += "\\U" + c.toString(16).padStart(8, "0");
    else out += ch;
  }
  return out + quote;
}
