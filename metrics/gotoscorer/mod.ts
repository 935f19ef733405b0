/**
 * GoToScorer (Gotou et al., COLING 2020: GEC evaluation that weighs each correction by how hard
 * it is for systems), as gec-metrics 0.1.1 computes it (`GoToScorer`, commit 875a2f7), on one
 * reference: chunks of the reference (`chunk.ts`), each judged against the system's chunks and
 * counted with its weight (`score.ts`), F-beta with gec-metrics' conventions (P = 1 when FP is
 * 0, R = 1 when FN is 0). Weights (`weights.ts`): `weights=none` (every chunk 1, gec-metrics'
 * default `no_weight=True`), `weights=systems` (computed from the systems scored together,
 * optionally leaving some out with `exclude`), or a gec-metrics weight file.
 *
 * `compat=position` (the default) weighs a chunk by the systems that make the same correction
 * at the same place, as the paper describes; `compat=gecmetrics` reproduces gec-metrics' weight
 * generator, which ignores the position (it compares the reference chunk's span with itself):
 * every reference deletion then weighs 0 and unchanged tokens almost 0. On CoNLL-2014 with the
 * 12 team systems, reference 0, AMU: F0.5 0.2929 (gecmetrics) against 0.2464 (position); the
 * README of the repository lists both for every system.
 *
 * Edits come from an ERRANT M2 gold and the system's hypothesis M2 (`--hyp-m2`).
 *
 * @module
 */

import { prf } from "../../edits/prf.ts";
import { InputError } from "../../plugins/errors.ts";
import { MAX_WHOLE_FILE_BYTES } from "../../formats/limits.ts";
import type { Edit, GoldSentence, Metric, Score, TypeBreakdown } from "../../plugins/types.ts";
import { pythonMean } from "../../util/numpy_sum.ts";
import { gotoChunks, usableEdits } from "./chunk.ts";
import { countSentence, type GotoCounts, sumTypes, type TypeCounts } from "./score.ts";
import { corpusWeights, readWeightFile, sentenceWeights, weightFileText } from "./weights.ts";

export { DUMMY, type GotoChunk, gotoChunks, judgeChunk } from "./chunk.ts";
export { countSentence, sumTypes } from "./score.ts";
export { corpusWeights, readWeightFile, sentenceWeights, weightFileText } from "./weights.ts";
export type { SentenceWeights } from "./weights.ts";

/** GoToScorer options. */
export type GotoOptions = {
  /** Which reference (annotator, in order) to score against. */
  ref: number;
  /** `"none"`, `"systems"` or the path of a gec-metrics weight file. */
  weights: string;
  /** `"position"` (the paper) or `"gecmetrics"` (gec-metrics' weight generator). */
  compat: string;
  /** Systems left out of `weights=systems`, comma-separated names (e.g. `INPUT`). */
  exclude: string;
  /** F beta. */
  beta: number;
  /** `"corpus"` or `"sentence-mean"`. */
  aggregate: string;
  /** Filled by `prepare()`: the weights as JSON, by gold line; not set by users. */
  weightdata?: string;
  /** Filled by `prepare()`: what the weights were computed from, for the signature. */
  weightsource?: string;
};

/** Per-sentence statistics: weighted counts per reference-chunk type. */
export interface GotoStats {
  /** `[type, tp, fp, fn, tn]` in first-seen order. */
  types: TypeCounts[];
}

/** A GoToScorer score. */
export interface GotoScore extends Score, GotoCounts {
  /** Precision. */
  p: number;
  /** Recall. */
  r: number;
  /** F-beta. */
  f: number;
}

const VERSION = "1.0";

function referenceEdits(gold: GoldSentence, ref: number): readonly Edit[] {
  const annotations = gold.annotations;
  if (!annotations) {
    throw new InputError(
      "metric gotoscorer needs an M2 gold with annotations",
      undefined,
      gold.line,
    );
  }
  const ids = gold.allAnnotators ?? annotations.map((a) => a.annotator);
  if (ref >= Math.max(ids.length, 1)) {
    throw new InputError(
      `gotoscorer.ref=${ref} but this sentence has ${ids.length} reference(s)`,
      undefined,
      gold.line,
    );
  }
  return annotations.find((a) => a.annotator === ids[ref])?.edits ?? [];
}

const parsed = new Map<string, Record<string, number[]>>();

function weightsFor(gold: GoldSentence, options: GotoOptions): number[] | undefined {
  if (options.weights === "none") return undefined;
  if (options.weightdata === undefined) {
    throw new InputError(
      `gotoscorer.weights=${options.weights} needs the weights prepared for the run ` +
        `(gecscore score and report do this); this command scores without them`,
    );
  }
  let table = parsed.get(options.weightdata);
  if (!table) {
    if (parsed.size > 4) parsed.clear();
    table = JSON.parse(options.weightdata) as Record<string, number[]>;
    parsed.set(options.weightdata, table);
  }
  const weights = table[String(gold.line ?? "")];
  if (!weights) {
    throw new InputError("no GoToScorer weights for this sentence", undefined, gold.line);
  }
  return weights;
}

function counts(gold: GoldSentence, edits: readonly Edit[] | undefined, options: GotoOptions) {
  if (!edits) {
    throw new InputError(
      "metric gotoscorer compares the system's own edits: give the system as a hypothesis M2 " +
        "(for example from errant_parallel) with --hyp-m2",
    );
  }
  const ref = gotoChunks(gold.source, usableEdits(referenceEdits(gold, options.ref)));
  const hyp = gotoChunks(gold.source, usableEdits(edits));
  const weights = weightsFor(gold, options);
  if (weights && weights.length !== ref.length) {
    throw new InputError(
      `the GoToScorer weights have ${weights.length} chunk weight(s) for a reference of ` +
        `${ref.length} chunks (were they made for this gold and gotoscorer.ref=${options.ref}?)`,
      options.weights === "systems" ? undefined : options.weights,
      gold.line,
    );
  }
  return { ref, hyp, weights, types: countSentence(ref, hyp, weights) };
}

function scoreOf(c: GotoCounts, beta: number): GotoScore {
  const s = prf(c, { beta, convention: "gec-metrics" });
  return { p: s.precision, r: s.recall, f: s.f, ...c };
}

function corpusCounts(stats: readonly GotoStats[]): GotoCounts {
  const total = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const s of stats) {
    const c = sumTypes(s.types);
    total.tp += c.tp;
    total.fp += c.fp;
    total.fn += c.fn;
    total.tn += c.tn;
  }
  return total;
}

function score(stats: readonly GotoStats[], o: GotoOptions): GotoScore {
  const total = scoreOf(corpusCounts(stats), o.beta);
  if (o.aggregate !== "sentence-mean") return total;
  const each = stats.map((s) => scoreOf(sumTypes(s.types), o.beta));
  const mean = (k: "p" | "r" | "f") => each.length ? pythonMean(each.map((x) => x[k])) : 0;
  return { ...total, p: mean("p"), r: mean("r"), f: mean("f"), sentences: each.length };
}

/**
 * The GoToScorer metric plugin (id `gotoscorer`, headline `f`).
 *
 * @example Unweighted, on one reference
 * ```ts
 * import { gotoscorerMetric } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = {
 *   source: "He go home".split(" "),
 *   annotations: [{ annotator: "0", edits: [{ start: 1, end: 2, corrections: [["goes"]], type: "R:VERB:SVA" }] }],
 * };
 * const hyp = [{ start: 1, end: 2, corrections: [["goes"]], type: "R:VERB:SVA" }];
 * const o = gotoscorerMetric.defaults;
 * const s = gotoscorerMetric.corpus([gotoscorerMetric.stats(gold, [], o, hyp)], o);
 * assert.deepEqual([s.tp, s.fp, s.fn, s.f], [1, 0, 0, 1]);
 * ```
 */
export const gotoscorerMetric: Metric<GotoOptions, GotoStats, GotoScore> = {
  id: "gotoscorer",
  description: "GoToScorer (gec-metrics 0.1.1): F-beta of the system's M2 edits on one " +
    "reference, each chunk weighted by how hard the systems found it",
  version: VERSION,
  defaults: {
    ref: 0,
    weights: "none",
    compat: "position",
    exclude: "",
    beta: 0.5,
    aggregate: "corpus",
  },
  optionSpecs: {
    ref: {
      description: "the reference (annotator, in order) to score against",
      min: 0,
      integer: true,
    },
    weights: {
      description: "none (every chunk 1), systems (from the systems scored together) or the " +
        "path of a gec-metrics weight file",
    },
    compat: {
      description: "how systems-derived weights judge a chunk: position (same span and text, " +
        "the paper) or gecmetrics (same text anywhere, as gec-metrics' generator)",
      choices: ["position", "gecmetrics"],
    },
    exclude: { description: "systems left out of weights=systems, comma-separated (e.g. INPUT)" },
    beta: { description: "F-score beta: weight of recall against precision", min: 0, max: 1000 },
    aggregate: {
      description: "corpus (sum of the weighted counts) or sentence-mean (mean sentence F)",
      choices: ["corpus", "sentence-mean"],
    },
  },
  needs: ["annotations"],
  needsHypothesisEdits: true,
  headline: "f",
  columns: ["p", "r", "f", "tp", "fp", "fn", "tn"],
  paperColumns: (options) => ({
    f: `${options.aggregate === "sentence-mean" ? "Sent" : ""}GoToScorer F${options.beta}`,
  }),
  sentenceIsCorpusOfOne: true,
  prepare(options, context) {
    if (options.weights === "none") return options;
    let weights: number[][];
    let source: string;
    if (options.weights === "systems") {
      const left = new Set(options.exclude.split(",").map((x) => x.trim()).filter((x) => x));
      const used = context.systems.filter((s) =>
        !left.has(s.name) && !left.has(s.name.replace(/\.[^.]*$/, ""))
      );
      if (!used.length) {
        throw new InputError("gotoscorer.weights=systems: no system left to compute weights from");
      }
      for (const s of used) {
        if (!s.edits) {
          throw new InputError(
            `gotoscorer.weights=systems needs every system's edits: give ${s.name} with --hyp-m2`,
          );
        }
      }
      weights = corpusWeights(
        context.gold.map((g) => g.source),
        context.gold.map((g) => referenceEdits(g, options.ref)),
        used.map((s) => s.edits!),
        options.compat,
      ).map((w) => w.weights);
      source = `systems(${used.map((s) => s.name).join("+")})`;
    } else {
      const text = readWeightText(options.weights);
      weights = readWeightFile(text, options.weights);
      if (weights.length !== context.gold.length) {
        throw new InputError(
          `${weights.length} sentence(s) of weights for a gold of ${context.gold.length}`,
          options.weights,
        );
      }
      let h = 0;
      for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
      source = `file:${(h >>> 0).toString(16)}`;
    }
    const table: Record<string, number[]> = {};
    context.gold.forEach((g, i) => {
      table[String(g.line ?? "")] = weights[i];
    });
    return { ...options, weightdata: JSON.stringify(table), weightsource: source };
  },
  stats(gold, _hypothesis, options, hypothesisEdits) {
    return { types: counts(gold, hypothesisEdits, options).types };
  },
  corpus: score,
  sentence: (s, o) => score([s], o),
  byType(stats, options) {
    const byType = new Map<string, GotoCounts>();
    for (const s of stats) {
      for (const [type, tp, fp, fn, tn] of s.types) {
        const c = byType.get(type) ?? { tp: 0, fp: 0, fn: 0, tn: 0 };
        byType.set(type, { tp: c.tp + tp, fp: c.fp + fp, fn: c.fn + fn, tn: c.tn + tn });
      }
    }
    return {
      label: "reference chunk type",
      columns: ["tp", "fp", "fn", "tn", "p", "r", "f"],
      headline: "f",
      types: [...byType].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([type, c]) => ({
        type,
        score: scoreOf(c, options.beta),
      })),
      notes: [
        "Counts per type of the reference chunk (DUMMY:DUMMY: unchanged tokens and insertion " +
        "slots, where a system's unnecessary edits count as FP).",
      ],
    } satisfies TypeBreakdown;
  },
  explain(gold, _hypothesis, options, hypothesisEdits) {
    const { ref, hyp, weights, types } = counts(gold, hypothesisEdits, options);
    const s = scoreOf(sumTypes(types), options.beta);
    return {
      summary: `GoToScorer (reference ${options.ref}, weights ${options.weights}): P ${
        s.p.toFixed(4)
      } R ${s.r.toFixed(4)} F${options.beta} ${
        s.f.toFixed(4)
      } (TP ${s.tp} FP ${s.fp} FN ${s.fn} TN ${s.tn})`,
      blocks: [{
        title: "Reference chunks",
        table: [
          ["span", "source", "reference", "type", "weight", "hypothesis tried", "correct"],
          ...ref.map((r, i) => {
            const h = hyp.find((x) => x.start === r.start && x.end === r.end);
            const j = countSentence([r], hyp);
            return [
              `${r.start}-${r.end}`,
              gold.source.slice(r.start, r.end).join(" "),
              r.text,
              r.type,
              String(weights ? weights[i] : 1),
              h?.edited ? "yes" : "no",
              j[0][1] || j[0][4] ? "yes" : "no",
            ];
          }),
        ],
      }],
    };
  },
  signature(o) {
    const w = o.weights === "none" ? "none" : `${o.weightsource ?? o.weights}|compat:${o.compat}`;
    const agg = o.aggregate === "sentence-mean" ? "|agg:sentence-mean" : "";
    return `gotoscorer|ref:${o.ref}|weights:${w}|beta:${o.beta}${agg}|v:${VERSION}`;
  },
};

/**
 * A weight file's text, read whole but bounded: a device (`/dev/zero`) or a file past
 * {@linkcode MAX_WHOLE_FILE_BYTES} is an {@linkcode InputError} naming it, not a read without
 * end.
 */
function readWeightText(path: string): string {
  const fail = (why: string) => new InputError(why, path);
  let file: Deno.FsFile | undefined;
  try {
    const info = Deno.statSync(path);
    if (!info.isFile && !info.isFifo) {
      throw fail("the GoToScorer weight file is not a regular file");
    }
    file = Deno.openSync(path);
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const chunk = new Uint8Array(1 << 16);
      const n = file.readSync(chunk);
      if (n === null) break;
      size += n;
      if (size > MAX_WHOLE_FILE_BYTES) {
        throw fail(
          `the GoToScorer weight file holds more than ${MAX_WHOLE_FILE_BYTES} bytes, the most ` +
            "gecscore reads of such a file",
        );
      }
      chunks.push(chunk.subarray(0, n));
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return new TextDecoder().decode(bytes);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw fail(`cannot read the GoToScorer weight file: ${(error as Error).message}`);
  } finally {
    file?.close();
  }
}

/** Weights in gec-metrics' file format from systems' edits (for `weights=FILE`). */
export function gotoscorerWeightFile(
  gold: readonly GoldSentence[],
  systems: readonly (readonly (readonly Edit[])[])[],
  options: { ref: number; compat: string },
): string {
  return weightFileText(
    corpusWeights(
      gold.map((g) => g.source),
      gold.map((g) => referenceEdits(g, options.ref)),
      systems,
      options.compat,
    ),
  );
}

export { sentenceWeights as gotoSentenceWeights };
