/**
 * A plugin for the tests whose metrics fail in each way a metric can: `throws` throws on the
 * second sentence, `nan` gives a NaN headline, `undef` gives no sentence score, `nohead` has
 * no headline field, `promise` is asynchronous, `refuses` rejects its input as a reader would
 * (an `InputError`, which is reported as it is).
 */

import { InputError } from "../../../plugins/errors.ts";

const base = {
  description: "Fails on purpose",
  version: "1.0",
  defaults: {},
  needs: [],
  headline: "score",
  stats: (_gold: unknown, hyp: string[]) => ({ n: hyp.length }),
  corpus: () => ({ score: 1 }),
  sentence: () => ({ score: 1 }),
  explain: () => ({ summary: "", blocks: [] }),
};

let calls = 0;

export default {
  name: "faulty",
  version: "1.0",
  metrics: [
    {
      ...base,
      id: "throws",
      stats: () => {
        if (++calls === 2) throw new Error("boom");
        return { n: 1 };
      },
      signature: () => "throws",
    },
    { ...base, id: "nan", corpus: () => ({ score: NaN }), signature: () => "nan" },
    { ...base, id: "undef", sentence: () => undefined, signature: () => "undef" },
    { ...base, id: "nohead", corpus: () => ({ other: 1 }), signature: () => "nohead" },
    { ...base, id: "promise", stats: () => Promise.resolve({ n: 1 }), signature: () => "promise" },
    {
      ...base,
      id: "refuses",
      stats: (gold: { line?: number }) => {
        throw new InputError("the sentence is too long for refuses", "gold.m2", gold.line);
      },
      signature: () => "refuses",
    },
  ],
};
