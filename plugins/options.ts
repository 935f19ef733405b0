/**
 * Metric options: user values merged over a metric's `defaults` (the Lume way), checked
 * against the defaults' types and the metric's `optionSpecs`.
 *
 * @module
 */

import { UsageError } from "./errors.ts";
import type { AnyMetric, Options, OptionValue } from "./types.ts";

/**
 * A number as Python's `float()` reads it (what the reference scorers do with their
 * arguments): decimal digits with an optional sign, point and exponent. `Number()` would
 * also take `0x10`, `0b1`, `0o7` and `Infinity`.
 */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Convert one raw value (a string from the command line or REPL, or a typed value from the
 * library) to the type of the option's default, and check it against its spec.
 *
 * @example Usage
 * ```ts
 * import { coerceOption } from "./options.ts";
 * import assert from "node:assert/strict";
 *
 * const metric = {
 *   id: "m", defaults: { beta: 0.5, fast: false },
 *   optionSpecs: { beta: { description: "F beta", min: 0 } },
 * };
 * // deno-lint-ignore no-explicit-any
 * assert.equal(coerceOption(metric as any, "beta", "1"), 1);
 * // deno-lint-ignore no-explicit-any
 * assert.equal(coerceOption(metric as any, "fast", "true"), true);
 * // deno-lint-ignore no-explicit-any
 * assert.throws(() => coerceOption(metric as any, "beta", "-1"), /m\.beta must be >= 0/);
 * // deno-lint-ignore no-explicit-any
 * assert.throws(() => coerceOption(metric as any, "beta", "0x10"), /must be a decimal number, got "0x10"/);
 * ```
 *
 * @param metric The metric.
 * @param name The option name.
 * @param raw The value.
 * @returns The typed value.
 */
export function coerceOption(
  metric: Pick<AnyMetric, "id" | "defaults" | "optionSpecs">,
  name: string,
  raw: OptionValue,
): OptionValue {
  const defaults = metric.defaults as Options;
  if (!Object.hasOwn(defaults, name)) {
    const known = Object.keys(defaults);
    throw new UsageError(
      `Unknown option ${metric.id}.${name}; valid: ${
        known.length ? known.map((k) => `${metric.id}.${k}`).join(", ") : "(none)"
      }`,
    );
  }
  const spec = metric.optionSpecs?.[name];
  const label = `${metric.id}.${name}`;
  const kind = typeof defaults[name];
  let value: OptionValue;
  if (kind === "number") {
    const text = String(raw).trim();
    value = typeof raw === "number" ? raw : DECIMAL.test(text) ? Number(text) : NaN;
    if (!Number.isFinite(value)) {
      // 0x10, 0b1, 0o7 are numbers to JavaScript, not to the reference scorers (Python).
      const what = typeof raw !== "number" && text !== "" && Number.isFinite(Number(text))
        ? "a decimal number"
        : "a number";
      throw new UsageError(`${label} must be ${what}, got ${JSON.stringify(String(raw))}`);
    }
    if (spec?.integer && !Number.isInteger(value)) {
      throw new UsageError(`${label} must be a whole number, got ${raw}`);
    }
    if (spec?.min !== undefined && value < spec.min) {
      throw new UsageError(`${label} must be >= ${spec.min}, got ${raw}`);
    }
    if (spec?.max !== undefined && value > spec.max) {
      throw new UsageError(`${label} must be <= ${spec.max}, got ${raw}`);
    }
  } else if (kind === "boolean") {
    if (typeof raw === "boolean") value = raw;
    else if (/^(true|yes|1|on)$/i.test(String(raw))) value = true;
    else if (/^(false|no|0|off)$/i.test(String(raw))) value = false;
    else throw new UsageError(`${label} must be true or false, got ${JSON.stringify(String(raw))}`);
  } else {
    value = String(raw);
  }
  if (spec?.choices && !spec.choices.includes(String(value))) {
    throw new UsageError(
      `${label} must be one of ${spec.choices.join(", ")}, got ${JSON.stringify(String(raw))}`,
    );
  }
  return value;
}

/**
 * Merge user options over a metric's defaults, checking every name and value.
 *
 * @example Usage
 * ```ts
 * import { resolveOptions } from "./options.ts";
 * import assert from "node:assert/strict";
 *
 * const metric = { id: "m", defaults: { beta: 0.5, max_unchanged_words: 2 } };
 * // deno-lint-ignore no-explicit-any
 * assert.deepEqual(resolveOptions(metric as any, { beta: "1" }), { beta: 1, max_unchanged_words: 2 });
 * ```
 *
 * @param metric The metric.
 * @param overrides User values, raw or typed.
 * @returns A new, complete options object.
 */
export function resolveOptions<O extends Options>(
  metric: Pick<AnyMetric, "id" | "defaults" | "optionSpecs">,
  overrides: Readonly<Record<string, OptionValue>> = {},
): O {
  const out: Options = { ...(metric.defaults as Options) };
  for (const [name, raw] of Object.entries(overrides)) out[name] = coerceOption(metric, name, raw);
  return out as O;
}

/**
 * Parse `METRIC.NAME=VALUE` assignments (the CLI's `--opt`) into per-metric raw values.
 *
 * @example Usage
 * ```ts
 * import { parseOptionAssignments } from "./options.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseOptionAssignments(["m2.beta=1", "gleu.iterations=10"]), {
 *   m2: { beta: "1" },
 *   gleu: { iterations: "10" },
 * });
 * ```
 *
 * @param assignments The assignments.
 * @returns Raw values by metric id, then option name.
 */
export function parseOptionAssignments(
  assignments: readonly string[],
): Record<string, Record<string, string>> {
  // Maps, not objects: ids such as "hasOwnProperty" or "__proto__" must stay plain keys.
  const out = new Map<string, Map<string, string>>();
  for (const text of assignments) {
    const match = /^([^.=\s]+)\.([^=\s]+)=(.*)$/.exec(text);
    if (!match) {
      throw new UsageError(
        `Cannot parse option ${JSON.stringify(text)}: expected METRIC.NAME=VALUE`,
      );
    }
    if (!out.has(match[1])) out.set(match[1], new Map());
    out.get(match[1])!.set(match[2], match[3]);
  }
  return Object.fromEntries([...out].map(([id, values]) => [id, Object.fromEntries(values)]));
}
