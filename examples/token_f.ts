/**
 * A metric plugin in twenty lines, written as an outsider would write one: it imports only
 * public entry points (from outside, the package's URL) and is loaded with
 * `gecscore score --plugin examples/token_f.ts -m token_f --gold GOLD SYSTEM`.
 *
 * `token_f`: the hypothesis' tokens against the closest reference (each reference token
 * matched once), counted over the corpus as true positives, false positives and false
 * negatives, and scored as precision, recall and F-beta (`--opt token_f.beta=0.5`).
 * `defineSimpleMetric` derives the rest: sentence and corpus scores, the signature
 * (`token_f|beta:1|v:1.0`), columns, explanations, `--ci`, `--paired` and `--ranks`.
 *
 * @module
 */

import { definePlugin, defineSimpleMetric, type Tokens } from "../plugins/mod.ts";
import { referenceRewrites } from "../formats/mod.ts";
import { prf } from "../edits/mod.ts";

/** Tokens of `hypothesis` matched in `reference` (each reference token once), and the rest. */
function counts(hypothesis: Tokens, reference: Tokens) {
  const left = [...reference];
  const tp = hypothesis.filter((t) => left.includes(t) && left.splice(left.indexOf(t), 1)).length;
  return { tp, fp: hypothesis.length - tp, fn: reference.length - tp };
}

/** The metric: counts against the closest reference (fewest tokens apart), F-beta of their sums. */
export const metric = defineSimpleMetric({
  id: "token_f",
  description: "Tokens matched in the closest reference: precision, recall and F-beta",
  defaults: { beta: 1 },
  needs: ["references"],
  headline: "f",
  measure: (gold, hypothesis) =>
    referenceRewrites(gold).map((reference) => counts(hypothesis, reference))
      .sort((a, b) => a.fp + a.fn - b.fp - b.fn)[0],
  aggregate: { counts: ["tp", "fp", "fn"], score: (c, o) => ({ ...prf(c, { beta: o.beta }) }) },
});

/** The plugin: its default export is what `--plugin` loads. */
export default definePlugin({ name: metric.id, version: "0.1.0", metrics: [metric] });
