/**
 * How shotakoyama/gleu prints a score with `-d N` (N up to 5, as the task's `-d 4`): the
 * float's shortest decimal text rounded half up (Python's `Decimal` with `ROUND_HALF_UP`).
 *
 * @module
 */

/**
 * A non-negative number's shortest decimal text rounded half up to `digits` places (0-5).
 *
 * @example Usage
 * ```ts
 * import { roundHalfUp } from "./round.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(roundHalfUp(74.91705, 4), "74.9171");
 * assert.equal(roundHalfUp(100, 4), "100.0000");
 * assert.equal(roundHalfUp(0.00004, 4), "0.0000");
 * ```
 *
 * @param x The number (finite, not negative).
 * @param digits Places after the point (0 to 5).
 * @returns The text.
 */
export function roundHalfUp(x: number, digits: number): string {
  if (!(x >= 0) || !Number.isFinite(x) || digits < 0 || digits > 5) {
    throw new RangeError(`Cannot print ${x} with ${digits} places`);
  }
  const [mantissa, exponent] = x.toExponential().split("e");
  const shortest = mantissa.replace(".", "");
  const keep = Number(exponent) + 1 + digits;
  let kept = keep <= 0 ? 0n : BigInt(shortest.padEnd(keep, "0").slice(0, keep));
  if (keep >= 0 && keep < shortest.length && shortest[keep] >= "5") kept += 1n;
  const text = kept.toString().padStart(digits + 1, "0");
  return digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
}
