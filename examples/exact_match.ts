/**
 * An example third-party plugin, written as an outsider would write one: it imports only
 * the public API (`mod.ts`; from outside, the package's URL) and is loaded with
 * `gecscore score --plugin examples/exact_match.ts -m exact_match,token_edit_rate ...`.
 *
 * Two metrics that need only reference rewrites, so they run on every gold format:
 * - `exact_match`: the share of sentences whose hypothesis equals some reference exactly;
 * - `token_edit_rate`: token-level Levenshtein distance to the nearest reference, divided by
 *   that reference's length (lower is better), summed over the corpus.
 *
 * It writes the full `Metric` interface (its own statistics, explanations and signatures); a
 * metric that is a per-sentence number or counts plus an aggregation is shorter with
 * `defineSimpleMetric`, as `examples/token_f.ts` shows in twenty lines.
 *
 * @module
 */

import type { Metric, Plugin } from "../mod.ts";
import type { GoldSentence, Tokens } from "../plugins/mod.ts";
import { CONLL2014_CONVENTIONS, referenceRewrites } from "../formats/mod.ts";

/** Options shared by both metrics. */
export type ExampleOptions = {
  /** Compare case-insensitively. */
  ignore_case: boolean;
  /** How references are derived from edits: `plain`, or the CoNLL-2014 `conll2014` conventions. */
  references: string;
};

const defaults: ExampleOptions = { ignore_case: false, references: "plain" };

const optionSpecs = {
  ignore_case: { description: "Compare tokens case-insensitively" },
  references: {
    description: "Deriving references from edits: plain, or conll2014 (skip Um, absent = first)",
    choices: ["plain", "conll2014"],
  },
};

function references(gold: GoldSentence, options: ExampleOptions): Tokens[] {
  const refs = referenceRewrites(
    gold,
    options.references === "conll2014" ? CONLL2014_CONVENTIONS : {},
  );
  return refs.length ? refs : [gold.source];
}

function normalise(tokens: Tokens, options: ExampleOptions): Tokens {
  return options.ignore_case ? tokens.map((t) => t.toLowerCase()) : tokens;
}

/** Token-level Levenshtein distance (unit costs), in O(|a|·|b|) time and O(|b|) space. */
function distance(a: Tokens, b: Tokens): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        previous[j] + 1,
        row[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[b.length];
}

/** Statistics of `exact_match` for one sentence. */
export interface ExactMatchStats {
  /** 1 when the hypothesis equals some reference, else 0. */
  exact: number;
  /** Index of the first matching reference, or -1. */
  reference: number;
}

/** Score of `exact_match`. */
export interface ExactMatchScore {
  [key: string]: number;
  /** Matching sentences. */
  matches: number;
  /** Sentences. */
  sentences: number;
  /** matches / sentences. */
  accuracy: number;
}

/** `exact_match`: the share of hypotheses that equal one of the references. */
export const exactMatchMetric: Metric<ExampleOptions, ExactMatchStats, ExactMatchScore> = {
  id: "exact_match",
  description: "Share of sentences whose hypothesis equals some reference exactly",
  version: "1.0",
  defaults,
  optionSpecs,
  needs: ["references"],
  headline: "accuracy",
  sentenceIsCorpusOfOne: true,
  stats(gold, hypothesis, options) {
    const hyp = normalise(hypothesis, options).join(" ");
    const reference = references(gold, options).findIndex((r) =>
      normalise(r, options).join(" ") === hyp
    );
    return { exact: reference >= 0 ? 1 : 0, reference };
  },
  corpus(stats) {
    const matches = stats.reduce((n, s) => n + s.exact, 0);
    return {
      matches,
      sentences: stats.length,
      accuracy: stats.length ? matches / stats.length : 0,
    };
  },
  sentence(stats) {
    return this.corpus([stats], defaults);
  },
  explain(gold, hypothesis, options) {
    const s = this.stats(gold, hypothesis, options);
    const refs = references(gold, options);
    return {
      summary: s.exact ? `equals reference ${s.reference + 1}` : "equals no reference",
      blocks: [{
        title: "References",
        table: [
          ["#", "equal", "reference"],
          ...refs.map((r, i) => [String(i + 1), i === s.reference ? "yes" : "no", r.join(" ")]),
        ],
      }],
    };
  },
  signature(options) {
    return `exact_match|case:${
      options.ignore_case ? "no" : "yes"
    }|refs:${options.references}|v:1.0`;
  },
};

/** Statistics of `token_edit_rate` for one sentence. */
export interface EditRateStats {
  /** Token edits to the nearest reference. */
  edits: number;
  /** Length of that reference. */
  length: number;
  /** Index of the nearest reference (first on ties). */
  reference: number;
}

/** Score of `token_edit_rate`. */
export interface EditRateScore {
  [key: string]: number;
  /** Total token edits. */
  edits: number;
  /** Total reference length. */
  length: number;
  /** edits / length (0 when length is 0 and no edits are needed). */
  rate: number;
}

/** `token_edit_rate`: token edits to the nearest reference per reference token. */
export const tokenEditRateMetric: Metric<ExampleOptions, EditRateStats, EditRateScore> = {
  id: "token_edit_rate",
  description: "Token edits to the nearest reference per reference token (lower is better)",
  version: "1.0",
  defaults,
  optionSpecs,
  needs: ["references"],
  headline: "rate",
  lowerIsBetter: true,
  sentenceIsCorpusOfOne: true,
  stats(gold, hypothesis, options) {
    const hyp = normalise(hypothesis, options);
    let best: EditRateStats = { edits: Infinity, length: 0, reference: -1 };
    references(gold, options).forEach((r, i) => {
      const edits = distance(hyp, normalise(r, options));
      const better = edits * Math.max(best.length, 1) < best.edits * Math.max(r.length, 1);
      if (best.reference < 0 || better) best = { edits, length: r.length, reference: i };
    });
    return best;
  },
  corpus(stats) {
    const edits = stats.reduce((n, s) => n + s.edits, 0);
    const length = stats.reduce((n, s) => n + s.length, 0);
    return { edits, length, rate: length ? edits / length : edits ? 1 : 0 };
  },
  sentence(stats) {
    return this.corpus([stats], defaults);
  },
  explain(gold, hypothesis, options) {
    const refs = references(gold, options);
    const hyp = normalise(hypothesis, options);
    const s = this.stats(gold, hypothesis, options);
    return {
      summary: `${s.edits} token edits to reference ${s.reference + 1} (${s.length} tokens)`,
      blocks: [{
        title: "Distance to each reference",
        table: [
          ["#", "edits", "length", "reference"],
          ...refs.map((r, i) => [
            String(i + 1) + (i === s.reference ? "*" : ""),
            String(distance(hyp, normalise(r, options))),
            String(r.length),
            r.join(" "),
          ]),
        ],
      }],
    };
  },
  signature(options) {
    return `token_edit_rate|case:${
      options.ignore_case ? "no" : "yes"
    }|refs:${options.references}|v:1.0`;
  },
};

/** The plugin: its default export is what `--plugin` loads. */
const plugin: Plugin = {
  name: "gecscore-example-plugin",
  version: "1.0.0",
  metrics: [exactMatchMetric, tokenEditRateMetric],
};

export default plugin;
