/**
 * The REPL's state, independent of any terminal: a {@linkcode SessionState} holds a gold
 * corpus, system outputs, the current sentence and per-metric options, and renders the views
 * the commands print. The commands are in `repl/commands/`; `session.ts` puts them together.
 *
 * Nothing here names a metric: every command works with whatever the registry holds.
 *
 * @module
 */

import { createRegistry } from "../builtin.ts";
import { readGold } from "../builtin.ts";
import { referenceRewrites } from "../formats/references.ts";
import { readHypotheses, tokenize } from "../formats/text.ts";
import { InputError, UsageError } from "../plugins/errors.ts";
import { loadPlugin } from "../plugins/loader.ts";
import { coerceOption, resolveOptions } from "../plugins/options.ts";
import type { Registry } from "../plugins/registry.ts";
import {
  formatValue,
  headlineValue,
  renderExplanation,
  renderTable,
  scoreColumns,
} from "../cli/render.ts";
import { goldProvides } from "../pipeline/scoring.ts";
import { echoedWarnings } from "../cli/warnings.ts";
import type {
  AnyMetric,
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

/** How a session is set up. */
export interface SessionOptions {
  /** The registry whose metrics and formats the session uses (default: a new one with the built-ins). */
  registry?: Registry;
  /** ANSI colours in the output (default false). */
  color?: boolean;
  /**
   * Where the warnings of metrics that echo them (`cli/warnings.ts`) go as they arise, one
   * line each with its newline (default: nowhere; they stay in scores and explanations).
   */
  onWarning?: (text: string) => void;
}

const BOLD = ["\x1b[1m", "\x1b[0m"];
const DIM = ["\x1b[2m", "\x1b[0m"];

/**
 * What a REPL session holds: a gold corpus, system outputs, the current sentence, per-metric
 * option overrides and a cache of per-sentence statistics, with the views the commands print
 * (`repl/commands/`). {@linkcode Session} in `session.ts` adds the command line.
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
 * assert.match(state.show(), /The \[-dog-\]\{\+dogs\+\} \./);
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
  #overrides = new Map<string, Record<string, OptionValue>>();
  #stats = new Map<string, unknown[]>();
  #headlines = new Map<string, number[]>();
  #provides = new Set<GoldNeed>();
  #counts = new Map<string, string[]>();
  #rates = new Map<string, Set<string>>();
  #onWarning?: (text: string) => void;

  /**
   * A session.
   *
   * @param options The registry and colour setting.
   */
  constructor(options: SessionOptions = {}) {
    this.registry = options.registry ?? createRegistry();
    this.color = options.color ?? false;
    this.#onWarning = options.onWarning;
  }

  // ---- loading -------------------------------------------------------------------------

  /**
   * Load a gold corpus (any registered format). Loaded systems with the same number of
   * sentences stay; the others are unloaded.
   *
   * @param path The gold file.
   * @returns What was loaded, in words.
   */
  async loadGold(path: string): Promise<string> {
    const gold = await readGold(path, { registry: this.registry });
    this.gold = gold;
    this.index = 0;
    this.#stats.clear();
    this.#headlines.clear();
    this.#counts.clear();
    this.#provides = goldProvides(gold);
    const kept = this.systems.filter((s) => s.sentences.length === gold.sentences.length);
    const dropped = this.systems.filter((s) => !kept.includes(s)).map((s) => s.name);
    this.systems.splice(0, this.systems.length, ...kept);
    const provides = [...this.#provides].join(", ") || "nothing metrics need";
    let out = `Loaded gold ${path}: ${gold.sentences.length} sentences, format ${gold.format} ` +
      `(provides ${provides})`;
    if (dropped.length) out += `\nUnloaded systems of another length: ${dropped.join(", ")}`;
    return out;
  }

  /**
   * Load system outputs, one per file (one sentence per line, as many as the gold has).
   * A file whose base name is already loaded replaces that system.
   *
   * @param paths The files.
   * @returns What was loaded, in words.
   */
  async loadHypotheses(paths: string[]): Promise<string> {
    const gold = this.needGold();
    if (!paths.length) throw new UsageError("Usage: load hyp PATH...");
    const loaded = [];
    for (const path of paths) loaded.push(await readHypotheses(path, gold.sentences.length));
    const out: string[] = [];
    for (const system of loaded) {
      const at = this.systems.findIndex((s) => s.name === system.name);
      this.#forget(system.name);
      if (at >= 0) this.systems[at] = system;
      else this.systems.push(system);
      out.push(
        `${at >= 0 ? "Reloaded" : "Loaded"} system ${system.name}: ${system.sentences.length} ` +
          `sentences (${system.path})`,
      );
    }
    return out.join("\n");
  }

  /**
   * Load a plugin (path, `file:`/`https:` URL or `npm:` specifier) into the registry.
   *
   * @param spec The specifier.
   * @returns What it brought, in words.
   */
  async loadPlugin(spec: string): Promise<string> {
    const plugin = await loadPlugin(spec);
    this.registry.use(plugin);
    const metrics = (plugin.metrics ?? []).map((m) => m.id);
    const formats = (plugin.formats ?? []).map((f) => f.id);
    return `Loaded plugin ${plugin.name} ${plugin.version}: metrics ${
      metrics.join(", ") || "(none)"
    }; formats ${formats.join(", ") || "(none)"}`;
  }

  // ---- metrics and options ------------------------------------------------------------

  /**
   * Why a metric cannot run on the loaded gold (`"n/a (needs errors)"`), or undefined.
   *
   * @param metric The metric.
   * @returns The reason, or undefined when it can run.
   */
  unavailable(metric: AnyMetric): string | undefined {
    if (!this.gold) return undefined;
    const missing = metric.needs.filter((n) => !this.#provides.has(n));
    return missing.length ? `n/a (needs ${missing.join(", ")})` : undefined;
  }

  /**
   * The options a metric runs with: its defaults with the session's `set` values over them.
   *
   * @param metric The metric.
   * @returns The options.
   */
  options(metric: AnyMetric): Options {
    return resolveOptions(metric, this.#overrides.get(metric.id) ?? {});
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
    const overrides = this.#overrides.get(metric.id) ?? {};
    overrides[name] = value;
    this.#overrides.set(metric.id, overrides);
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
    const key = cacheKey(system.name, metric.id, options);
    let stats = this.#stats.get(key);
    if (!stats) {
      stats = gold.sentences.map((g, i) => this.#statsOf(metric, g, system.sentences[i], options));
      this.#stats.set(key, stats);
    }
    return stats;
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
    return metric.sentence(this.#sentenceStats(system, metric, index), this.options(metric));
  }

  #sentenceStats(system: Hypotheses, metric: AnyMetric, index: number): unknown {
    const gold = this.needGold();
    const options = this.options(metric);
    const cached = this.#stats.get(cacheKey(system.name, metric.id, options));
    return cached
      ? cached[index]
      : this.#statsOf(metric, gold.sentences[index], system.sentences[index], options);
  }

  /**
   * Every metric's corpus score for every loaded system (statistics cached), or only the
   * systems and metrics named.
   *
   * @param names System names and metric ids (default: all).
   * @returns The table, as text.
   */
  corpusTable(names: string[] = []): string {
    this.needGold();
    const { systems, metrics } = this.#select(names);
    const table = this.#scoreTable(
      systems.map((s) => ({ name: s.name, system: s })),
      metrics,
      (row, metric) => ({
        score: metric.corpus(this.corpusStats(row.system!, metric), this.options(metric)),
      }),
    );
    const signatures = metrics.filter((m) => !this.unavailable(m)).map((m) =>
      `${m.id}: ${m.signature(this.options(m))}`
    );
    return [table, ...signatures].join("\n");
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
   * The current sentence: source, references and hypotheses, changes highlighted.
   *
   * @returns The text.
   */
  show(): string {
    const gold = this.needGold();
    const sentence = gold.sentences[this.index];
    const rows: [string, string][] = [["source", sentence.source.join(" ")]];
    const refs = this.#references(sentence);
    const refLabels = sentence.references
      ? refs.map((_, i) => `ref ${i + 1}`)
      : (sentence.allAnnotators ?? sentence.annotations?.map((a) => a.annotator) ?? [])
        .map((id) => `ref ${id}`);
    refs.forEach((r, i) => rows.push([refLabels[i] ?? `ref ${i + 1}`, this.#diff(sentence, r)]));
    for (const system of this.systems) {
      const hyp = system.sentences[this.index];
      const same = refs.findIndex((r) => r.join(" ") === hyp.join(" "));
      const note = same >= 0 ? this.#dim(`  (= ${refLabels[same]})`) : "";
      rows.push([system.name, this.#diff(sentence, hyp) + note]);
    }
    const width = Math.max(...rows.map(([label]) => label.length));
    const where = `${gold.path}${sentence.line ? `:${sentence.line}` : ""}`;
    return [
      this.#bold(`Sentence ${this.index + 1} of ${gold.sentences.length}`) + `  (${where})`,
      ...rows.map(([label, text]) => `${label.padEnd(width)}  ${text}`),
    ].join("\n");
  }

  /**
   * Every metric's sentence score for every system, side by side; or only the systems and
   * metrics named.
   *
   * @param names System names and metric ids (default: all).
   * @returns The table, as text.
   */
  score(names: string[] = []): string {
    this.needGold();
    const { systems, metrics } = this.#select(names);
    return this.#scoreTable(
      systems.map((s) => ({ name: s.name, system: s })),
      metrics,
      (row, metric) => {
        const stats = this.#sentenceStats(row.system!, metric, this.index);
        return { score: metric.sentence(stats, this.options(metric)), stats };
      },
    );
  }

  /**
   * A metric's explanation of the current sentence for each system (or the named ones).
   *
   * @param metricId The metric id.
   * @param names System names (default: all).
   * @returns The text.
   */
  align(metricId: string, names: string[] = []): string {
    const gold = this.needGold();
    const metric = this.registry.metric(metricId);
    const na = this.unavailable(metric);
    if (na) return `${metric.id}: ${na}`;
    const systems = names.length ? names.map((n) => this.system(n)) : this.systems;
    if (!systems.length) throw new UsageError("No systems loaded: load hyp PATH..., or try TEXT");
    const options = this.options(metric);
    const sentence = gold.sentences[this.index];
    return systems.map((system) => {
      const hyp = system.sentences[this.index];
      const explanation = this.#explain(metric, sentence, hyp, options);
      return this.#bold(`== ${metric.id} on ${system.name}`) +
        `  (${metric.signature(options)})\n` +
        `hypothesis  ${this.#diff(sentence, hyp)}\n${renderExplanation(explanation)}`;
    }).join("\n\n");
  }

  /**
   * Score a typed hypothesis against the current sentence with every metric, and show each
   * metric's explanation.
   *
   * @param text The hypothesis (tokens separated by spaces).
   * @returns The text.
   */
  try(text: string): string {
    const gold = this.needGold();
    const tokens = tokenize(text);
    const sentence = gold.sentences[this.index];
    const parts = [
      `source  ${sentence.source.join(" ")}\ntyped   ${this.#diff(sentence, tokens)}`,
      this.#scoreTable([{ name: "typed", tokens }], this.registry.metrics, (_, metric) => {
        const options = this.options(metric);
        const stats = this.#statsOf(metric, sentence, tokens, options);
        return { score: metric.sentence(stats, options), stats };
      }),
    ];
    for (const metric of this.registry.metrics) {
      if (this.unavailable(metric)) continue;
      const options = this.options(metric);
      parts.push(
        this.#bold(`== ${metric.id}`) + `  (${metric.signature(options)})\n` +
          renderExplanation(this.#explain(metric, sentence, tokens, options)),
      );
    }
    return parts.join("\n\n");
  }

  /**
   * A loaded system by name; an unknown name lists the loaded ones.
   *
   * @param name The system name.
   * @returns The system.
   */
  system(name: string): Hypotheses {
    const system = this.systems.find((s) => s.name === name);
    if (!system) {
      throw new UsageError(
        `Unknown system "${name}"; loaded: ${
          this.systems.map((s) => s.name).join(", ") || "(none)"
        }`,
      );
    }
    return system;
  }

  // ---- finding ---------------------------------------------------------------------------

  /**
   * Move to the next sentence (after the current one, wrapping round) whose source, a
   * reference or a hypothesis contains the words, case-insensitively.
   *
   * @param text The words.
   * @returns Whether one was found.
   */
  findText(text: string): boolean {
    const gold = this.needGold();
    const needle = tokenize(text.toLowerCase());
    if (!needle.length) throw new UsageError("Usage: find WORDS");
    return this.#findNext((i) => {
      const sentence = gold.sentences[i];
      const candidates = [sentence.source, ...this.systems.map((s) => s.sentences[i])];
      if (sentence.annotations || sentence.references) {
        candidates.push(...this.#references(sentence));
      }
      return candidates.some((tokens) => containsRun(tokens, needle));
    });
  }

  /**
   * Move to the next sentence where two systems' hypotheses differ.
   *
   * @param a A system name.
   * @param b Another.
   * @returns Whether one was found.
   */
  findDiff(a: string, b: string): boolean {
    const [x, y] = [this.system(a), this.system(b)];
    return this.#findNext((i) => x.sentences[i].join(" ") !== y.sentences[i].join(" "));
  }

  /**
   * Move to the sentence where two metrics disagree most. With two or more systems (or the
   * named ones): the sentence where the most pairs of systems are ordered oppositely by the
   * two metrics' sentence headlines. With one system: the sentence whose rank among that
   * system's sentences differs most between the metrics. Ties go to the first after the
   * current sentence, so repeating the command visits them in turn. A metric id written
   * `-ID` counts lower headlines as better (an error rate, say).
   *
   * @param metricA A metric id, or `-ID`.
   * @param metricB Another.
   * @param names Systems to compare (default: all loaded).
   * @returns A line saying how much they disagree there, or undefined when they never do.
   */
  findDisagreement(metricA: string, metricB: string, names: string[] = []): string | undefined {
    const gold = this.needGold();
    const specs = [metricA, metricB].map((spec) => ({
      metric: this.registry.metric(spec.replace(/^-/, "")),
      sign: spec.startsWith("-") ? -1 : 1,
      label: spec,
    }));
    if (specs[0].metric === specs[1].metric) {
      throw new UsageError("find disagree: give two different metrics");
    }
    for (const { metric } of specs) {
      const na = this.unavailable(metric);
      if (na) throw new InputError(`Metric ${metric.id} is ${na}`);
    }
    const systems = names.length ? names.map((n) => this.system(n)) : this.systems;
    if (!systems.length) throw new UsageError("No systems loaded: load hyp PATH...");
    const [ha, hb] = specs.map(({ metric, sign }) =>
      systems.map((s) => this.#sentenceHeadlines(s, metric).map((v) => sign * v))
    );
    const [la, lb] = specs.map((s) => s.label);
    const shown = (k: number, v: number) => formatValue(specs[k].sign * v);
    const n = gold.sentences.length;
    const disagreement = new Float64Array(n);
    let describe: (i: number) => string;
    if (systems.length >= 2) {
      const pairs = systems.length * (systems.length - 1) / 2;
      for (let i = 0; i < n; i++) {
        let discordant = 0;
        for (let p = 0; p < systems.length; p++) {
          for (let q = p + 1; q < systems.length; q++) {
            const da = Math.sign(ha[p][i] - ha[q][i]);
            const db = Math.sign(hb[p][i] - hb[q][i]);
            if (da * db < 0) discordant++;
          }
        }
        disagreement[i] = discordant;
      }
      describe = (i) =>
        `${disagreement[i]} of ${pairs} system pairs ordered oppositely by ${la} and ${lb} ` +
        `(sentence headlines)`;
    } else {
      const [ra, rb] = [ranks(ha[0]), ranks(hb[0])];
      for (let i = 0; i < n; i++) disagreement[i] = Math.abs(ra[i] - rb[i]);
      describe = (i) =>
        `${systems[0].name}'s sentence ranks at ${pct(ra[i])} by ${la} (${shown(0, ha[0][i])}) ` +
        `and at ${pct(rb[i])} by ${lb} (${shown(1, hb[0][i])}) among its ${n} sentences`;
    }
    let best = -1;
    for (let k = 1; k <= n; k++) {
      const i = (this.index + k) % n;
      if (disagreement[i] > 0 && (best < 0 || disagreement[i] > disagreement[best])) best = i;
    }
    if (best < 0) return undefined;
    this.index = best;
    return `Sentence ${best + 1}: ${describe(best)}`;
  }

  // ---- internals -------------------------------------------------------------------------

  #select(names: string[]): { systems: Hypotheses[]; metrics: AnyMetric[] } {
    const systems: Hypotheses[] = [];
    const metrics: AnyMetric[] = [];
    for (const name of names) {
      const system = this.systems.find((s) => s.name === name);
      if (system) systems.push(system);
      else if (this.registry.hasMetric(name)) metrics.push(this.registry.metric(name));
      else {
        throw new UsageError(
          `"${name}" is neither a loaded system (${
            this.systems.map((s) => s.name).join(", ") || "none"
          }) nor a metric (${this.registry.metrics.map((m) => m.id).join(", ") || "none"})`,
        );
      }
    }
    if (!systems.length) systems.push(...this.systems);
    if (!systems.length) throw new UsageError("No systems loaded: load hyp PATH..., or try TEXT");
    return { systems, metrics: metrics.length ? metrics : this.registry.metrics };
  }

  /**
   * The count fields of a metric's scores: up to 4 whole-number fields besides the headline
   * and fields named like an option (`beta`, `iterations` echo it). On a sentence score a
   * precision of 1 is a whole number too, so they are judged on a corpus score from cached
   * statistics when there are any (and remembered), else on the samples: a count doubles in
   * the corpus score of a sentence taken twice, a rate does not (and a field once shown not
   * to be a count is remembered as such).
   */
  #countPaths(metric: AnyMetric, samples: { score: Score; stats?: unknown }[]): string[] {
    const options = this.options(metric);
    const known = this.#counts.get(metric.id);
    if (known) return known;
    const rates = this.#rates.get(metric.id) ?? new Set<string>();
    this.#rates.set(metric.id, rates);
    const echoes = new Set(Object.keys(metric.defaults));
    const wholes = (score: Score) =>
      scoreColumns(metric, score).filter((p) =>
        p !== metric.headline && !echoes.has(p.split(".").pop()!) &&
        Number.isInteger(headlineValue(score, p))
      );
    const cached = this.systems.map((s) => this.#stats.get(cacheKey(s.name, metric.id, options)))
      .find((stats) => stats !== undefined);
    if (cached) {
      const paths = wholes(metric.corpus(cached, options)).slice(0, 4);
      this.#counts.set(metric.id, paths);
      return paths;
    }
    const columns = scoreColumns(metric, samples[0].score).filter((p) =>
      p !== metric.headline && !echoes.has(p.split(".").pop()!)
    );
    for (const { score, stats } of samples) {
      const twice = stats === undefined ? undefined : metric.corpus([stats, stats], options);
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

  #statsOf(metric: AnyMetric, gold: GoldSentence, hyp: Tokens, options: Options): unknown {
    const stats = metric.stats(gold, hyp, options);
    this.#echo(metric, stats);
    return stats;
  }

  #explain(metric: AnyMetric, gold: GoldSentence, hyp: Tokens, options: Options): Explanation {
    const explanation = metric.explain(gold, hyp, options);
    this.#echo(metric, explanation);
    return explanation;
  }

  #echo(metric: AnyMetric, value: unknown): void {
    if (!this.#onWarning) return;
    const text = echoedWarnings(metric, value);
    if (text) this.#onWarning(text);
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
    const prefix = systemName + "\u0000";
    for (const map of [this.#stats, this.#headlines]) {
      for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
    }
  }

  #references(sentence: GoldSentence): Tokens[] {
    if (!sentence.annotations && !sentence.references) return [];
    return referenceRewrites(sentence);
  }

  #sentenceHeadlines(system: Hypotheses, metric: AnyMetric): number[] {
    const options = this.options(metric);
    const key = cacheKey(system.name, metric.id, options);
    let values = this.#headlines.get(key);
    if (!values) {
      values = this.corpusStats(system, metric).map((s) => {
        const v = headlineValue(metric.sentence(s, options), metric.headline);
        return typeof v === "number" ? v : NaN;
      });
      this.#headlines.set(key, values);
    }
    return values;
  }

  #findNext(test: (i: number) => boolean): boolean {
    const n = this.needGold().sentences.length;
    for (let k = 1; k <= n; k++) {
      const i = (this.index + k) % n;
      if (test(i)) {
        this.index = i;
        return true;
      }
    }
    return false;
  }

  #scoreTable<R extends { name: string; system?: Hypotheses }>(
    rows: R[],
    metrics: AnyMetric[],
    scoreOf: (row: R, metric: AnyMetric) => { score: Score; stats?: unknown },
  ): string {
    const header = ["system"];
    const cells: string[][] = rows.map((r) => [r.name]);
    const notes: string[] = [];
    for (const metric of metrics) {
      const na = this.unavailable(metric);
      if (na) {
        header.push(metric.id);
        cells.forEach((c) => c.push(na));
        continue;
      }
      const scores = rows.map((row) => {
        try {
          return scoreOf(row, metric);
        } catch (error) {
          notes.push(`${metric.id} on ${row.name}: ${oneLine(error)}`);
          return undefined;
        }
      });
      const samples = scores.filter((s) => s !== undefined);
      const counts = samples.length ? this.#countPaths(metric, samples) : [];
      header.push(metric.headline === metric.id ? metric.id : `${metric.id} ${metric.headline}`);
      if (counts.length) header.push(countsHeader(counts));
      scores.map((s) => s?.score).forEach((score, k) => {
        cells[k].push(score ? formatValue(headlineValue(score, metric.headline)) : "error");
        if (counts.length) {
          cells[k].push(
            score ? counts.map((p) => formatValue(headlineValue(score, p))).join("/") : "",
          );
        }
      });
    }
    if (metrics.length === 0) notes.push("No metrics registered: load plugin SPEC");
    return [renderTable([header, ...cells]), ...notes].join("\n");
  }

  #diff(sentence: GoldSentence, tokens: Tokens): string {
    return formatDiff(tokenDiff(sentence.source, tokens), this.color);
  }

  #bold(text: string): string {
    return this.color ? BOLD[0] + text + BOLD[1] : text;
  }

  #dim(text: string): string {
    return this.color ? DIM[0] + text + DIM[1] : text;
  }

  /** `metrics` view. */
  metricsTable(): string {
    const rows = [["metric", "version", "headline", "status", "options"]];
    for (const metric of this.registry.metrics) {
      const options = this.options(metric);
      rows.push([
        metric.id,
        metric.version,
        metric.headline,
        this.gold ? this.unavailable(metric) ?? "ok" : `needs ${metric.needs.join(", ") || "-"}`,
        Object.entries(options).map(([k, v]) => `${k}=${v}`).join(" "),
      ]);
    }
    if (rows.length === 1) return "No metrics registered: load plugin SPEC";
    return renderTable(rows);
  }

  /** `systems` view. */
  systemsTable(): string {
    if (!this.systems.length) return "No systems loaded: load hyp PATH...";
    const gold = this.gold!;
    const rows = [["#", "system", "changed", "path"]];
    this.systems.forEach((s, k) => {
      const changed = s.sentences.filter((t, i) =>
        t.join(" ") !== gold.sentences[i].source.join(" ")
      ).length;
      rows.push([String(k + 1), s.name, String(changed), s.path]);
    });
    return renderTable(rows) + `\n(changed: sentences that differ from the source)`;
  }

  /** `set` view of one option or all. */
  describeOptions(metricId?: string, name?: string): string {
    const metrics = metricId ? [this.registry.metric(metricId)] : this.registry.metrics;
    const rows = [["option", "value", "default", "allowed", "description"]];
    for (const metric of metrics) {
      const options = this.options(metric);
      for (const [key, def] of Object.entries(metric.defaults as Options)) {
        if (name !== undefined && key !== name) continue;
        const spec = metric.optionSpecs?.[key];
        const allowed = spec?.choices
          ? spec.choices.join("|")
          : typeof def === "boolean"
          ? "true|false"
          : spec?.min !== undefined || spec?.max !== undefined
          ? `${spec?.min ?? ""}..${spec?.max ?? ""}${spec?.integer ? " (whole)" : ""}`
          : typeof def;
        rows.push([
          `${metric.id}.${key}`,
          String(options[key]),
          String(def),
          allowed,
          spec?.description ?? "",
        ]);
      }
    }
    if (name !== undefined && rows.length === 1) throw unknownOption(metrics[0], name);
    return rows.length === 1 ? "No options" : renderTable(rows);
  }

  /** Clear `set` values: all, one metric's, or one option. */
  resetOptions(metricId?: string, name?: string): string {
    if (!metricId) {
      this.#overrides.clear();
      return "All options back to their defaults";
    }
    const metric = this.registry.metric(metricId);
    if (name === undefined) {
      this.#overrides.delete(metric.id);
      return `${metric.id}: options back to their defaults`;
    }
    if (!Object.hasOwn(metric.defaults, name)) throw unknownOption(metric, name);
    delete this.#overrides.get(metric.id)?.[name];
    return `${metric.id}.${name} = ${(metric.defaults as Options)[name]} (default)`;
  }
}

// ---- helpers -------------------------------------------------------------------------------

function cacheKey(system: string, metric: string, options: Options): string {
  return `${system}\u0000${metric}\u0000${JSON.stringify(options)}`;
}

/** `tp/fp/fn`, or `correction tp/fp/fn` when every path is under `correction.`. */
function countsHeader(paths: string[]): string {
  const parts = paths.map((p) => p.split("."));
  let common = 0;
  while (
    parts.every((p) => p.length > common + 1 && p[common] === parts[0][common])
  ) common++;
  const prefix = parts[0].slice(0, common).join(".");
  const rest = parts.map((p) => p.slice(common).join(".")).join("/");
  return prefix ? `${prefix} ${rest}` : rest;
}

function unknownOption(metric: AnyMetric, name: string): UsageError {
  const known = Object.keys(metric.defaults).map((k) => `${metric.id}.${k}`);
  return new UsageError(
    `Unknown option ${metric.id}.${name}; valid: ${known.join(", ") || "(none)"}`,
  );
}

function oneLine(error: unknown): string {
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
}

function containsRun(tokens: Tokens, needle: Tokens): boolean {
  outer: for (let i = 0; i + needle.length <= tokens.length; i++) {
    for (let j = 0; j < needle.length; j++) {
      if (tokens[i + j].toLowerCase() !== needle[j]) continue outer;
    }
    return true;
  }
  return false;
}

/** Fractional ranks in [0, 1] (ties share their average rank; NaN ranks lowest). */
function ranks(values: number[]): number[] {
  const order = values.map((v, i) => ({ v: Number.isNaN(v) ? -Infinity : v, i }))
    .sort((a, b) => a.v - b.v);
  const out = new Array<number>(values.length);
  const scale = Math.max(values.length - 1, 1);
  for (let k = 0; k < order.length;) {
    let end = k;
    while (end + 1 < order.length && order[end + 1].v === order[k].v) end++;
    for (let m = k; m <= end; m++) out[order[m].i] = (k + end) / 2 / scale;
    k = end + 1;
  }
  return out;
}

function pct(rank: number): string {
  return `${Math.round(rank * 100)}%`;
}
