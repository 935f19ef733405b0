/**
 * The built-in plugin: gecscore's own metrics and formats, registered like any other plugin.
 *
 * @module
 */

import { ixmlFormat } from "../formats/ixml.ts";
import { m2Format } from "../formats/m2.ts";
import { textFormat } from "../formats/text.ts";
import { m2Metric } from "../metrics/m2.ts";
import { gleuMetric } from "../metrics/gleu.ts";
import { imeasureMetric } from "../metrics/imeasure.ts";
import { errantMetric } from "../metrics/errant/mod.ts";
import type { AnyMetric, Format, Plugin } from "./types.ts";

const metrics: AnyMetric[] = [m2Metric, imeasureMetric, gleuMetric, errantMetric];

const formats: Format[] = [m2Format, textFormat, ixmlFormat];

/**
 * The built-in plugin.
 *
 * @example Usage
 * ```ts
 * import { builtinPlugin } from "./builtin.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(builtinPlugin.formats?.some((f) => f.id === "m2"));
 * ```
 */
export const builtinPlugin: Plugin = {
  name: "gecscore-builtin",
  version: "0.1.0",
  metrics,
  formats,
};
