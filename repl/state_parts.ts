/**
 * Pieces of the REPL's session state that need none of its private fields: how a session is
 * set up, the statistics cache key, the option error, and how the count fields of a metric's
 * scores are told from its rates.
 *
 * @module
 */

import { InputError, UsageError } from "../plugins/errors.ts";
import { metricOptions } from "../pipeline/scoring.ts";
import type { Registry } from "../plugins/registry.ts";
import type {
  AnyMetric,
  GoldCorpus,
  GoldNeed,
  Hypotheses,
  Options,
  OptionValue,
  Plugin,
  Score,
} from "../plugins/types.ts";
import { headlineValue, scoreColumns } from "../render/text.ts";
import { readSystem } from "../pipeline/read_system.ts";
import { isOwnFormat } from "../pipeline/own_formats.ts";
import type { HostOptions } from "../sandbox/host.ts";
import { loadPlugin, unloadPlugin } from "../sandbox/loader.ts";
import { statsAhead } from "../sandbox/metric_proxy.ts";

/** How a session is set up. */
export interface SessionOptions {
  /** The registry whose metrics and formats the session uses (default: a new one with the built-ins). */
  registry?: Registry;
  /** ANSI colours in the output (default false). */
  color?: boolean;
  /**
   * Where metric warnings go as they arise, each kind once per command (`render/warnings.ts`),
   * one line each with its newline (default: nowhere; they stay in scores and explanations).
   */
  onWarning?: (text: string) => void;
  /** Echo no warnings (`--quiet`). */
  quiet?: boolean;
  /**
   * Progress of long computations (`corpus`, `find disagree`), such as a progress bar on a
   * terminal: `update` as sentences are done, `done` at the end.
   */
  progress?: { update(done: number, total: number): void; done(): void };
  /** The time limit of one call into a plugin loaded in the session, in ms (default 30 s). */
  pluginTimeoutMs?: number;
  /** The memory limit of a plugin loaded in the session, in MB (default 1024). */
  pluginMemoryMb?: number;
}

export const BOLD = ["\x1b[1m", "\x1b[0m"];
export const DIM = ["\x1b[2m", "\x1b[0m"];

/**
 * The key of a system's statistics under a metric and options in the session's cache.
 *
 * @param system The system's name.
 * @param metric The metric id.
 * @param options The resolved options.
 * @returns The key.
 */
export function cacheKey(system: string, metric: string, options: Options): string {
  return `${system}\u0000${metric}\u0000${JSON.stringify(options)}`;
}

/**
 * The usage error for an option a metric does not have.
 *
 * @param metric The metric.
 * @param name The option name given.
 * @returns The error.
 */
export function unknownOption(metric: AnyMetric, name: string): UsageError {
  const known = Object.keys(metric.defaults).map((k) => `${metric.id}.${k}`);
  return new UsageError(
    `Unknown option ${metric.id}.${name}; valid: ${known.join(", ") || "(none)"}`,
  );
}

/**
 * The count fields of a metric's scores: up to 4 whole-number fields besides the headline
 * and fields named like an option (`beta`, `iterations` echo it). On a sentence score a
 * precision of 1 is a whole number too, so they are judged on a corpus score from cached
 * statistics when there are any (and remembered in `memo.counts`), else on the samples: a
 * count doubles in the corpus score of a sentence taken twice, a rate does not (and a field
 * once shown not to be a count is remembered in `memo.rates`).
 *
 * @param metric The metric.
 * @param corpus The metric's corpus score of some statistics (a checked call, with its options).
 * @param samples Scores (with their statistics, when known) to judge on.
 * @param cached The cached statistics of one system, if any.
 * @param memo What earlier calls found, per metric id.
 * @returns The count fields.
 */
export function countPaths(
  metric: AnyMetric,
  corpus: (stats: unknown[]) => Score,
  samples: { score: Score; stats?: unknown }[],
  cached: unknown[] | undefined,
  memo: { counts: Map<string, string[]>; rates: Map<string, Set<string>> },
): string[] {
  const known = memo.counts.get(metric.id);
  if (known) return known;
  const rates = memo.rates.get(metric.id) ?? new Set<string>();
  memo.rates.set(metric.id, rates);
  const echoes = new Set(Object.keys(metric.defaults));
  const wholes = (score: Score) =>
    scoreColumns(metric, score).filter((p) =>
      p !== metric.headline && !echoes.has(p.split(".").pop()!) &&
      Number.isInteger(headlineValue(score, p))
    );
  if (cached) {
    const paths = wholes(corpus(cached)).slice(0, 4);
    memo.counts.set(metric.id, paths);
    return paths;
  }
  const columns = scoreColumns(metric, samples[0].score).filter((p) =>
    p !== metric.headline && !echoes.has(p.split(".").pop()!)
  );
  for (const { score, stats } of samples) {
    const twice = stats === undefined ? undefined : corpus([stats, stats]);
    for (const p of columns) {
      const one = headlineValue(score, p);
      const count = Number.isInteger(one) &&
        (twice === undefined || headlineValue(twice, p) === 2 * (one as number));
      if (!count) rates.add(p);
    }
  }
  const paths = columns.filter((p) => !rates.has(p));
  return paths.slice(0, 4);
}

/** How many sentences a boxed metric's statistics are fetched for at most in one call. */
export const AHEAD_SENTENCES = 256;

/**
 * Drop a system's entries from caches keyed by {@linkcode cacheKey}.
 *
 * @param maps The caches.
 * @param systemName The system.
 */
export function forgetSystem(maps: readonly Map<string, unknown>[], systemName: string): void {
  for (const map of maps) {
    for (const key of [...map.keys()]) if (key.startsWith(systemName + "\u0000")) map.delete(key);
  }
}

/** One (system, metric) whose statistics a session computes. */
export interface WarmJob {
  /** The system. */
  system: Hypotheses;
  /** The metric. */
  metric: AnyMetric;
  /** Its resolved options. */
  options: Options;
}

/**
 * Compute the statistics of every job, sentence by sentence, giving the event loop a turn
 * every few milliseconds so that a signal can cancel it; a job whose metric fails is skipped
 * (its view shows the error), a cancel stops everything.
 *
 * @param gold The gold.
 * @param jobs What to compute.
 * @param how One sentence's statistics, where a job's go, progress and the cancel signal.
 */
export async function warmStats(
  gold: GoldCorpus,
  jobs: readonly WarmJob[],
  how: {
    statsOf: (job: WarmJob, index: number) => unknown;
    /** Fetch a boxed metric's statistics this many sentences ahead, in one call each. */
    ahead?: number;
    store: (job: WarmJob, stats: unknown[]) => void;
    progress?: SessionOptions["progress"];
    signal?: AbortSignal;
  },
): Promise<void> {
  let last = Date.now();
  const total = jobs.length * gold.sentences.length;
  let done = 0;
  try {
    for (const job of jobs) {
      const stats: unknown[] = [];
      let fetched = 0;
      try {
        for (let i = 0; i < gold.sentences.length; i++) {
          how.progress?.update(done++, total);
          how.signal?.throwIfAborted();
          if (Date.now() - last >= 20) {
            await new Promise((resolve) => setTimeout(resolve, 0));
            last = Date.now();
            how.signal?.throwIfAborted();
          }
          if (how.ahead && i >= fetched) {
            const end = i + how.ahead;
            const sentences = statsAhead(
              job.metric,
              gold.sentences.slice(i, end),
              job.system.sentences.slice(i, end),
              job.options,
              job.system.edits?.slice(i, end),
            );
            fetched = i + Math.max(1, sentences);
          }
          stats.push(how.statsOf(job, i));
        }
      } catch (error) {
        // A metric that fails is left to the view, which shows it as an error cell.
        if (error instanceof Error && error.name === "AbortError") throw error;
        continue;
      }
      how.store(job, stats);
    }
  } finally {
    how.progress?.done();
  }
}

/**
 * The systems and metrics a command names (default: every loaded system, every metric); a
 * name that is neither is a usage error listing both.
 *
 * @param names System names and metric ids.
 * @param loaded The loaded systems.
 * @param registry The registry.
 * @param byDefault Which registered metrics a command that names none uses (default: all).
 * @returns The systems and metrics.
 */
export function selectNames(
  names: readonly string[],
  loaded: readonly Hypotheses[],
  registry: Registry,
  byDefault: (metric: AnyMetric) => boolean = () => true,
): { systems: Hypotheses[]; metrics: AnyMetric[] } {
  const systems: Hypotheses[] = [];
  const metrics: AnyMetric[] = [];
  for (const name of names) {
    const system = loaded.find((s) => s.name === name);
    if (system) systems.push(system);
    else if (registry.hasMetric(name)) metrics.push(registry.metric(name));
    else {
      throw new UsageError(
        `"${name}" is neither a loaded system (${
          loaded.map((s) => s.name).join(", ") || "none"
        }) nor a metric (${registry.metrics.map((m) => m.id).join(", ") || "none"})`,
      );
    }
  }
  if (!systems.length) systems.push(...loaded);
  if (!systems.length) throw new UsageError("No systems loaded: load hyp PATH..., or try TEXT");
  // Metrics that ask a model server are left out unless named (they are n/a in the REPL), as are
  // metrics of another kind of gold.
  return {
    systems,
    metrics: metrics.length ? metrics : registry.metrics.filter((m) => !m.gather && byDefault(m)),
  };
}

/** What `load plugin` says of a plugin it loaded. */
export function pluginSummary(plugin: Plugin): string {
  const metrics = (plugin.metrics ?? []).map((m) => m.id);
  const formats = (plugin.formats ?? []).map((f) => f.id);
  return `Loaded plugin ${plugin.name} ${plugin.version}: metrics ${
    metrics.join(", ") || "(none)"
  }; formats ${formats.join(", ") || "(none)"}`;
}

/** The next index after `index` (wrapping round `n`) that passes a test, or undefined. */
export function nextMatch(
  index: number,
  n: number,
  test: (i: number) => boolean,
): number | undefined {
  for (let k = 1; k <= n; k++) {
    const i = (index + k) % n;
    if (test(i)) return i;
  }
  return undefined;
}

/** Clear a session's `set` values: all, one metric's, or one option; says what it did. */
export function resetOverrides(
  registry: Registry,
  overrides: Map<string, Record<string, OptionValue>>,
  metricId?: string,
  name?: string,
): string {
  if (!metricId) {
    overrides.clear();
    return "All options back to their defaults";
  }
  const metric = registry.metric(metricId);
  if (name === undefined) {
    overrides.delete(metric.id);
    return `${metric.id}: options back to their defaults`;
  }
  if (!Object.hasOwn(metric.defaults, name)) throw unknownOption(metric, name);
  delete overrides.get(metric.id)?.[name];
  return `${metric.id}.${name} = ${(metric.defaults as Options)[name]} (default)`;
}

/** What `load gold` says: the file, its size and format, what it provides, systems unloaded. */
export function goldLoadedMessage(
  gold: GoldCorpus,
  path: string,
  provides: ReadonlySet<string>,
  dropped: readonly string[],
): string {
  const what = [...provides].join(", ") || "nothing metrics need";
  let out = `Loaded gold ${path}: ${gold.sentences.length} sentences, format ${gold.format} ` +
    `(provides ${what})`;
  if (dropped.length) out += `\nUnloaded systems of another length: ${dropped.join(", ")}`;
  return out;
}

/** A usage error when two systems loaded together have one name. */
export function checkDistinctNames(systems: readonly Hypotheses[]): void {
  const twice = systems.find((s, k) => systems.findIndex((o) => o.name === s.name) !== k);
  if (twice) {
    throw new UsageError(`Two systems are named ${twice.name}: give files distinct base names`);
  }
}

/**
 * Read system files for the session, each with the gold's number of sentences; a plugin's format
 * (named by the user) stays on the system, for the signatures; two files with one base name are
 * a usage error.
 *
 * @param registry Where the formats are.
 * @param paths The files.
 * @param format The files' format id (default: by name and content, else plain text).
 * @param expected The gold's number of sentences.
 * @returns The systems, in order.
 */
export async function readSessionSystems(
  registry: Registry,
  paths: readonly string[],
  format: string | undefined,
  expected: number,
): Promise<Hypotheses[]> {
  const loaded: Hypotheses[] = [];
  for (const path of paths) {
    const { format: read, ...system } = await readSystem(path, { registry, format, expected });
    loaded.push(isOwnFormat(read) ? system : Object.assign(system, { format: read }));
  }
  checkDistinctNames(loaded);
  return loaded;
}

/**
 * Put a system in the place of the loaded one of its name, or after the others.
 *
 * @param systems The loaded systems (changed in place).
 * @param system The system.
 * @returns Whether it replaced one.
 */
export function putSystem(systems: Hypotheses[], system: Hypotheses): boolean {
  const at = systems.findIndex((s) => s.name === system.name);
  if (at >= 0) systems[at] = system;
  else systems.push(system);
  return at >= 0;
}

/**
 * Load a plugin into a registry, boxed; one the registry refuses (an id taken) is unloaded again.
 *
 * @param registry The registry.
 * @param spec The plugin's path, URL or npm specifier.
 * @param limits Its time and memory limits.
 * @returns What it brought, in words.
 */
export async function loadSessionPlugin(
  registry: Registry,
  spec: string,
  limits: Pick<HostOptions, "timeoutMs" | "memoryMb">,
): Promise<string> {
  const plugin = await loadPlugin(spec, undefined, limits);
  try {
    registry.use(plugin);
  } catch (error) {
    unloadPlugin(plugin);
    throw error;
  }
  return pluginSummary(plugin);
}

/**
 * A metric's options in a session, as the planner gives them: resolved, then prepared from the
 * session's gold and systems (GoToScorer's weights=systems from every loaded system), as a run
 * of them would be. Options that cannot be prepared from these systems (weights from systems
 * given as plain text, not yet annotated) are resolved unprepared: the metric is not available
 * for them, as it says.
 *
 * @param registry The registry (to name the metric's plugin).
 * @param metric The metric.
 * @param raw The session's `set` values for it.
 * @param gold The loaded gold, if any.
 * @param systems The loaded systems.
 * @returns The options.
 */
export function sessionOptions(
  registry: Registry,
  metric: AnyMetric,
  raw: Record<string, OptionValue>,
  gold: GoldCorpus | undefined,
  systems: readonly Hypotheses[],
): Options {
  try {
    const plugin = registry.pluginOf(metric.id);
    return metricOptions(metric, raw, { gold: gold?.sentences ?? [], systems }, {
      plugin: plugin ? `${plugin.name} ${plugin.version}` : undefined,
    });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return metricOptions({ ...metric, prepare: undefined }, raw, { gold: [], systems: [] });
  }
}

/**
 * The value of `key` in `cache`, computed and kept on first use.
 *
 * @param cache The cache.
 * @param key The key.
 * @param compute What computes the value.
 * @returns The value.
 */
export function cached<K, V>(cache: Map<K, V>, key: K, compute: () => V): V {
  let value = cache.get(key);
  if (value === undefined) cache.set(key, value = compute());
  return value;
}

/**
 * Why a metric cannot run on a gold (`"n/a (needs errors)"`), or undefined: metrics that ask a
 * model server gather their answers for a whole run (score, report), and a metric bound to other
 * gold formats or needing what the gold lacks is not available.
 *
 * @param metric The metric.
 * @param gold The loaded gold, if any.
 * @param provides What the gold provides.
 * @returns The reason, or undefined when it can run.
 */
export function unavailableReason(
  metric: AnyMetric,
  gold: GoldCorpus | undefined,
  provides: ReadonlySet<GoldNeed>,
): string | undefined {
  if (metric.gather) return "n/a (asks a model server: use gecscore score or report)";
  if (!gold) return undefined;
  if (metric.goldFormats && !metric.goldFormats.includes(gold.format)) {
    return `n/a (scores gold of format ${metric.goldFormats.join(" or ")})`;
  }
  const missing = metric.needs.filter((n) => !provides.has(n));
  return missing.length ? `n/a (needs ${missing.join(", ")})` : undefined;
}

/**
 * A loaded system by name; an unknown name is a usage error listing the loaded ones.
 *
 * @param systems The loaded systems.
 * @param name The name.
 * @returns The system.
 */
export function findSystem(systems: readonly Hypotheses[], name: string): Hypotheses {
  const system = systems.find((s) => s.name === name);
  if (!system) {
    throw new UsageError(
      `Unknown system "${name}"; loaded: ${systems.map((s) => s.name).join(", ") || "(none)"}`,
    );
  }
  return system;
}
