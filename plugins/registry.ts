/**
 * The registry: where metrics and formats register as plugins.
 *
 * @module
 */

import { UsageError } from "./errors.ts";
import type {
  AnyMetric,
  Format,
  Metric,
  Plugin,
  PluginCommand,
  SentenceView,
  Tokenizer,
} from "./types.ts";

/**
 * Holds plugins and looks up their metrics and formats by id.
 *
 * @example Usage
 * ```ts
 * import { Registry } from "./registry.ts";
 * import assert from "node:assert/strict";
 *
 * const registry = new Registry();
 * assert.throws(() => registry.metric("m2"), /Unknown metric "m2"; known metrics: \(none\)/);
 * ```
 */
export class Registry {
  #plugins: Plugin[] = [];
  #metrics = new Map<string, AnyMetric>();
  #formats = new Map<string, Format>();
  #metricOwner = new Map<string, Plugin>();
  #formatOwner = new Map<string, Plugin>();
  #commands = new Map<string, PluginCommand>();
  #commandOwner = new Map<string, Plugin>();
  #views: SentenceView[] = [];
  #tokenizers = new Map<string, Tokenizer>();
  #tokenizerOwner = new Map<string, Plugin>();

  /**
   * Register a plugin. Ids must be unique across the registry.
   *
   * @param plugin The plugin.
   * @returns This registry, for chaining.
   */
  use(plugin: Plugin): this {
    const label = (p: Plugin) => `${p.name} ${p.version}`;
    const mine = new Set<string>();
    for (const metric of plugin.metrics ?? []) {
      const owner = this.#metricOwner.get(metric.id);
      if (owner) {
        throw new UsageError(
          `Plugins ${label(owner)} and ${label(plugin)} both register metric "${metric.id}"; ` +
            `load only one of them`,
        );
      }
      if (mine.has(metric.id)) {
        throw new UsageError(`Plugin ${label(plugin)} registers metric "${metric.id}" twice`);
      }
      mine.add(metric.id);
    }
    mine.clear();
    for (const format of plugin.formats ?? []) {
      const owner = this.#formatOwner.get(format.id);
      if (owner) {
        throw new UsageError(
          `Plugins ${label(owner)} and ${label(plugin)} both register format "${format.id}"; ` +
            `load only one of them`,
        );
      }
      if (mine.has(format.id)) {
        throw new UsageError(`Plugin ${label(plugin)} registers format "${format.id}" twice`);
      }
      mine.add(format.id);
      for (const ext of format.extensions) {
        if (typeof ext !== "string" || !/^\.[^./\\\s]+$/.test(ext)) {
          throw new UsageError(
            `Plugin ${label(plugin)}: format "${format.id}" claims the extension ${
              JSON.stringify(ext)
            }; an extension is a dot and a name, like ".m2"`,
          );
        }
      }
    }
    mine.clear();
    for (const command of plugin.commands ?? []) {
      if (typeof command.name !== "string" || !/^[a-z][a-z0-9_-]*$/.test(command.name)) {
        throw new UsageError(
          `Plugin ${label(plugin)} adds a command named ${
            JSON.stringify(command.name)
          }; a command name is lowercase letters, digits, "_" and "-", starting with a letter`,
        );
      }
      for (const key of ["summary", "help"] as const) {
        if (typeof command[key] !== "string") {
          throw new UsageError(
            `Plugin ${label(plugin)}: command "${command.name}" needs a "${key}" string`,
          );
        }
      }
      if (typeof command.run !== "function") {
        throw new UsageError(
          `Plugin ${label(plugin)}: command "${command.name}" needs a "run" function`,
        );
      }
      const owner = this.#commandOwner.get(command.name);
      if (owner) {
        throw new UsageError(
          `Plugins ${label(owner)} and ${label(plugin)} both add command "${command.name}"; ` +
            `load only one of them`,
        );
      }
      if (mine.has(command.name)) {
        throw new UsageError(`Plugin ${label(plugin)} adds command "${command.name}" twice`);
      }
      mine.add(command.name);
    }
    mine.clear();
    for (const tokenizer of plugin.tokenizers ?? []) {
      if (typeof tokenizer.id !== "string" || !/^[a-z][a-z0-9_-]*$/.test(tokenizer.id)) {
        throw new UsageError(
          `Plugin ${label(plugin)} adds a tokenizer with id ${
            JSON.stringify(tokenizer.id)
          }; a tokenizer id is lowercase letters, digits, "_" and "-", starting with a letter`,
        );
      }
      if (typeof tokenizer.tokenize !== "function") {
        throw new UsageError(
          `Plugin ${label(plugin)}: tokenizer "${tokenizer.id}" needs a "tokenize" function`,
        );
      }
      const owner = this.#tokenizerOwner.get(tokenizer.id);
      if (owner) {
        throw new UsageError(
          `Plugins ${label(owner)} and ${label(plugin)} both add tokenizer "${tokenizer.id}"; ` +
            `load only one of them`,
        );
      }
      if (mine.has(tokenizer.id)) {
        throw new UsageError(`Plugin ${label(plugin)} adds tokenizer "${tokenizer.id}" twice`);
      }
      mine.add(tokenizer.id);
    }
    const own = new Set((plugin.metrics ?? []).map((m) => m.id));
    for (const view of plugin.views ?? []) {
      if (typeof view.sentenceEdits !== "function") {
        throw new UsageError(
          `Plugin ${label(plugin)}: the sentence view of metric "${view.metric}" needs a ` +
            `"sentenceEdits" function`,
        );
      }
      if (!own.has(view.metric) && !this.#metrics.has(view.metric)) {
        throw new UsageError(
          `Plugin ${label(plugin)} adds a sentence view of metric "${view.metric}", which ` +
            `no plugin registers`,
        );
      }
    }
    this.#plugins.push(plugin);
    for (const command of plugin.commands ?? []) {
      this.#commands.set(command.name, command);
      this.#commandOwner.set(command.name, plugin);
    }
    this.#views.push(...plugin.views ?? []);
    for (const tokenizer of plugin.tokenizers ?? []) {
      this.#tokenizers.set(tokenizer.id, tokenizer);
      this.#tokenizerOwner.set(tokenizer.id, plugin);
    }
    for (const metric of plugin.metrics ?? []) {
      this.#metrics.set(metric.id, metric);
      this.#metricOwner.set(metric.id, plugin);
    }
    for (const format of plugin.formats ?? []) {
      this.#formats.set(format.id, format);
      this.#formatOwner.set(format.id, plugin);
    }
    return this;
  }

  /**
   * The plugin that registered a metric (or format) id.
   *
   * @param id The metric id (or, with `kind` `"format"` or `"command"`, the format id or
   *   command name).
   * @param kind Which kind of id.
   * @returns The plugin, or undefined when the id is not registered.
   */
  pluginOf(
    id: string,
    kind: "metric" | "format" | "command" | "tokenizer" = "metric",
  ): Plugin | undefined {
    return (kind === "metric"
      ? this.#metricOwner
      : kind === "format"
      ? this.#formatOwner
      : kind === "tokenizer"
      ? this.#tokenizerOwner
      : this.#commandOwner).get(id);
  }

  /** The registered plugins, in registration order. */
  get plugins(): readonly Plugin[] {
    return this.#plugins;
  }

  /** Every registered metric, in registration order. */
  // deno-lint-ignore no-explicit-any
  get metrics(): Metric<any, any, any>[] {
    return [...this.#metrics.values()];
  }

  /** Every registered format, in registration order. */
  get formats(): Format[] {
    return [...this.#formats.values()];
  }

  /** Every command the plugins add, in registration order. */
  get commands(): PluginCommand[] {
    return [...this.#commands.values()];
  }

  /** Every tokenizer the plugins add, in registration order. */
  get tokenizers(): Tokenizer[] {
    return [...this.#tokenizers.values()];
  }

  /**
   * Look up a tokenizer by id.
   *
   * @example Usage
   * ```ts
   * import { Registry } from "./registry.ts";
   * import assert from "node:assert/strict";
   *
   * const spaces = { id: "spaces", description: "white space", tokenize: (l: string) => l.split(" ") };
   * const registry = new Registry().use({ name: "toks", version: "1.0.0", tokenizers: [spaces] });
   * assert.equal(registry.tokenizer("spaces"), spaces);
   * assert.throws(() => registry.tokenizer("moses"), /Unknown tokenizer "moses"; known tokenizers: spaces/);
   * ```
   *
   * @param id The tokenizer's id.
   * @returns The tokenizer.
   * @throws {UsageError} When no plugin adds it.
   */
  tokenizer(id: string): Tokenizer {
    const tokenizer = this.#tokenizers.get(id);
    if (!tokenizer) {
      const known = [...this.#tokenizers.keys()].join(", ") || "(none)";
      throw new UsageError(`Unknown tokenizer "${id}"; known tokenizers: ${known}`);
    }
    return tokenizer;
  }

  /**
   * Look up a command a plugin added.
   *
   * @example Usage
   * ```ts
   * import { Registry } from "./registry.ts";
   * import assert from "node:assert/strict";
   *
   * const hello = { name: "hello", summary: "say hello", help: "Usage: hello", run: () => 0 };
   * const registry = new Registry().use({ name: "greeter", version: "1.0.0", commands: [hello] });
   * assert.equal(registry.command("hello"), hello);
   * assert.equal(registry.command("bye"), undefined);
   * assert.equal(registry.pluginOf("hello", "command")?.name, "greeter");
   * ```
   *
   * @param name The command's name.
   * @returns The command, or undefined when no plugin adds it.
   */
  command(name: string): PluginCommand | undefined {
    return this.#commands.get(name);
  }

  /**
   * The sentence views of a metric, in registration order.
   *
   * @param metric The metric id.
   * @returns Its views (empty when none).
   */
  viewsOf(metric: string): SentenceView[] {
    return this.#views.filter((v) => v.metric === metric);
  }

  /**
   * Whether a metric id is registered.
   *
   * @param id The metric id.
   * @returns True when registered.
   */
  hasMetric(id: string): boolean {
    return this.#metrics.has(id);
  }

  /**
   * Look up a metric; an unknown id is a {@linkcode UsageError} listing the known ones.
   *
   * @param id The metric id.
   * @returns The metric.
   */
  // deno-lint-ignore no-explicit-any
  metric(id: string): Metric<any, any, any> {
    const metric = this.#metrics.get(id);
    if (!metric) {
      throw new UsageError(`Unknown metric "${id}"; known metrics: ${list(this.#metrics.keys())}`);
    }
    return metric;
  }

  /**
   * Look up a format; an unknown id is a {@linkcode UsageError} listing the known ones.
   *
   * @param id The format id.
   * @returns The format.
   */
  format(id: string): Format {
    const format = this.#formats.get(id);
    if (!format) {
      throw new UsageError(`Unknown format "${id}"; known formats: ${list(this.#formats.keys())}`);
    }
    return format;
  }

  /**
   * Pick the format of a gold file: by its extension first, then by sniffing its first bytes.
   *
   * @param path The file name.
   * @param head The start of its text (a few KiB).
   * @returns The format, or undefined when none claims it.
   */
  formatFor(path: string, head = ""): Format | undefined {
    const lower = path.toLowerCase();
    for (const format of this.#formats.values()) {
      if (format.extensions.some((ext) => lower.endsWith(ext.toLowerCase()))) return format;
    }
    for (const format of this.#formats.values()) if (format.sniff?.(head)) return format;
    return undefined;
  }
}

function list(ids: Iterable<string>): string {
  const all = [...ids];
  return all.length ? all.join(", ") : "(none)";
}
