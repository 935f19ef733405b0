/**
 * GLEU explanations for `show`: per reference the hypothesis n-grams credited and penalised
 * (2016), or against the merged references (2015).
 *
 * @module
 */

import type { Explanation, ExplanationBlock, GoldSentence, Tokens } from "../../plugins/types.ts";
import { gleuFromTotals, score2015, summarize, terms2015 } from "./corpus.ts";
import {
  available,
  type Counts,
  type Gleu2015Stats,
  type Gleu2016Stats,
  mergedReferences,
  ngramText,
  ORDER,
  type Prepared,
} from "./stats.ts";

export function sentenceValues2016(s: Gleu2016Stats): number[] {
  const denominators = Array.from({ length: ORDER }, (_, n) => available(s.length, n));
  return s.references.map((ref) =>
    gleuFromTotals(
      s.length,
      ref.length,
      ref.matches.map((m, n) => Math.max(m - ref.penalties[n], 0)),
      denominators,
      true,
    )
  );
}

export function explain2016(
  gold: GoldSentence,
  hypothesis: Tokens,
  hyp: Counts[],
  entry: Prepared,
  s: Gleu2016Stats,
): Explanation {
  const values = sentenceValues2016(s);
  const score = summarize(values);
  const blocks: ExplanationBlock[] = [];
  entry.references.forEach((ref, k) => {
    const rows = [["n", "n-gram", "hyp", "ref", "src", "credited", "penalised"]];
    for (let n = 0; n < ORDER; n++) {
      for (const [key, count] of hyp[n]) {
        const inRef = ref.counts[n].get(key);
        const inSource = entry.source[n].get(key);
        if (inRef !== undefined) {
          rows.push([
            String(n + 1),
            ngramText(key, n, entry.vocab),
            String(count),
            String(inRef),
            String(inSource ?? 0),
            String(Math.min(count, inRef)),
            "0",
          ]);
        } else if (inSource !== undefined) {
          rows.push([
            String(n + 1),
            ngramText(key, n, entry.vocab),
            String(count),
            "0",
            String(inSource),
            "0",
            String(Math.min(count, inSource)),
          ]);
        }
      }
    }
    const stats = s.references[k];
    const counts = [["n", "matches", "penalties", "numerator", "denominator"]];
    for (let n = 0; n < ORDER; n++) {
      counts.push([
        String(n + 1),
        String(stats.matches[n]),
        String(stats.penalties[n]),
        String(Math.max(stats.matches[n] - stats.penalties[n], 0)),
        String(available(s.length, n)),
      ]);
    }
    blocks.push({
      title: `Reference ${k + 1} (sentence GLEU ${values[k].toFixed(4)}, smoothed): ${
        ref.tokens.join(" ")
      }`,
      table: rows,
      lines: [
        "credited: in the reference; penalised: in the source but not in the reference",
        `lengths: hypothesis ${s.length}, reference ${stats.length}`,
      ],
    });
    blocks.push({ title: `Reference ${k + 1}: counts per order`, table: counts });
  });
  return {
    summary: `GLEU ${score.gleu.toFixed(4)} (smoothed, mean over ${values.length} ${
      values.length === 1 ? "reference" : "references"
    }; std ${
      score.std.toFixed(4)
    }) for ${hypothesis.length} hypothesis tokens, source ${gold.source.length}`,
    blocks,
  };
}

export function explain2015(
  hypothesis: Tokens,
  hyp: Counts[],
  entry: Prepared,
  s: Gleu2015Stats,
  lambda: number,
): Explanation {
  const merged = mergedReferences(entry);
  const rows = [["n", "n-gram", "hyp", "refs", "src", "credited", "new", "penalised"]];
  for (let n = 0; n < ORDER; n++) {
    for (const [key, count] of hyp[n]) {
      const inRef = merged[n].get(key);
      const inSource = entry.source[n].get(key);
      if (inRef === undefined && inSource === undefined) continue;
      const credited = inRef === undefined ? 0 : Math.min(count, inRef);
      rows.push([
        String(n + 1),
        ngramText(key, n, entry.vocab),
        String(count),
        String(inRef ?? 0),
        String(inSource ?? 0),
        String(credited),
        String(inSource === undefined ? credited : 0),
        String(inRef === undefined ? Math.min(count, inSource ?? 0) : 0),
      ]);
    }
  }
  const counts = [["n", "matches", "new", "penalties", "numerator", "denominator"]];
  for (let n = 0; n < ORDER; n++) {
    const [num, den] = terms2015(s, n, lambda);
    counts.push([
      String(n + 1),
      String(s.matches[n]),
      String(s.newMatches[n]),
      String(s.penalties[n]),
      String(num),
      String(den),
    ]);
  }
  const value = score2015([s], lambda);
  return {
    summary: `GLEU 2015 ${value.toFixed(4)} (lambda ${lambda}, ${entry.references.length} ${
      entry.references.length === 1 ? "reference" : "references"
    } merged) for ${hypothesis.length} hypothesis tokens`,
    blocks: [
      {
        title: "Hypothesis n-grams against the merged references",
        table: rows,
        lines: [
          "credited: in a reference (new: and not in the source); penalised: in the source " +
          "but in no reference",
          ...entry.references.map((r, k) => `reference ${k + 1}: ${r.tokens.join(" ")}`),
          `lengths: hypothesis ${s.length}, closest reference ${s.referenceLength}`,
        ],
      },
      { title: "Counts per order", table: counts },
    ],
  };
}
