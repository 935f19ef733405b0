/**
 * The plugin contract: the data model that formats produce and metrics consume, and the
 * {@linkcode Metric}, {@linkcode Format} and {@linkcode Plugin} interfaces.
 *
 * Everything a metric returns from `stats()` must be plain data: JSON-safe and
 * structured-cloneable, so it can be cached, sent to workers and resampled.
 *
 * @module
 */

import type { Tokenizer } from "./kinds.ts";
export type { Tokenizer } from "./kinds.ts";

/** A tokenized sentence: the tokens of a pre-tokenized line, split on whitespace. */
export type Tokens = string[];

/** One edit of one annotator, in token offsets of the source sentence. */
export interface Edit {
  /** First source token covered (0-based). */
  start: number;
  /** One past the last source token covered; `start === end` is an insertion. */
  end: number;
  /**
   * The alternative corrections, each a token array (`[]` = deletion). An M2 line
   * `A 3 4|||Nn|||dogs||cats|||...` gives `[["dogs"], ["cats"]]`.
   */
  corrections: string[][];
  /** Error type, e.g. `"ArtOrDet"`. */
  type?: string;
  /** The M2 `REQUIRED` field is `"REQUIRED"` (or the I-measure `req="yes"`). */
  required?: boolean;
  /** Free-text comment field of the M2 line. */
  comment?: string;
  /** Indices of corrections written `-NONE-` in M2, not empty (m2scorer's `-v` tells them apart). */
  literalNone?: number[];
}

/** One sentence of a gold corpus. Which fields are present depends on the format. */
export interface GoldSentence {
  /** The source sentence. */
  source: string[];
  /** Edits per annotator (M2; derived for XML); none written: `[{ annotator: "0", edits: [] }]`. */
  annotations?: {
    /** Annotator id as written in the file (`"0"`, `"1"`, ...). */
    annotator: string;
    /** The edits, in file order. Empty for a `noop` annotation or a sentence without errors. */
    edits: Edit[];
    /** True when the annotator's only line was `A -1 -1|||noop|||...`. */
    noop?: boolean;
  }[];
  /**
   * I-measure error groups (XML gold; derivable from annotations): clusters of overlapping edits
   * of different annotators, mutually exclusive alternatives.
   */
  errors?: {
    /** Error id within its sentence, as in the I-measure XML (`"1"`, `"2"`, ...). */
    id: string;
    /** Error type label(s). */
    type?: string;
    /** True when every annotator of the sentence corrected this error (`req="yes"`). */
    required: boolean;
    /** The alternatives, one per annotator that corrected it. */
    alternatives: {
      /** Annotator id. */
      annotator: string;
      /**
       * The token replacements (not necessarily contiguous), as `<c start end>text</c>`: the
       * first source token replaced (0-based), one past the last, the replacement tokens
       * (`[]` = deletion).
       */
      corrections: { start: number; end: number; tokens: string[] }[];
    }[];
  }[];
  /** The number of annotators of this sentence as the I-measure XML states it (`numann`). */
  numAnnotators?: number;
  /** Explicit reference rewrites (plain-text references: `--ref` files). */
  references?: string[][];
  /**
   * Annotator ids of the whole corpus, sorted (shared by every sentence of a corpus): an
   * annotator missing from this sentence's `annotations` made no annotation here.
   */
  allAnnotators?: readonly string[];
  /** 1-based line in the gold file where the sentence starts, for messages. */
  line?: number;
}

/** The complete set of edits of one annotator for one sentence. */
export type Annotation = NonNullable<GoldSentence["annotations"]>[number];

/** A cluster of overlapping edits of different annotators: mutually exclusive alternatives. */
export type ErrorGroup = NonNullable<GoldSentence["errors"]>[number];

/** One annotator's way of correcting an error group. */
export type Alternative = ErrorGroup["alternatives"][number];

/** One token replacement inside an I-measure alternative (`<c start end>text</c>`). */
export type Correction = Alternative["corrections"][number];

/** A gold corpus: the sentences plus where they came from. */
export interface GoldCorpus {
  /** The file the corpus was read from (or a description such as `"--src ... --ref ..."`). */
  path: string;
  /** The id of the format that read it. */
  format: string;
  /** The sentences, in file order. */
  sentences: GoldSentence[];
}

/**
 * One system's output: one token array per gold sentence. A system may also arrive as a
 * hypothesis M2 file (its own edits, one annotator, as ERRANT's `errant_parallel` writes it):
 * then `edits` holds the edits and `sentences` the text they give applied to the source, so
 * every metric can score it through its text and metrics that compare edits (ERRANT) use the
 * edits themselves.
 */
export interface Hypotheses {
  /** The system's name: its file's base name. */
  name: string;
  /** The file it was read from. */
  path: string;
  /** One tokenized hypothesis per gold sentence. */
  sentences: string[][];
  /**
   * The system's own edits per sentence, when it was read from a hypothesis M2 (offsets into
   * that file's source sentence; `[]` for an unchanged sentence).
   */
  edits?: Edit[][];
  /**
   * Where `edits` came from, stated in the signature of metrics that compare edits
   * (`edits:file` or `edits:gecscore-<version>`): `"file"` (or absent) for a hypothesis M2,
   * `"gecscore-<version>"` for edits gecscore's annotator extracted from a plain-text output.
   */
  editsFrom?: string;
}

/** Metric options: a flat record of named values (strings, numbers, booleans). */
export type Options = Record<string, string | number | boolean>;

/** An option value: metric options are flat records of these. */
export type OptionValue = Options[string];

/** A score object: JSON-safe, counts as integers, rates unrounded. */
export type Score = { [key: string]: unknown };

/** What a metric shows about one sentence: for the REPL and `gecscore show`. */
export interface Explanation {
  /** One line: the sentence score in words. */
  summary: string;
  /** Details (chosen edits, alignment, n-grams...): titled tables or lists of lines. */
  blocks: {
    /** Heading of the block. */
    title: string;
    /** Table rows; the first row is the header. */
    table?: string[][];
    /** Free lines of text. */
    lines?: string[];
  }[];
}

/** One block of an {@linkcode Explanation}: a titled table or list of lines. */
export type ExplanationBlock = Explanation["blocks"][number];

/**
 * A metric plugin, as the registry holds it. What a plugin must write is its
 * {@linkcode MetricCore}; {@linkcode defineMetric} derives {@linkcode MetricDerivable}, and the
 * rest ({@linkcode MetricExtras}) is optional.
 *
 * `stats()` computes the per-sentence sufficient statistics; `corpus()` and `sentence()`
 * compute scores from statistics alone, never from the text.
 */
export interface Metric<O extends Options = Options, S = unknown, R extends Score = Score> {
  /** Short id used on the command line: `m2`, `gleu`... */
  readonly id: string;
  /** One line saying what it measures. */
  readonly description: string;
  /** The metric's own version: part of the signature. */
  readonly version: string;
  /** Default options; user options are merged over them. */
  readonly defaults: O;
  /** Validation and help for each option of `defaults`. */
  readonly optionSpecs?: {
    readonly [K in keyof O]?: {
      /** What the option does. */
      description: string;
      /** For numbers: the smallest allowed value. */
      min?: number;
      /** For numbers: the largest allowed value. */
      max?: number;
      /** For numbers: whole numbers only. */
      integer?: boolean;
      /** For strings: the allowed values. */
      choices?: readonly string[];
    };
  };
  /** What the gold must carry for this metric. */
  readonly needs: readonly ("annotations" | "errors" | "references")[];
  /**
   * The gold formats (ids) this metric can score, when it is bound to some: a metric of a
   * language pack (ChERRANT, for Chinese gold) is then not picked for other golds, whatever
   * they carry. Default: any format that meets `needs`.
   */
  readonly goldFormats?: readonly string[];
  /** Dotted path of the headline number in a score object, e.g. `"f"` or `"correction.i"`. */
  readonly headline: string;
  /**
   * True when a lower headline is better (an error rate); rank ranges use it. Default: higher
   * is better.
   */
  readonly lowerIsBetter?: boolean;
  /**
   * Dotted paths of the score fields that table views show, in order (default: every number
   * in the score object). JSON output always has the whole score.
   */
  readonly columns?: readonly string[];
  /**
   * Dotted paths of the few fields people quote, shown by default tables (`gecscore score`
   * without `--wide`); default: the headline and the first 3 other `columns`.
   */
  readonly compactColumns?: readonly string[];
  /**
   * How tables name some columns, by dotted path, under the resolved options (`{ f: "F0.5" }`
   * for an F-beta, a label saying how an interval was made); others show their path. JSON and
   * TSV keep the field names.
   */
  readonly columnLabels?: (options: O) => Readonly<Record<string, string>>;
  /**
   * The columns a paper table (`gecscore score --format markdown|latex`: systems by metrics)
   * shows, by dotted path, with their headers under the resolved options, in order:
   * `{ precision: "M2 P", recall: "M2 R", f: "M2 F0.5" }`. Default: the headline, headed by
   * the id and the headline's label.
   */
  readonly paperColumns?: (options: O) => Readonly<Record<string, string>>;
  /**
   * True when `sentence(s)` equals `corpus([s])` for every sentence. The conformance kit
   * checks the claim.
   */
  readonly sentenceIsCorpusOfOne?: boolean;
  /**
   * Whether `corpus()` depends on the order of its statistics (a boolean, or a function of
   * the options): M2's greedy annotator choice runs over the corpus in order, and GLEU's
   * reference draws are made per position. Resampling always keeps the resampled order;
   * the conformance kit checks the claim (a permutation of the fixture must change the
   * score when it is true, and must not when it is false or absent).
   */
  readonly orderSensitive?: boolean | ((options: O) => boolean);
  /**
   * Set (to the reason) when corpus scores of resampled statistics mean nothing for this
   * metric: confidence intervals and paired tests then fail with an error quoting it,
   * rather than give a wrong answer. Absent: the metric can be resampled.
   */
  readonly notResamplable?: string;
  /**
   * Optional fast path for resampling. `resampler(stats, options)` prepares once and returns
   * a function such that `f(indices)` equals `corpus(Array.from(indices, (i) => stats[i]),
   * options)` exactly (the conformance kit checks it). Without it, resampling calls
   * `corpus()` on the resampled statistics.
   */
  resampler?(stats: readonly S[], options: O): (indices: Int32Array) => R;
  /**
   * True when the metric scores the system's edits rather than its text (ERRANT): it can
   * only score systems read from a hypothesis M2, and `stats()` and `explain()` receive the
   * sentence's edits as `hypothesisEdits`.
   */
  readonly needsHypothesisEdits?: boolean;
  /**
   * Per-sentence statistics: pure, deterministic, plain data. `hypothesisEdits` are the
   * system's own edits of this sentence when it came as a hypothesis M2 (always given to a
   * metric with `needsHypothesisEdits`; other metrics may ignore them).
   */
  stats(gold: GoldSentence, hypothesis: string[], options: O, hypothesisEdits?: readonly Edit[]): S;
  /** Corpus score from the statistics of every sentence, in corpus order. */
  corpus(stats: readonly S[], options: O): R;
  /** Sentence-level score from one sentence's statistics. */
  sentence(stats: S, options: O): R;
  /**
   * Optional: the corpus score folded one sentence at a time, for streaming huge corpora
   * without keeping every sentence's statistics. `add` takes the statistics in corpus order;
   * `score()` must equal `corpus()` of the statistics added (the conformance kit checks it).
   * Without it, streaming keeps the statistics and calls `corpus()` at the end.
   */
  accumulator?(options: O): {
    /** Adds the next sentence's statistics. */
    add(stats: S): void;
    /** The corpus score of the statistics added so far. */
    score(): R;
  };
  /** What the REPL shows for one sentence (`hypothesisEdits` as for `stats()`). */
  explain(
    gold: GoldSentence,
    hypothesis: string[],
    options: O,
    hypothesisEdits?: readonly Edit[],
  ): Explanation;
  /**
   * Optional per-error-type breakdown of the corpus score. The metric's own statistics fix
   * its corpus-level choices (such as the annotator per sentence); `gold`, `hypotheses` and
   * `hypothesisEdits` are the inputs those statistics came from, for metrics whose
   * statistics do not carry types.
   */
  byType?(
    stats: readonly S[],
    options: O,
    gold: readonly GoldSentence[],
    hypotheses: readonly string[][],
    hypothesisEdits?: readonly (readonly Edit[])[],
  ): {
    /** What the rows are, e.g. `"ERRANT category (level 3)"` or `"gold error type"`. */
    label: string;
    /** The score fields each row shows, in order (a row may lack some: not defined there). */
    columns: readonly string[];
    /** The field per-type confidence intervals are computed for (e.g. `"f"` or `"recall"`). */
    headline?: string;
    /** One row per type, in display order. */
    types: { type: string; score: Score }[];
    /** Plain words on how to read the table (what is not defined and why). */
    notes?: string[];
  };
  /**
   * Optional: complete the options from everything scored together, once per run, before any
   * statistics (GoToScorer's chunk weights come from the systems scored together). Returns the
   * options to use (the same object when nothing changes); what it adds must be plain option
   * values, and `signature()` should say what it used.
   */
  prepare?(options: O, context: {
    /** The gold sentences. */
    gold: readonly GoldSentence[];
    /** Every system of the run, with its sentences and (from a hypothesis M2) its edits. */
    systems: readonly Hypotheses[];
  }): O;
  /**
   * Optional: an asynchronous step once per run, after `prepare()` and before any statistics,
   * for what a metric cannot compute sentence by sentence in this thread, such as answers from
   * a model server (LLM-S, LLM-E, Scribendi). It sees what `prepare()` sees and returns the
   * options to use, with what it gathered as plain option values (JSON in a string option),
   * so that `stats()` stays synchronous and resampling, intervals and ranks work unchanged.
   * The engine calls it (`gatherPlan()`, and `runPlan()` before scoring); a metric of a boxed
   * plugin never has it called (the box has no network). A metric with it is scored only when
   * asked for by id, never by default.
   */
  gather?(options: O, context: {
    /** The gold sentences. */
    gold: readonly GoldSentence[];
    /** Every system of the run, with its sentences and (from a hypothesis M2) its edits. */
    systems: readonly Hypotheses[];
    /** Cancels the step. */
    signal?: AbortSignal;
    /** Progress of the step: `done` of `total` units (requests). */
    onProgress?: (done: number, total: number) => void;
  }): Promise<O>;
  /** A short reproducibility string: `m2|beta:0.5|muw:2|v:1.0`. */
  signature(options: O): string;
}

/**
 * What every metric must write: `id`, `description`, `version`, `defaults`, `needs`,
 * `headline`, `stats()` (the sufficient statistics of one sentence) and `corpus()` (the score
 * from statistics alone). {@linkcode defineMetric} derives {@linkcode MetricDerivable} when it
 * is left out; {@linkcode defineSimpleMetric} derives nearly everything from a per-sentence
 * function and an aggregation.
 */
export type MetricCore<O extends Options = Options, S = unknown, R extends Score = Score> = Pick<
  Metric<O, S, R>,
  "id" | "description" | "version" | "defaults" | "needs" | "headline" | "stats" | "corpus"
>;

/**
 * The members every registered metric has that {@linkcode defineMetric} derives when a
 * plugin leaves them out: `sentence()` as the corpus score of one sentence (and then
 * `sentenceIsCorpusOfOne`), a generic `signature()` (`id|option:value|...|v:version`) and an
 * `explain()` that shows the sentence's statistics and score.
 */
export type MetricDerivable<O extends Options = Options, S = unknown, R extends Score = Score> =
  Pick<Metric<O, S, R>, "sentence" | "explain" | "signature">;

/**
 * The optional members of a metric: option specs, table columns and labels, resampling hints
 * and fast paths, streaming, per-type breakdowns, preparation, hypothesis edits.
 */
export type MetricExtras<O extends Options = Options, S = unknown, R extends Score = Score> = Omit<
  Metric<O, S, R>,
  keyof MetricCore | keyof MetricDerivable
>;

/** What {@linkcode Metric.prepare} sees of a run. */
export type PrepareContext = Parameters<NonNullable<Metric["prepare"]>>[1];

/** What {@linkcode Metric.gather} sees of a run: what `prepare()` sees, and how to report. */
export type GatherContext = Parameters<NonNullable<Metric["gather"]>>[1];

/** How an option is validated and described (for `--opt`, the REPL's `set`, and `list`). */
export type OptionSpec = NonNullable<NonNullable<Metric["optionSpecs"]>[string]>;

/** What a metric needs from the gold. */
export type GoldNeed = Metric["needs"][number];

/** A per-error-type breakdown of a corpus score (`gecscore score --by-type`). */
export type TypeBreakdown = ReturnType<NonNullable<Metric["byType"]>>;

/**
 * Bounds on what readers accept, checked while reading (an input past one is an error naming
 * the file, the line and the limit), so that a hostile or broken file cannot make the scorer
 * run out of time or memory.
 */
export interface ReadLimits {
  /** Most characters on one line (or in one XML text element). */
  maxLineLength: number;
  /** Most distinct annotators in a gold corpus (and `numann` of an XML sentence). */
  maxAnnotators: number;
  /** Most alternative corrections of one edit (`||` in M2, `<alt>` per XML error). */
  maxAlternatives: number;
}

/** A corpus score folded sentence by sentence (see {@linkcode Metric.accumulator}). */
export type Accumulator<S = unknown, R extends Score = Score> = ReturnType<
  NonNullable<Metric<Options, S, R>["accumulator"]>
>;

/** A format plugin: reads (and optionally writes) gold corpora. */
export interface Format {
  /** Short id: `m2`, `ixml`, `text`. */
  readonly id: string;
  /** One line saying what it reads. */
  readonly description: string;
  /** File name endings it claims, with the dot: `[".m2"]`. */
  readonly extensions: readonly string[];
  /** True when the start of a file looks like this format. */
  sniff?(head: string): boolean;
  /**
   * Read a gold corpus from text chunks (any chunking; a UTF-8 BOM at the start is the
   * caller's job to strip). `file` is used in error messages. `limits` (defaults for what is
   * not given) bound what one line or sentence may hold; a reader checks them while reading.
   */
  parse(
    chunks: AsyncIterable<string> | Iterable<string>,
    file: string,
    limits?: Partial<ReadLimits>,
  ): Promise<GoldCorpus>;
  /** Serialise a gold corpus in this format. */
  write?(corpus: GoldCorpus): string;
}

/**
 * A command a plugin adds to `gecscore` (`gecscore NAME ARGS...`), such as a drop-in for a
 * reference tool's own scorer. It writes through `io` only and returns the exit status:
 * 0 done, 1 bad input, 2 bad usage. It may also throw a `UsageError` or an `InputError`
 * (from `plugins/errors.ts`): `gecscore` then prints its message on one line and exits 2 or 1.
 *
 * @example A command
 * ```ts
 * import type { PluginCommand } from "./types.ts";
 * import assert from "node:assert/strict";
 *
 * const hello: PluginCommand = {
 *   name: "hello",
 *   summary: "say hello",
 *   help: "Usage: gecscore hello NAME\n",
 *   run(args, io) {
 *     if (args.length !== 1) return 2;
 *     io.out(`hello ${args[0]}\n`);
 *     return 0;
 *   },
 * };
 * let out = "";
 * assert.equal(await hello.run(["you"], { out: (t) => out += t, err: () => {} }), 0);
 * assert.equal(out, "hello you\n");
 * ```
 */
export interface PluginCommand {
  /** The command's name: lowercase letters, digits, `_` and `-`, starting with a letter. */
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** The full help text (`gecscore help NAME`), starting with its usage line. */
  readonly help: string;
  /**
   * Run it with the arguments after its name; returns the exit status. `context` holds the
   * plugins registered for this run (built-ins, language packs, `--plugin`s).
   */
  run(
    args: string[],
    io: {
      /** Write to standard output. */
      out(text: string): void;
      /** Write to standard error. */
      err(text: string): void;
    },
    context?: {
      /** The registered plugins, in order (e.g. to find a language pack's annotator language). */
      readonly plugins: readonly Plugin[];
    },
  ): Promise<number> | number;
}

/** Where a plugin command writes: standard output and standard error (injectable for tests). */
export type CommandIo = Parameters<PluginCommand["run"]>[1];

/** What a plugin command may read of the run it is part of. */
export type PluginCommandContext = NonNullable<Parameters<PluginCommand["run"]>[2]>;

/**
 * A sentence view a plugin adds for one of its metrics: what the report's sentence browser
 * (and the REPL) show about each sentence beyond the scores: the gold edits each system made
 * or missed, as this metric counts them.
 */
export interface SentenceView<O extends Options = Options, S = unknown> {
  /** The id of the metric whose statistics it reads (the view is used when it is scored). */
  readonly metric: string;
  /** One line saying what it shows. */
  readonly description: string;
  /** The gold edits of every sentence and, per system, the edits it made. */
  sentenceEdits(input: {
    /** The gold sentences. */
    gold: readonly GoldSentence[];
    /** Each system's hypotheses, one per gold sentence. */
    systems: readonly (readonly string[][])[];
    /** Each system's statistics of the view's metric, as its `stats()` gave them. */
    stats: readonly (readonly S[])[];
    /** The metric's resolved options. */
    options: O;
    /**
     * The sentences wanted (0-based), when not all are (the REPL asks for the current one): a
     * view may then leave the `gold` and `compared` entries of the others empty (`[]`). The
     * statistics are still the whole corpus', for choices made over the corpus.
     */
    sentences?: readonly number[];
  }): {
    /** Where the matching comes from: the view's metric id, e.g. `"m2"`. */
    source: string;
    /**
     * `gold[sentence][annotator]`: the annotator's gold edits: first source token, one past the
     * last, error type (empty when the gold has none), the first correction with its tokens
     * joined by spaces (`""` = deletion).
     */
    gold: { start: number; end: number; type: string; correction: string }[][][];
    /**
     * `compared[sentence][system]`: the annotator compared (an index into the sentence's `gold`
     * list) and the indices of that annotator's edits the system made.
     */
    compared: { annotator: number; matched: number[] }[][];
  };
}

/** What a {@linkcode SentenceView} is given: one metric's results on every system. */
export type SentenceViewInput<O extends Options = Options, S = unknown> = Parameters<
  SentenceView<O, S>["sentenceEdits"]
>[0];

/** Gold edits each system matched or missed, sentence by sentence. */
export type SentenceEdits = ReturnType<SentenceView["sentenceEdits"]>;

/** One gold edit as a sentence view shows it. */
export type ViewGoldEdit = SentenceEdits["gold"][number][number][number];

/** Which annotator's edits one system was compared with, and which of them it made. */
export type ViewComparison = SentenceEdits["compared"][number][number];

/** A plugin: a named bundle of metrics and formats, and the commands and views they bring. */
export interface Plugin {
  /** The plugin's name, e.g. `"gecscore-builtin"` or an npm package name. */
  readonly name: string;
  /** The plugin's version. */
  readonly version: string;
  /** Metrics it provides. */
  // deno-lint-ignore no-explicit-any
  readonly metrics?: readonly Metric<any, any, any>[];
  /** Formats it provides. */
  readonly formats?: readonly Format[];
  /** Commands it adds to `gecscore` (e.g. a drop-in for a reference scorer). */
  readonly commands?: readonly PluginCommand[];
  /** Sentence views of its metrics, for the report and the REPL. */
  // deno-lint-ignore no-explicit-any
  readonly views?: readonly SentenceView<any, any>[];
  /** Tokenizers it provides, for raw text. */
  readonly tokenizers?: readonly Tokenizer[];
  /** Languages it gives the ERRANT-style annotator (a word list, its own error types). */
  readonly annotatorLanguages?: readonly {
    /** Its code, as `-lang` names it (`uk`, `cs`). */
    readonly code: string;
    /** The module's URL, e.g. `new URL("./annotator_language.ts", import.meta.url).href`. */
    readonly module: string;
    /** The name of the module's export that is the language. */
    readonly exportName: string;
  }[];
}

/**
 * A language the ERRANT-style annotator can be given (`errant_parallel -lang CODE`), as a
 * language pack declares it: plain data naming the module that exports its
 * `AnnotatorLanguage` (see `annotator/language.ts`), so that each worker imports it itself.
 */
export type AnnotatorLanguageRef = NonNullable<Plugin["annotatorLanguages"]>[number];

/** Any metric, whatever its option, stats and score types. */
// deno-lint-ignore no-explicit-any
export type AnyMetric = Metric<any, any, any>;
