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

/** Python 2's `hash()` of an int (a C long): itself, but -1 (the C API's error value) is -2. */
function intHash(key: bigint): bigint {
  return key === -1n ? -2n : key;
}

const SIZE_T = (1n << 64n) - 1n;

/**
 * The order in which CPython 2.7 iterates a dict whose int keys were inserted in the given
 * order (no deletions): open addressing over a table of 8 slots, probing
 * `i = 5 i + perturb + 1` with `perturb` the hash shifted right by 5 each step (as an unsigned
 * 64-bit number), resizing to the smallest power of two above 4 x the keys (2 x past 50,000)
 * whenever the table is two-thirds full, and iterating slot by slot. The m2scorer walks a
 * sentence's annotators in this order: `int` annotator ids in a dict filled by first
 * appearance, copied into another dict in the first one's order.
 *
 * @example Usage
 * ```ts
 * import { python2DictOrder } from "./python_number.ts";
 * import assert from "node:assert/strict";
 *
 * // CPython 2.7: d = {}; d[5] = d[8] = d[16] = 1 (in that order); d.keys() == [8, 16, 5]
 * assert.deepEqual(python2DictOrder([5n, 8n, 16n]), [1, 2, 0]);
 * assert.deepEqual(python2DictOrder([0n, 1n, 2n]), [0, 1, 2]);
 * ```
 *
 * @param keys The int keys, distinct, in insertion order.
 * @returns Indices into `keys`, in iteration order.
 */
export function python2DictOrder(keys: readonly bigint[]): number[] {
  let table: number[] = new Array(8).fill(-1);
  let used = 0;
  const place = (index: number) => {
    const mask = BigInt(table.length - 1);
    const hash = intHash(keys[index]) & SIZE_T;
    let i = hash & mask;
    let perturb = hash;
    while (table[Number(i & mask)] !== -1) {
      i = (i * 5n + perturb + 1n) & SIZE_T;
      perturb >>= 5n;
    }
    table[Number(i & mask)] = index;
  };
  for (let k = 0; k < keys.length; k++) {
    place(k);
    used++;
    if (used * 3 >= table.length * 2) {
      const minUsed = (used > 50000 ? 2 : 4) * used;
      let size = 8;
      while (size <= minUsed) size *= 2;
      const old = table;
      table = new Array(size).fill(-1);
      for (const index of old) if (index !== -1) place(index);
    }
  }
  return table.filter((index) => index !== -1);
}
