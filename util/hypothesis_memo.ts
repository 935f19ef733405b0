/**
 * A memo of per-sentence results by gold sentence and hypothesis: systems of one run often
 * give the same hypothesis for a sentence (most leave many sentences as they are), and a
 * metric whose statistics depend only on the gold sentence, the hypothesis and its options
 * can compute them once. Entries live as long as their gold sentence (a `WeakMap`), so a
 * streamed corpus does not accumulate them.
 *
 * @module
 */

/** One memo: `get` returns the stored value for an equal hypothesis, or computes and keeps it. */
export class HypothesisMemo<V> {
  #byGold = new WeakMap<object, Map<string, { tokens: readonly string[]; value: V }[]>>();

  /**
   * The value for `(gold, key, hypothesis)`, computed by `compute` on the first call.
   *
   * @example Usage
   * ```ts
   * import { HypothesisMemo } from "./hypothesis_memo.ts";
   * import assert from "node:assert/strict";
   *
   * const memo = new HypothesisMemo<number>();
   * const gold = {};
   * let calls = 0;
   * const f = () => ++calls;
   * assert.equal(memo.get(gold, "o", ["a", "b"], f), 1);
   * assert.equal(memo.get(gold, "o", ["a", "b"], f), 1);
   * assert.equal(memo.get(gold, "o", ["a b"], f), 2);
   * assert.equal(memo.get(gold, "other", ["a", "b"], f), 3);
   * ```
   *
   * @param gold The gold sentence (any object; compared by identity).
   * @param key What else the value depends on (the options that matter), as a string.
   * @param hypothesis The hypothesis tokens (compared token by token).
   * @param compute Computes the value.
   * @returns The value.
   */
  get(gold: object, key: string, hypothesis: readonly string[], compute: () => V): V {
    let byText = this.#byGold.get(gold);
    if (!byText) this.#byGold.set(gold, byText = new Map());
    // Spaces inside tokens could make two hypotheses join alike: the tokens are compared too.
    const text = `${key}\u0000${hypothesis.join(" ")}`;
    let entries = byText.get(text);
    if (entries) {
      for (const entry of entries) {
        if (sameTokens(entry.tokens, hypothesis)) return entry.value;
      }
    } else byText.set(text, entries = []);
    const value = compute();
    entries.push({ tokens: hypothesis.slice(), value });
    return value;
  }
}

function sameTokens(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
