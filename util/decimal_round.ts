/**
 * Python's `str(Decimal(str(x)).quantize(Decimal("0." + "0" * digits), ROUND_HALF_UP))`: the
 * shortest decimal text of a float, rounded half away from zero to `digits` places, printed
 * as `decimal.Decimal` prints (`0E-8` for a zero with 8 places). Used for byte-identical output
 * of shotakoyama/gleu (`gecscore gleu -d N`).
 *
 * @module
 */

/** The largest number of digits a `decimal` result may have in Python's default context. */
const PRECISION = 28;

/**
 * Round like shotakoyama/gleu's `round_half_up`: the float's shortest representation (what
 * `str()` gives) rounded half up at `digits` places, printed as Python's `Decimal` prints.
 * Infinities print as `inf` and `-inf`, NaN as `NaN`. A negative `digits` counts as 0, as
 * the reference's `"0." + "0" * digits` does.
 *
 * @example Usage
 * ```ts
 * import { decimalRoundHalfUp } from "./decimal_round.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(decimalRoundHalfUp(58.95635, 4), "58.9564");
 * assert.equal(decimalRoundHalfUp(0.125, 2), "0.13");
 * assert.equal(decimalRoundHalfUp(100, 2), "100.00");
 * assert.equal(decimalRoundHalfUp(59.5, 0), "60");
 * assert.equal(decimalRoundHalfUp(0, 8), "0E-8");
 * assert.equal(decimalRoundHalfUp(1.2e-7, 8), "1.2E-7");
 * ```
 *
 * @param x The number.
 * @param digits Places after the point.
 * @returns The text.
 * @throws {RangeError} When the result would need more than 28 digits (Python's
 * `decimal.InvalidOperation`).
 */
export function decimalRoundHalfUp(x: number, digits: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  const places = Math.max(0, Math.trunc(digits));
  const negative = x < 0 || Object.is(x, -0);
  // The shortest round-trip digits and their exponent: x = 0.DIGITS * 10^point.
  const [mantissa, exp] = Math.abs(x).toExponential().split("e");
  const shortest = mantissa.replace(".", "");
  const point = Number(exp) + 1;
  // The digits kept: those before the point and `places` after it.
  const keep = point + places;
  let coefficient: string;
  if (keep < 0) coefficient = "0";
  else {
    const padded = shortest.padEnd(keep, "0");
    let kept = padded.slice(0, keep) || "0";
    if (keep < shortest.length && shortest[keep] >= "5") kept = increment(kept);
    coefficient = kept.replace(/^0+(?=\d)/, "");
  }
  if (coefficient.length > PRECISION) {
    throw new RangeError(
      `Cannot round ${x} to ${places} places: more than ${PRECISION} digits (decimal.InvalidOperation)`,
    );
  }
  return (negative ? "-" : "") + decimalText(coefficient, -places);
}

/** A string of decimal digits plus one. */
function increment(digits: string): string {
  const out = digits.split("");
  let i = out.length - 1;
  while (i >= 0 && out[i] === "9") out[i--] = "0";
  if (i < 0) return "1" + out.join("");
  out[i] = String(Number(out[i]) + 1);
  return out.join("");
}

/** `str(Decimal)` of a non-negative coefficient and an exponent <= 0. */
function decimalText(coefficient: string, exponent: number): string {
  const left = exponent + coefficient.length;
  const dot = exponent <= 0 && left > -6 ? left : 1;
  let text: string;
  if (dot <= 0) text = "0." + "0".repeat(-dot) + coefficient;
  else if (dot >= coefficient.length) text = coefficient + "0".repeat(dot - coefficient.length);
  else text = coefficient.slice(0, dot) + "." + coefficient.slice(dot);
  const shown = left - dot;
  return shown === 0 ? text : `${text}E${shown > 0 ? "+" : "-"}${Math.abs(shown)}`;
}
