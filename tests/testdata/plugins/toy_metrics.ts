/**
 * A toy third-party plugin for the REPL tests: two small metrics and a gold format, loaded by
 * path (`load plugin tests/testdata/plugins/toy_metrics.ts`). Not meant to measure anything.
 *
 * - `toy_len` (needs nothing): hypothesis tokens per source token, times `scale`.
 * - `toy_edits` (needs annotations): how close the number of positions the hypothesis
 *   changes is to the number of gold edits of one annotator: 1 / (1 + |changes - edits|).
 * - format `toyref` (`.toyref`): one sentence per line, `source ||| reference ||| ...`.
 */

import type { Format, Metric, Plugin } from "../../../mod.ts";
import type { GoldSentence } from "../../../plugins/mod.ts";
import { tokenize } from "../../../formats/mod.ts";

type LenOptions = { scale: number };
type LenStats = { hyp: number; src: number };

const toyLen: Metric<LenOptions, LenStats> = {
  id: "toy_len",
  description: "Hypothesis tokens per source token (toy)",
  version: "1.0",
  defaults: { scale: 1 },
  optionSpecs: { scale: { description: "Multiply the ratio by this", min: 0 } },
  needs: [],
  headline: "ratio",
  sentenceIsCorpusOfOne: true,
  stats: (gold, hyp) => ({ hyp: hyp.length, src: gold.source.length }),
  corpus(stats, options) {
    const hyp = stats.reduce((n, s) => n + s.hyp, 0);
    const src = stats.reduce((n, s) => n + s.src, 0);
    return { hyp, src, ratio: src ? options.scale * hyp / src : 0 };
  },
  sentence(stats, options) {
    return this.corpus([stats], options);
  },
  explain(gold, hyp, options) {
    return {
      summary: `${hyp.length} hypothesis tokens for ${gold.source.length} source tokens`,
      blocks: [{
        title: "Lengths",
        table: [["side", "tokens"], ["source", String(gold.source.length)], [
          "hypothesis",
          String(hyp.length),
        ]],
        lines: [`scale ${options.scale}`],
      }],
    };
  },
  signature: (options) => `toy_len|scale:${options.scale}|v:1.0`,
};

type EditOptions = { annotator: string; strict: boolean };
type EditStats = { changes: number; edits: number };

function changes(gold: GoldSentence, hyp: string[]): number {
  let n = 0;
  for (let i = 0; i < Math.max(gold.source.length, hyp.length); i++) {
    if (gold.source[i] !== hyp[i]) n++;
  }
  return n;
}

const toyEdits: Metric<EditOptions, EditStats> = {
  id: "toy_edits",
  description: "Closeness of the number of changed positions to the number of gold edits (toy)",
  version: "1.0",
  defaults: { annotator: "0", strict: false },
  optionSpecs: {
    annotator: { description: "Whose edits to count" },
    strict: { description: "Count 0 when the numbers differ" },
  },
  needs: ["annotations"],
  headline: "closeness",
  stats(gold, hyp, options) {
    const annotation = gold.annotations?.find((a) => a.annotator === options.annotator);
    return { changes: changes(gold, hyp), edits: annotation?.edits.length ?? 0 };
  },
  corpus(stats, options) {
    const c = stats.reduce((n, s) => n + s.changes, 0);
    const e = stats.reduce((n, s) => n + s.edits, 0);
    const closeness = options.strict ? (c === e ? 1 : 0) : 1 / (1 + Math.abs(c - e));
    return { changes: c, edits: e, closeness };
  },
  sentence(stats, options) {
    return this.corpus([stats], options);
  },
  explain(gold, hyp, options) {
    const s = this.stats(gold, hyp, options);
    return {
      summary: `${s.changes} changed positions, ${s.edits} gold edits of annotator ${options.annotator}`,
      blocks: [{
        title: "Positions",
        table: [
          ["i", "source", "hypothesis"],
          ...gold.source.map((t, i) => [String(i), t, hyp[i] ?? ""]).filter(([, a, b]) => a !== b),
        ],
      }],
    };
  },
  signature: (o) => `toy_edits|ann:${o.annotator}|strict:${o.strict}|v:1.0`,
};

const toyRef: Format = {
  id: "toyref",
  description: "Toy references: source ||| reference ||| ... per line",
  extensions: [".toyref"],
  async parse(chunks, file) {
    let text = "";
    for await (const chunk of chunks) text += chunk;
    const sentences = text.split("\n").filter((l) => l.trim()).map((line, i) => {
      const [source, ...refs] = line.split("|||").map((part) => tokenize(part));
      return { source, references: refs, line: i + 1 };
    });
    return { path: file, format: "toyref", sentences };
  },
};

const plugin: Plugin = {
  name: "toy-metrics",
  version: "0.1.0",
  metrics: [toyLen, toyEdits],
  formats: [toyRef],
};

export default plugin;
