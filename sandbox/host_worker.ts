/**
 * The worker that runs plugin code (see `host.ts`): it imports plugin modules, describes them
 * as plain data, and answers calls. Three kinds of call:
 *
 * - `call`: one metric or format function, answered synchronously through a shared buffer
 *   (the caller blocks with `Atomics.wait`, so the plugin still looks synchronous);
 * - `job`: one metric on one system (statistics, corpus and sentence scores), answered by a
 *   message, for the parallel scorer;
 * - `parse`: a format reading a gold corpus from text chunks, answered by a message.
 *
 * It never prints; errors travel back as messages.
 *
 * @module
 */

import { serialize } from "node:v8";
import { pluginProblem } from "./plugin_problem.ts";
import { type CallSite, runMetricJob } from "./guard.ts";
import type { AnyMetric, Format, GoldSentence, OptionSpec, Plugin } from "../plugins/types.ts";

/** A module to import and the export that holds its plugin. */
export interface PluginModule {
  /** The module URL. */
  url: string;
  /** The export name (`default` for third-party plugins). */
  exportName: string;
  /** How the user named it, for messages. */
  spec: string;
}

/** What the main thread knows of a metric without running its code. */
export interface MetricDescriptor {
  id: string;
  description: string;
  version: string;
  defaults: Record<string, unknown>;
  optionSpecs?: { readonly [key: string]: OptionSpec | undefined };
  needs: string[];
  headline: string;
  columns?: string[];
  sentenceIsCorpusOfOne?: boolean;
  lowerIsBetter?: boolean;
  /** A boolean, or `"function"` when it depends on the options (asked by a call). */
  orderSensitive?: boolean | "function";
  notResamplable?: string;
  needsHypothesisEdits?: boolean;
  /** Which optional functions the metric has. */
  byType?: boolean;
}

/** What the main thread knows of a format without running its code. */
export interface FormatDescriptor {
  id: string;
  description: string;
  extensions: string[];
  sniff: boolean;
  write: boolean;
}

/** What the main thread knows of a plugin. */
export interface PluginDescriptor {
  name: string;
  version: string;
  metrics: MetricDescriptor[];
  formats: FormatDescriptor[];
}

const plugins: Plugin[] = [];
let preloaded: Record<string, unknown>[] | undefined;

/**
 * Hand the worker its plugin modules, already imported (a sandboxed worker has no read
 * permission, so it cannot import them itself; its entry module imports them statically).
 *
 * @param modules The module namespaces, in the order of the `init` message's modules.
 */
export function preload(modules: Record<string, unknown>[]): void {
  preloaded = modules;
}
let control: Int32Array | undefined;
let buffer: SharedArrayBuffer | undefined;
const golds = new Map<number, GoldSentence[]>();

function message(error: unknown): string {
  if (error instanceof Error && /^(PluginError|InputError|UsageError)$/.test(error.name)) {
    return error.message;
  }
  if (error instanceof Error) return `${error.name}: ${error.message.split("\n")[0]}`;
  return String(error).split("\n")[0];
}

/** A failed request's answer fields: the message, and the error's name to rebuild it by. */
function failure(error: unknown): { error: string; errorName: string | undefined } {
  return { error: message(error), errorName: error instanceof Error ? error.name : undefined };
}

function metricOf(plugin: number, id: string): AnyMetric {
  const metric = plugins[plugin].metrics?.find((m) => m.id === id);
  if (!metric) throw new Error(`no metric "${id}"`);
  return metric;
}

function formatOf(plugin: number, id: string): Format {
  const format = plugins[plugin].formats?.find((f) => f.id === id);
  if (!format) throw new Error(`no format "${id}"`);
  return format;
}

function plain<T>(value: T): T {
  return structuredClone(value);
}

function describe(plugin: Plugin): PluginDescriptor {
  return {
    name: plugin.name,
    version: plugin.version,
    metrics: (plugin.metrics ?? []).map((m) => ({
      id: m.id,
      description: m.description,
      version: m.version,
      defaults: plain(m.defaults),
      optionSpecs: m.optionSpecs === undefined ? undefined : plain(m.optionSpecs),
      needs: [...m.needs],
      headline: m.headline,
      columns: m.columns === undefined ? undefined : [...m.columns],
      sentenceIsCorpusOfOne: m.sentenceIsCorpusOfOne === true ? true : undefined,
      lowerIsBetter: m.lowerIsBetter === true ? true : undefined,
      orderSensitive: typeof m.orderSensitive === "function"
        ? "function"
        : m.orderSensitive === undefined
        ? undefined
        : m.orderSensitive === true,
      notResamplable: typeof m.notResamplable === "string" ? m.notResamplable : undefined,
      needsHypothesisEdits: m.needsHypothesisEdits === true ? true : undefined,
      byType: typeof m.byType === "function" ? true : undefined,
    })),
    formats: (plugin.formats ?? []).map((f) => ({
      id: f.id,
      description: f.description,
      extensions: [...f.extensions],
      sniff: typeof f.sniff === "function",
      write: typeof f.write === "function",
    })),
  };
}

/** Answer a synchronous call: status 1 (value) or 2 (error message), then the bytes. */
function answer(status: 1 | 2, value: unknown): void {
  let bytes: Uint8Array;
  try {
    bytes = serialize(value);
  } catch (error) {
    status = 2;
    bytes = serialize(`it returned a value that is not plain data (${message(error)})`);
  }
  if (8 + bytes.length > buffer!.byteLength) {
    try {
      buffer!.grow(8 + bytes.length);
    } catch {
      status = 2;
      bytes = serialize(`its result is too large (${bytes.length} bytes)`);
    }
  }
  new Uint8Array(buffer!, 8, bytes.length).set(bytes);
  control![1] = bytes.length;
  Atomics.store(control!, 0, status);
  Atomics.notify(control!, 0);
}

/**
 * The worker's global scope, as much of it as this module uses (declared here rather than with
 * a `lib` directive, which a published package may not contain).
 */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent) => void | Promise<void>) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = async (event: MessageEvent) => {
  const data = event.data;
  switch (data.kind) {
    case "init": {
      buffer = data.buffer;
      control = new Int32Array(buffer!, 0, 2);
      const described: PluginDescriptor[] = [];
      for (const [index, module] of (data.modules as PluginModule[]).entries()) {
        let loaded: Record<string, unknown>;
        try {
          loaded = preloaded ? preloaded[index] : await import(module.url);
        } catch (error) {
          scope.postMessage({
            kind: "init-error",
            message: `Cannot load plugin ${module.spec}: ${message(error)}`,
          });
          return;
        }
        if (!(module.exportName in loaded)) {
          scope.postMessage({
            kind: "init-error",
            message: module.exportName === "default"
              ? `Plugin ${module.spec} has no default export; export default { name, version, metrics }`
              : `Plugin ${module.spec} has no export ${module.exportName}`,
          });
          return;
        }
        const value = loaded[module.exportName];
        const problem = pluginProblem(value);
        if (problem) {
          scope.postMessage({
            kind: "init-error",
            message: `Plugin ${module.spec}: default export is not a plugin: ${problem}`,
          });
          return;
        }
        try {
          described.push(describe(value as Plugin));
        } catch (error) {
          scope.postMessage({
            kind: "init-error",
            message:
              `Plugin ${module.spec}: its metric defaults or option specs are not plain data (${
                message(error)
              })`,
          });
          return;
        }
        plugins.push(value as Plugin);
      }
      scope.postMessage({ kind: "ready", plugins: described });
      return;
    }
    case "call": {
      try {
        const { plugin, target, id, fn, args } = data;
        const object = target === "metric" ? metricOf(plugin, id) : formatOf(plugin, id);
        const f = (object as unknown as Record<string, (...a: unknown[]) => unknown>)[fn];
        const value = f.apply(object, args);
        if (value !== null && typeof value === "object" && "then" in value) {
          answer(2, `${fn}() returned a promise; plugin functions must be synchronous`);
        } else answer(1, value);
      } catch (error) {
        const name = error instanceof Error ? error.name : "";
        // A reader-style refusal of the input is passed on as it is.
        answer(
          2,
          name === "InputError" || name === "UsageError"
            ? { name, message: message(error) }
            : `${data.fn}() threw ${message(error)}`,
        );
      }
      return;
    }
    case "gold": {
      golds.clear();
      golds.set(data.goldId, data.sentences);
      return;
    }
    case "job": {
      try {
        const gold = golds.get(data.goldId);
        if (!gold) throw new Error("the gold was not sent");
        const metric = metricOf(data.plugin, data.metric);
        const site: CallSite = data.site;
        const result = runMetricJob(
          metric,
          gold,
          data.hypotheses,
          data.options,
          data.extras,
          site,
        );
        scope.postMessage({ kind: "job", seq: data.seq, result });
      } catch (error) {
        scope.postMessage({ kind: "job", seq: data.seq, ...failure(error) });
      }
      return;
    }
    case "parse": {
      try {
        const format = formatOf(data.plugin, data.id);
        const corpus = await format.parse(data.chunks, data.file);
        scope.postMessage({ kind: "parse", seq: data.seq, corpus });
      } catch (error) {
        scope.postMessage({ kind: "parse", seq: data.seq, ...failure(error) });
      }
      return;
    }
  }
};
