/**
 * The REPL's state, independent of any terminal: a {@linkcode SessionState} holds a gold
 * corpus, system outputs, the current sentence, per-metric option overrides and the caches of
 * statistics, with small helpers the views use. The commands and their views are in
 * `repl/commands/`; `session.ts` puts them together.
 *
 * Nothing here names a metric: every command works with whatever the registry holds.
 *
 * @module
 */

import { createRegistry, readGold } from "../builtin.ts";
import { referenceRewrites } from "../formats/references.ts";
import { readReferenceCorpus } from "../formats/text.ts";
import { UsageError } from "../plugins/errors.ts";
import { coerceOption } from "../plugins/options.ts";
import type { Registry } from "../plugins/registry.ts";
import { headlineValue } from "../render/text.ts";
import { callSite, deriveEdits, goldProvides } from "../pipeline/scoring.ts";
import { explainSentence, scoreOf, sentenceStats } from "../pipeline/engine.ts";
import type { CallSite } from "../checked/guard.ts";
import { WarningEcho } from "../render/warnings.ts";
import type {
  AnyMetric,
  Edit,
  Explanation,
  GoldCorpus,
  GoldNeed,
  GoldSentence,
  Hypotheses,
  Options,
  OptionValue,
  Score,
  Tokens,
} from "../plugins/types.ts";
import { formatDiff, tokenDiff } from "../util/token_diff.ts";
import {
  AHEAD_SENTENCES,
  BOLD,
  cached,
  cacheKey,
  countPaths,
  DIM,
  findSystem,
  forgetSystem,
  goldLoadedMessage,
  loadSessionPlugin,
  nextMatch,
  putSystem,
  readSessionSystems,
  resetOverrides,
  selectNames,
  type SessionOptions,
  sessionOptions,
  unavailableReason,
  warmStats,
} from "./state_parts.ts";

export { type SessionOptions, unknownOption } from "./state_parts.ts";

/**
 * What a REPL session holds: a gold corpus, system outputs, the current sentence, per-metric
 * option overrides and a cache of per-sentence statistics. The views the commands print are
 * in `repl/commands/`; `Session` in `session.ts` adds the command line.
 *
 * @example Usage
 * ```ts
 * import { SessionState } from "./state.ts";
 * import assert from "node:assert/strict";
 *
 * const state = new SessionState();
 * await state.loadGold("tests/testdata/m2scorer_example.m2");
 * await state.loadHypotheses(["tests/testdata/m2scorer_example_system"]);
 * state.goto(2);
 * assert.equal(state.index, 1);
 * assert.equal(state.systems[0].name, "m2scorer_example_system");
 * assert.throws(() => state.goto(9), /from 1 to 3/);
 * ```
 */
export class SessionState {
  /** The registry: metrics and formats, plus the plugins loaded in the session. */
  readonly registry: Registry;
  /** Whether output carries ANSI colours. */
  color: boolean;
  /** The gold corpus, once loaded. */
  gold?: GoldCorpus;
  /** The loaded system outputs, in load order. */
  readonly systems: Hypotheses[] = [];
  /** The current sentence, 0-based. */
  index = 0;
  /** Set by `quit`. */
  done = false;
  /**
   * The errors of the command being run that did not stop it (a metric that failed on one
   * system shows `error` in its cell; this says why). A piped session prints them on stderr
   * and exits 1; `Session.execute` empties the list before each command.
   */
  readonly failures: string[] = [];
  #overrides = new Map<string, Record<string, OptionValue>>();
  /** Each metric's prepared options by overrides, for the gold and systems loaded now. */
  #prepared = new Map<string, Options>();
  #stats = new Map<string, unknown[]>();
  #headlines = new Map<string, number[]>();
  #provides = new Set<GoldNeed>();
  #counts = new Map<string, string[]>();
  #rates = new Map<string, Set<string>>();
  #warnings?: WarningEcho;
  #progress?: SessionOptions["progress"];
  /** Cancels the command running now (checked between sentences of long computations). */
  signal?: AbortSignal;
  #pluginTimeoutMs?: number;
  #pluginMemoryMb?: number;

  /**
   * A session.
   *
   * @param options The registry and colour setting.
   */
  constructor(options: SessionOptions = {}) {
    this.registry = options.registry ?? createRegistry();
    this.color = options.color ?? false;
    if (options.onWarning) this.#warnings = new WarningEcho(options.onWarning, options.quiet);
    this.#progress = options.progress;
    this.#pluginTimeoutMs = options.pluginTimeoutMs;
    this.#pluginMemoryMb = options.pluginMemoryMb;
  }

  // ---- loading -------------------------------------------------------------------------

  /**
   * Load a gold corpus (any registered format). Loaded systems with the same number of
   * sentences stay; the others are unloaded.
   *
   * @param path The gold file.
   * @param format The format id (default: by name and content).
   * @returns What was loaded, in words.
   */
  async loadGold(path: string, format?: string): Promise<string> {
    return this.#useGold(await readGold(path, { registry: this.registry, format }), path);
  }

  /**
   * Load plain-text source and reference files as the gold (only metrics that need
   * references can run on it).
   *
   * @param source The source file, one sentence per line.
   * @param references The reference files, as many lines each.
   * @returns What was loaded, in words.
   */
  async loadReferences(source: string, references: string[]): Promise<string> {
    if (!references.length) throw new UsageError("Give at least one reference file");
    const gold = await readReferenceCorpus(source, references);
    return this.#useGold(gold, gold.path);
  }

  #useGold(gold: GoldCorpus, path: string): string {
    this.gold = gold;
    this.index = 0;
    this.#prepared.clear();
    this.#stats.clear();
    this.#headlines.clear();
    this.#counts.clear();
    this.#provides = goldProvides(gold);
    const kept = this.systems.filter((s) => s.sentences.length === gold.sentences.length);
    const dropped = this.systems.filter((s) => !kept.includes(s)).map((s) => s.name);
    this.systems.splice(0, this.systems.length, ...kept);
    return goldLoadedMessage(gold, path, this.#provides, dropped);
  }

  /**
   * Load system outputs, one per file (one sentence per line, as many as the gold has), or
   * hypothesis M2 files (the system's own edits: a file whose first line is an `S` line),
   * which every metric scores through their text and `errant` through their edits. A file
   * whose base name is already loaded replaces that system; two files with one base name in
   * one call are a usage error.
   *
   * @param paths The files.
   * @param format The files' format id (default: by name and content, else plain text).
   * @returns What was loaded, in words.
   */
  async loadHypotheses(paths: string[], format?: string): Promise<string> {
    const gold = this.needGold();
    if (!paths.length) throw new UsageError("Usage: load hyp PATH...");
    const loaded = await readSessionSystems(this.registry, paths, format, gold.sentences.length);
    return loaded.map((system) => {
      this.#forget(system.name);
      const replaced = putSystem(this.systems, system);
      return `${replaced ? "Reloaded" : "Loaded"} system ${system.name}: ` +
        `${system.sentences.length} sentences (${system.path}${
          system.edits ? ", hypothesis M2" : ""
        })`;
    }).join("\n");
  }

  /**
   * Give loaded plain-text systems the edits gecscore's ERRANT-style annotator extracts from
   * (gold source, system sentence), so that `errant` scores them and `align errant` shows their
   * typed edits. Systems loaded from a hypothesis M2 keep their own edits.
   *
   * @param names The systems (all loaded ones when empty).
   * @returns What was annotated, in words.
   */
  async annotateSystems(names: string[]): Promise<string> {
    const gold = this.needGold();
    const chosen = names.length ? names.map((n) => this.system(n)) : this.systems;
    if (!chosen.length) throw new UsageError("No systems loaded: load hyp PATH...");
    const plain = chosen.filter((s) => !s.edits);
    if (!plain.length) return "Every system named already has its own edits (a hypothesis M2)";
    const annotated = await deriveEdits(gold, plain);
    return annotated.map((system) => {
      this.#forget(system.name);
      putSystem(this.systems, system);
      const count = system.edits!.reduce((n, e) => n + e.length, 0);
      return `Annotated system ${system.name}: ${count} edits (edits:${system.editsFrom})`;
    }).join("\n");
  }

  /**
   * Load a plugin (path, `file:`/`https:` URL or `npm:` specifier) into the registry.
   *
   * @param spec The specifier.
   * @returns What it brought, in words.
   */
  async loadPlugin(spec: string): Promise<string> {
    return await loadSessionPlugin(this.registry, spec, {
      timeoutMs: this.#pluginTimeoutMs,
      memoryMb: this.#pluginMemoryMb,
    });
  }

  // ---- metrics and options ------------------------------------------------------------

  /**
   * Why a metric cannot run on the loaded gold (`"n/a (needs errors)"`), or undefined.
   *
   * @param metric The metric.
   * @returns The reason, or undefined when it can run.
   */
  unavailable(metric: AnyMetric): string | undefined {
    return unavailableReason(metric, this.gold, this.#provides);
  }

  /**
   * The options a metric runs with: its defaults with the session's `set` values over them.
   *
   * @param metric The metric.
   * @returns The options.
   */
  options(metric: AnyMetric): Options {
    const raw = this.#overrides.get(metric.id) ?? {};
    const key = `${metric.id}\u0000${JSON.stringify(raw)}`;
    return cached(
      this.#prepared,
      key,
      () => sessionOptions(this.registry, metric, raw, this.gold, this.systems),
    );
  }

  /**
   * Set one metric option (the value is checked and typed as the metric's default).
   *
   * @param metricId The metric id.
   * @param name The option name.
   * @param raw The value.
   * @returns The typed value.
   */
  setOption(metricId: string, name: string, raw: string): OptionValue {
    const metric = this.registry.metric(metricId);
    const value = coerceOption(metric, name, raw);
    this.#overrides.set(metric.id, { ...this.#overrides.get(metric.id), [name]: value });
    this.#prepared.clear();
    return value;
  }

  /**
   * Per-sentence statistics of a whole system under a metric with the current options,
   * computed once and cached (per system, metric and options).
   *
   * @param system The system.
   * @param metric The metric.
   * @returns One statistics value per gold sentence.
   */
  corpusStats(system: Hypotheses, metric: AnyMetric): unknown[] {
    const gold = this.needGold();
    const options = this.options(metric);
    return cached(
      this.#stats,
      cacheKey(system.name, metric.id, options),
      () =>
        gold.sentences.map((g, i) =>
          this.statsOf(metric, g, system.sentences[i], options, system.edits?.[i], system.name)
        ),
    );
  }

  /**
   * The sentence-level score of one sentence of a system (from cached statistics when there
   * are any).
   *
   * @param system The system.
   * @param metric The metric.
   * @param index The sentence, 0-based (default: the current one).
   * @returns The score.
   */
  sentenceScore(system: Hypotheses, metric: AnyMetric, index = this.index): Score {
    return this.scoreOf(
      metric,
      "sentence",
      this.sentenceStats(system, metric, index),
      system.name,
      index,
    );
  }

  /** The statistics of one sentence of a system (cached ones when there are any). */
  sentenceStats(system: Hypotheses, metric: AnyMetric, index: number): unknown {
    const gold = this.needGold();
    const options = this.options(metric);
    const cached = this.#stats.get(cacheKey(system.name, metric.id, options));
    return cached ? cached[index] : this.statsOf(
      metric,
      gold.sentences[index],
      system.sentences[index],
      options,
      system.edits?.[index],
      system.name,
    );
  }

  // ---- moving ----------------------------------------------------------------------------

  /**
   * Move to sentence `n` (1-based).
   *
   * @param n The sentence number.
   */
  goto(n: number): void {
    const gold = this.needGold();
    if (!Number.isInteger(n) || n < 1 || n > gold.sentences.length) {
      throw new UsageError(`Sentence must be a whole number from 1 to ${gold.sentences.length}`);
    }
    this.index = n - 1;
  }

  /** The prompt: the current position. */
  get prompt(): string {
    return this.gold ? `[${this.index + 1}/${this.gold.sentences.length}]> ` : "gecscore> ";
  }

  // ---- views -----------------------------------------------------------------------------

  /**
   * A loaded system by name; an unknown name lists the loaded ones.
   *
   * @param name The system name.
   * @returns The system.
   */
  system(name: string): Hypotheses {
    return findSystem(this.systems, name);
  }

  // ---- helpers for the commands' views ------------------------------------------------

  /** The systems and metrics a list of names selects (all of each kind not named). */
  select(names: string[]): { systems: Hypotheses[]; metrics: AnyMetric[] } {
    // By default, not the metrics bound to other gold formats (a language pack's).
    const gold = this.gold;
    return selectNames(
      names,
      this.systems,
      this.registry,
      (m) => !gold || !m.goldFormats || m.goldFormats.includes(gold.format),
    );
  }

  /** The count fields of a metric's scores (see `countPaths()` in `state_parts.ts`). */
  countPaths(metric: AnyMetric, samples: { score: Score; stats?: unknown }[]): string[] {
    const options = this.options(metric);
    const cached = this.systems.map((s) => this.#stats.get(cacheKey(s.name, metric.id, options)))
      .find((stats) => stats !== undefined);
    const corpus = (stats: unknown[]) => this.scoreOf(metric, "corpus", stats);
    return countPaths(metric, corpus, samples, cached, {
      counts: this.#counts,
      rates: this.#rates,
    });
  }

  /**
   * A metric's statistics of a sentence (`edits`: the system's own, from a hypothesis M2);
   * its echoed warnings go to `onWarning`.
   */
  statsOf(
    metric: AnyMetric,
    gold: GoldSentence,
    hyp: Tokens,
    options: Options,
    edits?: readonly Edit[],
    system?: string,
  ): unknown {
    const index = this.#indexOf(gold);
    const stats = sentenceStats(
      metric,
      this.site(metric, system),
      gold,
      hyp,
      options,
      index,
      edits,
    );
    this.#echo(metric, stats);
    return stats;
  }

  /** The 0-based index of a gold sentence of the loaded gold (the current one if not found). */
  #indexOf(gold: GoldSentence): number {
    const i = this.gold?.sentences.indexOf(gold) ?? -1;
    return i < 0 ? this.index : i;
  }

  /**
   * Where a metric runs for a system (or a typed hypothesis), for messages: as the engine
   * names faults on every path.
   *
   * @param metric The metric.
   * @param system The system's name, if a loaded system.
   * @returns The call site.
   */
  site(metric: AnyMetric, system?: string): CallSite {
    const site = callSite(this.registry, metric, { name: system ?? "" }, {
      path: this.gold?.path ?? "",
    });
    if (system === undefined) delete site.system;
    return site;
  }

  /**
   * A metric's score from statistics, checked as the engine checks it.
   *
   * @param metric The metric.
   * @param fn `corpus` (all sentences' statistics) or `sentence` (one sentence's).
   * @param stats The statistics.
   * @param system The system's name, if a loaded system.
   * @param index For `sentence`: the 0-based index (default: the current sentence).
   * @returns The score.
   */
  scoreOf(
    metric: AnyMetric,
    fn: "corpus" | "sentence",
    stats: unknown,
    system?: string,
    index = this.index,
  ): Score {
    const options = this.options(metric);
    const site = this.site(metric, system);
    if (fn === "corpus") return scoreOf(metric, site, fn, stats, options);
    return scoreOf(metric, site, fn, stats, options, index, this.gold?.sentences[index]?.line);
  }

  /** A metric's explanation of a sentence (`edits` as for `statsOf`); echoed warnings go to
   * `onWarning`. */
  explain(
    metric: AnyMetric,
    gold: GoldSentence,
    hyp: Tokens,
    options: Options,
    edits?: readonly Edit[],
    system?: string,
  ): Explanation {
    const site = this.site(metric, system);
    const explanation = explainSentence(
      metric,
      site,
      gold,
      hyp,
      options,
      this.#indexOf(gold),
      edits,
    );
    this.#echo(metric, explanation);
    return explanation;
  }

  #echo(metric: AnyMetric, value: unknown): void {
    this.#warnings?.echo(metric, value);
  }

  /**
   * Echo notes on the settings (a known benchmark gold scored with settings other than its
   * published ones), each once a session.
   *
   * @param notes The notes (`pipeline/benchmarks.ts`).
   */
  note(notes: readonly string[]): void {
    this.#warnings?.notes(notes);
  }

  /** The end of a command: say how many more warnings of each kind it had. */
  finishWarnings(): void {
    this.#warnings?.finish();
  }

  /**
   * Compute (and cache) the statistics of systems under metrics, giving the event loop a
   * turn every few milliseconds so that Ctrl-C can cancel it ({@linkcode SessionState.signal}).
   *
   * @param systems The systems.
   * @param metrics The metrics (those the gold cannot serve are skipped).
   */
  async warm(systems: Hypotheses[], metrics: AnyMetric[]): Promise<void> {
    const gold = this.needGold();
    const todo = systems.flatMap((system) =>
      metrics.filter((metric) =>
        !this.unavailable(metric) &&
        !this.#stats.has(cacheKey(system.name, metric.id, this.options(metric)))
      ).map((metric) => ({ system, metric, options: this.options(metric) }))
    );
    await warmStats(gold, todo, {
      statsOf: (job, i) =>
        this.statsOf(
          job.metric,
          gold.sentences[i],
          job.system.sentences[i],
          job.options,
          job.system.edits?.[i],
          job.system.name,
        ),
      // A boxed metric's statistics cross in batches, not one call per sentence.
      ahead: AHEAD_SENTENCES,
      store: (job, stats) =>
        this.#stats.set(cacheKey(job.system.name, job.metric.id, job.options), stats),
      progress: this.#progress,
      signal: this.signal,
    });
  }

  /**
   * The loaded gold; without one, a usage error saying how to load it.
   *
   * @returns The gold.
   */
  needGold(): GoldCorpus {
    if (!this.gold) throw new UsageError("No gold loaded: load gold PATH");
    return this.gold;
  }

  #forget(systemName: string): void {
    this.#prepared.clear();
    forgetSystem([this.#stats, this.#headlines], systemName);
  }

  /** The references of a gold sentence (derived from annotations, or given). */
  references(sentence: GoldSentence): Tokens[] {
    return sentence.annotations || sentence.references ? referenceRewrites(sentence) : [];
  }

  /** A system's sentence headline values under a metric (cached; NaN when not a number). */
  sentenceHeadlines(system: Hypotheses, metric: AnyMetric): number[] {
    const options = this.options(metric);
    return cached(
      this.#headlines,
      cacheKey(system.name, metric.id, options),
      () =>
        this.corpusStats(system, metric).map((s, i) => {
          const v = headlineValue(
            this.scoreOf(metric, "sentence", s, system.name, i),
            metric.headline,
          );
          return typeof v === "number" ? v : NaN;
        }),
    );
  }

  /** Move to the next sentence (wrapping round) that passes a test; false when none does. */
  findNext(test: (i: number) => boolean): boolean {
    const i = nextMatch(this.index, this.needGold().sentences.length, test);
    if (i !== undefined) this.index = i;
    return i !== undefined;
  }

  /** Tokens against the sentence's source as `[-deleted-]{+inserted+}` (coloured on a terminal). */
  diff(sentence: GoldSentence, tokens: Tokens): string {
    return formatDiff(tokenDiff(sentence.source, tokens), this.color);
  }

  /** Bold on a terminal. */
  bold(text: string): string {
    return this.color ? BOLD[0] + text + BOLD[1] : text;
  }

  /** Dim on a terminal. */
  dim(text: string): string {
    return this.color ? DIM[0] + text + DIM[1] : text;
  }

  /** Clear `set` values: all, one metric's, or one option. */
  resetOptions(metricId?: string, name?: string): string {
    this.#prepared.clear();
    return resetOverrides(this.registry, this.#overrides, metricId, name);
  }
}
