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
import { importFailure, pluginProblem } from "./plugin_problem.ts";
import {
  type CallSite,
  describeError,
  type MetricJobResult,
  runMetricJob,
} from "../checked/guard.ts";
import { KEPT_MEMBERS } from "./kept_members.ts";
import { lockDown } from "./lockdown.ts";
import type {
  AnyMetric,
  Format,
  GoldSentence,
  OptionSpec,
  Plugin,
  SentenceView,
} from "../plugins/types.ts";

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
  goldFormats?: string[];
  headline: string;
  columns?: string[];
  sentenceIsCorpusOfOne?: boolean;
  lowerIsBetter?: boolean;
  /** A boolean, or `"function"` when it depends on the options (asked by a call). */
  orderSensitive?: boolean | "function";
  notResamplable?: string;
  needsHypothesisEdits?: boolean;
  compactColumns?: string[];
  /** Which optional functions the metric has. */
  byType?: boolean;
  accumulator?: boolean;
  columnLabels?: boolean;
  paperColumns?: boolean;
  prepare?: boolean;
  /** The metric has `gather` (never run in the box: it has no network). */
  gather?: boolean;
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
  /** The sentence views, by the metric each reads. */
  views: { metric: string; description: string }[];
}

const plugins: Plugin[] = [];
let ready = false;

let control: Int32Array | undefined;
let buffer: SharedArrayBuffer | undefined;
const golds = new Map<number, GoldSentence[]>();

function message(error: unknown): string {
  if (error instanceof Error && /^(PluginError|InputError|UsageError)$/.test(error.name)) {
    return error.message;
  }
  return describeError(error);
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

function viewOf(plugin: number, metric: string): SentenceView {
  const view = plugins[plugin].views?.find((v) => v.metric === metric);
  if (!view) throw new Error(`no view of "${metric}"`);
  return view;
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
      goldFormats: m.goldFormats === undefined ? undefined : [...m.goldFormats],
      headline: m.headline,
      columns: m.columns === undefined ? undefined : [...m.columns],
      compactColumns: m.compactColumns === undefined ? undefined : [...m.compactColumns],
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
      accumulator: typeof m.accumulator === "function" ? true : undefined,
      columnLabels: typeof m.columnLabels === "function" ? true : undefined,
      paperColumns: typeof m.paperColumns === "function" ? true : undefined,
      prepare: typeof m.prepare === "function" ? true : undefined,
      gather: typeof m.gather === "function" ? true : undefined,
    })),
    formats: (plugin.formats ?? []).map((f) => ({
      id: f.id,
      description: f.description,
      extensions: [...f.extensions],
      sniff: typeof f.sniff === "function",
      write: typeof f.write === "function",
    })),
    views: (plugin.views ?? []).map((v) => ({ metric: v.metric, description: v.description })),
  };
}

/** Why a hook's value cannot cross to the program, in words naming the hook. */
function notPlain(hook: string | undefined, error: unknown): string {
  return `${hook ? `${hook}()` : "it"} returned a value that is not plain data (${
    message(error).replace(/^Error: /, "")
  })`;
}

/**
 * Answer a synchronous call: status 1 (value) or 2 (error message), then the bytes.
 *
 * @param hook The plugin function that gave the value, for a message when it cannot cross.
 */
function answer(status: 1 | 2, value: unknown, hook?: string): void {
  let bytes: Uint8Array;
  try {
    bytes = serialize(value);
  } catch (error) {
    status = 2;
    bytes = serialize(notPlain(hook, error));
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
  store(control!, 0, status);
  notify(control!, 0);
  park();
}

/**
 * The worker's global scope, as much of it as this module uses (declared here rather than with
 * a `lib` directive, which a published package may not contain).
 */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent) => void | Promise<void>) | null;
  postMessage(message: unknown): void;
  close(): void;
};

// What the box waits and answers with, taken before any plugin code runs (a plugin may patch
// or replace the globals; see lockdown.ts).
const post = scope.postMessage.bind(scope);
const clone = globalThis.structuredClone;
const closeWorker = scope.close.bind(scope);
const { load, store, notify, wait } = Atomics;

/** The hook that gives each part of a job's result. */
const JOB_HOOKS: [keyof MetricJobResult, string][] = [
  ["stats", "stats"],
  ["score", "corpus"],
  ["sentences", "sentence"],
  ["byType", "byType"],
];

/**
 * Why a job's result cannot be passed to the program (a function, a symbol, a WebAssembly
 * memory, nesting too deep for a copy), naming the hook that gave the part; else undefined.
 * Asked only once passing it failed.
 */
function crossingProblem(result: MetricJobResult): string | undefined {
  for (const [key, hook] of JOB_HOOKS) {
    try {
      clone(result[key]);
    } catch (error) {
      return notPlain(hook, error);
    }
  }
  return undefined;
}

/** Answer a request by a message (boxed: then wait for the next one). */
function reply(message: unknown): void {
  post(message);
  park();
}

/** Boxed: [2] messages the main thread sent since loading, [3] stop (see box.ts). */
let gate: Int32Array | undefined;
let handled = 0;
const described: PluginDescriptor[] = [];

/**
 * Boxed: block until the main thread sends the next message, so that no plugin code (a timer,
 * a promise job) runs while nobody waits for it; close when told to stop.
 */
function park(): void {
  if (!gate) return;
  for (;;) {
    if (load(gate, 3) !== 0) {
      closeWorker();
      return;
    }
    const sent = load(gate, 2);
    if (sent > handled) return;
    wait(gate, 2, sent);
  }
}

// A plugin's printing goes to standard error: standard output carries the results (JSON...).
// This module prints nothing itself; it reroutes what plugin code prints.
const consoleObject = globalThis.console as unknown as Record<string, unknown>;
const toStderr = (consoleObject.error as (...data: unknown[]) => void).bind(consoleObject);
for (const name of ["log", "info", "debug", "dir", "dirxml", "table", "group", "groupCollapsed"]) {
  consoleObject[name] = toStderr;
}

/**
 * An error nothing caught (a plugin that throws while it loads, or later in a timer): told to
 * the host in one line, instead of Deno printing its stack block.
 */
function uncaught(error: unknown): void {
  const text = message(error);
  post({ kind: ready ? "crash" : "init-error", message: text, uncaught: true });
}
globalThis.addEventListener("error", (event) => {
  event.preventDefault();
  uncaught((event as ErrorEvent).error ?? (event as ErrorEvent).message);
});
globalThis.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  uncaught(event.reason);
});

/** A file the plugin's module graph needs and may not read yet: `[permission, path, importer]`. */
function needed(error: unknown): [string, string, string | undefined] | undefined {
  if (!(error instanceof Error)) return undefined;
  const found = /^Requires (read|import) access to "([^"]+)"/.exec(error.message);
  if (!found) return undefined;
  const at = /\n\s*at (\S+)/.exec(error.message.replace(ANSI, ""));
  return [found[1], found[2], at?.[1]];
}

/** Deno's ANSI colours, which its error messages may carry. */
// deno-lint-ignore no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

async function handle(event: MessageEvent): Promise<void> {
  const data = event.data;
  switch (data.kind) {
    case "init": {
      buffer = data.buffer;
      control = new Int32Array(buffer!, 0, 2);
      // Boxed: the program's streams and process are not the plugin's (lockdown.ts).
      if (data.boxed) {
        lockDown(
          (data.modules as PluginModule[]).map((m) => m.spec).join(", "),
          data.printToStdout === true,
        );
      }
      for (const module of data.modules as PluginModule[]) {
        let loaded: Record<string, unknown>;
        try {
          loaded = await import(module.url);
        } catch (error) {
          // A boxed plugin's worker may read only the files granted so far: say which other
          // one its module graph needs (the box decides; see box.ts).
          const need = data.boxed ? needed(error) : undefined;
          post(
            need
              ? {
                kind: "need",
                permission: need[0],
                path: need[1],
                importer: need[2],
                spec: module.spec,
              }
              : {
                kind: "init-error",
                message: `Cannot load plugin ${module.spec}: ${importFailure(error)}`,
              },
          );
          return;
        }
        if (!(module.exportName in loaded)) {
          post({
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
          post({
            kind: "init-error",
            message: `Plugin ${module.spec}: default export is not a plugin: ${problem}`,
          });
          return;
        }
        const commands = (value as Plugin).commands ?? [];
        if (data.boxed && commands.length > 0) {
          post({
            kind: "init-error",
            message: `Plugin ${module.spec} brings commands (${
              commands.map((c) => c.name).join(", ")
            }), which cannot run boxed: a command reads and writes files. Run it in-process ` +
              "with --debug (or importPlugin()) only if you trust it",
          });
          return;
        }
        const tokenizers = (value as Plugin).tokenizers ?? [];
        if (data.boxed && tokenizers.length > 0) {
          scope.postMessage({
            kind: "init-error",
            message: `Plugin ${module.spec} brings tokenizers (${
              tokenizers.map((t) => t.id).join(", ")
            }), which the box does not carry yet. Run it in-process with --debug (or ` +
              "importPlugin()) only if you trust it",
          });
          return;
        }
        try {
          described.push(describe(value as Plugin));
        } catch (error) {
          post({
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
      ready = true;
      // Boxed: from now on, wait between messages (see park()).
      if (data.boxed) gate = new Int32Array(data.gate as SharedArrayBuffer, 0, 4);
      reply({ kind: "ready", plugins: described });
      return;
    }
    case "call": {
      try {
        const { plugin, target, id, fn, args } = data;
        if (target === "metric" && Object.hasOwn(KEPT_MEMBERS, fn)) {
          answer(1, KEPT_MEMBERS[fn](metricOf(plugin, id), args, buffer!), fn);
          return;
        }
        const object = target === "metric"
          ? metricOf(plugin, id)
          : target === "view"
          ? viewOf(plugin, id)
          : formatOf(plugin, id);
        const f = (object as unknown as Record<string, (...a: unknown[]) => unknown>)[fn];
        const value = f.apply(object, args);
        if (value !== null && typeof value === "object" && "then" in value) {
          answer(2, `${fn}() returned a promise; plugin functions must be synchronous`);
        } else answer(1, value, fn);
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
      park();
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
        try {
          post({ kind: "job", seq: data.seq, result });
        } catch (error) {
          // Only now look for the part that cannot cross (a copy of every result would cost).
          const label = `Plugin ${site.plugin ?? "?"}, metric "${data.metric}"${
            site.system ? `, system ${site.system}` : ""
          }`;
          const problem = crossingProblem(result) ?? notPlain(undefined, error);
          post({ kind: "job", seq: data.seq, error: `${label}: ${problem}`, errorName: "" });
        }
        park();
      } catch (error) {
        reply({ kind: "job", seq: data.seq, ...failure(error) });
      }
      return;
    }
    case "parse": {
      try {
        const format = formatOf(data.plugin, data.id);
        const corpus = await format.parse(data.chunks, data.file);
        reply({ kind: "parse", seq: data.seq, corpus });
      } catch (error) {
        reply({ kind: "parse", seq: data.seq, ...failure(error) });
      }
      return;
    }
  }
}

scope.onmessage = (event: MessageEvent) => {
  // Boxed, after loading: every message the main thread sends counts (see park()).
  if (gate) handled++;
  return handle(event);
};
