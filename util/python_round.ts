/**
 * Python's `round(x, digits)` on doubles, for reproducing the reference tools' rounded numbers.
 *
 * @module
 */

const VIEW = new DataView(new ArrayBuffer(8));

/**
 * Python's `round(x, digits)`: the decimal with `digits` places nearest to the exact binary
 * value of `x` (exact ties to even), returned as the nearest double.
 *
 * @example Usage
 * ```ts
 * import { pyRound } from "./python_round.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pyRound(0.03125, 4), 0.0312);
 * assert.equal(pyRound(0.15625, 4), 0.1562);
 * assert.equal(pyRound(0.26625, 4), 0.2662); // the double is just below ...625
 * assert.equal(pyRound(2 / 3, 4), 0.6667);
 * ```
 *
 * @param x The number.
 * @param digits Decimal places (0 or more).
 * @returns The rounded number.
 */
export function pyRound(x: number, digits: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  VIEW.setFloat64(0, x);
  const bits = VIEW.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & 0xfffffffffffffn;
  let exponent: number;
  if (biased === 0) exponent = -1074;
  else {
    mantissa |= 1n << 52n;
    exponent = biased - 1075;
  }
  if (exponent >= 0) return x; // an integer: nothing to round
  const numerator = mantissa * 10n ** BigInt(digits);
  const denominator = 1n << BigInt(-exponent);
  let q = numerator / denominator;
  const twice = 2n * (numerator % denominator);
  if (twice > denominator || (twice === denominator && q % 2n === 1n)) q += 1n;
  const value = Number(`${q}e-${digits}`);
  return negative ? -value : value;
}
