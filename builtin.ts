/**
 * The composition root: which metrics and formats are built in, and the registry made of
 * them. The CLI, the REPL and library users start here; nothing below this file knows
 * which plugins exist.
 *
 * @module
 */

import { ixmlFormat } from "./formats/ixml.ts";
import { m2Format } from "./formats/m2.ts";
import { textFormat } from "./formats/text.ts";
import { m2Metric } from "./metrics/m2/mod.ts";
import { m2scorerDropIn } from "./metrics/m2/m2scorer.ts";
import { m2EditsView } from "./metrics/m2/sentence_edits.ts";
import { gleuMetric } from "./metrics/gleu/mod.ts";
import { koyamaGleuDropIn, koyamaMgleuDropIn, koyamaSgleuDropIn } from "./metrics/gleu/drop_ins.ts";
import { imeasureMetric } from "./metrics/imeasure/mod.ts";
import { errantMetric } from "./metrics/errant/mod.ts";
import { greenMetric } from "./metrics/green/mod.ts";
import { clemeMetric } from "./metrics/cleme/mod.ts";
import { cleme2Metric } from "./metrics/cleme2/mod.ts";
import { gotoscorerMetric } from "./metrics/gotoscorer/mod.ts";
import { llmEMetric, llmSMetric } from "./metrics/kobayashi24/mod.ts";
import { scribendiMetric } from "./metrics/scribendi/mod.ts";
import { errantCompareDropIn } from "./metrics/errant/errant_compare.ts";
import { setPluginModule } from "./sandbox/plugin_module.ts";
import { Registry } from "./plugins/registry.ts";
import type { DropInRequest, DropInResult } from "./plugins/drop_in.ts";
import type {
  AnyMetric,
  Format,
  GoldCorpus,
  Plugin,
  PluginCommand,
  ReadLimits,
  SentenceView,
} from "./plugins/types.ts";
import { readGoldFile } from "./pipeline/read_gold.ts";
import { convertCorpus as convertWith } from "./pipeline/convert.ts";
import { VERSION } from "./util/version.ts";
import { errantM2DropIn, errantParallelDropIn } from "./annotator/drop_ins.ts";

/** Freeze an object and everything reachable from its own properties (not functions). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

// Frozen, with their defaults and option specs: code that imports a built-in metric cannot
// change what it computes or the signature it states.
// The reference-based ones have the `aggregate` option (corpus or sentence-mean:
// `plugins/aggregate.ts`).
const metrics: AnyMetric[] = deepFreeze([
  m2Metric,
  imeasureMetric,
  gleuMetric,
  errantMetric,
  greenMetric,
  clemeMetric,
  cleme2Metric,
  gotoscorerMetric,
  // Asked of a model server once per run (`gather`); scored only when asked for by id.
  llmSMetric,
  llmEMetric,
  scribendiMetric,
]);

const formats: Format[] = deepFreeze([m2Format, textFormat, ixmlFormat]);

/**
 * The run model of the drop-ins: a drop-in's run planned and carried out by the pipeline in the
 * default registry (loaded when one runs).
 */
async function runDropIn(request: DropInRequest): Promise<DropInResult> {
  const { dropInRunner } = await import("./pipeline/drop_in.ts");
  return await dropInRunner(() => registry)(request);
}

// The drop-in commands of the reference scorers and the report's view of M2 edits, each
// beside its metric; ERRANT's annotation commands beside the annotator.
const commands: PluginCommand[] = deepFreeze([
  m2scorerDropIn(runDropIn),
  errantCompareDropIn,
  errantParallelDropIn,
  errantM2DropIn,
  koyamaGleuDropIn,
  koyamaSgleuDropIn,
  koyamaMgleuDropIn,
]);
// deno-lint-ignore no-explicit-any
const views: SentenceView<any, any>[] = deepFreeze([m2EditsView]);

/**
 * The built-in plugin.
 *
 * @example Usage
 * ```ts
 * import { builtinPlugin } from "./builtin.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(builtinPlugin.formats?.some((f) => f.id === "m2"));
 * assert.ok(builtinPlugin.commands?.some((c) => c.name === "m2scorer"));
 * ```
 */
export const builtinPlugin: Plugin = Object.freeze({
  name: "gecscore-builtin",
  version: VERSION,
  metrics,
  formats,
  commands,
  views,
});

// Workers of the parallel scorer load their own copy of it from here.
setPluginModule(builtinPlugin, {
  url: import.meta.url,
  exportName: "builtinPlugin",
  spec: "gecscore-builtin",
});

/**
 * A new registry with the built-in plugin in it.
 *
 * @example Usage
 * ```ts
 * import { createRegistry } from "./builtin.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(createRegistry().format("m2").id, "m2");
 * assert.equal(createRegistry({ builtins: false }).formats.length, 0);
 * ```
 *
 * @param options `builtins: false` for an empty registry.
 * @returns The registry.
 */
export function createRegistry(options: { builtins?: boolean } = {}): Registry {
  const registry = new Registry();
  if (options.builtins !== false) registry.use(builtinPlugin);
  return registry;
}

/**
 * The default registry, with the built-in metrics and formats: the one every defaulting
 * function ({@linkcode readGold}, {@linkcode convertCorpus}) looks in, so a plugin added with
 * `registry.use()` is seen by all of them.
 */
export const registry: Registry = createRegistry();

function registryDefault(): Registry {
  return registry;
}

/**
 * Read a gold corpus. The format is `format` when given, else the registered format whose
 * extension the file has, else the one whose `sniff()` accepts its first bytes.
 *
 * @example Usage
 * ```ts
 * import { readGold } from "./builtin.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * assert.equal(gold.format, "m2");
 * await assert.rejects(readGold("no/such/file.m2"), /no\/such\/file\.m2: cannot open file/);
 * ```
 *
 * @param path The file.
 * @param options The registry to look formats up in (by default the one default
 * {@linkcode registry}, with the plugins `registry.use()` added to it), an
 * explicit format id, and read limits (defaults for what is not given).
 * @returns The corpus.
 */
export function readGold(
  path: string,
  options: { registry?: Registry; format?: string; limits?: Partial<ReadLimits> } = {},
): Promise<GoldCorpus> {
  return readGoldFile(path, options.registry ?? registry, options.format, options.limits);
}

/**
 * Convert a gold corpus to another format's text.
 *
 * @example Usage
 * ```ts
 * import { convertCorpus } from "./builtin.ts";
 * import { parseM2 } from "./formats/m2.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await parseM2(["S a b\nA 1 2|||X|||c|||REQUIRED|||-NONE-|||0\n"], "x.m2");
 * assert.match(convertCorpus(gold, "ixml"), /<c start="1" end="2">c<\/c>/);
 * assert.throws(() => convertCorpus(gold, "nope"), /Unknown format "nope"/);
 * ```
 *
 * @param corpus The corpus.
 * @param to The output format id.
 * @param registry Where to look the format up (the default {@linkcode registry}).
 * @returns The text in that format.
 */
export function convertCorpus(corpus: GoldCorpus, to: string, registry?: Registry): string {
  const defaultRegistry = registryDefault();
  return convertWith(corpus, to, registry ?? defaultRegistry);
}
