import assert from "node:assert/strict";
import { readGold } from "../mod.ts";
import { readHypotheses } from "../formats/text.ts";
import { m2Metric, m2Replay, type M2Stats } from "../metrics/m2/mod.ts";
import type { M2Options } from "../metrics/m2/annotators.ts";
import { m2Annotators } from "../metrics/m2/annotators.ts";
import { m2SentenceEdits } from "../metrics/m2/sentence_edits.ts";
import { creditedGold, m2TypeBreakdown } from "../metrics/m2/types.ts";
import { m2Annotations } from "../metrics/m2/annotators.ts";
import type { GoldSentence, SentenceEdits, Tokens } from "../plugins/types.ts";
import { CONLL2014_SYSTEMS, shared, sharedTest } from "./shared.ts";

/**
 * The sentence view computed plainly: every system's edits for every sentence from
 * `m2Annotators`, and the gold edits the m2scorer's matching credited, replayed over the
 * correct edits.
 */
function plainSentenceEdits(
  gold: readonly GoldSentence[],
  systems: readonly (readonly Tokens[])[],
  stats: readonly (readonly M2Stats[])[],
  options: M2Options,
): SentenceEdits {
  const chosen = stats.map((s) => m2Replay(s, options.beta).chosen);
  const goldEdits: SentenceEdits["gold"] = [];
  const compared: SentenceEdits["compared"] = [];
  gold.forEach((sentence, i) => {
    let annotators: SentenceEdits["gold"][number] | undefined;
    compared.push(systems.map((hyp, k) => {
      const results = m2Annotators(sentence, hyp[i], options);
      annotators ??= results.map((r) => {
        const edits = sentence.annotations?.find((x) => x.annotator === r.annotator)?.edits;
        return r.gold.map((g, e) => ({
          start: g.start,
          end: g.end,
          type: edits?.[e]?.type ?? "",
          correction: g.corrections[0] ?? "",
        }));
      });
      const index = Math.max(chosen[k][i], 0);
      const result = results[index];
      const matched: number[] = [];
      let last = 0;
      for (const e of result?.correct ?? []) {
        for (let g = last; g < result.gold.length; g++) {
          const ge = result.gold[g];
          if (
            ge.start === e.start && ge.end === e.end && ge.original === e.original &&
            ge.corrections.includes(e.correction)
          ) {
            matched.push(g);
            last = g + 1;
            break;
          }
        }
      }
      return { annotator: index, matched };
    }));
    goldEdits.push(annotators ?? []);
  });
  return { source: "m2", gold: goldEdits, compared };
}

/** M2's breakdown by type computed plainly: the chosen annotator's edits from `m2Annotators`. */
function plainByType(
  gold: readonly GoldSentence[],
  hypotheses: readonly Tokens[],
  stats: readonly M2Stats[],
  options: M2Options,
) {
  const { chosen } = m2Replay(stats, options.beta);
  return m2TypeBreakdown(stats.map((s, i) => {
    const k = chosen[i];
    if (k < 0 || s.counts[k][2] === 0) return { types: [], credit: [] };
    const result = m2Annotators(gold[i], hypotheses[i], options)[k];
    const own = m2Annotations(gold[i]).find((a) => a.annotator === result.annotator)?.edits;
    return {
      types: result.gold.map((_, j) => own?.[j]?.type),
      credit: creditedGold(result.edits, result.gold),
    };
  }));
}

Deno.test("m2SentenceEdits() and M2's byType equal the plain computation on small cases", () => {
  const gold: GoldSentence[] = [
    {
      source: ["a", "cat", "sit", "on", "mat"],
      annotations: [
        {
          annotator: "0",
          edits: [
            { start: 0, end: 1, corrections: [["A"]], type: "Mec" },
            { start: 2, end: 3, corrections: [["sits"]], type: "SVA" },
            { start: 4, end: 4, corrections: [["the"]], type: "ArtOrDet" },
          ],
        },
        { annotator: "1", edits: [{ start: 2, end: 3, corrections: [["sat"]], type: "Vt" }] },
      ],
    },
    { source: ["ok", "."], annotations: [{ annotator: "0", edits: [] }] },
    { source: ["no", "annotator"] },
  ];
  const systems: Tokens[][] = [
    [["A", "cat", "sits", "on", "the", "mat"], ["ok", "."], ["no", "annotator"]],
    [["a", "cat", "sat", "on", "mat"], ["Ok", "."], ["no", "annotator"]],
    [["a", "cat", "sit", "on", "mat"], ["ok", "."], ["no", "annotators"]],
    [["A", "dog", "sits", "in", "mat"], ["ok", "!"], []],
  ];
  for (const ignore of [false, true]) {
    const options = { ...m2Metric.defaults, ignore_whitespace_casing: ignore };
    const stats = systems.map((hyps) => gold.map((g, i) => m2Metric.stats(g, hyps[i], options)));
    assert.deepEqual(
      m2SentenceEdits(gold, systems, stats, options),
      plainSentenceEdits(gold, systems, stats, options),
      `ignore_whitespace_casing ${ignore}`,
    );
    stats.forEach((s, k) =>
      assert.deepEqual(
        m2Metric.byType!(s, options, gold, systems[k]),
        plainByType(gold, systems[k], s, options),
      )
    );
  }
});

sharedTest(
  "m2SentenceEdits() and M2's byType equal the plain computation on CoNLL-2014",
  async () => {
    const gold = await readGold(shared("data/conll2014/gold/official-2014.combined.m2"));
    const systems = await Promise.all(
      CONLL2014_SYSTEMS.map(async (name) =>
        (await readHypotheses(shared(`data/conll2014/systems/${name}`), gold.sentences.length))
          .sentences
      ),
    );
    const options = m2Metric.defaults;
    const stats = systems.map((hyps) =>
      gold.sentences.map((g, i) => m2Metric.stats(g, hyps[i], options))
    );
    const plain = plainSentenceEdits(gold.sentences, systems, stats, options);
    assert.deepEqual(m2SentenceEdits(gold.sentences, systems, stats, options), plain);
    stats.forEach((s, k) =>
      assert.deepEqual(
        m2Metric.byType!(s, options, gold.sentences, systems[k]),
        plainByType(gold.sentences, systems[k], s, options),
        CONLL2014_SYSTEMS[k],
      )
    );
    // Statistics without what stats() kept (copies, as from a worker): computed from the text.
    const copies = stats.map((s) => s.map((x) => structuredClone(x)));
    assert.deepEqual(m2SentenceEdits(gold.sentences, systems, copies, options), plain);
  },
);
