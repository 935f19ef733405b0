/**
 * The plugin contract: the types a metric or format implements, the registry, errors, option handling, headline paths and the `define*` helpers.
 *
 * @module
 */

export { defineFormat, defineMetric, definePlugin } from "./define.ts";
export { InputError, PluginError, UsageError } from "./errors.ts";
export { headlineValue } from "./headline.ts";
export {
  type CountsAggregation,
  defineSimpleMetric,
  type SimpleMetricSpec,
  type WidenedOptions,
} from "./simple.ts";
export { coerceOption, parseOptionAssignments, resolveOptions } from "./options.ts";
export { Registry } from "./registry.ts";
export type * from "./types.ts";
